"""Raw pygame events turned into intents the scenes understand.

Scenes never read pygame events: they get a Click, a Key or a Back, whatever device or
key produced it. The window-level ones (Quit, Resize, Fullscreen) are handled by the app.
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
    size: tuple[int, int]


@dataclass(frozen=True)
class Quit:
    pass


def translate(event: pygame.event.Event) -> object | None:
    kind = event.type
    if kind == pygame.QUIT:
        return Quit()
    if kind == pygame.MOUSEMOTION:
        return Point(event.pos)
    if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return Click(event.pos, event.button)
    if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return Release(event.pos, event.button)
    if kind == pygame.MOUSEWHEEL:
        return Wheel(pygame.mouse.get_pos(), int(event.y))
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        return Resize((event.x, event.y) if kind == pygame.WINDOWSIZECHANGED else event.size)
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
