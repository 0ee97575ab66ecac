"""The game log: the newest lines at the bottom, the wheel scrolls back. A bot's line that
has its reasons behind it carries a "?" badge; clicking the line asks for them."""
from __future__ import annotations

import pygame

from .. import icons, theme
from ..fonts import fonts
from .view import View


class LogView(View):
    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0  # lines hidden below the bottom
        self._rows: list[tuple[pygame.Rect, int]] = []  # each drawn row and its log line, from the last draw

    def layout(self, inner: pygame.Rect, scale: float) -> None:
        self.place(inner, scale)

    def scroll_by(self, lines: int, total: int) -> None:
        self.scroll = max(0, min(total - 1, self.scroll + lines))

    def line_at(self, pos) -> int | None:
        """The log line drawn under `pos`, if any."""
        return next((line for rect, line in self._rows if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, log: list[str], names: tuple, chars: tuple,
             explained: frozenset[int] = frozenset()) -> None:
        f = fonts()
        size = int(13 * self.scale)
        line_h = f.height(size)
        marker = int(11 * self.scale)
        indent = marker + int(6 * self.scale)
        badge = f.render("?", size, theme.ACCENT)
        rows: list[tuple[str, int | None, int, bool]] = []  # text, whose marker, log line, its badge
        wanted = self.rect.h // line_h
        end = len(log) - self.scroll
        for index in range(end - 1, max(0, end - wanted) - 1, -1):
            line = log[index]
            who = next((i for i, n in enumerate(names) if line.startswith(n)), None)
            width = self.rect.w - indent - (badge.get_width() * 2 if index in explained else 0)
            parts = f.wrap(line, size, width)
            rows[:0] = [(p, who if k == 0 else None, index, k == 0 and index in explained) for k, p in enumerate(parts)]
            if len(rows) >= wanted:
                break
        rows = rows[-wanted:] if wanted > 0 else []
        y = self.rect.bottom - len(rows) * line_h
        self._rows = []
        for k, (text, who, index, why) in enumerate(rows):
            newest = k >= len(rows) - 2 and self.scroll == 0
            colour = theme.TEXT if newest else theme.TEXT_DIM
            if who is not None:
                m = icons.player_marker(chars[who], marker)
                surface.blit(m, m.get_rect(midleft=(self.rect.x, y + line_h // 2)))
            surface.blit(f.render(text, size, colour), (self.rect.x + indent, y))
            if why:
                surface.blit(badge, badge.get_rect(topright=(self.rect.right, y)))
            self._rows.append((pygame.Rect(self.rect.x, y, self.rect.w, line_h), index))
            y += line_h
