"""Where bots think: one worker thread per match, so the window keeps drawing while a bot
searches or a hint is found, one at a time. Each bot keeps its own random generator for the
whole match; its Budget bounds the thinking and lets the match call it off."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import NamedTuple

from ..bots import Bot, Budget, make_bot
from ..bots.hints import explain, hints
from ..engine import Action
from .seats import Seat

HINT_LEVEL = "normal"  # judges every plan in a few milliseconds, so the hint comes quickly


class Decision(NamedTuple):
    action: Action
    why: str | None  # the bot's reasons when it chose a new plan; None on the steps after


def decide(bot: Bot, view: dict, legal: list, budget: Budget) -> Decision:
    """The bot's action, with its reasons put in words while still on its own thread."""
    action = bot.decide(view, legal, budget)
    return Decision(action, explain(view, bot.last_search, bot.weights) if bot.last_search else None)


class Thinker:
    def __init__(self, seats: list[Seat], seed: int) -> None:
        self._bots = {i: make_bot(seat.level, seed * 7919 + i) for i, seat in enumerate(seats) if seat.is_bot}
        self._pool: ThreadPoolExecutor | None = None

    def think(self, seat: int, view: dict, legal: list, factor: float = 1.0) -> tuple[Budget, Future]:
        """Start a decision, given `factor` times the bot's own thinking time (bots that need
        none are only made cancellable); the future holds a Decision (or raises Cancelled)."""
        bot = self._bots[seat]
        budget = Budget(seconds=bot.seconds * factor if bot.seconds else None)
        return budget, self._submit(decide, bot, view, legal, budget)

    def hint(self, view: dict, seed: int) -> tuple[Budget, Future]:
        """Start finding the hint bot's best plans for the seat to move in `view`; the future
        holds a list of bots.hints.Hint."""
        bot = make_bot(HINT_LEVEL, seed)
        budget = Budget(seconds=bot.seconds)
        return budget, self._submit(hints, bot, view, budget)

    def _submit(self, work, *args) -> Future:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return self._pool.submit(work, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
