"""A whole position from what one seat sees: the view (engine.observe) with its hidden parts
dealt at random.

A view shows how many modules and experiments are left in each year's deck but not which,
and hides the science tokens behind the other seats' screens. Every module and experiment
of the catalogue is in exactly one place: a deck, a hangar or the wheel, a base (a
communication module leaves for `removed` and a replacement tile takes its place), a seat's
experiments, or `removed`. So a year's unseen cards are that year's cards less those seen
anywhere, and a sample deals them into its decks in a random order.

A rival's science is a guess: one token for each mission it holds now (the first to take a
mission also takes its token), plus what the track has paid the seat itself beyond its own
missions, as if every seat had done about as well on the track. Science only turns into
points at the game's end, so the guess moves final scores and nothing else.
"""
from __future__ import annotations

import random

from humanity_desktop.engine import State
from humanity_desktop.engine.catalogue import YEARS, Catalogue, load as load_catalogue

_CATALOGUE: Catalogue | None = None


def catalogue() -> Catalogue:
    """The published edition's catalogue, read once."""
    global _CATALOGUE
    if _CATALOGUE is None:
        _CATALOGUE = load_catalogue()
    return _CATALOGUE


def seen_cards(view: dict) -> set[str]:
    """Every tile and experiment id the view shows anywhere."""
    seen: set[str] = set()
    seen.update(t for t in view["hangars"] if t is not None)
    seen.update(e for e in view["experiments"] if e is not None)
    seen.update(view["removed"])
    for seat in view["seats"]:
        seen.update(entry["tile"] for entry in seat["base"])
        seen.update(seat["experiments"])
    return seen


def unseen_by_year(view: dict, cat: Catalogue) -> tuple[list[list[str]], list[list[str]]]:
    """(modules, experiments): for each year, the ids the view does not show, sorted (so that
    a seeded shuffle of them is the same in every process)."""
    seen = seen_cards(view)
    modules = [sorted(set(cat.modules_by_year[y]) - seen) for y in YEARS]
    experiments = [sorted(set(cat.experiments_by_year[y]) - seen) for y in YEARS]
    return modules, experiments


def science_guess(view: dict) -> list[int]:
    """Each seat's science: its own exactly, the others' guessed (see the module's text)."""
    me = view["seat"]
    holders = view["holders"]
    own = view["seats"][me]["science"] or 0
    track = max(0, own - sum(1 for h in holders if h == me))
    out = []
    for i, seat in enumerate(view["seats"]):
        if i == me or seat["science"] is not None:
            out.append(int(seat["science"] if seat["science"] is not None else own))
        else:
            out.append(track + sum(1 for h in holders if h == i))
    return out


def _deal(pool: list[str], count: int, rng: random.Random) -> list[str]:
    """`count` of `pool` in a random order. Should the view show fewer unseen cards than the
    deck holds (it does not, for a view the engine made), the deck is made up from the pool
    again so that it still has its length."""
    cards = pool[:]
    rng.shuffle(cards)
    while len(cards) < count and pool:
        cards.append(rng.choice(pool))
    return cards[:count]


class Filler:
    """Samples of the whole positions a view may stand for. The view is read once; each
    sample is a copy of that reading with its decks dealt afresh."""

    def __init__(self, view: dict, cat: Catalogue | None = None) -> None:
        self.cat = cat or catalogue()
        self.seat = int(view["seat"])
        self.module_counts = [int(n) for n in view["decks"]]
        self.experiment_counts = [int(n) for n in view["experiment_decks"]]
        self.module_pools, self.experiment_pools = unseen_by_year(view, self.cat)
        whole = dict(view)
        whole["seed"] = 0  # the engine reads the seed only when it deals a new game
        whole["decks"] = [[] for _ in self.module_counts]
        whole["experiment_decks"] = [[] for _ in self.experiment_counts]
        guess = science_guess(view)
        whole["seats"] = [dict(seat, science=guess[i]) for i, seat in enumerate(view["seats"])]
        self.template = State.from_json(whole, self.cat)

    def sample(self, rng: random.Random) -> State:
        """A position of one's own, its unseen modules and experiments dealt at random."""
        s = self.template.copy()
        s.decks = [_deal(pool, n, rng) for pool, n in zip(self.module_pools, self.module_counts)]
        s.exp_decks = [_deal(pool, n, rng) for pool, n in zip(self.experiment_pools, self.experiment_counts)]
        return s

    def exact(self) -> bool:
        """Whether each deck's unseen cards are just as many as the deck holds (true of every
        view the engine makes; tests check it)."""
        return all(len(p) == n for p, n in zip(self.module_pools, self.module_counts)) and all(
            len(p) == n for p, n in zip(self.experiment_pools, self.experiment_counts))
