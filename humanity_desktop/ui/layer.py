"""A part of the screen that is painted only when what it shows changes.

The first time (or when its key changes) the layer is painted straight onto the screen
and a copy of that area is kept; while the key stays the same the copy is blitted
instead, which costs one opaque blit whatever the layer holds. While the key changes
every frame (an animation) no copy is kept, since none would be used.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Layer:
    def __init__(self) -> None:
        self._key: Hashable = None
        self._copy: pygame.Surface | None = None
        self._valid = False
        self._painted_last = False

    def invalidate(self) -> None:
        self._valid = False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable, paint: Callable[[], None]) -> None:
        rect = rect.clip(surface.get_rect())
        if self._valid and key == self._key and self._copy is not None and self._copy.get_size() == rect.size:
            surface.blit(self._copy, rect)
            self._painted_last = False
            return
        # A second change in a row is an animation: a copy would be thrown away unused.
        animating = self._painted_last and key != self._key
        paint()
        self._key, self._painted_last, self._valid = key, True, not animating
        if animating:
            return
        if self._copy is None or self._copy.get_size() != rect.size:
            self._copy = pygame.Surface(rect.size, 0, surface)
        self._copy.blit(surface, (0, 0), rect)
