"""The paint cache behind the game screen: a layer repaints only when its key changes,
keeps no copy while it animates, and always shows what its last paint drew."""
from __future__ import annotations

import pygame

from humanity_desktop.ui.layer import Layer

RECT = pygame.Rect(10, 20, 30, 40)


class Painter:
    def __init__(self, surface: pygame.Surface) -> None:
        self.surface, self.calls, self.colour = surface, 0, (0, 0, 0)

    def __call__(self) -> None:
        self.calls += 1
        self.surface.fill(self.colour, RECT)


def frame(layer: Layer, painter: Painter, key, colour) -> tuple:
    painter.surface.fill((255, 255, 255))  # the screen is cleared every frame
    painter.colour = colour
    layer.draw(painter.surface, RECT, key, painter)
    return tuple(painter.surface.get_at(RECT.center))[:3]


def test_a_steady_key_paints_once_and_then_blits_the_copy():
    painter = Painter(pygame.Surface((100, 100)))
    layer = Layer()
    shown = [frame(layer, painter, "a", (1, 2, 3)) for _ in range(5)]
    assert painter.calls == 1
    assert shown == [(1, 2, 3)] * 5


def test_an_animation_paints_every_frame_and_the_last_pose_is_kept():
    painter = Painter(pygame.Surface((100, 100)))
    layer = Layer()
    for t in range(10):
        assert frame(layer, painter, t, (t, 0, 0)) == (t, 0, 0)
    assert painter.calls == 10
    # The resting pose is painted once as one more change, once more to be kept, then blitted.
    shown = [frame(layer, painter, "rest", (9, 9, 9)) for _ in range(4)]
    assert shown == [(9, 9, 9)] * 4
    assert painter.calls == 12


def test_invalidate_forces_a_repaint():
    painter = Painter(pygame.Surface((100, 100)))
    layer = Layer()
    frame(layer, painter, "a", (5, 5, 5))
    layer.invalidate()
    assert frame(layer, painter, "a", (6, 6, 6)) == (6, 6, 6)
    assert painter.calls == 2
