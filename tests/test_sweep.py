"""A seeded sweep of random games, checking the engine's invariants after every action."""
from __future__ import annotations

import importlib.util
import random
from collections import Counter
from pathlib import Path

import pytest

from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.actions import SPECS, random_action
from humanity_desktop.engine.invariants import InvariantError, check_invariants, play_checked


def load_tool(name: str, folder: str = "tools"):
    """A script of the project's (tools/ or benchmarks/) as a module."""
    path = Path(__file__).resolve().parents[1] / folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


soak = load_tool("soak")

GAMES = 510  # 170 each for 2, 3 and 4 players


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(players: int, chunk: int) -> None:
    per_chunk = GAMES // 30
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_checked(players, seed)


def test_the_probes_draw_every_kind_of_action_from_its_fields() -> None:
    rng = random.Random(1)
    probes = [random_action(rng) for _ in range(500)]
    assert {p.kind for p in probes} == set(SPECS)
    assert all(len(p.args()) == len(SPECS[p.kind].fields) and None not in p.args() for p in probes)


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


def test_a_broken_position_breaks_an_invariant() -> None:
    s = new_game(2, 3)
    s.players[0].astros[0] = (5, *s.players[0].astros[0][1:])  # nobody works 5
    with pytest.raises(InvariantError, match="work 5"):
        check_invariants(s, [Counter(), Counter()])


def test_a_tiny_soak_reports_its_games_and_no_failures() -> None:
    summary = soak.soak(games=3, seed=40, jobs=1)
    assert summary["games"] == 3 and summary["failures"] == 0
    assert summary["games_by_players"] == {"2": 1, "3": 1, "4": 1}
    assert summary["actions"] > 3 * 100


def test_the_soak_counts_a_failing_game(monkeypatch) -> None:
    def broken(players: int, seed: int) -> int:
        raise InvariantError("modules lost or doubled")

    monkeypatch.setattr(soak, "play_checked", broken)
    summary = soak.soak(games=2, seed=0, jobs=1)
    assert summary["failures"] == 2
    assert summary["first_failures"][0]["failure"] == "InvariantError: modules lost or doubled"
