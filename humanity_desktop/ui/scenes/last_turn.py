"""A seat's last turn shown on the table, from a line of the recap: its base large with the
turn marked, the turn's lines from the log, and the main board left uncovered beside it,
where the hangar it emptied and the astronaut it sent out are marked. A click anywhere or
Esc closes it."""
from __future__ import annotations

import pygame

from ...language import _

from ...table.played_turn import PlayedTurn
from ...engine import State
from .. import icons, theme
from ..fonts import draw_text, fonts
from ..views.last_moves import draw_base_marks
from ..views.log_view import text_px
from ..widgets import draw_panel
from . import routes
from .base_overlay import CLOSE_HINT, BaseOverlayScene, draw_veil


@routes.screen(routes.LAST_TURN)
class LastTurnScene(BaseOverlayScene):
    def __init__(self, app, turn: PlayedTurn, state: State, chars: tuple, names: tuple, board: pygame.Rect) -> None:
        """`state`: the table as it stands; `board`: the main board's panel, left uncovered."""
        super().__init__(app, state, turn.seat, chars, names)
        self.turn = turn
        self.board = board
        self.words = pygame.Rect(0, 0, 0, 0)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        m = int(12 * sc)
        w, h = size
        self.panel = pygame.Rect(self.board.right + m, m, w - self.board.right - 2 * m, h - 2 * m)
        inner = self.panel.inflate(-int(20 * sc), -int(20 * sc))
        words_h = max(int(inner.h * 0.28), 4 * fonts().height(text_px(sc)))
        self.words = pygame.Rect(inner.x, inner.bottom - words_h, inner.w, words_h)
        self.view.layout(pygame.Rect(inner.x, inner.y, inner.w, self.words.y - inner.y - m), sc)

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface, clear=self.board)  # the ring's marks stay in sight
        sc = self.app.scale
        seat = self.turn.seat
        draw_panel(surface, self.panel, sc, edge=theme.PLAYER_COLOURS[self.frame.chars[seat]])
        self.view.draw(surface, self.frame)
        draw_base_marks(surface, self.view, self.frame.state, self.turn, self.frame.chars[seat])
        self._draw_words(surface, sc)

    def _draw_words(self, surface: pygame.Surface, sc: float) -> None:
        f, size = fonts(), text_px(sc)
        x, y = self.words.topleft
        marker = icons.player_marker(self.frame.chars[self.turn.seat], f.height(size, bold=True))
        surface.blit(marker, (x, y))
        draw_text(surface, _("{name}'s last turn").format(name=self.frame.names[self.turn.seat]), size, theme.ACCENT,
                  (x + marker.get_width() + int(8 * sc), y), bold=True)
        y += f.height(size, bold=True) + int(4 * sc)
        bottom = self.words.bottom - f.height(size)
        for line in self.turn.lines:
            for part in f.wrap(line, size, self.words.w):
                if y + f.height(size) > bottom:
                    break
                surface.blit(f.render(part, size, theme.TEXT), (x, y))
                y += f.height(size)
        draw_text(surface, CLOSE_HINT, size, theme.TEXT_FAINT, self.words.bottomright, "bottomright")
