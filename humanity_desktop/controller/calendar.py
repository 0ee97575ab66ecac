"""The years and rounds of a match, laid on the time axis of its score history.

A match's history holds one score tuple per turn, and a round lasts as many turns as its
players' astronauts allow, so the match notes the year and round beside each score as the
engine reports a turn's end (`ends_turn`). A game read back from a save is dated once by
playing its actions again from its seed (controller/match.py, `replay_past`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..engine.events import TurnEnded


class Period(NamedTuple):
    """A year or a round: its number and where it lies in the score history."""

    number: int
    start: int  # the index of the score it began from
    end: int  # the index of the score after its last turn


class Calendar(NamedTuple):
    years: list[Period]
    rounds: list[Period]


def ends_turn(events: list) -> bool:
    """Whether the engine's `events` end the seat's part (its turn, or its placements)."""
    return any(isinstance(e, TurnEnded) for e in events)


def periods(numbers: Sequence[int]) -> list[Period]:
    """The runs of `numbers` (a year or round per history entry) as periods. An entry whose
    number changed is the last turn of the period before: that turn's end moved the calendar
    on. A period with no turn yet (the one a game ended into) is left out."""
    starts = [0] + [k for k in range(1, len(numbers)) if numbers[k] != numbers[k - 1]]
    ends = starts[1:] + [len(numbers) - 1]
    return [Period(numbers[start], start, end) for start, end in zip(starts, ends) if end > start]


def calendar(dates: Sequence[tuple[int, int]] | None) -> Calendar | None:
    """The years and rounds of a match's (year, round) dates, one per score in its history, or
    None when its past is unknown (a position read without the moves that led to it), so there
    is nothing to date its scores by."""
    if dates is None:
        return None
    return Calendar(periods([year for year, _ in dates]), periods([rnd for _, rnd in dates]))
