"""A hand-written judgement of a position, in expected final points, from what is on the table.

Written from the rules (docs/rules-interpretation.md) and the tiles (docs/catalogue.md), not
from the learned evaluation (evaluate.py). Each term estimates what a visible feature will be
worth by the game's end, and most shrink as the game runs out (time left from clock.py):

- points banked, and science tokens (the seat's own are known; a full position made from a
  view carries estimates for the others');
- research: the tokens the track pays at the year's end, at the level the seat is heading
  for, and the tokens for being ahead of each rival;
- stock: a unit is worth most early, when it can still be spent, and at the end only what
  the five-units-per-point exchange pays; advanced units and electricity are worth more than
  basics, and what the seat can buy right now with its stock is counted too;
- production: each producer, by what it makes and the work it needs, while there is time
  to use it; work upgrades, by the turns left;
- astronauts: an extra active astronaut is an extra turn this round; one beside the board
  that the arm will not pass at the next reset misses a round; where an astronaut stands
  decides where its next module lands (a square one module short, a research module's
  bonus next door, a greenhouse group to join);
- experiment groups one or two sides short, squares one module short, obstacles half
  knocked down;
- missions: how close the seat is to each target, or to beating the holder, against how
  close the rivals are; a mission held can be lost.

`JudgementWeights` holds every figure (`RICH` is the levels'; the tournament's variants scale some).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..engine import grid
from ..engine.catalogue import ADVANCED, ELECTRICITY, Catalogue
from ..engine.flow import LEFTOVERS_PER_VP
from ..engine.payment import can_pay
from ..engine.rules import supply_of
from ..engine.ring import HANGARS, distance
from ..engine.scoring import MISSION_VP
from ..engine.state import ACTIVE, BOARD, EXHAUSTED, OVER, State
from .clock import GameClock, clock


@dataclass(frozen=True)
class JudgementWeights:
    points: float = 1.0  # a banked point
    science: float = 1.0  # a science token in hand
    research: float = 1.0  # a token the research track will pay at the year's end
    research_rate: float = 1.6  # research a seat gains per turn, to foresee where it ends the year
    unit: float = 0.45  # a basic unit while it can still be spent (plus the exchange's 0.2)
    unit_turns: float = 10.0  # turns left at which a unit is worth its full `unit`
    electricity: float = 1.4  # an electricity unit, in basics
    advanced: float = 2.6  # an advanced unit, in basics
    stock_soft_cap: float = 10.0  # basics' worth beyond which more stock is worth less and less
    afford: float = 0.25  # per module or experiment on the board the stock can pay for now
    producer: float = 0.5  # a producer, per 10 turns left
    work: float = 0.55  # a work upgrade, per 10 turns left
    turn: float = 0.8  # an extra turn (an active astronaut in the base)
    away: float = 2.2  # an astronaut that will miss the next round beside the board
    cell_square: float = 0.45  # an astronaut standing where its next module completes a square
    cell_adjacency: float = 0.06  # per research a module deployed where it stands would earn
    cell_neighbours: float = 0.08  # per module next to where it stands
    square_short: float = 0.25  # a 2x2 block one module short
    group: float = 0.45  # per point an open experiment group would score with its missing side
    obstacle: float = 0.25  # per point of resistance knocked off an obstacle still standing
    mission: float = 1.0  # missions: scales every mission term
    mission_odds: float = 0.6  # chance of closing a gap of one toward a mission, early on
    rival: float = 0.5  # how much of the best rival's value counts against the seat's own


def scaled(w: JudgementWeights, **factors: float) -> JudgementWeights:
    """`w` with some weights multiplied by factors."""
    return replace(w, **{k: getattr(w, k) * f for k, f in factors.items()})


RICH = JudgementWeights()  # the judgement's own figures, which every level judging by it uses


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _squares_short(colours: dict, base: dict) -> int:
    """2x2 blocks with three modules and the fourth cell free."""
    # Every block touching a module, by its top-left corner, once each.
    corners = {(ox, oy) for x, y in colours for ox in (x - 1, x) for oy in (y - 1, y)}
    shorts = 0
    for x, y in corners:
        missing = [c for c in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)) if c not in colours]
        if len(missing) == 1 and missing[0] not in base:
            shorts += 1
    return shorts


def _obstacles(base: dict, cat: Catalogue) -> list[tuple]:
    """(cell, starting resistance) of each obstacle in the base, in the base's order."""
    tiles = cat.tiles
    return [(cell, tiles[tid].max_stock) for cell, (tid, _) in base.items() if tiles[tid].kind == "obstacle"]


