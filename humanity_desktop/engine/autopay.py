"""Auto-pay: finish the pending payment with the spends that keep the most valuable stock."""
from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .catalogue import ADVANCED, ELECTRICITY
from .rules import SPECS, Kind, apply_action
from .state import PAY, State

# What a stored unit is worth keeping: advanced units stand for three basics, electricity can
# become any basic, and a variable unit keeps its choice open.
UNIT_WORTH = {"basic": 1.0, "electricity": 1.5, "advanced": 3.0}
VARIABLE_BONUS = 0.2


def unit_worth(produces: tuple[int, ...]) -> float:
    first = produces[0]
    if first == ELECTRICITY:
        base = UNIT_WORTH["electricity"]
    elif first in ADVANCED:
        base = UNIT_WORTH["advanced"]
    else:
        base = UNIT_WORTH["basic"]
    return base + (VARIABLE_BONUS if len(produces) > 1 else 0.0)


def _spend_cost(s: State) -> Callable[[tuple[int, Action]], tuple]:
    """The order auto-pay prefers spends in: (index, spend) -> what giving it up costs, a
    direct payment before a conversion, then the listed order."""
    tiles = s.catalogue.tiles
    base = s.players[s.current].base

    def cost(i_action: tuple[int, Action]) -> tuple:
        i, (_, cell, unit, toward) = i_action
        return (unit_worth(tiles[base[cell][0]].produces), unit != toward, i)

    return cost


def cheapest_spend(s: State, legal: list[Action]) -> Action:
    """Among legal spends, the one giving up the least; a direct payment before a conversion."""
    return min(enumerate(legal), key=_spend_cost(s))[1]


def cheapest_legal_spend(s: State) -> Action:
    """cheapest_spend(s, legal_actions(s)), checking the spends in order of cost only until
    one is legal: the payment's candidates are many and a check is dear."""
    spend = SPECS[Kind.SPEND]
    player = s.players[s.current]
    ctx: dict = {}
    ordered = sorted(enumerate(spend.candidates(s, player, s.catalogue)), key=_spend_cost(s))
    return next(a for _, a in ordered if spend.check(s, a, s.catalogue, ctx) is None)


def auto_pay(s: State) -> list[Action]:
    """The spends that complete the current payment, in order (empty when nothing is owed).

    Works on a copy; every spend is legal when it is made, so the list replays as it is.
    """
    if s.phase != PAY:
        return []
    trial = s.copy()
    plan = []
    while trial.phase == PAY and trial.current == s.current:
        action = cheapest_legal_spend(trial)
        apply_action(trial, action)
        plan.append(action)
    return plan
