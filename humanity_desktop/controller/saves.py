"""Saved games on disk: the autosave behind Continue, and named saves for Load.

A save is versioned JSON: the seats, the seed and every action since the deal, and a
snapshot of the position (state, log, score history) to check the replay against. A match
whose actions were not recorded (a plain Match) is saved with `actions: null` and its
snapshot alone. Saves before version 3 were made on the earlier edition's tiles and board and
cannot be played on this one. A file that cannot be played is set aside under a new name
(kept, never deleted), and the message says so.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import Action, ActionError, RulesError, State, replay
from ..engine.validation import StateError, load_state
from .bus import Bus
from .files import is_set_aside, unused_path, write_atomic
from .limits import Refused
from .logs import log
from .match import Match
from .save_limits import MAX_SAVE_BYTES, check_fields
from .record import RecordedMatch
from .seats import Seat
from .versioned import FileProblem, read_small_file, read_versioned, set_aside_as

SAVE_VERSION = 3  # 3: the published tiles and the 8-spot board
FIRST_PLAYABLE = 3
AUTOSAVE = "autosave.json"
SAVES_DIR = "saves"


class SaveError(FileProblem):
    """A save file that cannot be played; the message says why, for people, naming the file."""


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    title: str  # "Kayla, Yuko (bot) - year 2, round 5"
    saved_at: float
    finished: bool


class SaveListing(list):
    """The readable saves, newest first, and what was wrong with the files set aside."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []  # one message per file set aside


class SaveSnapshot:
    """What a save holds, captured cheaply (the state copied, the lists shallow-copied), so
    the JSON encoding can happen later on another thread while the match plays on."""

    __slots__ = ("saved_at", "seats", "state", "actions", "log", "history")

    def __init__(self, match: Match) -> None:
        self.saved_at = time.time()
        self.seats = [seat.to_json() for seat in match.seats]
        self.state = match.state.copy()
        self.actions = None if match.actions is None else list(match.actions)
        self.log = list(match.log)
        self.history = list(match.history)

    def to_json(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "saved_at": self.saved_at,
            "seats": self.seats,
            "seed": self.state.seed,
            "actions": None if self.actions is None else [a.to_json() for a in self.actions],
            "state": self.state.to_json(),
            "log": self.log,
            "history": [list(h) for h in self.history],
        }

    def text(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))


def save_text(match: Match) -> str:
    return SaveSnapshot(match).text()


def write_save(match: Match, path: Path) -> None:
    write_atomic(path, save_text(match))


def _read(path: Path) -> dict:
    """The file's JSON if it is a save this version can read, its fields within the limits
    (see check_fields); SaveError otherwise."""
    try:
        data = read_versioned(read_small_file(path, MAX_SAVE_BYTES), SAVE_VERSION, "save",
                              lambda raw: "version" in raw and "state" in raw)
    except FileNotFoundError:
        raise SaveError(f"{path.name} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"{path.name} cannot be read ({exc.strerror}).") from exc
    except FileProblem as exc:
        raise _told(path, exc) from None
    if data["version"] < FIRST_PLAYABLE:
        raise SaveError(f"{path.name} was made with an older edition of the game, before the published tiles "
                        "and board, so it cannot be continued here.", kept_as="older")
    try:
        check_fields(data)
    except Refused as exc:
        raise _told(path, exc) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name} is damaged ({exc}).") from None
    return data


def _told(path: Path, exc: ValueError) -> SaveError:
    """The problem ("it is too large") told of the file ("game.json is too large."), with what
    to do about a newer save."""
    kept_as = getattr(exc, "kept_as", "damaged")
    advice = ", so this one cannot open it. Update the game to play it" if kept_as == "newer" else ""
    return SaveError(f"{path.name} {str(exc).removeprefix('it ')}{advice}.", kept_as=kept_as)


