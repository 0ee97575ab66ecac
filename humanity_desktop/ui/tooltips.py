"""What a tooltip says about each thing on the table: cost, work, production, stock,
effects and scoring, in plain words; a ring tile's tooltip also shows it large."""
from __future__ import annotations

import pygame

from ..table.describe import (
    EFFECT_TEXT,
    LEDGER_LABELS,
    cost_text,
    experiment_title,
    mission_title,
    plural,
    produces_text,
    research_marks_text,
    tile_kind,
    tile_name,
)
from ..engine import State
from ..engine.catalogue import ANY, load
from ..engine.grid import MAX_GREENHOUSES
from ..engine.ring import HANGARS, WHITE_CROSSES, bay_slot, surely_overtaken
from ..engine.rules import MAX_WORK, OBSTACLE_RESEARCH
from ..engine.scoring import MISSION_VP
from ..engine.state import ACTIVE, BOARD, EXHAUSTED
from ..table import targets as T
from . import tile_art

Tip = tuple[str, list[str]]
ADJACENT = {ANY: "module of any colour"}  # otherwise "<colour> module"


def tile_lines(tid: str, stock: int | None = None, wild_shape: str | None = None) -> Tip:
    spec = load().tiles[tid]
    if spec.kind == "obstacle":
        return ("Obstacle", [
            f"Resistance {spec.max_stock if stock is None else stock} of {spec.max_stock}: each activation costs {spec.work} work and knocks off 1.",
            f"Gone at 0: +{OBSTACLE_RESEARCH} research, and the cell is free to build on.",
        ])
    undecided = spec.kind == "communication" and spec.colour is None  # its colour is picked on deploying
    kind = tile_kind(spec, wild_shape)
    named = undecided or spec.colour in kind  # the label may already say the colour
    lines = [kind.capitalize() + ("" if named else f", {spec.colour}")]
    if spec.cost:
        lines.append(f"Cost to deploy: {cost_text(spec.cost)}.")
    if spec.kind == "production":
        lines += _production_lines(spec, stock)
    if spec.research:
        lines.append(f"+{spec.research} research when deployed.")
    for colour, pts in spec.adjacency:
        lines.append(f"+{pts} research for each {ADJACENT.get(colour, f'{colour} module')} beside it (not obstacles), "
                     "now and whenever one is added later.")
    if undecided:
        lines.append(f"You pick orange or blue as you deploy it: your base gets a plain tile of that colour "
                     f"worth +{spec.research} research, counted as that colour from then on.")
    if spec.kind == "greenhouse":
        lines.append("Scores 1 VP alone, 2 beside another greenhouse, 3 when it completes a group of "
                     f"{MAX_GREENHOUSES}.")
        lines.append(f"Connected greenhouses: at most {MAX_GREENHOUSES}, all of different shapes.")
    if spec.vp:
        lines.append(f"+{spec.vp} VP when deployed.")
    if spec.kind == "drone":
        lines.append("Cannot be activated; counts as its colour for squares and missions.")
    return (tile_name(tid), lines)


def _production_lines(spec, stock: int | None) -> list[str]:
    if spec.time:
        return [f"Activate for {spec.work} work, as often as your work allows: each time, your astronauts "
                "beside the board move 1 spot toward the arm."]
    lines = [f"Activate for {spec.work} work: makes 1 {produces_text(spec)}. Holds up to {spec.max_stock}; "
             "a full one cannot be activated."]
    if stock is None:
        lines.append(f"Arrives in your base holding {load().stock_on_arrival}.")
    else:
        lines.append(f"In stock: {stock} of {spec.max_stock}.")
    if len(spec.produces) > 1:
        lines.append("Each unit is either kind: you choose when you spend it.")
    return lines


def experiment_lines(eid: str) -> Tip:
    spec = load().experiments[eid]
    lines = [f"Cost: {cost_text(spec.cost)}.", f"+{spec.research} research."]
    if spec.vp:
        lines.append(f"+{spec.vp} VP.")
    if spec.effect:
        lines.append(EFFECT_TEXT[spec.effect] + ".")
    lines.append("Groups of one left, one centre and one right experiment score 0, then 1, then 2 VP.")
    return (experiment_title(spec), lines)


def _astronaut_lines(s: State, seat: int, i: int, names) -> Tip:
    work, where, pos = s.players[seat].astros[i]
    title = f"{names[seat]}'s astronaut, work {work}"
    if where == ACTIVE:
        text = "In the base, ready: it can act this round."
    elif where == EXHAUSTED:
        text = "In the base, resting: active again at the next round."
    elif where == BOARD:
        gap = s.distance(pos)
        text = (f"Beside the board, {plural(gap, 'spot')} past the arm: it comes home when the arm "
                "passes it" + (", at the next reset for sure." if surely_overtaken(s.arm, pos) else "."))
    else:
        text = "Coming home: place it on a free cell next to a module."
    return (title, [text, f"Work value: the work points it spends when working (at most {MAX_WORK})."])


