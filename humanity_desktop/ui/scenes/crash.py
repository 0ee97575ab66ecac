"""The crash screen: an unexpected error, said plainly, with where its report is."""
from __future__ import annotations

from pathlib import Path

from ..widgets import Button
from .menu import MenuScene
from . import routes


@routes.screen(routes.CRASH)
class CrashScene(MenuScene):
    title = "Something went wrong"
    panel_width = 620

    def __init__(self, app, report: Path) -> None:
        super().__init__(app)
        self.report = report
        safe = ("Your game is safe: choose Continue on the title screen to carry on from your last move. "
                if app.session.can_continue() else "")
        self.text = (
            f"The game met an unexpected error and had to stop. {safe}"
            f"A report of the error was written to {report} - please attach it if you tell us about it."
        )

    def make_buttons(self) -> list[Button]:
        return [
            Button("Title screen", self._title, style="primary", tooltip="Back to the main menu"),
            Button("Quit", self.app.quit, style="quiet"),
        ]

    def _title(self) -> None:
        self.app.stack.reset(routes.make(routes.TITLE, self.app))

    def back(self) -> None:
        """Esc does nothing here: there is no screen behind this one."""
