"""How much of the game is left, read from the board: the decks, the hangars, the astronauts.

A year ends at the reset where its deck can no longer fill the empty hangars; each reset
draws the two modules under the white crosses plus whatever was taken from the other
hangars during the round. So the modules still to come (deck and hangars) tell how many
rounds are left, and the active astronauts tell how much of the current round is.

The figures per player count are what a round draws and how many turns a seat takes in a
round on average, measured from games between the reference players
(docs/bots.md, "The reference panel").
"""
from __future__ import annotations

from typing import NamedTuple

from ...engine.catalogue import LAST_YEAR
from ...engine.ring import HANGARS
from ...engine.state import ACTIVE, OVER, RETURNING, State

# Modules a reset draws, on average, by player count (the two under the white crosses and
# those taken from the other hangars during the round).
DRAW_PER_ROUND = {2: 3.6, 3: 4.3, 4: 5.0}
MODULES_PER_YEAR = 15
# Turns a seat takes in a round, on average (its astronauts at home, and reactivations).
TURNS_PER_ROUND = 2.4


class Clock(NamedTuple):
    rounds_left: float  # rounds still to play, the current one counted by what is left of it
    year_rounds_left: float  # the same, up to the end of this year
    turns_left: list[float]  # each seat's turns still to come (the one being played not counted)
    year_turns_left: list[float]
    fraction_left: float  # rounds_left over a whole game's rounds: 1 at the start, 0 at the end
    last_round: bool  # the year's deck cannot fill the hangars again: this round ends the year


def clock(s: State) -> Clock:
    n = s.n
    if s.phase == OVER:
        return Clock(0.0, 0.0, [0.0] * n, [0.0] * n, 0.0, True)
    draw = DRAW_PER_ROUND[n]
    deck = len(s.decks[s.year - 1])
    kept = sum(1 for k, m in enumerate(s.hangars, start=1) if m is not None and k > 2)
    # At the next reset the empty hangars are refilled; if the deck cannot, the year ends.
    expected_kept = max(0.0, kept - 0.5 * (draw - 2))
    last_round = deck < HANGARS - expected_kept
    later = 0.0 if last_round else max(0.0, (deck - (HANGARS - expected_kept)) / draw) + 1.0
    active = [sum(1 for _, where, _ in p.astros if where in (ACTIVE, RETURNING)) for p in s.players]
    round_left = min(1.0, sum(active) / (TURNS_PER_ROUND * n))
    year_rounds = round_left + later
    future_years = LAST_YEAR - s.year
    per_year = MODULES_PER_YEAR / draw
    rounds = year_rounds + future_years * per_year
    turns = [a + TURNS_PER_ROUND * (rounds - round_left) for a in active]
    year_turns = [a + TURNS_PER_ROUND * later for a in active]
    return Clock(rounds, year_rounds, turns, year_turns, min(1.0, rounds / (3 * per_year)), last_round)
