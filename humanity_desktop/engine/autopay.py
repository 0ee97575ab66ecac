"""Auto-pay: finish the pending payment with the spends that keep the most valuable stock."""
from __future__ import annotations

from .actions import Action
from .catalogue import ADVANCED, ELECTRICITY
from .rules import apply_action, legal_actions
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


def cheapest_spend(s: State, legal: list[Action]) -> Action:
    """Among legal spends, the one giving up the least; a direct payment before a conversion."""
    tiles = s.catalogue.tiles
    base = s.players[s.current].base

    def cost(i_action: tuple[int, Action]) -> tuple:
        i, (_, cell, unit, toward) = i_action
        return (unit_worth(tiles[base[cell][0]].produces), unit != toward, i)

    return min(enumerate(legal), key=cost)[1]


def auto_pay(s: State) -> list[Action]:
    """The spends that complete the current payment, in order (empty when nothing is owed).

    Works on a copy; every spend is legal when it is made, so the list replays as it is.
    """
    if s.phase != PAY:
        return []
    trial = s.copy()
    plan = []
    while trial.phase == PAY and trial.current == s.current:
        action = cheapest_spend(trial, legal_actions(trial))
        apply_action(trial, action)
        plan.append(action)
    return plan
