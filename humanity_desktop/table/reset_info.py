"""The one record of a reset on the main board, in ring spots: the preview draws the coming
reset from it, and the animation the reset that happened."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import State
from ..engine import events as happened
from ..engine.flow import ResetPlan, plan_reset
from ..engine.ring import FULL_TURN, distance, experiment_spot, slot_spot


@dataclass(frozen=True)
class ResetInfo:
    """The main board's change over a reset, in ring spots."""

    arm_from: int
    arm_to: int
    leaving: tuple  # (tile, space): untaken modules under the white crosses
    sliding: tuple  # (tile, space_from, space_to)
    arriving: tuple  # (tile, space): new modules from the deck (none known before the reset)
    returned: tuple  # (seat, astronaut, space_from): astronauts overtaken by the arm
    experiments_from: tuple = ()  # (experiment, space) before a year change
    experiments_to: tuple = ()

    @property
    def advance(self) -> int:
        """Spots the arm swings: a full turn when it ends where it began (no module left)."""
        return distance(self.arm_from, self.arm_to) or FULL_TURN

    @classmethod
    def coming(cls, s: State) -> ResetInfo:
        """The reset that would happen if the round of `s` ended now."""
        return cls._of(plan_reset(s), (), None)

    @classmethod
    def reported(cls, reset: happened.RoundReset, year: happened.YearStart | None) -> ResetInfo:
        """The change the engine reported: a reset, and the new year it opened, if any."""
        plan = ResetPlan(reset.arm_from, reset.arm, reset.advance, reset.left, reset.kept, reset.sent_home)
        return cls._of(plan, reset.arrived + (year.arrived if year is not None else ()), year)

    @classmethod
    def _of(cls, plan: ResetPlan, arrived: tuple, year: happened.YearStart | None) -> ResetInfo:
        before, after = plan.arm_from, plan.arm_to
        return cls(
            arm_from=before,
            arm_to=after,
            leaving=tuple((tile, slot_spot(before, k)) for k, tile in plan.left),
            sliding=tuple((tile, slot_spot(before, k), slot_spot(after, j))
                          for j, (k, tile) in enumerate(plan.kept, start=1)),
            arriving=tuple((tile, slot_spot(after, k)) for k, tile in arrived),
            returned=plan.sent_home,
            experiments_from=() if year is None else tuple(
                (e, experiment_spot(before, i)) for i, e in enumerate(year.retired) if e),
            experiments_to=() if year is None else tuple(
                (e, experiment_spot(after, i)) for i, e in enumerate(year.experiments)),
        )


def reset_infos(events: list) -> list[tuple[int, ResetInfo]]:
    """(round, what changed on the board) for each reset among the engine's `events`."""
    found: list[tuple[happened.RoundReset, happened.YearStart | None]] = []
    for e in events:
        if isinstance(e, happened.RoundReset):
            found.append((e, None))
        elif isinstance(e, happened.YearStart) and found:
            found[-1] = (found[-1][0], e)
    return [(reset.round, ResetInfo.reported(reset, year)) for reset, year in found]
