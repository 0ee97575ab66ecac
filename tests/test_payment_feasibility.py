"""Whether a need can still be paid (payment.feasible) agrees with paying it spend by spend.

The answer is worked out in closed form; the reference here tries every order of single
spends, each booked by the rules' own apply_unit, over any supply the catalogue's tiles can
make: one resource a tile, or a choice of two basics or of two advanced."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from hypothesis import given, settings, strategies as st

from builders import CAT
from humanity_desktop.engine.catalogue import ADVANCED, ADVANCED_OF, BASIC, ELECTRICITY, RESOURCES
from humanity_desktop.engine.payment import apply_unit, can_pay, feasible, split_need

# What a unit may be spent as, for every kind of tile that stores: the catalogue's own kinds.
KINDS = sorted({spec.produces for spec in CAT.tiles.values() if spec.stores and spec.produces})


@lru_cache(maxsize=None)
def paid_spend_by_spend(need: tuple, progress: tuple, supply: tuple) -> bool:
    """Whether some order of single spends, each one the rules accept, pays the need in full."""
    if not any(need):
        return True
    for i, (opts, n) in enumerate(supply):
        rest = supply[:i] + (((opts, n - 1),) if n > 1 else ()) + supply[i + 1:]
        for unit in opts:
            for toward in range(len(RESOURCES)):
                after, owed = list(need), list(progress)
                if apply_unit(after, owed, unit, toward) is None and paid_spend_by_spend(tuple(after), tuple(owed), rest):
                    return True
    return False


@st.composite
def payments(draw):
    """A need in the state's form (totals, and basics given so far toward a three-for-one)
    and a supply in the solver's form."""
    need = [draw(st.integers(0, 2)) for _ in RESOURCES]
    progress = [draw(st.integers(0, 2)) if need[ADVANCED_OF[b]] else 0 for b in BASIC]
    kinds = draw(st.lists(st.sampled_from(KINDS), max_size=5, unique=True))
    supply = tuple(sorted((kind, draw(st.integers(1, 3))) for kind in kinds))
    return tuple(need), tuple(progress), supply


def test_the_catalogue_has_every_kind_of_unit_the_solver_counts() -> None:
    singles = {(r,) for r in range(len(RESOURCES))}
    pairs = {kind for kind in KINDS if len(kind) == 2}
    assert singles <= set(KINDS)
    assert pairs and all(set(kind) <= set(BASIC) or set(kind) <= set(ADVANCED) for kind in pairs)


@settings(max_examples=500, deadline=None)
@given(payments())
def test_a_need_is_feasible_exactly_when_some_order_of_spends_pays_it(payment) -> None:
    need, progress, supply = payment
    assert feasible(*split_need(need, progress), supply) == paid_spend_by_spend(need, progress, supply)


@settings(max_examples=500, deadline=None)
@given(payments())
def test_a_fresh_cost_can_be_paid_exactly_when_some_order_of_spends_pays_it(payment) -> None:
    cost, _, supply = payment
    assert can_pay(cost, supply) == paid_spend_by_spend(cost, (0, 0, 0), supply)


def _every_payment(types: tuple, most: int, units_most: int):
    """Every need of up to `most` of each of `types`, with every supply of up to `units_most`
    units of each kind of tile that makes only those types (electricity counts with the basics)."""
    kinds = [kind for kind in KINDS if set(kind) <= set(types) | {ELECTRICITY}]
    for counts in product(range(most + 1), repeat=len(types)):
        need = tuple(counts[types.index(r)] if r in types else 0 for r in range(len(RESOURCES)))
        for units in product(range(units_most + 1), repeat=len(kinds)):
            yield need, tuple(sorted((kind, n) for kind, n in zip(kinds, units) if n))


def test_every_small_advanced_need_from_advanced_units_alone() -> None:
    """Advanced units only: no three-for-one is possible, so this is the matching of
    variable units to advanced needs alone, tried whole."""
    for need, supply in _every_payment(ADVANCED, 2, 2):
        assert can_pay(need, supply) == paid_spend_by_spend(need, (0, 0, 0), supply), (need, supply)


def test_every_small_basic_need_from_basics_and_electricity() -> None:
    for need, supply in _every_payment(BASIC, 2, 1):
        assert can_pay(need, supply) == paid_spend_by_spend(need, (0, 0, 0), supply), (need, supply)


def test_three_electricity_pay_an_advanced_but_no_basic_pays_electricity() -> None:
    oxygen = tuple(1 if r == ADVANCED[0] else 0 for r in range(len(RESOURCES)))
    electricity = tuple(1 if r == ELECTRICITY else 0 for r in range(len(RESOURCES)))
    assert can_pay(oxygen, (((ELECTRICITY,), 3),))
    assert not can_pay(oxygen, (((ELECTRICITY,), 2),))
    assert not can_pay(electricity, (((BASIC[0],), 5), ((BASIC[1], BASIC[2]), 5)))
