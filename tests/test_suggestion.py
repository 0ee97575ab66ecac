"""The level New game suggests, clause by clause: a first game the gentlest level; a clear
winning streak against the level played last the next one up, a clear losing streak the next
one down, anything else the same level; only the games the stats rate count, and the stats
file keeps the recent results it needs, loading older files and refusing damaged ones."""
from __future__ import annotations

import json

import pytest

from humanity_desktop.controller import parse_seats, ranked_levels
from humanity_desktop.controller.stats import BETWEEN, LOST, RECENT, STATS_FILE, WON, Stats
from humanity_desktop.controller.suggestion import DOWN, FIRST, KEEP, UP, Suggestion, ladder, suggest


def played(results: str, level: str = "easy", stats: Stats | None = None) -> Stats:
    """Stats after one game a letter against one bot of `level`: W won, L lost."""
    stats = stats or Stats()
    seats = parse_seats(f"human,bot:{level}")
    for r in results:
        stats.record(seats, [40, 30] if r == "W" else [30, 40], [1, 2] if r == "W" else [2, 1])
    return stats


def test_a_first_game_suggests_the_gentlest_level_that_plays_the_game():
    assert suggest(Stats()) == Suggestion("beginner", FIRST)
    assert ladder()[0] == "beginner" and "random" in ranked_levels() and "random" not in ladder()


def test_hotseat_and_bots_only_games_do_not_count():
    stats = Stats()
    stats.record(parse_seats("human,human"), [40, 30], [1, 2])
    stats.record(parse_seats("bot:easy,bot:hard"), [40, 30], [1, 2])
    assert suggest(stats).why == FIRST and not stats.recent


def test_a_clear_winning_streak_suggests_the_next_level_up():
    assert suggest(played("WWLWW")) == Suggestion("casual", UP, "easy", won=4, lost=1, games=5)


def test_a_clear_losing_streak_suggests_the_next_level_down():
    assert suggest(played("LLWLL")) == Suggestion("beginner", DOWN, "easy", won=1, lost=4, games=5)


@pytest.mark.parametrize("results", ["WWWLL", "LLLWW", "WWWW", "LLLL", "W"])
def test_anything_short_of_a_clear_streak_keeps_the_level(results):
    assert suggest(played(results)) == Suggestion("easy", KEEP, "easy", results.count("W"), results.count("L"),
                                                  len(results))


def test_only_the_last_games_count():
    stats = played("LLLLL" + "WWWWW")
    assert stats.recent["easy"] == [WON] * RECENT and suggest(stats).why == UP


def test_the_level_played_last_decides():
    stats = played("W", "casual", played("WWWWW"))
    assert suggest(stats) == Suggestion("casual", KEEP, "casual", won=1, games=1)


def test_there_is_no_step_past_either_end_of_the_ladder():
    assert suggest(played("WWWWW", "expert")).level == "expert"
    assert suggest(played("LLLLL", "beginner")).level == "beginner"


def test_the_tables_difficulty_counts_and_a_middle_place_is_neither_won_nor_lost():
    stats = Stats()
    seats = parse_seats("human,bot:easy,bot:hard,bot:beginner")
    stats.record(seats, [30, 40, 20, 10], [2, 1, 3, 4])  # second of four: between
    stats.record(seats, [5, 40, 20, 10], [4, 1, 2, 3])  # behind every bot: lost
    stats.record(seats, [50, 40, 20, 10], [1, 2, 3, 4])
    assert stats.latest == "hard" and stats.recent == {"hard": [BETWEEN, LOST, WON]}


def test_the_best_placed_human_plays_for_the_table():
    stats = Stats()
    stats.record(parse_seats("human,human,bot:easy"), [10, 40, 30], [3, 1, 2])
    assert stats.recent == {"easy": [WON]}


def test_no_suggestion_when_the_stats_cannot_tell():
    before = played("WWWWW")
    before.recent, before.latest = {}, None  # rated games from before the recent results were kept
    assert suggest(before) is None
    assert suggest(played("WWWWW"), levels=["beginner", "casual"]) is None  # Easy is gone
    assert suggest(played("WWWWW", "random")) is None  # random bots fill a table, they are no level
    assert suggest(Stats(), levels=["random"]) is None


# ---------------------------------------------------------------- the words


@pytest.mark.parametrize("stats, words", [
    (Stats(), "Your first game? Start against Beginner bots."),
    (played("WWWLW"), "You won 4 of your last 5 games against Easy: try Casual?"),
    (played("LLLLW"), "You lost 4 of your last 5 games against Easy: try Beginner?"),
    (played("W"), "Keep playing Easy: you won 1 of 1 recent game against it."),
    (played("WWLLW"), "Keep playing Easy: you won 3 of 5 recent games against it."),
])
def test_the_suggestion_says_why(stats, words):
    assert suggest(stats).said() == words


# ---------------------------------------------------------------- the file


def test_the_recent_results_are_kept_between_runs(tmp_path):
    path = tmp_path / STATS_FILE
    stats = played("WWLWW", stats=Stats.load(path))
    stats.save()
    back = Stats.load(path)
    assert back.problem is None and back == stats and suggest(back).level == "casual"


def test_a_file_from_before_the_recent_results_loads_without_them(tmp_path):
    raw = played("WWWWW").to_json()
    del raw["recent"], raw["latest"]
    (tmp_path / STATS_FILE).write_text(json.dumps(raw))
    back = Stats.load(tmp_path / STATS_FILE)
    assert back.problem is None and back.rated_games == 5 and back.recent == {} and back.latest is None


@pytest.mark.parametrize("change", [
    {"recent": {"easy": ["won"] * (RECENT + 1)}},
    {"recent": {"easy": ["great"]}},
    {"recent": {"easy": "won"}},
    {"recent": ["won"]},
    {"recent": {"": ["won"]}},
    {"latest": 3},
    {"latest": ""},
    {"latest": ["easy"]},
])
def test_damaged_recent_results_set_the_file_aside(tmp_path, change):
    (tmp_path / STATS_FILE).write_text(json.dumps({**played("WW").to_json(), **change}))
    stats = Stats.load(tmp_path / STATS_FILE)
    assert stats.empty and "damaged" in stats.problem
