"""The look: a research base on Titan, deep blue-grey hull panels under an amber haze.

Module and player colours start from the Okabe-Ito palette, tuned for a dark table, so they stay
apart under the common kinds of colour blindness (docs/art.md gives the figures); every
module colour also has its symbol (gear, robot, plant, flask) and every player a marker
shape, so nothing depends on colour alone. tools/make_art.py reads these values.
"""
from __future__ import annotations

BG = (11, 14, 20)
BG_GLOW = (46, 30, 22)  # the amber haze near the horizon
PANEL = (24, 30, 41)
PANEL_HI = (34, 42, 57)
PANEL_EDGE = (58, 71, 92)
INSET = (16, 20, 29)
TEXT = (236, 231, 222)
TEXT_DIM = (166, 159, 150)
TEXT_FAINT = (112, 106, 100)
ACCENT = (236, 166, 64)
ACCENT_DARK = (120, 80, 30)
GOOD = (122, 204, 146)
BAD = (240, 112, 92)
HIGHLIGHT = (255, 216, 120)
HINT = (140, 232, 255)  # a hint's marks: unlike the amber of what may be chosen, so the two never mix
FOCUS = (250, 250, 255)  # the keyboard's focus ring: white, unlike hover, choice and hints

MODULE_COLOURS = {
    "orange": (230, 159, 0),
    "blue": (86, 180, 233),
    "green": (0, 150, 90),
    "purple": (150, 103, 230),
}
COLOUR_SYMBOLS = {"orange": "gear", "blue": "robot", "green": "plant", "purple": "flask"}

# The four astronauts of the box, each with the colour of their components and a marker shape.
PLAYER_COLOURS = ((86, 150, 255), (240, 228, 66), (226, 96, 40), (224, 140, 200))
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
MIN_SCALE = 0.6  # the smallest scale, in pixels per design pixel at one pixel per point
# No text is smaller than this many points (a font's size, its em): at two pixels per point
# (a Retina Mac), 22 pixels.
MIN_TEXT_PX = 11
# The player's text size (the Text size option): text and icons at this share of their size.
TEXT_SIZES = (0.9, 1.0, 1.15, 1.3, 1.5)


class _Reading:
    """How large text reads: the player's text size, and the pixels per point of the
    window's screen (a Retina Mac: 2, Windows at 150%: 1.5), since sizes in points are
    meant to look the same on every screen."""

    text_size = 1.0
    pixel_ratio = 1.0


def ui_scale(size: tuple[int, int]) -> float:
    """The scale of a window of `size` pixels: design pixels to the window's pixels."""
    w, h = size
    return max(MIN_SCALE * _Reading.pixel_ratio, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))


def set_text_size(factor: float) -> None:
    _Reading.text_size = factor


def set_pixel_ratio(ratio: float) -> None:
    _Reading.pixel_ratio = ratio


def points(size: float) -> int:
    """`size` points in the window's pixels."""
    return round(size * _Reading.pixel_ratio)


def min_text_px() -> int:
    """The smallest text's size in the window's pixels."""
    return points(MIN_TEXT_PX)


def text_size() -> float:
    """The share of their size text and icons are drawn at: the player's text size."""
    return _Reading.text_size


def least_text_px() -> int:
    """The smallest font size any text is drawn at, in the window's pixels: MIN_TEXT_PX points
    at 100%, and as much larger as the text size is (never smaller: 90% shrinks only the
    larger text). min_text_px is the same floor before the text size applies."""
    return points(max(MIN_TEXT_PX, int(MIN_TEXT_PX * text_size())))


def text_px(design: float, scale: float) -> int:
    """A text's size in pixels for its size in design pixels at a window's scale: never
    under the smallest readable size. The text size is applied on top, by fonts."""
    return max(min_text_px(), round(design * scale))


def icon_px(design: float, scale: float) -> int:
    """An icon's size in pixels: it grows and shrinks with the text size."""
    return max(1, round(design * scale * text_size()))


def mix(a: tuple, b: tuple, t: float) -> tuple:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))
