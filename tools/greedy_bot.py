"""The greedy reference: a plain one-turn player to measure the levels against (the
tournament's seat `greedy`; not offered in the game).

It tries every whole plan for the decision in front of it and keeps the one whose result
scores best by a short tally of what it can see of its own seat: points banked, what its
research would pay now, stock, producers and astronaut strength. No look-ahead, no rivals,
no missions in progress: what any sound one-turn heuristic would count. Its tally is
written apart from the levels' evaluation (evaluate.py) on purpose, so that beating it
says something about that evaluation.
"""
from __future__ import annotations

import random

from humanity_desktop.engine import State, load_catalogue
from humanity_desktop.engine.flow import science_tokens
from humanity_desktop.bots.base import Budget
from humanity_desktop.bots.determinize import sample_state
from humanity_desktop.bots.evaluate import game_left
from humanity_desktop.bots.planner import PlanBot, SegmentFollower
from humanity_desktop.bots.plans import Plan, plans

CAT = load_catalogue()

# Points per feature, by hand: a unit in stock pays for a module later (about a third of a
# point) or is exchanged at the end (five for a point); a producer or a research module is
# worth about one more activation's output per remaining round; a stronger astronaut works
# more every turn left.
STOCK_MIDGAME = 0.35
STOCK_AT_END = 0.2
PRODUCER = 1.2
RESEARCH_MODULE = 0.8
EXTRA_WORK = 1.8


def tally(s: State, p: int) -> float:
    """Seat p's points, banked and in sight, as a one-turn player would count them."""
    player = s.players[p]
    left = game_left(s)
    value = float(player.score + player.science)
    if not s.game_over:
        value += science_tokens(s.catalogue, s.n, player.research, [pl.research for pl in s.players])
    for tid, stock in player.base.values():
        spec = CAT.tiles[tid]
        if spec.stores:
            value += stock * (STOCK_MIDGAME * left + STOCK_AT_END * (1.0 - left))
        if spec.kind == "production" and spec.work:
            value += PRODUCER * left
        elif spec.kind == "research":
            value += RESEARCH_MODULE * left
    value += sum(EXTRA_WORK * (work - 2) * left for work, _, _ in player.astros)
    return value


class GreedyBot(PlanBot):
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.follower = SegmentFollower()

    def _search(self, view: dict, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        """Plans best first as (tally, plan, 0); ties keep the enumeration's order."""
        state = sample_state(view, self.rng)
        scored = [(tally(after, state.current), plan, 0) for plan, after in plans(state)]
        scored.sort(key=lambda t: -t[0])
        return scored
