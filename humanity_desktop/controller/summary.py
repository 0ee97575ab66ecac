"""What a turn gives, in one short line: "+4 research · +2 VP · mission Robot Bay · round ends".

The confirm step and the replay's caption say it; the game log keeps the details. Only the
seat's own turn is summed up: what the reset after it will do stays unsaid until it happens.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..engine.catalogue import load
from ..engine.events import VP, GameOver, MissionTaken, Research, RoundReset, Time, TurnEnded, UpgradesEarned
from .describe import plural

SEPARATOR = " · "


def gains(events: Iterable, seat: int) -> list[str]:
    """What `seat` earned from `events` up to the end of its turn, as short phrases."""
    vp = research = 0
    parts: list[str] = []
    for e in events:
        if isinstance(e, TurnEnded):
            break
        match e:
            case VP(player=p, amount=amount) if p == seat:
                vp += amount
            case Research(player=p, amount=amount) if p == seat:
                research += amount
            case MissionTaken(player=p, mission=mid) if p == seat:
                parts.append(f"mission {load().missions[mid].name}")
            case UpgradesEarned(player=p, count=count) if p == seat:
                parts.append(plural(count, "work upgrade"))
            case Time(player=p, units=units) if p == seat and units:
                parts.append(f"time {units:+d}")
    points = [f"{vp:+d} VP"] if vp else []
    return ([f"+{research} research"] if research else []) + points + parts


def turn_summary(events: list, seat: int) -> str:
    """The seat's turn in one line: its gains, and whether the round or the game ends with it."""
    parts = gains(events, seat)
    if any(isinstance(e, GameOver) for e in events):
        parts.append("game ends")
    elif any(isinstance(e, RoundReset) for e in events):
        parts.append("round ends")
    return SEPARATOR.join(parts) if parts else "no points this turn"
