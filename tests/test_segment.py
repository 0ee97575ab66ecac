"""A segment (engine/segment.py), the one definition the bots, the guided game's rival and the
tournament read: it ends exactly when another seat's decisions or another turn begin, whether
its actions are applied on or each played to the turn's end."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.engine import apply_action, legal_actions, new_game, observe, play_to_turn_end
from humanity_desktop.engine.segment import Segment
from humanity_desktop.engine.state import OVER


def begins_another(before: Segment, state) -> bool:
    """Told from the outside: the game is over, or the state's seat, turn or kind of decision differ."""
    return state.phase == OVER or Segment.of(state) != before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_segment_ends_when_the_next_one_begins_in_random_games(players) -> None:
    steps = 0
    for seed in range(4):
        rng, s = random.Random(seed), new_game(players, seed)
        start = Segment.of(s)
        while not s.game_over:
            assert Segment.of_view(observe(s, s.current)) == Segment.of(s)
            action = rng.choice(legal_actions(s))
            stopped = s.copy()
            play_to_turn_end(stopped, action)
            apply_action(s, action)
            assert start.over(s) == begins_another(start, s)
            if not start.over(s):
                assert not start.over(stopped)
            else:
                start = Segment.of(s)
            steps += 1
    assert steps > 500
