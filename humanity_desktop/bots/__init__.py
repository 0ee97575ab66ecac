"""Bots that choose among the engine's legal actions, seeing only their own seat's view.

    bot = make_bot("normal", seed=3)
    action = bot.decide(observe(state, seat), legal_actions(state), Budget(seconds=1.0))
"""
from __future__ import annotations

from .base import Bot, Budget, Cancelled
from .mcts import expert, hard
from .one_turn_planner import careful
from .planner import beginner, casual, easy
from .random_bot import RandomBot
from .sampling_search import normal, skilled

# level name -> factory(seed). Only levels that exist are listed.
_LEVELS = {
    "random": RandomBot,
    "beginner": beginner,
    "easy": easy,
    "casual": casual,
    "careful": careful,
    "normal": normal,
    "skilled": skilled,
    "hard": hard,
    "expert": expert,
}


def available_levels() -> list[str]:
    return list(_LEVELS)


def make_bot(level: str, seed: int = 0) -> Bot:
    if level not in _LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(_LEVELS)}")
    return _LEVELS[level](seed)


__all__ = ["Bot", "Budget", "Cancelled", "available_levels", "make_bot"]
