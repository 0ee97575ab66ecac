"""Checking a state that came from outside (a save, a scenario, the protocol) before play uses it.

`State.from_json` trusts its input; `load_state` checks every type, range, catalogue id and
cross-reference first, then makes sure the rules can run on the result. Any problem raises
StateError with the path to the bad value.
"""
from __future__ import annotations

import json
from typing import Any

from ..language import N_, _, ngettext
from .actions import Action
from .catalogue import MISSION_TYPES, RESOURCES, SHAPES, YEARS, load as load_catalogue
from .horizon import problem as horizon_problem
from .invariants import DECIDING, InvariantError, check_components, check_decision, check_points, check_seat
from .observation import observe
from .phases import MID_TURN, PHASES
from .ranges import (
    ASTRONAUT_WORK, BASE_TILES, BAY, COORD, GROUP, NEED, PLAYERS, RING_SPOT, ROUND_NUMBER, SCIENCE, SEED,
    SLOT, TURN_NUMBER, UPGRADES, YEAR, Range, is_int,
)
from .rules import apply_action, legal_actions
from .ring import HANGARS, WHEEL_BAYS
from .state import (
    ACTIVE, ASTRONAUTS, BOARD, COLOUR, EXHAUSTED, LEDGER_SOURCES, OPTIONAL_SOURCES, OVER, PAY, PENDING_KEYS,
    PLACE, PLACES, RETURNING, SEAT_KEYS, SHAPE, STATE_KEYS, TURN, UPGRADE, VERSION, WORK, State, ledger_span,
)

__all__ = ["PHASES", "StateError", "is_int", "load_state", "short_repr", "validate_state"]


class StateError(ValueError):
    """A state that cannot be loaded; the message names the bad value's path."""


