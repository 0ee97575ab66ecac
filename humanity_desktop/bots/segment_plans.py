"""Every way to finish the decision in front of a seat: its turn, or its placements after a reset.

A segment (engine/segment.py) is what one seat decides in a row. `plans(state)` lists each
distinct position the segment can end in, once, with one list of actions that reaches it.
Positions are compared by everything a segment can change, so activations made in another
order, or the same units spent in another order, count once.

The end position is the one the seat leaves: the turn is over (its mission check made) but
the next seat has not started and the round has not been reset, so nothing hidden is drawn.

Returning astronauts are placed in the order of their numbers (every assignment of cells to
astronauts is still reached, each once).

Three options trade completeness for speed, for players that prune what they would never play:
- `pay`: "all" tries every distinct payment; "auto" pays each cost with the engine's auto-pay
  (the spend that gives up the least valuable unit, one at a time).
- `full_work`: True lists stopping work early too; False only the work that uses the
  astronaut until nothing more can be activated (more stock, a weaker obstacle or an
  astronaut nearer home is never worse, so the shorter work is never better).
- `alike`: True counts returning astronauts of the same work value as interchangeable, so
  two of them swapping cells is one way to place them, not two.

However wide the position (a base of hundreds of tiles with three astronauts coming home has
hundreds of millions of placement sequences), the listing does a bounded amount of work:
it stops once it has reached MAX_WORK tiles' worth of positions (each position reached
counted by the size of the seat's base, which is what it costs to keep), and a position
whose listing stopped before any end still gets one, completed by the first choice at every
step. Every position of a real game lists in full: the widest recorded ones reach 3,400
positions of about 30 tiles, a fifth of the bound.

A `deadline` bounds it in time too: past LISTING_SHARE of the time left the
listing stops, and until the deadline each first choice not yet listed is completed by the
first choice at every step, so that a short answer still covers the segment's first choices.
"""
from __future__ import annotations

import time
from typing import NamedTuple

from ..engine import Action, Kind, apply_action, legal_actions, play_to_turn_end
from ..engine.autopay import cheapest_legal_spend
from ..engine.rules import play_legal_to_turn_end
from ..engine.segment import Segment
from ..engine.state import OVER, PAY, PLACE, RETURNING, WORK, State
from .plans import LISTING_SHARE


class Plan(NamedTuple):
    actions: tuple[Action, ...]
    end: State  # the position when the segment is over, before anyone else plays


def position_key(state: State, seat: int) -> tuple:
    """Everything a seat's own segment can change, as one hashable value. Other seats change
    only through missions taken from them, which the holders show."""
    p = state.players[seat]
    return (
        state.phase, state.sel, state.work_left, state.target, tuple(state.need), tuple(state.progress),
        state.upgrades, tuple(state.placing), tuple(state.hangars), tuple(state.wheel), tuple(state.holders),
        len(state.removed), state.current, state.turn,
        tuple(sorted(p.base.items())), tuple(p.astros), p.research, p.science, tuple(sorted(p.wild.items())),
        len(p.experiments), tuple(p.groups), tuple(p.ledger.values()),
    )


MAX_WORK = 500_000  # positions reached, each counted by its seat's tiles, before a listing stops


