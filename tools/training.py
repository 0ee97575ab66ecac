"""Fitting the evaluation's weights to self-play games (run by tools/train_eval.py).

Bots play whole games against each other, 2 to 4 seats. Every few decisions the position
is recorded once per seat: the evaluation's terms (evaluate.terms) and the points the seat
has banked. When the game ends, each record is labelled with that seat's final score. The
weights are the least-squares fit (with a little ridge, so that a term the games seldom
show keeps a small weight instead of a wild one) of final minus banked points on the
terms: what a position is worth, in points still to come, as these games played out.

Everything is decided by the seed: the same command gives the same weights, bit for bit.
The last games are held out of the fit and measure how far off each set of weights
predicts the final score.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pool

from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
from humanity_desktop.engine.catalogue import YEARS
from humanity_desktop.bots.evaluate import DEFAULT, TERMS, Weights, banked, terms
from humanity_desktop.bots.planner import BEGINNER_WEIGHTS, PlanningBot

EVERY = 10  # actions between recorded positions: neighbours say much the same
RIDGE = 1.0
OPPONENTS = DEFAULT.opponents  # relative play is a choice of style, not something to fit
LOOSE_NOISE = 1.5  # the loose seat's noise on each plan's value


@dataclass(frozen=True)
class Sample:
    game: int
    year: int
    terms: tuple[float, ...]
    target: float  # final points minus points banked at the time


def _players(seed: int, seats: int, weights: Weights) -> list:
    """Mostly the one-turn player on `weights`, with a loose seat now and then (Beginner's
    judgement with more noise) so that the games also show loose play and the positions it
    leads to."""
    rng = random.Random(seed)
    return [PlanningBot("loose", seed * 7 + i, BEGINNER_WEIGHTS, LOOSE_NOISE, sensible=True) if rng.random() < 0.25
            else PlanningBot("one-turn", seed * 7 + i, weights, 0.0) for i in range(seats)]


def play(game: int, seed: int, weights: Weights) -> list[Sample]:
    """The samples of one self-play game (its number `game`, from the run's `seed`)."""
    game_seed = seed * 100_003 + game
    seats = 2 + game % 3
    state = new_game(seats, game_seed)
    bots = _players(game_seed, seats, weights)
    recorded: list[tuple[int, int, tuple, int]] = []
    actions = 0
    while not state.game_over:
        if actions % EVERY == 0:
            recorded.extend((q, state.year, terms(state, q), banked(state, q)) for q in range(seats))
        p = state.current
        apply_action(state, bots[p].decide(observe(state, p), legal_actions(state), None))
        actions += 1
    final = state.scores
    return [Sample(game, year, t, float(final[q] - held)) for q, year, t, held in recorded]


def _play(args: tuple) -> list[Sample]:
    return play(*args)


def self_play(games: int, seed: int, weights: Weights, jobs: int = 1) -> Iterator[list[Sample]]:
    """Each game's samples, in game order whatever the number of processes."""
    tasks = [(g, seed, weights) for g in range(games)]
    if jobs <= 1:
        yield from map(_play, tasks)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(_play, tasks)
        # Let the workers end of themselves: leaving the block terminates them with SIGTERM,
        # which a worker forked from a process where SDL caught SIGTERM would never obey.
        pool.close()
        pool.join()


def fit(samples: list[Sample], ridge: float = RIDGE) -> Weights:
    """Ridge least squares of each sample's target on its terms."""
    k = len(TERMS)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for s in samples:
        x = s.terms
        for i in range(k):
            xi = x[i]
            if xi:
                row = xtx[i]
                for j in range(k):
                    row[j] += xi * x[j]
                xty[i] += xi * s.target
    for i in range(k):
        xtx[i][i] += ridge
    solved = solve(xtx, xty)
    return Weights(**dict(zip(TERMS, solved)), opponents=OPPONENTS)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b, by Gaussian elimination with partial pivoting (a is k×k, invertible)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError(f"the term {TERMS[col]!r} never varies in these games")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, k):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, k + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][c] * x[c] for c in range(r + 1, k))) / m[r][r]
    return x


def errors(samples: list[Sample], weights: Weights) -> dict:
    """Mean absolute error of the predicted final score, in points, overall and by year."""
    def mae(group: list[Sample]) -> float:
        return sum(abs(sum(w * t for w, t in zip(weights.vector, s.terms)) - s.target) for s in group) / len(group)

    out = {"all": round(mae(samples), 3)}
    for year in YEARS:
        group = [s for s in samples if s.year == year]
        if group:
            out[f"year {year}"] = round(mae(group), 3)
    return out


def train(games: int, seed: int, rounds: int = 2, holdout: float = 0.2, jobs: int = 1,
          progress=lambda text: None) -> dict:
    """Self-play, fit, and self-play again on the fitted weights `rounds` times; the last
    fit is the answer. Returns the weights with the figures that describe the fit."""
    weights = DEFAULT
    kept = games - max(1, int(games * holdout))
    history = []
    for r in range(rounds):
        samples: list[Sample] = []
        for game_samples in self_play(games, seed + r, weights, jobs):
            samples.extend(game_samples)
        train_set = [s for s in samples if s.game < kept]
        test_set = [s for s in samples if s.game >= kept]
        fitted = fit(train_set)
        history.append({
            "round": r + 1,
            "played_on": "hand-set weights" if r == 0 else f"the weights of round {r}",
            "samples": len(train_set),
            "held_out_samples": len(test_set),
            "error_hand_set": errors(test_set, DEFAULT),
            "error_fitted": errors(test_set, fitted),
        })
        progress(f"round {r + 1}: {len(samples)} samples, held-out error {history[-1]['error_fitted']['all']} "
                 f"points (hand-set {history[-1]['error_hand_set']['all']})")
        weights = fitted
    return {
        "games": games,
        "seed": seed,
        "rounds": rounds,
        "weights": {name: round(value, 6) for name, value in weights.to_json().items()},
        "fit": history,
    }

