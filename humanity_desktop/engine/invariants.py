"""What must hold in every position, and a random game checked against it after every action.

The test sweep and the soak (tools/soak.py) both play games through `play_checked`. The
checks raise InvariantError rather than using `assert`, so they still run under `python -O`.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Iterator

from . import Action, RulesError, State, apply_action, legal_actions, load_catalogue, new_game, replay
from .actions import random_action
from .events import EVENTS, VP, from_json, to_json
from .catalogue import LAST_YEAR
from .flow import leftover_vp
from .ranges import ASTRONAUT_WORK, RING_SPOT
from .scoring import MISSION_VP, join_group
from .state import (
    ACTIVE, ASTRONAUTS, BOARD, COLOUR, EXHAUSTED, LEDGER_SOURCES, OVER, PAY, PLACE, RETURNING, SHAPE, UPGRADE, WORK,
    ledger_span,
)

DECIDING = (PAY, COLOUR, SHAPE)  # the phases that follow a chosen module or experiment

MAX_GAME_ACTIONS = 5000  # far beyond any real game: more means the game does not end
PROBE_RATE = 0.05  # share of positions where an illegal action is tried first
JSON_RATE = 0.02  # share of positions sent through JSON and back


class InvariantError(AssertionError):
    pass


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise InvariantError(what)


def check_components(s: State) -> None:
    """Every module and experiment is in exactly one place, and each deck, hangar and the wheel
    holds what its year allows. Messages name the place as a state's JSON does."""
    cat = load_catalogue()
    _check_years(s, cat)
    _check_each_once("module", cat.deck_modules, _module_places(s, cat))
    _check_each_once("experiment", cat.experiments, _experiment_places(s, cat))


def _module_places(s: State, cat) -> Iterator[tuple[str, str]]:
    """(path, module id) for every deck module's place; a communication module never sits on a
    base (its replacement tile does)."""
    for y, deck in enumerate(s.decks):
        yield from ((f"decks[{y}]", m) for m in deck)
    yield from ((f"hangars[{k}]", m) for k, m in enumerate(s.hangars) if m)
    yield from (("removed", m) for m in s.removed if m not in cat.experiments)
    for i, p in enumerate(s.players):
        for cell, (tid, _) in p.base.items():
            if tid in cat.deck_modules:
                expect(cat.tiles[tid].face is None,
                       f"seats[{i}].base: the communication module {tid!r} at {list(cell)} "
                       "is never on a base (its replacement tile is)")
                yield f"seats[{i}].base", tid


def _experiment_places(s: State, cat) -> Iterator[tuple[str, str]]:
    for y, deck in enumerate(s.exp_decks):
        yield from ((f"experiment_decks[{y}]", e) for e in deck)
    yield from ((f"experiments[{k}]", e) for k, e in enumerate(s.wheel) if e)
    yield from (("removed", e) for e in s.removed if e in cat.experiments)
    for i, p in enumerate(s.players):
        yield from ((f"seats[{i}].experiments", e) for e in p.experiments)


def _check_each_once(what: str, known, places: Iterator[tuple[str, str]]) -> None:
    seen: dict[str, str] = {}
    for path, item in places:
        if item not in known:
            raise InvariantError(f"{path}: {item!r} is not a {what}")
        if item in seen:
            raise InvariantError(f"{path}: {what} {item!r} is also in {seen[item]}")
        seen[item] = path
    lost = sorted(set(known) - set(seen))
    expect(not lost, f"state: {what}s lost (in no place at all): {', '.join(lost[:5])}")


def _check_years(s: State, cat) -> None:
    """Each year's deck holds that year's cards; the hangars only modules already dealt (this
    year's or an earlier year's); the wheel only this year's experiments."""
    misplaced = (
        [(f"decks[{y}]", m, cat.tiles[m].year) for y, deck in enumerate(s.decks) for m in deck
         if cat.tiles[m].year != y + 1]
        + [(f"experiment_decks[{y}]", e, cat.experiments[e].year) for y, deck in enumerate(s.exp_decks)
           for e in deck if cat.experiments[e].year != y + 1]
        + [(f"hangars[{k}]", m, cat.tiles[m].year) for k, m in enumerate(s.hangars)
           if m and cat.tiles[m].year > s.year]
        + [(f"experiments[{k}]", e, cat.experiments[e].year) for k, e in enumerate(s.wheel)
           if e and cat.experiments[e].year != s.year]
    )
    if misplaced:
        path, item, year = misplaced[0]
        raise InvariantError(f"{path}: {item!r} is from year {year}, which cannot be there in year {s.year}")


