"""Stats: finished games fill the table of their difficulty and seat count, move the rating
against each bot level the Elo way, earn medals; the file survives between runs, and one
that cannot be used is reported, kept aside, and replaced by fresh stats."""
from __future__ import annotations

import json
import random

import pytest

from humanity_desktop.controller import ActionRequested, ConfirmRequested, parse_seats, ranked_levels
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.controller.stats import (
    STATS_FILE,
    Stats,
    medal_for,
    medal_thresholds,
    rating_table,
)
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.stats import StatsScene
from humanity_desktop.ui.scenes.title import TitleScene
from ui_driver import app  # noqa: F401 - app is a fixture

HUMAN_VS = parse_seats("human,bot:hard,bot:easy")


def test_a_game_against_bots_fills_the_table_of_its_strongest_level():
    stats = Stats()
    stats.record(HUMAN_VS, [40, 35, 20], [1, 2, 3])
    stats.record(HUMAN_VS, [30, 45, 20], [2, 1, 3])
    line = stats.lines[("hard", 3)]
    assert (line.played, line.won, line.best, line.average) == (2, 1, 40, 35.0)
    assert list(stats.lines) == [("hard", 3)] and stats.rated_games == 2


def test_every_level_has_a_fixed_rating_and_they_rise_with_the_ladder():
    levels = rating_table()["levels"]
    ranked = ranked_levels()
    assert set(levels) == set(ranked)
    assert [levels[lv] for lv in ranked] == sorted(levels[lv] for lv in ranked)
    assert len(set(levels.values())) == len(levels)


def test_the_rating_moves_by_elo_against_each_bot_of_the_table():
    table = rating_table()
    start, k = table["start"], table["k"]
    stats = Stats()
    stats.record(parse_seats("human,bot:hard"), [50, 40], [1, 2])
    hard = table["levels"]["hard"]
    expected_win = 1 / (1 + 10 ** ((hard - start) / 400))
    assert stats.ratings["hard"].value == pytest.approx(start + k * (1 - expected_win))
    assert start + k / 2 < stats.ratings["hard"].value  # beating a stronger level gains more than half of K
    stats.record(HUMAN_VS, [30, 45, 20], [2, 1, 3])  # lost to Hard, beat Easy: one result each
    assert stats.ratings["hard"].games == 2 and stats.ratings["easy"].games == 1
    assert stats.ratings["easy"].value > start
    assert stats.ratings["hard"].value < start + k * (1 - expected_win)


def test_a_draw_on_places_counts_half():
    stats = Stats()
    stats.record(parse_seats("human,bot:casual"), [30, 30], [1, 1])
    assert rating_table()["levels"]["casual"] == rating_table()["start"]
    assert stats.ratings["casual"].value == pytest.approx(rating_table()["start"])  # equal ratings, a draw
    assert stats.lines[("casual", 2)].won == 1


def test_hotseat_and_bots_only_games_are_counted_without_a_rating():
    stats = Stats()
    stats.record(parse_seats("human,human"), [30, 20], [1, 2])
    stats.record(parse_seats("bot:easy,bot:hard"), [30, 20], [1, 2])
    assert (stats.hotseat_games, stats.bot_games) == (1, 1)
    assert not stats.lines and not stats.ratings and not stats.medals and not stats.empty


def test_several_humans_fill_the_table_with_the_best_placed_and_all_rate():
    stats = Stats()
    stats.record(parse_seats("human,human,bot:normal"), [20, 44, 30], [3, 1, 2])
    line = stats.lines[("normal", 3)]
    assert (line.won, line.best) == (1, 44)
    assert stats.ratings["normal"].games == 2


