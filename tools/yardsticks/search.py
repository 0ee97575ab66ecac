"""yard-search: an information-set search by determinized look-ahead and successive halving.

Each legal action (at most CANDIDATES, the shortlist kept by the tally one greedy step after
it) is played in many sampled worlds (fill.py). In each, the rest of the mover's segment is
finished by tally.finish's greedy choices (an astronaut's task judged by finishing each),
then every rival answers with a segment of its own chosen the same way by its own tally,
and the world is scored by the mover's tally less the best rival's points (tally.worth; the
final margin where the game has ended). Greedy replies rather than random moves to the
game's end: they play like players, so a line's value is what it would come to, not what
random moves would make of it. (Measured on 10-game matches at 1 s against yard-tally: one
reply per rival won 7, two 6, and one-step greedy replies without judging the task 4, as
did random-ish playouts to the game's end at 0.25 s 2 of 20.)

Successive halving spends the decision's time: the candidates share it in rounds, every one
meeting the same world and the same tie-breaks in a round (common random numbers), and at
each of log2(candidates) equal shares of the time the worse half by mean is dropped. The
time is a segment's (the tournament's decision: one turn, or one set of placements), shared
among the segment's steps by how many are usually still to come, most to the astronaut's
choice and its task, which decide the turn.
"""
from __future__ import annotations

import math
import random
import time

from humanity_desktop.engine.rules import apply_legal
from humanity_desktop.engine.segment import Segment
from humanity_desktop.engine.state import ACTION, PLACE, TURN

from .fill import Filler
from .tally import finish, worth

SECONDS = 0.5  # per segment, when the caller gives no budget
CANDIDATES = 10
AHEAD = 1  # greedy segments after the mover's own, per rival
# The steps usually still to come in a segment, this one included: the share of the
# segment's time left that this step takes is 1 / STEPS_LEFT.
STEPS_LEFT = {TURN: 2.5, ACTION: 1.6, PLACE: 1.5}
STEPS_LEFT_ELSE = 1.3


class SearchYardstick:
    """Successive halving over the legal actions, each judged by greedy look-ahead in sampled worlds."""

    name = "yard-search"
    seconds = None
    last_search = None

    def __init__(self, seed: int = 0, evaluations: int | None = None, ahead: int = AHEAD,
                 candidates: int = CANDIDATES, default_seconds: float = SECONDS, deep: bool = True) -> None:
        """`evaluations`: a fixed number of worlds per candidate per halving instead of a time
        limit (a decision then depends on the seed alone); `ahead`: greedy segments looked
        ahead per rival after the mover's own; `deep`: those segments judge an astronaut's
        task by finishing each, as the mover's own does."""
        self.rng = random.Random(seed)
        self.evaluations = evaluations
        self.ahead = ahead
        self.deep = deep
        self.candidates = candidates
        self.default_seconds = default_seconds
        self.segment = None
        self.segment_deadline = 0.0
        self.searched = (0, 0.0)  # (worlds judged, seconds) of the last decision searched

    def _deadline(self, view: dict, budget) -> float:
        """When this step's share of its segment's time is up."""
        now = time.monotonic()
        seg = Segment.of_view(view)
        if seg != self.segment:
            self.segment = seg
            given = getattr(budget, "deadline", None)
            self.segment_deadline = given if given is not None else now + self.default_seconds
        share = 1.0 / STEPS_LEFT.get(view["phase"], STEPS_LEFT_ELSE)
        return now + max(0.0, self.segment_deadline - now) * share

    def _judge(self, filler: Filler, action, deal: int, moves: int, seg: Segment, seat: int) -> float:
        """The mover's worth after `action` in one sampled world, by greedy look-ahead."""
        s = filler.sample(random.Random(deal))
        rng = random.Random(moves)
        apply_legal(s, action)
        finish(s, seg, seat, rng)
        for _ in range(self.ahead * (len(s.players) - 1)):
            if s.game_over:
                break
            nxt = Segment.of(s)
            finish(s, nxt, nxt.seat, rng, deep=self.deep)
        return worth(s, seat)

    def _shortlist(self, filler: Filler, legal: list, seat: int) -> list:
        """At most `candidates` of the legal actions, the best by the tally one step after each."""
        if len(legal) <= self.candidates:
            return list(legal)
        s = filler.sample(self.rng)
        judged = []
        for k, a in enumerate(legal):
            t = s.copy()
            apply_legal(t, a)
            judged.append((worth(t, seat), -k, a))
        judged.sort(key=lambda x: x[:2], reverse=True)
        return [a for _, _, a in judged[: self.candidates]]

    def decide(self, view: dict, legal: list, budget=None):
        if len(legal) == 1:
            return legal[0]
        start = time.monotonic()
        deadline = self._deadline(view, budget)
        seat = int(view["seat"])
        seg = Segment.of_view(view)
        filler = Filler(view)
        cands = self._shortlist(filler, legal, seat)
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        halvings = max(1, math.ceil(math.log2(len(cands))))
        judged = 0
        for h in range(halvings):
            share_end = start + (deadline - start) * (h + 1) / halvings
            rounds = 0
            while True:
                deal, moves = self.rng.getrandbits(64), self.rng.getrandbits(64)
                for k in alive:
                    sums[k] += self._judge(filler, cands[k], deal, moves, seg, seat)
                    counts[k] += 1
                    judged += 1
                rounds += 1
                if self.evaluations is not None:
                    if rounds >= self.evaluations:
                        break
                elif time.monotonic() >= share_end or (budget is not None and budget.cancelled):
                    break
            if len(alive) == 1 or (self.evaluations is None and time.monotonic() >= deadline):
                break  # a step left with no time (late in a long segment) stops at its first round
            alive.sort(key=lambda k: (sums[k] / counts[k], -k), reverse=True)
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        self.searched = (judged, time.monotonic() - start)
        best = max(alive, key=lambda k: (sums[k] / counts[k], -k))
        return cands[best]


__all__ = ["SearchYardstick"]