def check_seat(s: State, i: int) -> None:
    """A seat's base and astronauts as the rules can play them: room for the astronauts (a base
    with no module has none, ever), its astronauts, stocks and research in their ranges."""
    cat = load_catalogue()
    p = s.players[i]
    path = f"seats[{i}]"
    expect(any(cat.tiles[t].kind != "obstacle" for t, _ in p.base.values()),
           f"{path}.base: no module, so no astronaut could ever be placed")
    # The starting modules and obstacles (the only obstacles there are) come once per base.
    starting = {tid for _, tid, _ in cat.start_tiles}
    copies = Counter(t for t, _ in p.base.values() if t in starting)
    doubled = sorted(t for t, k in copies.items() if k > 1)
    expect(not doubled, f"{path}.base: the starting tile {', '.join(doubled)} more than once")
    for tid, stock in p.base.values():
        spec = cat.tiles[tid]
        low = 1 if spec.kind == "obstacle" else 0
        expect(low <= stock <= spec.max_stock, f"{path}.base: {tid} holds {stock}")
    expect(len(p.astros) == ASTRONAUTS, f"{path}.astronauts: {len(p.astros)} astronauts, a seat has {ASTRONAUTS}")
    _check_astronauts(p, path)
    expect(0 <= p.research <= cat.research_cap, f"{path}.research: research {p.research}")


def _check_astronauts(p, path: str) -> None:
    in_base = []
    for work, where, pos in p.astros:
        expect(ASTRONAUT_WORK.holds(work), f"{path}.astronauts: work {work}")
        if where in (ACTIVE, EXHAUSTED):
            expect(pos not in p.base, f"{path}.astronauts: astronaut on a tile at {pos}")
            in_base.append(pos)
        elif where == BOARD:
            expect(RING_SPOT.holds(pos), f"{path}.astronauts: astronaut off the ring at {pos}")
        else:
            expect(where == RETURNING and pos is None, f"{path}.astronauts: astronaut at {where} {pos}")
    expect(len(in_base) == len(set(in_base)), f"{path}.astronauts: two astronauts share a cell")


def check_points(s: State, i: int) -> None:
    """A seat's experiment groups and points as the rules' own effects leave them: the groups
    are its experiments filed in the order it finished them, and each ledger entry has the sign
    and, where it follows from what the seat holds, the value that play gives."""
    cat = load_catalogue()
    p = s.players[i]
    path = f"seats[{i}]"
    groups: list[int] = []
    group_vp = sum(join_group(groups, cat.experiments[e].side) for e in p.experiments)
    expect(p.groups == groups, f"{path}.groups: {p.groups} are not its experiments' groups {groups}")
    for source, points in p.ledger.items():
        span = ledger_span(source)
        expect(span.holds(points), f"{path}.ledger.{source}: {points} is not from {span.lo} to {span.hi}")
    led = p.ledger
    held = s.holders.count(i)
    expect(led["mission"] + led["mission_lost"] == MISSION_VP * held,
           f"{path}.ledger: missions won less missions lost must be {MISSION_VP} for each of the {held} held")
    expect(led["experiment_group"] == group_vp,
           f"{path}.ledger.experiment_group: must be {group_vp}, what its groups scored")
    experiment_vp = sum(cat.experiments[e].vp for e in p.experiments)
    expect(led["experiment_vp"] == experiment_vp,
           f"{path}.ledger.experiment_vp: must be {experiment_vp}, its experiments' points")
    over = s.phase == OVER
    for source, due in (("science", p.science), ("leftovers", leftover_vp(p, cat))):
        expect(led[source] == (due if over else 0),
               f"{path}.ledger.{source}: must be {due if over else 0} "
               f"({'scored at the end' if over else 'nothing before the game ends'})")


