"""The bounds on what the rest of a game can add (engine/horizon.py) hold in play: along random
games every counter plus its bound never grows, so a position the loaders accept is played to
its end inside the ranges of engine/ranges.py."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine import horizon
from humanity_desktop.engine.state import State


def reaches(s: State) -> dict[str, int]:
    """Each counter's value plus (or, going down, minus) the most the rest of the game adds."""
    gained, lost = horizon.points_to_come(s)
    out = {"round": s.round + horizon.rounds_left(s), "turn": s.turn + horizon.turns_left(s)}
    modules = horizon.modules_to_come(s)
    for i, p in enumerate(s.players):
        for source, value in [*p.ledger.items(), ("score", p.score)]:
            out[f"{i}.{source}.up"] = value + gained
            out[f"{i}.{source}.down"] = -(value - lost)
        out[f"{i}.science"] = p.science + horizon.science_to_come(s)
        out[f"{i}.tiles"] = len(p.base) + modules
        out[f"{i}.extent"] = horizon.extent(p) + 1 + modules
    return out


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4), (4, 5), (3, 6)])
def test_no_counter_plus_its_bound_grows_in_play(players, seed):
    s = new_game(players, seed)
    rng = random.Random(seed)
    before = reaches(s)
    assert horizon.problem(s) is None
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
        after = reaches(s)
        grew = {k: (before[k], after[k]) for k in before if after[k] > before[k]}
        assert not grew, f"turn {s.turn}, phase {s.phase}: {grew}"
        before = after
    assert horizon.rounds_left(s) == horizon.turns_left(s) == 0


def test_the_bounds_lie_inside_the_ranges_from_the_first_deal():
    for players in (2, 3, 4):
        assert horizon.problem(new_game(players, 11)) is None
