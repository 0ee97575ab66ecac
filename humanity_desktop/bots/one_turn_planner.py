"""A one-turn player: tries every way to finish its segment and keeps the best end position.

It makes a full position from its view (the hidden cards in any order: within one seat's
segment nothing hidden is drawn), lists the distinct ends of the segment (segment_plans.py),
values each with its judgement (judge.py) and plays the best plan's actions, one per call.
Costs are paid with the engine's auto-pay: judging every distinct payment as well made no
measurable difference in 30 games (34.9 points a game against 34.6) and took several times
as long on turns with many ways to pay.
Ties go to the plan listed first, so a player is deterministic; its seed only breaks ties
between plans valued exactly alike.
"""
from __future__ import annotations

import random

from ..engine import Action
from ..engine.state import State
from .base import Budget, thinking
from .hidden import ScienceWatch, consistent
from .judge import RICH, Judge, JudgementWeights
from .planner import SegmentFollower
from .segment_plans import Plan, plans


class PlanPlayer:
    """A reference seat that ranks whole plans for its segment, from a full position made
    out of its view, and follows the best one action by action."""

    weights: JudgementWeights  # its judgement

    def __init__(self) -> None:
        self.last_search: list | None = None
        self.follower = SegmentFollower()
        self.watch = ScienceWatch()

    def worth(self, state: State, seat: int) -> float:
        """The seat's own expected final points at `state` by this player's judgement."""
        return Judge(state, self.weights).seat_value(state, seat)

    def own_budget(self, budget: Budget | None) -> Budget | None:
        """The budget a decision runs under when the caller gives `budget`."""
        return budget

    def ranked(self, state: State, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        """(value, plan, times played out) for the plans at `state`, the chosen one first."""
        raise NotImplementedError

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        follow = self.follower.next(view, legal)
        if follow is not None:
            self.last_search = None
            return follow
        budget = self.own_budget(budget)
        if budget is not None:
            budget.check()
        if len(legal) == 1:
            self.last_search = None
            return legal[0]
        self.watch.update(view)
        state = consistent(view, self.watch.estimates(view))
        with thinking:
            ranked = self.ranked(state, budget)
        self.last_search = [(v, plan.actions, n) for v, plan, n in ranked[:3]]
        return self.follower.follow(view, ranked[0][1].actions)


class OneTurnPlayer(PlanPlayer):
    seconds = None

    def __init__(self, name: str, weights: JudgementWeights, seed: int = 0, pay: str = "auto") -> None:
        super().__init__()
        self.name = name
        self.weights = weights
        self.pay = pay
        self.rng = random.Random(seed)

    def ranked(self, state: State, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        """Every plan of the segment at `state`, best first by the judgement (each judged once;
        equal bests drawn at random)."""
        seat = state.current
        judge = Judge(state, self.weights)
        scored = [(judge.value(plan.end, seat), i, plan)
                  for i, plan in enumerate(plans(state, pay=self.pay, full_work=False, alike=True))]
        best = max(v for v, _, _ in scored)
        ties = [i for v, i, _ in scored if v == best]
        pick = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        scored.sort(key=lambda x: (x[1] != pick, -x[0], x[1]))
        return [(v, plan, 1) for v, _, plan in scored]


def careful(seed: int = 0) -> OneTurnPlayer:
    """Careful, the step between Casual and Normal: every way to play its turn (or its
    placements) weighed by the hand-written judgement (judge.py), the best played, no
    look-ahead. It beats Casual in 76.5% of 200 games and Normal beats it in 72.5%
    (docs/bots.md, "The ladder")."""
    return OneTurnPlayer("careful", RICH, seed)
