"""A segment: what one seat decides in a row, from choosing an astronaut to the end of its turn
(work, a deploy with its payment, colour, shape and upgrades, or an experiment), or all of its
returning astronauts' placements after a reset. Bots plan a segment at a time, the guided
game's rival has set moves by segment, and the tournament times a bot by segment."""
from __future__ import annotations

from typing import NamedTuple

from .state import OVER, PLACE, RETURNING, State


def returning(state: State, seat: int) -> bool:
    """Whether the seat still has an astronaut coming home to place."""
    return any(where == RETURNING for _, where, _ in state.players[seat].astros)


class Segment(NamedTuple):
    """Where a segment starts: whose it is, which turn, and whether it is placements."""
    seat: int
    turn: int
    placing: bool

    @classmethod
    def of(cls, state: State) -> "Segment":
        return cls(state.current, state.turn, state.phase == PLACE)

    @classmethod
    def of_view(cls, view: dict) -> "Segment":
        """The segment in front of the seat a view (engine.observe) is for."""
        return cls(view["current_player"], view["turn"], view["phase"] == PLACE)

    def over(self, state: State) -> bool:
        """Whether the segment that started here has ended in `state`, reached from its start by
        its own actions, whether each was played to the turn's end or applied on."""
        if state.phase == OVER:
            return True
        if self.placing:
            return not returning(state, self.seat)
        return state.turn != self.turn
