"""Learn to play on the table: the coach's note with its buttons, and the spotlight that dims
the table a little around what the step asks the player to touch."""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from .. import theme
from ..fonts import draw_text, fonts
from ..widgets import Button, draw_panel, hovered

DIM_ALPHA = 120  # the rest of the table stays readable, but the spot stands out at a glance
TEXT_SIZES = (16, 15, 14, 13)  # the note shrinks to fit its panel before it is cut
BUTTON_W, BUTTON_H = 150, 30


class CoachFrame(NamedTuple):
    heading: str  # "Chapter 2 of 9 · Deploying and paying"
    text: str
    buttons: list[Button]
    spot: pygame.Rect | None  # what to touch, in screen pixels
    clock: float  # seconds, for the pulse
    pointer: tuple[int, int]


class CoachPanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def place(self, rect: pygame.Rect, scale: float, buttons: list[Button]) -> None:
        """The note takes `rect`; its buttons stack in a column on the right."""
        self.rect, self.scale = rect, scale
        pad = int(12 * scale)
        w, h, gap = int(BUTTON_W * scale), int(BUTTON_H * scale), int(6 * scale)
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(rect.right - pad - w, rect.y + pad + i * (h + gap), w, h)

    def draw(self, surface: pygame.Surface, f: CoachFrame) -> None:
        if f.spot is not None:
            self._spotlight(surface, f.spot, f.clock)
        sc = self.scale
        draw_panel(surface, self.rect, sc, fill=theme.PANEL_HI, edge=theme.ACCENT)
        pad = int(12 * sc)
        head = draw_text(surface, f.heading.upper(), int(14 * sc), theme.ACCENT,
                         (self.rect.x + pad, self.rect.y + pad), bold=True)
        width = self.rect.w - 3 * pad - int(BUTTON_W * sc)
        room = self.rect.bottom - pad - head.bottom - int(6 * sc)
        size, lines = self._fit(f.text, width, room)
        y = head.bottom + int(6 * sc)
        for line in lines:
            y = draw_text(surface, line, size, theme.TEXT, (self.rect.x + pad, y)).bottom + int(2 * sc)
        over = hovered(f.buttons, f.pointer)
        for b in f.buttons:
            b.draw(surface, sc, b is over)

    def _fit(self, text: str, width: int, room: int) -> tuple[int, list[str]]:
        """The largest text size whose lines fit the room; the smallest one otherwise."""
        for base in TEXT_SIZES:
            size = int(base * self.scale)
            lines = fonts().wrap(text, size, width)
            if len(lines) * (fonts().height(size) + int(2 * self.scale)) <= room:
                return size, lines
        return size, lines

    def _spotlight(self, surface: pygame.Surface, spot: pygame.Rect, clock: float) -> None:
        sc = self.scale
        hole = spot.inflate(int(12 * sc), int(12 * sc))
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, DIM_ALPHA))
        for clear in (hole, self.rect):
            shade.fill((0, 0, 0, 0), clear)
        surface.blit(shade, (0, 0))
        pulse = (1 + math.sin(clock * 5)) / 2
        ring = hole.inflate(int(8 * sc * pulse), int(8 * sc * pulse))
        colour = theme.mix(theme.ACCENT, theme.HIGHLIGHT, pulse)
        pygame.draw.rect(surface, colour, ring, max(3, int(4 * sc)), border_radius=int(10 * sc))