def short_repr(value: Any, limit: int = 60) -> str:
    """`value` for a message, cut to `limit` characters (a huge integer by its size alone)."""
    if is_int(value) and value.bit_length() > 4 * limit:
        return _("an integer of {bits} bits").format(bits=value.bit_length())
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def load_state(raw: Any) -> State:
    """A State built from untrusted JSON data, or StateError saying what is wrong."""
    validate_state(raw)
    try:
        state = State.from_json(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise StateError(f"{type(exc).__name__}: {exc}") from None
    if state.phase not in DECIDING:
        state.target = None  # spent and left behind by older saves: nothing refers to it
    try:
        check_components(state)
        check_decision(state)
        for i in range(state.n):
            check_seat(state, i)
            check_points(state, i)
    except InvariantError as exc:
        raise StateError(str(exc)) from None
    why = horizon_problem(state)
    problem = why.sentence if why else _smoke_test(state)
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
            self.fail(path, _("must be an object, got {value}").format(value=short_repr(d)))
        for k in keys:
            if k not in d:
                self.fail(path, _("missing '{key}'").format(key=k))
        return d

    def integer(self, v: Any, path: str, span: Range) -> int:
        """`v`, if it is an integer in `span`; compared as integers, so any size is answered."""
        if not is_int(v):
            self.fail(path, _("must be an integer, got {value}").format(value=short_repr(v)))
        if not span.holds(v):
            self.fail(path, _("must be from {lo} to {hi}, got {value}").format(lo=span.lo, hi=span.hi, value=short_repr(v)))
        return v

    def seq(self, v: Any, path: str, length: int | None = None, most: int | None = None) -> list:
        if not isinstance(v, list):
            self.fail(path, _("must be a list, got {value}").format(value=short_repr(v)))
        if length is not None and len(v) != length:
            self.fail(path, ngettext("must have {length} entry, has {count}", "must have {length} entries, has {count}",
                                     length).format(length=length, count=len(v)))
        if most is not None and len(v) > most:
            self.fail(path, ngettext("must have at most {most} entry, has {count}", "must have at most {most} entries, has {count}",
                                     most).format(most=most, count=len(v)))
        return v

    def cell(self, v: Any, path: str) -> tuple[int, int]:
        if not isinstance(v, list) or len(v) != 2 or not all(is_int(x) for x in v):
            self.fail(path, _("must be a cell [x, y] of integers, got {value}").format(value=short_repr(v)))
        if not (COORD.holds(v[0]) and COORD.holds(v[1])):
            self.fail(path, _("a cell's x and y must be from {lo} to {hi}, got {value}").format(
                lo=COORD.lo, hi=COORD.hi, value=short_repr(v)))
        return (v[0], v[1])

    def id_in(self, v: Any, known: Any, path: str, unknown: str, nullable: bool = False) -> None:
        """`unknown` (one of UNKNOWN_IDS) tells an id not in `known`."""
        if v is None and nullable:
            return
        if not isinstance(v, str) or v not in known:
            self.fail(path, _(unknown).format(value=short_repr(v)))


# What an id that is not in the catalogue is told as, by what it should name.
UNKNOWN_MODULE = N_("unknown module id {value}")
UNKNOWN_EXPERIMENT = N_("unknown experiment id {value}")
UNKNOWN_MISSION = N_("unknown mission id {value}")
UNKNOWN_TILE = N_("unknown tile id {value}")


def validate_state(d: Any) -> None:
    """Raise StateError on anything State.from_json would accept but the rules could not use:
    wrong types, numbers out of their ranges (engine/ranges.py), unknown catalogue ids,
    inconsistent shapes, decisions that cannot be taken."""
    c = _Checker()
    c.obj(d, "state", STATE_KEYS)
    if d["version"] != VERSION or not is_int(d["version"]):
        c.fail("version", _("unsupported state version {version} (expected {expected})").format(
            version=short_repr(d["version"]), expected=VERSION))
    n = c.integer(d["players"], "players", PLAYERS)
    seats = Range(0, n - 1)
    c.integer(d["seed"], "seed", SEED)
    year = c.integer(d["year"], "year", YEAR)
    c.integer(d["round"], "round", ROUND_NUMBER)
    c.integer(d["turn"], "turn", TURN_NUMBER)
    c.integer(d["arm"], "arm", RING_SPOT)
    c.integer(d["patch"], "patch", seats)

    for i, t in enumerate(c.seq(d["hangars"], "hangars", HANGARS)):
        c.id_in(t, c.deck_modules, f"hangars[{i}]", UNKNOWN_MODULE, nullable=True)
    for y, deck in enumerate(c.seq(d["decks"], "decks", len(YEARS))):
        for i, t in enumerate(c.seq(deck, f"decks[{y}]", most=len(c.deck_modules))):
            c.id_in(t, c.deck_modules, f"decks[{y}][{i}]", UNKNOWN_MODULE)
    for y, deck in enumerate(c.seq(d["experiment_decks"], "experiment_decks", len(YEARS))):
        for i, e in enumerate(c.seq(deck, f"experiment_decks[{y}]", most=len(c.experiments))):
            c.id_in(e, c.experiments, f"experiment_decks[{y}][{i}]", UNKNOWN_EXPERIMENT)
        if y + 1 > year and len(deck) < WHEEL_BAYS:
            c.fail(f"experiment_decks[{y}]", _("year {year} deals {dealt} experiments, its deck holds {count}").format(
                year=y + 1, dealt=WHEEL_BAYS, count=len(deck)))
    for i, e in enumerate(c.seq(d["experiments"], "experiments", WHEEL_BAYS)):
        c.id_in(e, c.experiments, f"experiments[{i}]", UNKNOWN_EXPERIMENT, nullable=True)
    for i, t in enumerate(c.seq(d["removed"], "removed", most=len(c.deck_modules) + len(c.experiments))):
        if not isinstance(t, str) or (t not in c.deck_modules and t not in c.experiments):
            c.fail(f"removed[{i}]", _("unknown module or experiment id {value}").format(value=short_repr(t)))
    for i, m in enumerate(c.seq(d["missions"], "missions", len(MISSION_TYPES))):
        c.id_in(m, c.missions, f"missions[{i}]", UNKNOWN_MISSION)
    for i, h in enumerate(c.seq(d["holders"], "holders", len(MISSION_TYPES))):
        if h is not None:
            c.integer(h, f"holders[{i}]", seats)

    phase = d["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        c.fail("phase", _("unknown phase {value}; known: {known}").format(value=short_repr(phase), known=", ".join(PHASES)))
    if "game_over" in d and d["game_over"] is not (phase == OVER):
        c.fail("game_over", _("must be {value} in phase '{phase}'").format(value=json.dumps(phase == OVER), phase=phase))
    cur = d["current_player"]
    if phase != OVER or cur is not None:
        c.integer(cur, "current_player", seats)

    for i, seat in enumerate(c.seq(d["seats"], "seats", n)):
        _validate_seat(c, seat, f"seats[{i}]")
    if "scores" in d:
        want = [sum(seat["ledger"].values()) for seat in d["seats"]]
        if d["scores"] != want:
            c.fail("scores", _("must match the seats' ledgers: {want}, got {value}").format(want=want, value=short_repr(d["scores"])))

    _validate_pending(c, d, n, phase, cur)


def _validate_seat(c: _Checker, seat: Any, path: str) -> None:
    c.obj(seat, path, SEAT_KEYS)
    cells = set()
    for i, e in enumerate(c.seq(seat["base"], f"{path}.base", most=BASE_TILES.hi)):
        p = f"{path}.base[{i}]"
        c.obj(e, p, ("cell", "tile", "stock"))
        cell = c.cell(e["cell"], f"{p}.cell")
        if cell in cells:
            c.fail(f"{p}.cell", _("two tiles on cell {cell}").format(cell=list(cell)))
        cells.add(cell)
        c.id_in(e["tile"], c.tiles, f"{p}.tile", UNKNOWN_TILE)
        spec = c.tiles[e["tile"]]
        c.integer(e["stock"], f"{p}.stock", Range(1 if spec.kind == "obstacle" else 0, spec.max_stock))
        if "shape" in e:
            if spec.shape != "wild":
                c.fail(f"{p}.shape", _("only a wild greenhouse records a shape"))
            if e["shape"] not in SHAPES:
                c.fail(f"{p}.shape", _("unknown shape {value}; known: {known}").format(value=short_repr(e["shape"]), known=", ".join(SHAPES)))
    standing = set()
    for i, a in enumerate(c.seq(seat["astronauts"], f"{path}.astronauts", ASTRONAUTS)):
        p = f"{path}.astronauts[{i}]"
        c.obj(a, p, ("work", "where", "at"))
        c.integer(a["work"], f"{p}.work", ASTRONAUT_WORK)
        where, at = a["where"], a["at"]
        if not isinstance(where, str) or where not in PLACES:
            c.fail(f"{p}.where", _("unknown place {value}; known: {known}").format(value=short_repr(where), known=", ".join(PLACES)))
        if where in (ACTIVE, EXHAUSTED):
            cell = c.cell(at, f"{p}.at")
            if cell in cells or cell in standing:
                c.fail(f"{p}.at", _("cell {cell} is taken").format(cell=list(cell)))
            standing.add(cell)
        elif where == BOARD:
            c.integer(at, f"{p}.at", RING_SPOT)
        elif at is not None:
            c.fail(f"{p}.at", _("a returning astronaut has no position (null)"))
    c.integer(seat["research"], f"{path}.research", Range(0, load_catalogue().research_cap))
    c.integer(seat["science"], f"{path}.science", SCIENCE)
    ledger = seat["ledger"]
    required = set(LEDGER_SOURCES) - set(OPTIONAL_SOURCES)
    if not isinstance(ledger, dict) or not required <= set(ledger) <= set(LEDGER_SOURCES):
        c.fail(f"{path}.ledger", _("must be an object with exactly {keys}").format(keys=", ".join(LEDGER_SOURCES)))
    for k in ledger:
        c.integer(ledger[k], f"{path}.ledger.{k}", ledger_span(k))
    if "score" in seat and seat["score"] != sum(ledger.values()):
        c.fail(f"{path}.score", _("must equal the ledger's sum {total}").format(total=sum(ledger.values())))
    for i, e in enumerate(c.seq(seat["experiments"], f"{path}.experiments", most=len(c.experiments))):
        c.id_in(e, c.experiments, f"{path}.experiments[{i}]", UNKNOWN_EXPERIMENT)
    for i, g in enumerate(c.seq(seat["groups"], f"{path}.groups", most=len(c.experiments))):
        c.integer(g, f"{path}.groups[{i}]", GROUP)


def _validate_pending(c: _Checker, d: dict, n: int, phase: str, cur: Any) -> None:
    """The decision in progress: one the player to move can take, and take to its end."""
    pend = c.obj(d["pending"], "pending", PENDING_KEYS)
    astros = d["seats"][cur]["astronauts"] if cur is not None else []
    sel = pend["astronaut"]
    if phase in MID_TURN or phase == UPGRADE:
        c.integer(sel, "pending.astronaut", Range(0, ASTRONAUTS - 1))
        if phase in MID_TURN and astros[sel]["where"] != ACTIVE:
            c.fail("pending.astronaut", _("the acting astronaut must be active in phase '{phase}'").format(phase=phase))
    elif sel is not None:
        c.fail("pending.astronaut", _("no astronaut acts in phase '{phase}', got {value}").format(phase=phase, value=short_repr(sel)))
    # Work left is spent in the work phase only, and never more than the acting astronaut's work.
    work_left = pend["work_left"]
    if phase == WORK:
        c.integer(work_left, "pending.work_left", Range(1, astros[sel]["work"]))
    else:
        c.integer(work_left, "pending.work_left", Range(0, ASTRONAUT_WORK.hi))
    upgrades = c.integer(pend["upgrades"], "pending.upgrades", UPGRADES)
    if phase == UPGRADE and not upgrades:
        c.fail("pending.upgrades", _("phase 'upgrade' needs an upgrade to give"))
    for i, x in enumerate(c.seq(pend["progress"], "pending.progress", 3)):
        c.integer(x, f"pending.progress[{i}]", Range(0, 2))  # three basics make one advanced
    need = pend["need"]
    if not isinstance(need, dict):
        c.fail("pending.need", _("must be an object of resource counts, got {value}").format(value=short_repr(need)))
    for r, k in need.items():
        if r not in RESOURCES:
            c.fail("pending.need", _("unknown resource {value}; known: {known}").format(value=short_repr(r), known=", ".join(RESOURCES)))
        c.integer(k, f"pending.need.{r}", NEED)
    if phase == PAY and not any(need.values()):
        c.fail("pending.need", _("phase 'pay' needs something left to pay"))
    _validate_target(c, d, pend["target"], phase)
    _validate_placing(c, d, c.seq(pend["placing"], "pending.placing", most=n), n, phase, cur)
    if phase == TURN and not any(a["where"] == ACTIVE for a in astros):
        c.fail("current_player", _("the player to move has no active astronaut"))


def _validate_target(c: _Checker, d: dict, target: Any, phase: str) -> None:
    if target is None or target == []:
        if phase in DECIDING:
            c.fail("pending.target", _("phase '{phase}' needs a target").format(phase=phase))
        return
    if (not isinstance(target, list) or len(target) != 2 or target[0] not in ("module", "experiment")
            or not (SLOT if target[0] == "module" else BAY).holds(target[1])):
        c.fail("pending.target", _('must be null, ["module", {slots}] or ["experiment", {bays}], got {value}').format(
            slots=f"{SLOT.lo}..{SLOT.hi}", bays=f"{BAY.lo}..{BAY.hi}", value=short_repr(target)))
    if phase not in DECIDING:
        return  # a spent target that older saves kept: load_state drops it
    kind, k = target
    if kind == "module" and d["hangars"][k - 1] is None:
        c.fail("pending.target", _("hangar {hangar} holds no module").format(hangar=k))
    if kind == "experiment" and d["experiments"][k] is None:
        c.fail("pending.target", _("experiment space {space} is empty").format(space=k))
    if kind == "experiment" and phase in (COLOUR, SHAPE):
        c.fail("pending.target", _("phase '{phase}' follows a module, not an experiment").format(phase=phase))


def _validate_placing(c: _Checker, d: dict, placing: list, n: int, phase: str, cur: Any) -> None:
    """After a reset the seats with astronauts coming home place them, each once, in turn."""
    for i, x in enumerate(placing):
        c.integer(x, f"pending.placing[{i}]", Range(0, n - 1))
    if len(set(placing)) != len(placing):
        c.fail("pending.placing", _("a seat is listed twice: {placing}").format(placing=placing))
    if phase != PLACE:
        return
    if not placing or placing[0] != cur:
        c.fail("pending.placing", _("in phase 'place' the current player comes first in 'placing'"))
    coming_home = [i for i, seat in enumerate(d["seats"])
                   if any(a["where"] == RETURNING for a in seat["astronauts"])]
    if sorted(placing) != coming_home:
        c.fail("pending.placing", _("must list the seats with astronauts coming home {seats}, got {placing}").format(
            seats=coming_home, placing=placing))


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
        return _("the rules cannot use it ({error})").format(error=f"{type(exc).__name__}: {exc}")
    if not actions and not s.game_over:
        return _("the player to move has no legal action in phase '{phase}'").format(phase=s.phase)
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
