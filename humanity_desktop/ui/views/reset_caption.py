"""The caption of a reset step, in the panel under the board: which step, what happens and
why, how long it still holds, and how to go on at once."""
from __future__ import annotations

import pygame

from .. import theme
from ..fonts import draw_text, fonts
from ..reset_steps import ResetStep
from ...language import N_, _
from ..widgets import draw_panel

NEXT_STEP_TEXT = N_("Click or press Space for the next step")
TEXT_SIZES = (18, 16, 14, 12)  # design pixels, largest first: the largest the panel holds


def draw_caption(surface: pygame.Surface, rect: pygame.Rect, step: ResetStep, progress: float, scale: float) -> None:
    """Draw the step's caption over `rect`; `progress` (0..1) fills the bar that shows how
    long the step still holds."""
    head = _("The round ends · step {number} of {count} · {title}").format(number=step.number, count=step.of,
                                                                            title=step.title)
    inner = draw_panel(surface, rect, scale, head, fill=theme.PANEL_HI, edge=theme.ACCENT)
    foot = int(13 * scale)
    room = inner.h - fonts().height(foot) - int(10 * scale)
    for design in TEXT_SIZES:
        size = int(design * scale)
        lines = fonts().wrap(step.caption, size, inner.w)
        if len(lines) * fonts().height(size) <= room:
            break
    y = inner.y
    for line in lines:
        draw_text(surface, line, size, theme.TEXT, (inner.x, y))
        y += fonts().height(size)
    bar = pygame.Rect(inner.x, inner.bottom - max(2, int(3 * scale)), inner.w, max(2, int(3 * scale)))
    draw_text(surface, _(NEXT_STEP_TEXT), foot, theme.TEXT_DIM, (inner.right, bar.y - int(4 * scale)), "bottomright")
    pygame.draw.rect(surface, theme.INSET, bar)
    pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, int(bar.w * progress), bar.h))
