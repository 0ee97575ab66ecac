"""The prompt panel under the base: what to do now and why, the cost while paying, and the
turn's buttons.

The whole instruction always shows: a long one is set one size smaller, and if it still
does not fit, the panel grows upward over the foot of the base until it does.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...table.model import paid_for
from ...engine.catalogue import ADVANCED_OF, BASICS_PER_ADVANCED, RESOURCES
from .. import icons, theme
from ..drawn import Fact
from ..fonts import draw_text, fonts
from ..widgets import Button, button_height, draw_panel, hovered, label_px, label_width
from .view import View

TEXT_SIZES = ((18, 14), (16, 12))  # (title, hint) in design pixels; the second for long texts
PAD_X, PAD_TOP, PAD_BOTTOM = 18, 14, 10
BUTTON_W, BUTTON_H, BUTTON_GAP = 176, 44, 10
CHIP, CHIP_GAP = 26, 4


@dataclass(frozen=True)
class Owed:
    """A cost as the chips show it: units per resource, those still owed, and the units
    gathered toward a three-for-one; and how the proposed payment pays each unit still owed."""

    cost: tuple
    need: tuple
    progress: tuple
    plan: tuple = ()  # payment_plan.Chip for each unit still owed, in chip order


@dataclass
class PromptFrame:
    title: str
    hint: str
    owed: Owed | None = None
    buttons: list[Button] = field(default_factory=list)
    pointer: tuple = (0, 0)
    title_fact: Fact | None = None  # what of the game the title states, if anything
    hint_fact: Fact | None = None


class PromptPanel(View):
    def __init__(self) -> None:
        super().__init__()
        self.drawn = pygame.Rect(0, 0, 0, 0)  # where the last draw put the panel, grown or not
        self.column = 0  # the width of the buttons' column (place_buttons)
        self.stack = 0  # the height of the buttons' stack
        self.owed_chips: list[pygame.Rect] = []  # where the last draw put each unit still owed

    def place_buttons(self, buttons: list[Button], choices: bool) -> None:
        """The main button on its own row and the others sharing the row below; the answers
        to a choice two to a row. The column widens for labels that need it, up to half the
        panel; where a row's labels still do not fit, each button takes a row of its own, one
        whose label is wider still is as tall as its label's two lines, and a stack taller than
        the panel grows it upward."""
        sc = self.scale
        one, gap = button_height(sc, BUTTON_H), int(BUTTON_GAP * sc)
        rows = [buttons[k:k + 2] for k in range(0, len(buttons), 2)] if choices else [buttons[:1], buttons[1:]]
        rows = [row for row in rows if row]
        widest = self.rect.w // 2
        # A row's buttons share it equally: each as wide as its widest label needs.
        needs = [len(row) * max(label_width(b.label, sc) for b in row) + gap * (len(row) - 1) for row in rows]
        w = max([int(BUTTON_W * sc)] + needs)
        if w > widest:
            rows = [[b] for row in rows for b in row]
            w = max([int(BUTTON_W * sc)] + [min(widest, label_width(b.label, sc)) for b in buttons])
        self.column = w if buttons else 0
        two = one + fonts().height(label_px(sc), bold=True)
        heights = [two if any(label_width(b.label, sc) > w for b in row) else one for row in rows]
        self.stack = sum(heights) + max(0, len(rows) - 1) * gap
        x = self.rect.right - w - int(14 * sc)
        y = self.rect.bottom - max(self.rect.h, self._button_room()) + int(PAD_TOP * sc)
        for row, h in zip(rows, heights):
            bw = (w - gap * (len(row) - 1)) // max(1, len(row))
            for k, b in enumerate(row):
                b.rect = pygame.Rect(x + k * (bw + gap), y, bw, h)
            y += h + gap

    def _button_room(self) -> int:
        """The panel's height the button stack needs, with the padding round it."""
        return self.stack + int((PAD_TOP + PAD_BOTTOM) * self.scale) if self.stack else 0

    def text_width(self, has_buttons: bool) -> int:
        sc = self.scale
        return self.rect.w - int((PAD_X + 14) * sc) - (self.column + int(14 * sc) if has_buttons else 0)

    def lines(self, f: PromptFrame) -> tuple[int, list[str], int, list[str]]:
        """(title size, title lines, hint size, hint lines): the largest sizes at which the
        whole text fits the panel, else the smaller ones."""
        width = self.text_width(bool(f.buttons))
        room = self.rect.h - self._chrome(f)
        for title_size, hint_size in self._sizes():
            set_text = self._set(f, width, title_size, hint_size)
            if self._text_height(*set_text) <= room:
                break
        return set_text

    def needed_height(self, f: PromptFrame) -> int:
        """The panel's height with the whole of `f` in it: above the panel's own, it grows."""
        return self._height(f, self.lines(f))

    def draw(self, surface: pygame.Surface, f: PromptFrame) -> None:
        sc = self.scale
        self.owed_chips = []
        set_text = self.lines(f)
        title_size, title_lines, hint_size, hint_lines = set_text
        needed = self._height(f, set_text)
        self.drawn = self.rect.copy()
        if needed > self.rect.h:  # grown upward, over the foot of the base
            self.drawn = pygame.Rect(self.rect.x, self.rect.bottom - needed, self.rect.w, needed)
            draw_panel(surface, self.drawn, sc)
        x, y = self.rect.x + int(PAD_X * sc), self.rect.bottom - max(needed, self.rect.h) + int(PAD_TOP * sc)
        f_ = fonts()
        for line in title_lines:
            draw_text(surface, line, title_size, theme.TEXT, (x, y), bold=True, fact=f.title_fact)
            y += f_.height(title_size, True)
        y += int(4 * sc)
        for line in hint_lines:
            draw_text(surface, line, hint_size, theme.TEXT_DIM, (x, y), fact=f.hint_fact)
            y += f_.height(hint_size)
        if f.owed is not None:
            self._draw_owed(surface, f.owed, (x, y + int(6 * sc)), bool(f.buttons))
        over = hovered(f.buttons, f.pointer)
        for b in f.buttons:
            b.draw(surface, sc, b is over)

    def chip_rects(self, owed: Owed, topleft: tuple[int, int]) -> list[tuple[int, bool, pygame.Rect]]:
        """(resource, paid, rect) for every unit of the cost: paid first within a resource."""
        sc = self.scale
        size, gap = int(CHIP * sc), int(CHIP_GAP * sc)
        x, y = topleft
        chips = []
        for r, n in enumerate(owed.cost):
            for k in range(n):
                chips.append((r, k < n - owed.need[r], pygame.Rect(x, y, size, size)))
                x += size + gap
            x += int(8 * sc)
        return chips

    def _draw_source(self, surface: pygame.Surface, owed: Owed, slot: pygame.Rect) -> int:
        """On a unit still owed, the unit the proposed payment pays it with (and how many,
        three-for-one), in its corner; returns the right edge of what it drew."""
        k = len(self.owed_chips)
        self.owed_chips.append(slot)
        if k >= len(owed.plan) or not owed.plan[k].spends:
            return slot.right
        spends = owed.plan[k].spends
        badge = icons.resource(RESOURCES[spends[0].unit], max(theme.min_text_px(), int(slot.w * 0.6)))
        spot = badge.get_rect(center=slot.bottomright)
        surface.blit(badge, spot)
        if len(spends) > 1:
            return draw_text(surface, f"×{len(spends)}", theme.text_px(11, self.scale), theme.TEXT,
                             (spot.right, spot.centery), "midleft", bold=True).right
        return spot.right

    def owed_chip_at(self, pos) -> int | None:
        """The unit still owed under `pos`, by its place among them."""
        return next((k for k, rect in enumerate(self.owed_chips) if rect.collidepoint(pos)), None)

    # ------------------------------------------------------------ inside

    def _sizes(self) -> list[tuple[int, int]]:
        return [(int(t * self.scale), int(h * self.scale)) for t, h in TEXT_SIZES]

    def _set(self, f: PromptFrame, width: int, title_size: int, hint_size: int) -> tuple:
        return (title_size, fonts().wrap(f.title, title_size, width, bold=True),
                hint_size, fonts().wrap(f.hint, hint_size, width))

    @staticmethod
    def _text_height(title_size: int, title_lines: list, hint_size: int, hint_lines: list) -> int:
        f = fonts()
        return len(title_lines) * f.height(title_size, True) + len(hint_lines) * f.height(hint_size)

    def _height(self, f: PromptFrame, set_text: tuple) -> int:
        """The panel's height with `f`'s text set as `lines` set it, and its chrome, or as its
        buttons need, whichever is more."""
        return max(self._text_height(*set_text) + self._chrome(f), self._button_room() if f.buttons else 0)

    def _chrome(self, f: PromptFrame) -> int:
        """The panel's height around the text: padding, and the chips while paying (with a
        line under them for the three-for-ones where they do not fit beside them)."""
        sc = self.scale
        chips = int((CHIP + 6) * sc) if f.owed is not None else 0
        if f.owed is not None and self._progress_below(f.owed, bool(f.buttons)):
            chips += self._overhang() + fonts().height(progress_px(sc))
        return int((PAD_TOP + 4 + PAD_BOTTOM) * sc) + chips

    def _overhang(self) -> int:
        """How far a source's badge, and its count, reach below the chips."""
        return max(int(CHIP * self.scale * 0.3), fonts().height(theme.text_px(11, self.scale), True) // 2) + 2

    def _progress_below(self, owed: Owed, has_buttons: bool) -> bool:
        """Whether the units gathered toward three-for-ones need a line of their own under
        the chips: beside them, they would run into the buttons."""
        sc = self.scale
        labels = progress_labels(owed)
        if not labels:
            return False
        chips = self.chip_rects(owed, (0, 0))
        used = (chips[-1][2].right if chips else 0) + int(CHIP * sc) // 2  # a source's badge reaches past the last chip
        gap = int(12 * sc)
        need = sum(fonts().width(label, progress_px(sc)) + gap for label in labels) + gap
        return used + need > self.text_width(has_buttons)

    def _draw_owed(self, surface: pygame.Surface, owed: Owed, topleft, has_buttons: bool) -> None:
        """The cost as chips, one per unit: lit once paid, faded while still owed; units
        gathered toward a three-for-one follow as text."""
        sc = self.scale
        icon_size = int((CHIP - 6) * sc)
        radius = int(5 * sc)
        chips = self.chip_rects(owed, topleft)
        right = chips[-1][2].right if chips else topleft[0]
        for r, paid, slot in chips:
            icon = icons.resource(RESOURCES[r], icon_size)
            pygame.draw.rect(surface, theme.PANEL_HI if paid else theme.BG, slot, border_radius=radius)
            pygame.draw.rect(surface, theme.ACCENT if paid else theme.TEXT_FAINT, slot, max(1, int(sc)),
                             border_radius=radius)
            if not paid:
                icon = icon.copy()
                icon.set_alpha(70)
            surface.blit(icon, icon.get_rect(center=slot.center))
            if not paid:
                right = max(right, self._draw_source(surface, owed, slot))
        x = right + int(12 * sc) if chips else topleft[0]
        middle = topleft[1] + int(CHIP * sc) // 2
        if self._progress_below(owed, has_buttons):
            x = topleft[0]
            middle = topleft[1] + int(CHIP * sc) + self._overhang() + fonts().height(progress_px(sc)) // 2
        for label in progress_labels(owed):
            x = draw_text(surface, label, progress_px(sc), theme.TEXT_DIM, (x, middle), "midleft").right + int(12 * sc)


# ---------------------------------------------------------------- what the panel says


def progress_labels(owed: Owed) -> list[str]:
    """The units gathered toward each three-for-one under way: "1/3 methane → 1 aircarbon"."""
    return [f"{p}/{BASICS_PER_ADVANCED} {RESOURCES[b]} → 1 {RESOURCES[ADVANCED_OF[b]]}"
            for b, p in enumerate(owed.progress) if p]


def progress_px(sc: float) -> int:
    return int(13 * sc)


def owed(s, pending: bool, plan=None) -> Owed:
    """The cost being paid, and how `plan` (table/payment_plan.py) pays the rest; a turn
    waiting for confirmation in the middle of a payment waits on the unit that completes it,
    so every chip shows lit."""
    cost = paid_for(s).cost_vec
    if pending:
        return Owed(cost, (0,) * len(cost), (0,) * len(s.progress))
    return Owed(cost, tuple(s.need), tuple(s.progress), tuple(plan.paid_by) if plan else ())
