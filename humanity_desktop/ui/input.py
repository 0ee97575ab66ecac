"""Raw pygame events turned into intents the scenes understand.

Scenes never read pygame events: they get a Click, a Key or a Back, whatever device or
key produced it. The window-level ones (Quit, Resize, Rescale, Fullscreen) are handled by the
app. The pointer comes in the window's points and goes to the scenes in the pixels they draw
in (ui/display.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Point:
    """The pointer moved."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class Click:
    pos: tuple[int, int]
    button: int = 1  # 1 left, 3 right


@dataclass(frozen=True)
class Release:
    """A mouse button came up: the end of a drag (or of a click)."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class Wheel:
    pos: tuple[int, int]
    dy: int  # positive: away from the user (scroll up)


@dataclass(frozen=True)
class Key:
    key: int
    text: str = ""
    shift: bool = False


@dataclass(frozen=True)
class Back:
    """Esc: close the dialog, or pause the game."""


@dataclass(frozen=True)
class Undo:
    """Ctrl+Z."""


@dataclass(frozen=True)
class FastForward:
    """Hold-free toggle of bot fast-forward (F)."""


@dataclass(frozen=True)
class Fullscreen:
    """F11."""


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]  # points


@dataclass(frozen=True)
class Rescale:
    """The window moved to another screen, which may have more or fewer pixels per point."""


@dataclass(frozen=True)
class Quit:
    pass


def pixels(pos: tuple[int, int], ratio: tuple[float, float]) -> tuple[int, int]:
    """A position in points as the pixel at the top left of that point."""
    return (int(pos[0] * ratio[0]), int(pos[1] * ratio[1]))


def translate(event: pygame.event.Event, ratio: tuple[float, float] = (1.0, 1.0)) -> object | None:
    """The intent of `event`, its position mapped from points by `ratio` (pixels per point)."""
    kind = event.type
    if kind == pygame.QUIT:
        return Quit()
    if kind == pygame.MOUSEMOTION:
        return Point(pixels(event.pos, ratio))
    if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return Click(pixels(event.pos, ratio), event.button)
    if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return Release(pixels(event.pos, ratio), event.button)
    if kind == pygame.MOUSEWHEEL:
        return Wheel(pixels(pygame.mouse.get_pos(), ratio), int(event.y))
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        return Resize((event.x, event.y) if kind == pygame.WINDOWSIZECHANGED else event.size)
    if kind == pygame.WINDOWDISPLAYCHANGED:
        return Rescale()
    if kind == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            return Back()
        if event.key == pygame.K_F11:
            return Fullscreen()
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return Undo()
        if event.key == pygame.K_f and not event.mod & pygame.KMOD_CTRL:
            return FastForward()
        return Key(event.key, event.unicode, bool(event.mod & pygame.KMOD_SHIFT))
    return None
