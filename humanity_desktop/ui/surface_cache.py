"""Drawn pictures kept for reuse, bounded by the bytes they hold rather than their number.

A count says nothing about memory: 64 rotated arm struts can weigh more than a thousand
tile faces, and a new window size or game brings pictures of sizes not seen before. So
every picture cache of the UI shares one budget in bytes, and the pictures used least
recently go first once it is passed. Drawing asks again for what it needs, so an evicted
picture is only drawn anew the next time it shows.
"""
from __future__ import annotations

from collections import OrderedDict
from functools import wraps

import pygame

from ..language import language
from .theme import text_size

# At 1920x1080 a game screen's pictures take about 4 MB and the menus' backdrop 8 MB, so
# 40 MB holds those of every screen a player goes between several times over, with room
# for the arm's turned parts and the text of a game; at 3840x2160 (four times the pixels)
# it still holds a game screen's or the backdrop's. Small beside the 100 MB the game needs.
BUDGET_BYTES = 40 * 1024 * 1024


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds: its rows, each padded to the pitch."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    """Surfaces by key, least recently used first out once they hold more than `budget` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0  # of the surfaces held now
        self._held: OrderedDict = OrderedDict()  # key -> (surface, its bytes), oldest use first

    def __len__(self) -> int:
        return len(self._held)

    def get(self, key, make) -> pygame.Surface:
        """The surface kept under `key`, or the one `make()` draws, kept from now on."""
        held = self._held.get(key)
        if held is not None:
            self._held.move_to_end(key)
            return held[0]
        surf = make()
        self._keep(key, surf)
        return surf

    def _keep(self, key, surf: pygame.Surface) -> None:
        size = surface_bytes(surf)
        if size > self.budget:
            return  # it would push out everything else and still not fit
        self._held[key] = (surf, size)
        self.bytes += size
        while self.bytes > self.budget:
            _, (_, dropped) = self._held.popitem(last=False)
            self.bytes -= dropped

    def clear(self) -> None:
        self._held.clear()
        self.bytes = 0

    def memo(self, draw):
        """`draw` (a function of hashable arguments returning a surface), kept here per
        arguments, per text size and per language: a picture's words and icons grow with the
        option, and its words are the language's."""
        @wraps(draw)
        def cached(*args, **kwargs):
            key = (draw, args, tuple(kwargs.items()), text_size(), language())
            return self.get(key, lambda: draw(*args, **kwargs))
        return cached


SURFACES = SurfaceCache(BUDGET_BYTES)  # the one shared by all the UI's pictures
cached = SURFACES.memo
