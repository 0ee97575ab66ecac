"""Deterministic from a seed: the same seed and actions give the same game."""
import random

import pytest

from builders import fresh
from humanity_desktop.engine import apply_action, legal_actions, new_game, replay


def random_game(n, seed, bot_seed):
    s = new_game(n, seed)
    rng = random.Random(bot_seed)
    actions, events = [], []
    while not s.game_over:
        a = rng.choice(legal_actions(s))
        actions.append(a)
        events.append(apply_action(s, a))
    return s, actions, events


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_same_seed_deals_the_same_game(n):
    assert new_game(n, 123).to_json() == new_game(n, 123).to_json()


def test_different_seeds_deal_differently():
    deals = {tuple(new_game(3, seed).hangars) + tuple(new_game(3, seed).wheel) for seed in range(10)}
    assert len(deals) > 5


def test_the_seed_is_kept_in_the_state():
    assert new_game(2, 77).seed == 77
    assert new_game(2, 77).to_json()["seed"] == 77


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3)])
def test_same_seed_and_actions_replay_to_the_same_state_and_events(n, seed):
    s1, actions, events1 = random_game(n, seed, bot_seed=seed)
    s2, _, events2 = random_game(n, seed, bot_seed=seed)
    assert s1.to_json() == s2.to_json()
    assert events1 == events2
    assert replay(n, seed, actions).to_json() == s1.to_json()


def test_legal_actions_come_in_a_fixed_order():
    s = fresh(3, seed=4)
    rng = random.Random(0)
    for _ in range(100):
        a, b = legal_actions(s), legal_actions(s.copy())
        assert a == b
        apply_action(s, rng.choice(a))


def test_the_decks_hold_no_randomness_beyond_the_seed():
    # playing the same actions from the same seed draws the same modules at every reset
    s1, actions, _ = random_game(2, 5, bot_seed=9)
    s2 = new_game(2, 5)
    for a in actions:
        apply_action(s2, a)
    assert s2.removed == s1.removed and s2.hangars == s1.hangars
