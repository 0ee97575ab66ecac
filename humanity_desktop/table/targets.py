"""What the pointer is over: a small value every view's hit test returns."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import BOARD, RETURNING

HANGAR = "hangar"  # ref: slot 1..7
EXPERIMENT = "experiment"  # ref: index 0..6 on the experiment disk
RING_ASTRO = "ring_astro"  # seat, ref: astronaut index
ARM = "arm"
HUB = "hub"
CELL = "cell"  # seat, ref: (x, y)
ASTRO = "astro"  # seat, ref: astronaut index (in the base)
RETURNING_ASTRONAUT = "returning_astronaut"  # seat, ref: astronaut index
SEAT = "seat"  # seat
MINI_BASE = "mini_base"  # seat
CATALOGUE = "catalogue"  # ref: a tile id in the Sandbox's catalogue
SCIENCE = "science"  # seat
DONE_EXPERIMENT = "done_experiment"  # seat, ref: experiment id
MISSION = "mission"  # ref: 0..2
SCORE_TRACK = "score_track"
RESEARCH_TRACK = "research_track"


@dataclass(frozen=True)
class Target:
    kind: str
    seat: int | None = None
    ref: object = None


def astronaut_kind(where: str) -> str:
    """The target kind of an astronaut that is `where` (an engine astronaut state)."""
    return RING_ASTRO if where == BOARD else RETURNING_ASTRONAUT if where == RETURNING else ASTRO
