"""Careful: the step between Casual and Normal. It weighs every way to play its turn (or its
placements) by the hand-written judgement (references/judge.py) and plays the best, with no
look-ahead: the reference panel's one-turn player on that judgement, as a level.

It is `ref-rich` under another name, so the two are one player. It beats Casual in 76.5% of
200 games and Normal beats it in 72.5% (docs/bots.md, "The ladder").
"""
from __future__ import annotations

from .references.oneturn import OneTurnPlayer
from .references.profiles import RICH


def careful(seed: int = 0) -> OneTurnPlayer:
    return OneTurnPlayer("careful", RICH, seed)
