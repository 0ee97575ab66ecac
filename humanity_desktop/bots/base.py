"""What every bot implements, and the budget that keeps a bot's thinking bounded."""
from __future__ import annotations

import gc
import threading
import time
from typing import Protocol

from ..engine import Action, State


class Cancelled(Exception):
    """Raised inside a bot when its budget was cancelled; the caller discards the decision."""


class Budget:
    """A time limit (and optional iteration cap) that another thread may cancel at any moment."""

    def __init__(self, seconds: float | None = None, iterations: int | None = None) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.iterations = iterations
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def expired(self, done: int = 0) -> bool:
        """True when thinking should stop: out of time, out of iterations, or cancelled."""
        if self._cancel.is_set():
            return True
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def check(self) -> None:
        if self._cancel.is_set():
            raise Cancelled()


# The thresholds of the collector's two older generations while any bot thinks. A search keeps
# thousands of positions alive for a moment; at Python's defaults (10, 10) they are promoted
# and traversed again and again, up to a seventh of a long search's CPU (docs/benchmarks.md,
# "Search speed"). Young garbage is still collected at the usual pace.
THINKING_GC_THRESHOLDS = (1000, 1000)


class _Thinking:
    """`with thinking:` around a bot's search: the collector visits its older generations
    rarely until the last bot thinking, on any thread, is done; then its thresholds are
    restored as they were."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._before = gc.get_threshold()

    def __enter__(self) -> None:
        with self._lock:
            if self._count == 0:
                self._before = gc.get_threshold()
                gc.set_threshold(self._before[0], *THINKING_GC_THRESHOLDS)
            self._count += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._count -= 1
            if self._count == 0:
                gc.set_threshold(*self._before)


thinking = _Thinking()


class Bot(Protocol):
    """A bot seat's decision maker. `view` is engine.observe(state, seat): nothing hidden leaks in."""

    name: str
    seconds: float | None  # the level's own thinking time per decision; None: it needs none
    # The ranked plans (value, plan, visits) behind the last decision when it chose a new plan;
    # None when it played on a plan already chosen, or the bot does not rank plans.
    last_search: list | None

    def worth(self, state: State, seat: int) -> float:
        """The seat's own expected final points at `state` by the bot's judgement, which its
        hints and reasons quote (only bots that set last_search are asked)."""
        ...

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        ...
