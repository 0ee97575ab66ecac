"""Esc during a game: the game waits under this menu."""
from __future__ import annotations

import pygame

from ...language import N_, _
from ...storage.files import plain_reason
from ...controller.saves import write_save
from ...storage.save_files import new_save_path
from ..widgets import Button
from .menu import MenuScene
from . import routes


@routes.screen(routes.PAUSE)
class PauseScene(MenuScene):
    overlay = True
    title = N_("Paused")
    panel_width = 360

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game

    def make_buttons(self) -> list[Button]:
        return [
            Button(_("Resume"), self.back, style="primary"),
            Button(_("Save game"), self._save),
            Button(_("Options"), lambda: self.app.stack.push(routes.make(routes.OPTIONS, self.app))),
            Button(_("Rules"), lambda: self.app.stack.push(routes.make(routes.RULES, self.app))),
            Button(_("Quit to title"), self._quit, style="quiet",
                   tooltip=_("The game is saved; Continue resumes it")),
        ]

    def _save(self) -> None:
        path = new_save_path(self.app.data_dir)
        try:
            write_save(self.game.match, path)
            self.text = _("Saved as {file}.").format(file=path.name)
        except OSError as exc:
            self.text = _("The game could not be saved: {reason}.").format(reason=plain_reason(exc))
        self.refresh()

    def _quit(self) -> None:
        self.app.stack.remove(self.game)

    def draw_background(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 6, 10, 170))
        surface.blit(veil, (0, 0))