def _research_lines(players: int) -> list[str]:
    cat = load()
    behind = cat.tokens_per_player_behind[players]
    return [f"At each year's end: 1 science token per mark reached ({research_marks_text()}), "
            f"plus {plural(behind, 'token')} for each player with less research than you.",
            f"Research stops at {cat.research_cap}; every marker then goes back to 0 for the next year."]


def magnified(target: T.Target, s: State, size: int) -> pygame.Surface | None:
    """A ring tile drawn `size` pixels wide, for its tooltip: its cost icons are small on the board."""
    if target.kind == T.HANGAR:
        return tile_art.module_tile(s.hangars[target.ref - 1], size)
    if target.kind == T.EXPERIMENT:
        return tile_art.experiment_tile(s.wheel[target.ref], size)
    return None


def describe_target(target: T.Target, s: State, names, science_visible) -> Tip | None:
    """The tooltip for a target, or None if it has nothing to say."""
    cat = load()
    kind = target.kind
    if kind == T.HANGAR:
        tid = s.hangars[target.ref - 1]
        title, lines = tile_lines(tid)
        lines.append(f"Hangar {target.ref}: the astronaut who deploys it stands {plural(target.ref, 'spot')} past the arm.")
        if target.ref in WHITE_CROSSES:
            lines.append("White cross: if nobody takes it this round, it leaves the game at the reset.")
        return (title, lines)
    if kind == T.EXPERIMENT:
        title, lines = experiment_lines(s.wheel[target.ref])
        slot = bay_slot(target.ref)
        lines.append(f"The astronaut who carries it out stands {plural(slot, 'spot')} past the arm, "
                     f"in line with hangar {slot}.")
        return (title, lines)
    if kind == T.DONE_EXPERIMENT:
        return experiment_lines(target.ref)
    if kind == T.CELL:
        base = s.players[target.seat].base
        if target.ref in base:
            tid, stock = base[target.ref]
            return tile_lines(tid, stock, s.players[target.seat].wild.get(target.ref))
        return ("Free cell", ["An astronaut may stand here if a module (not an obstacle) is next to it.",
                              "Modules are built where the deploying astronaut stood."])
    if kind in (T.ASTRO, T.RING_ASTRO, T.RETURNING_ASTRONAUT):
        return _astronaut_lines(s, target.seat, target.ref, names)
    if kind == T.SEAT:
        p = s.players[target.seat]
        lines = [f"{p.score} VP: " + ", ".join(f"{LEDGER_LABELS[k].lower()} {v}" for k, v in p.ledger.items() if v)
                 if p.score or any(p.ledger.values()) else "No points yet.",
                 f"Research {p.research} this year.", f"Experiments: {len(p.experiments)}.",
                 "Beside each astronaut: +N, it waits beside the board, N spots past the arm; z, it rests, "
                 "having acted this round; ⌂, it is coming back to the base."]
        return (names[target.seat], lines)
    if kind == T.SCIENCE:
        p = s.players[target.seat]
        count = f"{p.science} science tokens" if science_visible[target.seat] else "Hidden behind the player's screen"
        return ("Science tokens", [count + ".", "Each is worth 1 VP at the end of the game.",
                                   "Earned from the research track at each year's end and from missions."])
    if kind == T.MISSION:
        mid = s.missions[target.ref]
        spec = cat.missions[mid]
        holder = s.holders[target.ref]
        lines = [spec.text, f"The first to do it takes the science token and {MISSION_VP} VP.",
                 f"Doing strictly better later takes the tile and its {MISSION_VP} VP from the holder."]
        lines.append(f"Held by {names[holder]}." if holder is not None else "Not done yet: the science token is still on it.")
        return (mission_title(spec), lines)
    if kind == T.SCORE_TRACK:
        return ("Score track", [", ".join(f"{names[i]} {v}" for i, v in enumerate(s.scores)),
                                "The most VP at the end of year 3 wins; ties go to electricity, then advanced, then basic resources left."])
    if kind == T.RESEARCH_TRACK:
        return ("Research track", [", ".join(f"{names[i]} {p.research}" for i, p in enumerate(s.players)),
                                   *_research_lines(len(s.players))])
    if kind == T.ARM:
        return ("Articulated arm", [
            f"It stands on the one spot without a hangar; the {HANGARS} hangars follow it clockwise, "
            "the first two under the white crosses. The experiment wheel turns with it.",
            f"At the reset it moves {HANGARS} spots minus the modules left, or a full turn when none is left; "
            "every astronaut it passes goes home. While you point at it, the board shows what the reset "
            "would do if the round ended now."])
    if kind == T.HUB:
        return (f"Year {s.year}, round {s.round}",
                [f"{plural(len(s.decks[s.year - 1]), 'module')} left in this year's deck.",
                 "When the deck cannot fill the hangars, the year ends and the experiments change."])
    return None