def test_medals_follow_the_thresholds_and_keep_the_best():
    thresholds = medal_thresholds()
    assert set(thresholds) == {2, 3, 4}
    for n, t in thresholds.items():
        assert t["bronze"] <= t["silver"] <= t["gold"], n
    gold, silver = thresholds[2]["gold"], thresholds[2]["silver"]
    assert medal_for(gold, 2) == "gold" and medal_for(thresholds[2]["bronze"] - 1, 2) is None
    stats = Stats()
    stats.record(parse_seats("human,bot:hard"), [gold, 0], [1, 2])
    stats.record(parse_seats("human,bot:hard"), [silver, 0], [1, 2])
    assert stats.medals == {"hard": "gold"}


def test_stats_are_kept_between_runs(tmp_path):
    path = tmp_path / STATS_FILE
    stats = Stats.load(path)
    assert stats.empty and stats.problem is None
    stats.record(HUMAN_VS, [40, 35, 20], [1, 2, 3])
    stats.save()
    back = Stats.load(path)
    assert back == stats and json.loads(path.read_text())["version"] == 2
    assert [p.name for p in tmp_path.iterdir()] == [STATS_FILE]


def test_games_recorded_against_normal_before_casual_existed_stay_with_that_bot(tmp_path):
    """Version 1 files were written when today's Casual was called Normal."""
    old = Stats()
    old.record(parse_seats("human,bot:normal"), [41, 30], [1, 2])
    old.record(parse_seats("human,bot:hard"), [30, 45], [2, 1])
    raw = old.to_json()
    path = tmp_path / STATS_FILE
    path.write_text(json.dumps(dict(raw, version=1)))
    back = Stats.load(path)
    assert back.problem is None
    assert back.lines[("casual", 2)] == old.lines[("normal", 2)] and ("normal", 2) not in back.lines
    assert back.ratings["casual"] == old.ratings["normal"] and "normal" not in back.ratings
    assert back.medals == {"casual": old.medals["normal"]}
    assert back.ratings["hard"] == old.ratings["hard"]
    path.write_text(json.dumps(raw))  # written today: its Normal is today's
    assert Stats.load(path).lines[("normal", 2)] == old.lines[("normal", 2)]


