"""The confirm step's one line: what the seat's own turn gives, whether the round or the game
ends with it, and nothing of what the reset after it will do."""
from __future__ import annotations

import random

from humanity_desktop.controller.summary import turn_summary
from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.events import VP, MissionTaken, Research, RoundReset, TurnEnded, YearStart


def turn_ends(players: int, seed: int):
    """(seat, events) for every action of a random game that ended its seat's turn."""
    s, rng = new_game(players, seed), random.Random(seed)
    while not s.game_over:
        seat = s.current
        events = apply_action(s, rng.choice(legal_actions(s)))
        if any(isinstance(e, TurnEnded) for e in events):
            yield seat, events


def test_the_line_sums_the_seats_own_points_and_research_before_its_turn_ended():
    for seat, events in turn_ends(3, 5):
        own = events[:next(i for i, e in enumerate(events) if isinstance(e, TurnEnded))]
        vp = sum(e.amount for e in own if isinstance(e, VP) and e.player == seat)
        research = sum(e.amount for e in own if isinstance(e, Research) and e.player == seat)
        line = turn_summary(events, seat)
        assert (f"{vp:+d} VP" in line) == bool(vp) and (f"+{research} research" in line) == bool(research)
        for e in own:
            if isinstance(e, MissionTaken) and e.player == seat:
                assert "mission " in line


def test_a_turn_that_ends_the_round_says_so_and_spoils_nothing_of_the_reset():
    seen_year_end = False
    for seat, events in turn_ends(2, 8):
        line = turn_summary(events, seat)
        if any(isinstance(e, RoundReset) for e in events):
            assert line.endswith("round ends") or line.endswith("game ends")
        seen_year_end |= any(isinstance(e, YearStart) for e in events)
        assert "science" not in line and "Year" not in line
    assert seen_year_end


def test_a_turn_with_nothing_gained_says_so_plainly():
    assert turn_summary([TurnEnded(0)], 0) == "no points this turn"
    assert turn_summary([VP(1, 3, "square"), TurnEnded(0)], 0) == "no points this turn"  # another seat's
    assert turn_summary([VP(0, 3, "square"), Research(0, 2, "module"), TurnEnded(0), VP(0, 5, "science")], 0) \
        == "+2 research · +3 VP"
