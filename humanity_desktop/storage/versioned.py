"""Versioned JSON files of the player's own (settings, stats, saves): a reason for people when
one cannot be used, and such a file set aside so that writing afresh never erases it."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .files import set_aside
from .limits import Refused, parse_json, read_text
from .logs import log


class FileProblem(ValueError):
    """A file that cannot be used; the message says why, for people ("it is empty")."""

    def __init__(self, message: str, kept_as: str = "damaged") -> None:
        super().__init__(message)
        self.kept_as = kept_as  # "newer" or "older" (another version of the game), or "damaged"


def read_versioned(text: str, current: int, kind: str, ours: Callable[[dict], bool]) -> dict:
    """The JSON object in `text`, if `ours` accepts its keys and its version (absent: `current`)
    is not newer than `current`; FileProblem says what is wrong otherwise. `kind` names what
    it should be: "it is not a Humanity {kind}"."""
    if not text.strip():
        raise FileProblem("it is empty")
    try:
        raw = parse_json(text)
    except Refused as exc:
        raise FileProblem(str(exc)) from None
    if not isinstance(raw, dict) or not ours(raw):
        raise FileProblem(f"it is not a Humanity {kind}")
    version = raw.get("version", current)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(f"it is damaged: its version is {version!r}")
    if version > current:
        raise FileProblem("it was made by a newer version of the game", kept_as="newer")
    return raw


def set_aside_unusable(path: Path, kind: str, exc: Exception, instead: str) -> str:
    """Set the file aside and return (and log) the message that says so; `instead` says what
    the game does without it."""
    message = f"The {kind} file {path} cannot be used: {exc}."
    try:
        message += f" It is kept as {set_aside_as(path, exc).name}; {instead}."
    except OSError as err:
        message += f" It could not be set aside ({err}); {instead}."
    log.warning(message)
    return message


def set_aside_as(path: Path, problem: Exception) -> Path:
    """Set the file aside under the name its problem calls for (a FileProblem's `kept_as`;
    "damaged" for any other); returns where it went. OSError if it cannot be moved."""
    return set_aside(path, getattr(problem, "kept_as", "damaged"))


def read_small_file(path: Path, max_bytes: int) -> str:
    """The text of a small file of the player's own; FileProblem if it is not one (too large,
    not an ordinary file, not text). FileNotFoundError and other OSErrors pass through."""
    try:
        return read_text(path, max_bytes)
    except Refused as exc:
        raise FileProblem(str(exc)) from None
