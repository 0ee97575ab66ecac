"""The crash screen: an unexpected error, said plainly, with where its report is."""
from __future__ import annotations

from pathlib import Path

from ...language import N_, _
from ..fonts import shorten_words
from ..widgets import Button
from .menu import MenuScene
from . import routes


@routes.screen(routes.CRASH)
class CrashScene(MenuScene):
    title = N_("Something went wrong")
    panel_width = 620

    def __init__(self, app, report: Path | None, unwritten: str = "") -> None:
        """`report`: where the error's report was written; None if it could not be, `unwritten` saying why."""
        super().__init__(app)
        self.report = report
        said = [_("The game met an unexpected error and had to stop.")]
        if app.session.can_continue():
            said.append(_("Your game is safe: choose Continue on the title screen to carry on from your last move."))
        said.append(_("A report of the error was written to {file} - please attach it if you tell us about it.")
                    .format(file=report) if report is not None else
                    _("No report of the error could be written in the log folder ({reason}).").format(reason=unwritten))
        self.text = shorten_words(" ".join(said))

    def make_buttons(self) -> list[Button]:
        return [
            Button(_("Title screen"), self._title, style="primary", tooltip=_("Back to the main menu")),
            Button(_("Quit"), self.app.quit, style="quiet"),
        ]

    def _title(self) -> None:
        self.app.stack.reset(routes.make(routes.TITLE, self.app))

    def back(self) -> None:
        """Esc does nothing here: there is no screen behind this one."""
