"""Whole-turn plans: every distinct way a player can finish the decision in front of them.

Bots think in plans, not single clicks: a plan is the tuple of actions from now until the
player's part ends (their turn, or their placements after a reset). Payments follow
auto-pay instead of branching on every equivalent spend, and work activations that reach
the same position are merged, so the list stays short and every entry means something.
"""
from __future__ import annotations

import time
from typing import Callable

from ..engine import Action, Kind, State, legal_actions
from ..engine.rules import apply_legal
from ..engine.autopay import cheapest_legal_spend
from ..engine.segment import Segment
from ..engine.state import OVER, PAY, PLACE

Plan = tuple[Action, ...]
MAX_OPENED = 2_000  # positions one search for plans opens at most, whatever the position (real play: 50 at most)


def _signature(s: State, p: int) -> tuple:
    """Everything a plan can change for player p: plans reaching the same signature are one.
    The chosen astronaut counts too: picking one or another changes nothing else until it acts;
    and so does the module or experiment paid for, still on offer while a choice it brings
    (a colour, a shape, an upgrade) is pending. A wild greenhouse's shape is left out: it
    never decides anything (docs/rules-interpretation.md).
    The base is compared in its own order: within one segment two plans that reach the same
    cells and stock also order them alike (a segment adds at most one cell, last, and an
    obstacle knocked down leaves the others' order as it was)."""
    pl = s.players[p]
    return (s.phase, s.current, s.sel, s.work_left, s.target, s.upgrades, tuple(pl.base.items()),
            tuple(pl.astros), pl.research, tuple(pl.ledger.values()), tuple(pl.experiments),
            tuple(s.holders), tuple(s.hangars), tuple(s.wheel))


def _choices(s: State, after: Action | None = None) -> list[Action]:
    """Legal actions, less the orderings that lead to the same place: returning astronauts are
    placed in a fixed order, since any order ends with the same base; and when `after` is the
    work's last activation, only cells from its own on are activated next. Any order of the
    same activations ends on the same position (each takes its own work and adds to its own
    stock, so if one order can afford them all, every order can), and the cells' order is
    one of them."""
    actions = legal_actions(s)
    if s.phase == PLACE:
        first = min(a.astronaut for a in actions)
        actions = [a for a in actions if a.astronaut == first]
    elif after is not None:
        actions = [a for a in actions if a.kind != Kind.ACTIVATE or a.cell >= after.cell]
    return actions


CHECK_EVERY = 8  # steps taken, or plans valued (planner.py), between two looks at the clock when timed
# Of a timed listing's time, the part for listing; the rest completes greedily the branches
# not listed (here and in segment_plans.py), so that a short answer still covers the segment.
LISTING_SHARE = 0.75


def plans(s: State, limit: int = 4000, deadline: float | None = None,
          value: Callable[[State], float] | None = None) -> list[tuple[Plan, State]]:
    """Every distinct completion of the current segment, with the state it leads to.

    Order is deterministic. `limit` and MAX_OPENED cap the search in pathological positions;
    if they stop it before any plan ends the segment, the deepest plan begun is the answer.

    `deadline` (a time.monotonic() time), when given, bounds the search: once LISTING_SHARE
    of the time left is spent, the plans found so far are kept and each branch still to open
    is finished greedily instead, taking at every step the choice `value` (the mover's
    evaluation; without it, the first choice) rates best, shallowest branches first (other
    astronauts and other kinds of action before other orders of the same work), for as long
    as the deadline allows one more: a short answer that still covers the turn's options.
    Without a deadline, or when the search ends in time, the answer is the whole list."""
    if s.phase == OVER:
        return []
    out: list[tuple[Plan, State]] = []
    start = Segment.of(s)
    me = s.current
    seen: set = set()
    stack: list[tuple[State, Plan]] = [(s, ())]
    opened = 0
    stopped = False
    if deadline is not None:
        now = time.monotonic()
        enumerate_until = now + LISTING_SHARE * (deadline - now)
    while stack and len(out) < limit and opened < MAX_OPENED:
        if deadline is not None and opened and time.monotonic() >= enumerate_until:
            stopped = True
            break
        state, plan = stack.pop()
        opened += 1
        for step, nxt in _steps(state, plan, in_order=True, until=None if deadline is None else enumerate_until):
            known = len(seen)
            seen.add(_signature(nxt, me))
            if len(seen) == known:
                continue  # a position another plan reaches already
            if start.over(nxt):
                out.append((step, nxt))
            else:
                stack.append((nxt, step))
    if stopped:
        for i, (state, plan) in enumerate(stack):
            if i and time.monotonic() >= deadline:
                break
            done = greedy_completion(state, plan, start, value, deadline)
            sig = _signature(done[1], me)
            if sig not in seen:
                seen.add(sig)
                out.append(done)
        stack = [] if out else stack
    if not out and stack:
        out.append(max(((plan, state) for state, plan in stack), key=lambda ps: len(ps[0])))
    out.reverse()
    return out


def _steps(state: State, plan: Plan, in_order: bool = False, until: float | None = None) -> list[tuple[Plan, State]]:
    """Each choice from `state` (payments made the auto-pay way), as the plan so far and the
    position it reaches; `in_order`: the work's activations only in the order of their cells
    (a whole enumeration reaches every position so; a greedy one, step by step, would not).
    Past `until` (a time.monotonic() time) the choices taken so far (at least one): a wide
    base has hundreds of places for one astronaut."""
    last = plan[-1] if in_order and plan and plan[-1].kind == Kind.ACTIVATE else None
    out = []
    for action in _choices(state, last):
        if out and until is not None and len(out) % CHECK_EVERY == 0 and time.monotonic() >= until:
            break
        nxt = state.fork()
        apply_legal(nxt, action)  # listed by legal_actions for this very position
        if nxt.phase == PAY:
            out.append((plan + (action,) + _pay(nxt), nxt))
        else:
            out.append((plan + (action,), nxt))
    return out


def greedy_completion(state: State, plan: Plan, start: Segment,
                      value: Callable[[State], float] | None, until: float | None = None) -> tuple[Plan, State]:
    """The segment begun by `plan` in `state` (`start`: where it began) finished by the
    choice `value` rates best at each step (without `value`, the first), among the choices
    looked at by `until` (at least one)."""
    while True:
        steps = _steps(state, plan, until=until)
        if value is None or len(steps) == 1:
            plan, state = steps[0]
        else:
            plan, state = max(steps, key=lambda ps: value(ps[1]))
        if start.over(state):
            return plan, state


def _pay(s: State) -> Plan:
    """Finish a payment in place the auto-pay way; returns the spends made."""
    spends = []
    while s.phase == PAY:
        a = cheapest_legal_spend(s)
        apply_legal(s, a)
        spends.append(a)
    return tuple(spends)