def check_decision(s: State) -> None:
    """The decision in progress fits its phase: nothing is owed, worked or earned outside the
    phase that spends it, and a colour or shape is chosen for a module that has one to choose."""
    phase = s.phase
    expect(phase == PAY or not any(s.need), f"pending.need: nothing is owed in phase '{phase}'")
    expect(phase == WORK or s.work_left == 0, f"pending.work_left: no work is left in phase '{phase}'")
    expect(phase == UPGRADE or s.upgrades == 0, f"pending.upgrades: no upgrade is given in phase '{phase}'")
    expect(phase == PLACE or not s.placing, f"pending.placing: no seat places in phase '{phase}'")
    expect(phase in DECIDING or s.target is None, f"pending.target: nothing is chosen in phase '{phase}'")
    if phase in (COLOUR, SHAPE):
        spec = load_catalogue().tiles[s.hangars[s.target[1] - 1]]
        fits = spec.kind == "communication" if phase == COLOUR else spec.shape == "wild"
        expect(fits, f"pending.target: {spec.id} has no {phase} to choose")


def check_player(s: State, i: int, vp_seen: Counter) -> None:
    """The seat as the rules can play it, and its score exactly what the VP events said."""
    check_seat(s, i)
    p = s.players[i]
    expect(set(p.ledger) == set(LEDGER_SOURCES), f"player {i}: ledger sources {sorted(p.ledger)}")
    for source in LEDGER_SOURCES:
        expect(p.ledger[source] == vp_seen[source], f"player {i}: {source} {p.ledger[source]} != {vp_seen[source]}")


def check_invariants(s: State, vp_seen: list[Counter]) -> None:
    check_components(s)
    check_decision(s)
    for i in range(s.n):
        check_player(s, i, vp_seen[i])
        check_points(s, i)
    expect(s.scores == [p.score for p in s.players], "scores differ from the players' points")


# Field -> a random value for it, mostly illegal; any kind's candidate is drawn field by field,
# so a new kind made of these fields needs nothing here.
def check_refused(s: State, probe: Action) -> None:
    """An illegal action raises RulesError and leaves the position as it was."""
    before = s.to_json()
    try:
        apply_action(s, probe)
    except RulesError:
        expect(s.to_json() == before, f"a refused {probe} changed the position")
        return
    raise InvariantError(f"the illegal {probe} was accepted")


def check_json_round_trip(s: State, actions: list[Action]) -> None:
    text = json.dumps(s.to_json())
    back = State.from_json(json.loads(text))
    expect(back == s and json.dumps(back.to_json()) == text, "the state changed through JSON")
    expect(legal_actions(back) == actions, "the legal actions changed through JSON")


def check_event(ev) -> None:
    """An event is of a declared kind and comes back the same through JSON."""
    expect(EVENTS.get(getattr(ev, "kind", None)) is type(ev), f"{ev!r} is not a declared event")
    expect(from_json(json.loads(json.dumps(to_json(ev)))) == ev, f"{ev!r} changed through JSON")


def play_checked(players: int, seed: int) -> int:
    """Play one random game from `seed`, checking every invariant after every action, then that
    the actions (also through JSON) replay to the same end. Returns the number of actions."""
    s = new_game(players, seed)
    history = play_to_end(s, random.Random(seed * 7919 + players))
    expect(replay(players, seed, history) == s, "the actions replay to another position")
    through_json = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in history]
    expect(replay(players, seed, through_json) == s, "the actions replay differently after JSON")
    return len(history)


def play_to_end(s: State, rng: random.Random) -> list[Action]:
    """Play `s` to the end with random legal actions, checking every invariant after every one
    (the points already on the ledgers count as seen). Returns the actions played."""
    vp_seen = [Counter(p.ledger) for p in s.players]
    history: list[Action] = []
    check_invariants(s, vp_seen)
    while not s.game_over:
        actions = legal_actions(s)
        expect(bool(actions), f"no legal action in phase {s.phase}")
        expect(len(set(actions)) == len(actions), "a legal action is listed twice")
        if rng.random() < PROBE_RATE:
            probe = random_action(rng)
            if probe not in actions:
                check_refused(s, probe)
        if rng.random() < JSON_RATE:
            check_json_round_trip(s, actions)
        action = rng.choice(actions)
        history.append(action)
        for ev in apply_action(s, action):
            check_event(ev)
            if isinstance(ev, VP):
                vp_seen[ev.player][ev.source] += ev.amount
        check_invariants(s, vp_seen)
        expect(len(history) < MAX_GAME_ACTIONS, "the game did not end")
    expect(s.year == LAST_YEAR and legal_actions(s) == [] and s.current_player is None, "the game ended unfinished")
    return history
