"""Where bots think: one worker thread per match, so the window keeps drawing while a bot
searches or a hint is found, one at a time. Each bot keeps its own random generator for the
whole match; its Budget bounds the thinking and lets the match call it off. The thread is a
daemon: a search still running when the window closes never keeps the process alive."""
from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable, NamedTuple

from ..bots import Bot, Budget, make_bot
from ..bots.hints import explain, hints
from ..bots.scripted import ScriptedBot
from ..engine.segment import Segment
from ..engine import Action
from .seats import Seat

HINT_LEVEL = "casual"  # judges every plan, about 20 ms and never over 0.3 s: the hint comes quickly


class Decision(NamedTuple):
    action: Action
    why: str | None  # the bot's reasons when it chose a new plan; None on the steps after


def decide(bot: Bot, view: dict, legal: list, budget: Budget) -> Decision:
    """The bot's action, with its reasons put in words while still on its own thread."""
    action = bot.decide(view, legal, budget)
    return Decision(action, explain(view, bot.last_search, bot.worth) if bot.last_search else None)


class Thinker:
    def __init__(self, seats: list[Seat], seed: int, scripted: dict[int, dict[Segment, list[Action]]] | None = None) -> None:
        """`scripted`: set moves for some bot seats (bots.scripted), played before their level's own."""
        self._bots: dict[int, Bot] = {i: make_bot(seat.level, seed * 7919 + i)
                                      for i, seat in enumerate(seats) if seat.is_bot}
        for seat, moves in (scripted or {}).items():
            self._bots[seat] = ScriptedBot(moves, self._bots[seat])
        self._worker: Worker | None = None

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
        if self._worker is None:
            self._worker = Worker("bot")
        return self._worker.submit(work, *args)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None


class Worker:
    """One daemon thread running the calls given to it in turn, each answered in a Future."""

    def __init__(self, name: str) -> None:
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def submit(self, fn: Callable, *args: Any) -> Future:
        future: Future = Future()
        self._calls.put((future, fn, args))
        return future

    def shutdown(self) -> None:
        """Cancel the calls not started yet and let the thread end after the one it runs."""
        while True:
            try:
                call = self._calls.get_nowait()
            except queue.Empty:
                break
            if call is not None:
                call[0].cancel()
        self._calls.put(None)

    def _run(self) -> None:
        while (call := self._calls.get()) is not None:
            future, fn, args = call
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits on the future
                future.set_exception(exc)
