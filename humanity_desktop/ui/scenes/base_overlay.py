"""Another player's base, shown large over the table: opened from their card, closed by a
click anywhere or Esc."""
from __future__ import annotations

import pygame

from ...language import N_, _

from ...engine import State
from .. import theme
from ..fonts import draw_text
from ..input import Back, Click
from ..scene import Scene
from ..views.base_view import BaseFrame, BaseView
from ..widgets import draw_panel
from . import routes

VEIL = (8, 8, 12, 170)
CLOSE_HINT = N_("Click anywhere or press Esc to close")


@routes.screen(routes.BASE)
class BaseOverlayScene(Scene):
    overlay = True

    def __init__(self, app, state: State, seat: int, chars: tuple, names: tuple) -> None:
        super().__init__(app)
        self.frame = BaseFrame(state, seat, chars, names, symbols=app.settings.colour_symbols)
        self.view = BaseView()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        w, h = size
        side = int(min(w * 0.7, h * 0.86))
        self.panel = pygame.Rect(0, 0, side, side)
        self.panel.center = (w // 2, h // 2)
        sc = self.app.scale
        self.view.layout(self.panel.inflate(-int(16 * sc), -int(16 * sc)), sc)

    def handle(self, intent) -> bool:
        if isinstance(intent, (Click, Back)):
            self.app.stack.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        draw_panel(surface, self.panel, self.app.scale)
        self.view.draw(surface, self.frame)
        sc = self.app.scale
        draw_text(surface, _(CLOSE_HINT), int(13 * sc), theme.TEXT_FAINT,
                  (self.panel.right - int(16 * sc), self.panel.bottom - int(12 * sc)), "bottomright")


def draw_veil(surface: pygame.Surface, clear: pygame.Rect | None = None) -> None:
    """Darken what lies beneath an overlay, but the `clear` area, left in sight."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(VEIL)
    if clear is not None:
        veil.fill((0, 0, 0, 0), clear)
    surface.blit(veil, (0, 0))