def plans(state: State, pay: str = "all", full_work: bool = True, alike: bool = False,
          most: int = MAX_WORK, deadline: float | None = None) -> list[Plan]:
    """Each distinct end of the segment that starts at `state`, with the actions reaching it,
    in a fixed order (the same state always gives the same list); past `most` tiles' worth
    of positions reached, or past most of the time to `deadline` (a time.monotonic() time),
    the ends found so far (at least one), with the first choices' completions if timed."""
    if state.phase == OVER:
        return []
    if pay not in ("all", "auto"):
        raise ValueError("pay is 'all' or 'auto'")
    seg = Segment.of(state)
    seen: set = set()
    ends: dict[tuple, Plan] = {}
    # Each position reached costs about its seat's base to keep (its key, its copy of the seat).
    per_position = len(state.players[seg.seat].base) + 1
    work = [most // per_position]  # positions still to reach
    now = time.monotonic()
    listing_until = None if deadline is None else now + LISTING_SHARE * (deadline - now)
    timed_out = False

    def choices(s: State, last_cell) -> list[Action]:
        if s.phase == PAY and pay == "auto":
            legal = [cheapest_legal_spend(s)]
        else:
            legal = legal_actions(s)
        if s.phase == WORK:
            # Activations are counted, not ordered: take them in the order of their cells.
            legal = [a for a in legal if (a.kind == Kind.ACTIVATE and (last_cell is None or a.cell >= last_cell))
                     or (a.kind == Kind.END_WORK and full_work)]
        elif s.phase == PLACE:
            # Astronauts are placed in the order of their numbers; alike ones in the order of cells.
            astros = s.players[s.current].astros
            first = next(i for i, (_, where, _) in enumerate(astros) if where == RETURNING)
            legal = [a for a in legal if a.astronaut == first]
            if alike and last_cell is not None and last_cell[0] == astros[first][0]:
                legal = [a for a in legal if a.cell >= last_cell[1]]
        return legal

    def visit(s: State, path: tuple[Action, ...], last_cell) -> None:
        nonlocal timed_out
        for a in choices(s, last_cell):
            if work[0] <= 0:
                return
            work[0] -= 1
            # The clock at every position: one costs a fork and a legal-move listing, far more.
            if listing_until is not None and time.monotonic() >= listing_until:
                work[0], timed_out = 0, True
                return
            t = s.fork()  # shares the seats the action leaves alone (their judgement too)
            play_legal_to_turn_end(t, a)  # listed for `s` itself
            step = path + (a,)
            key = position_key(t, seg.seat)
            if seg.over(t):
                if key not in ends:
                    ends[key] = Plan(step, t)
                continue
            cell = _order_cell(s, a)
            # Two different sets of activations can leave the same position (a time module
            # with nobody to move); each keeps its own place in the order of cells.
            node = (key, cell)
            if node in seen:
                continue
            seen.add(node)
            visit(t, step, cell)

    def completed(s: State, path: tuple[Action, ...]) -> Plan:
        """The segment from `s` finished by the first choice at every step, in any order of
        cells (an order kept to list each end once could leave no choice here)."""
        while not seg.over(s):
            a = choices(s, None)[0]
            s = s.fork()
            play_legal_to_turn_end(s, a)
            path += (a,)
        return Plan(path, s)

    visit(state, (), None)
    if timed_out:
        took = 0.0  # the last completion's time: the next one is begun only if it fits too
        for a in choices(state, None):
            began = time.monotonic()
            if ends and began + took >= deadline:
                break
            t = state.fork()
            play_legal_to_turn_end(t, a)
            plan = completed(t, (a,))
            ends.setdefault(position_key(plan.end, seg.seat), plan)
            took = time.monotonic() - began
    if not ends:  # stopped before any end
        ends[()] = completed(state, ())
    return list(ends.values())


def _order_cell(s: State, a: Action):
    """Where `a`, about to be played in `s`, stands in the order the listing takes choices in:
    an activation's cell, a placement's (the astronaut's work, its cell), else None."""
    if a.kind == Kind.ACTIVATE:
        return a.cell
    if a.kind == Kind.PLACE_ASTRONAUT:
        return (s.players[s.current].astros[a.astronaut][0], a.cell)
    return None


def play_plan(state: State, actions, until_turn_end: bool = False) -> None:
    """Play a plan's actions on `state` in place (RulesError if one is illegal there)."""
    for a in actions:
        (play_to_turn_end if until_turn_end else apply_action)(state, a)


def all_ends_brute_force(state: State) -> list[State]:
    """Every end of the segment by trying every legal action at every step, with no merging:
    slow, for checking `plans` on small positions."""
    seg = Segment.of(state)
    out = []

    def visit(s: State) -> None:
        for a in legal_actions(s):
            t = s.copy()
            play_to_turn_end(t, a)
            if seg.over(t):
                out.append(t)
            else:
                visit(t)

    visit(state)
    return out
