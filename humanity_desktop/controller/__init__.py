"""The event bus and the rules controller: a match, its seats, bots thinking off the main
thread, undo within a turn, the game log and saves. No pygame here.

    bus = Bus()
    match = Match(parse_seats("human,bot"), bus, seed=7)
    bus.subscribe(ActionApplied, print)
    bus.publish(ActionRequested(0, match.legal()[0]))
"""
from .bus import Bus
from .events import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    BotThinking,
    CancelPaymentRequested,
    ConfirmRequested,
    Event,
    GameOver,
    HintReady,
    HintRequested,
    RoundReset,
    TurnStarted,
    TurnToConfirm,
    Undone,
    ReselectRequested,
    UndoRequested,
    YearEnded,
)
from .match import Hooks, Match, Pacing, Resumed
from .seats import (
    BOT,
    CHARACTERS,
    HUMAN,
    Seat,
    bots_wait_words,
    level_name,
    parse_seats,
    ranked_levels,
    default_level,
)

__all__ = [
    "BOT",
    "CHARACTERS",
    "HUMAN",
    "ActionApplied",
    "ActionRefused",
    "ActionRequested",
    "BotThinking",
    "CancelPaymentRequested",
    "ConfirmRequested",
    "Bus",
    "Event",
    "GameOver",
    "HintReady",
    "HintRequested",
    "Hooks",
    "Match",
    "Pacing",
    "Resumed",
    "ReselectRequested",
    "RoundReset",
    "Seat",
    "bots_wait_words",
    "TurnStarted",
    "TurnToConfirm",
    "UndoRequested",
    "Undone",
    "YearEnded",
    "level_name",
    "parse_seats",
    "ranked_levels",
    "default_level",
]
