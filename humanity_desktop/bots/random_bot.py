"""Uniformly random legal moves: a baseline for tests and sweeps, not an opponent."""
from __future__ import annotations

import random

from ..engine import Action
from .base import Budget


class RandomBot:
    name = "random"
    seconds = None
    last_search = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        return self.rng.choice(legal)
