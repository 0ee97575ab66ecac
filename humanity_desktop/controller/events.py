"""What travels on the bus. Requests go to the match; the rest reports what happened.

Events that carry game positions hold snapshots (State copies), never the live state, so a
screen may keep them while the match moves on.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action, State
# The engine's own events the bus carries as they are (besides MissionTaken, which the
# screens import from the engine): the round's reset and the game's end.
from ..engine.events import GameOver, RoundReset  # noqa: F401


class Event:
    """Base of every bus event."""


# ---------------------------------------------------------------- requests (to the match)

@dataclass(frozen=True)
class ActionRequested(Event):
    """A seat wants to play an action: a human's gesture or a bot's decision."""

    seat: int
    action: Action
    source: str = "human"  # "human" or "bot"


@dataclass(frozen=True)
class SeatRequest(Event):
    """A request that names nothing but the seat making it."""

    seat: int


class UndoRequested(SeatRequest):
    """Take back the last choice made this turn, or the end of the turn waiting for confirmation."""


class CancelPaymentRequested(SeatRequest):
    """Put back every unit spent and the choice of what is being paid for, in one go."""


class HintRequested(SeatRequest):
    """The player asks what the hint bot would play in their place (see HintReady)."""


class ConfirmRequested(SeatRequest):
    """The player confirms the end of their turn (see TurnToConfirm)."""


@dataclass(frozen=True)
class ReselectRequested(Event):
    """Choose another astronaut in place of the one just chosen, which goes back unused."""

    seat: int
    astronaut: int


# ---------------------------------------------------------------- reports (from the match)

@dataclass(frozen=True)
class ActionApplied(Event):
    seat: int
    action: Action
    engine_events: tuple  # what the rules reported, in order: engine/events.py records
    lines: tuple  # the game log's new lines, in plain words
    before: State
    after: State


@dataclass(frozen=True)
class ActionRefused(Event):
    """The rules forbid the action; the game is unchanged."""

    seat: int
    action: Action | None
    rule: str  # the rule's name and why, messages of the catalogue (engine.errors.RulesError)
    reason: str
    values: dict = field(default_factory=dict)  # the reason's placeholders


@dataclass(frozen=True)
class TurnToConfirm(Event):
    """A human's action would end their turn: it waits for their confirmation, so that it
    can still be taken back before the next turn reveals anything. `preview` is the position
    as the turn leaves it, before the next seat plays or the round resets: nothing hidden in it."""

    seat: int
    action: Action
    summary: str  # what the turn gives, in one line (table/summary.py)
    preview: State
    events: tuple = ()  # what the rules would report: engine/events.py records


@dataclass(frozen=True)
class Undone(Event):
    seat: int
    state: State


@dataclass(frozen=True)
class TurnStarted(Event):
    seat: int
    human: bool


@dataclass(frozen=True)
class BotThinking(Event):
    seat: int
    thinking: bool  # True when it starts, False when its decision is in


@dataclass(frozen=True)
class HintReady(Event):
    """The best plans for the rest of the seat's turn, found off the UI thread for the match
    at `version`; one found for a position since left is dropped, never reported."""

    seat: int
    version: int
    hints: tuple  # bots.hints.Hint, best first; empty when there is no plan to suggest


@dataclass(frozen=True)
class YearEnded(Event):
    year: int  # the year that ended
    science: dict = field(default_factory=dict)  # seat -> tokens earned (hidden from others)
