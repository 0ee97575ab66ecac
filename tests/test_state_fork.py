"""State.fork shares the seats between two states until one of them changes a seat: whatever
either state then plays, the other is left as it was, and a fork plays exactly as a copy."""
from __future__ import annotations

import json
import random

import pytest

from humanity_desktop.engine import apply_action, legal_actions, new_game


def _text(s) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(12))
def test_a_fork_plays_as_a_copy_and_neither_changes_the_other(seed):
    s = new_game(2 + seed % 3, seed)
    rng = random.Random(seed)
    while not s.game_over:
        before = _text(s)
        for action in legal_actions(s):
            fork, copy = s.fork(), s.copy()
            apply_action(fork, action)
            apply_action(copy, action)
            assert _text(fork) == _text(copy), action
            assert _text(s) == before, f"playing {action} on a fork changed the state it came from"
        left_behind = s.fork()  # the state plays on while this fork still shares its seats
        apply_action(s, rng.choice(legal_actions(s)))
        assert _text(left_behind) == before, "the state's own move changed a fork of it"


def test_a_fork_copies_a_seat_only_when_it_changes_it():
    s = new_game(4, 7)
    for _ in range(2):  # an astronaut chosen, then work: no seat changes yet
        apply_action(s, legal_actions(s)[0])
    fork = s.fork()
    assert all(a is b for a, b in zip(s.players, fork.players))
    mover = fork.current
    apply_action(fork, legal_actions(fork)[0])  # a tile activated: the mover's stock changes
    assert fork.players[mover] is not s.players[mover]
    assert all(fork.players[p] is s.players[p] for p in range(4) if p != mover)
