"""The years and rounds of a match, laid on the time axis of its score history.

A match's history holds one score tuple per turn and nothing else, and a round lasts as
many turns as its players' astronauts allow, so the calendar comes from the engine itself:
the match's recorded actions are played again from its seed (the engine is fast and
deterministic) and the year and round noted after every turn, as Match notes the scores.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..engine import Action, apply_action, new_game
from .match import Match, ends_turn


class Period(NamedTuple):
    """A year or a round: its number and where it lies in the score history."""

    number: int
    start: int  # the index of the score it began from
    end: int  # the index of the score after its last turn


class Calendar(NamedTuple):
    years: list[Period]
    rounds: list[Period]


def turn_dates(players: int, seed: int, actions: Sequence[Action]) -> list[tuple[int, int]]:
    """The (year, round) the engine is in at each entry of the score history these actions
    make: at the deal, then after every turn."""
    state = new_game(players, seed)
    dates = [(state.year, state.round)]
    for action in actions:
        before = state.copy()
        apply_action(state, action)
        if ends_turn(before, state):
            dates.append((state.year, state.round))
    return dates


def periods(numbers: Sequence[int]) -> list[Period]:
    """The runs of `numbers` (a year or round per history entry) as periods. An entry whose
    number changed is the last turn of the period before: that turn's end moved the calendar
    on. A period with no turn yet (the one a game ended into) is left out."""
    starts = [0] + [k for k in range(1, len(numbers)) if numbers[k] != numbers[k - 1]]
    ends = starts[1:] + [len(numbers) - 1]
    return [Period(numbers[start], start, end) for start, end in zip(starts, ends) if end > start]


def calendar(match: Match) -> Calendar | None:
    """The match's years and rounds, or None when its actions were not recorded (or, from a
    file, do not make its history), so there is nothing to date its scores by."""
    if match.actions is None:
        return None
    dates = turn_dates(match.state.n, match.state.seed, match.actions)
    if len(dates) != len(match.history):
        return None
    return Calendar(periods([year for year, _ in dates]), periods([rnd for _, rnd in dates]))
