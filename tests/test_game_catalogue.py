"""A game carries its own catalogue: the rules read the one it was dealt with, its copies
share it, and one read back from JSON takes the catalogue it is given, so two games with
different catalogues play side by side in one process."""
from __future__ import annotations

import dataclasses
import random

from humanity_desktop.engine import apply_action, legal_actions, load_catalogue, new_game
from humanity_desktop.engine.state import State

CAP = 6  # a research track far shorter than the published one


def highest_research(s: State, seed: int) -> int:
    rng, top = random.Random(seed), 0
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
        top = max([top] + [p.research for p in s.players])
    return top


def test_the_rules_read_the_catalogue_the_game_was_dealt_with():
    short = dataclasses.replace(load_catalogue(), research_cap=CAP)
    ours, published = new_game(2, 9, short), new_game(2, 9)
    assert ours.catalogue is short and published.catalogue is load_catalogue()
    assert highest_research(ours, 9) == CAP < highest_research(published, 9)


def test_copies_share_the_catalogue_and_json_leaves_it_out():
    short = dataclasses.replace(load_catalogue(), research_cap=CAP)
    s = new_game(3, 4, short)
    assert s.copy().catalogue is short
    assert "catalogue" not in s.to_json()
    assert State.from_json(s.to_json(), short).catalogue is short
    assert State.from_json(s.to_json()).catalogue is load_catalogue()
