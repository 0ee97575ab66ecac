"""The payment the table proposes: it always pays the whole cost, each unit still owed shows
what pays it, a unit changed by the player keeps its new source while the rest is paid
around it, and turning a tile spends what the plan says without asking."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.table.payment_plan import PaymentPlan
from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.state import PAY


def payments(players: int, seeds: range):
    """Every position of random games where a cost is being paid."""
    for seed in seeds:
        s, rng = new_game(players, seed), random.Random(seed)
        while not s.game_over:
            if s.phase == PAY:
                yield s.copy()
            apply_action(s, rng.choice(legal_actions(s)))


def pays_all(s, spends) -> bool:
    t = s.copy()
    for action in spends:
        apply_action(t, action)  # RulesError if one were not legal when its turn came
    return t.phase != PAY or t.current != s.current


@pytest.mark.parametrize("players", [2, 4])
def test_the_plan_pays_the_whole_cost_and_every_unit_owed_shows_its_source(players):
    for s in payments(players, range(12)):
        plan = PaymentPlan(s)
        assert pays_all(s, plan.spends)
        assert len(plan.paid_by) == sum(s.need) and all(chip.spends for chip in plan.paid_by)
        assert sorted(a for chip in plan.paid_by for a in chip.spends) == sorted(plan.spends)


def test_a_unit_changed_keeps_its_new_source_and_the_rest_is_paid_around_it():
    changed = 0
    for s in payments(3, range(20)):
        plan = PaymentPlan(s)
        for chip in range(len(plan.chips)):
            again = plan.cycled(chip)
            if again is plan:
                continue  # only one source can pay it
            changed += 1
            before, after = plan.paid_by[chip].spends[0], again.paid_by[chip].spends[0]
            assert (after.cell, after.unit) != (before.cell, before.unit)
            assert after.toward == plan.chips[chip] and pays_all(s, again.spends)
    assert changed > 50


def test_turning_a_tile_spends_as_the_plan_says_or_the_cheapest_way():
    for s in payments(2, range(10)):
        plan = PaymentPlan(s)
        for cell in {a.cell for a in legal_actions(s)}:
            options = [a for a in legal_actions(s) if a.cell == cell]
            chosen = plan.spend_at(cell, options)
            assert chosen in options
            assert chosen in plan.spends or not any(a.cell == cell for a in plan.spends)
