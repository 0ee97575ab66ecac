"""How good a position is for a seat, in victory points expected by the end of the game.

The value is the score already banked, plus what the position is likely to turn into:
science the research track would pay now, stock and production that become points later,
astronaut strength and availability, and progress toward missions, squares and
experiment groups. Future-facing terms shrink as the game runs out, so late in year 3
only banked points and the leftover-resource exchange still count.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import State, load_catalogue
from ..engine.autopay import unit_worth
from ..engine.flow import science_tokens
from ..engine.grid import mission_measure
from ..engine.ring import distance
from ..engine.state import BOARD

CAT = load_catalogue()


@dataclass(frozen=True)
class Weights:
    stock: float = 0.45  # per unit of stock-worth, scaled by the game left
    leftover: float = 0.2  # what one unit is worth at the very end (5 units = 1 VP)
    production: float = 1.6  # per work-1 production module, scaled by the game left
    research_module: float = 0.6
    work: float = 2.2  # per work point above 2, scaled by the game left
    away: float = 0.12  # per spot an astronaut still has to wait beside the board
    research_step: float = 0.06  # research beyond the last mark still counts a little
    obstacle: float = 0.25  # per resistance point already knocked off an obstacle (3 research at the end)
    mission: float = 1.2  # per mission, by how close the seat is to taking it
    square: float = 0.5  # per 2x2 block one module short
    spot: float = 0.15  # per module next to an astronaut standing in the base (where it can build)
    group: float = 0.6  # per open experiment group, by its size
    opponents: float = 0.7  # how much a seat cares about the others' values (relative play)


DEFAULT = Weights()


def game_left(s: State) -> float:
    """The share of the game still to play, 1.0 at the start and 0.0 at the end."""
    deck = len(s.decks[s.year - 1])
    year_done = 1.0 - deck / len(CAT.modules_by_year[s.year])
    return max(0.0, (3 - s.year + (1.0 - year_done)) / 3)


def seat_value(s: State, p: int, w: Weights = DEFAULT) -> float:
    """Expected final points of seat `p` from this position."""
    player = s.players[p]
    left = game_left(s)
    value = float(player.score + player.science)
    if not s.game_over:
        levels = [pl.research for pl in s.players]
        value += science_tokens(s.n, player.research, levels) + w.research_step * player.research * left
    tiles = CAT.tiles
    stock_units = 0
    colours: dict = {}
    for cell, (tid, stock) in player.base.items():
        spec = tiles[tid]
        if spec.colour is not None:
            colours[cell] = spec.colour
        if spec.kind == "obstacle":
            value += w.obstacle * (spec.max_stock - stock) * left
        elif spec.stores:
            stock_units += stock
            value += stock * unit_worth(spec.produces) * w.stock * left
        if spec.work and spec.kind == "production":
            value += w.production * left * (1.0 if spec.work == 1 else 1.4)
        elif spec.kind == "research":
            value += w.research_module * left
    value += w.leftover * stock_units * (1.0 - left)
    for work, where, pos in player.astros:
        value += w.work * (work - 2) * left
        if where == BOARD:
            value -= w.away * distance(s.arm, pos)
        elif isinstance(pos, tuple):
            x, y = pos
            around = sum(1 for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in colours)
            value += w.spot * left * around
    if left:
        value += left * _potential(s, p, w, colours)
    return value


_mission_memo: dict = {}
# An entry takes about 1.1 KB (its key holds the base's layout), so this is 11 MB at most;
# a game between four expert bots thinking 0.3 s a move fills about 500.
_MISSION_MEMO_LIMIT = 10_000


def forget() -> None:
    """Drop the progress kept: another deal builds other bases."""
    _mission_memo.clear()


def _mission_progress(mid: str, player, colours: dict) -> float:
    """How close a seat is to a mission, 0..1 (memoised: layouts repeat across a search)."""
    spec = CAT.missions[mid]
    on_modules = spec.measure not in ("pictograms", "experiment_side")
    key = (mid, frozenset(colours.items()) if on_modules else tuple(player.experiments))
    hit = _mission_memo.get(key)
    if hit is None:
        if len(_mission_memo) > _MISSION_MEMO_LIMIT:
            _mission_memo.clear()
        got = mission_measure(spec, player.base, player.experiments, CAT, colours)
        hit = _mission_memo[key] = min(1.0, got / spec.target) ** 2
    return hit


def _potential(s: State, p: int, w: Weights, colours: dict) -> float:
    """Points the layout is close to: missions, squares one module short, open experiment groups."""
    player = s.players[p]
    value = 0.0
    for i, mid in enumerate(s.missions):
        if s.holders[i] != p:
            value += w.mission * _mission_progress(mid, player, colours)
    corners: dict = {}  # top-left corner of a 2x2 block -> modules in it
    for x, y in colours:
        for corner in ((x - 1, y - 1), (x - 1, y), (x, y - 1), (x, y)):
            corners[corner] = corners.get(corner, 0) + 1
    value += w.square * sum(1 for n in corners.values() if n == 3)
    for g in player.groups:
        size = bin(g).count("1")
        if size < 3:
            value += w.group * size
    return value


def relative_value(s: State, p: int, w: Weights = DEFAULT) -> float:
    """Seat p's value minus a share of the best opponent's: what a seat plays to maximise."""
    mine = seat_value(s, p, w)
    others = [seat_value(s, q, w) for q in range(s.n) if q != p]
    return mine - w.opponents * max(others)
