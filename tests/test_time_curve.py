"""tools/time_curve.py: a level's share against one opponent at multiples of its own time."""
from __future__ import annotations

import gzip
import json

import pytest
import time_curve


def game(levels, places):
    return {"levels": levels, "places": places}


GAMES = [
    game(["hard@0.4", "skilled"], [1, 2]),
    game(["skilled", "hard@0.4"], [1, 2]),
    game(["hard@0.4", "skilled"], [1, 1]),  # a draw counts half
    game(["hard@1.6", "skilled"], [1, 2]),
    game(["hard@0.8", "hard"], [1, 2]),  # against itself: not a point of the curve
    game(["hard@0.4", "skilled", "easy"], [1, 2, 3]),  # three seats: not read
]


def test_each_time_is_a_point_at_its_multiple_of_the_levels_own():
    curves = time_curve.points(GAMES, {"hard": 0.8})
    assert set(curves) == {"hard"} and set(curves["hard"]) == {0.5, 2.0}
    half = curves["hard"][0.5]
    assert half["games"] == 3 and half["share"] == pytest.approx(0.5) and half["opponent"] == "skilled"
    assert half["ci95"][0] < 0.5 < half["ci95"][1]
    assert curves["hard"][2.0]["share"] == 1.0


def test_the_command_prints_and_plots_the_curves(tmp_path, capsys):
    log = tmp_path / "time.jsonl.gz"
    log.write_bytes(gzip.compress("\n".join(json.dumps(g) for g in GAMES).encode()))
    png = tmp_path / "curves.png"
    assert time_curve.main([str(log), "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "hard at 0.5x (0.4 s) against skilled: 50.0%" in out
    assert png.stat().st_size > 1000
