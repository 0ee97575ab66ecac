"""The limits a save must keep before any of it is played: sizes, counts and ranges far beyond
a real game, so that a damaged or hostile file is refused at load instead of freezing the
drawing, eating memory, or being autosaved again to break every later Continue. The engine
checks the rules of the position itself (engine.validation); these are the controller's."""
from __future__ import annotations

import math

from ..engine.catalogue import PLAYER_COUNTS
from .limits import Refused, check

MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole 4-player game with its log is about 300 KB
MAX_ACTIONS = 20_000  # a 4-player game takes about 1,500
MAX_LOG_LINES = 20_000
MAX_LOG_TEXT = 500  # characters in one line of the log
MAX_HISTORY = 2_000  # score entries: one per turn
MAX_SCORE = 100_000
MAX_BASE_TILES = 200  # the whole catalogue holds fewer modules
MAX_COORD = 64  # how far from the start a base's cell may lie
MAX_SEED = 2**63
LATEST_SAVED_AT = 1e11  # seconds since 1970: the year 5138


def check_fields(data: dict) -> None:
    """Refused (a ValueError), KeyError or TypeError unless each field of a save's JSON is of
    its type and within its limits."""
    saved_at = data["saved_at"]
    if not _number(saved_at) or not 0 <= saved_at <= LATEST_SAVED_AT:
        raise Refused(f"its time {saved_at!r} is out of range")
    if not isinstance(data["seats"], list) or len(data["seats"]) not in PLAYER_COUNTS:
        raise Refused("it does not have 2 to 4 seats")
    seed = data.get("seed", 0)  # absent in version 1
    if not _number(seed) or isinstance(seed, float) or abs(seed) > MAX_SEED:
        raise Refused(f"its seed {seed!r} is out of range")
    _check_list(data.get("actions") or [], MAX_ACTIONS, "actions")
    check(data.get("actions") or [], max_items=MAX_ACTIONS, max_text=40, max_number=MAX_COORD, max_depth=3)
    _check_list(data["log"], MAX_LOG_LINES, "log lines", str)
    check(data["log"], max_items=MAX_LOG_LINES, max_text=MAX_LOG_TEXT)
    _check_list(data["history"], MAX_HISTORY, "score entries", list)
    players = len(data["seats"])
    for entry in data["history"]:
        if len(entry) != players or not all(_number(x) and not isinstance(x, float) for x in entry):
            raise Refused(f"its score history holds {entry!r}")
    check(data["history"], max_items=MAX_HISTORY, max_text=0, max_number=MAX_SCORE, max_depth=2)
    check_state(data["state"])


def check_state(state: dict) -> None:
    if not isinstance(state, dict):
        raise Refused("its position is not an object")
    check(state, max_items=500, max_text=64, max_number=MAX_SEED, max_depth=8)  # the seed is the largest
    for seat in state["seats"]:
        base = seat["base"]
        if len(base) > MAX_BASE_TILES:
            raise Refused(f"a base holds {len(base)} modules (at most {MAX_BASE_TILES})")
        for tile in base:
            _check_cell(tile["cell"])
        for astronaut in seat["astronauts"]:
            if isinstance(astronaut["at"], list):
                _check_cell(astronaut["at"])


def _check_cell(cell) -> None:
    if not isinstance(cell, list) or not all(_number(c) and abs(c) <= MAX_COORD for c in cell):
        raise Refused(f"a cell at {cell!r} is out of range")


def _check_list(value, most: int, what: str, kind: type | None = None) -> None:
    if not isinstance(value, list) or len(value) > most:
        raise Refused(f"its {what} are not a list of at most {most}")
    if kind is not None and not all(isinstance(x, kind) for x in value):
        raise Refused(f"its {what} hold an entry of the wrong kind")


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
