"""A match that keeps the actions that led to its position, so a save can be replayed
from its seed (engine.replay) and checked against the position it holds."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action
from .events import ActionApplied, Undone
from .match import Match


class RecordedMatch(Match):
    def __init__(self, *args, actions: Sequence[Action] | None = (), **kwargs) -> None:
        """`actions`: those that led to the given state (none for a new deal); None when they
        are unknown (a snapshot-only save), in which case none are recorded from here on either."""
        super().__init__(*args, **kwargs)
        self.actions: list[Action] | None = None if actions is None else list(actions)
        self._unsubscribe += [
            self.bus.subscribe(ActionApplied, self._applied),
            self.bus.subscribe(Undone, self._undone),
        ]

    def _applied(self, ev: ActionApplied) -> None:
        if self.actions is not None:
            self.actions.append(ev.action)

    def _undone(self, ev: Undone) -> None:
        if self.actions is not None:
            self.actions.pop()  # undo takes back exactly one action of the current turn
