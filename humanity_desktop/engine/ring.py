"""The main board's geometry: 8 spots round the ring, the arm on one, a hangar on each other.

Spots are numbered clockwise. "Slot k" is the spot k places clockwise of the arm: the hangars
are slots 1..7, and the experiment wheel turns with the arm, so the experiment in wheel bay i
always sits in line with slot i + 1.
"""
from __future__ import annotations

RING = 8
HANGARS = 7
WHITE_CROSSES = (1, 2)  # slots whose modules leave the game at the reset
FULL_TURN = RING  # the arm's move when no module is left at all


def slot_spot(arm: int, slot: int) -> int:
    """The ring spot of hangar `slot` (1..7) with the arm at `arm`."""
    return (arm + slot) % RING


def experiment_spot(arm: int, index: int) -> int:
    """The ring spot in line with wheel bay `index` (0..6): hangar index + 1's spot."""
    return (arm + index + 1) % RING


def distance(arm: int, spot: int) -> int:
    """How far a spot lies clockwise past the arm (0 = in front of it)."""
    return (spot - arm) % RING


def arm_move(modules_left: int) -> int:
    """How far the arm turns at a reset with `modules_left` modules still in the hangars: onto
    the last empty hangar (7 - k spots), or all the way round when none is left."""
    return HANGARS - modules_left if modules_left else FULL_TURN


def overtaken(arm: int, spot: int, move: int) -> bool:
    """Whether an astronaut on `spot` goes home when the arm turns `move` spots from `arm`:
    the arm passes it (one it stops in front of stays)."""
    return distance(arm, spot) < move
