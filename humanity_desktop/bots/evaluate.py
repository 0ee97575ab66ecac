"""How good a position is for a seat, in victory points expected by the end of the game.

The value is the score already banked, plus what the position is likely to turn into:
science the research track would pay now, stock and production that become points later,
astronaut strength and availability, and progress toward missions, squares and
experiment groups. Future-facing terms shrink as the game runs out, so late in year 3
only banked points and the leftover-resource exchange still count.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from operator import mul
from pathlib import Path

from ..engine import State, load_catalogue
from ..engine.autopay import unit_worth
from ..engine.catalogue import SIDES
from ..engine.flow import science_tokens
from ..engine.grid import EXPERIMENT_MEASURES, mission_measure, neighbours
from ..engine.ring import FULL_TURN, HANGARS, WHITE_CROSSES, distance
from ..engine.state import ACTIVE, BOARD

CAT = load_catalogue()


# The evaluation's terms, in the order `terms` returns them. A seat's value is its banked
# points plus these, each times its weight. Terms about the future are already scaled by the
# share of the game left, so one weight serves the whole game.
TERMS = (
    "future",  # the share of the game left: points every seat still has to come
    "tokens",  # the science the research track would pay now
    "research_step",  # research beyond the last mark still counts a little
    "obstacle",  # resistance already knocked off obstacles (3 research at the end)
    "stock",  # stock, by what each unit is worth
    "leftover",  # units held as the game ends (5 units = 1 VP)
    "production",  # work-1 production modules
    "heavy_production",  # production modules that take more work
    "research_module",
    "work",  # astronaut work points above 2
    "away",  # spots astronauts still wait beside the board (negative)
    "spot",  # modules next to an astronaut standing in the base (where it can build)
    "mission",  # missions, by how close the seat is to taking each
    "square",  # 2x2 blocks one module short
    "group",  # open experiment groups, by their size
)


@dataclass(frozen=True)
class Weights:
    future: float = 0.0
    tokens: float = 1.0
    research_step: float = 0.06
    obstacle: float = 0.25
    stock: float = 0.45
    leftover: float = 0.2
    production: float = 1.6
    heavy_production: float = 2.24
    research_module: float = 0.6
    work: float = 2.2
    away: float = 0.12
    spot: float = 0.15
    mission: float = 1.2
    square: float = 0.5
    group: float = 0.6
    opponents: float = 0.7  # how much a seat cares about the others' values (relative play)
    # Points a round lost costs, per astronaut beside the board the arm is not expected to
    # pass at the next reset. Set by hand for the one-turn levels (planner.STRANDED_COST);
    # not fitted, and not in the learned weights file.
    stranded: float = 0.0
    vector: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "vector", tuple(getattr(self, t) for t in TERMS))

    @classmethod
    def from_json(cls, raw: dict) -> Weights:
        unknown = set(raw) - set(TERMS) - {"opponents"}
        if unknown:
            raise ValueError(f"unknown evaluation terms: {', '.join(sorted(unknown))}")
        return cls(**{name: float(value) for name, value in raw.items()})

    def to_json(self) -> dict:
        """What the learned weights file holds (`stranded` is a level's setting, not fitted)."""
        return {name: getattr(self, name) for name in (*TERMS, "opponents")}


DEFAULT = Weights()  # set by hand, from matches between bots (docs/bots.md)
LEARNED_FILE = Path(__file__).with_name("data") / "learned_weights.json"
# Fitted to self-play games by tools/train_eval.py; Hard and Expert search with these.
LEARNED = Weights.from_json(json.loads(LEARNED_FILE.read_text(encoding="utf-8"))["weights"])


def learned_fingerprint() -> str:
    """A short digest of the learned weights: matches played by bots on other weights must
    not be pooled."""
    return hashlib.sha256(json.dumps(LEARNED.to_json(), sort_keys=True).encode("utf-8")).hexdigest()[:12]


def game_left(s: State) -> float:
    """The share of the game still to play, 1.0 at the start and 0.0 at the end."""
    deck = len(s.decks[s.year - 1])
    year_done = 1.0 - deck / len(CAT.modules_by_year[s.year])
    return max(0.0, (3 - s.year + (1.0 - year_done)) / 3)


def banked(s: State, p: int) -> int:
    """Points seat `p` already holds."""
    player = s.players[p]
    return player.score + player.science


def _tile_table() -> dict[str, tuple]:
    """Per tile id, what the evaluation reads of it, looked up once instead of in every loop:
    (colour or None, an obstacle's full resistance or None, what a stored unit is worth or
    None if it stores nothing, and which module count it adds to: 1 work-1 production, 2
    heavier production, 3 research, 0 none)."""
    table = {}
    for tid, spec in CAT.tiles.items():
        if spec.work and spec.kind == "production":
            count = 1 if spec.work == 1 else 2
        elif spec.kind == "research":
            count = 3
        else:
            count = 0
        table[tid] = (
            spec.colour,
            spec.max_stock if spec.kind == "obstacle" else None,
            unit_worth(spec.produces) if spec.kind != "obstacle" and spec.stores else None,
            count,
        )
    return table


TILES = _tile_table()


def terms(s: State, p: int) -> tuple[float, ...]:
    """The evaluation's terms for seat `p`, unweighted, in the order of TERMS."""
    own = _seat_terms(s, p)
    return own[:1] + (_tokens(s, p),) + own[2:]


def _tokens(s: State, p: int) -> float:
    """The science the research track would pay seat `p` now: it reads every seat's level."""
    if s.game_over:
        return 0.0
    return science_tokens(s.catalogue, s.n, s.players[p].research, [pl.research for pl in s.players])


def _seat_terms(s: State, p: int) -> tuple[float, ...]:
    """The terms but the science tokens (whose place holds 0.0): what they read is seat
    `p`'s own seat and `_context(s)`, nothing else."""
    player = s.players[p]
    left = game_left(s)
    research = 0.0
    if not s.game_over:
        research = player.research * left
    table = TILES
    units = 0
    obstacle = stock = production = heavy = modules = 0.0
    colours: dict = {}
    for cell, (tid, held) in player.base.items():
        colour, resistance, worth, count = table[tid]
        if colour is not None:
            colours[cell] = colour
        if resistance is not None:
            obstacle += resistance - held
        elif worth is not None:
            units += held
            stock += held * worth
        if count:
            if count == 1:
                production += 1
            elif count == 2:
                heavy += 1
            else:
                modules += 1
    work = away = spot = 0.0
    for strength, where, pos in player.astros:
        work += strength - 2
        if where == BOARD:
            away -= distance(s.arm, pos)
        elif isinstance(pos, tuple):
            spot += sum(1 for n in neighbours(pos) if n in colours)
    mission, square, group = _potential(s, p, colours) if left else (0.0, 0.0, 0.0)
    return (left, 0.0, research, obstacle * left, stock * left, units * (1.0 - left),
            production * left, heavy * left, modules * left, work * left, away, spot * left,
            mission * left, square * left, group * left)


def _context(s: State) -> tuple:
    """Everything besides a seat's own seat that `_seat_terms` reads of the position."""
    return (s.game_over, s.year, len(s.decks[s.year - 1]), s.arm, tuple(s.holders), tuple(s.missions))


def _same_seat(a, b) -> bool:
    """Whether two seats hold the same of everything `banked` and `_seat_terms` read; the
    base in the same order too, since the stock term is a float sum taken in that order."""
    return a is b or (
        a.research == b.research and a.science == b.science and a.astros == b.astros
        and a.ledger == b.ledger and a.base == b.base and list(a.base) == list(b.base)
        and a.experiments == b.experiments and a.groups == b.groups
    )


def seat_value(s: State, p: int, w: Weights = DEFAULT) -> float:
    """Expected final points of seat `p` from this position."""
    return banked(s, p) + sum(map(mul, w.vector, terms(s, p))) - _stranded_cost(s, p, w)


# The arm's next move grows as the round's remaining turns take modules from the hangars:
# about this many modules for each astronaut still active in a base.
TAKEN_PER_ACTIVE = 0.6
MOVE_SPREAD = 0.7  # spots: how far the estimated move may be off


def stranded(s: State, p: int) -> float:
    """How many of seat `p`'s astronauts beside the board the arm is expected not to pass at
    the next reset, each counted by how likely that is: they miss the next round."""
    beside = [pos for _, where, pos in s.players[p].astros if where == BOARD]
    if not beside:  # the usual case: no need to foresee the arm
        return 0.0
    kept = sum(1 for k, tile in enumerate(s.hangars, start=1) if tile is not None and k not in WHITE_CROSSES)
    active = sum(1 for player in s.players for _, where, _ in player.astros if where == ACTIVE)
    expected_kept = max(0.0, kept - TAKEN_PER_ACTIVE * active)
    move = FULL_TURN if expected_kept < 0.5 else HANGARS - expected_kept
    return sum(1.0 / (1.0 + math.exp((move - distance(s.arm, pos) - 0.5) / MOVE_SPREAD)) for pos in beside)


def _stranded_cost(s: State, p: int, w: Weights) -> float:
    """What the astronauts expected to miss a round cost seat `p`: a round of theirs, until
    the very end of the game, when no round is left to miss."""
    if not w.stranded or s.game_over:
        return 0.0
    return w.stranded * stranded(s, p) * game_left(s) ** 0.3


# (mission, layout or experiments) -> progress, and (None, layout) -> squares one module short.
_mission_memo: dict = {}
# An entry takes about 1.1 KB (its key holds the base's layout), so this is 11 MB at most;
# a game between four expert bots thinking 0.3 s a move filled about 500 with missions alone
# (the squares add one entry per layout to the three or four of its missions).
_MISSION_MEMO_LIMIT = 10_000


def forget_evaluations() -> None:
    """Drop the progress kept: another deal builds other bases."""
    _mission_memo.clear()


def _mission_progress(mid: str, player, colours: dict, layout: frozenset | None = None) -> float:
    """How close a seat is to a mission, 0..1 (memoised: layouts repeat across a search).
    `layout` is frozenset(colours.items()), when the caller has it already."""
    spec = CAT.missions[mid]
    if spec.measure in EXPERIMENT_MEASURES:
        key = (mid, tuple(player.experiments))
    else:
        key = (mid, frozenset(colours.items()) if layout is None else layout)
    hit = _mission_memo.get(key)
    if hit is None:
        got = mission_measure(spec, player.base, player.experiments, CAT, colours)
        hit = _remember(key, min(1.0, got / spec.target) ** 2)
    return hit


def _remember(key: tuple, value):
    if len(_mission_memo) > _MISSION_MEMO_LIMIT:
        _mission_memo.clear()
    _mission_memo[key] = value
    return value


def _squares_short(colours: dict) -> int:
    """2x2 blocks with three modules of four."""
    corners: dict = {}  # top-left corner of a 2x2 block -> modules in it
    for x, y in colours:
        for corner in ((x - 1, y - 1), (x - 1, y), (x, y - 1), (x, y)):
            corners[corner] = corners.get(corner, 0) + 1
    return sum(1 for n in corners.values() if n == 3)


def _potential(s: State, p: int, colours: dict) -> tuple[float, float, float]:
    """What the layout is close to: missions (by progress), squares one module short, and
    open experiment groups (by size)."""
    player = s.players[p]
    layout = frozenset(colours.items())  # its hash is kept: every look-up below reuses it
    mission = 0.0
    holders = s.holders
    for i, mid in enumerate(s.missions):
        if holders[i] != p:
            mission += _mission_progress(mid, player, colours, layout)
    square = _mission_memo.get((None, layout))  # the squares, kept beside the missions' progress
    if square is None:
        square = _remember((None, layout), _squares_short(colours))
    group = 0
    for g in player.groups:
        size = bin(g).count("1")
        if size < len(SIDES):  # an experiment group is whole with one of each side
            group += size
    return mission, square, group


def relative_value(s: State, p: int, w: Weights = DEFAULT) -> float:
    """Seat p's value minus a share of the best opponent's: what a seat plays to maximise."""
    mine = seat_value(s, p, w)
    others = [seat_value(s, q, w) for q in range(s.n) if q != p]
    return mine - w.opponents * max(others)


_KEPT_PER_CONTEXT = 8  # seats kept for each context by relative_values: enough for the repeats


def relative_values(states: list[State], p: int, w: Weights = DEFAULT) -> list[float]:
    """`relative_value(s, p, w)` for each of `states`, exactly (see PlanValuer)."""
    value = PlanValuer(p, w).value
    return [value(s) for s in states]


class PlanValuer:
    """`relative_value(s, p, w)`, exactly, for the many positions seat p's plans reach from one
    position. The other seats change only through what a plan can change (missions taken,
    research levels, the year, a reset...), so each other seat's terms are worked out once
    and used again wherever its seat and `_context` are the same as in a position already
    valued. The science tokens, which read every seat's research level, are counted afresh
    each time. A valuer keeps the seats it saw: the positions it values must not change
    while it is in use."""

    def __init__(self, p: int, w: Weights = DEFAULT) -> None:
        self.p = p
        self.w = w
        self.known: dict[tuple, list] = {}  # (seat, context) -> [(seat, its terms, banked)]

    def value(self, s: State) -> float:
        p, w = self.p, self.w
        vector = w.vector
        context = _context(s)
        players = s.players
        known = self.known
        others = []
        for q in range(s.n):
            if q == p:
                continue
            player = players[q]
            entries = known.setdefault((q, context), [])
            for seen, own, points in entries:
                if _same_seat(seen, player):
                    break
            else:
                own, points = _seat_terms(s, q), banked(s, q)
                if len(entries) < _KEPT_PER_CONTEXT:
                    entries.append((player, own, points))
            full = own[:1] + (_tokens(s, q),) + own[2:]
            others.append(points + sum(map(mul, vector, full)) - _stranded_cost(s, q, w))
        return seat_value(s, p, w) - w.opponents * max(others)
