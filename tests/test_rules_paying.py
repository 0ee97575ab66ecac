"""Spending resources and substitutions (rulebook p. 9, "Spending Resources")."""
import pytest

from builders import (
    A, AIRCARBON, CAT, ELECTRICITY, ICE, INSECT, METHANE, OXYGEN, PROTEIN, bank, experiment_where,
    fresh, hand, module_where, of_type, play, put, quiet_missions, refused, solo_base, spend, store,
)
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.catalogue import RES, RESOURCES
from humanity_desktop.engine.events import ExperimentDone, ModuleDeployed
from humanity_desktop.engine.state import PAY, TURN


def variable(*names):
    """The deck module whose stored units are each spent as either of these two resources."""
    return module_where(kind="production", pred=lambda s: set(s.produces) == {RES[n] for n in names})


def position(supply=(), exp=None, module=None):
    """Seat 0 with an empty base, the given stock (list of (resource, n)), and the chosen
    experiment on wheel index 0 or module in hangar slot 3."""
    s = fresh(2)
    quiet_missions(s, ("B1", "B2", "B3"))
    solo_base(s, 0)
    cells = {}
    for res, n in supply:
        cells.setdefault(res, []).extend(bank(s, 0, res, n))
    if exp is not None:
        s.wheel[0] = exp
    if module is not None:
        s.hangars[2] = module
    return s, cells


def choose_exp(s):
    return play(s, A("select_astronaut", 0), A("choose_experiment", 0))


def test_direct_payment_one_unit_per_spend_then_the_experiment_is_done():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("methane", 1)], exp=eid)
    choose_exp(s)
    assert s.phase == PAY
    play(s, spend(c["ice"][0], ICE, ICE))
    assert s.phase == PAY and s.need[METHANE] == 1 and s.need[ICE] == 0
    ev = play(s, spend(c["methane"][0], METHANE, METHANE))
    assert of_type(ev, ExperimentDone)
    assert s.players[0].base[c["ice"][0]][1] == 0  # turned back a quarter
    assert s.players[0].base[c["methane"][0]][1] == 0


def test_rulebook_deploy_example_one_electricity_and_one_insect_from_two_modules():
    mid = module_where(cost={"insect": 1, "electricity": 1}, kind="research")
    s, c = position([("insect", 1), ("electricity", 1)], module=mid)
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    assert hand(s, 0) == {"insect": 1, "electricity": 1}
    ev = play(s, spend(c["electricity"][0], ELECTRICITY, ELECTRICITY), spend(c["insect"][0], INSECT, INSECT))
    assert of_type(ev, ModuleDeployed)
    assert hand(s, 0) == {}


@pytest.mark.parametrize("basic", [ICE, METHANE, INSECT])
def test_electricity_can_be_spent_instead_of_any_basic(basic):
    names = {ICE: "ice", METHANE: "methane", INSECT: "insect"}
    eid = experiment_where(pred=lambda e: dict(e.cost).get(basic, 0) >= 1 and all(r < 3 for r, _ in e.cost))
    cost = dict(CAT.experiments[eid].cost)
    supply = [(names[r], n) for r, n in cost.items()]
    supply = [(name, n - 1 if name == names[basic] else n) for name, n in supply]
    supply = [x for x in supply if x[1]] + [("electricity", 1)]
    s, c = position(supply, exp=eid)
    choose_exp(s)
    play(s, spend(c["electricity"][0], ELECTRICITY, basic))
    assert s.need[basic] == cost[basic] - 1
    while s.phase == PAY:
        play(s, legal_actions(s)[0])
    assert CAT.experiments[eid].id in s.players[0].experiments


def test_rulebook_experiment_example_three_insects_instead_of_one_protein():
    # "You want to carry out this Experiment ... spend 1 protein preparation. You use a Module
    # from your Base to spend 3 insects instead of 1 protein preparation."
    eid = experiment_where(cost={"protein": 1})
    s, c = position([("insect", 3)], exp=eid)
    cell = c["insect"][0]
    assert s.players[0].base[cell][1] == 3  # one module holds all three
    choose_exp(s)
    play(s, spend(cell, INSECT, PROTEIN))
    assert s.phase == PAY and s.need[PROTEIN] == 1 and s.progress[INSECT] == 1
    play(s, spend(cell, INSECT, PROTEIN))
    assert s.phase == PAY and s.progress[INSECT] == 2
    ev = play(s, spend(cell, INSECT, PROTEIN))
    assert of_type(ev, ExperimentDone)
    assert s.players[0].base[cell][1] == 0
    assert s.players[0].research == CAT.experiments[eid].research


