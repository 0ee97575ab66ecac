"""Hints and reasons: the best few plans for a seat's view, and why a bot chose its plan,
each described in players' words with its worth in points by the end of the game."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..engine import Kind, State, apply_action, load_catalogue
from ..engine.errors import RulesError
from .base import Budget
from .determinize import sample_state
from .planner import PlanBot
from .plans import Plan

CAT = load_catalogue()


@dataclass(frozen=True)
class Hint:
    plan: Plan
    value: float  # the bot's estimate for this seat, in victory points relative to the best rival
    visits: int  # search visits (0 for a bot that does not search)
    text: str
    gain: float | None  # what the plan adds to the seat's own expected final score (see gain)


# Kinds describe_plan leaves unsaid: ending work adds nothing to the tiles already named.
UNSAID_KINDS = (Kind.END_WORK,)


def describe_plan(plan: Plan, view: dict) -> str:
    """A plan in the words a player uses: which astronaut, then what it does, one clause each
    ("astronaut 1 (work 2) deploys Beacon Mast from hangar 4 as orange, upgrades astronaut 3,
    paying 3 units")."""
    seat = view["seats"][view["current_player"]]
    cells = {tuple(e["cell"]): e["tile"] for e in seat["base"]}
    subject = ""
    clauses: list[str] = []
    worked: list[str] = []  # the tiles activated, named together after "works on the base"
    spends = 0
    for a in plan:
        if a.kind == Kind.SELECT_ASTRONAUT:
            subject = f"astronaut {a.astronaut + 1} (work {seat['astronauts'][a.astronaut]['work']})"
        elif a.kind == Kind.WORK:
            clauses.append("works on the base")
        elif a.kind == Kind.ACTIVATE:
            worked.append(_tile_name(cells.get(a.cell)))
        elif a.kind == Kind.CHOOSE_MODULE:
            clauses.append(f"deploys {_tile_name(view['hangars'][a.slot - 1])} from hangar {a.slot}")
        elif a.kind == Kind.CHOOSE_EXPERIMENT:
            spec = CAT.experiments[view["experiments"][a.index]]
            side = "centre" if spec.side == "center" else spec.side
            clauses.append(f"carries out the {side} experiment of year {spec.year}")
        elif a.kind == Kind.SPEND:
            spends += 1
        elif a.kind == Kind.CHOOSE_COLOUR and clauses:  # how the module just deployed lands
            clauses[-1] += f" as {a.colour}"
        elif a.kind == Kind.CHOOSE_SHAPE and clauses:
            clauses[-1] += f" shaped {a.shape}"
        elif a.kind == Kind.UPGRADE:
            clauses.append(f"upgrades astronaut {a.astronaut + 1}")
        elif a.kind == Kind.PLACE_ASTRONAUT:
            clauses.append(f"astronaut {a.astronaut + 1} to cell {list(a.cell)}")
    if worked:  # in the middle of Work, a plan only names the tiles still to use
        tiles = ", ".join(worked)
        if clauses and clauses[0] == "works on the base":
            clauses[0] += f" ({tiles})"
        else:
            clauses.insert(0, f"uses {tiles}")
    if spends:
        clauses.append(f"paying {spends} unit{'s' if spends > 1 else ''}")
    return " ".join(filter(None, [subject, ", ".join(clauses)]))


def _tile_name(tile_id: str | None) -> str:
    return CAT.tiles[tile_id].name if tile_id in CAT.tiles else "a tile"


Worth = Callable[[State, int], float]  # a bot's judgement of a seat's own points (base.Bot.worth)


def gain(view: dict, plan: Plan, worth: Worth) -> float | None:
    """What `plan` adds to the seat's own expected final score, by `worth` (the judging
    bot's own, so a hint's figure agrees with its ranking); None when the sample of the
    hidden cards taken cannot play it (a plan past a reset)."""
    state = sample_state(view, random.Random(0))
    p = state.current
    before = worth(state, p)
    try:
        for action in plan:
            apply_action(state, action)
    except RulesError:
        return None
    return worth(state, p) - before


def in_points(points: float | None) -> str:
    """A plan's gain as a player reads it: whole points by the end of the game."""
    if points is None:
        return "its worth depends on cards still face down"
    n = round(points)
    return "less than 1 VP by the end of the game" if n == 0 else f"about {n:+d} VP by the end of the game"


def hints(bot: PlanBot, view: dict, budget: Budget, count: int = 3) -> list[Hint]:
    """The `count` best plans for the seat to move, as judged by `bot` within `budget`."""
    ranked = bot.search(view, budget)
    return [Hint(plan, round(value, 2), visits, describe_plan(plan, view), gain(view, plan, bot.worth))
            for value, plan, visits in ranked[:count]]


def explain(view: dict, ranked: list[tuple[float, Plan, int]], worth: Worth) -> str:
    """Why a bot chose the first of its `ranked` plans, from its own figures (`worth` is
    its judgement): what the plan does and is worth, how often its search tried it, and
    the runner-up it passed over."""
    value, plan, visits = ranked[0]
    text = f"Its choice: {describe_plan(plan, view) or 'nothing to do'}, {in_points(gain(view, plan, worth))}."
    tried = sum(v for _, _, v in ranked)
    if visits == tried == 1:  # a search cut short after its first walk
        text += " Its search had time to play out only this plan, once."
    elif visits:
        text += f" Its search played this plan out {visits} of {tried} times, more than any other."
    if len(ranked) > 1:
        second_value, second, _ = ranked[1]
        behind = value - second_value
        judged = "about as good" if behind < 0.05 else f"{behind:.1f} VP worse against its closest rival"
        text += f" Next best for it: {describe_plan(second, view) or 'nothing to do'}, {judged}."
    return text

