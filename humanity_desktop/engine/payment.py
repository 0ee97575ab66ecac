"""Can a cost still be paid from a base's stock? The substitution rules, as a search.

A cost is paid unit by unit. A unit of stock may go:
- to a requirement of its own type;
- (a basic unit) towards an advanced requirement of the matching type, three for one;
- (electricity) to any basic requirement, including a basic inside a three-for-one (see
  docs/rules-interpretation.md).
Variable tiles choose their type per unit.

The question is asked for every candidate spend, so answers are memoised on
(remaining need, stock by kind); the answer is a pure function of the key.
"""
from __future__ import annotations

import threading

from .catalogue import ADVANCED, ADVANCED_OF, BASIC, BASIC_OF, BASICS_PER_ADVANCED, ELECTRICITY

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


def _take(supply: tuple, i: int) -> tuple:
    opts, n = supply[i]
    if n == 1:
        return supply[:i] + supply[i + 1:]
    return supply[:i] + ((opts, n - 1),) + supply[i + 1:]


def _add(counts: tuple, i: int, n: int) -> tuple:
    return counts[:i] + (counts[i] + n,) + counts[i + 1:]


def _any_unit(fits, direct: tuple, owed: tuple, supply: tuple) -> bool:
    """Whether some unit whose options `fits` accepts can go, leaving (direct, owed) payable."""
    return any(fits(opts) and feasible(direct, owed, _take(supply, i)) for i, (opts, _) in enumerate(supply))


def _solve(direct: tuple, owed: tuple, supply: tuple) -> bool:
    total_units = sum(n for _, n in supply)
    if total_units < sum(direct) + sum(owed):
        return False
    if direct[ELECTRICITY]:
        return _any_unit(lambda opts: opts == (ELECTRICITY,), _add(direct, ELECTRICITY, -1), owed, supply)
    for a in ADVANCED:
        if direct[a]:
            d = _add(direct, a, -1)
            if _any_unit(lambda opts: a in opts, d, owed, supply):
                return True
            # Or start paying it three basics for one.
            return feasible(d, _add(owed, BASIC_OF[a], BASICS_PER_ADVANCED), supply)
    for b in BASIC:
        if owed[b]:
            return _any_unit(_pays_basic(b), direct, _add(owed, b, -1), supply)
    for b in BASIC:
        if direct[b]:
            return _any_unit(_pays_basic(b), _add(direct, b, -1), owed, supply)
    return True


def _pays_basic(b: int):
    """A basic, owed inside a three-for-one or asked directly, takes its own type or electricity."""
    return lambda opts: b in opts or opts == (ELECTRICITY,)


def can_pay(cost: tuple, supply: tuple) -> bool:
    """Whether a fresh cost (7 counts) can be paid in full from the supply."""
    fixed = dict(supply)
    if all(fixed.get((r,), 0) >= n for r, n in enumerate(cost) if n):
        return True  # the common case: each part paid in kind, no substitution to weigh
    return feasible(cost, (0, 0, 0), supply)


def apply_unit(need: list, progress: list, unit: int, toward: int) -> str | None:
    """Book one spent unit against the need, in place. Returns why it cannot go there, or None."""
    if unit == toward:
        direct_left = need[unit] - (1 if unit in ADVANCED and progress[BASIC_OF[unit]] else 0)
        if direct_left <= 0:
            return "nothing of that type is still owed"
        need[unit] -= 1
        return None
    if (unit in BASIC and toward == ADVANCED_OF[unit]) or (unit == ELECTRICITY and toward in ADVANCED):
        if need[toward] <= 0:
            return "no advanced resource of that type is owed"
        b = BASIC_OF[toward]
        progress[b] += 1
        if progress[b] == BASICS_PER_ADVANCED:
            progress[b] = 0
            need[toward] -= 1
        return None
    if unit == ELECTRICITY and toward in BASIC:
        if need[toward] <= 0:
            return "no basic resource of that type is owed"
        need[toward] -= 1
        return None
    return "that substitution is not allowed (3 matching basics or electricity for an advanced, electricity for a basic)"
