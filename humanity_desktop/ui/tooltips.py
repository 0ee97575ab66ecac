"""What a tooltip says about each thing on the table: cost, work, production, stock,
effects and scoring, in plain words."""
from __future__ import annotations

from ..controller.describe import (
    EFFECT_TEXT,
    LEDGER_LABELS,
    cost_text,
    experiment_title,
    mission_title,
    plural,
    produces_text,
    tile_kind,
)
from ..engine import State
from ..engine.catalogue import load
from ..engine.state import ACTIVE, BOARD, EXHAUSTED
from . import targets as T

Tip = tuple[str, list[str]]


def tile_lines(tid: str, stock: int | None = None, wild_shape: str | None = None) -> Tip:
    spec = load().tiles[tid]
    if spec.kind == "obstacle":
        return ("Obstacle", [
            f"Resistance {stock} of {spec.max_stock}: each work point spent on it removes 1.",
            "Destroyed at 0: +3 research, and the cell becomes free.",
        ])
    undecided = spec.kind == "communication" and spec.module_id is None  # its colour is chosen on deploying
    lines = [tile_kind(spec, wild_shape).capitalize() + ("" if undecided else f" ({spec.colour} module)")]
    if spec.cost:
        lines.append(f"Cost to deploy: {cost_text(spec.cost)}.")
    if spec.kind == "production":
        if spec.time:
            lines.append(f"Activate for {spec.work} work: your astronauts beside the board move 1 space toward the arm.")
        else:
            lines.append(f"Activate for {spec.work} work: produces 1 {produces_text(spec)}, stores up to {spec.max_stock}.")
            if stock is not None:
                lines.append(f"In stock: {stock} of {spec.max_stock}.")
            if len(spec.produces) > 1:
                lines.append("Each unit takes its type when it is spent.")
    if spec.research:
        lines.append(f"+{spec.research} research when deployed.")
    for colour, pts in spec.adjacency:
        lines.append(f"+{pts} research for each adjacent {colour} module, now and when one is added later.")
    if undecided:
        faces = load().faces[spec.face]
        for colour in ("blue", "orange"):
            side = load().tiles[faces[colour]]
            adj = ", ".join(f"+{p} per adjacent {c}" for c, p in side.adjacency)
            lines.append(f"Deployed {colour}: +{side.research} research, {adj}.")
    if spec.kind == "greenhouse":
        lines.append("Scores 1 VP alone, 2 beside another greenhouse, 3 when it completes a group of 3.")
        lines.append("Connected greenhouses: at most 3, all of different shapes.")
    if spec.vp:
        lines.append(f"+{spec.vp} VP when deployed.")
    if spec.kind == "drone":
        lines.append("Cannot be activated; counts as its colour for squares and missions.")
    return (spec.name, lines)


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
        text = (f"Beside the board, {plural(s.distance(pos), 'space')} past the arm: "
                "it comes home when the arm overtakes it.")
    else:
        text = "Coming home: place it on a free cell next to a module."
    return (title, [text, "Work value: the work points it spends when working (at most 4)."])


def describe(target: T.Target, s: State, names, science_visible) -> Tip | None:
    """The tooltip for a target, or None if it has nothing to say."""
    cat = load()
    kind = target.kind
    if kind == T.HANGAR:
        tid = s.hangars[target.ref - 1]
        title, lines = tile_lines(tid)
        lines.append(f"Hangar {target.ref}: the astronaut who deploys it stands {plural(target.ref, 'spot')} past the arm.")
        if target.ref <= 2:
            lines.append("White cross: if nobody takes it this round, it leaves the game at the reset.")
        return (title, lines)
    if kind == T.EXPERIMENT:
        title, lines = experiment_lines(s.wheel[target.ref])
        slot = target.ref + 1  # the wheel turns with the arm: bay i faces hangar i + 1
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
    if kind in (T.ASTRO, T.RING_ASTRO, T.RETURNING):
        return _astronaut_lines(s, target.seat, target.ref, names)
    if kind == T.SEAT:
        p = s.players[target.seat]
        lines = [f"{p.score} VP: " + ", ".join(f"{LEDGER_LABELS[k].lower()} {v}" for k, v in p.ledger.items() if v)
                 if p.score or any(p.ledger.values()) else "No points yet.",
                 f"Research {p.research} this year.", f"Experiments: {len(p.experiments)}."]
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
        lines = [spec.text, "The first to do it takes the science token and 3 VP.",
                 "Doing strictly better later takes the tile and its 3 VP from the holder."]
        lines.append(f"Held by {names[holder]}." if holder is not None else "Not done yet: the science token is still on it.")
        return (mission_title(spec), lines)
    if kind == T.SCORE_TRACK:
        return ("Score track", [", ".join(f"{names[i]} {v}" for i, v in enumerate(s.scores)),
                                "The most VP at the end of year 3 wins; ties go to electricity, then advanced, then basic resources left."])
    if kind == T.RESEARCH_TRACK:
        return ("Research track", [", ".join(f"{names[i]} {p.research}" for i, p in enumerate(s.players)),
                                   ("At each year's end: the tokens printed at the highest mark reached, plus 1 per player behind"
                                   " (with 2 players, the leader gets 2 more). Then every marker goes back to the start.")])
    if kind == T.ARM:
        return ("Articulated arm", ["The 7 hangars are the 7 spaces after the arm.",
                                    "At the reset it turns clockwise onto the last empty hangar; astronauts it overtakes go home."])
    if kind == T.HUB:
        return (f"Year {s.year}, round {s.round}",
                [f"{plural(len(s.decks[s.year - 1]), 'module')} left in this year's deck.",
                 "When the deck cannot fill the hangars, the year ends and the experiments change."])
    return None

