"""An information-set sampling search over whole plans.

For the decision in front of it the sampler lists every way to finish its segment
(segment_plans.py, costs paid by the engine's auto-pay) and keeps the 12 the judgement (judge.py)
rates best. Then it plays each candidate on in many sampled worlds: the unseen modules and
experiments shuffled into the decks consistently with its view (hidden.py), other seats'
science set to what it has seen them earn. In each world the candidate plan is played, then
four more segments: the first two, if no reset comes between, by the judgement's own best
plan for whoever is to play (nothing hidden is drawn before a reset, so that plan is worked
out once per position and search and shared by every world), the rest by the fast policy
(playout.py). The position reached is judged, or scored if the game ended. All candidates
of a round see the same worlds, so they are compared on equal luck.

The time is spent by successive halving: the budget is cut into one slice per round; in
each round the surviving candidates are played out in as many worlds as the slice allows,
then the worse half is dropped, until one is left. Once the deadline passes the search
stops, even inside a world. Candidates are only ever compared on the same worlds: a world
cut short is dropped, unless it is the first, and then the candidates it did not reach (the
judgement's lower ones) leave the race, ranked behind by their judgement. Ranking a played
candidate, whose mean includes the rival's reply, against an unplayed one's bare judgement
was a bias: removing it took Normal (30 ms) from 56.5% to 73.0% against Careful on the same
200 deals. Each listing of plans (the candidates, and the judgement's best reply in a
playout) is listed and judged in at most the search's time or LISTING_FLOOR, whichever is
longer, from its own start (segment_plans.py: the first choices not listed are completed
greedily once its share is spent). Bounding them by the search's own 20 ms cost Normal its
strength against the unbounded listing (39 and then 42 wins of 100), since real turns need
more to list and judge every plan. What the floor and the candidates played out however
slow the machine (`least`) may add is bounded by the bot's `cap`: past the search's
deadline or `cap` seconds from its start, whichever is later, no listing goes on (the rest
is completed greedily) and no playout is begun, so the widest base the game accepts gets its
answer in that time. The thinking time is the constructor's `seconds`, or the Budget passed
to `decide` (its deadline and iteration cap; a cancelled budget raises Cancelled).

How far to play on was tried at 0.4 s a decision, 10 two-player games a try on the same
seeds. Head to head, 8 segments by the fast policy beat 4 (43.4 points to 38.3); but against
Careful 2, 4 and 8 won by 10.1, 8.5 and 6.7 points a game, and 4 with the first two by the
judgement by 10.5. Against Normal, 4 by the fast policy won by 22.6 points and 4 with two by
the judgement by 26.1, and head to head the latter won 43.3 to 39.2, so it is the default.
Searching 24 candidates instead of 12 made no clear difference.
"""
from __future__ import annotations

import math
import random
import time

from ..engine.state import OVER, State
from .base import Budget
from .hidden import shuffle_hidden
from .judge import Judge, JudgementWeights, Memo
from .one_turn_planner import PlanPlayer
from .playout import FastPolicy, play_on
from .judge import RICH
from .segment_plans import Plan, play_plan, plans


LISTING_BEFORE_JUDGING = 0.5  # of a timed listing-and-judging's time, for the listing; the judging has the rest
# The least time one listing-and-judging has, whatever the budget: more than any turn of a
# real game takes (the widest recorded, about 30 ms), so that only bases no game reaches are cut.
LISTING_FLOOR = 0.1
# The most seconds a timed decision takes, or its budget if that is longer: what the floor and
# the candidates played out however slow the machine add stops there. Above every decision of
# the ladder's games (the slowest 0.70 s: docs/bots.md, "How fast each level decides"), so
# that only bases no game reaches are cut.
SAMPLER_CAP = 1.0


def public_key(s: State) -> tuple:
    """Everything about a position but the order of the face-down decks (which cards they
    hold follows from the rest)."""
    return (s.round, s.turn, s.phase, s.current, s.arm, s.year, s.patch, tuple(s.hangars), tuple(s.wheel),
            tuple(s.holders), tuple(s.placing), s.sel, s.work_left, s.target, tuple(s.need), tuple(s.progress),
            s.upgrades,
            tuple((tuple(sorted(p.base.items())), tuple(p.astros), p.research, p.science, tuple(p.experiments),
                   tuple(p.groups), tuple(p.ledger.values()), tuple(sorted(p.wild.items()))) for p in s.players))


