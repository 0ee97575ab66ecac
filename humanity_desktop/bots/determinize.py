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
    return Sampler(view).draw(rng)


class Sampler:
    """Full states for one view, drawn one after another (`draw`): what every sample shares,
    the view's public part and the cards still unseen, is worked out once."""

    def __init__(self, view: dict) -> None:
        data = dict(view)
        data["seed"] = 0
        data["decks"] = [[] for _ in YEARS]
        data["experiment_decks"] = [[] for _ in YEARS]
        data["seats"] = [
            dict(seat, science=estimated_science(view, i) if seat["science"] is None else seat["science"])
            for i, seat in enumerate(view["seats"])
        ]
        self._public = State.from_json(data)
        seen_m = _seen_modules(view)
        seen_e = _seen_experiments(view)
        # Per year: its unseen modules and experiments, in a fixed order, and how many of
        # each its face-down decks hold.
        self._unseen = [
            (sorted(m for m in CAT.modules_by_year[year] if m not in seen_m), view["decks"][year - 1],
             sorted(e for e in CAT.experiments_by_year[year] if e not in seen_e),
             view["experiment_decks"][year - 1])
            for year in YEARS
        ]

    def draw(self, rng: random.Random) -> State:
        """A new sample: the face-down decks dealt at random from the unseen cards."""
        s = self._public.copy()
        s.decks = []
        s.exp_decks = []
        for modules, dealt, experiments, dealt_e in self._unseen:
            modules = modules.copy()
            rng.shuffle(modules)
            s.decks.append(modules[:dealt])
            experiments = experiments.copy()
            rng.shuffle(experiments)
            s.exp_decks.append(experiments[:dealt_e])
        return s
