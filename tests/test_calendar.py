"""The calendar of a match: its years and rounds on the time axis of the score history,
checked against what the match itself announced while the game was played."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.controller.match import Pacing, Resumed
from humanity_desktop.controller import ActionRequested, Bus, Match, RoundReset, YearEnded, parse_seats
from humanity_desktop.controller.calendar import Period, calendar, periods
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.saves import read_match, write_save
from humanity_desktop.engine import legal_actions


def play(match: Match, seed: int, until=lambda m: m.state.game_over) -> dict:
    """Random legal moves through the bus; returns, per announcement, the history index of
    the score right after it was made, with the number announced."""
    said = {"rounds": [], "years": []}
    match.bus.subscribe(RoundReset, lambda ev: said["rounds"].append((ev.round, len(match.history) - 1)))
    match.bus.subscribe(YearEnded, lambda ev: said["years"].append((ev.year, len(match.history) - 1)))
    rng = random.Random(seed)
    while not until(match):
        match.bus.publish(ActionRequested(match.state.current, rng.choice(legal_actions(match.state))))
    return said


def ends(found: list[Period]) -> list[tuple[int, int]]:
    return [(p.number, p.end) for p in found]


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 21)])
def test_the_marks_fall_where_the_game_announced_its_rounds_and_years(players, seed):
    match = RecordedMatch(parse_seats(",".join(["human"] * players)), Bus(), seed=seed, pacing=Pacing(pace=0.0))
    said = play(match, seed)
    found = calendar(match.dates)
    assert ends(found.rounds) == said["rounds"]
    assert ends(found.years) == said["years"] and [p.number for p in found.years] == [1, 2, 3]
    for kind in found:  # back to back from the deal to the last score
        assert kind[0].start == 0 and kind[-1].end == len(match.history) - 1
        assert all(a.end == b.start for a, b in zip(kind, kind[1:]))


def test_an_unfinished_game_read_back_from_its_save_has_the_same_calendar(tmp_path):
    match = RecordedMatch(parse_seats("human,human,human"), Bus(), seed=8, pacing=Pacing(pace=0.0))
    play(match, 8, until=lambda m: m.state.year == 2 and m.state.round >= 7)
    turns = len(match.history)
    play(match, 8, until=lambda m: len(m.history) == turns + 2)  # two turns into round 7
    path = tmp_path / "game.json"
    write_save(match, path)
    found = calendar(match.dates)
    assert found == calendar(read_match(path, Bus()).dates)
    assert found.years[-1].number == 2 and found.rounds[-1].number == match.state.round


def test_a_match_dates_its_turns_as_it_plays_without_replaying(monkeypatch):
    match = Match(parse_seats("human,human"), Bus(), seed=1, pacing=Pacing(pace=0.0))
    monkeypatch.setattr("humanity_desktop.controller.match.replay_past", None)  # never called
    play(match, 1, until=lambda m: m.state.round > 2)
    assert match.actions is None and [p.number for p in calendar(match.dates).rounds] == [1, 2]


def test_a_position_read_without_its_moves_has_no_calendar():
    match = Match(parse_seats("human,human"), Bus(), seed=1, pacing=Pacing(pace=0.0))
    play(match, 1, until=lambda m: m.state.round > 2)
    again = Match(parse_seats("human,human"), Bus(), resumed=Resumed(match.state, history=match.history, actions=None))
    assert calendar(again.dates) is None


def test_periods_end_on_the_turn_that_moved_the_calendar_on():
    assert periods([1, 1, 1, 2, 2, 3]) == [Period(1, 0, 3), Period(2, 3, 5)]
    assert periods([4]) == []
