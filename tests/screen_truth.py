"""The screen as data, checked: every text a frame draws against the size, the room and the
overlap rules, and every fact it states against the engine's own state.

What the game claims is worked out here from the engine and the seats alone (which seat sits
at the screen, whose turn it is, what a turn adds to the ledger), never from the screen's
code, so a screen that says something untrue cannot agree with its own check.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from humanity_desktop.engine import State
from humanity_desktop.engine.catalogue import RESOURCES, load
from humanity_desktop.engine.state import BOARD
from humanity_desktop.language import _
from humanity_desktop.ui.drawn import FACTS, HIDDEN, DrawnText, ScreenRecord, screen_record
from humanity_desktop.ui.surface_cache import SURFACES

SMALLEST_PX = 11  # at a text size of 100%; it grows with the text size, never shrinks under it
TOUCH = 1  # pixels two texts' boxes may share at an edge (their line boxes meet, not their ink)


def smallest_px(text_size: float) -> int:
    """The smallest font size a text may have at `text_size` (the option times the display scale)."""
    return int(SMALLEST_PX * max(1.0, text_size))


def draw_frame(app, size: tuple[int, int]) -> ScreenRecord:
    """The whole stack drawn once at `size` on a recording screen, every picture drawn anew."""
    if app.size != size:
        app._resized(size)  # as the window manager's resize: the scenes lay out for the window's size
    SURFACES.clear()
    with screen_record(size) as record:
        for scene in app.stack._scenes:
            for layer in getattr(scene, "layers", {}).values():
                layer.invalidate()
        app.stack.resize(size)  # the static parts of a screen are painted on resize: recorded too
        app.stack.update(0.0)  # as the loop does before each frame: what the screen shows follows the match
        app.stack.draw(record.surface)
    return record


# ---------------------------------------------------------------- the rules for the look

def look_problems(record: ScreenRecord, text_size: float) -> list[str]:
    """Texts too small, out of their box, over each other, or drawn where the record cannot follow."""
    found: dict[str, None] = {}
    least = smallest_px(text_size)
    shown = [t for t in record.shown if t.text.strip()]
    for t in shown:
        if t.px < least:
            found[f"{t.text!r} ({t.by}) is {t.px} px, under {least}"] = None
        if t.cut:
            found[f"{t.text!r} ({t.by}) is cut short"] = None
        if t.box is not None and not t.box.contains(t.rect):
            found[f"{t.text!r} ({t.by}) at {tuple(t.rect)} leaves its box {tuple(t.box)}"] = None
    for i, a in enumerate(shown):
        inner = a.rect.inflate(-2 * TOUCH, -2 * TOUCH)
        for b in shown[i + 1:]:
            if inner.colliderect(b.rect.inflate(-2 * TOUCH, -2 * TOUCH)):
                found[f"{a.text!r} ({a.by}) at {tuple(a.rect)} overlaps {b.text!r} ({b.by}) at {tuple(b.rect)}"] = None
    for t in record.lost:
        found[f"{t.text!r} ({t.by}) was drawn into a picture the record lost"] = None
    return list(found)


# ---------------------------------------------------------------- the facts

@dataclass(frozen=True)
class Truth:
    """What is so at the moment a frame is drawn, from the engine and the seats."""

    state: State  # the position the table stands for: the turn waiting for Confirm played out
    names: tuple[str, ...]
    turn: int | None  # whose turn it is (None: the game is over)
    may_see: frozenset[int]  # the seats whose hidden values the eyes on the screen may see
    turn_start: State | None = None  # the position the waiting turn started from, if one waits for Confirm


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"[-+]?\d+", text)]


def stated(record: ScreenRecord) -> list[DrawnText]:
    """The texts that state a fact, the lines of one wrapped text joined into one."""
    out: list[DrawnText] = []
    for t in record.shown:
        if t.fact is None:
            continue
        if out and out[-1].fact == t.fact and out[-1].by == t.by and t.rect.top >= out[-1].rect.bottom - 2:
            out[-1] = DrawnText(f"{out[-1].text} {t.text}", t.px, out[-1].rect.union(t.rect), None, t.by, t.fact)
        else:
            out.append(t)
    return out


def fact_problems(record: ScreenRecord, truth: Truth) -> list[str]:
    found: dict[str, None] = {}
    for t in stated(record):
        assert t.fact.kind in FACTS, t.fact
        wrong = _check(t, truth)
        if wrong:
            found[f"{t.text!r} ({t.by}) says {t.fact}: {wrong}"] = None
        if t.fact.kind in HIDDEN and numbers(t.text) and t.fact.seat not in truth.may_see:
            who = ", ".join(map(str, sorted(truth.may_see))) or "nobody"
            found[f"{t.text!r} ({t.by}) shows seat {t.fact.seat}'s hidden {t.fact.kind}; the screen may show: {who}"] = None
    return list(found)


def _expect(kind: str, seat, index, truth: Truth):
    """The number the engine gives for the fact; None where the fact has no number now."""
    s = truth.state
    p = s.players[seat] if seat is not None else None
    cat = load()
    match kind:
        case "work_left":
            return s.work_left
        case "upgrades":
            return s.upgrades
        case "stock":  # the units on the base's modules that may be spent as these resources
            return sum(stock for tid, stock in p.base.values()
                       if stock and frozenset(RESOURCES[r] for r in cat.tiles[tid].produces) == frozenset(index.split("/")))
        case "year":
            return s.year
        case "round":
            return s.round
        case "score":
            return p.score
        case "research":
            return p.research
        case "science":
            return p.science
        case "experiments":
            return sum(1 for e in p.experiments if cat.experiments[e].side == index)
        case "astronaut_work":
            return p.astros[index][0]
        case "distance":
            work, where, pos = p.astros[index]
            return s.distance(pos) if where == BOARD else None
    return None


def _check(t: DrawnText, truth: Truth) -> str | None:
    kind, seat, index = t.fact.kind, t.fact.seat, t.fact.index
    s = truth.state
    if kind == "whose_turn":
        if truth.turn != seat:
            return f"the turn is seat {truth.turn}'s"
        if truth.names[seat] not in t.text:
            return f"the seat is {truth.names[seat]!r}"
        return None
    if kind == "date":
        return None if numbers(t.text)[:2] == [s.year, s.round] else f"it is year {s.year}, round {s.round}"
    if kind == "turn_points":
        return _turn_points(t.text, seat, truth)
    if kind == "calendar":  # rounds numbered from the deal's 1: the game's last round is its count
        found = re.search(pattern(_("{rounds} over {years}"), rounds=r".*?", years=r".*"), t.text)
        said = [numbers(found["rounds"])[-1:], numbers(found["years"])[:1]] if found else None  # "2 players · 18 rounds"
        return None if said == [[s.round], [s.year]] else f"the game lasted {s.round} rounds over {s.year} years"
    said = numbers(t.text)
    if kind in HIDDEN and not said:
        return None  # hidden: no number is drawn
    expected = _expect(kind, seat, index, truth)
    if expected is None and kind not in ("distance",):
        return f"the check knows no number for {kind}"
    if expected is None:
        return None
    if not said or abs(said[0]) != abs(expected):
        return f"the engine says {expected}"
    return None


def pattern(message: str, **fields: str) -> str:
    """A regular expression for `message` (in the language in force) with each placeholder
    matching its field's expression, caught as a group of its name."""
    parts = re.split(r"\{(\w+)\}", message)
    return "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>{fields[part]})" for i, part in enumerate(parts))


