"""The title screen: the way into every other screen."""
from __future__ import annotations

import pygame

from ...controller.saves import SaveError
from ...engine.catalogue import PLAYER_COUNTS
from .. import theme
from ..fonts import draw_text, fonts
from ..widgets import Button
from .menu import MenuScene


class TitleScene(MenuScene):
    title = "Main menu"
    panel_width = 380

    def make_buttons(self) -> list[Button]:
        from .load import LoadScene
        from .new_game import NewGameScene
        from .options import OptionsScene
        from .rules import RulesScene
        from .sandbox import SandboxScene
        from .stats import StatsScene
        from .tutorial import learn_to_play
        push = self.app.stack.push
        return [
            Button("New game", lambda: push(NewGameScene(self.app)), style="primary"),
            Button("Learn to play", lambda: learn_to_play(self.app),
                   tooltip="A guided first game against a gentle bot, in short chapters"),
            Button("Continue", self._continue, enabled=self.app.session.can_continue(),
                   tooltip="Resume the game you left"),
            Button("Load", lambda: push(LoadScene(self.app))),
            Button("Sandbox", lambda: push(SandboxScene(self.app)),
                   tooltip="Build any base from the whole catalogue, then play from it"),
            Button("Stats", lambda: push(StatsScene(self.app)),
                   tooltip="Your games against the bots, ratings and medals"),
            Button("Options", lambda: push(OptionsScene(self.app))),
            Button("Rules", lambda: push(RulesScene(self.app))),
            Button("Quit", self.app.quit, style="quiet"),
        ]

    def _continue(self) -> None:
        from .game import GameScene
        try:
            match = self.app.session.resume()
        except SaveError as exc:
            self.text = f"The game cannot be resumed. {exc}"
            self.refresh()
            return
        self.app.stack.push(GameScene(self.app, match))

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
        name, _ = self._heading(surface.get_size())
        draw_text(surface, "HUMANITY", theme.text_px(76, sc), theme.ACCENT, name.topleft, bold=True)
        players = f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players"
        draw_text(surface, f"A research base on Titan  ·  {players}", self._line_px(), theme.TEXT_DIM,
                  (name.centerx, name.bottom + int(6 * sc)), "midtop")