def read_match(path: Path, bus: Bus, **options) -> RecordedMatch:
    """The match in a save, after its actions were replayed and found to lead to its position."""
    seats, state, actions, log_lines, history = _contents(path)
    return RecordedMatch(seats, bus, state=state, log=log_lines, history=history, actions=actions, **options)


def check_save(path: Path, state: State) -> None:
    """Raise SaveError unless the save at `path` replays to `state` (the position on screen)."""
    if _contents(path)[1] != state:
        raise SaveError(f"{path.name} does not hold the position on screen.")


def _contents(path: Path) -> tuple[list[Seat], State, list[Action] | None, list[str], list[tuple]]:
    """A save's seats, state, actions, log and score history, its actions checked by replay."""
    data = _read(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        state = load_state(data["state"])
        raw_actions = data["actions"]
        actions = None if raw_actions is None else [Action.from_json(a) for a in raw_actions]
        if actions is not None and replay(len(seats), data["seed"], actions) != state:
            raise SaveError(f"{path.name} is damaged: its actions do not lead to its position.")
        return seats, state, actions, list(data["log"]), [tuple(h) for h in data["history"]]
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, StateError, ActionError, RulesError) as exc:
        raise SaveError(f"{path.name} is damaged ({exc}).") from exc


def open_match(path: Path, bus: Bus, **options) -> RecordedMatch:
    """read_match, but a file that cannot be played is set aside first and the message says where."""
    try:
        return read_match(path, bus, **options)
    except SaveError as exc:
        raise _set_aside(path, exc) from exc


def describe_save(path: Path) -> SaveInfo:
    data = _read(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        st = data["state"]
        who = ", ".join(s.name + (" (bot)" if s.is_bot else "") for s in seats)
        when = "finished" if st["game_over"] else f"year {st['year']}, round {st['round']}"
        return SaveInfo(path, f"{who} - {when}", float(data["saved_at"]), bool(st["game_over"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name} is damaged ({exc}).") from exc


def list_saves(data_dir: Path) -> SaveListing:
    """The saves (the autosave included), newest first; files that cannot be read are set aside."""
    paths = [data_dir / AUTOSAVE] + sorted((data_dir / SAVES_DIR).glob("*.json"))
    listing = SaveListing()
    for path in paths:
        if not path.exists() or is_set_aside(path):
            continue
        try:
            listing.append(describe_save(path))
        except SaveError as exc:
            listing.problems.append(str(_set_aside(path, exc)))
    listing.sort(key=lambda i: -i.saved_at)
    return listing


def unfinished_autosave(data_dir: Path) -> bool:
    """Whether Continue has something to offer: an autosave that is not a finished game.
    A file that cannot be read counts, so that Continue can say what is wrong with it."""
    path = data_dir / AUTOSAVE
    try:
        return path.exists() and not describe_save(path).finished
    except SaveError:
        return True


def keep_unfinished(data_dir: Path) -> Path | None:
    """Move an unfinished game's autosave (or one that cannot be read, for Load to explain)
    under saves/, so that a new game does not overwrite it; returns where it went."""
    if not unfinished_autosave(data_dir):
        return None
    kept = unused_path(data_dir / SAVES_DIR, f"unfinished_{time.strftime('%Y-%m-%d_%H-%M-%S')}", ".json")
    kept.parent.mkdir(parents=True, exist_ok=True)
    os.replace(data_dir / AUTOSAVE, kept)
    log.info("the unfinished game in the autosave is kept as %s", kept)
    return kept


def _set_aside(path: Path, exc: SaveError) -> SaveError:
    if not path.exists():
        return exc
    try:
        kept = set_aside_as(path, exc)
    except OSError as err:
        log.warning("%s could not be set aside: %s", path, err)
        return exc
    log.warning("%s Set aside as %s.", exc, kept)
    return SaveError(f"{exc} It is kept as {kept.name}.", kept_as=exc.kept_as)


def new_save_path(data_dir: Path) -> Path:
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    return data_dir / SAVES_DIR / f"game_{stamp}.json"
