"""A fast playout policy: a whole segment chosen in well under a millisecond, with no search.

For the sampling search (sampling_search.py), which plays many games on from each candidate plan.
For each active astronaut it weighs every option from the rules and the tiles without
playing any of them: working (the best activations for its work), deploying each module it
can pay for and place, carrying out each experiment it can pay for. Each option is worth
what it adds at once (points, research, what a new producer will make, an upgrade, an
experiment group's point, a reactivation's extra turns, a mission taken or a step toward
one) less what it costs (the units spent, an astronaut sent far round the ring). The best option is played through the engine,
with a little noise so that playouts differ; payments use the engine's auto-pay, returning
astronauts go where their next module would score most.

Values are in points, with a time-dependent worth of a unit and of research like the
judgement's (judge.py), worked out once per segment. Its few figures (`Figures`) were set by
playing the policy against itself with one figure changed, 200 two-player games a try.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from ..engine import Action, Kind, legal_actions
from ..engine import apply_action as _engine_apply
from ..engine import grid
from ..engine.autopay import cheapest_legal_spend
from ..engine.catalogue import ADVANCED, ANY, ELECTRICITY
from ..engine.errors import RulesError
from ..engine.payment import can_pay
from ..engine.ring import HANGARS, distance
from ..engine.rules import MAX_WORK, greenhouse_problem, placement_cells, supply_of, wild_options
from ..engine.segment import Segment
from ..engine.state import (
    ACTIVE, BOARD, COLOUR, EXHAUSTED, OVER, PAY, PLACE, RETURNING, SHAPE, TURN, UPGRADE, WORK, State,
)
from .clock import clock

SIDE_BIT = {"left": 1, "center": 2, "right": 4}
# What a turn's choice is: work, deploy a module, carry out an experiment.
WORKING, DEPLOYING, EXPERIMENTING = range(3)


class Figures(NamedTuple):
    """The policy's few figures, in points."""
    away: float = 0.5  # an astronaut sent where the arm will not pass it at the next reset
    turn: float = 2.5  # an extra turn this round (a reactivated astronaut)
    producer: float = 0.025  # a producer's basic per work, per turn left
    upgrade: float = 0.035  # a work upgrade, per turn left
    noise: float = 0.3  # at most this much is added at random to each option's worth
    mission: float = 1.0  # scales what taking a mission is worth (its 3 points and token)
    mission_step: float = 1.2  # a step toward a mission nobody holds yet
    unit: float = 0.3  # a basic unit while it can still be spent (plus the exchange's 0.2)
    research: float = 1.5  # scales a research point's worth


class Worth:
    """What things are worth to one seat now: a unit by kind, a research point, a turn."""

    def __init__(self, s: State, p: int, figures: Figures = Figures()) -> None:
        self.figures = figures
        clk = clock(s)
        turns = clk.turns_left[p]
        self.turns = turns
        time = min(1.0, turns / 10.0)
        self.basic = 0.2 + figures.unit * time
        self.electricity = self.basic * 1.4
        self.advanced = self.basic * 2.6
        cat = s.catalogue
        research = s.players[p].research + 1.6 * clk.year_turns_left[p]
        marks = [(0, 0)] + list(cat.research_marks)
        slope = 0.0
        for (a, ta), (b, tb) in zip(marks, marks[1:]):
            if research < b:
                slope = (tb - ta) / (b - a)
                break
        self.research = figures.research * (slope + (0.06 if s.n == 2 else 0.03))
        if research >= cat.research_cap:
            self.research = 0.02
        self.turn = figures.turn if turns > 1 else 0.3
        self.producer = figures.producer * turns  # per unit of basics a producer makes per work, over the game
        self.upgrade = figures.upgrade * turns
        kept = clk.kept
        self.move = HANGARS - max(0.0, kept - 0.4) if kept else 8.0
        self.last_round = clk.rounds_left <= 1.0 and s.year == 3
        # (spec, the seat's measure, the holder, the holder's measure) for each mission
        player = s.players[p]
        self.missions = []
        for mid, holder in zip(s.missions, s.holders):
            spec = cat.missions[mid]
            if holder == p:
                continue
            mine = grid.mission_measure(spec, player.base, player.experiments, cat)
            held = None
            if holder is not None:
                other = s.players[holder]
                held = grid.mission_measure(spec, other.base, other.experiments, cat)
            self.missions.append((spec, mine, holder, held))

    def mission_gain(self, spec, mine: int, new: int, holder, held) -> float:
        """What raising the seat's measure on a mission from `mine` to `new` is worth."""
        if new <= mine:
            return 0.0
        f = self.figures
        if holder is None:
            if new >= spec.target:
                return f.mission * 4.0  # 3 points and the science token
            return f.mission_step * (new - mine) / max(1, spec.target - new)
        if new > held:
            return f.mission * 3.0
        return 0.0

    def unit(self, resource: int) -> float:
        if resource == ELECTRICITY:
            return self.electricity
        if resource in ADVANCED:
            return self.advanced
        return self.basic

    def cost(self, vec: tuple) -> float:
        return sum(n * self.unit(r) for r, n in enumerate(vec) if n)

    def away(self, slot: int) -> float:
        """The cost of sending an astronaut `slot` spots round the ring."""
        if self.last_round:
            return 0.0
        return self.figures.away if slot >= self.move else 0.05 * slot


