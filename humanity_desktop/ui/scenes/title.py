"""The title screen: the way into every other screen."""
from __future__ import annotations

from typing import Callable

import pygame

from ...controller.saves import SaveError
from ...engine.catalogue import PLAYER_COUNTS
from .. import theme
from ..fonts import draw_text
from ..widgets import Button
from .menu import MenuScene
from . import routes


@routes.screen(routes.TITLE)
class TitleScene(MenuScene):
    title = "Main menu"
    panel_width = 380

    def make_buttons(self) -> list[Button]:
        def push(name: str) -> Callable[[], None]:
            return lambda: self.app.stack.push(routes.make(name, self.app))

        return [
            Button("New game", push(routes.NEW_GAME), style="primary"),
            Button("Learn to play", lambda: routes.make(routes.LEARN, self.app),
                   tooltip="A guided first game against a gentle bot, in short chapters"),
            Button("Continue", self._continue, enabled=self.app.session.can_continue(),
                   tooltip="Resume the game you left"),
            Button("Load", push(routes.LOAD)),
            Button("Sandbox", push(routes.SANDBOX),
                   tooltip="Build any base from the whole catalogue, then play from it"),
            Button("Stats", push(routes.STATS),
                   tooltip="Your games against the bots, ratings and medals"),
            Button("Options", push(routes.OPTIONS)),
            Button("Rules", push(routes.RULES)),
            Button("Quit", self.app.quit, style="quiet"),
        ]

    def _continue(self) -> None:
        try:
            match = self.app.session.resume()
        except SaveError as exc:
            self.text = f"The game cannot be resumed. {exc}"
            self.refresh()
            return
        self.app.stack.push(routes.make(routes.GAME, self.app, match))

    def back(self) -> None:
        """Esc on the title screen does nothing: Quit is a button."""

    def panel_centre(self, size) -> tuple[int, int]:
        return (int(size[0] * 0.24), int(size[1] * 0.56))

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        sc = self.app.scale
        w, h = surface.get_size()
        x = int(w * 0.24)
        draw_text(surface, "HUMANITY", int(76 * sc), theme.ACCENT, (x, int(h * 0.13)), "center", bold=True)
        players = f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players"
        draw_text(surface, f"A research base on Titan  ·  {players}", int(18 * sc), theme.TEXT_DIM,
                  (x, int(h * 0.13) + int(56 * sc)), "center")
