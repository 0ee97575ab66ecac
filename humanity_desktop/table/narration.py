"""The game log: engine events told in plain words.

One line per thing a player did; points and research earned by it are added to its line
("Yuko deployed a Dome Greenhouse (round greenhouse), +2 VP"). The science tokens a year's
end pays are told too: everyone can count them from the research track, though the tokens
then stay behind each player's screen. `recap` tells a whole turn in one short line. The
words of each event's line are in data/words.json ("log", by event type; "recap").
"""
from __future__ import annotations

from ..engine.catalogue import load
from ..engine.events import (
    VP, ExperimentChosen, ExperimentDone, GameOver, MissionTaken, ModuleChosen, ModuleDeployed, ObstacleDestroyed,
    ObstacleWeakened, Produced, Reactivated, Research, RoundReset, Science, Skipped, Time, TimeModule, WorkEnded,
    WorkStarted,
)
from ..engine import State
from ..engine.ring import FULL_TURN
from ..language import listed
from .describe import COUNTED_AT_END, VP_REASONS, cost_text, mission_name, produces_text, side_name, tile_kind, tile_name
from ..language.words import WORDS, words
from .summary import SEPARATOR, gains
from .played_turn import PlayedTurn

# Points a line leaves unexplained: the module or experiment the line names is worth them.
UNNAMED = ("experiment_vp", "module_vp", "scenario")


def narrate(events, names: list[str], before: State | None = None) -> list[str]:
    """The log's lines for `events`; `before`, the position they started from, names the
    module a deploy took from its hangar when the base receives another tile for it. An
    event's line is its entry in data/words.json (none: its entry is empty), filled from
    the event's fields, or from the names and phrases its case below works out."""
    cat = load()
    lines: list[str] = []
    owner: list[int | None] = []  # who each line is about, for suffixes

    def line(key: str, n: int | None, values: dict) -> str:
        return words("log", key, n).format(**values)

    def say(key: str, player: int | None = None, n: int | None = None, **values) -> None:
        lines.append(line(key, n, values))
        owner.append(player)

    def add(key: str, player: int, n: int | None = None, **values) -> None:
        """A suffix to the seat's line just said (", +2 VP"), or a line of its own."""
        if lines and owner[-1] == player:
            lines[-1] += line(key, n, values)
        else:
            say(key, player, n, **values)
            lines[-1] = names[player] + lines[-1]

    for ev in events:
        p = getattr(ev, "player", None)  # the seat most events are about
        n = "" if p is None else names[p]
        match ev:
            case Produced(tile=tile, stock=stock):
                say("produced", p, name=n, tile=tile_name(tile), produces=produces_text(cat.tiles[tile]), stock=stock)
            case Time(moved=moved) if moved:
                add("time", p, moved, count=moved)
            case WorkEnded(unspent=unspent):
                say("work_ended/unused" if unspent else "work_ended", p, name=n, unspent=unspent)
            case ModuleChosen(tile=tile, slot=slot):
                say("module_chosen", p, name=n, tile=tile_name(tile), slot=slot, cost=cost_text(cat.tiles[tile].cost))
            case ModuleDeployed(tile=tile, slot=slot):
                taken = before.hangars[slot - 1] if before is not None else None
                if taken is not None and taken != tile:  # a communication module, swapped for its tile
                    say("module_deployed/swapped", p, name=n, taken=tile_name(taken), tile=tile_name(tile))
                else:
                    say("module_deployed", p, name=n, tile=tile_name(tile), kind=tile_kind(cat.tiles[tile]))
            case ExperimentChosen(experiment=eid):
                spec = cat.experiments[eid]
                say("experiment_chosen", p, name=n, side=side_name(spec), year=spec.year, cost=cost_text(spec.cost))
            case ExperimentDone(experiment=eid):
                spec = cat.experiments[eid]
                say("experiment_done", p, name=n, side=side_name(spec), year=spec.year)
            case Reactivated(count=count):
                add("reactivated", p, count, count=count)
            case VP(amount=amount) if amount < 0:
                say("vp/lost", p, name=n, points=-amount)
            case VP(amount=amount, source=source) if source in COUNTED_AT_END:
                say("vp/at_end", p, name=n, points=amount, reason=VP_REASONS[source])
            case VP(amount=amount, source=source):
                add("vp" if source in UNNAMED else "vp/reason", p, points=amount, reason=VP_REASONS[source])
            case Research(amount=amount) if amount:
                add("research", p, points=amount)
            case MissionTaken(mission=mid, first=True):
                say("mission_taken", p, name=n, mission=mission_name(cat.missions[mid]))
            case MissionTaken(mission=mid, from_=holder):
                say("mission_taken/from", p, name=n, mission=mission_name(cat.missions[mid]), holder=names[holder])
            case Skipped(players=players):
                say("skipped", None, len(players), names=listed([names[q] for q in players]))
            case RoundReset(round=number, advance=advance, sent_home=home):
                if advance == FULL_TURN:
                    say("round_reset/full_turn", round=number)
                else:
                    say("round_reset", None, advance, round=number, count=advance)
                if home:
                    lines[-1] += line("round_reset/home", len(home), {"count": len(home)})
            case Science(research=research, tokens=tokens):
                say("science", p, tokens, name=n, research=research, count=tokens)
            case GameOver(scores=scores, ranking=order):
                best = max(scores)
                winners = [names[i] for i, sc in enumerate(scores) if sc == best]
                say("game_over" if len(winners) == 1 else "game_over/tie",
                    name=names[order[0]], names=listed(winners), points=best)
            case Time() | Research():
                pass  # no astronaut moved, no research gained
            case _ if WORDS["log"][ev.kind]:  # a line of the event's own figures and its seat's name
                lines.append(line(ev.kind, getattr(ev, "count", None), {**ev._asdict(), "name": n}))
                owner.append(p)
    return lines


def recap(turn: PlayedTurn, names: list[str]) -> str:
    """A whole turn in one short line: what the seat did, then what it earned."""
    done = []
    if turn.deployed is not None:
        done.append(words("recap", "deployed").format(tile=tile_name(turn.module or turn.deployed.tile), slot=turn.slot))
    elif turn.experiment is not None:
        spec = load().experiments[turn.experiment.experiment]
        done.append(words("recap", "experiment").format(side=side_name(spec), year=spec.year))
    elif any(isinstance(e, WorkStarted) for e in turn.events):
        worked = sum(1 for e in turn.events if isinstance(e, (Produced, ObstacleWeakened, ObstacleDestroyed, TimeModule)))
        done.append(words("recap", "worked", worked).format(count=worked) if worked else words("recap", "idle"))
    if turn.cleared:
        done.append(words("recap", "cleared", len(turn.cleared)).format(count=len(turn.cleared)))
    if turn.placed:
        done.append(words("recap", "placed", len(turn.placed)).format(count=len(turn.placed)))
    name = names[turn.seat]
    said = words("recap", "turn").format(name=name, done=listed(done)) if done else words("recap", "played").format(name=name)
    return SEPARATOR.join([said, *gains(turn.events, turn.seat)])
