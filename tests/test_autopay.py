"""Auto-pay completes a payment and gives up the least valuable stock first."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from builders import CAT, fresh
from humanity_desktop.engine import Action, apply_action, auto_pay, legal_actions
from humanity_desktop.engine.autopay import cheapest_legal_spend, cheapest_spend
from humanity_desktop.engine.catalogue import RES, RESOURCES
from humanity_desktop.engine.state import PAY

ICE, ELEC, OXYGEN = RES["ice"], RES["electricity"], RES["oxygen"]
# The starting module's cell for each resource it makes.
CELL = {RESOURCES[CAT.tiles[tid].produces[0]]: cell
        for cell, tid, _ in CAT.start_tiles if CAT.tiles[tid].kind == "production"}


def paying(need: dict[str, int], stock: dict[str, int]):
    """A 2-player game paused in a payment, with the starting modules' stock set."""
    s = fresh(2, seed=1)
    base = s.players[0].base
    for res, cell in CELL.items():
        tid, _ = base[cell]
        base[cell] = (tid, stock.get(res, 0))
    apply_action(s, Action("select_astronaut", 0))
    s.phase = PAY
    s.target = ("experiment", 0)
    s.need = [need.get(r, 0) for r in ("ice", "methane", "insect", "oxygen", "aircarbon", "protein", "electricity")]
    return s


def test_a_basic_need_is_paid_with_the_basic_before_electricity() -> None:
    s = paying({"ice": 1}, {"ice": 1, "electricity": 1})
    assert auto_pay(s) == [Action("spend", CELL["ice"], ICE, ICE)]


def test_electricity_stands_in_when_the_basic_is_missing() -> None:
    s = paying({"ice": 1}, {"electricity": 1})
    assert auto_pay(s) == [Action("spend", CELL["electricity"], ELEC, ICE)]


def test_three_basics_convert_into_an_owed_advanced() -> None:
    s = paying({"oxygen": 1}, {"ice": 3})
    plan = auto_pay(s)
    assert plan == [Action("spend", CELL["ice"], ICE, OXYGEN)] * 3


def test_electricity_completes_a_three_for_one_only_after_the_basics() -> None:
    s = paying({"oxygen": 1}, {"ice": 2, "electricity": 1})
    assert auto_pay(s) == [Action("spend", CELL["ice"], ICE, OXYGEN)] * 2 + [
        Action("spend", CELL["electricity"], ELEC, OXYGEN)]


def test_the_plan_replays_to_a_finished_payment_and_leaves_the_state_alone() -> None:
    s = paying({"ice": 1, "methane": 1}, {"ice": 2, "methane": 1, "electricity": 1})
    before = s.to_json()
    plan = auto_pay(s)
    assert s.to_json() == before
    for a in plan:
        apply_action(s, a)
    assert s.phase != PAY
    assert s.players[0].base[CELL["electricity"]][1] == 1  # the electricity was kept


def test_nothing_to_pay_gives_an_empty_plan() -> None:
    assert auto_pay(fresh(2, seed=1)) == []


# Costs the starting modules' basics and electricity could pay: each basic, an advanced
# (three basics or electricity converted) and electricity.
OWED = ("ice", "methane", "insect", "oxygen", "electricity")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(need=st.fixed_dictionaries({r: st.integers(0, 2) for r in OWED}),
       stock=st.fixed_dictionaries({r: st.integers(0, 8) for r in CELL}))
def test_the_cheapest_legal_spend_is_the_cheapest_of_every_legal_spend(need, stock) -> None:
    s = paying(need, stock)
    legal = legal_actions(s)
    assume(legal)
    assert cheapest_legal_spend(s) == cheapest_spend(s, legal)


def test_the_cheapest_legal_spend_is_the_cheapest_in_every_payment_of_random_games() -> None:
    checked = 0
    for seed in range(30):
        s = fresh(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.game_over:
            legal = legal_actions(s)
            if s.phase == PAY:
                assert cheapest_legal_spend(s) == cheapest_spend(s, legal)
                checked += 1
            apply_action(s, rng.choice(legal))
    assert checked > 100
