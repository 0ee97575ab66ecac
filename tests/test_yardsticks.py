"""The tournament's yardsticks (tools/yardsticks/): their filled positions agree with the
game they stand for, and each seat plays whole games of two and three seats with legal
moves only, the same moves for the same seed."""
from __future__ import annotations

import random
import time

import pytest
from yardsticks.fill import Filler
from yardsticks.rollout import RolloutYardstick
from yardsticks.search import SearchYardstick
from yardsticks.tally import TallyYardstick

from humanity_desktop.engine import apply_action, legal_actions, new_game, observe


def tally_seat(seed: int) -> TallyYardstick:
    return TallyYardstick(seed)


def rollout_seat(seed: int) -> RolloutYardstick:
    # A fixed number of short playouts instead of a time limit: the same moves for the same
    # seed, and a whole game in about a second.
    return RolloutYardstick(seed, playouts=2, horizon=30, candidates=6)


def search_seat(seed: int) -> SearchYardstick:
    # One world per candidate per halving and a short look-ahead: reproducible, and quick.
    return SearchYardstick(seed, evaluations=1, ahead=1, candidates=3)


SEATS = {"yard-tally": tally_seat, "yard-rollout": rollout_seat, "yard-search": search_seat}


def play(make, players: int, seed: int) -> tuple[list, list[int]]:
    """A whole game with the yardstick in every seat: (the actions played, final scores)."""
    state = new_game(players, seed)
    seats = [make(seed * 10 + i) for i in range(players)]
    played = []
    while not state.game_over:
        legal = legal_actions(state)
        action = seats[state.current].decide(observe(state, state.current), legal)
        assert action in legal, f"{action} is not legal here"
        apply_action(state, action)
        played.append(action)
    return played, state.scores


@pytest.mark.parametrize("name", SEATS)
def test_a_seat_plays_two_games_of_two_seats_the_same_way_for_the_same_seed(name):
    first, scores = play(SEATS[name], 2, seed=3)
    assert len(first) > 100 and max(scores) > 0
    again, same = play(SEATS[name], 2, seed=3)
    assert again == first and same == scores
    other, _ = play(SEATS[name], 2, seed=4)
    assert other != first


@pytest.mark.parametrize("name", SEATS)
def test_a_seat_plays_a_game_of_three_seats(name):
    played, scores = play(SEATS[name], 3, seed=5)
    assert len(scores) == 3 and len(played) > 150


def test_each_yardstick_has_the_seat_interface():
    for make in SEATS.values():
        seat = make(0)
        assert isinstance(seat.name, str) and seat.name.startswith("yard-")
        assert seat.seconds is None and seat.last_search is None


def test_a_filled_position_holds_the_unseen_cards_and_offers_what_the_game_offers():
    rng = random.Random(2)
    for seed in range(6):
        state = new_game(2 + seed % 3, seed)
        while not state.game_over:
            if rng.random() < 0.1:
                seat = state.current
                view = observe(state, seat)
                filler = Filler(view)
                assert filler.exact()
                sample = filler.sample(rng)
                assert [sorted(d) for d in sample.decks] == [sorted(d) for d in state.decks]
                assert [sorted(d) for d in sample.exp_decks] == [sorted(d) for d in state.exp_decks]
                assert legal_actions(sample) == legal_actions(state)
                assert sample.players[seat].science == state.players[seat].science
                assert all(p.science is not None and p.science >= 0 for p in sample.players)
            apply_action(state, rng.choice(legal_actions(state)))


class Countdown:
    """A budget that runs out after `n` questions."""

    def __init__(self, n: int) -> None:
        self.left = n

    def expired(self, done: int = 0) -> bool:
        self.left -= 1
        return self.left < 0


def test_the_rollout_keeps_to_its_budget_and_to_its_own_time_without_one():
    state = new_game(2, 8)
    for _ in range(3):  # past the first choice of an astronaut, to a choice of many
        apply_action(state, legal_actions(state)[0])
    legal = legal_actions(state)
    assert len(legal) > 2
    seat = RolloutYardstick(1)
    assert seat.decide(observe(state, state.current), legal, Countdown(3)) in legal
    assert seat.searched[0] <= 4
    seat = RolloutYardstick(1, default_seconds=0.05)
    start = time.perf_counter()
    assert seat.decide(observe(state, state.current), legal) in legal
    # One playout to the game's end is the most it may run past its time.
    assert time.perf_counter() - start < 0.5
    assert seat.searched[0] >= 1


def test_the_search_shares_a_segments_time_among_its_steps(monkeypatch):
    """The tournament gives each step a fresh budget of the whole decision's time; the search
    keeps to the first step's deadline for the whole segment, each step taking its share."""
    import yardsticks.search as search

    clock = [100.0]
    monkeypatch.setattr(search.time, "monotonic", lambda: clock[0])
    state = new_game(2, 1)
    view = observe(state, state.current)
    seat = SearchYardstick(0)
    first = seat._deadline(view, type("Budget", (), {"deadline": 101.0})())
    assert first == pytest.approx(100.0 + 1.0 / search.STEPS_LEFT[view["phase"]])
    clock[0] = first
    later = seat._deadline(view, type("Budget", (), {"deadline": first + 1.0})())
    assert first < later < 101.0
    view_next = dict(view, turn=view["turn"] + 1)  # a new segment takes the new budget
    assert seat._deadline(view_next, type("Budget", (), {"deadline": 150.0})()) > 101.0
