"""Saved games on disk: the autosave behind Continue, and named saves for Load.

A save holds the seats, the full state, the log and the score history, as JSON. The
state is checked by the engine's validation before a match is built from it.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine.validation import StateError, load_state
from .bus import Bus
from .match import Match
from .seats import Seat

SAVE_VERSION = 1
AUTOSAVE = "autosave.json"
SAVES_DIR = "saves"


class SaveError(ValueError):
    """A save file that cannot be read back; the message says why."""


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    title: str  # "Kayla, Yuko (bot) - year 2, round 5"
    saved_at: float


def match_to_json(match: Match) -> dict:
    return {
        "version": SAVE_VERSION,
        "saved_at": time.time(),
        "seats": [seat.to_json() for seat in match.seats],
        "state": match.state.to_json(),
        "log": list(match.log),
        "history": [list(h) for h in match.history],
    }


def write_save(match: Match, path: Path) -> None:
    """Write atomically, so a crash mid-write never leaves a broken save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(match_to_json(match)), encoding="utf-8")
    os.replace(tmp, path)


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SaveError(f"{path.name} cannot be read: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        raise SaveError(f"{path.name} is not a save of this version")
    return data


def read_match(path: Path, bus: Bus, **options) -> Match:
    data = _read(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        state = load_state(data["state"])
        history = [tuple(h) for h in data["history"]]
        return Match(seats, bus, state=state, log=list(data["log"]), history=history, **options)
    except (KeyError, TypeError, ValueError, StateError) as exc:
        raise SaveError(f"{path.name} is damaged: {exc}") from exc


def describe_save(path: Path) -> SaveInfo:
    data = _read(path)
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        st = data["state"]
        who = ", ".join(s.name + (" (bot)" if s.is_bot else "") for s in seats)
        when = "finished" if st["game_over"] else f"year {st['year']}, round {st['round']}"
        return SaveInfo(path, f"{who} - {when}", float(data["saved_at"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name} is damaged: {exc}") from exc


def list_saves(data_dir: Path) -> list[SaveInfo]:
    """Readable saves, newest first (the autosave included); unreadable ones are skipped."""
    paths = [data_dir / AUTOSAVE] + sorted((data_dir / SAVES_DIR).glob("*.json"))
    infos = []
    for path in paths:
        if path.exists():
            try:
                infos.append(describe_save(path))
            except SaveError:
                continue
    return sorted(infos, key=lambda i: -i.saved_at)


def new_save_path(data_dir: Path) -> Path:
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    return data_dir / SAVES_DIR / f"game_{stamp}.json"
