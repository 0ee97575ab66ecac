"""Small versioned JSON files of the player's own (settings, stats): a reason for people when
one cannot be used, and such a file set aside so that writing afresh never erases it."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from .files import set_aside
from .logs import log


class FileProblem(ValueError):
    def __init__(self, message: str, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer  # made by a newer version of the game: kept as "newer", not "damaged"


def read_versioned(text: str, current: int, kind: str, ours: Callable[[dict], bool]) -> dict:
    """The JSON object in `text`, if `ours` accepts its keys and its version (absent: `current`)
    is not newer than `current`; FileProblem says what is wrong otherwise."""
    if not text.strip():
        raise FileProblem("it is empty")
    try:
        raw = json.loads(text)
    except ValueError:
        raise FileProblem("it is damaged or cut short: not complete JSON") from None
    if not isinstance(raw, dict) or not ours(raw):
        raise FileProblem(f"it is not a Humanity {kind} file")
    version = raw.get("version", current)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(f"it is damaged: its version is {version!r}")
    if version > current:
        raise FileProblem("it was made by a newer version of the game", newer=True)
    return raw


def set_aside_unusable(path: Path, kind: str, exc: Exception, instead: str) -> str:
    """Set the file aside and return (and log) the message that says so; `instead` says what
    the game does without it."""
    message = f"The {kind} file {path} cannot be used: {exc}."
    try:
        kept = set_aside(path, "newer" if getattr(exc, "newer", False) else "damaged")
        message += f" It is kept as {kept.name}; {instead}."
    except OSError as err:
        message += f" It could not be set aside ({err}); {instead}."
    log.warning(message)
    return message
