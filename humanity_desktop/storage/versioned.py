"""Versioned JSON files of the player's own (settings, stats, saves): a reason for people when
one cannot be used, and such a file set aside so that writing afresh never erases it."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..language import N_, _
from .files import set_aside
from .limits import Refused, parse_json, read_text
from .logs import log


class FileProblem(ValueError):
    """A file that cannot be used; the message says why, for people ("it is empty")."""

    def __init__(self, message: str, kept_as: str = "damaged") -> None:
        super().__init__(message)
        self.kept_as = kept_as  # "newer" or "older" (another version of the game), or "damaged"


# What is said of each kind of file the game keeps, by the `kind` its caller names it by; a kind
# not listed is told as a file of the game's.
NOT_OURS = {"save": N_("it is not a Humanity save"), "settings": N_("it is not a Humanity settings file"),
            "stats": N_("it is not a Humanity stats file"),
            "tutorial": N_("it is not a Humanity tutorial progress file")}
NOT_OURS_ANY = N_("it is not a Humanity file")
UNUSABLE = {"settings": N_("The settings file {path} cannot be used: {reason}."),
            "stats": N_("The stats file {path} cannot be used: {reason}."),
            "tutorial": N_("The tutorial progress file {path} cannot be used: {reason}.")}
UNUSABLE_ANY = N_("The file {path} cannot be used: {reason}.")


def _told(table: dict[str, str], kind: str, other: str) -> str:
    """The message `table` has for the file's `kind` (`other` for a kind it lacks), translated."""
    return _(table.get(kind, other))


def read_versioned(text: str, current: int, kind: str, ours: Callable[[dict], bool]) -> dict:
    """The JSON object in `text`, if `ours` accepts its keys and its version (absent: `current`)
    is not newer than `current`; FileProblem says what is wrong otherwise. `kind` names what
    it should be ("settings": a key of NOT_OURS)."""
    if not text.strip():
        raise FileProblem(_("it is empty"))
    try:
        raw = parse_json(text)
    except Refused as exc:
        raise FileProblem(str(exc)) from None
    if not isinstance(raw, dict) or not ours(raw):
        raise FileProblem(_told(NOT_OURS, kind, NOT_OURS_ANY))
    version = raw.get("version", current)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(_("it is damaged: its version is {version}").format(version=repr(version)))
    if version > current:
        raise FileProblem(_("it was made by a newer version of the game"), kept_as="newer")
    return raw


def set_aside_unusable(path: Path, kind: str, exc: Exception, instead: str) -> str:
    """Set the file aside and return (and log) the message that says so; `kind` names the file
    ("settings"), `instead` (a message) says what the game does without it."""
    try:
        kept = _("It is kept as {name}; {instead}.").format(name=set_aside_as(path, exc).name, instead=_(instead))
    except OSError as err:
        kept = _("It could not be set aside ({error}); {instead}.").format(error=err, instead=_(instead))
    message = f"{_told(UNUSABLE, kind, UNUSABLE_ANY).format(path=path, reason=exc)} {kept}"  # two sentences
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
