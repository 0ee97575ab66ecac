"""What a turn gives, in one short line: "+4 research · +1 VP square · +3 VP mission Robot Bay ·
round ends".

The confirm step and the replay's caption say it; the game log keeps the details. Only the
seat's own turn is summed up: what the reset after it will do stays unsaid until it happens.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..engine.catalogue import load
from ..engine.events import VP, GameOver, MissionTaken, Research, RoundReset, Time, TurnEnded, UpgradesEarned
from ..language import _, listed, ngettext
from .describe import VP_REASONS, mission_name

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
                missions.append(mission_name(load().missions[mid]))
            case UpgradesEarned(player=p, count=count) if p == seat:
                parts.append(ngettext("{count} work upgrade", "{count} work upgrades", count).format(count=count))
            case Time(player=p, units=units) if p == seat and units:
                # Translators: the time units a turn moved the seat's astronauts by, as in "time +2".
                parts.append(_("time {units}").format(units=f"{units:+d}"))
    # Translators: the points a turn scored and what for, as in "+3 VP square" ({points} has its sign).
    scored = [_("{points} VP {reason}").format(points=f"{vp:+d}", reason=_reason(source, missions))
              for source, vp in points.items() if vp]
    taken = [] if "mission" in points else [_("mission {name}").format(name=name) for name in missions]
    return ([_("+{points} research").format(points=research)] if research else []) + scored + taken + parts


def _reason(source: str, missions: list[str]) -> str:
    """What scored points from `source`: the missions by name."""
    if source == "mission" and missions:
        return _("mission {name}").format(name=listed(missions))
    return VP_REASONS[source]


def turn_summary(events: list, seat: int) -> str:
    """The seat's turn in one line: its gains, and whether the round or the game ends with it."""
    parts = gains(events, seat)
    if any(isinstance(e, GameOver) for e in events):
        parts.append(_("game ends"))
    elif any(isinstance(e, RoundReset) for e in events):
        parts.append(_("round ends"))
    return SEPARATOR.join(parts) if parts else _("no points this turn")