class SamplerBot(PlanPlayer):
    def __init__(self, seed: int = 0, seconds: float = 1.0, weights: JudgementWeights = RICH, keep: int = 12,
                 horizon: int = 4, prior: float = 1.0, strong: int = 2, name: str = "sampler",
                 least: int = 1, cap: float = SAMPLER_CAP) -> None:
        super().__init__()
        self.name = name
        # Segments after the candidate's own, before the next reset, played by the judgement's
        # best plan (worked out once per position and search: no hidden card is drawn then).
        self.strong = strong
        self._strong: dict = {}
        self._memo = Memo()  # shared by the judges of one search
        self._span: float | None = None  # the search's time, while it runs: what one listing may take
        self._ceiling: float | None = None  # the time.monotonic() time a timed search ends by, while it runs
        self.cap = cap  # seconds: no decision ends later than this or its budget, whichever is later
        self.seconds = seconds
        self.weights = weights
        self.keep = keep  # candidates searched
        self.horizon = horizon  # segments played on after the candidate's own
        self.prior = prior  # the judgement of the plan's end counts as this many playouts
        # Playouts made before the time can stop the search: the best-judged candidates of the
        # first world, so that on a slower machine a short budget still compares that many.
        self.least = least
        self.rng = random.Random(seed)
        self.policy = FastPolicy()
        self.playouts = 0  # over the bot's life, for measuring

    def candidates(self, state: State, span: float | None = None,
                   until: float | None = None) -> list[tuple[float, Plan]]:
        """Every plan of the segment, best first by the judgement (those listed and judged in
        `span` seconds and by `until`, if given)."""
        scored = self.judged(state, span, until)
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(v, plan) for v, _, plan in scored]

    def leaf(self, s: State, seat: int) -> float:
        if s.phase == OVER:
            scores = [p.score for p in s.players]
            return scores[seat] - self.weights.rival * max(x for i, x in enumerate(scores) if i != seat)
        return Judge(s, self.weights, self._memo).value(s, seat)

    def best_plan(self, s: State) -> tuple:
        """The judgement's best plan for the segment at `s`, once per position and search."""
        key = public_key(s)
        actions = self._strong.get(key)
        if actions is None:
            judged = self.judged(s, self._span, self._ceiling)
            actions = max(judged, key=lambda entry: (entry[0], -entry[1]))[2].actions
            self._strong[key] = actions
        return actions

    def judged(self, s: State, span: float | None, until: float | None = None) -> list[tuple[float, int, Plan]]:
        """(judgement, place in the listing, plan) for the plans of the segment at `s`; with a
        `span`, those listed in LISTING_BEFORE_JUDGING of it and judged by its end (at least
        one), and by `until` (a time.monotonic() time) if given. Each listing has the span from
        its own start, so the playouts past the search's deadline (its floor) still play the
        judgement's best replies."""
        judge = Judge(s, self.weights, self._memo)
        seat = s.current
        deadline = listing_until = None
        if span is not None:
            now = time.monotonic()
            deadline = now + span if until is None else min(now + span, until)
            listing_until = now + LISTING_BEFORE_JUDGING * (deadline - now)
        out = []
        for i, plan in enumerate(plans(s, pay="auto", full_work=False, alike=True, deadline=listing_until)):
            if out and deadline is not None and time.monotonic() >= deadline:
                break
            out.append((judge.value(plan.end, seat), i, plan))
        return out

    def playout(self, state: State, plan: Plan, seat: int, world: int) -> float:
        rng = random.Random(world)
        t = state.copy()
        shuffle_hidden(t, rng)
        play_plan(t, plan.actions)
        played = 0
        while played < self.strong and t.round == state.round and t.phase != OVER:
            play_plan(t, self.best_plan(t))
            played += 1
        play_on(t, self.policy, rng, self.horizon - played)
        return self.leaf(t, seat)

    def search(self, state: State, budget: Budget) -> list[tuple[float, Plan, int]]:
        """(mean value, plan, playouts) for the candidates, the chosen one first."""
        seat = state.current
        self._strong = {}
        self._memo = Memo()
        self._span = self._ceiling = None
        if budget.deadline is not None:
            now = time.monotonic()
            self._span = max(LISTING_FLOOR, budget.deadline - now)
            self._ceiling = max(budget.deadline, now + self.cap)
        ranked = self.candidates(state, self._span, self._ceiling)[: self.keep]
        totals = [v * self.prior for v, _ in ranked]
        counts = [self.prior] * len(ranked)
        played = [0] * len(ranked)
        alive = list(range(len(ranked)))
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 0
        world_base = self.rng.randrange(1 << 30)
        world = 0
        done = 0
        whole_worlds = 0
        for r in range(rounds):
            if budget.deadline is not None:
                slice_end = time.monotonic() + (budget.deadline - time.monotonic()) / (rounds - r)
            else:
                slice_end = None
            cap = None
            if budget.iterations is not None:
                cap = done + max(len(alive), (budget.iterations - done) // (rounds - r))
            out_of_time = False
            while not out_of_time:
                budget.check()
                results = []
                for i in alive:
                    # A world of twelve playouts can outlast a short budget on its own (each
                    # opens the rival's reply): once the budget has expired the search stops mid-world.
                    if (done >= self.least and budget.expired()) or self._past_ceiling():
                        out_of_time = True
                        break
                    results.append((i, self.playout(state, ranked[i][1], seat, world_base + world)))
                    done += 1
                if out_of_time:
                    # Candidates are compared on the same worlds only: a world cut short counts
                    # if it is the first, and then only the candidates it reached stay in the race.
                    if whole_worlds:
                        results = []
                    else:
                        alive = [i for i, _ in results]
                for i, value in results:
                    totals[i] += value
                    counts[i] += 1
                    played[i] += 1
                whole_worlds += not out_of_time
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
            if out_of_time:
                break
            alive = alive[: max(1, len(alive) // 2)]
        self.playouts += done
        order = alive + [i for i in sorted(range(len(ranked)), key=lambda i: (-totals[i] / counts[i], i))
                         if i not in alive]
        return [(totals[i] / counts[i], ranked[i][1], played[i]) for i in order]

    def _past_ceiling(self) -> bool:
        return self._ceiling is not None and time.monotonic() >= self._ceiling

    def own_budget(self, budget: Budget | None) -> Budget:
        return Budget(seconds=self.seconds) if budget is None else budget

    def ranked(self, state: State, budget: Budget | None) -> list[tuple[float, Plan, int]]:
        return self.search(state, budget)


# Normal and Skilled: this search given 20 ms and 0.1 s a decision.
#
# At that time it searches little: most of its strength is the hand-written judgement it
# ranks every plan of its segment by, and the rival's best reply it plays out for as many of
# the best candidates as the time allows, compared on the same sampled worlds.
#
# At 20 ms a decision most of Normal's searches would play out a single candidate on a slow
# machine, the judgement's first choice and so Careful's: at 20 ms alone it beat Careful in
# only 59.5% of 200 games on the build machine of 2026-11-30. So it plays out its best two
# candidates however slow the machine (NORMAL_LEAST), and beats Careful in 72.5% there; that
# floor is then its decision time, about 40 ms (docs/bots.md, "Why each level is set as it is").
#
# Skilled is the step between Normal and Hard: with five times Normal's time the search plays
# out more candidates in more worlds. It beats Normal in 69.5% of 200 games and Hard beats it
# in 70.0% (docs/bots.md, "The ladder").

NORMAL_SECONDS = 0.02
NORMAL_LEAST = 2  # candidates Normal plays out however slow the machine (SamplerBot.least)
SKILLED_SECONDS = 0.1


def normal(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=NORMAL_SECONDS, name="normal", least=NORMAL_LEAST)


def skilled(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=SKILLED_SECONDS, name="skilled")
