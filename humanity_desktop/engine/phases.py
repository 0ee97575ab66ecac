"""The phases of play: what the decision in front of the player to move is about.

Each phase is a str, so it compares equal to its name and is written to JSON as that name;
`enter` is the one place a state's phase changes.
"""
from __future__ import annotations

from enum import Enum
from typing import Any


class Phase(str, Enum):
    TURN = "turn"  # pick an active astronaut in the base
    ACTION = "action"  # with that astronaut: work, pick a module, or pick an experiment
    WORK = "work"  # activate tiles, or end the work
    PAY = "pay"  # spend units toward the chosen tile's cost
    COLOUR = "colour"  # a communication module: blue or orange
    SHAPE = "shape"  # a wild greenhouse: which shape it shows
    UPGRADE = "upgrade"  # give earned work upgrades to astronauts
    PLACE = "place"  # after a reset: set returning astronauts in the base
    OVER = "over"

    # Shown as its name, as a plain str would be (Python 3.11 changed the Enum default).
    __str__ = str.__str__
    __format__ = str.__format__


PHASES = tuple(Phase)
# A turn in progress: an astronaut was chosen and the turn has not ended yet.
MID_TURN = (Phase.ACTION, Phase.WORK, Phase.PAY, Phase.COLOUR, Phase.SHAPE)


def enter(s: Any, phase: Phase) -> None:
    """Move the state `s` on to `phase`."""
    s.phase = phase
