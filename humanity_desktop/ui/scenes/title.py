"""The title screen: the way into every other screen."""
from __future__ import annotations

from typing import Callable

import pygame

from ...language import N_, _
from ...storage.save_files import SaveError
from ...engine.catalogue import PLAYER_COUNTS
from .. import theme
from ..fonts import draw_text, fonts
from ..widgets import Button
from .menu import MenuScene
from . import routes


@routes.screen(routes.TITLE)
class TitleScene(MenuScene):
    title = N_("Main menu")
    panel_width = 380

    def make_buttons(self) -> list[Button]:
        def push(name: str) -> Callable[[], None]:
            return lambda: self.app.stack.push(routes.make(name, self.app))

        return [
            Button(_("New game"), push(routes.NEW_GAME), style="primary"),
            Button(_("Learn to play"), lambda: routes.make(routes.LEARN, self.app),
                   tooltip=_("A guided first game against a gentle bot, in short chapters")),
            Button(_("Continue"), self._continue, enabled=self.app.session.can_continue(),
                   tooltip=_("Resume the game you left")),
            Button(_("Load"), push(routes.LOAD)),
            Button(_("Sandbox"), push(routes.SANDBOX),
                   tooltip=_("Build any base from the whole catalogue, then play from it")),
            Button(_("Stats"), push(routes.STATS),
                   tooltip=_("Your games against the bots, ratings and medals")),
            Button(_("Options"), push(routes.OPTIONS)),
            Button(_("Rules"), push(routes.RULES)),
            Button(_("Quit"), self.app.quit, style="quiet"),
        ]

    def _continue(self) -> None:
        try:
            match = self.app.session.resume()
        except SaveError as exc:
            self.text = _("The game cannot be resumed. {reason}").format(reason=exc)
            self.refresh()
            return
        self.app.stack.push(routes.make(routes.GAME, self.app, match))

    def back(self) -> None:
        """Esc on the title screen does nothing: Quit is a button."""

    def place_panel(self, size) -> None:
        """Under the heading, at the left, and on the screen however large the text."""
        x = int(size[0] * 0.24)
        self.panel.midtop = (max(x, self.panel.w // 2 + int(16 * self.app.scale)), self._heading(size)[1])
        self.panel.bottom = min(self.panel.bottom, size[1] - int(16 * self.app.scale))

    def _heading(self, size) -> tuple[pygame.Rect, int]:
        """Where the game's name goes, and the top of the panel under its line."""
        sc = self.app.scale
        x = int(size[0] * 0.24)
        name = fonts().surface("HUMANITY", theme.text_px(76, sc), theme.ACCENT, bold=True).get_rect()
        name.midtop = (max(x, name.w // 2 + int(16 * sc)), int(size[1] * 0.05))
        return name, name.bottom + fonts().height(self._line_px()) + int(28 * sc)

    def _line_px(self) -> int:
        return theme.text_px(18, self.app.scale)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        sc = self.app.scale
        name, _top = self._heading(surface.get_size())
        draw_text(surface, "HUMANITY", theme.text_px(76, sc), theme.ACCENT, name.topleft, bold=True)
        players = _("{least} to {most} players").format(least=PLAYER_COUNTS[0], most=PLAYER_COUNTS[-1])
        margin = int(16 * sc)
        line = fonts().fit(_("A research base on Titan  ·  {players}").format(players=players), self._line_px(),
                           surface.get_width() - 2 * margin)
        half = fonts().width(line, self._line_px()) // 2
        x = min(max(name.centerx, margin + half), surface.get_width() - margin - half)  # under the name, on the screen
        draw_text(surface, line, self._line_px(), theme.TEXT_DIM, (x, name.bottom + int(6 * sc)), "midtop")
