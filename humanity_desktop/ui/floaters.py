"""Points shown where they are scored: "+2 VP" rising from the square, the greenhouse or the
experiment that earned it, "+3" from a marker on the research or score track, and a banner
beside a mission's card as it is taken. The animation director (ui/beats.py) places them in a
short beat after the move; these draw them, `t` running from 0 to 1 over that beat."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import icons, theme
from .anim import ease_out, segment
from .drawn import place
from .fonts import fonts

RISE = 34  # design pixels a floater rises over its beat
RESEARCH = (190, 170, 255)  # the research track's violet, lighter


@dataclass(frozen=True)
class Float:
    """A figure rising from `at`."""

    text: str
    at: tuple[float, float]
    colour: tuple


@dataclass(frozen=True)
class Banner:
    """Words beside a card (a mission taken), with the taker's marker, edged in its colour."""

    title: str
    detail: str
    rect: pygame.Rect
    char: int  # the taker's character


def points(amount: int, unit: str = " VP") -> str:
    return f"{amount:+d}{unit}"


def float_colour(amount: int) -> tuple:
    return theme.HIGHLIGHT if amount > 0 else theme.BAD


def float_px(scale: float) -> int:
    return max(theme.points(theme.MIN_TEXT_PX + 3), round(22 * scale))


def apart(floats: list[Float], scale: float) -> list[Float]:
    """The floaters, each moved down below any earlier one whose words it would cover."""
    size = float_px(scale)
    line = fonts().height(size, bold=True)
    placed: list[Float] = []
    for f in floats:
        x, y = f.at
        width = fonts().width(f.text, size, bold=True)
        while any(abs(x - p.at[0]) < width and abs(y - p.at[1]) < line for p in placed):
            y += line
        placed.append(Float(f.text, (x, y), f.colour))
    return placed


def draw_float(surface: pygame.Surface, f: Float, t: float, scale: float) -> None:
    """Up from its place, fading in the last part of the beat."""
    text = _outlined(f.text, float_px(scale), f.colour)
    x, y = f.at
    rect = text.get_rect(center=(round(x), round(y - RISE * scale * ease_out(t))))
    text.set_alpha(round(255 * min(1.0, segment(t, 0.0, 0.1)) * (1 - segment(t, 0.7, 1.0))))
    surface.blit(text, rect)


def banner_rect(card: pygame.Rect, scale: float) -> pygame.Rect:
    """Where a card's banner shows: just left of the card, level with it, clear of its words
    (the card's own name would show through the banner as it fades), two lines tall."""
    size = banner_px(scale)
    h = 2 * fonts().height(size, True) + 2 * round(10 * scale)
    rect = pygame.Rect(0, 0, max(card.w, round(300 * scale)), max(card.h, h))
    rect.midright = (card.left - round(8 * scale), card.centery)
    return rect


def banner_px(scale: float) -> int:
    return max(theme.min_text_px(), round(15 * scale))


def draw_banner(surface: pygame.Surface, b: Banner, t: float, scale: float) -> None:
    """Beside its card for the whole beat, fading in and out at its ends."""
    alpha = round(255 * min(1.0, segment(t, 0.0, 0.12)) * (1 - segment(t, 0.85, 1.0)))
    box = pygame.Surface(b.rect.size, pygame.SRCALPHA)
    radius = max(4, round(8 * scale))
    pygame.draw.rect(box, (*theme.PANEL_HI, 240), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, theme.PLAYER_COLOURS[b.char], box.get_rect(), max(2, round(3 * scale)), border_radius=radius)
    f = fonts()
    size = banner_px(scale)
    pad = round(10 * scale)
    marker = icons.player_marker(b.char, min(b.rect.h - 2 * pad, round(28 * scale)))
    box.blit(marker, marker.get_rect(midleft=(pad, b.rect.h // 2)))
    left = pad * 2 + marker.get_width()
    lines = [(b.title, theme.TEXT), (b.detail, theme.ACCENT)]
    y = (b.rect.h - len(lines) * f.height(size, True)) // 2
    for text, colour in lines:
        place(box, f.render(f.fit(text, size, b.rect.w - left - pad, True), size, colour, True), (left, y))
        y += f.height(size, True)
    box.set_alpha(alpha)
    surface.blit(box, b.rect)


def _outlined(text: str, size: int, colour: tuple) -> pygame.Surface:
    """Bold text with a dark rim, readable over any tile."""
    f = fonts()
    ink = f.render(text, size, colour, bold=True)
    rim = f.surface(text, size, (16, 14, 20), bold=True)  # the ink says the text: the rim is not noted again
    w = max(1, size // 10)
    surf = pygame.Surface((ink.get_width() + 2 * w, ink.get_height() + 2 * w), pygame.SRCALPHA)
    for dx, dy in ((-w, 0), (w, 0), (0, -w), (0, w), (-w, -w), (w, w), (-w, w), (w, -w)):
        surf.blit(rim, (w + dx, w + dy))
    place(surf, ink, (w, w))
    return surf
