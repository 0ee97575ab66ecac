"""The game log: the newest lines at the bottom, the wheel scrolls back."""
from __future__ import annotations

import pygame

from .. import icons, theme
from ..fonts import fonts
from .view import View


class LogView(View):
    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0  # lines hidden below the bottom

    def layout(self, inner: pygame.Rect, scale: float) -> None:
        self.place(inner, scale)

    def scroll_by(self, lines: int, total: int) -> None:
        self.scroll = max(0, min(total - 1, self.scroll + lines))

    def draw(self, surface: pygame.Surface, log: list[str], names: tuple, chars: tuple) -> None:
        f = fonts()
        size = int(13 * self.scale)
        line_h = f.height(size)
        marker = int(11 * self.scale)
        indent = marker + int(6 * self.scale)
        rows: list[tuple[str, int | None]] = []
        wanted = self.rect.h // line_h
        end = len(log) - self.scroll
        for line in reversed(log[max(0, end - wanted):end]):
            who = next((i for i, n in enumerate(names) if line.startswith(n)), None)
            parts = f.wrap(line, size, self.rect.w - indent)
            rows[:0] = [(p, who if k == 0 else None) for k, p in enumerate(parts)]
            if len(rows) >= wanted:
                break
        rows = rows[-wanted:] if wanted > 0 else []
        y = self.rect.bottom - len(rows) * line_h
        for k, (text, who) in enumerate(rows):
            newest = k >= len(rows) - 2 and self.scroll == 0
            colour = theme.TEXT if newest else theme.TEXT_DIM
            if who is not None:
                m = icons.player_marker(chars[who], marker)
                surface.blit(m, m.get_rect(midleft=(self.rect.x, y + line_h // 2)))
            surface.blit(f.render(text, size, colour), (self.rect.x + indent, y))
            y += line_h
