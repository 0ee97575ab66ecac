"""Saved games: what a save holds (a match, checked by replaying its actions), the autosave
behind Continue, and what becomes of it when a new game takes its place.

A save is versioned JSON: the seats, the seed and every action since the deal, the action
ending a human's turn that waits for their confirmation (if any), and a snapshot of the
position (state, log, score history) to check the replay against. A match whose actions were
not recorded (a plain Match) is saved with `actions: null` and its snapshot alone. Reading,
listing and moving the files is storage's (storage/save_files.py).

When a new game takes the autosave's place, an unfinished game there is kept under saves/
(and the new game waits if it cannot be), a finished one under replays/, the last
KEPT_REPLAYS of them, until the player deletes them from the Load screen.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import NamedTuple

from ..engine import Action, ActionError, RulesError, State, replay
from ..language import _, listed, ngettext
from ..engine.ranges import ROUND_NUMBER, YEAR
from ..engine.validation import StateError, load_state
from ..storage.files import found, is_set_aside, write_atomic
from ..storage.save_files import (
    AUTOSAVE,
    KEPT_REPLAYS,
    REPLAYS_DIR,
    SAVE_VERSION,
    SAVES_DIR,
    SaveError,
    SaveInfo,
    SaveList,
    move_autosave,
    read_save,
    set_aside_save,
)
from ..storage.save_limits import MAX_HISTORY, TO_CONFIRM, kept_lines
from .bus import Bus
from .match import Match, Resumed, turn_to_confirm
from .record import RecordedMatch
from .seats import Seat

class SaveSnapshot:
    """What a save holds, captured cheaply (the state copied, the lists shallow-copied), so
    the JSON encoding can happen later on another thread while the match plays on."""

    __slots__ = ("saved_at", "seats", "state", "actions", "to_confirm", "log", "history")

    def __init__(self, match: Match) -> None:
        self.saved_at = time.time()
        self.seats = [seat.to_json() for seat in match.seats]
        self.state = match.state.copy()
        self.actions = None if match.actions is None else list(match.actions)
        self.to_confirm = None if match.pending is None else match.pending.action
        self.log = list(match.log)
        self.history = list(match.history)

    def to_json(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "saved_at": self.saved_at,
            "seats": self.seats,
            "seed": self.state.seed,
            "actions": None if self.actions is None else [a.to_json() for a in self.actions],
            # Not among the actions: it is played only once confirmed.
            TO_CONFIRM: None if self.to_confirm is None else self.to_confirm.to_json(),
            "state": self.state.to_json(),
            # The last lines and scores, as many as the loader takes (save_limits).
            "log": kept_lines(self.log),
            "history": [list(h) for h in self.history[-MAX_HISTORY:]],
        }

    def text(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))


def save_text(match: Match) -> str:
    return SaveSnapshot(match).text()


def write_save(match: Match, path: Path) -> None:
    write_atomic(path, save_text(match))


class Contents(NamedTuple):
    """What a save holds, its actions checked by replay."""

    seats: list[Seat]
    state: State
    actions: list[Action] | None
    to_confirm: Action | None  # ends the human turn in progress, once confirmed
    log: list[str]
    history: list[tuple]


def read_match(path: Path, bus: Bus, **options) -> RecordedMatch:
    """The match in a save, after its actions were replayed and found to lead to its position."""
    c = _contents(path)
    return RecordedMatch(c.seats, bus, resumed=Resumed(c.state, c.log, c.history, c.actions, c.to_confirm), **options)


def check_save(path: Path, snapshot: SaveSnapshot) -> None:
    """Raise SaveError unless the save at `path` replays to the position of `snapshot` (the one
    on screen), with the same end of a turn waiting for confirmation."""
    c = _contents(path)
    if (c.state, c.to_confirm) != (snapshot.state, snapshot.to_confirm):
        raise SaveError(_("{file} does not hold the position on screen.").format(file=path.name))


def _contents(path: Path) -> Contents:
    """What the save at `path` holds; SaveError if it cannot be played."""
    data = read_save(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        state = load_state(data["state"])
        if state.n != len(seats):
            raise SaveError(ngettext("{file} is damaged: its position has {count} player and it names {seats}.",
                                     "{file} is damaged: its position has {count} players and it names {seats}.",
                                     state.n).format(file=path.name, count=state.n, seats=len(seats)))
        raw_actions = data["actions"]
        actions = None if raw_actions is None else [Action.from_json(a) for a in raw_actions]
        if actions is not None and replay(len(seats), data["seed"], actions) != state:
            raise SaveError(_("{file} is damaged: its actions do not lead to its position.").format(file=path.name))
        raw_end = data.get(TO_CONFIRM)
        to_confirm = None if raw_end is None else Action.from_json(raw_end)
        if to_confirm is not None and turn_to_confirm(seats, state, to_confirm) is None:
            raise SaveError(_("{file} is damaged: the move it holds for confirmation does not end a human's turn.")
                            .format(file=path.name))
        return Contents(seats, state, actions, to_confirm, list(data["log"]), [tuple(h) for h in data["history"]])
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, StateError, ActionError, RulesError) as exc:
        raise damaged(path, exc) from exc


def damaged(path: Path, exc: Exception) -> SaveError:
    return SaveError(_("{file} is damaged ({error}).").format(file=path.name, error=exc))


def open_match(path: Path, bus: Bus, **options) -> RecordedMatch:
    """read_match, but a file that cannot be played is set aside first and the message says where."""
    try:
        return read_match(path, bus, **options)
    except SaveError as exc:
        raise set_aside_save(path, exc) from exc


def describe_save(path: Path) -> SaveInfo:
    """What the Load screen says of a save, from its fields alone (its position is checked
    when it is opened)."""
    data = read_save(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        st = data["state"]
        year, round_, over = st["year"], st["round"], st["game_over"]
        if not (YEAR.holds(year) and ROUND_NUMBER.holds(round_) and isinstance(over, bool)):
            raise ValueError(_("its year {year}, round {round} or end {end} is out of range")
                             .format(year=repr(year), round=repr(round_), end=repr(over)))
        who = listed([_("{name} (bot)").format(name=s.name) if s.is_bot else s.name for s in seats])
        when = _("finished") if over else _("year {year}, round {round}").format(year=year, round=round_)
        # Translators: a save in the Load screen's list: who played it, then how far it went.
        return SaveInfo(path, _("{players} - {progress}").format(players=who, progress=when), float(data["saved_at"]), over)
    except (KeyError, TypeError, ValueError) as exc:
        raise damaged(path, exc) from exc


def save_list(data_dir: Path) -> SaveList:
    """The saves of a data folder as the Load screen lists them."""
    return SaveList(data_dir, describe_save)


def unfinished_autosave(data_dir: Path) -> bool:
    """Whether Continue has something to offer: an autosave that is not a finished game.
    A file that cannot be read counts, so that Continue can say what is wrong with it; a
    folder that cannot be looked into (no search permission, a path too long) holds none."""
    path = data_dir / AUTOSAVE
    try:
        return found(path) and not describe_save(path).finished
    except SaveError:
        return True


def keep_unfinished(data_dir: Path, folder: Path | None = None) -> Path | None:
    """Move an unfinished game's autosave (or one that cannot be read, for Load to explain)
    under saves/ (or into `folder`), so that a new game does not overwrite it; returns where
    it went. OSError if it cannot be moved."""
    if not unfinished_autosave(data_dir):
        return None
    return move_autosave(data_dir, folder or data_dir / SAVES_DIR, "unfinished")


def keep_finished(data_dir: Path) -> Path | None:
    """Move a finished game's autosave under replays/, keeping the newest KEPT_REPLAYS there;
    returns where it went. OSError if it cannot be moved."""
    path = data_dir / AUTOSAVE
    try:
        if not found(path) or not describe_save(path).finished:
            return None
    except SaveError:
        return None
    kept = move_autosave(data_dir, data_dir / REPLAYS_DIR, "finished")
    replays = sorted((p for p in kept.parent.glob("finished_*.json") if not is_set_aside(p)), key=lambda p: p.name)
    for old in replays[:-KEPT_REPLAYS]:
        old.unlink(missing_ok=True)
    return kept
