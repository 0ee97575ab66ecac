"""yard-rollout: flat Monte Carlo. Each candidate action (at most CANDIDATES of the legal
ones, drawn at random when there are more) is played on a freshly filled position (fill.py)
and the game is played out to its end by random-ish moves, again and again in turn, until
the time is up; the action of the best mean final margin (its own score less the best
rival's) is played.

The playouts lean a little toward sound play: the astronaut of the most work is chosen, it
keeps activating while it can, and it deploys or experiments more often than it works,
nearer the arm more often than far from it (an astronaut far round the ring comes home late).
Within a round of playouts every candidate meets the same deal of the hidden cards and the
same random numbers (common random numbers), so that luck weighs less on the comparison.
Nothing is kept between decisions but the random generator, and within one only a sum and
a count per candidate.
"""
from __future__ import annotations

import random
import time

from humanity_desktop.engine import State, legal_actions
from humanity_desktop.engine.rules import Kind, apply_legal
from humanity_desktop.engine.state import ACTION, TURN, WORK

from .fill import Filler

SECONDS = 0.3  # per decision, when the caller gives no budget
CANDIDATES = 12
MAX_PLAYOUTS = 4000  # per decision, whatever the budget (one that never expires included)
STOP_WORK = 0.05  # a playout's chance of ending work while something can still be activated
PREFER_BUILD = 0.7  # its chance of deploying or experimenting, when it can, over working
NEAR_FIRST = True  # deploy or experiment nearer the arm more often
STRONGEST = True  # choose an astronaut of the most work


def margin(s: State, p: int) -> float:
    """Seat p's score less the best rival's (science included, a rival's as guessed)."""
    scores = [pl.score + (0 if s.game_over else pl.science) for pl in s.players]
    mine = scores[p]
    return mine - max(v for i, v in enumerate(scores) if i != p)


def playout_action(s: State, legal: list, rng: random.Random):
    """A random-ish move in `s`."""
    if s.phase == WORK:
        activations = [a for a in legal if a.kind == Kind.ACTIVATE]
        if activations and rng.random() >= STOP_WORK:
            return rng.choice(activations)
    elif s.phase == ACTION:
        builds = [a for a in legal if a.kind != Kind.WORK]
        if builds and rng.random() < PREFER_BUILD:
            if NEAR_FIRST:
                # The nearer the arm, the sooner the astronaut comes home: slot k (or the
                # experiment in line with it) is drawn with weight 1/k.
                weights = [1.0 / (a.slot if a.kind == Kind.CHOOSE_MODULE else a.index + 1) for a in builds]
                return rng.choices(builds, weights)[0]
            return rng.choice(builds)
    elif s.phase == TURN and STRONGEST:
        astros = s.players[s.current].astros
        top = max(astros[a.astronaut][0] for a in legal)
        return rng.choice([a for a in legal if astros[a.astronaut][0] == top])
    return rng.choice(legal)


def playout(s: State, rng: random.Random, horizon: int | None = None) -> State:
    """Play `s` on in place by random-ish moves to the game's end (or `horizon` moves)."""
    moves = 0
    while not s.game_over and (horizon is None or moves < horizon):
        legal = legal_actions(s)
        apply_legal(s, legal[0] if len(legal) == 1 else playout_action(s, legal, rng))
        moves += 1
    return s


class RolloutYardstick:
    """Flat Monte Carlo over the legal actions, by mean final margin."""

    name = "yard-rollout"
    seconds = None
    last_search = None

    def __init__(self, seed: int = 0, playouts: int | None = None, horizon: int | None = None,
                 candidates: int = CANDIDATES, default_seconds: float = SECONDS) -> None:
        """`playouts`: a fixed number per candidate instead of a time limit (which makes a
        decision depend on the seed alone); `horizon`: moves per playout before it is scored
        where it stands (None: to the game's end)."""
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.horizon = horizon
        self.candidates = candidates
        self.default_seconds = default_seconds
        self.searched = (0, 0.0)  # (playouts, seconds) of the last decision that was searched

    def _stop(self, budget, done: int, deadline: float, total: int) -> bool:
        if done >= MAX_PLAYOUTS:
            return True
        if self.playouts is not None:
            return done >= total
        if budget is not None:
            return budget.expired(done)
        return time.monotonic() >= deadline

    def decide(self, view: dict, legal: list, budget=None):
        if len(legal) == 1:
            return legal[0]
        start = time.monotonic()
        deadline = start + self.default_seconds
        seat = int(view["seat"])
        cands = list(legal)
        if len(cands) > self.candidates:
            picked = sorted(self.rng.sample(range(len(cands)), self.candidates))
            cands = [cands[i] for i in picked]
        filler = Filler(view)
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        total = (self.playouts or 0) * len(cands)
        done = 0
        while True:
            # Common random numbers: in one round every candidate meets the same deal and
            # the same playout choices for as long as the games stay alike, so the
            # differences between candidates are less drowned in luck.
            deal, moves = self.rng.getrandbits(64), self.rng.getrandbits(64)
            for k, a in enumerate(cands):
                if done and self._stop(budget, done, deadline, total):
                    break
                s = filler.sample(random.Random(deal))
                apply_legal(s, a)
                sums[k] += margin(playout(s, random.Random(moves), self.horizon), seat)
                counts[k] += 1
                done += 1
            else:
                continue
            break
        self.searched = (done, time.monotonic() - start)
        best = max((k for k in range(len(cands)) if counts[k]), key=lambda k: (sums[k] / counts[k], -k))
        return cands[best]


__all__ = ["RolloutYardstick", "margin", "playout"]
