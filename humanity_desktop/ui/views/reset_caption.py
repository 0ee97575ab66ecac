"""The caption of a reset step, on the table: which step, what happens and why, how long it
still holds, and how to go on at once."""
from __future__ import annotations

import pygame

from .. import theme
from ..fonts import draw_text, fonts
from ..reset_steps import ResetStep
from ..widgets import draw_panel

NEXT = "Click or press Space for the next step"


def caption_rect(area: pygame.Rect, step: ResetStep, scale: float) -> pygame.Rect:
    """The caption's panel: across the top of `area`, as tall as its wrapped text."""
    pad = int(16 * scale)
    width = area.w - 2 * pad
    lines = fonts().wrap(step.caption, int(18 * scale), width - 2 * pad)
    height = pad * 2 + fonts().height(int(14 * scale), True) + len(lines) * fonts().height(int(18 * scale)) \
        + fonts().height(int(13 * scale)) + int(18 * scale)
    return pygame.Rect(area.x + pad, area.y + pad, width, height)


def draw_caption(surface: pygame.Surface, area: pygame.Rect, step: ResetStep, progress: float, scale: float) -> pygame.Rect:
    """Draw the step's caption over the top of `area`; `progress` (0..1) fills the bar that
    shows how long the step still holds. Returns the panel's rect."""
    rect = caption_rect(area, step, scale)
    draw_panel(surface, rect, scale, fill=theme.PANEL_HI, edge=theme.ACCENT)
    pad = int(16 * scale)
    x, y = rect.x + pad, rect.y + pad
    head = fonts().fit(f"THE ROUND ENDS · STEP {step.number} OF {step.of} · {step.title.upper()}",
                       int(14 * scale), rect.w - 2 * pad, bold=True)
    y = draw_text(surface, head, int(14 * scale), theme.ACCENT, (x, y), bold=True).bottom + int(6 * scale)
    size = int(18 * scale)
    for line in fonts().wrap(step.caption, size, rect.w - 2 * pad):
        draw_text(surface, line, size, theme.TEXT, (x, y))
        y += fonts().height(size)
    draw_text(surface, NEXT, int(13 * scale), theme.TEXT_DIM, (x, y + int(4 * scale)))
    bar = pygame.Rect(rect.x + pad, rect.bottom - int(9 * scale), rect.w - 2 * pad, max(2, int(3 * scale)))
    pygame.draw.rect(surface, theme.INSET, bar)
    pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, int(bar.w * progress), bar.h))
    return rect