class Layout:
    """What a seat's tiles and experiments alone decide, whatever their stock: worked out
    once per layout, since most plans of a turn end on a layout another plan has reached and
    the other seats keep theirs all turn."""
    __slots__ = ("colours", "measures", "shorts", "obstacles", "cells", "yields")

    def __init__(self, colours: dict, measures: list[int], shorts: int, obstacles: list[tuple]) -> None:
        self.colours = colours  # cell -> colour of every module
        self.measures = measures  # the seat's measure on each mission, in the game's order
        self.shorts = shorts  # 2x2 blocks one module short
        self.obstacles = obstacles  # (cell, starting resistance) of each obstacle, in the base's order
        self.cells: dict = {}  # cell -> what an astronaut standing there promises (cell_value)
        self.yields: float | None = None  # the producers' yield per work (Judge.yields)


class Memo:
    """What judges of one game's positions can share, whatever the time left: the Layouts, and
    how many offered tiles a supply can pay for. A search passes one to every judge it builds.
    One memo serves one set of weights: a Layout keeps the cell values they give."""
    __slots__ = ("layouts", "payable")

    def __init__(self) -> None:
        self.layouts: dict = {}  # Layouts by a base's tiles, the experiments and the missions
        self.payable: dict = {}  # offered tiles a supply can pay for, by supply and offer


