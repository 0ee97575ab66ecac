"""The event bus: typed events in, handlers out, in the order they were published.

Handlers subscribe to an event class and also receive its subclasses. An event published
while another is being dispatched waits its turn, so every handler sees events in the
order they happened, even when a handler publishes in response.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable

Handler = Callable[[object], None]


class Bus:
    def __init__(self) -> None:
        self._handlers: dict[type, list[Handler]] = {}
        self._pending: deque = deque()
        self._dispatching = False

    def subscribe(self, event_type: type, handler: Handler) -> Callable[[], None]:
        """Call `handler` for every event of `event_type`; returns a function that unsubscribes."""
        self._handlers.setdefault(event_type, []).append(handler)
        return lambda: self._handlers[event_type].remove(handler)

    def publish(self, event: object) -> None:
        self._pending.append(event)
        if self._dispatching:
            return
        self._dispatching = True
        try:
            while self._pending:
                self._dispatch(self._pending.popleft())
        finally:
            self._dispatching = False
            self._pending.clear()

    def _dispatch(self, event: object) -> None:
        for cls in type(event).__mro__:
            for handler in list(self._handlers.get(cls, ())):
                handler(event)
