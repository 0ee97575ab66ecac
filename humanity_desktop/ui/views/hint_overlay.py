"""A hint shown on the table: the plan's astronaut outlined, each tile to turn and the hangar
or experiment to take outlined and numbered in the order to use them, the units to pay marked
on their modules, and a panel with the plan in words, its worth, Next hint and Close."""
from __future__ import annotations

import pygame

from ...language import _

from ...bots.hints import Hint, in_points
from ...table.model import HintMark, hint_marks
from ...table.targets import ASTRO, CELL, HANGAR, Target
from ...engine import State
from ...engine.state import BOARD, RETURNING
from .. import theme
from ..fonts import draw_text, fonts
from ..widgets import Button, draw_panel, hovered
from .base_view import BaseView
from .board_view import BoardView, side_by_side

class HintOverlay:
    """The hints found for one position, one shown at a time, until the player acts."""

    def __init__(self, hints: list[Hint], version: int) -> None:
        self.hints = hints
        self.version = version  # the match version it belongs to; any move makes it stale
        self.index = 0
        self.closed = False
        self.buttons = [Button(_("Next hint"), self.next, enabled=len(hints) > 1),
                        Button(_("Close"), self.close, style="quiet")]

    def next(self) -> None:
        self.index = (self.index + 1) % len(self.hints)

    def close(self) -> None:
        self.closed = True

    @property
    def hint(self) -> Hint:
        return self.hints[self.index]

    def targets(self, board: BoardView, base: BaseView, s: State, seat: int) -> list[tuple[HintMark, pygame.Rect]]:
        """Each mark of the hint on show, with the rect it outlines on screen."""
        return [(mark, target_rect(board, base, s, seat, mark.target)) for mark in hint_marks(self.hint.plan, s, seat)]

    def draw(self, surface: pygame.Surface, board: BoardView, base: BaseView, s: State, seat: int,
             panel: pygame.Rect, pointer, scale: float) -> None:
        # The units to pay first: a step's number, on a corner a neighbour's badge may touch, stays on top.
        for mark, rect in sorted(self.targets(board, base, s, seat), key=lambda target: target[0].step):
            _outline(surface, mark, rect, scale)
        self._draw_panel(surface, panel, pointer, scale)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, pointer, scale: float) -> None:
        """The plan in words and its worth, over `rect`, with its two buttons on the right."""
        title = _("Hint {number} of {count}").format(number=self.index + 1, count=len(self.hints))
        inner = draw_panel(surface, rect, scale, title, fill=theme.PANEL_HI, edge=theme.HINT)
        bw, bh, gap = int(120 * scale), int(34 * scale), int(8 * scale)
        for k, b in enumerate(self.buttons):
            b.rect = pygame.Rect(inner.right - bw, inner.y + k * (bh + gap), bw, bh)
        text = self.hint.text[:1].upper() + self.hint.text[1:] + "."
        width = inner.w - bw - int(14 * scale)
        size = int(15 * scale)
        y = inner.y
        for line in fonts().wrap(text, size, width):
            draw_text(surface, line, size, theme.TEXT, (inner.x, y))
            y += fonts().height(size)
        worth = in_points(self.hint.gain)
        draw_text(surface, worth[:1].upper() + worth[1:], size, theme.HINT, (inner.x, y + int(4 * scale)), bold=True)
        over = hovered(self.buttons, pointer)
        for b in self.buttons:
            b.draw(surface, scale, b is over)


def target_rect(board: BoardView, base: BaseView, s: State, seat: int, target: Target) -> pygame.Rect:
    """Where a lit target (a cell, an astronaut, a hangar, an experiment's bay) stands on screen."""
    kind, ref = target.kind, target.ref
    if kind == CELL:
        size = base.cell_size(s, seat)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = base.cell_center(s, seat, ref)
        return rect
    if kind == ASTRO:
        return _astronaut_rect(board, base, s, seat, ref)
    if kind == HANGAR:
        return board.hangar_rect(s, ref)
    return board.bay_rect(s, ref)


def _astronaut_rect(board: BoardView, base: BaseView, s: State, seat: int, i: int) -> pygame.Rect:
    """Where astronaut `i` of `seat` stands: in the base, beside the board, or coming home."""
    _work, where, pos = s.players[seat].astros[i]
    if where == BOARD:
        k, of = next((k, of) for p, j, _spot, k, of in side_by_side(board.ring_astronauts(s)) if (p, j) == (seat, i))
        rect = pygame.Rect(0, 0, board.astro * 1.3, board.astro * 1.3)
        rect.center = board.astro_point(pos, k, of)
        return rect
    size = base.cell_size(s, seat)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = base.returning_center(s, seat) if where == RETURNING else base.cell_center(s, seat, pos)
    return rect


def _outline(surface: pygame.Surface, mark: HintMark, rect: pygame.Rect, scale: float) -> None:
    """A bright outline round the target and, on its corner, its numbers or units to pay."""
    w = max(2, int(3 * scale))
    colour = theme.HINT if mark.step else theme.GOOD
    if mark.target.kind == ASTRO:
        pygame.draw.circle(surface, colour, rect.center, rect.w * 0.45, w)
    else:
        pygame.draw.rect(surface, colour, rect.inflate(6, 6), w, border_radius=8)
    if not mark.label:
        return
    size = max(11, int(15 * scale))
    label = fonts().render(mark.label, size, theme.INSET, bold=True)
    badge = label.get_rect().inflate(int(10 * scale), int(4 * scale))
    badge.w = max(badge.w, badge.h)
    badge.center = rect.topleft if mark.step else rect.midbottom
    pygame.draw.rect(surface, colour, badge, border_radius=badge.h // 2)
    surface.blit(label, label.get_rect(center=badge.center))