class FastPolicy:
    """Plays whole segments for any seat, by the option values above."""

    def __init__(self, figures: Figures = Figures()) -> None:
        self.figures = figures
        self.noise = figures.noise
        self.record: list[Action] | None = None  # when a list, every action played is appended

    def _do(self, s: State, a: Action) -> None:
        _engine_apply(s, a)
        if self.record is not None:
            self.record.append(a)

    # ------------------------------------------------------------ options

    def work_plan(self, s: State, p: int, work: int, worth: Worth) -> tuple[float, list]:
        """The activations for `work` worth most (greedy by worth per work point)."""
        cat = s.catalogue
        tiles = cat.tiles
        base = s.players[p].base
        board = [distance(s.arm, pos) for _, where, pos in s.players[p].astros if where == BOARD]
        options = []
        for cell, (tid, st) in base.items():
            spec = tiles[tid]
            if spec.kind == "obstacle":
                per = (3 * worth.research + 0.3) / spec.max_stock
                options.append((per, 1, st, cell))
            elif spec.work:
                if spec.time:
                    useful = sum(1 for d in board if d > 0)
                    if useful:
                        options.append((0.3 * useful, spec.work, max(board), cell))
                elif st < spec.max_stock:
                    per = worth.unit(spec.produces[0]) * (1.1 if len(spec.produces) > 1 else 1.0)
                    options.append((per, spec.work, spec.max_stock - st, cell))
        options.sort(key=lambda o: (-o[0] / o[1], o[3]))
        left = work
        value = 0.0
        acts = []
        for per, cost, times, cell in options:
            while times and cost <= left:
                acts.append(cell)
                value += per
                left -= cost
                times -= 1
        if left and not acts:
            return 0.0, []
        return value, acts

    def module_value(self, s: State, p: int, slot: int, cell, colours: dict, supply: tuple,
                     worth: Worth) -> tuple[float, str | None] | None:
        cat = s.catalogue
        tiles = cat.tiles
        tid = s.hangars[slot - 1]
        spec = tiles[tid]
        if not can_pay(spec.cost_vec, supply):
            return None
        player = s.players[p]
        if spec.kind == "greenhouse" and greenhouse_problem(player, cat, spec, cell):
            return None
        value = -worth.cost(spec.cost_vec) - worth.away(slot)
        colour = spec.colour
        choice = None
        if spec.kind == "communication":
            best = None
            for option in ("orange", "blue"):
                v = self._adjacency(cat, player.base, cell, option, ()) * worth.research
                v += self._squares(colours, cell, option, worth)
                v += self._missions(cat, player, colours, cell, option, worth)
                if best is None or v > best[0]:
                    best = (v, option)
            value += best[0] + spec.research * worth.research
            choice = best[1]
        else:
            research = spec.research + self._adjacency(cat, player.base, cell, colour, spec.adjacency)
            value += research * worth.research + spec.vp + self._squares(colours, cell, colour, worth)
            value += self._missions(cat, player, colours, cell, colour, worth)
            if spec.kind == "greenhouse":
                value += len(grid.greenhouse_group(player.base, cat, cell, extra=cell))
            elif spec.kind == "production":
                if spec.time:
                    value += 0.4 * min(1.0, worth.turns / 10)
                else:
                    made = worth.unit(spec.produces[0]) / worth.basic * (1.1 if len(spec.produces) > 1 else 1.0)
                    value += worth.producer * made / spec.work + worth.basic  # and its first unit
        return value, choice

    @staticmethod
    def _missions(cat, player, colours: dict, cell, colour: str, worth: Worth) -> float:
        """What a module of `colour` on `cell` adds toward the missions of the base's layout."""
        value = 0.0
        after = None
        for spec, mine, holder, held in worth.missions:
            if spec.measure in ("pictograms", "experiment_side"):
                continue
            if after is None:
                after = dict(colours)
                after[cell] = colour
            new = grid.mission_measure(spec, player.base, player.experiments, cat, after)
            value += worth.mission_gain(spec, mine, new, holder, held)
        return value

    @staticmethod
    def _adjacency(cat, base: dict, cell, colour: str | None, bonus: tuple) -> int:
        tiles = cat.tiles
        research = 0
        x, y = cell
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in base:
                other = tiles[base[n][0]]
                if other.colour is None:
                    continue
                for col, pts in bonus:
                    if col == other.colour or col == ANY:
                        research += pts
                for col, pts in other.adjacency:
                    if col == colour or col == ANY:
                        research += pts
        return research

    @staticmethod
    def _squares(colours: dict, cell, colour: str, worth: Worth) -> float:
        value = 0.0
        x, y = cell
        for ox in (x - 1, x):
            for oy in (y - 1, y):
                block = ((ox, oy), (ox + 1, oy), (ox, oy + 1), (ox + 1, oy + 1))
                others = [colours.get(c) for c in block if c != cell]
                if all(others):
                    value += 1.0
                    if len(set(others) | {colour}) <= 2:
                        value += worth.upgrade
        return value

    def experiment_value(self, s: State, p: int, index: int, supply: tuple, worth: Worth) -> float | None:
        cat = s.catalogue
        spec = cat.experiments[s.wheel[index]]
        if not can_pay(spec.cost_vec, supply):
            return None
        player = s.players[p]
        bit = SIDE_BIT[spec.side]
        open_sizes = [bin(g).count("1") for g in player.groups if not g & bit]
        value = (max(open_sizes) if open_sizes else 0) + spec.vp + spec.research * worth.research
        value -= worth.cost(spec.cost_vec) + worth.away(index + 1)
        for mission, mine, holder, held in worth.missions:
            if mission.measure in ("pictograms", "experiment_side"):
                new = grid.mission_measure(mission, player.base, player.experiments + [spec.id], cat)
                value += worth.mission_gain(mission, mine, new, holder, held)
        if spec.effect == "reactivate":
            value += worth.turn * sum(1 for _, where, _ in player.astros if where == EXHAUSTED)
        elif spec.effect == "time2":
            for _, where, pos in player.astros:
                if where == BOARD:
                    value += 0.3 * min(2, distance(s.arm, pos))
            value += 0.3 * min(2, index + 1)  # its own astronaut moves too
        return value

    # ------------------------------------------------------------ playing

    def choose_turn(self, s: State, rng: random.Random) -> list[Action]:
        """The actions opening the turn of the seat to move (at TURN): astronaut and choice."""
        p = s.current
        cat = s.catalogue
        player = s.players[p]
        worth = Worth(s, p, self.figures)
        supply = supply_of(player.base, cat)
        colours = grid.module_colours(player.base, cat)
        best = None
        modules = [k for k in range(1, HANGARS + 1) if s.hangars[k - 1] is not None]
        experiments = [i for i, e in enumerate(s.wheel) if e is not None]
        exp_values = {i: self.experiment_value(s, p, i, supply, worth) for i in experiments}
        noise = self.noise
        for a, (work, where, cell) in enumerate(player.astros):
            if where != ACTIVE:
                continue
            v, acts = self.work_plan(s, p, work, worth)
            v += rng.random() * noise
            if best is None or v > best[0]:
                best = (v, a, (WORKING, acts))
            for k in modules:
                got = self.module_value(s, p, k, cell, colours, supply, worth)
                if got is not None:
                    v = got[0] + rng.random() * noise
                    if v > best[0]:
                        best = (v, a, (DEPLOYING, k, got[1]))
            for i, ev in exp_values.items():
                if ev is not None:
                    v = ev + rng.random() * noise
                    if v > best[0]:
                        best = (v, a, (EXPERIMENTING, i))
        return best

    def play_segment(self, s: State, rng: random.Random) -> None:
        """Play the segment of the seat to move, in place, through the engine."""
        seg = Segment.of(s)
        try:
            if s.phase == PLACE:
                self._place(s, rng, seg)
            elif s.phase == TURN:
                self._turn(s, rng)
        except RulesError:  # pragma: no cover - a misjudged option: finish the segment at random
            pass
        while not seg.over(s):
            self._finish(s, rng)

    def _turn(self, s: State, rng: random.Random) -> None:
        _, astronaut, choice = self.choose_turn(s, rng)
        self._do(s, Action(Kind.SELECT_ASTRONAUT, astronaut))
        if choice[0] == WORKING:
            self._do(s, Action(Kind.WORK))
            for cell in choice[1]:
                if s.phase != WORK:
                    break
                self._do(s, Action(Kind.ACTIVATE, cell))
            if s.phase == WORK and choice[1]:
                self._do(s, Action(Kind.END_WORK))
            return
        if choice[0] == DEPLOYING:
            self._do(s, Action(Kind.CHOOSE_MODULE, choice[1]))
        else:
            self._do(s, Action(Kind.CHOOSE_EXPERIMENT, choice[1]))
        self._pay_and_settle(s, rng, choice)

    def _pay_and_settle(self, s: State, rng: random.Random, choice) -> None:
        p = s.current
        while s.phase == PAY and s.current == p:
            self._do(s, cheapest_legal_spend(s))
        if s.phase == COLOUR and s.current == p:
            colour = choice[2] if choice[0] == DEPLOYING and choice[2] else "orange"
            self._do(s, Action(Kind.CHOOSE_COLOUR, colour))
        if s.phase == SHAPE and s.current == p:
            player = s.players[p]
            self._do(s, Action(Kind.CHOOSE_SHAPE, wild_options(player, s.catalogue, player.astros[s.sel][2])[0]))
        while s.phase == UPGRADE and s.current == p:
            astros = s.players[p].astros
            pick = min((w, i) for i, (w, _, _) in enumerate(astros) if w < MAX_WORK)[1]
            self._do(s, Action(Kind.UPGRADE, pick))

    def _place(self, s: State, rng: random.Random, seg: Segment) -> None:
        p = s.current
        cat = s.catalogue
        while s.phase == PLACE and s.current == p and not seg.over(s):
            player = s.players[p]
            colours = grid.module_colours(player.base, cat)
            who = next(i for i, (_, where, _) in enumerate(player.astros) if where == RETURNING)
            best = None
            for cell in placement_cells(player, cat):
                v = self.cell_score(cat, player.base, colours, cell) + rng.random() * 0.2
                if best is None or v > best[0]:
                    best = (v, cell)
            self._do(s, Action(Kind.PLACE_ASTRONAUT, who, best[1]))

    @staticmethod
    def cell_score(cat, base: dict, colours: dict, cell) -> float:
        tiles = cat.tiles
        x, y = cell
        value = 0.0
        for ox in (x - 1, x):
            for oy in (y - 1, y):
                block = ((ox, oy), (ox + 1, oy), (ox, oy + 1), (ox + 1, oy + 1))
                if all(c in colours for c in block if c != cell):
                    value += 1.0
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in colours:
                value += 0.15 + 0.05 * sum(pts for _, pts in tiles[base[n][0]].adjacency)
        return value

    def _finish(self, s: State, rng: random.Random) -> None:
        """One action toward the end of a segment left unfinished: auto-pay, else at random."""
        if s.phase == OVER:
            return
        if s.phase == PAY:
            self._do(s, cheapest_legal_spend(s))
            return
        legal = legal_actions(s)
        if s.phase == WORK:
            acts = [a for a in legal if a.kind == Kind.ACTIVATE]
            self._do(s, rng.choice(acts) if acts else legal[0])
        else:
            self._do(s, rng.choice(legal))


def play_on(s: State, policy: FastPolicy, rng: random.Random, segments: int) -> None:
    """Play `segments` more segments (or to the game's end) with `policy`, in place."""
    for _ in range(segments):
        if s.phase == OVER:
            return
        policy.play_segment(s, rng)

