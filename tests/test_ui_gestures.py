"""What a click means in each phase, and what the tooltips say about every kind of thing."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.engine import Action, apply_action, legal_actions, new_game
from humanity_desktop.engine.state import ACTIVE, RETURNING
from humanity_desktop.ui import targets as T
from humanity_desktop.ui.gestures import actions_for
from humanity_desktop.ui.tooltips import describe_target, tile_lines

NAMES = ("Kayla", "Aleksander", "Gabriel", "Yuko")


def reach(phase: str, seed: int = 3):
    for s_seed in range(seed, seed + 40):
        s = new_game(2, s_seed)
        rng = random.Random(s_seed)
        while not s.game_over:
            if s.phase == phase:
                return s
            apply_action(s, rng.choice(legal_actions(s)))
    raise AssertionError(f"no {phase} phase found")


def test_board_clicks_choose_modules_and_experiments():
    s = new_game(2, 1)
    assert actions_for(s, T.Target(T.HANGAR, None, 4)) == [Action("choose_module", 4)]
    assert actions_for(s, T.Target(T.EXPERIMENT, None, 2)) == [Action("choose_experiment", 2)]


def test_astronaut_clicks_select_or_upgrade():
    s = new_game(2, 1)
    assert actions_for(s, T.Target(T.ASTRO, 0, 1)) == [Action("select_astronaut", 1)]
    assert actions_for(s, T.Target(T.ASTRO, 1, 1)) == []  # not your astronaut
    s = reach("upgrade")
    assert actions_for(s, T.Target(T.RING_ASTRO, s.current, 2)) == [Action("upgrade", 2)]


def test_a_tile_is_activated_while_working_and_spent_from_while_paying():
    s = reach("work")
    cell = next(a.cell for a in legal_actions(s) if a.kind == "activate")
    assert actions_for(s, T.Target(T.CELL, s.current, cell)) == [Action("activate", cell)]
    s = reach("pay")
    cell = next(a.cell for a in legal_actions(s) if a.kind == "spend")
    options = actions_for(s, T.Target(T.CELL, s.current, cell))
    assert options and all(a.kind == "spend" and a.cell == cell for a in options)
    assert set(options) <= set(legal_actions(s))


def test_spending_from_an_empty_module_asks_the_rules_why_not():
    s = reach("pay")
    player = s.players[s.current]
    obstacle = next(c for c, (t, _) in player.base.items() if t.startswith("o-"))
    [action] = actions_for(s, T.Target(T.CELL, s.current, obstacle))
    assert action.kind == "spend" and action not in legal_actions(s)


def test_a_free_cell_takes_the_chosen_returning_astronaut():
    s = reach("place")
    player = s.players[s.current]
    returning = [i for i, (_, w, _) in enumerate(player.astros) if w == RETURNING]
    cell = next(a.cell for a in legal_actions(s) if a.kind == "place_astronaut")
    assert actions_for(s, T.Target(T.CELL, s.current, cell)) == [Action("place_astronaut", returning[0], cell)]
    assert actions_for(s, T.Target(T.CELL, s.current, cell), returning[-1]) == \
        [Action("place_astronaut", returning[-1], cell)]


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
