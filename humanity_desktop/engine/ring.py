"""The main board's geometry: 8 spots round the ring, the arm on one, a hangar on each other.

Spots are numbered clockwise. "Slot k" is the spot k places clockwise of the arm: the hangars
are slots 1..7, and the experiment wheel turns with the arm, so the experiment in wheel bay i
always sits in line with slot i + 1.
"""
from __future__ import annotations

RING = 8
HANGARS = 7
WHEEL_BAYS = HANGARS  # one bay in line with each hangar
WHITE_CROSSES = (1, 2)  # slots whose modules leave the game at the reset
FULL_TURN = RING  # the arm's move when no module is left at all


def clockwise(spot: int, steps: int) -> int:
    """The spot `steps` places clockwise of `spot`."""
    return (spot + steps) % RING


def slot_spot(arm: int, slot: int) -> int:
    """The ring spot of hangar `slot` (1..7) with the arm at `arm`."""
    return clockwise(arm, slot)


def bay_slot(index: int) -> int:
    """The hangar slot in line with wheel bay `index` (0..6)."""
    return index + 1


def experiment_spot(arm: int, index: int) -> int:
    """The ring spot in line with wheel bay `index` (0..6)."""
    return slot_spot(arm, bay_slot(index))


def distance(arm: int, spot: int) -> int:
    """How far a spot lies clockwise past the arm (0 = in front of it)."""
    return (spot - arm) % RING


def arm_move(modules_left: int) -> int:
    """How far the arm turns at a reset with `modules_left` modules still in the hangars: onto
    the last empty hangar (7 - k spots), or all the way round when none is left."""
    return HANGARS - modules_left if modules_left else FULL_TURN


# At most the modules off the white crosses stay on the ring, so the arm always moves at least
# as many spots as there are crosses.
SHORTEST_MOVE = arm_move(HANGARS - len(WHITE_CROSSES))


def overtaken(arm: int, spot: int, move: int) -> bool:
    """Whether an astronaut on `spot` goes home when the arm turns `move` spots from `arm`:
    the arm passes it (one it stops in front of stays)."""
    return distance(arm, spot) < move


def surely_overtaken(arm: int, spot: int) -> bool:
    """Whether an astronaut on `spot` goes home at the next reset whatever is taken before it."""
    return overtaken(arm, spot, SHORTEST_MOVE)
