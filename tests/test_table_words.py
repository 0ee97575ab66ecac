"""Refusals and the table in the player's words: every action, phase and rule the engine can name has its words."""
from __future__ import annotations

from humanity_desktop.engine import Action, new_game, why_illegal
from humanity_desktop.language.words import WORDS
from humanity_desktop.table.model import CHOICE, ON_TABLE, plain, refused
from humanity_desktop.engine.phases import PHASES
from humanity_desktop.engine.actions import SPECS

DOING, TOPICS = WORDS["doing"], WORDS["topics"]


def test_every_action_and_rule_has_player_words():
    assert set(DOING) == set(SPECS)
    assert {spec.rule for spec in SPECS.values()} <= set(TOPICS)
    assert all("_" not in words for words in [*DOING.values(), *TOPICS.values()])


def test_every_kind_has_a_place_on_the_table_and_every_phase_a_prompt():
    assert set(ON_TABLE) == set(SPECS)
    assert set(WORDS["prompts"]) == set(PHASES)
    buttoned = {k for k, place in ON_TABLE.items() if place.button and place.button != CHOICE}
    commands = {c for place in ON_TABLE.values() for c in place.commands}
    assert buttoned | commands <= set(WORDS["buttons"])
    carried = {k for k, place in ON_TABLE.items() if place.carried and place.lands != "cell"}
    assert carried <= set(WORDS["misdrops"])


def test_a_move_of_the_wrong_moment_says_what_the_moment_asks():
    s = new_game(2, 3)
    action = Action("activate", (0, 0))
    err = why_illegal(s, action)
    text = refused(s.current, action, err.rule, err.reason, err.values, s)
    assert text == ("You cannot use a tile of your base now: "
                    "Click one of your astronauts outlined in amber (or press 1 to 3).")


def test_another_seats_refusal_keeps_its_reason_under_a_plain_heading():
    s = new_game(2, 3)
    other = 1 - s.current
    text = refused(other, Action("work"), "Turn order", "it is {name}'s turn", {"name": "Ann"}, s)
    assert text == "Not now: it is Ann's turn"
    assert plain("Deploy a Module", "a new module goes there") == "Deploying: a new module goes there"
