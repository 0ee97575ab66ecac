"""Full positions made from one seat's view: the hidden cards dealt back into the decks.

A view (engine.observe) shows everything but the order and identity of the cards still in
the decks (only their counts), the experiments left in each year's box, and the other
seats' science tokens. Which cards are unseen follows from the catalogue: a year's modules
that are in no hangar, no base and not out of the game are in that year's deck; a year's
experiments that are on no wheel, done by nobody and not retired are in its pile (this
year's two boxed ones included).

- `consistent(view)`: one full position the seat cannot tell from the real one, with the
  unseen cards in a fixed order. Nothing hidden is drawn until a reset, so it serves a
  player that looks no further than the segment in front of it; `shuffle_hidden` makes
  another sample of it for a search that plays on past resets. (determinize.py deals the
  unshown cards at random straight from the view, for the searches that sample from it.)
- `ScienceWatch`: estimates of other seats' hidden science from what the seat has seen them
  earn: the first time a mission is taken (one token, in the open) and the research track
  at each year's end (anyone can count those tokens before the markers go back).
"""
from __future__ import annotations

import random

from ..engine import State
from ..engine.catalogue import YEARS, Catalogue, load
from ..engine.flow import science_tokens


def unshown(view: dict, cat: Catalogue) -> tuple[list[list[str]], list[list[str]]]:
    """(modules, experiments) per year that the view does not show anywhere, sorted."""
    seen_tiles = {t for t in view["hangars"] if t is not None} | set(view["removed"])
    seen_exps = {e for e in view["experiments"] if e is not None} | set(view["removed"])
    for seat in view["seats"]:
        seen_tiles.update(entry["tile"] for entry in seat["base"])
        seen_exps.update(seat["experiments"])
    modules = [sorted(m for m in cat.modules_by_year[y] if m not in seen_tiles) for y in YEARS]
    exps = [sorted(e for e in cat.experiments_by_year[y] if e not in seen_exps) for y in YEARS]
    return modules, exps


def unseen_cards(view: dict, cat: Catalogue) -> tuple[list[list[str]], list[list[str]]]:
    """The cards `unshown` by the view, checked to be as many as its decks and piles hold."""
    modules, exps = unshown(view, cat)
    for y, (mods, count) in enumerate(zip(modules, view["decks"]), start=1):
        if len(mods) != count:
            raise ValueError(f"the view shows {count} year-{y} modules in the deck but {len(mods)} are unseen")
    for y, (es, count) in enumerate(zip(exps, view["experiment_decks"]), start=1):
        if len(es) != count:
            raise ValueError(f"the view shows {count} year-{y} experiments in the pile but {len(es)} are unseen")
    return modules, exps


def full_state(view: dict, modules: list[list[str]], exps: list[list[str]], science: list[int] | None,
               cat: Catalogue) -> State:
    """The view with these decks and piles, and the hidden science piles set to `science`
    (each seat's entry; without it, none)."""
    d = dict(view)
    d["seed"] = 0
    d["decks"] = modules
    d["experiment_decks"] = exps
    seats = []
    for i, seat in enumerate(view["seats"]):
        if seat["science"] is None:
            seat = dict(seat)
            seat["science"] = science[i] if science else 0
        seats.append(seat)
    d["seats"] = seats
    return State.from_json(d, cat)


def consistent(view: dict, science: list[int] | None = None, cat: Catalogue | None = None) -> State:
    """A full position agreeing with the view, its unseen cards in a fixed order."""
    cat = cat or load()
    modules, exps = unseen_cards(view, cat)
    return full_state(view, modules, exps, science, cat)


def shuffle_hidden(state: State, rng: random.Random) -> None:
    """Shuffle the decks and experiment piles of a full position in place: another sample of
    the same view, made without going through JSON."""
    for deck in state.decks:
        rng.shuffle(deck)
    for pile in state.exp_decks:
        rng.shuffle(pile)


class ScienceWatch:
    """What this seat has seen the other seats earn in science, view after view."""

    # Tokens a seat is assumed to have earned in a year it was not watched through (a bot
    # made from a saved game): about what a fair player earns at the research track.
    UNWATCHED_YEAR = 4

    def __init__(self) -> None:
        self.year: int | None = None
        self.research: list[int] = []
        self.tokens: list[int] = []
        self.holders: list = []
        self.counted_years = 0

    def update(self, view: dict) -> None:
        n = view["players"]
        if self.year is None:
            self.year = view["year"]
            self.counted_years = view["year"] - 1
            self.tokens = [self.UNWATCHED_YEAR * self.counted_years] * n
            self.research = [s["research"] for s in view["seats"]]
            self.holders = list(view["holders"])
            for holder in self.holders:  # taken before we watched: whoever holds it is the best guess
                if holder is not None:
                    self.tokens[holder] += 1
            return
        if view["year"] != self.year:
            # The year ended since the last view: score the track as last seen (a little short
            # of what it reached, when others played after our last look).
            levels = self.research
            for i in range(n):
                self.tokens[i] += science_tokens(load(), n, levels[i], levels)
            self.year = view["year"]
        self.research = [s["research"] for s in view["seats"]]
        for i, (before, now) in enumerate(zip(self.holders, view["holders"])):
            if before is None and now is not None:
                self.tokens[now] += 1
        self.holders = list(view["holders"])

    def estimates(self, view: dict) -> list[int]:
        """Each seat's science: its own as shown, the others' as estimated."""
        return [s["science"] if s["science"] is not None else self.tokens[i] for i, s in enumerate(view["seats"])]
