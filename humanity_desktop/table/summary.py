"""What a turn gives, in one short line: "+4 research · +1 VP square · +3 VP mission Robot Bay ·
round ends".

The confirm step and the replay's caption say it; the game log keeps the details. Only the
seat's own turn is summed up: what the reset after it will do stays unsaid until it happens.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..engine.catalogue import load
from ..engine.events import VP, GameOver, MissionTaken, Research, RoundReset, Time, TurnEnded, UpgradesEarned
from .describe import LEDGER_LABELS, VP_REASONS, plural

SEPARATOR = " · "


def gains(events: Iterable, seat: int) -> list[str]:
    """What `seat` earned from `events` up to the end of its turn, as short phrases: its points
    by what scored them, in the order they came, as the ledger counts them."""
    research = 0
    points: dict[str, int] = {}
    missions: list[str] = []
    parts: list[str] = []
    for e in events:
        if isinstance(e, TurnEnded):
            break
        match e:
            case VP(player=p, amount=amount, source=source) if p == seat:
                points[source] = points.get(source, 0) + amount
            case Research(player=p, amount=amount) if p == seat:
                research += amount
            case MissionTaken(player=p, mission=mid) if p == seat:
                missions.append(load().missions[mid].name)
            case UpgradesEarned(player=p, count=count) if p == seat:
                parts.append(plural(count, "work upgrade"))
            case Time(player=p, units=units) if p == seat and units:
                parts.append(f"time {units:+d}")
    scored = [f"{vp:+d} VP {_reason(source, missions)}" for source, vp in points.items() if vp]
    taken = [] if "mission" in points else [f"mission {name}" for name in missions]
    return ([f"+{research} research"] if research else []) + scored + taken + parts


def _reason(source: str, missions: list[str]) -> str:
    """What scored points from `source`: the missions by name."""
    if source == "mission" and missions:
        return "mission " + " and ".join(missions)
    return VP_REASONS.get(source, LEDGER_LABELS[source].lower())


def turn_summary(events: list, seat: int) -> str:
    """The seat's turn in one line: its gains, and whether the round or the game ends with it."""
    parts = gains(events, seat)
    if any(isinstance(e, GameOver) for e in events):
        parts.append("game ends")
    elif any(isinstance(e, RoundReset) for e in events):
        parts.append("round ends")
    return SEPARATOR.join(parts) if parts else "no points this turn"
