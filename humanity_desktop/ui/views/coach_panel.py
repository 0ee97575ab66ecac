"""Learn to play on the table: the coach's note with its buttons, the bar it folds to so the
game log shows, and the spotlight that dims the table a little around what the step asks
the player to touch.

The note sits over the top of the game log's panel, as tall as its words need, and the log
draws its newest whole lines in what is left below it (`below`); folded, only its heading
and a button to unfold it are left.

The spotlight's ring swells and settles once when it lights something, then holds still,
and the table rests. The swell is drawn in a few steps, not every frame: each step redraws
and shows the whole window, so a waiting guide costs about what a waiting game does
(benchmarks/guide_idle_bench.py)."""
from __future__ import annotations

import math

import pygame

from ...language import _

from .. import theme
from ..fonts import draw_text, fonts
from ..widgets import Button, draw_panel, hovered

DIM_ALPHA = 120  # the rest of the table stays readable, but the spot stands out at a glance
MIN_TEXT = 11  # px: the smallest type the note uses, at any window size
TEXT_SIZES = (15, 14, 13, 12)  # design sizes, largest first: the note takes the largest that fits
HEADING = 14
ROOMY = 0.7  # a note that fits in this share of the log's panel leaves the log readable below it
BUTTON_W, BUTTON_H = 150, 30
# widgets.Button writes its label at 17 px at scale 1 and at most 0.42 of its height: the
# note's buttons are drawn at least this tall and at this scale so their labels keep MIN_TEXT.
BUTTON_TEXT, BUTTON_MIN_H = 17, 27
SWELL = 1.2  # seconds: the spotlight's ring swells and settles once as it lights
SWELL_STEPS = 8  # frames it is drawn in, each a whole window drawn and shown
SWELL_STEP = SWELL / SWELL_STEPS


def px(design: int, scale: float) -> int:
    """A design size of the note's type at `scale`, never under MIN_TEXT."""
    return max(MIN_TEXT, int(design * scale))


def button_scale(scale: float) -> float:
    """The scale to draw a button of the guide's at (with BUTTON_MIN_H), for MIN_TEXT labels."""
    return max(scale, MIN_TEXT / BUTTON_TEXT)


class CoachPanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # the note, or its bar when folded
        self.scale = 1.0
        self.heading = ""
        self.lines: list[str] = []
        self.size = MIN_TEXT  # the text's type size, in pixels
        self.fits = True  # every line of the text has room (else the last ones are cut)
        self.buttons: list[Button] = []
        self._shade: tuple[tuple, pygame.Surface] | None = None  # (what it was cut for, the dimming)

    def _metrics(self) -> tuple[int, int, int, int]:
        """Padding, gap, and a button's width and height at this scale."""
        sc = self.scale
        return (max(6, int(12 * sc)), max(4, int(6 * sc)),
                max(int(BUTTON_W * sc), fonts().width(_("Show note"), MIN_TEXT, bold=True) + 24),
                max(int(BUTTON_H * sc), BUTTON_MIN_H))

    def place(self, area: pygame.Rect, scale: float, heading: str, text: str, buttons: list[Button],
              folded: bool) -> None:
        """Lay the note out over the top of `area` (the game log's panel): its text beside a
        column of `buttons`, or, `folded`, a bar with the heading and `buttons` in a row."""
        self.scale, self.heading, self.buttons = scale, heading, buttons
        if folded:
            self._place_bar(area)
        else:
            self._place_note(area, text)

    def below(self, area: pygame.Rect) -> pygame.Rect:
        """What the note (or its bar) leaves of `area` beneath it."""
        if not self.rect.colliderect(area):
            return area
        top = min(area.bottom, self.rect.bottom + max(2, int(4 * self.scale)))
        return pygame.Rect(area.x, top, area.w, area.bottom - top)

    def _place_bar(self, area: pygame.Rect) -> None:
        _pad, gap, bw, bh = self._metrics()
        self.rect = pygame.Rect(area.x, area.y, area.w, bh + 2 * gap)
        self.lines = []
        x = self.rect.right - gap
        for b in reversed(self.buttons):
            x -= bw
            b.rect = pygame.Rect(x, self.rect.y + gap, bw, bh)
            x -= gap

    def _place_note(self, area: pygame.Rect, text: str) -> None:
        pad, gap, bw, bh = self._metrics()
        column = 2 * pad + len(self.buttons) * bh + (len(self.buttons) - 1) * gap
        head = fonts().height(px(HEADING, self.scale), bold=True) + gap
        self.size, self.lines = self._fit(text, area.w - 3 * pad - bw, area.h, 2 * pad + head, column)
        words = 2 * pad + head + len(self.lines) * self._line_h(self.size)
        self.fits = words <= area.h
        self.rect = pygame.Rect(area.x, area.y, area.w, min(area.h, max(words, column)))
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.rect.right - pad - bw, self.rect.y + pad + i * (bh + gap), bw, bh)

    def _fit(self, text: str, width: int, room: int, frame: int, column: int) -> tuple[int, list[str]]:
        """The text's size and lines in `width`: the largest size whose note (its words under
        `frame` pixels of heading and padding, beside a `column` of buttons) takes at most
        ROOMY of the `room`, else the largest of those that make the shortest note (the most
        log left below it) within the room, else the smallest (cut)."""
        fitting = None  # (height, size, lines) of the shortest note that fits, the largest type first
        for design in TEXT_SIZES:
            size = px(design, self.scale)
            lines = fonts().wrap(text, size, width)
            height = max(frame + len(lines) * self._line_h(size), column)
            if height <= room * ROOMY:
                return size, lines
            if height <= room and (fitting is None or height < fitting[0]):
                fitting = (height, size, lines)
        return fitting[1:] if fitting else (size, lines)

    def _line_h(self, size: int) -> int:
        return fonts().height(size) + self._spacing()

    def _spacing(self) -> int:
        return max(1, int(2 * self.scale))

    def draw(self, surface: pygame.Surface, spot: pygame.Rect | None, lit_for: float, pointer) -> None:
        """The note, and the spotlight on `spot` (if any), lit `lit_for` seconds ago."""
        if spot is not None:
            self._spotlight(surface, spot, lit_for)
        sc = self.scale
        pad, gap, _bw, _bh = self._metrics()
        draw_panel(surface, self.rect, sc, fill=theme.PANEL_HI, edge=theme.ACCENT)
        # The heading: on the first line beside the buttons, or alone in the folded bar.
        size = px(HEADING, sc)
        room = min((b.rect.x for b in self.buttons), default=self.rect.right) - self.rect.x - 2 * pad
        heading = fonts().fit(self.heading.upper(), size, room, bold=True)
        if self.lines:
            y = draw_text(surface, heading, size, theme.ACCENT, (self.rect.x + pad, self.rect.y + pad),
                          bold=True).bottom + gap
        else:
            draw_text(surface, heading, size, theme.ACCENT, (self.rect.x + pad, self.rect.centery), "midleft",
                      bold=True)
        for line in self.lines:
            if y + fonts().height(self.size) > self.rect.bottom - pad // 2:
                break  # out of room: cut (a script the test passes never is)
            y = draw_text(surface, line, self.size, theme.TEXT, (self.rect.x + pad, y)).bottom + self._spacing()
        over = hovered(self.buttons, pointer)
        for b in self.buttons:
            b.draw(surface, button_scale(sc), b is over)

    def _spotlight(self, surface: pygame.Surface, spot: pygame.Rect, lit_for: float) -> None:
        sc = self.scale
        hole = spot.inflate(int(12 * sc), int(12 * sc))
        key = (surface.get_size(), tuple(hole), tuple(self.rect))
        if self._shade is None or self._shade[0] != key:  # cut once per spot, not every frame
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, DIM_ALPHA))
            for clear in (hole, self.rect):
                shade.fill((0, 0, 0, 0), clear)
            self._shade = (key, shade)
        surface.blit(self._shade[1], (0, 0))
        pulse = swell(lit_for)
        ring = hole.inflate(int(8 * sc * pulse), int(8 * sc * pulse))
        colour = theme.mix(theme.ACCENT, theme.HIGHLIGHT, pulse)
        pygame.draw.rect(surface, colour, ring, max(3, int(4 * sc)), border_radius=int(10 * sc))


def swell(lit_for: float) -> float:
    """How far the ring has swelled (0 to 1), `lit_for` seconds after it lit: at the swell's
    last step due, so a frame drawn between steps (input) shows what the last step did."""
    if lit_for >= SWELL:
        return 0.0
    return (1 - math.cos(2 * math.pi * (lit_for // SWELL_STEP) * SWELL_STEP / SWELL)) / 2


def next_swell(lit_for: float) -> float | None:
    """Seconds until the ring's next step, `lit_for` seconds after it lit; None once it holds still."""
    if lit_for >= SWELL:
        return None
    return SWELL_STEP - lit_for % SWELL_STEP
