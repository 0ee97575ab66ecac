"""A match that keeps the actions that led to its position, so a save can be replayed
from its seed (engine.replay) and checked against the position it holds."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action
from .match import Match


class RecordedMatch(Match):
    def __init__(self, *args, actions: Sequence[Action] | None = (), **kwargs) -> None:
        """As Match, but recording from the deal unless told the actions are unknown (None)."""
        super().__init__(*args, actions=actions, **kwargs)
