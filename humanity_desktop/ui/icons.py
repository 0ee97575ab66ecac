"""Small pictures drawn with primitives: resources, colour symbols, player markers, badges.

Each is drawn once per size at four times the resolution and scaled down, which gives
clean anti-aliased edges, then cached.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import theme

SUPERSAMPLE = 4


def _supersampled(size: int, paint) -> pygame.Surface:
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    paint(big, size * SUPERSAMPLE)
    return pygame.transform.smoothscale(big, (size, size))


def _regular(cx: float, cy: float, r: float, n: int, start: float = -math.pi / 2) -> list:
    return [(cx + r * math.cos(start + 2 * math.pi * k / n), cy + r * math.sin(start + 2 * math.pi * k / n))
            for k in range(n)]


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list:
    out = []
    for k in range(points * 2):
        rr = r if k % 2 == 0 else r * inner
        a = -math.pi / 2 + math.pi * k / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


# ---------------------------------------------------------------- resource glyphs

def _glyph_ice(s, c, r, col):
    w = max(2, int(r * 0.16))
    for k in range(3):
        a = math.pi * k / 3
        dx, dy = r * 0.62 * math.cos(a), r * 0.62 * math.sin(a)
        pygame.draw.line(s, col, (c - dx, c - dy), (c + dx, c + dy), w)
        for sign in (1, -1):
            ex, ey = c + sign * dx * 0.75, c + sign * dy * 0.75
            for t in (0.6, -0.6):
                b = a + t + (0 if sign > 0 else math.pi)
                pygame.draw.line(s, col, (ex, ey), (ex - r * 0.22 * math.cos(b), ey - r * 0.22 * math.sin(b)), w)


def _glyph_methane(s, c, r, col):
    pts = []
    for k in range(40):
        t = 2 * math.pi * k / 40
        x = math.sin(t) * r * 0.42 * (1 - 0.35 * math.cos(t))
        y = -math.cos(t) * r * 0.62
        pts.append((c + x, c + y + r * 0.05))
    pygame.draw.polygon(s, col, pts)
    pygame.draw.circle(s, theme.mix(col, (255, 255, 255), 0.45), (c, c + r * 0.22), r * 0.2)


def _glyph_insect(s, c, r, col):
    w = max(2, int(r * 0.1))
    for dy in (-0.2, 0.1, 0.38):
        pygame.draw.line(s, col, (c - r * 0.6, c + r * dy), (c + r * 0.6, c + r * dy), w)
    pygame.draw.ellipse(s, col, (c - r * 0.28, c - r * 0.35, r * 0.56, r * 0.85))
    pygame.draw.circle(s, col, (c, c - r * 0.5), r * 0.2)
    pygame.draw.line(s, col, (c - r * 0.1, c - r * 0.62), (c - r * 0.3, c - r * 0.85), w)
    pygame.draw.line(s, col, (c + r * 0.1, c - r * 0.62), (c + r * 0.3, c - r * 0.85), w)


def _glyph_electricity(s, c, r, col):
    pts = [(0.12, -0.72), (-0.42, 0.08), (-0.02, 0.08), (-0.14, 0.72), (0.42, -0.12), (0.02, -0.12)]
    pygame.draw.polygon(s, col, [(c + x * r, c + y * r) for x, y in pts])


def _glyph_time(s, c, r, col):
    w = max(2, int(r * 0.1))
    top = [(c - r * 0.45, c - r * 0.65), (c + r * 0.45, c - r * 0.65), (c, c)]
    bottom = [(c - r * 0.45, c + r * 0.65), (c + r * 0.45, c + r * 0.65), (c, c)]
    pygame.draw.polygon(s, col, top, w)
    pygame.draw.polygon(s, col, bottom)


def _glyph_aircarbon(s, c, r, col):
    for dx, dy, rr in ((-0.3, 0.1, 0.3), (0.05, -0.12, 0.38), (0.35, 0.12, 0.28), (0.0, 0.2, 0.3)):
        pygame.draw.circle(s, col, (c + dx * r, c + dy * r), rr * r)


def _glyph_oxygen(s, c, r, col):
    w = max(2, int(r * 0.16))
    pygame.draw.circle(s, col, (c - r * 0.12, c - r * 0.05), r * 0.42, w)
    pygame.draw.circle(s, col, (c + r * 0.42, c + r * 0.42), r * 0.17, max(2, w // 2))


def _glyph_protein(s, c, r, col):
    rect = pygame.Rect(0, 0, r * 1.3, r * 0.62)
    rect.center = (c, c)
    cap = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(cap, col, cap.get_rect(), border_radius=int(r * 0.31))
    pygame.draw.rect(cap, theme.mix(col, (255, 255, 255), 0.5), (0, 0, rect.w // 2, rect.h),
                     border_top_left_radius=int(r * 0.31), border_bottom_left_radius=int(r * 0.31))
    rot = pygame.transform.rotate(cap, 35)
    s.blit(rot, rot.get_rect(center=(c, c)))


GLYPHS = {
    "ice": _glyph_ice, "methane": _glyph_methane, "insect": _glyph_insect,
    "oxygen": _glyph_oxygen, "aircarbon": _glyph_aircarbon, "protein": _glyph_protein,
    "electricity": _glyph_electricity, "time": _glyph_time,
}
ADVANCED_NAMES = ("oxygen", "aircarbon", "protein")


@lru_cache(maxsize=512)
def resource(name: str, size: int) -> pygame.Surface:
    """A resource token: basics on a round token, advanced on a hexagon, electricity on a diamond."""
    col = theme.RESOURCE_COLOURS[name]

    def paint(s, n):
        c, r = n / 2, n / 2 - 1
        dark = theme.mix(col, (10, 10, 16), 0.78)
        if name in ADVANCED_NAMES:
            pygame.draw.polygon(s, dark, _regular(c, c, r, 6, 0))
            pygame.draw.polygon(s, col, _regular(c, c, r, 6, 0), max(2, n // 14))
        elif name == "electricity":
            pygame.draw.polygon(s, dark, _regular(c, c, r, 4))
            pygame.draw.polygon(s, col, _regular(c, c, r, 4), max(2, n // 14))
        else:
            pygame.draw.circle(s, dark, (c, c), r)
            pygame.draw.circle(s, col, (c, c), r, max(2, n // 14))
        GLYPHS[name](s, c, r * 0.78, col)

    return _supersampled(size, paint)


# ---------------------------------------------------------------- colour symbols

def _sym_gear(s, c, r, col):
    pts = []
    teeth = 8
    for k in range(teeth * 4):
        a = 2 * math.pi * k / (teeth * 4)
        rr = r if (k % 4) in (0, 1) else r * 0.74
        pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
    pygame.draw.polygon(s, col, pts)
    pygame.draw.circle(s, (0, 0, 0, 0), (c, c), r * 0.32)


def _sym_robot(s, c, r, col):
    head = pygame.Rect(0, 0, r * 1.5, r * 1.15)
    head.center = (c, c + r * 0.15)
    pygame.draw.rect(s, col, head, border_radius=int(r * 0.25))
    for dx in (-0.35, 0.35):
        pygame.draw.circle(s, (0, 0, 0, 0), (c + dx * r, c + r * 0.08), r * 0.18)
    pygame.draw.rect(s, (0, 0, 0, 0), (c - r * 0.35, c + r * 0.38, r * 0.7, r * 0.13))
    pygame.draw.line(s, col, (c, head.top), (c, c - r * 0.88), max(2, int(r * 0.12)))
    pygame.draw.circle(s, col, (c, c - r * 0.88), r * 0.15)


def _sym_plant(s, c, r, col):
    w = max(2, int(r * 0.14))
    pygame.draw.line(s, col, (c, c + r * 0.9), (c, c - r * 0.2), w)
    for sign in (-1, 1):
        leaf = []
        for k in range(21):
            t = k / 20
            x = sign * (t * r * 0.85)
            y = -t * r * 0.55 - math.sin(t * math.pi) * r * 0.28 * 1
            leaf.append((c + x, c + r * 0.25 + y))
        for k in range(20, -1, -1):
            t = k / 20
            x = sign * (t * r * 0.85)
            y = -t * r * 0.55 + math.sin(t * math.pi) * r * 0.18
            leaf.append((c + x, c + r * 0.25 + y))
        pygame.draw.polygon(s, col, leaf)
    pygame.draw.ellipse(s, col, (c - r * 0.3, c - r * 0.95, r * 0.6, r * 0.85))


def _sym_flask(s, c, r, col):
    pts = [(-0.22, -0.9), (0.22, -0.9), (0.22, -0.25), (0.75, 0.8), (-0.75, 0.8), (-0.22, -0.25)]
    pygame.draw.polygon(s, col, [(c + x * r, c + y * r) for x, y in pts])
    pygame.draw.line(s, (0, 0, 0, 0), (c - r * 0.45, c + r * 0.3), (c + r * 0.45, c + r * 0.3), max(2, int(r * 0.1)))


SYMBOLS = {"gear": _sym_gear, "robot": _sym_robot, "plant": _sym_plant, "flask": _sym_flask}


@lru_cache(maxsize=256)
def colour_symbol(colour: str, size: int, fg: tuple | None = None) -> pygame.Surface:
    """The module colour's symbol, in `fg` (default: the colour itself)."""
    ink = fg or theme.MODULE_COLOURS[colour]

    def paint(s, n):
        SYMBOLS[theme.COLOUR_SYMBOLS[colour]](s, n / 2, n / 2 - n * 0.06, ink)

    return _supersampled(size, paint)


