"""From a seat's view to full states the bot can search: hidden parts filled in at random,
consistently with everything the seat has seen."""
from __future__ import annotations

import random

from ..engine import State, load_catalogue
from ..engine.catalogue import YEARS

CAT = load_catalogue()


def _seen_modules(view: dict) -> set[str]:
    seen = {t for t in view["hangars"] if t} | set(view["removed"])
    for seat in view["seats"]:
        seen.update(entry["tile"] for entry in seat["base"])
    return seen


def _seen_experiments(view: dict) -> set[str]:
    seen = {e for e in view["experiments"] if e} | set(view["removed"])
    for seat in view["seats"]:
        seen.update(seat["experiments"])
    return seen


def estimated_science(view: dict, seat_index: int) -> int:
    """A guess at a hidden science pile: what the missions it holds and the years played
    would typically have paid."""
    held = sum(1 for h in view["holders"] if h == seat_index)
    return held + 3 * (view["year"] - 1)


def sample_state(view: dict, rng: random.Random) -> State:
    """One full state the seat cannot tell apart from the real one."""
    data = dict(view)
    data["seed"] = 0
    seen_m = _seen_modules(view)
    seen_e = _seen_experiments(view)
    data["decks"] = []
    data["experiment_decks"] = []
    for year in YEARS:
        unseen = sorted(m for m in CAT.modules_by_year[year] if m not in seen_m)
        rng.shuffle(unseen)
        data["decks"].append(unseen[: view["decks"][year - 1]])
        unseen_e = sorted(e for e in CAT.experiments_by_year[year] if e not in seen_e)
        rng.shuffle(unseen_e)
        data["experiment_decks"].append(unseen_e[: view["experiment_decks"][year - 1]])
    data["seats"] = [
        dict(seat, science=estimated_science(view, i) if seat["science"] is None else seat["science"])
        for i, seat in enumerate(view["seats"])
    ]
    return State.from_json(data)
