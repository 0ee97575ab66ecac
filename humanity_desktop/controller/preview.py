"""The coming reset, seen from now: where the arm would stop if the round ended at once,
which modules would leave the ring and which astronauts the arm would send home. The board
draws it while a player plans; the engine's own ring rules decide every part of it."""
from __future__ import annotations

from typing import NamedTuple

from ..engine import State
from ..engine.ring import WHITE_CROSSES, arm_move, clockwise, overtaken
from ..engine.state import BOARD


class ResetPreview(NamedTuple):
    arm_from: int
    arm_to: int
    move: int  # spots the arm would turn (8: all the way round)
    modules_left: int  # modules that would stay and slide, which sets the move
    leaving: tuple  # (slot, tile): modules under the white crosses
    overtaken: tuple  # (seat, astronaut, spot): astronauts that would go home


def reset_preview(s: State) -> ResetPreview:
    """What the reset would do to the main board of `s` if the round ended now."""
    leaving = tuple((k, s.hangars[k - 1]) for k in WHITE_CROSSES if s.hangars[k - 1] is not None)
    left = sum(1 for tile in s.hangars if tile is not None) - len(leaving)
    move = arm_move(left)
    home = tuple((p, i, spot) for p, player in enumerate(s.players)
                 for i, (_, where, spot) in enumerate(player.astros)
                 if where == BOARD and overtaken(s.arm, spot, move))
    return ResetPreview(s.arm, clockwise(s.arm, move), move, left, leaving, home)
