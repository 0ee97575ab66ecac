"""The payment the table proposes: the cheapest sensible way to pay what is still owed, unit
by unit (auto-pay's), which the player may change one cost unit at a time before paying.

Each unit still owed is a chip of the cost. The plan says which spends pay each chip: one
unit of the same resource, a unit of electricity, or three basic units toward an advanced
one. The player may pin a chip to another source (`cycled`), and a guide its own spends
(`following`); the rest is then paid the cheapest way around the pins. A plan belongs to
one position: any move makes a new one.
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine import Action, State, apply_action, auto_pay, legal_actions
from ..engine.autopay import cheapest_spend
from ..engine.catalogue import ADVANCED, BASICS_PER_ADVANCED


class Chip(NamedTuple):
    """One unit of the cost still owed, and the spends the plan pays it with."""

    resource: int
    spends: tuple[Action, ...]  # one, or three for a three-for-one; empty: nothing can pay it


class PaymentPlan:
    def __init__(self, state: State, pins: dict[int, Action] | None = None) -> None:
        self.state = state
        self.pins = dict(pins or {})  # chip -> the spend the player chose for it
        self.chips = _owed_chips(state)
        self.spends = self._plan()
        self.paid_by = self._attribute()

    @classmethod
    def following(cls, state: State, spends: list[Action]) -> PaymentPlan:
        """The plan that pays with `spends` (a guide's), each pinned to the first chip of what
        it pays not pinned yet, and the rest the cheapest way."""
        chips, pins = _owed_chips(state), {}
        for action in spends:
            chip = next((k for k, r in enumerate(chips) if r == _pays(action) and k not in pins), None)
            if chip is not None:
                pins[chip] = action
        return cls(state, pins)

    def _plan(self) -> list[Action]:
        """The pinned spends that are still possible, in chip order, then the cheapest rest."""
        trial = self.state.copy()
        spends = []
        for chip in sorted(self.pins):
            action = self.pins[chip]
            if action in legal_actions(trial):
                apply_action(trial, action)
                spends.append(action)
            else:
                del self.pins[chip]
        return spends + auto_pay(trial)

    def _attribute(self) -> list[Chip]:
        """Each owed chip with the spends that pay it: a pinned spend pays its own chip, the
        others the first chip of their resource still unpaid."""
        pinned = {action: chip for chip, action in self.pins.items()}
        paying: list[list[Action]] = [[] for _ in self.chips]
        for action in self.spends:
            chip = pinned.get(action)
            if chip is None:
                chip = next((k for k, r in enumerate(self.chips) if r == _pays(action) and k not in self.pins
                             and not _full(paying[k], action)), None)
            if chip is not None:
                paying[chip].append(action)
        return [Chip(r, tuple(p)) for r, p in zip(self.chips, paying)]

    def cycled(self, chip: int) -> PaymentPlan:
        """The plan with `chip` paid from the next source that can pay it, the rest around it."""
        resource = self.chips[chip]
        options = [a for a in legal_actions(self.state) if _pays(a) == resource]
        sources = list(dict.fromkeys((a.cell, a.unit) for a in options))
        if len(sources) < 2:
            return self
        current = self.paid_by[chip].spends[:1]
        now = (current[0].cell, current[0].unit) if current else None
        start = sources.index(now) + 1 if now in sources else 0
        for step in range(len(sources) - 1):
            cell, unit = sources[(start + step) % len(sources)]
            action = next(a for a in options if (a.cell, a.unit) == (cell, unit))
            plan = PaymentPlan(self.state, {**self.pins, chip: action})
            if chip in plan.pins:  # still possible around the other pins
                return plan
        return self

    def spend_at(self, cell, options: list[Action]) -> Action:
        """Which of the legal spends from `cell` turning it pays: the plan's, else the cheapest."""
        return next((a for a in self.spends if a.cell == cell and a in options), None) or \
            cheapest_spend(self.state, options)

    def uses(self) -> dict:
        """Units the plan takes from each cell."""
        out: dict = {}
        for a in self.spends:
            out[a.cell] = out.get(a.cell, 0) + 1
        return out


def _owed_chips(s: State) -> list[int]:
    """The resource of each unit still owed, in resource order (an advanced unit being paid
    three-for-one counts as owed)."""
    return [r for r, n in enumerate(s.need) for _ in range(n)]


def _pays(action: Action) -> int:
    """The resource of the cost a spend goes toward: its own, or the advanced one three units make."""
    return action.toward


def _full(spends: list[Action], action: Action) -> bool:
    """Whether a chip already has all the spends it takes (three toward an advanced unit
    made three-for-one, else one)."""
    converted = action.unit != action.toward and action.toward in ADVANCED
    return len(spends) >= (BASICS_PER_ADVANCED if converted else 1)

