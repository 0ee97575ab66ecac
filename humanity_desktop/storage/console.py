"""The terminal the game was started from, when there is one. A windowed build (PyInstaller's,
or `pythonw`) starts with sys.stdout and sys.stderr set to None, and a terminal closed under a
running game turns a write into an error: neither may stop the game."""
from __future__ import annotations

from typing import TextIO


def say(text: str, stream: TextIO | None) -> bool:
    """Write `text` as a line to `stream` (sys.stdout or sys.stderr, read at the call); False
    when there is none or it takes no more, so the caller can tell the player another way."""
    if stream is None:
        return False
    try:
        stream.write(text + "\n")
        stream.flush()
    except (OSError, ValueError):  # a closed terminal, a broken pipe, a file closed under us
        return False
    return True
