"""The confirm step's one line: what the seat's own turn gives, whether the round or the game
ends with it, and nothing of what the reset after it will do."""
from __future__ import annotations

import random
import re

import pytest

from humanity_desktop.controller.match import Pacing
from humanity_desktop.controller import ActionRequested, Bus, ConfirmRequested, Match, parse_seats
from humanity_desktop.table.summary import turn_summary
from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.catalogue import load
from humanity_desktop.engine.events import VP, MissionTaken, Research, RoundReset, TurnEnded, YearStart


def turn_ends(players: int, seed: int):
    """(seat, events) for every action of a random game that ended its seat's turn."""
    s, rng = new_game(players, seed), random.Random(seed)
    while not s.game_over:
        seat = s.current
        events = apply_action(s, rng.choice(legal_actions(s)))
        if any(isinstance(e, TurnEnded) for e in events):
            yield seat, events


def points_said(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"([-+]\d+) VP", line)]


def test_the_line_gives_the_seats_own_points_by_source_and_research_before_its_turn_ended():
    for seat, events in turn_ends(3, 5):
        own = events[:next(i for i, e in enumerate(events) if isinstance(e, TurnEnded))]
        by_source: dict[str, int] = {}
        for e in own:
            if isinstance(e, VP) and e.player == seat:
                by_source[e.source] = by_source.get(e.source, 0) + e.amount
        research = sum(e.amount for e in own if isinstance(e, Research) and e.player == seat)
        line = turn_summary(events, seat)
        assert sorted(points_said(line)) == sorted(v for v in by_source.values() if v)
        assert (f"+{research} research" in line) == bool(research)
        for e in own:
            if isinstance(e, MissionTaken) and e.player == seat:
                assert f"mission {load().missions[e.mission].name}" in line


def test_each_source_is_named_and_a_mission_by_its_name():
    mission = next(iter(load().missions))
    line = turn_summary([VP(0, 1, "square"), MissionTaken(0, mission, 5, True), VP(0, 3, "mission"), TurnEnded(0)], 0)
    assert line == f"+1 VP square · +3 VP mission {load().missions[mission].name}"


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
        == "+2 research · +3 VP square"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_confirm_line_gives_what_confirming_adds_to_the_ledger_by_source_over_the_whole_turn(seed):
    """Every turn of random hot-seat games: the points the waiting turn's line names, source by
    source, are what the ledger gains from the turn's start to its end, earlier choices included."""
    match = Match(parse_seats("human,human,human"), Bus(), seed=seed, pacing=Pacing(confirm_turns=True))
    rng, start, checked = random.Random(seed), None, 0
    while not match.state.game_over:
        seat = match.current
        if start is None or start[0] != seat:
            start = (seat, match.state.copy())
        match.bus.publish(ActionRequested(seat, rng.choice(match.legal()), "human"))
        if match.pending is None:
            continue
        before, after = start[1].players[seat].ledger, match.pending.preview.players[seat].ledger
        gained = sorted(after[k] - before[k] for k in before if after[k] != before[k])
        assert sorted(points_said(match.pending.summary)) == gained, match.pending.summary
        research = match.pending.preview.players[seat].research - start[1].players[seat].research
        assert (f"+{research} research" in match.pending.summary) == (research > 0)
        checked += bool(gained)
        match.bus.publish(ConfirmRequested(seat))
        start = None
    assert checked > 5
