"""The learned evaluation: the fit, its reproducibility, and the shipped weights."""
from __future__ import annotations

import json
import random

import pytest

from humanity_desktop.bots.evaluate import DEFAULT, LEARNED, LEARNED_FILE, TERMS, Weights, seat_value
from training import Sample, errors, fit, play, solve, train
from humanity_desktop.engine import new_game


def test_solve_finds_the_unique_solution():
    a = [[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]
    x = [1.5, -2.0, 0.25]
    b = [sum(a[i][j] * x[j] for j in range(3)) for i in range(3)]
    assert solve(a, b) == pytest.approx(x)


def test_solve_names_a_term_that_never_varies():
    with pytest.raises(ValueError, match="never varies"):
        solve([[1.0, 0.0], [0.0, 0.0]], [1.0, 0.0])


def test_fit_recovers_the_weights_that_made_the_targets():
    rng = random.Random(4)
    truth = [rng.uniform(-2, 3) for _ in TERMS]
    samples = []
    for i in range(600):
        x = tuple(rng.uniform(-5, 5) for _ in TERMS)
        samples.append(Sample(i, 1 + i % 3, x, sum(w * t for w, t in zip(truth, x))))
    fitted = fit(samples, ridge=0.0)
    assert fitted.vector == pytest.approx(truth, abs=1e-6)
    assert errors(samples, fitted)["all"] == pytest.approx(0.0, abs=1e-6)


def test_a_self_play_game_labels_every_sample_with_points_still_to_come():
    samples = play(1, seed=9, weights=DEFAULT)  # game 1: three seats
    assert all(len(s.terms) == len(TERMS) for s in samples)
    assert [s.year for s in samples[:3]] == [1, 1, 1]  # the opening position, once per seat
    by_year = {y: [s.target for s in samples if s.year == y] for y in (1, 2, 3)}
    mean = {y: sum(t) / len(t) for y, t in by_year.items()}
    assert mean[1] > mean[2] > mean[3]  # fewer points still to come as the game runs out


def test_training_is_reproducible_from_its_seed():
    one = train(games=3, seed=5, rounds=1)
    two = train(games=3, seed=5, rounds=1, jobs=2)  # processes change nothing either
    assert one == two
    assert one != train(games=3, seed=6, rounds=1)


def test_the_shipped_weights_cover_every_term_and_say_how_they_were_made():
    raw = json.loads(LEARNED_FILE.read_text(encoding="utf-8"))
    assert set(raw["weights"]) == set(TERMS) | {"opponents"}
    assert raw["command"].startswith("python tools/train_eval.py")
    assert Weights.from_json(raw["weights"]) == LEARNED


def test_unknown_terms_in_a_weights_file_are_refused():
    with pytest.raises(ValueError, match="unknown evaluation terms: luck"):
        Weights.from_json({"luck": 1.0})


def test_the_learned_weights_predict_fresh_games_better_than_the_hand_set_ones():
    # Games the training never saw (another seed), played by the hand-set bots.
    samples = [s for g in range(3) for s in play(g, seed=424_242, weights=DEFAULT)]
    assert errors(samples, LEARNED)["all"] < errors(samples, DEFAULT)["all"]


def test_the_value_is_banked_points_plus_the_weighted_terms():
    s = new_game(2, 3)
    s.players[0].ledger["mission"] = 7
    s.players[0].science = 0
    plain = Weights(**{t: 0.0 for t in TERMS})
    assert seat_value(s, 0, plain) == 7
    only_future = Weights(**{t: (1.0 if t == "future" else 0.0) for t in TERMS})
    assert 0 < seat_value(s, 0, only_future) - 7 <= 1.0
