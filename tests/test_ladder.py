"""The ladder's ratings (tools/ladder.py): a Bradley-Terry fit that reproduces the win rates
it was given where they are consistent, and reads tournament logs as the tournament writes them,
plain or gzipped."""
from __future__ import annotations

import gzip
import json
import math
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import ladder  # noqa: E402
from match_log import read_log  # noqa: E402


def results(wins: int, games: int) -> list[float]:
    return [1.0] * wins + [0.0] * (games - wins)


def test_a_chain_of_pairs_is_rated_so_each_pair_s_rate_is_predicted():
    pairs = {("a", "b"): results(150, 200), ("b", "c"): results(150, 200), ("a", "c"): results(180, 200)}
    rated = ladder.ratings(pairs, anchor="c")
    assert rated["c"][0] == pytest.approx(1000)
    assert rated["a"][0] > rated["b"][0] > rated["c"][0]
    # 75% is about 191 Elo; the three rates agree with ratings 0, 191, 382 up to the prior's pull
    assert ladder.expected(rated["a"][0], rated["b"][0]) == pytest.approx(0.75, abs=0.03)
    assert ladder.expected(rated["a"][0], rated["c"][0]) == pytest.approx(0.9, abs=0.03)
    for seat, (r, low, high) in rated.items():
        assert low <= r <= high


def test_a_seat_that_won_every_game_gets_a_finite_rating():
    rated = ladder.ratings({("a", "b"): results(50, 50)}, anchor="b")
    assert math.isfinite(rated["a"][0]) and rated["a"][0] > 1400


def test_logs_are_read_per_pair_in_either_seat_order_and_ties_count_half(tmp_path):
    log = tmp_path / "games.jsonl"
    games = [
        {"levels": ["hard", "normal"], "places": [1, 2]},
        {"levels": ["normal", "hard"], "places": [1, 2]},
        {"levels": ["normal", "hard"], "places": [1, 1]},
        {"levels": ["hard", "normal", "easy"], "places": [1, 2, 3]},  # not a 2-player game
    ]
    log.write_text("\n".join(json.dumps(g) for g in games) + "\n{cut short", encoding="utf-8")
    assert ladder.read_pairs([log]) == {("hard", "normal"): [1.0, 0.0, 0.5]}


def test_a_seat_can_be_counted_under_the_name_of_the_level_it_has_become(tmp_path):
    log = tmp_path / "games.jsonl"
    games = [
        {"levels": ["normal@0.02", "careful"], "places": [1, 2]},
        {"levels": ["careful", "normal"], "places": [1, 2]},
    ]
    log.write_text("\n".join(json.dumps(g) for g in games), encoding="utf-8")
    assert ladder.read_pairs([log], {"normal@0.02": "normal"}) == {("careful", "normal"): [0.0, 1.0]}
    assert set(ladder.read_pairs([log])) == {("careful", "normal@0.02"), ("careful", "normal")}


def test_a_name_not_written_as_seat_equals_name_is_refused(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    log.write_text(json.dumps({"levels": ["a", "b"], "places": [1, 2]}), encoding="utf-8")
    with pytest.raises(SystemExit):
        ladder.main([str(log), "--anchor", "a", "--name", "normal@0.02"])
    assert "SEAT=NAME" in capsys.readouterr().err


def test_the_intervals_do_not_depend_on_the_order_the_pairs_came_in():
    pairs = {("a", "b"): results(120, 200), ("b", "c"): results(70, 100), ("a", "c"): results(160, 200)}
    assert ladder.ratings(pairs, anchor="c") == ladder.ratings(dict(reversed(pairs.items())), anchor="c")


GAMES = st.lists(st.fixed_dictionaries({
    "levels": st.lists(st.sampled_from(["hard", "normal", "easy", "ref-rich"]), min_size=2, max_size=3),
    "places": st.lists(st.integers(1, 3), min_size=2, max_size=3),
    "seed": st.integers(0, 10**6),
}), max_size=12)


@settings(max_examples=40, deadline=None)
@given(games=GAMES, cut=st.text(max_size=8))
def test_a_gzipped_log_reads_as_its_plain_twin(games, cut):
    """A log and the same log gzipped (.jsonl.gz) give the same pairs, a line cut short
    by a stopped run included."""
    text = "".join(json.dumps(g) + "\n" for g in games) + cut
    with tempfile.TemporaryDirectory() as folder:
        plain, packed = Path(folder) / "games.jsonl", Path(folder) / "games.jsonl.gz"
        plain.write_text(text, encoding="utf-8", newline="")
        packed.write_bytes(gzip.compress(text.encode("utf-8")))
        assert ladder.read_pairs([packed]) == ladder.read_pairs([plain])
        assert read_log(packed) == text


def test_a_log_that_is_not_whole_gzip_is_named_in_plain_words(tmp_path, capsys):
    log = tmp_path / "games.jsonl.gz"
    log.write_bytes(gzip.compress(json.dumps({"levels": ["a", "b"], "places": [1, 2]}).encode())[:-4])
    with pytest.raises(SystemExit):
        ladder.main([str(log), "--anchor", "a"])
    assert f"{log}: not a whole gzipped file" in capsys.readouterr().err
