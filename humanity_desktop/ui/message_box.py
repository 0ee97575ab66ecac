"""Telling the player something when the window cannot: the system's own message box (SDL's),
which needs no window and no display set up first. For what goes wrong before the window
opens, and for what the game would print when it has no terminal to print to (a windowed
build started from a desktop, or from a Windows command prompt, has none)."""
from __future__ import annotations

import os
from typing import TextIO

from ..storage.console import say

TITLE = "Humanity Desktop"
# Video drivers that show nothing. Asked for in SDL_VIDEODRIVER (tests, CI, the self-test), they
# also mean no message box: nobody is there to click its OK, and it would wait for ever.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def headless() -> bool:
    """Whether SDL_VIDEODRIVER asks for a driver that shows nothing."""
    return os.environ.get("SDL_VIDEODRIVER", "").strip().lower() in HEADLESS_DRIVERS


def show(text: str, *, error: bool = True) -> bool:
    """Show `text` in a message box and wait for its OK; False where none can be shown (no
    display, no message system), which the caller need not mind: it says it elsewhere too."""
    try:
        import pygame  # here, not above: the game's command-line answers need no pygame
    except ImportError:
        return False
    try:
        pygame.display.message_box(TITLE, text, "error" if error else "info")
    except pygame.error:
        return False
    return True


def tell(text: str, stream: TextIO | None, *, error: bool = True) -> None:
    """Say `text` on `stream` where the game has one, else in a message box."""
    if not say(text, stream) and not headless():
        show(text, error=error)
