"""The one-turn players of the reference panel: one judgement (judge.py), three sets of weights.

- `ref-rich` weighs every term as the judgement's defaults do.
- `ref-builder` is an economy player: stock, production and work count for more, points
  banked now for less.
- `ref-rush` chases missions and experiments: mission progress, experiment groups and the
  research track count for more, stock and production for less.
"""
from __future__ import annotations

from .judge import Weights, scaled
from .oneturn import OneTurnPlayer

RICH = Weights()
BUILDER = scaled(RICH, points=0.8, unit=1.6, afford=1.6, producer=2.0, work=1.6, stock_soft_cap=1.5,
                 mission=0.6, group=0.6)
RUSH = scaled(RICH, mission=1.8, mission_odds=1.3, group=2.0, research=1.4, research_rate=1.1, unit=0.6,
              producer=0.5, work=0.7)


def rich(seed: int = 0) -> OneTurnPlayer:
    return OneTurnPlayer("ref-rich", RICH, seed)


def builder(seed: int = 0) -> OneTurnPlayer:
    return OneTurnPlayer("ref-builder", BUILDER, seed)


def rush(seed: int = 0) -> OneTurnPlayer:
    return OneTurnPlayer("ref-rush", RUSH, seed)
