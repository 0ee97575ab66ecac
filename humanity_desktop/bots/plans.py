"""Whole-turn plans: every distinct way a player can finish the decision in front of them.

Bots think in plans, not single clicks: a plan is the tuple of actions from now until the
player's part ends (their turn, or their placements after a reset). Payments follow
auto-pay instead of branching on every equivalent spend, and work activations that reach
the same position are merged, so the list stays short and every entry means something.
"""
from __future__ import annotations

from ..engine import Action, State, legal_actions
from ..engine.rules import apply_legal
from ..engine.autopay import cheapest_spend
from ..engine.state import OVER, PAY, PLACE

Plan = tuple[Action, ...]
MAX_OPENED = 2_000  # positions one search for plans opens at most, whatever the position (real play: 50 at most)


def segment_key(s: State) -> tuple:
    """What identifies the decision segment in progress: whose, which turn, placing or playing."""
    return (s.current, s.turn, s.phase == PLACE)


def _signature(s: State, p: int) -> tuple:
    """Everything a plan can change for player p: plans reaching the same signature are one."""
    pl = s.players[p]
    return (s.phase, s.current, s.work_left, tuple(sorted(pl.base.items())), tuple(pl.astros),
            pl.research, tuple(pl.ledger.values()), tuple(pl.experiments), tuple(s.holders),
            tuple(s.hangars), tuple(s.wheel))


def _choices(s: State) -> list[Action]:
    """Legal actions, less the orderings that lead to the same place: returning astronauts are
    placed in a fixed order, since any order ends with the same base."""
    actions = legal_actions(s)
    if s.phase == PLACE:
        first = min(a.astronaut for a in actions)
        actions = [a for a in actions if a.astronaut == first]
    return actions


def plans(s: State, limit: int = 4000) -> list[tuple[Plan, State]]:
    """Every distinct completion of the current segment, with the state it leads to.

    Order is deterministic. `limit` and MAX_OPENED cap the search in pathological positions;
    if they stop it before any plan ends the segment, the deepest plan begun is the answer."""
    if s.phase == OVER:
        return []
    out: list[tuple[Plan, State]] = []
    start = segment_key(s)
    me = s.current
    seen: set = set()
    stack: list[tuple[State, Plan]] = [(s, ())]
    opened = 0
    while stack and len(out) < limit and opened < MAX_OPENED:
        state, plan = stack.pop()
        opened += 1
        for action in _choices(state):
            nxt = state.copy()
            apply_legal(nxt, action)  # listed by legal_actions for this very position
            if nxt.phase == PAY:
                plan_pay = _pay(nxt)
                step = plan + (action,) + plan_pay
            else:
                step = plan + (action,)
            sig = _signature(nxt, me)
            if sig in seen:
                continue
            seen.add(sig)
            if nxt.phase == OVER or segment_key(nxt) != start:
                out.append((step, nxt))
            else:
                stack.append((nxt, step))
    if not out and stack:
        out.append(max(((plan, state) for state, plan in stack), key=lambda ps: len(ps[0])))
    out.reverse()
    return out


def _pay(s: State) -> Plan:
    """Finish a payment in place the auto-pay way; returns the spends made."""
    spends = []
    while s.phase == PAY:
        a = cheapest_spend(s, legal_actions(s))
        apply_legal(s, a)
        spends.append(a)
    return tuple(spends)
