"""The game log: engine events told in plain words.

One line per thing a player did; points and research earned by it are added to its line
("Yuko deployed a Dome Greenhouse (round greenhouse), +2 VP"). Science token counts stay
out of the log because they are hidden behind each player's screen.
"""
from __future__ import annotations

from ..engine.catalogue import load
from ..engine.ring import FULL_TURN
from .describe import (
    VP_REASONS,
    cost_text,
    experiment_title,
    plural,
    produces_text,
    tile_kind,
)


def narrate(events, names: list[str]) -> list[str]:
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
        kind = ev["type"]
        p = ev.get("player")
        n = names[p] if isinstance(p, int) else ""
        if kind == "work_started":
            say(f"{n} works on the base with {ev['work']} work", p)
        elif kind == "produced":
            spec = cat.tiles[ev["tile"]]
            say(f"{n}'s {spec.name} produced {produces_text(spec)} ({ev['stock']} in stock)", p)
        elif kind == "time_module":
            say(f"{n} used a time module", p)
        elif kind == "time":
            if ev["moved"]:
                add(f", {plural(ev['moved'], 'astronaut')} moved toward the arm", p)
        elif kind == "obstacle_weakened":
            say(f"{n} weakened an obstacle ({ev['resistance']} resistance left)", p)
        elif kind == "obstacle_destroyed":
            say(f"{n} destroyed an obstacle", p)
        elif kind == "work_ended":
            unspent = ev["unspent"]
            say(f"{n} finished working" + (f" ({unspent} work unused)" if unspent else ""), p)
        elif kind == "module_chosen":
            spec = cat.tiles[ev["tile"]]
            say(f"{n} chose the {spec.name} in hangar {ev['slot']} ({cost_text(spec.cost)})", p)
        elif kind == "module_deployed":
            spec = cat.tiles[ev["tile"]]
            say(f"{n} deployed the {spec.name} ({tile_kind(spec)})", p)
        elif kind == "experiment_chosen":
            spec = cat.experiments[ev["experiment"]]
            say(f"{n} chose the {experiment_title(spec).lower()} ({cost_text(spec.cost)})", p)
        elif kind == "experiment_done":
            spec = cat.experiments[ev["experiment"]]
            say(f"{n} carried out the {experiment_title(spec).lower()}", p)
        elif kind == "reactivated":
            add(f", waking {plural(ev['count'], 'astronaut')}", p)
        elif kind == "upgrades_earned":
            say(f"{n} earned {plural(ev['count'], 'work upgrade')}", p)
        elif kind == "upgraded":
            say(f"{n} upgraded an astronaut to {ev['work']} work", p)
        elif kind == "vp":
            amount = ev["amount"]
            if amount < 0:
                say(f"{n} loses {-amount} VP", p)
            elif ev["source"] in ("science", "leftovers"):
                say(f"{n} scores {amount} VP for {VP_REASONS[ev['source']]}", p)
            else:
                reason = VP_REASONS.get(ev["source"])
                add(f", +{amount} VP" + (f" ({reason})" if reason else ""), p)
        elif kind == "research":
            if ev["amount"]:
                add(f", +{ev['amount']} research", p)
        elif kind == "mission_taken":
            mission = cat.missions[ev["mission"]]
            if ev["first"]:
                say(f"{n} completed the mission {mission.name} and takes its science token", p)
            else:
                say(f"{n} did better at {mission.name} and takes it from {names[ev['from']]}", p)
        elif kind == "skipped":
            who = [names[q] for q in ev["players"]]
            say(f"{' and '.join(who)} {'has' if len(who) == 1 else 'have'} no active astronaut and "
                f"{'skips' if len(who) == 1 else 'skip'}")
        elif kind == "round_reset":
            move = ("turns all the way round" if ev["advance"] == FULL_TURN
                    else f"moves {plural(ev['advance'], 'spot')}")
            text = f"Round {ev['round']} ends: the arm {move}"
            if ev["returned"]:
                text += f" and {plural(ev['returned'], 'astronaut')} {'goes' if ev['returned'] == 1 else 'go'} home"
            say(text)
        elif kind == "science":
            say(f"{n} scores the research track at {ev['research']} and earns science tokens", p)
        elif kind == "year_start":
            say(f"Year {ev['year']} begins with seven new experiments")
        elif kind == "astronaut_placed":
            say(f"{n} placed a returning astronaut in the base", p)
        elif kind == "round_start":
            say(f"Round {ev['round']} of year {ev['year']}: {n} plays first", p)
        elif kind == "game_over":
            scores = ev["scores"]
            best = max(scores)
            winners = [names[i] for i, sc in enumerate(scores) if sc == best]
            first = names[ev["ranking"][0]]
            say(f"Game over: {first} wins with {best} VP" if len(winners) == 1
                else f"Game over: {' and '.join(winners)} tie on {best} VP; {first} wins on resources left")
    return lines
