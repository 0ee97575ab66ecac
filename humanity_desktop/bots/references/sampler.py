"""An information-set sampling search over whole plans, written from the rules.

For the decision in front of it the sampler lists every way to finish its segment
(segment.py, costs paid by the engine's auto-pay) and keeps the most promising by the
judgement (judge.py). Then it plays each candidate on in many sampled worlds: the unseen modules and
experiments shuffled into the decks consistently with its view (fill.py), other seats'
science set to what it has seen them earn. In each world the candidate plan is played,
then every seat plays on with the fast policy (playout.py) for eight more segments, and
the position reached is judged (or scored exactly, if the game ended). Eight looked better
than four (10 games at 0.4 s a decision, eight against four: 43.4 points to 38.3), two no
better than four and sixteen no better than eight; searching 24 candidates instead of 12
made no clear difference either. All candidates of a
round see the same worlds, so they are compared on equal luck.

The time is spent by successive halving: the budget is cut into one slice per round; in
each round the surviving candidates are played out in as many worlds as the slice allows,
then the worse half is dropped, until one is left. The thinking time is the constructor's
`seconds`, or the Budget passed to `decide` (its deadline and iteration cap; a cancelled
budget raises Cancelled).
"""
from __future__ import annotations

import math
import random
import time

from ...engine import Action
from ...engine.state import OVER, State
from ..base import Budget
from .fill import ScienceWatch, consistent, shuffle_hidden
from .judge import Judge, Weights
from .oneturn import PlanFollower
from .playout import FastPolicy, play_on
from .profiles import RICH
from .segment import Plan, play_plan, plans


class SamplerBot:
    def __init__(self, seed: int = 0, seconds: float = 1.0, weights: Weights = RICH, keep: int = 12,
                 horizon: int = 8, prior: float = 1.0, name: str = "sampler") -> None:
        self.name = name
        self.seconds = seconds
        self.weights = weights
        self.keep = keep  # candidates searched
        self.horizon = horizon  # segments played on after the candidate's own
        self.prior = prior  # the judgement of the plan's end counts as this many playouts
        self.rng = random.Random(seed)
        self.policy = FastPolicy()
        self.follower = PlanFollower()
        self.watch = ScienceWatch()
        self.last_search: list | None = None
        self.playouts = 0  # over the bot's life, for measuring

    def candidates(self, state: State) -> list[tuple[float, Plan]]:
        """Every plan of the segment, best first by the judgement."""
        seat = state.current
        judge = Judge(state, self.weights)
        scored = [(judge.value(plan.end, seat), i, plan)
                  for i, plan in enumerate(plans(state, pay="auto", full_work=False, alike=True))]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(v, plan) for v, _, plan in scored]

    def leaf(self, s: State, seat: int) -> float:
        if s.phase == OVER:
            scores = [p.score for p in s.players]
            return scores[seat] - self.weights.rival * max(x for i, x in enumerate(scores) if i != seat)
        return Judge(s, self.weights).value(s, seat)

    def playout(self, state: State, plan: Plan, seat: int, world: int) -> float:
        rng = random.Random(world)
        t = state.copy()
        shuffle_hidden(t, rng)
        play_plan(t, plan.actions)
        play_on(t, self.policy, rng, self.horizon)
        return self.leaf(t, seat)

    def search(self, state: State, budget: Budget) -> list[tuple[float, Plan, int]]:
        """(mean value, plan, playouts) for the candidates, the chosen one first."""
        seat = state.current
        ranked = self.candidates(state)[: self.keep]
        totals = [v * self.prior for v, _ in ranked]
        counts = [self.prior] * len(ranked)
        played = [0] * len(ranked)
        alive = list(range(len(ranked)))
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 0
        world_base = self.rng.randrange(1 << 30)
        world = 0
        done = 0
        for r in range(rounds):
            if budget.deadline is not None:
                slice_end = time.monotonic() + (budget.deadline - time.monotonic()) / (rounds - r)
            else:
                slice_end = None
            cap = None
            if budget.iterations is not None:
                cap = done + max(len(alive), (budget.iterations - done) // (rounds - r))
            while True:
                budget.check()
                for i in alive:
                    totals[i] += self.playout(state, ranked[i][1], seat, world_base + world)
                    counts[i] += 1
                    played[i] += 1
                    done += 1
                world += 1
                if budget.cancelled:
                    budget.check()
                if slice_end is not None and time.monotonic() >= slice_end:
                    break
                if cap is not None and done >= cap:
                    break
                if slice_end is None and cap is None:
                    break
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = alive[: max(1, len(alive) // 2)]
        self.playouts += done
        order = alive + [i for i in sorted(range(len(ranked)), key=lambda i: (-totals[i] / counts[i], i))
                         if i not in alive]
        return [(totals[i] / counts[i], ranked[i][1], played[i]) for i in order]

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        follow = self.follower.next(view, legal)
        if follow is not None:
            self.last_search = None
            return follow
        if budget is None:
            budget = Budget(seconds=self.seconds)
        budget.check()
        if len(legal) == 1:
            self.last_search = None
            return legal[0]
        self.watch.update(view)
        state = consistent(view, self.watch.estimates(view))
        result = self.search(state, budget)
        self.last_search = [(v, plan.actions, n) for v, plan, n in result[:3]]
        actions = result[0][1].actions
        self.follower.set(state, view["seat"], actions)
        return actions[0]


def sampler(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed)