GOOD = json.dumps(Stats(hotseat_games=2).to_json())
BAD = {
    "damaged": (b"\xff\xfe\x00garbage", "damaged"),
    "truncated": (GOOD[: len(GOOD) // 2].encode(), "cut short"),
    "empty": (b"  ", "empty"),
    "foreign": (b'{"colour": "blue"}', "not a Humanity stats file"),
    "foreign_list": (b"[1, 2]", "not a Humanity stats file"),
    "bad_value": (GOOD.replace('"hotseat_games": 2', '"hotseat_games": -4').encode(), "not a count"),
    "newer": (GOOD.replace('"version": 2', '"version": 9').encode(), "made by a newer version of the game"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_stats_file_is_reported_kept_aside_and_replaced_by_fresh_stats(tmp_path, case):
    content, words = BAD[case]
    path = tmp_path / STATS_FILE
    path.write_bytes(content)
    stats = Stats.load(path)
    assert stats.empty and stats.path == path
    assert words in stats.problem and "kept as stats." in stats.problem
    [kept] = [p for p in tmp_path.iterdir() if is_set_aside(p)]
    assert kept.read_bytes() == content
    assert kept.name.startswith("stats.newer-" if case == "newer" else "stats.damaged-")
    stats.save()  # the fresh stats never overwrite the kept file
    assert kept.read_bytes() == content


# ------------------------------------------------------------ the app and the screen


def test_a_game_finished_in_the_app_is_recorded_once(app, tmp_path):
    match = app.session.new_match(parse_seats("human,bot:random"), seed=4)
    rng = random.Random(4)
    while not match.state.game_over:
        source = "bot" if match.seats[match.current].is_bot else "human"
        match.bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source=source))
        if match.pending is not None:  # on screen a human confirms the end of each turn
            match.bus.publish(ConfirmRequested(match.current))
    saved = Stats.load(tmp_path / STATS_FILE)
    assert saved.rated_games == 1 and saved.ratings["random"].games == 1
    assert app.session.stats == saved
    app.session.close_match()
    assert Stats.load(tmp_path / STATS_FILE).rated_games == 1


def test_the_stats_screen_says_plainly_when_there_are_no_games(app):
    app.stack.push(TitleScene(app))
    stats = next(b for b in app.stack.top.buttons if b.label == "Stats")
    stats.on_click()
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    app.step()
    assert "No finished games yet" in " ".join(scene.lines())


def test_the_stats_screen_shows_tables_ratings_and_medals(app):
    app.session.stats.record(parse_seats("human,bot:hard"), [medal_thresholds()[2]["gold"], 10], [1, 2])
    app.session.stats.record(parse_seats("human,human"), [10, 12], [2, 1])
    app.stack.push(TitleScene(app))
    scene = StatsScene(app)
    app.stack.push(scene)
    app.step()
    text = " ".join(scene.lines())
    assert "Hard" in text and "gold" in text.lower() and "1 hot-seat" in text
    assert f"{app.session.stats.ratings['hard'].value:.0f}" in text


def test_a_bad_stats_file_is_reported_on_the_stats_screen(tmp_path):
    (tmp_path / STATS_FILE).write_bytes(BAD["truncated"][0])
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    try:
        scene = StatsScene(app)
        app.stack.push(scene)
        app.step()
        assert "cut short" in " ".join(scene.lines())
    finally:
        app.stack.pop()
        app.session.close_match()


def _calibration_tool():
    """tools/calibrate_medals.py, loaded as a module (tools/ is not a package)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "tools" / "calibrate_medals.py"
    spec = importlib.util.spec_from_file_location("calibrate_medals", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_calibration_puts_the_medals_at_the_hard_scores_percentiles():
    tool = _calibration_tool()
    assert tool.thresholds(list(range(101))) == {"bronze": 50, "silver": 75, "gold": 90}
    assert tool.thresholds([30] * 9 + [50]) == {"bronze": 30, "silver": 30, "gold": 32}


@pytest.mark.parametrize("name", ["games.jsonl", "games.jsonl.gz"])
def test_calibration_from_a_tournament_log_uses_only_its_hard_games_on_this_catalogue(tmp_path, name):
    import gzip
    import json
    from humanity_desktop.bots.evaluate import learned_fingerprint
    from humanity_desktop.engine.catalogue import fingerprint
    tool = _calibration_tool()

    def game(seed, levels, scores, catalogue=fingerprint(), weights=learned_fingerprint()):
        return json.dumps({"levels": levels, "seed": seed, "scores": scores, "seconds": None,
                           "catalogue": catalogue, "weights": weights})

    hard4 = ["hard"] * 4
    log = tmp_path / name
    text = "\n".join([
        game(1, hard4, [20, 21, 22, 23]),
        game(2, hard4, [24, 25, 26, 27]),
        game(3, hard4, [90, 90, 90, 90], catalogue="another catalogue"),
        game(5, hard4, [90, 90, 90, 90], weights="other weights"),
        game(4, ["hard", "hard", "hard", "normal"], [90, 90, 90, 90]),
        '{"levels": ["hard", "hard", "ha',  # cut short by a stopped run
    ]).encode("utf-8")
    log.write_bytes(gzip.compress(text) if name.endswith(".gz") else text)
    medals = tmp_path / "medals.json"
    medals.write_text(tool.MEDALS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    before = json.loads(medals.read_text(encoding="utf-8"))

    assert tool.main(["--players", "4", "--from-log", str(log), "--out", str(medals)]) == 0

    after = json.loads(medals.read_text(encoding="utf-8"))
    assert after["thresholds"]["4"] == tool.thresholds(list(range(20, 28)))
    assert after["made_with"]["4"]["games"] == 2 and after["made_with"]["4"]["max"] == 27
    assert after["thresholds"]["2"] == before["thresholds"]["2"]
