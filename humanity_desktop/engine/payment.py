"""Can a cost still be paid from a base's stock? The substitution rules, as a matching.

A cost is paid unit by unit. A unit of stock may go:
- to a requirement of its own type;
- (a basic unit) towards an advanced requirement of the matching type, three for one;
- (electricity) to any basic requirement, including a basic inside a three-for-one (see
  docs/rules-interpretation.md).
Variable tiles choose their type per unit.

The question is asked for every candidate spend, so answers are memoised on
(remaining need, stock by kind); the answer is a pure function of the key, worked out in
closed form (_solve).
"""
from __future__ import annotations

import threading

from ..language import N_
from .catalogue import ADVANCED, ADVANCED_OF, BASIC, BASIC_OF, BASICS_PER_ADVANCED, ELECTRICITY
from .errors import Why, because

# need: 7 direct counts by resource index (an in-progress conversion excluded);
# owed: 3 basics still owed to finish in-progress conversions (ice, methane, insect);
# supply: sorted tuple of (options, count), options a tuple of resource indices.
# Each thread keeps its own answers (the window's, a bot's search), so none clears another's.
_answers = threading.local()
# An entry takes about 300 bytes with its key's tuples, so this is 18 MB at most; a game
# between four expert bots thinking 0.3 s a move asks about 15,000 questions.
_MEMO_LIMIT = 60_000


def split_need(need: tuple, progress: tuple) -> tuple[tuple, tuple]:
    """State form (total need, conversion progress) -> solver form (direct, owed)."""
    direct = list(need)
    owed = [0, 0, 0]
    for b in BASIC:
        p = progress[b]
        if p:
            direct[ADVANCED_OF[b]] -= 1
            owed[b] = BASICS_PER_ADVANCED - p
    return tuple(direct), tuple(owed)


def feasible(direct: tuple, owed: tuple, supply: tuple) -> bool:
    key = (direct, owed, supply)
    try:
        memo = _answers.memo
    except AttributeError:
        memo = _answers.memo = {}
    hit = memo.get(key)
    if hit is None:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        hit = memo[key] = _solve(direct, owed, supply)
    return hit


def _solve(direct: tuple, owed: tuple, supply: tuple) -> bool:
    """Whether some way of spending the supply meets the need.

    Fix how many of each advanced need are paid three basics for one. The other advanced
    needs then take advanced units only; the basic needs, the basics owed and those
    conversions take basic units and electricity; electricity needs take electricity only.
    Each of those is a matching of units to needs, possible exactly when every set of needs
    has as many units that may go to one of them (Hall's condition). With three types a
    side, the sets are the three types alone, the three pairs and all three; a variable
    unit may go to either of its two types. Only the conversion counts are searched: a cost
    asks at most a handful of advanced units."""
    c = [0] * len(_SLOTS)
    for opts, n in supply:
        c[_SLOTS[opts]] += n
    spare = c[0] - direct[ELECTRICITY]  # electricity left over for the basics
    if spare < 0:
        return False
    # Units by what they may be spent as: one type (0-2), or the pair without type i (3 + i).
    b0, b1, b2, bx0, bx1, bx2 = c[1:7]
    a0, a1, a2, ax0, ax1, ax2 = c[7:13]
    ice, methane, insect = (direct[b] + owed[b] for b in BASIC)
    oxygen, aircarbon, protein = (direct[a] for a in ADVANCED)
    a_all = a0 + a1 + a2 + ax0 + ax1 + ax2
    b_all = spare + b0 + b1 + b2 + bx0 + bx1 + bx2
    # The fewest conversions the advanced units leave no choice about, up to all of them.
    for x0 in range(max(0, oxygen - (a0 + ax1 + ax2)), oxygen + 1):
        n0 = oxygen - x0
        d0 = ice + BASICS_PER_ADVANCED * x0
        if d0 > spare + b0 + bx1 + bx2:
            break  # more conversions only ask more basics
        for x1 in range(max(0, aircarbon - (a1 + ax0 + ax2)), aircarbon + 1):
            n1 = aircarbon - x1
            d1 = methane + BASICS_PER_ADVANCED * x1
            if d1 > spare + b1 + bx0 + bx2 or d0 + d1 > b_all - b2:
                break
            if n0 + n1 > a_all - a2:
                continue
            for x2 in range(max(0, protein - (a2 + ax0 + ax1)), protein + 1):
                n2 = protein - x2
                d2 = insect + BASICS_PER_ADVANCED * x2
                if (d2 > spare + b2 + bx0 + bx1 or d0 + d2 > b_all - b1 or d1 + d2 > b_all - b0
                        or d0 + d1 + d2 > b_all):
                    break
                if n0 + n2 <= a_all - a1 and n1 + n2 <= a_all - a0 and n0 + n1 + n2 <= a_all:
                    return True
    return False


def _slots() -> dict:
    """Where _solve counts a unit, by what it may be spent as (a tile's `produces`, in either
    order): electricity; each basic; each pair of basics, by the basic it leaves out; then
    the same for the advanced."""
    slots = {(ELECTRICITY,): 0}
    for first, types in ((1, BASIC), (7, ADVANCED)):
        for i, r in enumerate(types):
            slots[(r,)] = first + i
            pair = tuple(t for t in types if t != r)
            slots[pair] = slots[pair[::-1]] = first + 3 + i
    return slots


_SLOTS = _slots()


def can_pay(cost: tuple, supply: tuple) -> bool:
    """Whether a fresh cost (7 counts) can be paid in full from the supply."""
    return feasible(cost, (0, 0, 0), supply)


def apply_unit(need: list, progress: list, unit: int, toward: int) -> Why | None:
    """Book one spent unit against the need, in place. Returns why it cannot go there, or None."""
    if unit == toward:
        direct_left = need[unit] - (1 if unit in ADVANCED and progress[BASIC_OF[unit]] else 0)
        if direct_left <= 0:
            return because(N_("nothing of that type is still owed"))
        need[unit] -= 1
        return None
    if (unit in BASIC and toward == ADVANCED_OF[unit]) or (unit == ELECTRICITY and toward in ADVANCED):
        if need[toward] <= 0:
            return because(N_("no advanced resource of that type is owed"))
        b = BASIC_OF[toward]
        progress[b] += 1
        if progress[b] == BASICS_PER_ADVANCED:
            progress[b] = 0
            need[toward] -= 1
        return None
    if unit == ELECTRICITY and toward in BASIC:
        if need[toward] <= 0:
            return because(N_("no basic resource of that type is owed"))
        need[toward] -= 1
        return None
    return because(N_("that substitution is not allowed ({rate} matching basics or electricity for an advanced, "
                      "electricity for a basic)"), rate=BASICS_PER_ADVANCED)
