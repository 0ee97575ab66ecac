"""Checking a state that came from outside (a save, a scenario, the protocol) before play uses it.

`State.from_json` trusts its input; `load_state` checks every type, range, catalogue id and
cross-reference first, then makes sure the rules can run on the result. Any problem raises
StateError with the path to the bad value.
"""
from __future__ import annotations

import json
from typing import Any

from .actions import Action
from .catalogue import LAST_YEAR, MISSION_TYPES, PLAYER_COUNTS, RESOURCES, SHAPES, YEARS, load as load_catalogue
from .invariants import InvariantError, check_components, check_seat
from .observation import observe
from .rules import MAX_WORK, apply_action, legal_actions
from .ring import HANGARS, RING, WHEEL_BAYS
from .state import (
    ACTION, ACTIVE, BOARD, COLOUR, EXHAUSTED, LEDGER_SOURCES, OPTIONAL_SOURCES, OVER, PAY, PENDING_KEYS, PLACE,
    RETURNING, SEAT_KEYS, SHAPE, STATE_KEYS, TURN, UPGRADE, VERSION, WORK, State,
)

PHASES = (TURN, ACTION, WORK, PAY, COLOUR, SHAPE, UPGRADE, PLACE, OVER)
WHERE = (ACTIVE, EXHAUSTED, BOARD, RETURNING)


class StateError(ValueError):
    """A state that cannot be loaded; the message names the bad value's path."""


