"""Bots that choose whole-turn plans by evaluating where each plan leads (Beginner, Easy and Casual)."""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from ..engine import Action, Kind, State, apply_action, legal_actions
from ..engine.segment import Segment
from ..engine.state import TURN
from .base import Budget, thinking
from .determinize import sample_state
from .evaluate import LEARNED, PlanValuer, Weights, relative_value, seat_value
from .plans import CHECK_EVERY, Plan, plans

# Beginner's judgement: its own points, research, stock and producers; no rivals, no missions
# (the training's loose seat plays on it as it stands; Beginner adds BEGINNER_STRANDED_COST).
BEGINNER_WEIGHTS = Weights(opponents=0.0, mission=0.0, square=0.2, group=0.3, spot=0.0)
BEGINNER_NOISE = 0.5  # points of gaussian noise on each plan's value
EASY_NOISE = 0.4
# Points a level counts for each astronaut sent beside the board where the arm will not pass
# it at the next reset: a round of its work lost (docs/bots.md, "Stranded astronauts").
STRANDED_COST = 2.5
BEGINNER_STRANDED_COST = 1.0  # Beginner minds them less than the levels above
# Easy's and Casual's judgement: the learned weights with that cost (Hard and Expert keep its
# share for the rivals in their search, mcts.py).
LEVEL_WEIGHTS = replace(LEARNED, stranded=STRANDED_COST)
PLANS_SHARE = 0.6  # of a timed ranking's time, for finding the plans; the rest values them
OWN_PLANS_SHARE = 0.6  # of a capped decision's time, for ranking its own plans; the rest looks ahead


def ranked_plans(state: State, weights: Weights, deadline: float | None = None) -> list[tuple[float, Plan, State]]:
    """Every plan of the player to move, best first by the learned evaluation `weights` of
    where it leads (see ranked_by)."""
    return ranked_by(state, PlanValuer(state.current, weights).value, deadline)


def ranked_by(state: State, value: Callable[[State], float],
              deadline: float | None = None) -> list[tuple[float, Plan, State]]:
    """Every plan of the player to move, best first by `value` (the mover's evaluation) of
    where it leads; ties keep the plans' listed order.

    With a `deadline` (a time.monotonic() time) the ranking ends by then, or soon after in
    a position whose every step is slow: it ranks the plans found in time (plans.plans), as
    many of them as it can value before the deadline (always at least one)."""
    if deadline is None:
        found = plans(state)
        values = [value(after) for _, after in found]
    else:
        now = time.monotonic()
        found = plans(state, deadline=now + PLANS_SHARE * (deadline - now), value=value)
        values = []
        for plan, after in found:
            if values and len(values) % CHECK_EVERY == 0 and time.monotonic() >= deadline:
                break
            values.append(value(after))
    return best_first(found, values)


def best_first(found: list[tuple[Plan, State]], values: list[float]) -> list[tuple[float, Plan, State]]:
    """(value, plan, where it leads) for the first len(values) plans `found`, best first;
    ties keep the listed order."""
    scored = [(v, plan, after) for v, (plan, after) in zip(values, found)]
    scored.sort(key=lambda t: -t[0])
    return scored


def wastes_work(state: State, plan: Plan) -> bool:
    """Whether `plan` ends Work while one of the player's tiles could still be used."""
    if not any(a.kind == Kind.END_WORK for a in plan):
        return False
    s = state.copy()
    for action in plan:
        if action.kind == Kind.END_WORK:
            return any(a.kind == Kind.ACTIVATE for a in legal_actions(s))
        apply_action(s, action)
    return False


class SegmentFollower:
    """Turns a plan chosen once per segment into one action per call, for as long as the
    segment lasts and the plan's next action is legal (anything else and the bot thinks
    again). Only the bot plays in its own segment, so the plan's positions are the game's."""

    def __init__(self) -> None:
        self._segment: Segment | None = None
        self._rest: list[Action] = []

    def next(self, view: dict, legal: list[Action]) -> Action | None:
        if self._segment == Segment.of_view(view) and self._rest and self._rest[0] in legal:
            return self._rest.pop(0)
        return None

    def follow(self, view: dict, plan: Plan) -> Action:
        self._segment = Segment.of_view(view)
        self._rest = list(plan[1:])
        return plan[0]


