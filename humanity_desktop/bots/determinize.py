"""From a seat's view to full states the bot can search: hidden parts filled in at random,
consistently with everything the seat has seen."""
from __future__ import annotations

import random

from ..engine import State, load_catalogue
from ..engine.catalogue import YEARS
from .hidden import full_state, unshown

CAT = load_catalogue()


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
        science = [estimated_science(view, i) for i in range(len(view["seats"]))]
        self._public = full_state(view, [[] for _ in YEARS], [[] for _ in YEARS], science, CAT)
        # Per year: its unseen modules and experiments, in a fixed order, and how many of
        # each its face-down decks hold.
        modules, experiments = unshown(view, CAT)
        self._unseen = [(modules[year - 1], view["decks"][year - 1],
                         experiments[year - 1], view["experiment_decks"][year - 1]) for year in YEARS]

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
