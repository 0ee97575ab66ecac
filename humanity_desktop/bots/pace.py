"""How long the player waits for bots: each level's longest usual turn (data/pace.json), and
a table's round of bot turns. The numbers are measured (docs/bots.md, "How long the player
waits"); the New game screen promises them."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def _pace() -> dict:
    return json.loads(resources.files(__package__).joinpath("data", "pace.json").read_text(encoding="utf-8"))


def turn_seconds(level: str, factor: float = 1.0) -> float:
    """About the longest a bot of `level` usually thinks about one turn, with the Bot thinking
    time option at `factor` (it scales the timed levels only); 0 for a level not measured."""
    pace = _pace()
    seconds = float(pace["turn_seconds"].get(level, 0.0))
    return seconds * factor if level in pace["timed"] else seconds


def round_seconds(levels: list[str], factor: float = 1.0) -> float:
    """About the longest the player usually waits for a round of these bots' turns."""
    return sum(turn_seconds(level, factor) for level in levels)


__all__ = ["round_seconds", "turn_seconds"]