@lru_cache(maxsize=256)
def colour_chip(colour: str, size: int) -> pygame.Surface:
    """A module colour as a round chip with its symbol: used where colour is named."""
    def paint(s, n):
        pygame.draw.circle(s, theme.MODULE_COLOURS[colour], (n / 2, n / 2), n / 2 - 1)

    chip = _supersampled(size, paint)
    sym = colour_symbol(colour, max(4, int(size * 0.72)), (20, 18, 26))
    chip.blit(sym, sym.get_rect(center=(size / 2, size / 2)))
    return chip


# ---------------------------------------------------------------- players and badges

def _shape(s, shape: str, c: float, r: float, col, width: int = 0) -> None:
    if shape == "circle":
        pygame.draw.circle(s, col, (c, c), r, width)
    elif shape == "square":
        pygame.draw.rect(s, col, (c - r * 0.85, c - r * 0.85, r * 1.7, r * 1.7), width, border_radius=int(r * 0.2))
    elif shape == "triangle":
        pygame.draw.polygon(s, col, _regular(c, c + r * 0.15, r * 1.05, 3), width)
    else:
        pygame.draw.polygon(s, col, _regular(c, c, r, 4), width)


@lru_cache(maxsize=128)
def player_marker(char: int, size: int) -> pygame.Surface:
    """A character's marker: its colour in its shape with a dark rim, readable on any background."""
    def paint(s, n):
        c, r = n / 2, n / 2 - 2
        _shape(s, theme.PLAYER_SHAPES[char], c, r, (12, 12, 18))
        _shape(s, theme.PLAYER_SHAPES[char], c, r * 0.8, theme.PLAYER_COLOURS[char])

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def vp_badge(size: int) -> pygame.Surface:
    def paint(s, n):
        pygame.draw.polygon(s, theme.ACCENT, _star(n / 2, n / 2 + n * 0.03, n / 2 - 1))

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def research_badge(size: int) -> pygame.Surface:
    """Research: an atom of three orbits."""
    col = (150, 220, 255)

    def paint(s, n):
        c = n / 2
        w = max(2, n // 14)
        orbit = pygame.Surface((n, n // 2.6), pygame.SRCALPHA)
        pygame.draw.ellipse(orbit, col, orbit.get_rect(), w)
        for a in (0, 60, 120):
            rot = pygame.transform.rotate(orbit, a)
            s.blit(rot, rot.get_rect(center=(c, c)))
        pygame.draw.circle(s, col, (c, c), n * 0.1)

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def science_token(size: int) -> pygame.Surface:
    def paint(s, n):
        c = n / 2
        pygame.draw.polygon(s, (60, 150, 170), _regular(c, c, c - 1, 6, 0))
        pygame.draw.polygon(s, (170, 240, 250), _regular(c, c, c - 1, 6, 0), max(2, n // 12))
        pygame.draw.circle(s, (170, 240, 250), (c, c), n * 0.16)

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def work_pip(size: int) -> pygame.Surface:
    """One work point: a hex bolt head."""
    def paint(s, n):
        c = n / 2
        pygame.draw.polygon(s, (230, 230, 240), _regular(c, c, c - 1, 6, 0))
        pygame.draw.circle(s, (40, 40, 52), (c, c), n * 0.2)

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def side_mark(side: str, size: int) -> pygame.Surface:
    """An experiment's side: a left-pointing, round or right-pointing mark."""
    col = theme.SIDE_COLOURS[side]

    def paint(s, n):
        c, r = n / 2, n / 2 - 1
        if side == "left":
            pygame.draw.polygon(s, col, [(c - r, c), (c + r * 0.7, c - r), (c + r * 0.7, c + r)])
        elif side == "right":
            pygame.draw.polygon(s, col, [(c + r, c), (c - r * 0.7, c - r), (c - r * 0.7, c + r)])
        else:
            pygame.draw.circle(s, col, (c, c), r * 0.85)

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def effect_icon(effect: str, size: int) -> pygame.Surface:
    """Reactivate: a circular arrow; two time units: a double hourglass."""
    col = (230, 230, 240)

    def paint(s, n):
        c, r = n / 2, n / 2 - 2
        w = max(2, n // 10)
        if effect == "reactivate":
            pygame.draw.arc(s, col, (c - r * 0.75, c - r * 0.75, r * 1.5, r * 1.5), 0.6, 5.6, w)
            tip = (c + r * 0.62, c - r * 0.42)
            pygame.draw.polygon(s, col, [tip, (tip[0] + r * 0.38, tip[1] - r * 0.05), (tip[0] + r * 0.05, tip[1] + r * 0.4)])
        else:
            for dx in (-0.42, 0.42):
                _glyph_time(s, c + dx * r, r * 0.9, col)

    return _supersampled(size, paint)


@lru_cache(maxsize=64)
def greenhouse_shape(shape: str, size: int) -> pygame.Surface:
    """A greenhouse's shape as a glassy outline: round, rectangular, octagonal, or wild (all three)."""
    col = (170, 240, 200)

    def paint(s, n):
        c, r = n / 2, n / 2 - 2
        w = max(2, n // 11)
        if shape == "round":
            pygame.draw.circle(s, col, (c, c), r * 0.9, w)
        elif shape == "rectangular":
            pygame.draw.rect(s, col, (c - r * 0.95, c - r * 0.55, r * 1.9, r * 1.1), w, border_radius=int(r * 0.1))
        elif shape == "octagonal":
            pygame.draw.polygon(s, col, _regular(c, c, r * 0.95, 8, math.pi / 8), w)
        else:
            pygame.draw.polygon(s, col, _star(c, c, r * 0.95, 5, 0.5), w)

    return _supersampled(size, paint)