class PlanBot:
    """A bot that ranks whole plans (`search`) and then plays the best one step per call."""

    name: str
    follower: SegmentFollower
    weights: Weights  # its evaluation, which its hints and reasons quote too (see worth)
    seconds: float | None = None
    last_search: list | None = None  # the ranked plans behind the last new choice (see base.Bot)

    def search(self, view: dict, budget: Budget | None = None) -> list[tuple[float, Plan, int]]:
        """The plans for the seat to move in `view`, best first, as (value, plan, visits);
        without a `budget`, the level's own (default_budget)."""
        with thinking:
            return self._search(view, budget or self.default_budget())

    def _search(self, view: dict, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        raise NotImplementedError

    def default_budget(self) -> Budget | None:
        return None

    def worth(self, state: State, seat: int) -> float:
        """The seat's own expected final points at `state` by this bot's judgement: what its
        hints and reasons quote (hints.gain)."""
        return seat_value(state, seat, self.weights)

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        self.last_search = None
        step = self.follower.next(view, legal)
        if step is not None:
            return step
        if len(legal) == 1 and view["phase"] != TURN:
            return legal[0]
        self.last_search = self.search(view, budget)
        return self.follower.follow(view, self.last_search[0][1])


class PlanningBot(PlanBot):
    """Evaluates every plan for the current segment and plays the best (plus optional noise).

    With a look-ahead, the `width` best plans are judged again where they lead once the
    next `lookahead` segments are played, each by its mover's best plan: a plan that leaves
    a rival an easy mission or an obstacle to finish shows its cost before it is played."""

    def __init__(self, name: str, seed: int, weights: Weights, noise: float, sensible: bool = False,
                 lookahead: int = 0, width: int = 0, cap: float | None = None) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.weights = weights
        self.noise = noise
        # Noise alone would sometimes stop work with tiles left to use: a slip, not a style.
        self.sensible = sensible
        self.lookahead = lookahead
        self.width = width
        # At most this many seconds a decision, whatever the position: a late turn with many
        # tiles and work 4 has thousands of plans. Its own plans take OWN_PLANS_SHARE of it at most.
        self.cap = cap
        self.follower = SegmentFollower()

    def _search(self, view: dict, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        """Plans best first as (value, plan, visits); this bot does not search, so visits are 0."""
        state = sample_state(view, self.rng)
        now = time.monotonic()
        deadline = None if self.cap is None else now + self.cap
        root_deadline = None if self.cap is None else now + OWN_PLANS_SHARE * self.cap
        ranked = ranked_plans(state, self.weights, root_deadline)
        if self.sensible:
            ranked = [entry for entry in ranked if not wastes_work(state, entry[1])] or ranked
        if self.lookahead and len(ranked) > 1:
            ranked = self._looked_ahead(state.current, ranked, budget, deadline)
        if self.noise:
            ranked = sorted(((v + self.rng.gauss(0.0, self.noise), plan, after) for v, plan, after in ranked),
                            key=lambda entry: -entry[0])
        return [(v, plan, 0) for v, plan, _ in ranked]

    def _looked_ahead(self, me: int, ranked: list, budget: Budget | None, deadline: float | None) -> list:
        """The `width` best plans valued where the next segments leave them, ahead of the rest
        (as many of them as the deadline allows; those it cuts keep their order behind)."""
        judged = []
        for _, plan, after in ranked[:self.width]:
            if budget is not None:
                budget.check()
            if judged and deadline is not None and time.monotonic() >= deadline:
                break
            later = after
            for _ in range(self.lookahead):
                if later.game_over:
                    break
                later = ranked_plans(later, self.weights, deadline)[0][2]
            judged.append((relative_value(later, me, self.weights), plan, after))
        judged.sort(key=lambda entry: -entry[0])
        return judged + ranked[len(judged):]


# Beginner, Easy and Casual decide within a third of a second however wide the turn: a real
# game's turn lists in milliseconds, so only the widest bases the game accepts are cut.
ONE_TURN_CAP = 0.3


def beginner(seed: int = 0) -> PlanningBot:
    # A simpler judgement, blurred: loose, yet it never wastes its own work and it minds the
    # astronauts it sends beside the board. A step below Easy (about three games in four to
    # Easy; docs/bots.md, "The ladder").
    weights = replace(BEGINNER_WEIGHTS, stranded=BEGINNER_STRANDED_COST)
    return PlanningBot("beginner", seed, weights, noise=BEGINNER_NOISE, sensible=True, cap=ONE_TURN_CAP)


def easy(seed: int = 0) -> PlanningBot:
    # Casual's judgement without its look-ahead, blurred by noise: it plays with purpose but
    # slips, a step below Casual (about three games in four to Casual; docs/bots.md, "The ladder").
    return PlanningBot("easy", seed, LEVEL_WEIGHTS, noise=EASY_NOISE, sensible=True, cap=ONE_TURN_CAP)


def casual(seed: int = 0) -> PlanningBot:
    # The learned evaluation with the cost of stranded astronauts, and each of the four best
    # plans judged again after the next seat's reply: a one-turn player. The newcomer's
    # default, a step below Normal.
    return PlanningBot("casual", seed, LEVEL_WEIGHTS, noise=0.0, lookahead=1, width=4, cap=ONE_TURN_CAP)