def test_three_identical_basics_may_come_from_several_modules():
    eid = experiment_where(cost={"protein": 1})
    s, _ = position([], exp=eid)
    tid = store("insect")
    put(s, 0, (50, 0), tid, 2)
    put(s, 0, (53, 0), tid, 1)
    choose_exp(s)
    play(s, spend((50, 0), INSECT, PROTEIN), spend((53, 0), INSECT, PROTEIN))
    ev = play(s, spend((50, 0), INSECT, PROTEIN))
    assert of_type(ev, ExperimentDone)


def test_the_reverse_is_not_possible_an_advanced_unit_does_not_pay_a_basic():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("methane", 1), ("oxygen", 1)], exp=eid)
    choose_exp(s)
    refused(s, spend(c["oxygen"][0], OXYGEN, ICE), rule="Spending resources", reason="not allowed")
    assert all(a.unit != OXYGEN for a in legal_actions(s))


@pytest.mark.parametrize("unit, name", [(METHANE, "methane"), (OXYGEN, "oxygen")])
def test_an_electricity_cost_is_paid_only_with_electricity(unit, name):
    mid = module_where(cost={"methane": 1, "electricity": 1})
    s, c = position([("methane", 2), (name, 1), ("electricity", 1)], module=mid)
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    refused(s, spend(c[name][0], unit, ELECTRICITY), rule="Spending resources", reason="not allowed")
    assert all(a.toward != ELECTRICITY or a.unit == ELECTRICITY for a in legal_actions(s))


def test_three_basics_of_another_family_do_not_make_an_advanced():
    eid = experiment_where(cost={"protein": 1})
    s, c = position([("insect", 3), ("ice", 3)], exp=eid)
    choose_exp(s)
    refused(s, spend(c["ice"][0], ICE, PROTEIN), rule="Spending resources")


@pytest.mark.parametrize("order", [
    (INSECT, INSECT, ELECTRICITY),
    (ELECTRICITY, INSECT, INSECT),
    (INSECT, ELECTRICITY, INSECT),
])
def test_electricity_may_stand_in_for_a_basic_inside_a_three_for_one(order):
    # Publisher's ruling (facts sheet, section 8): electricity mixes with the basic in a 3-for-1.
    eid = experiment_where(cost={"protein": 1})
    s, c = position([("insect", 2), ("electricity", 1)], exp=eid)
    choose_exp(s)
    ev = []
    for unit in order:
        assert s.phase == PAY and s.need[PROTEIN] == 1
        ev += play(s, spend(c[RESOURCES[unit]][0], unit, PROTEIN))
    assert of_type(ev, ExperimentDone)
    assert hand(s, 0) == {}


def test_three_electricity_pay_for_one_advanced():
    eid = experiment_where(cost={"aircarbon": 1})
    s, c = position([("electricity", 3)], exp=eid)
    choose_exp(s)
    cell = c["electricity"][0]
    play(s, spend(cell, ELECTRICITY, AIRCARBON), spend(cell, ELECTRICITY, AIRCARBON))
    assert s.phase == PAY and s.need[AIRCARBON] == 1
    ev = play(s, spend(cell, ELECTRICITY, AIRCARBON))
    assert of_type(ev, ExperimentDone)


def test_electricity_joins_a_three_for_one_only_with_the_matching_basic():
    eid = experiment_where(cost={"aircarbon": 1})
    s, _ = position([("electricity", 2), ("insect", 1)], exp=eid)  # aircarbon pairs with methane
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_experiment", 0), rule="Carry out an Experiment", reason="cannot pay")


def test_electricity_owed_in_kind_is_not_spent_on_a_three_for_one():
    # El + protein, with 2 insect and 1 electricity: the only electricity must pay the El cost.
    mid = module_where(cost={"electricity": 1, "protein": 1})
    s, c = position([("insect", 2), ("electricity", 1)], module=mid)
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module", reason="cannot pay")
    s, c = position([("insect", 2), ("electricity", 2)], module=mid)
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    el = c["electricity"][0]
    play(s, spend(el, ELECTRICITY, PROTEIN), spend(c["insect"][0], INSECT, PROTEIN))
    refused(s, spend(el, ELECTRICITY, PROTEIN), rule="Spending resources", reason="unpayable")
    ev = play(s, spend(c["insect"][0], INSECT, PROTEIN), spend(el, ELECTRICITY, ELECTRICITY))
    assert of_type(ev, ModuleDeployed)


def test_variable_basic_module_chooses_the_type_of_each_unit_when_spent():
    var = variable("ice", "insect")
    eid = experiment_where(cost={"ice": 1, "insect": 1})
    s, _ = position([], exp=eid)
    put(s, 0, (50, 0), var, 2)
    choose_exp(s)
    play(s, spend((50, 0), ICE, ICE))
    ev = play(s, spend((50, 0), INSECT, INSECT))
    assert of_type(ev, ExperimentDone)


