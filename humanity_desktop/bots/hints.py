"""Hints and reasons: the best few plans for a seat's view, and why a bot chose its plan,
each described in players' words with its worth in points by the end of the game."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..engine import Kind, State, apply_action, load_catalogue
from ..engine.catalogue import COLOUR_NAMES, SHAPE_NAMES, SIDE_NAMES
from ..engine.errors import RulesError
from ..language import N_, _, listed, ngettext, number
from ..language.words import WORDS, words
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


UNSAID_KINDS = tuple(kind for kind, clause in WORDS["hints"].items() if not clause)  # ending work: the tiles are named
# Translators: a plan's Work with the tiles of the base it uses.
WORKED = N_("works on the base ({tiles})")


def clause(kind: str, count: int | None = None, **values) -> str:
    """The words `kind` adds to a plan (its "hints" entry in the words), in the language in force."""
    return words("hints", kind, count).format(count=count, **values)


def describe_plan(plan: Plan, view: dict) -> str:
    """A plan in the words a player uses: which astronaut, then what it does, one clause each
    ("astronaut 1 (work 2) deploys Beacon Mast from hangar 4 as orange, upgrades astronaut 3,
    paying 3 units")."""
    seat = view["seats"][view["current_player"]]
    cells = {tuple(e["cell"]): e["tile"] for e in seat["base"]}
    subject = ""
    clauses: list[str] = []
    worked: list[str] = []  # the tiles activated, named together after "works on the base"
    works = False  # whether the plan starts Work (its clause then names the tiles)
    spends = 0
    for a in plan:
        if a.kind == Kind.SELECT_ASTRONAUT:
            subject = clause(a.kind, number=a.astronaut + 1, work=seat["astronauts"][a.astronaut]["work"])
        elif a.kind == Kind.WORK:
            works = not clauses
            clauses.append(clause(a.kind))
        elif a.kind == Kind.ACTIVATE:
            worked.append(_tile_name(cells.get(a.cell)))
        elif a.kind == Kind.CHOOSE_MODULE:
            clauses.append(clause(a.kind, tile=_tile_name(view["hangars"][a.slot - 1]), slot=a.slot))
        elif a.kind == Kind.CHOOSE_EXPERIMENT:
            spec = CAT.experiments[view["experiments"][a.index]]
            clauses.append(clause(a.kind, side=_(SIDE_NAMES[spec.side]), year=spec.year))
        elif a.kind == Kind.SPEND:
            spends += 1
        elif a.kind == Kind.CHOOSE_COLOUR and clauses:  # how the module just deployed lands
            clauses[-1] = clause(a.kind, clause=clauses[-1], colour=_(COLOUR_NAMES[a.colour]))
        elif a.kind == Kind.CHOOSE_SHAPE and clauses:
            clauses[-1] = clause(a.kind, clause=clauses[-1], shape=_(SHAPE_NAMES[a.shape]))
        elif a.kind == Kind.UPGRADE:
            clauses.append(clause(a.kind, number=a.astronaut + 1))
        elif a.kind == Kind.PLACE_ASTRONAUT:
            clauses.append(clause(a.kind, number=a.astronaut + 1, cell=list(a.cell)))
    if worked:  # in the middle of Work, a plan only names the tiles still to use
        tiles = listed(worked)
        if works:
            clauses[0] = _(WORKED).format(tiles=tiles)
        else:
            clauses.insert(0, clause(Kind.ACTIVATE, tiles=tiles))
    if spends:
        clauses.append(clause(Kind.SPEND, spends))
    return " ".join(filter(None, [subject, ", ".join(clauses)]))


def _tile_name(tile_id: str | None) -> str:
    # Translators: a tile of a plan the view cannot name.
    return CAT.tiles[tile_id].said() if tile_id in CAT.tiles else _("a tile")


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
        return _("its worth depends on cards still face down")
    n = round(points)
    if n == 0:
        return _("less than 1 VP by the end of the game")
    # Translators: {points} has its sign, as in "about +3 VP by the end of the game".
    return _("about {points} VP by the end of the game").format(points=f"{n:+d}")


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
    text = _("Its choice: {plan}, {worth}.").format(plan=_described(plan, view), worth=in_points(gain(view, plan, worth)))
    tried = sum(v for *_plan, v in ranked)
    if visits == tried == 1:  # a search cut short after its first walk
        text += " " + _("Its search had time to play out only this plan, once.")
    elif visits:
        text += " " + ngettext("Its search played this plan out {visits} of {tried} time, more than any other.",
                               "Its search played this plan out {visits} of {tried} times, more than any other.",
                               tried).format(visits=visits, tried=tried)
    if len(ranked) > 1:
        second_value, second, _visits = ranked[1]
        behind = value - second_value
        judged = _("about as good") if behind < 0.05 else \
            _("{points} VP worse against its closest rival").format(points=number(round(behind, 1)))
        text += " " + _("Next best for it: {plan}, {judged}.").format(plan=_described(second, view), judged=judged)
    return text


def _described(plan: Plan, view: dict) -> str:
    return describe_plan(plan, view) or _("nothing to do")