def short_repr(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_state(raw: Any) -> State:
    """A State built from untrusted JSON data, or StateError saying what is wrong."""
    validate_state(raw)
    try:
        state = State.from_json(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise StateError(f"{type(exc).__name__}: {exc}") from None
    try:
        check_components(state)
        for i in range(state.n):
            check_seat(state, i)
    except InvariantError as exc:
        raise StateError(str(exc)) from None
    problem = _smoke_test(state)
    if problem:
        raise StateError(problem)
    return state


class _Checker:
    """Type and range checks: the first problem raises StateError naming the path to the bad value."""

    def __init__(self) -> None:
        cat = load_catalogue()
        self.tiles = cat.tiles
        self.deck_modules = cat.deck_modules
        self.experiments = cat.experiments
        self.missions = cat.missions

    @staticmethod
    def fail(path: str, what: str) -> None:
        raise StateError(f"{path}: {what}")

    def obj(self, d: Any, path: str, keys: tuple[str, ...]) -> dict:
        if not isinstance(d, dict):
            self.fail(path, f"must be an object, got {short_repr(d)}")
        for k in keys:
            if k not in d:
                self.fail(path, f"missing '{k}'")
        return d

    def integer(self, v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
        if not is_int(v):
            self.fail(path, f"must be an integer, got {short_repr(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            span = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
            self.fail(path, f"must be {span}, got {v}")
        return v

    def seq(self, v: Any, path: str, length: int | None = None) -> list:
        if not isinstance(v, list):
            self.fail(path, f"must be a list, got {short_repr(v)}")
        if length is not None and len(v) != length:
            self.fail(path, f"must have {length} entries, has {len(v)}")
        return v

    def cell(self, v: Any, path: str) -> tuple[int, int]:
        if not isinstance(v, list) or len(v) != 2 or not all(is_int(x) for x in v):
            self.fail(path, f"must be a cell [x, y] of integers, got {short_repr(v)}")
        return (v[0], v[1])

    def id_in(self, v: Any, known: Any, path: str, what: str, nullable: bool = False) -> None:
        if v is None and nullable:
            return
        if not isinstance(v, str) or v not in known:
            self.fail(path, f"unknown {what} id {short_repr(v)}")


def validate_state(d: Any) -> None:
    """Raise StateError on anything State.from_json would accept but the rules could not use:
    wrong types, out-of-range numbers, unknown catalogue ids, inconsistent shapes."""
    c = _Checker()
    c.obj(d, "state", STATE_KEYS)
    if d["version"] != VERSION or isinstance(d["version"], bool):
        c.fail("version", f"unsupported state version {short_repr(d['version'])} (expected {VERSION})")
    n = c.integer(d["players"], "players")
    if n not in PLAYER_COUNTS:
        c.fail("players", f"a game has 2 to 4 seats, got {n}")
    c.integer(d["seed"], "seed")
    c.integer(d["year"], "year", YEARS[0], LAST_YEAR)
    c.integer(d["round"], "round", 1)
    c.integer(d["turn"], "turn", 0)
    c.integer(d["arm"], "arm", 0, RING - 1)
    c.integer(d["patch"], "patch", 0, n - 1)

    for i, t in enumerate(c.seq(d["hangars"], "hangars", HANGARS)):
        c.id_in(t, c.deck_modules, f"hangars[{i}]", "module", nullable=True)
    for y, deck in enumerate(c.seq(d["decks"], "decks", len(YEARS))):
        for i, t in enumerate(c.seq(deck, f"decks[{y}]")):
            c.id_in(t, c.deck_modules, f"decks[{y}][{i}]", "module")
    for y, deck in enumerate(c.seq(d["experiment_decks"], "experiment_decks", len(YEARS))):
        for i, e in enumerate(c.seq(deck, f"experiment_decks[{y}]")):
            c.id_in(e, c.experiments, f"experiment_decks[{y}][{i}]", "experiment")
    for i, e in enumerate(c.seq(d["experiments"], "experiments", WHEEL_BAYS)):
        c.id_in(e, c.experiments, f"experiments[{i}]", "experiment", nullable=True)
    for i, t in enumerate(c.seq(d["removed"], "removed")):
        if not isinstance(t, str) or (t not in c.deck_modules and t not in c.experiments):
            c.fail(f"removed[{i}]", f"unknown module or experiment id {short_repr(t)}")
    for i, m in enumerate(c.seq(d["missions"], "missions", len(MISSION_TYPES))):
        c.id_in(m, c.missions, f"missions[{i}]", "mission")
    for i, h in enumerate(c.seq(d["holders"], "holders", len(MISSION_TYPES))):
        if h is not None:
            c.integer(h, f"holders[{i}]", 0, n - 1)

    phase = d["phase"]
    if phase not in PHASES:
        c.fail("phase", f"unknown phase {short_repr(phase)}; known: {', '.join(PHASES)}")
    if "game_over" in d and d["game_over"] is not (phase == OVER):
        c.fail("game_over", f"must be {str(phase == OVER).lower()} in phase '{phase}'")
    cur = d["current_player"]
    if phase == OVER:
        if cur is not None:
            c.integer(cur, "current_player", 0, n - 1)
    else:
        c.integer(cur, "current_player", 0, n - 1)

    seats = c.seq(d["seats"], "seats", n)
    for i, seat in enumerate(seats):
        _validate_seat(c, seat, f"seats[{i}]")
    if "scores" in d:
        want = [sum(seat["ledger"].values()) for seat in seats]
        if d["scores"] != want:
            c.fail("scores", f"must match the seats' ledgers: {want}, got {short_repr(d['scores'])}")

    _validate_pending(c, d, n, phase, cur)


def _validate_seat(c: _Checker, seat: Any, path: str) -> None:
    c.obj(seat, path, SEAT_KEYS)
    cells = set()
    for i, e in enumerate(c.seq(seat["base"], f"{path}.base")):
        p = f"{path}.base[{i}]"
        c.obj(e, p, ("cell", "tile", "stock"))
        cell = c.cell(e["cell"], f"{p}.cell")
        if cell in cells:
            c.fail(f"{p}.cell", f"two tiles on cell {list(cell)}")
        cells.add(cell)
        c.id_in(e["tile"], c.tiles, f"{p}.tile", "tile")
        spec = c.tiles[e["tile"]]
        if spec.kind == "obstacle":
            c.integer(e["stock"], f"{p}.stock", 1, spec.max_stock)
        else:
            c.integer(e["stock"], f"{p}.stock", 0, spec.max_stock)
        if "shape" in e:
            if spec.shape != "wild":
                c.fail(f"{p}.shape", "only a wild greenhouse records a shape")
            if e["shape"] not in SHAPES:
                c.fail(f"{p}.shape", f"unknown shape {short_repr(e['shape'])}; known: {', '.join(SHAPES)}")
    standing = set()
    for i, a in enumerate(c.seq(seat["astronauts"], f"{path}.astronauts")):
        p = f"{path}.astronauts[{i}]"
        c.obj(a, p, ("work", "where", "at"))
        c.integer(a["work"], f"{p}.work", 1, MAX_WORK)
        where, at = a["where"], a["at"]
        if where not in WHERE:
            c.fail(f"{p}.where", f"unknown place {short_repr(where)}; known: {', '.join(WHERE)}")
        if where in (ACTIVE, EXHAUSTED):
            cell = c.cell(at, f"{p}.at")
            if cell in cells or cell in standing:
                c.fail(f"{p}.at", f"cell {list(cell)} is taken")
            standing.add(cell)
        elif where == BOARD:
            c.integer(at, f"{p}.at", 0, RING - 1)
        elif at is not None:
            c.fail(f"{p}.at", "a returning astronaut has no position (null)")
    c.integer(seat["research"], f"{path}.research", 0, load_catalogue().research_cap)
    c.integer(seat["science"], f"{path}.science", 0)
    ledger = seat["ledger"]
    required = set(LEDGER_SOURCES) - set(OPTIONAL_SOURCES)
    if not isinstance(ledger, dict) or not required <= set(ledger) <= set(LEDGER_SOURCES):
        c.fail(f"{path}.ledger", f"must be an object with exactly {', '.join(LEDGER_SOURCES)}")
    for k in ledger:
        c.integer(ledger[k], f"{path}.ledger.{k}")
    if "score" in seat and seat["score"] != sum(ledger.values()):
        c.fail(f"{path}.score", f"must equal the ledger's sum {sum(ledger.values())}")
    for i, e in enumerate(c.seq(seat["experiments"], f"{path}.experiments")):
        c.id_in(e, c.experiments, f"{path}.experiments[{i}]", "experiment")
    for i, g in enumerate(c.seq(seat["groups"], f"{path}.groups")):
        c.integer(g, f"{path}.groups[{i}]", 1, 7)


def _validate_pending(c: _Checker, d: dict, n: int, phase: str, cur: Any) -> None:
    pend = c.obj(d["pending"], "pending", PENDING_KEYS)
    c.integer(pend["work_left"], "pending.work_left", 0)
    c.integer(pend["upgrades"], "pending.upgrades", 0)
    for i, x in enumerate(c.seq(pend["progress"], "pending.progress", 3)):
        c.integer(x, f"pending.progress[{i}]", 0)
    need = pend["need"]
    if not isinstance(need, dict):
        c.fail("pending.need", f"must be an object of resource counts, got {short_repr(need)}")
    for r, k in need.items():
        if r not in RESOURCES:
            c.fail("pending.need", f"unknown resource {short_repr(r)}; known: {', '.join(RESOURCES)}")
        c.integer(k, f"pending.need.{r}", 0)
    for i, x in enumerate(c.seq(pend["placing"], "pending.placing")):
        c.integer(x, f"pending.placing[{i}]", 0, n - 1)
    target = pend["target"]
    if target is not None and target != []:
        if (not isinstance(target, list) or len(target) != 2
                or target[0] not in ("module", "experiment") or not is_int(target[1])):
            c.fail("pending.target", f"must be null, [\"module\", 1..7] or [\"experiment\", 0..6], "
                                     f"got {short_repr(target)}")
        kind, k = target
        live = phase in (PAY, COLOUR, SHAPE)  # later phases keep a spent target around
        if live and kind == "module" and not (1 <= k <= HANGARS and d["hangars"][k - 1] is not None):
            c.fail("pending.target", f"hangar {k} holds no module")
        if live and kind == "experiment" and not (0 <= k < WHEEL_BAYS and d["experiments"][k] is not None):
            c.fail("pending.target", f"experiment space {k} is empty")
        if kind == "experiment" and phase in (COLOUR, SHAPE):
            c.fail("pending.target", f"phase '{phase}' follows a module, not an experiment")
    elif phase in (PAY, COLOUR, SHAPE):
        c.fail("pending.target", f"phase '{phase}' needs a target")
    sel = pend["astronaut"]
    if phase in (ACTION, WORK, PAY, COLOUR, SHAPE):
        astros = d["seats"][cur]["astronauts"]
        c.integer(sel, "pending.astronaut", 0, len(astros) - 1)
        if astros[sel]["where"] != ACTIVE:
            c.fail("pending.astronaut", f"the acting astronaut must be active in phase '{phase}'")
    elif sel is not None:
        c.integer(sel, "pending.astronaut", 0)
    if phase == PAY and not any(need.values()):
        c.fail("pending.need", "phase 'pay' needs something left to pay")
    if phase == PLACE:
        placing = pend["placing"]
        if not placing or placing[0] != cur:
            c.fail("pending.placing", "in phase 'place' the current player comes first in 'placing'")
        if not any(a["where"] == RETURNING for a in d["seats"][cur]["astronauts"]):
            c.fail("pending.placing", "the current player has no returning astronaut to place")
    if phase == TURN and not any(a["where"] == ACTIVE for a in d["seats"][cur]["astronauts"]):
        c.fail("current_player", "the player to move has no active astronaut")


def _smoke_test(s: State) -> str | None:
    """A loaded state must survive what the protocol will do with it (list, view, and the legal
    actions, tried on copies) and must not leave the player to move without a choice."""
    try:
        for seat in range(s.n):
            observe(s, seat)
        json.dumps(s.to_json(), allow_nan=False)
        actions = legal_actions(s)
        for action in _one_of_each(s, actions):
            apply_action(s.copy(), action)
    except Exception as exc:  # noqa: BLE001
        return f"the rules cannot use it ({type(exc).__name__}: {exc})"
    if not actions and not s.game_over:
        return f"the player to move has no legal action in phase '{s.phase}'"
    return None


def _one_of_each(s: State, actions: list[Action]) -> list[Action]:
    """One action for each way the rules can play out: actions that differ only in the cell
    they name do the same to the same tile and stock (or to an empty cell). Trying every one
    would copy the state once per cell of the base, so the load would grow with the square of
    the base's size; the catalogue bounds how many this keeps."""
    base = s.players[s.current].base
    kept: dict[tuple, Action] = {}
    for a in actions:
        key = (a.kind,) + tuple(base.get(x, ()) if isinstance(x, tuple) else x for x in a[1:])
        kept.setdefault(key, a)
    return list(kept.values())
