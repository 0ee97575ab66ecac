"""tools/pacing.py: the player's waits for the bots, read from a tournament log."""
from __future__ import annotations

import gzip
import json

import pacing
import pytest

# Three seats; seat 0 plays first, then 1 and 2, and seat 2 places an astronaut before 0 again.
GAME = {"levels": ["hard", "hard", "hard"], "order": [0, 1, 2, 0, 1, 2, 2, 0],
        "think_ms": [[100.0, 200.0, 300.0], [1000.0, 1500.0], [400.0, 600.0, 50.0]]}


def test_a_wait_is_the_other_seats_thinking_between_two_of_the_players_segments():
    assert pacing.waits(GAME, 0) == pytest.approx([1.4, 2.15])
    assert pacing.waits(GAME, 1) == pytest.approx([0.6])  # 400 + 200
    assert pacing.waits(GAME, 2) == pytest.approx([1.7])  # its turn, then its placement: no wait


def test_a_round_is_each_other_seats_next_segment_after_the_players():
    assert pacing.rounds(GAME, 0) == pytest.approx([1.4, 2.1])  # 1000 + 400; 1500 + 600
    assert pacing.rounds(GAME, 1) == pytest.approx([0.6, 0.9])  # 400 + 200; 600 (not its 50 after) + 300
    assert pacing.rounds(GAME, 2) == pytest.approx([1.7])  # it moves again before the others do


def test_each_match_is_summed_up_and_tables_of_two_or_unordered_games_are_passed_over(tmp_path, capsys):
    two = {"levels": ["hard", "easy"], "order": [0, 1], "think_ms": [[1.0], [2.0]]}
    old = {k: v for k, v in GAME.items() if k != "order"}
    log = tmp_path / "pacing.jsonl.gz"
    log.write_bytes(gzip.compress("\n".join(json.dumps(g) for g in (GAME, two, old)).encode()))
    assert pacing.main([str(log), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["hard,hard,hard"]
    assert out["hard,hard,hard"]["waits"]["count"] == 4 and out["hard,hard,hard"]["waits"]["longest_s"] == pytest.approx(2.15)
    assert out["hard,hard,hard"]["rounds"]["count"] == 5 and out["hard,hard,hard"]["rounds"]["longest_s"] == pytest.approx(2.1)