def said_as(message: str, text: str, points: str, **fields: str) -> list[str]:
    """The `points` of every place `text` says `message` (its words are the language's)."""
    return [found["points"] for found in re.finditer(pattern(message, points=points, **fields), text)]


def _turn_points(text: str, seat: int, truth: Truth) -> str | None:
    """The waiting turn's line against what confirming adds to the seat's ledger, source by
    source, and to its research, from the turn's start."""
    if truth.turn_start is None:
        return "no turn waits for Confirm"
    before, after = truth.turn_start.players[seat], truth.state.players[seat]
    gained = sorted(after.ledger[k] - before.ledger[k] for k in before.ledger if after.ledger[k] != before.ledger[k])
    said = sorted(int(n) for n in said_as(_("{points} VP {reason}"), text, points=r"[-+]\d+", reason=r".*?"))
    if said != gained:
        return f"the ledger gains {gained} by source"
    research = after.research - before.research
    said_research = [int(n) for n in said_as(_("+{points} research"), text, points=r"\d+")]
    if said_research != ([research] if research > 0 else []):
        return f"research goes up by {research}"
    return None


def problems(record: ScreenRecord, text_size: float, truth: Truth | None) -> list[str]:
    return look_problems(record, text_size) + (fact_problems(record, truth) if truth is not None else [])


def facts_seen(records: Iterable[ScreenRecord]) -> set[str]:
    return {t.fact.kind for r in records for t in r.shown if t.fact is not None}
