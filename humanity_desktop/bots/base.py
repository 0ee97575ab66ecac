"""What every bot implements, and the budget that keeps a bot's thinking bounded."""
from __future__ import annotations

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
