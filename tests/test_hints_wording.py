"""Every kind of action is worded in a plan's description, or deliberately left unsaid."""
from __future__ import annotations

import random

from humanity_desktop.bots.hints import UNSAID_KINDS, describe_plan
from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
from humanity_desktop.engine.actions import SPECS
from humanity_desktop.engine.segment import Segment

GAMES = 20  # seeded random games, far more than it takes for every kind to be offered


def test_every_kind_of_action_is_worded_or_listed_as_unsaid():
    """Each legal action, added to the plan played so far in its segment (the span a hint's plan
    covers), changes the plan's description, unless its kind is one describe_plan leaves unsaid
    (and then it never does)."""
    worded, unsaid = set(), set()
    for seed in range(GAMES):
        if worded | (unsaid & set(UNSAID_KINDS)) == set(SPECS):
            break
        s, rng = new_game(2 + seed % 3, seed), random.Random(seed)
        plan, view = [], observe(s, s.current)
        while not s.game_over:
            before = describe_plan(plan, view)
            for action in legal_actions(s):
                changed = describe_plan(plan + [action], view) != before
                assert not (changed and action.kind in UNSAID_KINDS), f"{action} is worded but listed as unsaid"
                (worded if changed else unsaid).add(action.kind)
            segment = Segment.of(s)
            action = rng.choice(legal_actions(s))
            apply_action(s, action)
            plan.append(action)
            if Segment.of(s) != segment:  # a new segment's plan is described from where it starts
                plan, view = [], observe(s, s.current)
    assert worded | unsaid == set(SPECS), f"never offered: {set(SPECS) - worded - unsaid}"
    assert set(SPECS) - worded == set(UNSAID_KINDS), f"never worded: {set(SPECS) - worded}"
