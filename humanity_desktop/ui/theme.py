"""The look: a dark research base on Titan, amber haze over deep blue-grey.

Module colours follow the Okabe-Ito palette, which stays distinct under the common kinds
of colour blindness; every colour also has its symbol (gear, robot, plant, flask), and
every player a marker shape, so nothing depends on colour alone.
"""
from __future__ import annotations

BG = (14, 14, 20)
BG_GLOW = (46, 30, 22)  # the amber haze near the horizon
PANEL = (28, 27, 36)
PANEL_HI = (40, 38, 50)
PANEL_EDGE = (66, 61, 78)
INSET = (20, 20, 27)
TEXT = (236, 231, 222)
TEXT_DIM = (166, 159, 150)
TEXT_FAINT = (112, 106, 100)
ACCENT = (236, 166, 64)
ACCENT_DARK = (120, 80, 30)
GOOD = (122, 204, 146)
BAD = (240, 112, 92)
HIGHLIGHT = (255, 216, 120)
SHADOW = (0, 0, 0)

MODULE_COLOURS = {
    "orange": (230, 159, 0),
    "blue": (86, 180, 233),
    "green": (0, 168, 122),
    "purple": (204, 121, 167),
}
COLOUR_SYMBOLS = {"orange": "gear", "blue": "robot", "green": "plant", "purple": "flask"}

# The four astronauts of the box, each with the colour of their components and a marker shape.
PLAYER_COLOURS = ((79, 155, 255), (240, 222, 70), (96, 206, 126), (255, 124, 172))
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond")

RESOURCE_COLOURS = {
    "ice": (176, 228, 255),
    "methane": (255, 160, 72),
    "insect": (176, 206, 92),
    "oxygen": (96, 186, 255),
    "aircarbon": (196, 180, 150),
    "protein": (244, 132, 156),
    "electricity": (255, 226, 74),
    "time": (210, 210, 236),
}
SIDE_COLOURS = {"left": (120, 150, 210), "center": (200, 170, 110), "right": (170, 120, 190)}

DESIGN_SIZE = (1600, 900)  # sizes in the code are for this window; everything scales from it
MIN_SCALE = 0.6


def ui_scale(size: tuple[int, int]) -> float:
    w, h = size
    return max(MIN_SCALE, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))


def mix(a: tuple, b: tuple, t: float) -> tuple:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))
