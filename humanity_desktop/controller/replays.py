"""A saved game played again: its actions from the seed, one at a time, forward or back.

The whole game is played once, silently, when the replay opens (the engine is fast), and
the position after every action is kept; stepping back or jumping is then only a copy.
Stepping forward applies the next action through the bus like any move, so the screens
animate it. No bot thinks: the recorded actions play every seat.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..engine import Action, State
from ..language import _
from .bus import Bus
from .events import ActionRequested
from .match import Match, Pacing
from .saves import open_match
from ..storage.save_files import SaveError
from .seats import Seat


class ReplayMatch(Match):
    def __init__(self, seats: list[Seat], seed: int, actions: Sequence[Action]) -> None:
        super().__init__(seats, Bus(), seed=seed, pacing=Pacing(pace=0.0))
        self.script = list(actions)
        self.position = 0  # actions applied so far
        # After k actions: the position, and how long the log and score history were.
        self._marks: list[tuple[State, int, int]] = [(self.state.copy(), 0, 1)]
        for _action in self.script:
            self.forward()
            self._marks.append((self.state.copy(), len(self.log), len(self.history)))
        self._log, self._history, self._all_dates = self.log, self.history, self.dates
        self.go_to(0)

    @property
    def length(self) -> int:
        return len(self.script)

    def update(self, screen=None) -> None:
        """Nothing to poll: no bot thinks in a replay."""

    def forward(self) -> None:
        """Apply the next recorded action through the bus (the screens animate it)."""
        if self.position >= self.length:
            return
        seat = self.state.current
        source = "bot" if self.seats[seat].is_bot else "human"
        self.position += 1
        self.bus.publish(ActionRequested(seat, self.script[self.position - 1], source=source))

    def go_to(self, position: int) -> None:
        """Show the position after `position` actions at once, without animation."""
        self.position = max(0, min(self.length, position))
        state, log_len, history_len = self._marks[self.position]
        self.state = state.copy()
        self.version += 1
        self.log = self._log[:log_len]
        self.history = self._history[:history_len]
        self.dates = self._all_dates[:history_len]
        self._undo.clear()

    def lines_of(self, position: int) -> list[str]:
        """What the log said about action number `position` (1-based)."""
        if not 1 <= position <= self.length:
            return []
        return self._log[self._marks[position - 1][1]:self._marks[position][1]]


def open_replay(path: Path) -> ReplayMatch:
    """The game in a save, ready to watch; SaveError if the file cannot be played (it is then
    set aside) or holds no list of moves to replay."""
    loaded = open_match(path, Bus())
    loaded.close()
    if loaded.actions is None:
        raise SaveError(_("{file} keeps only its last position, not the moves that led there, so it cannot be replayed.")
                        .format(file=path.name))
    return ReplayMatch(loaded.seats, loaded.state.seed, loaded.actions)
