"""What must hold in every position, and a random game checked against it after every action.

The test sweep and the soak (tools/soak.py) both play games through `play_checked`. The
checks raise InvariantError rather than using `assert`, so they still run under `python -O`.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from . import Action, RulesError, State, apply_action, legal_actions, load_catalogue, new_game, replay
from .ring import RING
from .state import ACTIVE, BOARD, EXHAUSTED, LEDGER_SOURCES, RETURNING

MAX_ACTIONS = 5000  # far beyond any real game: more means the game does not end
PROBE_RATE = 0.05  # share of positions where an illegal action is tried first
JSON_RATE = 0.02  # share of positions sent through JSON and back


class InvariantError(AssertionError):
    pass


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise InvariantError(what)


def check_components(s: State) -> None:
    """Every module and experiment is in exactly one place."""
    cat = load_catalogue()
    modules = [m for deck in s.decks for m in deck] + [h for h in s.hangars if h] + list(s.removed)
    experiments = [e for deck in s.exp_decks for e in deck] + [e for e in s.wheel if e]
    for p in s.players:
        modules += [t for t, _ in p.base.values() if t in cat.deck_modules]
        experiments += p.experiments
    experiments += [e for e in s.removed if e in cat.experiments]
    modules = [m for m in modules if m in cat.tiles]
    all_modules = [m for y in (1, 2, 3) for m in cat.modules_by_year[y]]
    expect(sorted(modules) == sorted(all_modules), "modules lost or doubled")
    expect(sorted(experiments) == sorted(cat.experiments), "experiments lost or doubled")


def check_player(s: State, i: int, vp_seen: Counter) -> None:
    """Stocks, astronauts and research within bounds; the score exactly what the VP events said."""
    cat = load_catalogue()
    p = s.players[i]
    cells_with_tiles = set(p.base)
    obstacles = [t for t, _ in p.base.values() if cat.tiles[t].kind == "obstacle"]
    expect(len(obstacles) == len(set(obstacles)) <= 3, f"player {i}: obstacles {obstacles}")
    for tid, stock in p.base.values():
        spec = cat.tiles[tid]
        low = 1 if spec.kind == "obstacle" else 0
        expect(low <= stock <= spec.max_stock, f"player {i}: {tid} holds {stock}")
    expect(len(p.astros) == 3, f"player {i}: {len(p.astros)} astronauts")
    in_base = []
    for work, where, pos in p.astros:
        expect(2 <= work <= 4, f"player {i}: work {work}")
        if where in (ACTIVE, EXHAUSTED):
            expect(pos not in cells_with_tiles, f"player {i}: astronaut on a tile at {pos}")
            in_base.append(pos)
        elif where == BOARD:
            expect(0 <= pos < RING, f"player {i}: astronaut off the ring at {pos}")
        else:
            expect(where == RETURNING and pos is None, f"player {i}: astronaut at {where} {pos}")
    expect(len(in_base) == len(set(in_base)), f"player {i}: two astronauts share a cell")
    expect(0 <= p.research <= cat.research_cap, f"player {i}: research {p.research}")
    expect(set(p.ledger) == set(LEDGER_SOURCES), f"player {i}: ledger sources {sorted(p.ledger)}")
    for source in LEDGER_SOURCES:
        expect(p.ledger[source] == vp_seen[source], f"player {i}: {source} {p.ledger[source]} != {vp_seen[source]}")


def check_invariants(s: State, vp_seen: list[Counter]) -> None:
    check_components(s)
    for i in range(s.n):
        check_player(s, i, vp_seen[i])
    expect(s.scores == [p.score for p in s.players], "scores differ from the players' points")


def random_candidate(s: State, rng: random.Random) -> Action:
    """Any action shape at all, mostly illegal: the engine must refuse it cleanly."""
    kind = rng.choice(["select_astronaut", "work", "choose_module", "choose_experiment", "activate",
                       "end_work", "spend", "choose_colour", "choose_shape", "upgrade", "place_astronaut"])
    cell = (rng.randint(-2, 4), rng.randint(-2, 4))
    return {
        "select_astronaut": lambda: Action(kind, rng.randint(-1, 3)),
        "work": lambda: Action(kind),
        "choose_module": lambda: Action(kind, rng.randint(0, 8)),
        "choose_experiment": lambda: Action(kind, rng.randint(-1, 7)),
        "activate": lambda: Action(kind, cell),
        "end_work": lambda: Action(kind),
        "spend": lambda: Action(kind, cell, rng.randint(0, 6), rng.randint(0, 6)),
        "choose_colour": lambda: Action(kind, rng.choice(["blue", "orange", "green"])),
        "choose_shape": lambda: Action(kind, rng.choice(["round", "rectangular", "octagonal", "wild"])),
        "upgrade": lambda: Action(kind, rng.randint(-1, 3)),
        "place_astronaut": lambda: Action(kind, rng.randint(0, 2), cell),
    }[kind]()


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


def play_checked(players: int, seed: int) -> int:
    """Play one random game from `seed`, checking every invariant after every action, then that
    the actions (also through JSON) replay to the same end. Returns the number of actions."""
    s = new_game(players, seed)
    rng = random.Random(seed * 7919 + players)
    vp_seen = [Counter() for _ in range(players)]
    history: list[Action] = []
    check_invariants(s, vp_seen)
    while not s.game_over:
        actions = legal_actions(s)
        expect(bool(actions), f"no legal action in phase {s.phase}")
        expect(len(set(actions)) == len(actions), "a legal action is listed twice")
        if rng.random() < PROBE_RATE:
            probe = random_candidate(s, rng)
            if probe not in actions:
                check_refused(s, probe)
        if rng.random() < JSON_RATE:
            check_json_round_trip(s, actions)
        action = rng.choice(actions)
        history.append(action)
        for ev in apply_action(s, action):
            if ev["type"] == "vp":
                vp_seen[ev["player"]][ev["source"]] += ev["amount"]
        check_invariants(s, vp_seen)
        expect(len(history) < MAX_ACTIONS, "the game did not end")
    expect(s.year == 3 and legal_actions(s) == [] and s.current_player is None, "the game ended unfinished")
    expect(replay(players, seed, history) == s, "the actions replay to another position")
    through_json = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in history]
    expect(replay(players, seed, through_json) == s, "the actions replay differently after JSON")
    return len(history)
