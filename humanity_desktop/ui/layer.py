"""A part of the screen that is painted only when what it shows changes.

The first time (or when its key changes) the layer is painted straight onto the screen
and a copy of that area is kept; while the key stays the same the copy is blitted
instead, which costs one opaque blit whatever the layer holds.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Layer:
    def __init__(self) -> None:
        self._key: Hashable = None
        self._copy: pygame.Surface | None = None

    def invalidate(self) -> None:
        self._copy = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable, paint: Callable[[], None]) -> None:
        rect = rect.clip(surface.get_rect())
        if self._copy is not None and key == self._key and self._copy.get_size() == rect.size:
            surface.blit(self._copy, rect)
            return
        paint()
        self._copy = surface.subsurface(rect).copy()
        self._key = key
