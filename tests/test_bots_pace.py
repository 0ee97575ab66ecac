"""What New game promises of the bots' pace: each level's longest usual turn (bots/data/pace.json)
added up over the table's bots, scaled by Bot thinking time for the levels that think for a
set time, and said under the seed; measured in docs/bots.md."""
from __future__ import annotations

import pytest

from humanity_desktop.bots import available_levels
from humanity_desktop.bots.pace import round_seconds, turn_seconds
from humanity_desktop.controller import bots_wait_words
from test_new_game_table import KIND, LEVEL, new_game_in, press
from test_text_fit import drawn


def test_every_level_has_a_pace_and_the_timed_ones_scale_with_the_thinking_time():
    for level in available_levels():
        assert turn_seconds(level) >= 0.0
    assert turn_seconds("hard", 2.0) == pytest.approx(2 * turn_seconds("hard"))
    assert turn_seconds("casual", 4.0) == turn_seconds("casual")  # held to its cap whatever the option
    assert round_seconds(["hard", "expert", "easy"]) == pytest.approx(
        turn_seconds("hard") + turn_seconds("expert") + turn_seconds("easy"))


def test_the_words_round_the_wait_up_to_a_tenth_and_say_nothing_without_bots():
    assert bots_wait_words([], 1.0) == ""
    three = 3 * turn_seconds("hard")
    assert bots_wait_words(["hard"] * 3, 1.0) == f"Bots think up to about {-(-round(three * 100) // 10) / 10:g} s for one turn each"
    assert "0.1 s" in bots_wait_words(["random"], 1.0)  # never "0 s"
    assert "0.3 s" in bots_wait_words(["casual"] * 3, 1.0)  # three times 0.1, not a hair over


def wait_shown(screen) -> list[str]:
    return [" ".join(n.text for n in drawn(screen.app) if n.rect.colliderect(screen.pace_room))] if any(
        n.rect.colliderect(screen.pace_room) for n in drawn(screen.app)) else []


def test_new_game_says_the_wait_for_the_table_it_shows(tmp_path):
    with new_game_in(tmp_path) as (app, screen):
        levels = lambda: [r.level for r in screen.rows if r.kind == "bot"]  # noqa: E731
        assert wait_shown(screen) == [bots_wait_words(levels(), app.settings.bot_time)]
        while screen.rows[1].level != "hard":  # seat 2 to Hard, which thinks for a set time
            press(screen, 1, LEVEL)
        press(screen, 3, KIND)
        press(screen, 3, KIND)  # seat 4: empty, human, then a bot
        assert wait_shown(screen) == [bots_wait_words(levels(), app.settings.bot_time)]
        app.settings.bot_time = 4.0
        assert wait_shown(screen) == [bots_wait_words(levels(), 4.0)] != [bots_wait_words(levels(), 1.0)]
        press(screen, 0, KIND)  # seat 1 a bot too: nobody waits
        assert wait_shown(screen) == []
