"""What each seat did on its turns, gathered from the bus: the piece it took from the ring,
the tiles of its base it used, the module it deployed, where its astronaut went, and what
it scored.

The screens mark a seat's last turn on the table until that seat moves again, and recap
the other seats' turns when a player's turn comes. A turn here is a seat's part as the
engine reports it (`turn_ended`): a turn, or the placing of returning astronauts after a
reset. Nothing here is part of the game: a loaded game starts with no story.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import State
from ..table.played_turn import PlayedTurn
from .bus import Bus
from .calendar import ends_turn
from .events import ActionApplied, Undone

KEPT = 16  # finished turns remembered: enough for a recap of every rival's turns since one's own


@dataclass
class _Open:
    """A seat's part under way: its actions so far."""

    seat: int
    applied: list[ActionApplied] = field(default_factory=list)


class Story:
    """The turns told on the bus, newest last. Undo takes back the part under way; a position
    that does not follow from the last one told (a replay's jump) starts the story over."""

    def __init__(self, bus: Bus) -> None:
        self.turns: list[PlayedTurn] = []
        self._open: _Open | None = None
        self._seen: State | None = None  # the position after the last action told
        self._count = 0
        self._unsubscribe: list[Callable[[], None]] = [
            bus.subscribe(ActionApplied, self._on_applied),
            bus.subscribe(Undone, self._on_undone),
        ]

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    def clear(self) -> None:
        self.turns.clear()
        self._open = None
        self._seen = None

    # ------------------------------------------------------------ questions

    def moving(self) -> int | None:
        """The seat whose part is under way (it has acted and not yet finished), if any."""
        return self._open.seat if self._open is not None else None

    def last(self, seat: int) -> PlayedTurn | None:
        """The seat's last finished turn, until it moves again."""
        if self.moving() == seat:
            return None
        return next((t for t in reversed(self.turns) if t.seat == seat), None)

    def since(self, seat: int) -> list[PlayedTurn]:
        """The other seats' turns since `seat` last finished one, in order."""
        mine = [k for k, t in enumerate(self.turns) if t.seat == seat]
        start = mine[-1] + 1 if mine else 0
        return [t for t in self.turns[start:] if t.seat != seat]

    # ------------------------------------------------------------ the bus

    def _on_applied(self, ev: ActionApplied) -> None:
        if self._seen is not None and ev.before != self._seen:
            self.clear()  # jumped: what was told no longer leads here
        self._seen = ev.after
        if self._open is None or self._open.seat != ev.seat:
            self._open = _Open(ev.seat)
        self._open.applied.append(ev)
        if ends_turn(ev.engine_events):
            self._finish(self._open)
            self._open = None

    def _finish(self, part: _Open) -> None:
        first, end = part.applied[0], part.applied[-1]
        self._count += 1
        self.turns.append(PlayedTurn(
            part.seat,
            tuple(e for a in part.applied for e in a.engine_events),
            tuple(line for a in part.applied for line in a.lines),
            first.before, end.after, self._count))
        del self.turns[:-KEPT]

    def _on_undone(self, ev: Undone) -> None:
        """Back to `ev.state`: the actions of the part under way from there on are taken back."""
        self._seen = ev.state
        part = self._open
        if part is None:
            return
        # Taking back only the end waiting for confirmation leaves the state, and the part, as they were.
        keep = next((k for k, a in enumerate(part.applied) if a.before == ev.state), len(part.applied))
        del part.applied[keep:]
        if not part.applied:
            self._open = None  # nothing left of the part: its seat has not moved again after all
