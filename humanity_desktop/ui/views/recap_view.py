"""The recap strip: when a player's turn comes, the other seats' turns since their own, one
short line each, at the top of the game log's panel. A line clicked shows that turn on the
table; the strip goes once the player moves, or when closed.
"""
from __future__ import annotations

import pygame

from ...table.narration import recap
from ...table.played_turn import PlayedTurn
from .. import icons, theme
from ..fonts import fonts
from .log_view import text_px
from ...language import N_, _
from .view import View

TITLE = N_("Since your last turn")
MOST = 0.6  # the share of the log's panel the strip may take; the log keeps the rest


class RecapView(View):
    def __init__(self) -> None:
        super().__init__()
        self.area = pygame.Rect(0, 0, 0, 0)  # the log panel's inner area
        self.rows: list[tuple[pygame.Rect, PlayedTurn]] = []  # each line drawn, and its turn
        self.close = pygame.Rect(0, 0, 0, 0)
        self.shown = False

    def layout(self, area: pygame.Rect, scale: float) -> None:
        self.area = area.copy()
        self.place(area, scale)

    def fitted(self, count: int) -> int:
        """How many lines the strip shows of `count`: the newest ones, as many as fit."""
        line = fonts().height(text_px(self.scale))
        room = int(self.area.h * MOST) - self._head_h()
        return max(0, min(count, room // line))

    def _head_h(self) -> int:
        return fonts().height(text_px(self.scale), bold=True) + int(4 * self.scale)

    def log_area(self, count: int) -> pygame.Rect:
        """What the log keeps of its panel while the strip shows `count` turns (all if none)."""
        if not count or not self.fitted(count):
            return self.area
        used = self._head_h() + self.fitted(count) * fonts().height(text_px(self.scale)) + int(8 * self.scale)
        return pygame.Rect(self.area.x, self.area.y + used, self.area.w, self.area.h - used)

    def draw(self, surface: pygame.Surface, turns: list[PlayedTurn], names: list[str], chars: tuple, pointer) -> None:
        self.rows, self.shown = [], bool(turns) and self.fitted(len(turns)) > 0
        if not self.shown:
            self.close = pygame.Rect(0, 0, 0, 0)
            return
        f, sc = fonts(), self.scale
        size = text_px(sc)
        line = f.height(size)
        shown = turns[-self.fitted(len(turns)):]
        earlier = len(turns) - len(shown)
        x, y, w = self.area.x, self.area.y, self.area.w
        title = _(TITLE).upper() + ("  " + _("(+{count} earlier in the log)").format(count=earlier) if earlier else "")
        head = f.render(f.fit(title, size, w - line * 2, bold=True), size, theme.ACCENT, bold=True)
        surface.blit(head, (x, y))
        self.close = pygame.Rect(0, 0, line, line)
        self.close.topright = (self.area.right, y)
        over = self.close.collidepoint(pointer)
        pygame.draw.rect(surface, theme.PANEL_HI if over else theme.INSET, self.close, border_radius=max(3, line // 4))
        cross = f.render("×", size, theme.TEXT if over else theme.TEXT_DIM, bold=True)
        surface.blit(cross, cross.get_rect(center=self.close.center))
        y += self._head_h()
        marker = max(8, line - int(4 * sc))
        indent = marker + int(6 * sc)
        for turn in shown:
            row = pygame.Rect(x, y, w, line)
            if row.collidepoint(pointer):
                pygame.draw.rect(surface, theme.PANEL_HI, row.inflate(int(4 * sc), 0), border_radius=max(3, line // 4))
            m = icons.player_marker(chars[turn.seat], marker)
            surface.blit(m, m.get_rect(midleft=(x, row.centery)))
            text = f.fit(recap(turn, names), size, w - indent)
            surface.blit(f.render(text, size, theme.TEXT), (x + indent, y))
            self.rows.append((row, turn))
            y += line
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y + int(3 * sc)), (self.area.right, y + int(3 * sc)),
                         max(1, int(sc)))

    def turn_at(self, pos) -> PlayedTurn | None:
        return next((turn for rect, turn in self.rows if rect.collidepoint(pos)), None)

    def closes(self, pos) -> bool:
        return self.shown and self.close.collidepoint(pos)
