"""What the tooltips say about every kind of thing on the table."""
from __future__ import annotations

import pytest

from humanity_desktop.table import targets as T
from humanity_desktop.engine import new_game
from humanity_desktop.engine.state import ACTIVE
from humanity_desktop.ui.tooltips import describe_target, tile_lines

NAMES = ("Kayla", "Aleksander", "Gabriel", "Yuko")


@pytest.mark.parametrize("target", [
    T.Target(T.HANGAR, None, 1), T.Target(T.EXPERIMENT, None, 0), T.Target(T.CELL, 0, (0, 0)),
    T.Target(T.CELL, 0, (1, 1)), T.Target(T.CELL, 0, (5, 5)), T.Target(T.ASTRO, 0, 0),
    T.Target(T.RING_ASTRO, 0, 2), T.Target(T.SEAT, 1), T.Target(T.SCIENCE, 1), T.Target(T.MISSION, None, 2),
    T.Target(T.SCORE_TRACK), T.Target(T.RESEARCH_TRACK), T.Target(T.ARM), T.Target(T.HUB),
    T.Target(T.DONE_EXPERIMENT, 0, "E1-1"),
])
def test_every_kind_of_thing_has_a_tooltip(target):
    s = new_game(2, 1)
    title, lines = describe_target(target, s, NAMES, (True, False))
    assert title and lines and all(isinstance(line, str) and line for line in lines)


def test_hidden_science_stays_hidden_in_tooltips():
    s = new_game(2, 1)
    s.players[1].science = 5
    _, lines = describe_target(T.Target(T.SCIENCE, 1), s, NAMES, (True, False))
    assert "5" not in lines[0] and "Hidden" in lines[0]
    assert s.players[0].astros[0][1] == ACTIVE


@pytest.mark.parametrize("bay", range(7))
def test_an_experiments_tooltip_says_where_its_astronaut_will_stand(bay):
    s = new_game(2, 1)
    _, lines = describe_target(T.Target(T.EXPERIMENT, None, bay), s, NAMES, (True, False))
    spots = f"{bay + 1} spot" + ("" if bay == 0 else "s")
    assert any(f"{spots} past the arm" in line and f"hangar {bay + 1}" in line for line in lines)


def test_tile_tooltips_name_any_colour_bonuses_and_the_communication_choice():
    _, survey = tile_lines("Y2-10")
    assert any("module of any colour" in line for line in survey)
    _, relay = tile_lines("Y1-01")
    assert any("orange or blue" in line and "+3 research" in line for line in relay)
