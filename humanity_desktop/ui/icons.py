"""Small pictures: resources, colour symbols, player markers, tokens and marks.

Each is a file under art/ (written by tools/make_art.py), rasterised at the asked size by
ui/art.py and cached there.
"""
from __future__ import annotations

from ..engine.catalogue import ANY
from . import art, theme


def resource(name: str, size: int):
    """A resource token: basics on a round token, advanced on a hexagon, electricity on a diamond."""
    return art.image(f"resources/{name}", size)


def colour_chip(colour: str, size: int):
    """A module colour as a chip with its symbol: used where a colour is named. "Any colour"
    shows the four colours at once."""
    return art.image("marks/any-colour" if colour == ANY else f"tiles/back-{colour}", size)


def player_marker(char: int, size: int):
    """A character's marker: its colour in its shape with a dark rim, readable on any background."""
    return art.image(f"players/marker-{char}", size)


def vp_badge(size: int):
    return art.image("tokens/vp", size)


def research_badge(size: int):
    """Research: an atom of three orbits."""
    return art.image("tokens/research", size)


def science_token(size: int):
    return art.image("tokens/science", size)


def patch_token(size: int):
    """The first player's patch."""
    return art.image("tokens/patch", size)


def work_pip(size: int):
    """One work point: a cog."""
    return art.image("tokens/work", size)


def side_mark(side: str, size: int):
    """An experiment's side: a left-pointing, round or right-pointing mark."""
    return art.image(f"marks/side-{side}", size)


def effect_icon(effect: str, size: int):
    """Reactivate: a circular arrow; two time units: a double hourglass."""
    return art.image(f"marks/effect-{effect}", size)


def greenhouse_shape(shape: str, size: int):
    """A greenhouse's shape as a glassy outline: round, rectangular, octagonal, or wild (a star)."""
    return art.image(f"marks/greenhouse-{shape}", size)
