"""A seeded sweep of random games, checking the engine's invariants after every action."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from humanity_desktop.engine import (
    Action, RulesError, State, apply_action, legal_actions, load_catalogue, new_game, replay,
)
from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED, LEDGER_SOURCES, RETURNING, RING

CAT = load_catalogue()
GAMES = 510  # 170 each for 2, 3 and 4 players
MAX_ACTIONS = 5000


def deck_module_of(tile_id: str) -> str | None:
    """The deck module a base tile stands for (a communication face side -> its module)."""
    spec = CAT.tiles[tile_id]
    if spec.module_id:
        return spec.module_id
    return tile_id if spec.year else None


def check_invariants(s: State, vp_seen: list[Counter]) -> None:
    # Every module and experiment is in exactly one place.
    modules = [m for deck in s.decks for m in deck] + [h for h in s.hangars if h] + list(s.removed)
    experiments = [e for deck in s.exp_decks for e in deck] + [e for e in s.wheel if e]
    for p in s.players:
        modules += [m for m in (deck_module_of(t) for t, _ in p.base.values()) if m]
        experiments += p.experiments
    experiments += [e for e in s.removed if e in CAT.experiments]
    modules = [m for m in modules if m in CAT.tiles]
    all_modules = [m for y in (1, 2, 3) for m in CAT.modules_by_year[y]]
    assert sorted(modules) == sorted(all_modules)
    assert sorted(experiments) == sorted(CAT.experiments)
    for i, p in enumerate(s.players):
        cells_with_tiles = set(p.base)
        obstacles = [t for t, _ in p.base.values() if CAT.tiles[t].kind == "obstacle"]
        assert len(obstacles) == len(set(obstacles)) <= 3
        for tid, stock in p.base.values():
            spec = CAT.tiles[tid]
            if spec.kind == "obstacle":
                assert 1 <= stock <= spec.max_stock
            else:
                assert 0 <= stock <= spec.max_stock, (tid, stock)
        assert len(p.astros) == 3
        in_base = []
        for work, where, pos in p.astros:
            assert 2 <= work <= 4
            if where in (ACTIVE, EXHAUSTED):
                assert pos not in cells_with_tiles
                in_base.append(pos)
            elif where == BOARD:
                assert 0 <= pos < RING
            else:
                assert where == RETURNING and pos is None
        assert len(in_base) == len(set(in_base))
        assert 0 <= p.research <= CAT.research_length
        # The score is exactly what the VP events said, source by source.
        assert set(p.ledger) == set(LEDGER_SOURCES)
        for source in LEDGER_SOURCES:
            assert p.ledger[source] == vp_seen[i][source], (source, p.ledger, vp_seen[i])
    assert s.scores == [p.score for p in s.players]


def random_candidate(s: State, rng: random.Random) -> Action:
    """Any action shape at all, mostly illegal: the engine must refuse it cleanly."""
    kind = rng.choice(["select_astronaut", "work", "choose_module", "choose_experiment", "activate",
                       "end_work", "spend", "choose_colour", "choose_shape", "upgrade", "place_astronaut"])
    cell = (rng.randint(-2, 4), rng.randint(-2, 4))
    return {
        "select_astronaut": Action(kind, rng.randint(-1, 3)),
        "work": Action(kind),
        "choose_module": Action(kind, rng.randint(0, 8)),
        "choose_experiment": Action(kind, rng.randint(-1, 7)),
        "activate": Action(kind, cell),
        "end_work": Action(kind),
        "spend": Action(kind, cell, rng.randint(0, 6), rng.randint(0, 6)),
        "choose_colour": Action(kind, rng.choice(["blue", "orange", "green"])),
        "choose_shape": Action(kind, rng.choice(["round", "rectangular", "octagonal", "wild"])),
        "upgrade": Action(kind, rng.randint(-1, 3)),
        "place_astronaut": Action(kind, rng.randint(0, 2), cell),
    }[kind]


def play_checked(players: int, seed: int) -> None:
    s = new_game(players, seed)
    rng = random.Random(seed * 7919 + players)
    vp_seen = [Counter() for _ in range(players)]
    history = []
    check_invariants(s, vp_seen)
    while not s.game_over:
        actions = legal_actions(s)
        assert actions, f"no legal action in phase {s.phase}"
        assert len(set(actions)) == len(actions)
        if rng.random() < 0.05:
            probe = random_candidate(s, rng)
            if probe not in actions:
                before = s.to_json()
                with pytest.raises(RulesError):
                    apply_action(s, probe)
                assert s.to_json() == before
        if rng.random() < 0.02:
            text = json.dumps(s.to_json())
            back = State.from_json(json.loads(text))
            assert back == s and json.dumps(back.to_json()) == text
            assert legal_actions(back) == actions
        action = rng.choice(actions)
        history.append(action)
        for ev in apply_action(s, action):
            if ev["type"] == "vp":
                vp_seen[ev["player"]][ev["source"]] += ev["amount"]
        check_invariants(s, vp_seen)
        assert len(history) < MAX_ACTIONS, "the game did not end"
    assert s.year == 3 and legal_actions(s) == [] and s.current_player is None
    assert replay(players, seed, history) == s
    # Actions survive their JSON form too, so a saved action list replays the same game.
    assert replay(players, seed, [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in history]) == s


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(players: int, chunk: int) -> None:
    per_chunk = GAMES // 30
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_checked(players, seed)


def test_same_seed_same_game_different_seed_different_deal() -> None:
    a, b, c = new_game(3, 11), new_game(3, 11), new_game(3, 12)
    assert a == b
    assert a.decks != c.decks or a.hangars != c.hangars


def test_copy_is_equal_and_independent() -> None:
    s = new_game(4, 5)
    rng = random.Random(5)
    for _ in range(150):
        apply_action(s, rng.choice(legal_actions(s)))
    before = s.to_json()
    c = s.copy()
    assert c == s
    while c.phase == s.phase:  # play on the copy until something visible changes
        apply_action(c, legal_actions(c)[0])
    assert s.to_json() == before  # the original kept its own position
    assert c != s
