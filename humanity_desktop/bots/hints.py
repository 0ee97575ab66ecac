"""Hints: the best few plans for a seat's view, with the search's value and a plain description."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import load_catalogue
from .base import Budget
from .planner import PlanBot
from .plans import Plan

CAT = load_catalogue()


@dataclass(frozen=True)
class Hint:
    plan: Plan
    value: float  # the bot's estimate for this seat, in victory points relative to the best rival
    visits: int  # search visits (0 for a bot that does not search)
    text: str


def describe(plan: Plan, view: dict) -> str:
    """A plan in the words a player uses: what the astronaut does, and with what."""
    seat = view["seats"][view["current_player"]]
    cells = {tuple(e["cell"]): e["tile"] for e in seat["base"]}
    parts: list[str] = []
    worked: list[str] = []  # the tiles activated, named together after "works on the base:"
    spends = 0
    for a in plan:
        if a.kind == "select_astronaut":
            parts.append(f"astronaut {a.a + 1} (work {seat['astronauts'][a.a]['work']})")
        elif a.kind == "work":
            parts.append("works on the base")
        elif a.kind == "activate":
            worked.append(_tile_name(cells.get(a.a)))
        elif a.kind == "choose_module":
            parts.append(f"deploys {_tile_name(view['hangars'][a.a - 1])} from hangar {a.a}")
        elif a.kind == "choose_experiment":
            parts.append(f"carries out experiment {view['experiments'][a.a]}")
        elif a.kind == "spend":
            spends += 1
        elif a.kind == "choose_colour":
            parts.append(f"as {a.a}")
        elif a.kind == "choose_shape":
            parts.append(f"shaped {a.a}")
        elif a.kind == "upgrade":
            parts.append(f"upgrades astronaut {a.a + 1}")
        elif a.kind == "place_astronaut":
            parts.append(f"astronaut {a.a + 1} to cell {list(a.b)}")
    if worked:
        parts.append("(" + ", ".join(worked) + ")")
    if spends:
        parts.append(f"paying {spends} unit{'s' if spends > 1 else ''}")
    return " ".join(parts)


def _tile_name(tile_id: str | None) -> str:
    return CAT.tiles[tile_id].name if tile_id in CAT.tiles else "a tile"


def hints(bot: PlanBot, view: dict, budget: Budget, count: int = 3) -> list[Hint]:
    """The `count` best plans for the seat to move, as judged by `bot` within `budget`."""
    ranked = bot.search(view, budget)
    return [Hint(plan, round(value, 2), visits, describe(plan, view)) for value, plan, visits in ranked[:count]]