def test_variable_advanced_module_pays_either_advanced():
    var = variable("oxygen", "protein")
    eid = experiment_where(cost={"protein": 1})
    s, _ = position([], exp=eid)
    put(s, 0, (50, 0), var, 1)
    choose_exp(s)
    refused(s, spend((50, 0), OXYGEN, PROTEIN), rule="Spending resources")
    ev = play(s, spend((50, 0), PROTEIN, PROTEIN))
    assert of_type(ev, ExperimentDone)


def test_a_module_cannot_spend_a_resource_it_does_not_hold():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("methane", 1)], exp=eid)
    choose_exp(s)
    refused(s, spend(c["ice"][0], METHANE, METHANE), rule="Spending resources", reason="does not hold")


def test_a_module_with_nothing_in_stock_cannot_spend():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("methane", 1)], exp=eid)
    put(s, 0, (60, 0), CAT.tiles[s.players[0].base[c["ice"][0]][0]].id, 0)
    choose_exp(s)
    refused(s, spend((60, 0), ICE, ICE), rule="Spending resources", reason="nothing in stock")


def test_a_tile_that_stores_nothing_cannot_spend():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, _ = position([("ice", 1), ("methane", 1)], exp=eid)
    put(s, 0, (60, 0), module_where(kind="research"))
    choose_exp(s)
    refused(s, spend((60, 0), ICE, ICE), rule="Spending resources")


def test_nothing_more_than_the_cost_is_spent():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 2), ("methane", 1)], exp=eid)
    choose_exp(s)
    play(s, spend(c["ice"][0], ICE, ICE))
    refused(s, spend(c["ice"][0], ICE, ICE), rule="Spending resources", reason="owed")


def test_a_spend_that_would_leave_the_rest_unpayable_is_refused():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("electricity", 1)], exp=eid)
    choose_exp(s)
    refused(s, spend(c["electricity"][0], ELECTRICITY, ICE), rule="Spending resources", reason="unpayable")
    ev = play(s, spend(c["ice"][0], ICE, ICE), spend(c["electricity"][0], ELECTRICITY, METHANE))
    assert of_type(ev, ExperimentDone)


def test_an_unaffordable_module_cannot_be_chosen():
    mid = module_where(cost={"methane": 1, "electricity": 1})
    s, _ = position([("methane", 3)], module=mid)
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module", reason="cannot pay")
    assert A("choose_module", 3) not in legal_actions(s)


def test_an_unaffordable_experiment_cannot_be_chosen():
    eid = experiment_where(cost={"protein": 1})
    s, _ = position([("insect", 2), ("protein", 0)], exp=eid)
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_experiment", 0), rule="Carry out an Experiment", reason="cannot pay")


def test_spending_is_not_an_action_and_needs_no_work():
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, c = position([("ice", 1), ("methane", 1)], exp=eid)
    works = [a[0] for a in s.players[0].astros]
    choose_exp(s)
    play(s, spend(c["ice"][0], ICE, ICE), spend(c["methane"][0], METHANE, METHANE))
    assert [a[0] for a in s.players[0].astros] == works
    assert s.phase == TURN and s.current == 1  # one action: carrying out the experiment


def test_advanced_cost_paid_by_advanced_stock_directly():
    eid = experiment_where(cost={"aircarbon": 1})
    s, c = position([("aircarbon", 1)], exp=eid)
    choose_exp(s)
    ev = play(s, spend(c["aircarbon"][0], AIRCARBON, AIRCARBON))
    assert of_type(ev, ExperimentDone)


def test_listing_the_spends_reads_the_base_once_however_many_tiles_hold_stock(monkeypatch):
    """Each candidate spend is checked against the supply left after it, worked out from the
    base's supply read once per listing: the listing grows with the base, not with its square."""
    from humanity_desktop.engine import rules

    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s, _ = position([("ice", 40), ("methane", 40), ("electricity", 40)], exp=eid)
    choose_exp(s)
    reads = []
    real = rules.supply_of
    monkeypatch.setattr(rules, "supply_of", lambda base, cat: reads.append(1) or real(base, cat))
    listed = legal_actions(s)
    assert len(listed) > 50 and len(reads) == 1


def test_the_supply_after_a_spend_is_the_supply_of_the_base_after_it():
    import random

    from humanity_desktop.engine import rules

    rng = random.Random(4)
    stores = [tid for tid, sp in CAT.tiles.items() if sp.stores]
    for _ in range(200):
        s = fresh(2)
        base = s.players[s.current].base
        base.clear()
        for i in range(rng.randint(1, 8)):
            tid = rng.choice(stores)
            base[(i, 50)] = (tid, rng.randint(0, CAT.tiles[tid].max_stock))
        stocked = [c for c, (_, n) in base.items() if n]
        if not stocked:
            continue
        cell = rng.choice(stocked)
        tid, n = base[cell]
        after = dict(base)
        after[cell] = (tid, n - 1)
        got = rules._supply_less_one(s, CAT, {}, CAT.tiles[tid].produces)
        assert got == rules.supply_of(after, CAT)
