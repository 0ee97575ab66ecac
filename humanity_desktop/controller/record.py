"""A match that keeps the actions that led to its position, so a save can be replayed
from its seed (engine.replay) and checked against the position it holds."""
from __future__ import annotations

from .match import Match


class RecordedMatch(Match):
    """As Match, but a new deal's actions are recorded from the deal on; a resumed game's are
    recorded unless it says they are unknown (Resumed.actions None)."""

    records = True
