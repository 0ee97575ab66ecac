"""The table model: what a click means in each phase, what is lit, what a drop and a turn ask for."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.engine import Action, apply_action, legal_actions, new_game
from humanity_desktop.table import targets as T
from humanity_desktop.table.model import Table
from humanity_desktop.engine.state import RETURNING

NAMES = ("Kayla", "Aleksander", "Gabriel", "Yuko")


def actions_for(s, target, returning=None):
    return Table(s, legal_actions(s), returning).actions_at(target)


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


