"""How much of the game is left, read from the board: the decks, the hangars, the astronauts.

A year ends at the reset where its deck can no longer fill the empty hangars; each reset
draws the two modules under the white crosses plus whatever was taken from the other
hangars during the round. So the year's deck and the modules kept past the white crosses
tell how many rounds the year has left, a whole year has about as many rounds each time,
and a seat's turns follow from the rounds and its astronauts that can still act this round.

The figures, by player count, were fitted to 18 games between the reference players (6 at
each table size): the rounds left in the year within half a round on average.
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine.catalogue import LAST_YEAR
from ..engine.state import ACTIVE, OVER, RETURNING, State

# Rounds left in the year, including the current one, from the year's deck and the modules
# kept past the white crosses: a + b * deck + c * kept, by player count; and the rounds of a
# whole year. Fitted to games between the reference players.
YEAR_ROUNDS = {2: (-0.72, 0.42, 0.35), 3: (-0.64, 0.34, 0.37), 4: (-0.59, 0.31, 0.37)}
ROUNDS_PER_YEAR = {2: 6.0, 3: 5.2, 4: 4.7}
# Turns a seat takes in a round, on average (its astronauts at home, and reactivations).
TURNS_PER_ROUND = 2.2


class GameClock(NamedTuple):
    rounds_left: float  # rounds still to play, the current one included
    year_rounds_left: float  # the same, up to the end of this year
    turns_left: list[float]  # each seat's turns still to come (the one being played not counted)
    year_turns_left: list[float]
    fraction_left: float  # rounds_left over a whole game's rounds: 1 at the start, 0 at the end
    kept: int  # modules past the white crosses now: they stay at the next reset unless taken


def clock(s: State) -> GameClock:
    n = s.n
    kept = sum(1 for k, m in enumerate(s.hangars, start=1) if m is not None and k > 2)
    if s.phase == OVER:
        return GameClock(0.0, 0.0, [0.0] * n, [0.0] * n, 0.0, kept)
    a, b, c = YEAR_ROUNDS[n]
    year_rounds = max(1.0, a + b * len(s.decks[s.year - 1]) + c * kept)
    per_year = ROUNDS_PER_YEAR[n]
    rounds = year_rounds + (LAST_YEAR - s.year) * per_year
    active = [sum(1 for _, where, _ in p.astros if where in (ACTIVE, RETURNING)) for p in s.players]
    turns = [x + TURNS_PER_ROUND * (rounds - 1) for x in active]
    year_turns = [x + TURNS_PER_ROUND * (year_rounds - 1) for x in active]
    return GameClock(rounds, year_rounds, turns, year_turns, min(1.0, rounds / (3 * per_year)), kept)
