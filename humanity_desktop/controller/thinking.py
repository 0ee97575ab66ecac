"""Where bots think: one worker thread per match, so the window keeps drawing while a bot
searches. Each bot keeps its own random generator for the whole match; its Budget bounds
the thinking and lets the match call it off."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from ..bots import Budget, make_bot
from .seats import Seat


class Thinker:
    def __init__(self, seats: list[Seat], seed: int) -> None:
        self._bots = {i: make_bot(seat.level, seed * 7919 + i) for i, seat in enumerate(seats) if seat.is_bot}
        self._pool: ThreadPoolExecutor | None = None

    def think(self, seat: int, view: dict, legal: list, factor: float = 1.0) -> tuple[Budget, Future]:
        """Start a decision, given `factor` times the bot's own thinking time (bots that need
        none are only made cancellable); the future holds the action (or raises Cancelled)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        bot = self._bots[seat]
        budget = Budget(seconds=bot.seconds * factor if bot.seconds else None)
        return budget, self._pool.submit(bot.decide, view, legal, budget)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
