"""The game log: the newest lines at the bottom, the wheel scrolls back. A bot's line that
has its reasons behind it carries a "Why?" button; clicking the line or the button asks
for them. The text is never smaller than the smallest readable size."""
from __future__ import annotations

import pygame

from .. import icons, theme
from ..drawn import place
from ..fonts import fonts
from ..surface_cache import cached
from .view import View

TEXT = 14  # design pixels
WHY = "Why?"


def text_px(scale: float) -> int:
    """The log's text size: its design size, never under the smallest readable one."""
    return max(theme.min_text_px(), round(TEXT * scale))


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
        size = text_px(self.scale)
        line_h = f.height(size)
        marker = max(8, line_h - int(5 * self.scale))
        indent = marker + int(6 * self.scale)
        badge_w = why_width(size)
        rows: list[tuple[str, int | None, int, bool]] = []  # text, whose marker, log line, its badge
        wanted = self.rect.h // line_h
        end = len(log) - self.scroll
        for index in range(end - 1, max(0, end - wanted) - 1, -1):
            line = log[index]
            who = next((i for i, n in enumerate(names) if line.startswith(n)), None)
            width = self.rect.w - indent - (badge_w + int(6 * self.scale) if index in explained else 0)
            parts = [(p, who if k == 0 else None, index, k == 0 and index in explained)
                     for k, p in enumerate(f.wrap(line, size, width))]
            if len(rows) + len(parts) > wanted:
                # Only whole lines of the log: the tail of a line, without its start and its
                # marker, reads as a line of its own. A line taller than the view shows its start.
                if not rows:
                    rows = parts[:wanted]
                break
            rows[:0] = parts
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
                badge = why_button(size, line_h)
                surface.blit(badge, badge.get_rect(topright=(self.rect.right, y)))
            self._rows.append((pygame.Rect(self.rect.x, y, self.rect.w, line_h), index))
            y += line_h


def why_width(size: int) -> int:
    """The width of the "Why?" button at a text size of `size`."""
    return fonts().width(WHY, size, bold=True) + size


@cached
def why_button(size: int, height: int) -> pygame.Surface:
    """The "Why?" button on a bot's line: the bot's reasons are a click away."""
    label = fonts().render(WHY, size, theme.ACCENT, bold=True)
    surf = pygame.Surface((why_width(size), height), pygame.SRCALPHA)
    box = surf.get_rect().inflate(0, -2)
    pygame.draw.rect(surf, (*theme.PANEL_HI, 255), box, border_radius=height // 3)
    pygame.draw.rect(surf, theme.ACCENT_DARK, box, max(1, size // 12), border_radius=height // 3)
    place(surf, label, label.get_rect(center=box.center))
    return surf
