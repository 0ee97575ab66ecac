"""The game log: engine events told in plain words.

One line per thing a player did; points and research earned by it are added to its line
("Yuko deployed a Dome Greenhouse (round greenhouse), +2 VP"). The science tokens a year's
end pays are told too: everyone can count them from the research track, though the tokens
then stay behind each player's screen. `recap` tells a whole turn in one short line.
"""
from __future__ import annotations

from ..engine.catalogue import load
from ..engine.events import (
    VP, AstronautPlaced, ExperimentChosen, ExperimentDone, GameOver, MissionTaken, ModuleChosen, ModuleDeployed,
    ObstacleDestroyed, ObstacleWeakened, Produced, Reactivated, Research, RoundReset, RoundStart, Science, Skipped,
    Time, TimeModule, Upgraded, UpgradesEarned, WorkEnded, WorkStarted, YearStart,
)
from ..engine import State
from ..engine.ring import FULL_TURN
from .summary import SEPARATOR, gains
from .describe import (
    COUNTED_AT_END,
    VP_REASONS,
    cost_text,
    experiment_title,
    plural,
    produces_text,
    tile_kind,
    tile_name,
)
from .played_turn import PlayedTurn


def narrate(events, names: list[str], before: State | None = None) -> list[str]:
    """The log's lines for `events`; `before`, the position they started from, names the
    module a deploy took from its hangar when the base receives another tile for it."""
    cat = load()
    lines: list[str] = []
    owner: list[int | None] = []  # who each line is about, for suffixes

    def say(text: str, player: int | None = None) -> None:
        lines.append(text)
        owner.append(player)

    def add(text: str, player: int) -> None:
        if lines and owner[-1] == player:
            lines[-1] += text
        else:
            say(f"{names[player]}{text}", player)

    for ev in events:
        p = getattr(ev, "player", None)  # the seat most events are about
        n = "" if p is None else names[p]
        match ev:
            case WorkStarted(work=work):
                say(f"{n} works on the base with {work} work", p)
            case Produced(tile=tile, stock=stock):
                spec = cat.tiles[tile]
                say(f"{n}'s {tile_name(tile)} produced {produces_text(spec)} ({stock} in stock)", p)
            case TimeModule():
                say(f"{n} used a time module", p)
            case Time(moved=moved) if moved:
                add(f", {plural(moved, 'astronaut')} moved toward the arm", p)
            case ObstacleWeakened(resistance=resistance):
                say(f"{n} weakened an obstacle ({resistance} resistance left)", p)
            case ObstacleDestroyed():
                say(f"{n} destroyed an obstacle", p)
            case WorkEnded(unspent=unspent):
                say(f"{n} finished working" + (f" ({unspent} work unused)" if unspent else ""), p)
            case ModuleChosen(tile=tile, slot=slot):
                spec = cat.tiles[tile]
                say(f"{n} chose the {tile_name(tile)} in hangar {slot} ({cost_text(spec.cost)})", p)
            case ModuleDeployed(tile=tile, slot=slot):
                taken = before.hangars[slot - 1] if before is not None else None
                if taken is not None and taken != tile:  # a communication module, swapped for its tile
                    say(f"{n} deployed the {tile_name(taken)}, now the {tile_name(tile)}", p)
                else:
                    say(f"{n} deployed the {tile_name(tile)} ({tile_kind(cat.tiles[tile])})", p)
            case ExperimentChosen(experiment=eid):
                spec = cat.experiments[eid]
                say(f"{n} chose the {experiment_title(spec).lower()} ({cost_text(spec.cost)})", p)
            case ExperimentDone(experiment=eid):
                say(f"{n} carried out the {experiment_title(cat.experiments[eid]).lower()}", p)
            case Reactivated(count=count):
                add(f", waking {plural(count, 'astronaut')}", p)
            case UpgradesEarned(count=count):
                say(f"{n} earned {plural(count, 'work upgrade')}", p)
            case Upgraded(work=work):
                say(f"{n} upgraded an astronaut to {work} work", p)
            case VP(amount=amount) if amount < 0:
                say(f"{n} loses {-amount} VP", p)
            case VP(amount=amount, source=source) if source in COUNTED_AT_END:
                say(f"{n} scores {amount} VP for {VP_REASONS[source]}", p)
            case VP(amount=amount, source=source):
                reason = VP_REASONS.get(source)
                add(f", +{amount} VP" + (f" ({reason})" if reason else ""), p)
            case Research(amount=amount) if amount:
                add(f", +{amount} research", p)
            case MissionTaken(mission=mid, first=True):
                say(f"{n} completed the mission {cat.missions[mid].name} and takes its science token", p)
            case MissionTaken(mission=mid, from_=holder):
                say(f"{n} did better at {cat.missions[mid].name} and takes it from {names[holder]}", p)
            case Skipped(players=players):
                who = [names[q] for q in players]
                say(f"{' and '.join(who)} {'has' if len(who) == 1 else 'have'} no active astronaut and "
                    f"{'skips' if len(who) == 1 else 'skip'}")
            case RoundReset(round=number, advance=advance, sent_home=home):
                returned = len(home)
                move = "turns all the way round" if advance == FULL_TURN else f"moves {plural(advance, 'spot')}"
                text = f"Round {number} ends: the arm {move}"
                if returned:
                    text += f" and {plural(returned, 'astronaut')} {'goes' if returned == 1 else 'go'} home"
                say(text)
            case Science(research=research, tokens=tokens):
                say(f"{n} scores the research track at {research} and earns {plural(tokens, 'science token')}", p)
            case YearStart(year=year):
                say(f"Year {year} begins with seven new experiments")
            case AstronautPlaced():
                say(f"{n} placed a returning astronaut in the base", p)
            case RoundStart(round=number, year=year):
                say(f"Round {number} of year {year}: {n} plays first", p)
            case GameOver(scores=scores, ranking=order):
                best = max(scores)
                winners = [names[i] for i, sc in enumerate(scores) if sc == best]
                first = names[order[0]]
                say(f"Game over: {first} wins with {best} VP" if len(winners) == 1
                    else f"Game over: {' and '.join(winners)} tie on {best} VP; {first} wins on resources left")
    return lines


def recap(turn: PlayedTurn, names: list[str]) -> str:
    """A whole turn in one short line: what the seat did, then what it earned."""
    done = []
    if turn.deployed is not None:
        done.append(f"deployed the {tile_name(turn.module or turn.deployed.tile)} from hangar {turn.slot}")
    elif turn.experiment is not None:
        done.append(f"carried out the {experiment_title(load().experiments[turn.experiment.experiment]).lower()}")
    elif any(isinstance(e, WorkStarted) for e in turn.events):
        worked = sum(1 for e in turn.events if isinstance(e, (Produced, ObstacleWeakened, ObstacleDestroyed, TimeModule)))
        done.append(f"worked the base ({plural(worked, 'activation')})" if worked else "had nothing to work on")
    if turn.cleared:
        done.append("destroyed an obstacle" if len(turn.cleared) == 1 else f"destroyed {len(turn.cleared)} obstacles")
    if turn.placed:
        done.append(f"placed {plural(len(turn.placed), 'returning astronaut')}")
    return SEPARATOR.join([f"{names[turn.seat]} {', '.join(done) or 'played'}", *gains(turn.events, turn.seat)])