class Judge:
    """Values positions of one game for its seats. Build one per decision (it reads the time
    left from the position it is given) and ask `value(state, seat)` of each end position;
    judges built with the same `memo` share what does not depend on the time left."""

    def __init__(self, start: State, weights: JudgementWeights, memo: Memo | None = None) -> None:
        self.w = weights
        self.cat: Catalogue = start.catalogue
        self.n = start.n
        self.clock: GameClock = clock(start)
        marks = self.cat.research_marks
        self._marks = [(0, 0)] + list(marks)
        self.cap = self.cat.research_cap
        self.bonus = self.cat.tokens_per_player_behind[start.n]
        self._other_cache: dict = {}
        # The research, stock and mission terms by what they read (the time left is the judge's
        # own): the plans of a turn share a handful of research levels, supplies and layouts.
        self._research_cache: dict = {}
        self._mission_cache: dict = {}
        self._stock_cache: dict = {}
        # id of a seat shared between states (State.shares) -> (that seat, its Layout): the
        # rivals' seats are shared by every plan of a turn, so their lookup by layout is skipped.
        self._shared_layouts: dict = {}
        self.memo = Memo() if memo is None else memo
        # How far the arm is expected to turn at the next reset: onto the last empty hangar,
        # once the modules past the white crosses that will be taken are gone.
        kept = self.clock.kept
        self.move = HANGARS - max(0.0, kept - 0.4) if kept else 8.0

    # ------------------------------------------------------------ research

    def tokens_smooth(self, research: float) -> float:
        """The research track's tokens, drawn as straight lines between its marks."""
        marks = self._marks
        for (a, ta), (b, tb) in zip(marks, marks[1:]):
            if research < b:
                return ta + (tb - ta) * (research - a) / (b - a)
        return float(marks[-1][1])

    def research_value(self, s: State, p: int) -> float:
        key = (p, *[pl.research for pl in s.players])
        value = self._research_cache.get(key)
        if value is None:
            value = self._research_cache[key] = self._research_value(s, p)
        return value

    def _research_value(self, s: State, p: int) -> float:
        clk = self.clock
        rate = self.w.research_rate
        levels = []
        for i, pl in enumerate(s.players):
            levels.append(min(self.cap, pl.research + rate * clk.year_turns_left[i]))
        mine = levels[p]
        exact = math.exp(-clk.year_turns_left[p])  # with no turn left the track's steps are exact
        value = (1 - exact) * self.tokens_smooth(mine) + exact * self.cat.tokens_for(s.players[p].research)
        spread = 1.5 + 0.6 * math.sqrt(clk.year_turns_left[p] * rate + 1)
        for i, other in enumerate(levels):
            if i != p:
                value += self.bonus * _sigmoid((mine - other) / spread)
        return self.w.research * value

    # ------------------------------------------------------------ stock and production

    def stock_value(self, s: State, p: int) -> float:
        """What the seat's stock is worth, read from its supply: the plans of a turn share a
        few supplies between them, so the value is remembered by the supply and the offer."""
        supply = supply_of(s.players[p].base, self.cat)
        key = (p, supply, tuple(s.hangars), tuple(s.wheel))
        value = self._stock_cache.get(key)
        if value is None:
            value = self._stock_cache[key] = self._stock_value(s, p, supply)
        return value

    def _stock_value(self, s: State, p: int, supply: tuple) -> float:
        w = self.w
        total = 0
        worth = 0.0
        for produces, st in supply:
            total += st
            r = produces[0]
            if r == ELECTRICITY:
                worth += st * w.electricity
            elif r in ADVANCED:
                worth += st * w.advanced
            else:
                worth += st
        turns = self.clock.turns_left[p]
        soft = w.stock_soft_cap * (1 - math.exp(-worth / w.stock_soft_cap)) if worth else 0.0
        spendable = w.unit * min(1.0, turns / w.unit_turns) * soft
        exact = math.exp(-turns)
        leftovers = (1 - exact) * total / LEFTOVERS_PER_VP + exact * (total // LEFTOVERS_PER_VP)
        value = spendable + leftovers
        if w.afford and turns > 0.5 and supply:
            value += w.afford * min(1.0, turns / w.unit_turns) * math.sqrt(self.payable(s, supply))
        return value

    def payable(self, s: State, supply: tuple) -> int:
        """How many of the modules and experiments on offer `supply` could pay for now."""
        key = (supply, tuple(s.hangars), tuple(s.wheel))
        payable = self.memo.payable
        n = payable.get(key)
        if n is None:
            tiles = self.cat.tiles
            experiments = self.cat.experiments
            n = (sum(1 for m in s.hangars if m is not None and can_pay(tiles[m].cost_vec, supply))
                 + sum(1 for e in s.wheel if e is not None and can_pay(experiments[e].cost_vec, supply)))
            payable[key] = n
        return n

    def production_value(self, s: State, p: int, layout: Layout) -> float:
        pl = s.players[p]
        per = self.clock.turns_left[p] / 10.0
        value = self.yields(pl.base, layout) * (self.w.producer * per)
        return value + self.w.work * per * sum(work - 2 for work, _, _ in pl.astros)

    def yields(self, base: dict, layout: Layout) -> float:
        """What the base's producers make per work, in basics (a time module counts half),
        worked out once per layout."""
        if layout.yields is not None:
            return layout.yields
        w = self.w
        tiles = self.cat.tiles
        value = 0.0
        for tid, _ in base.values():
            spec = tiles[tid]
            if spec.kind != "production":
                continue
            if spec.time:
                value += 0.5
                continue
            r = spec.produces[0]
            if r == ELECTRICITY:
                yield_ = w.electricity
            elif r in ADVANCED:
                yield_ = w.advanced
            else:
                yield_ = 1.0
            if len(spec.produces) > 1:
                yield_ *= 1.15
            value += yield_ / spec.work
        layout.yields = value
        return value

    # ------------------------------------------------------------ astronauts and the base

    def astronaut_value(self, s: State, p: int, layout: Layout) -> float:
        w = self.w
        pl = s.players[p]
        clk = self.clock
        value = 0.0
        last = clk.rounds_left <= 1.0 and s.year == 3
        for work, where, pos in pl.astros:
            if where == ACTIVE:
                value += w.turn * (1.0 if clk.turns_left[p] > 1 else 0.5)
                value += self.cell_value(s, p, pos, layout)
            elif where == EXHAUSTED:
                if not last:
                    value += self.cell_value(s, p, pos, layout)
            elif where == BOARD and not last:
                d = distance(s.arm, pos)
                if d > 0:
                    home = _sigmoid((self.move - d - 0.5) / 0.6)
                    value -= w.away * (1 - home)
        return value

    def cell_value(self, s: State, p: int, cell, layout: Layout) -> float:
        """What an astronaut standing on `cell` promises: the module it deploys lands there."""
        value = layout.cells.get(cell)
        if value is not None:
            return value
        w = self.w
        tiles = self.cat.tiles
        base = s.players[p].base
        colours = layout.colours
        x, y = cell
        value = 0.0
        for ox in (x - 1, x):
            for oy in (y - 1, y):
                others = [c for c in ((ox, oy), (ox + 1, oy), (ox, oy + 1), (ox + 1, oy + 1)) if c != cell]
                if all(c in colours for c in others):
                    value += w.cell_square
        neighbours = 0
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in colours:
                neighbours += 1
                spec = tiles[base[n][0]]
                for _, pts in spec.adjacency:
                    value += w.cell_adjacency * pts
        value += w.cell_neighbours * neighbours
        layout.cells[cell] = value
        return value

    def shape_value(self, s: State, p: int, layout: Layout) -> float:
        """Squares one module short and obstacles on their way down."""
        w = self.w
        value = w.square_short * layout.shorts
        base = s.players[p].base
        for cell, resistance in layout.obstacles:
            value += w.obstacle * (resistance - base[cell][1])
        return value

    def group_value(self, s: State, p: int) -> float:
        w = self.w
        turns = self.clock.turns_left[p]
        odds = min(1.0, turns / 8.0)
        value = 0.0
        for g in s.players[p].groups:
            size = bin(g).count("1")
            if size < 3:
                value += size
        return w.group * odds * value

    # ------------------------------------------------------------ missions

    def _odds(self, gap: int, turns: float) -> float:
        if gap <= 0:
            return 1.0
        r = self.w.mission_odds * min(1.0, turns / 8.0)
        return r ** gap

    def mission_value(self, s: State, p: int, layouts: list[Layout]) -> float:
        key = (p, tuple(s.holders), *layouts)  # a Layout's measures never change
        value = self._mission_cache.get(key)
        if value is None:
            value = self._mission_cache[key] = self._mission_value(s, p, layouts)
        return value

    def _mission_value(self, s: State, p: int, layouts: list[Layout]) -> float:
        w = self.w
        turns = self.clock.turns_left
        measures = [layout.measures for layout in layouts]  # [seat][mission]
        value = 0.0
        for i, mid in enumerate(s.missions):
            target = self.cat.missions[mid].target
            mine = measures[p][i]
            holder = s.holders[i]
            if holder is None:
                chance = self._odds(target - mine, turns[p])
                for o in range(s.n):
                    if o != p:
                        chance *= 1 - 0.5 * self._odds(target - measures[o][i], turns[o])
                value += (MISSION_VP + w.science) * chance
            elif holder == p:
                threat = max((self._odds(mine + 1 - measures[o][i], turns[o]) for o in range(s.n) if o != p),
                             default=0.0)
                value -= MISSION_VP * 0.7 * threat
            else:
                value += MISSION_VP * self._odds(measures[holder][i] + 1 - mine, turns[p])
        return w.mission * value

    def layout(self, s: State, p: int) -> Layout:
        """Seat `p`'s Layout, worked out once per layout of tiles and set of experiments."""
        pl = s.players[p]
        shared = s.shares(p)
        if shared:
            known = self._shared_layouts.get(id(pl))
            if known is not None and known[0] is pl:
                return known[1]
        key = (grid.layout_key(pl.base), tuple(pl.experiments), tuple(s.missions))
        layouts = self.memo.layouts
        found = layouts.get(key)
        if found is None:
            cat = self.cat
            colours = grid.module_colours(pl.base, cat)
            measures = [grid.mission_measure(cat.missions[mid], pl.base, pl.experiments, cat, colours)
                        for mid in s.missions]
            found = layouts[key] = Layout(colours, measures, _squares_short(colours, pl.base),
                                          _obstacles(pl.base, cat))
        if shared:
            self._shared_layouts[id(pl)] = (pl, found)
        return found

    def layouts(self, s: State) -> list[Layout]:
        """Every seat's Layout, in seat order: looked up once for all the values taken of one
        position, since the lookup reads the seat's whole base."""
        return [self.layout(s, p) for p in range(s.n)]

    # ------------------------------------------------------------ totals

    def seat_value(self, s: State, p: int, layouts: list[Layout] | None = None) -> float:
        """The seat's expected final points by this judgement (`layouts`: self.layouts(s), when
        the caller has them)."""
        pl = s.players[p]
        if s.phase == OVER:
            return float(pl.score)
        if layouts is None:
            layouts = self.layouts(s)
        w = self.w
        layout = layouts[p]
        return (w.points * pl.score + w.science * pl.science
                + self.research_value(s, p)
                + self.stock_value(s, p)
                + self.production_value(s, p, layout)
                + self.astronaut_value(s, p, layout)
                + self.shape_value(s, p, layout)
                + self.group_value(s, p)
                + self.mission_value(s, p, layouts))

    def value(self, s: State, p: int) -> float:
        """What seat `p` maximises: its own value less a share of the best rival's."""
        if s.phase == OVER:
            mine = s.players[p].score
            return mine - self.w.rival * max(pl.score for i, pl in enumerate(s.players) if i != p)
        layouts = self.layouts(s)
        mine = self.seat_value(s, p, layouts)
        best = -1e9
        for o in range(s.n):
            if o == p:
                continue
            # Another seat's position changes in this seat's turn only through missions, the
            # research race, and the tiles on offer its stock could buy.
            key = (o, tuple(s.holders), s.players[o].score, tuple(layouts[o].measures),
                   tuple(layouts[p].measures), s.players[o].research, s.players[p].research,
                   tuple(s.hangars), tuple(s.wheel))
            v = self._other_cache.get(key)
            if v is None:
                v = self._other_cache[key] = self.seat_value(s, o, layouts)
            best = max(best, v)
        return mine - self.w.rival * best

