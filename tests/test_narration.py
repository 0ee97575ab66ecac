"""The game log in plain words: the science tokens a year pays, counted, and one name per
module, the same in the log, the recap and the tooltips."""
from __future__ import annotations

import random

import pytest

from builders import A, deploy, module_where, modules_where, ready_to_deploy
from humanity_desktop.controller.match import Pacing, Resumed
from humanity_desktop.controller import ActionRequested, Bus, Match, YearEnded, parse_seats
from humanity_desktop.table.describe import tile_name
from humanity_desktop.table.narration import narrate, recap
from humanity_desktop.controller.story import Story
from humanity_desktop.table import targets as T
from humanity_desktop.engine import apply_action, legal_actions
from humanity_desktop.engine.events import Science
from humanity_desktop.ui.tooltips import describe_target

NAMES = ["Kayla", "Yuko"]


@pytest.mark.parametrize("tokens", [0, 1, 3])
def test_the_science_line_gives_the_number_of_tokens_even_none(tokens):
    [line] = narrate([Science(1, tokens, 15)], NAMES)
    assert line.endswith(f"earns {tokens} science token{'' if tokens == 1 else 's'}")


def test_every_year_end_in_a_game_tells_each_seats_tokens():
    bus = Bus()
    match = Match(parse_seats("bot:random,bot:random,bot:random"), bus, seed=3, pacing=Pacing(pace=0.0))
    paid: list[YearEnded] = []
    bus.subscribe(YearEnded, paid.append)
    rng = random.Random(3)
    while not paid:
        bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source="bot"))
    told = [line for line in match.log if "science token" in line]
    assert len(told) == match.state.n
    for seat, tokens in paid[0].science.items():
        assert any(line.startswith(match.names[seat]) and f"earns {tokens} science token" in line for line in told)


@pytest.mark.parametrize("comm", modules_where(kind="communication"))
def test_a_communication_module_keeps_its_name_in_the_log_and_its_tile_is_named_as_its_tooltip(comm):
    s = ready_to_deploy(comm)
    hangar_tip, _ = describe_target(T.Target(T.HANGAR, None, 3), s, NAMES, (True, True))
    deploy(s, 0, 3)  # pays; the colour is asked for next
    before = s.copy()
    events = apply_action(s, A("choose_colour", "orange"))
    [line] = [x for x in narrate(events, NAMES, before) if "deployed" in x]
    tile_tip, _ = describe_target(T.Target(T.CELL, 0, (0, 0)), s, NAMES, (True, True))
    assert hangar_tip == tile_name(comm)
    assert line.startswith(f"Kayla deployed the {hangar_tip}, now the {tile_tip},")
    assert "(" not in tile_tip  # one name, not a name with its kind again in brackets


def test_a_plain_module_is_named_in_the_log_as_in_its_tooltip():
    tid = module_where(kind="greenhouse", year=1)
    s = ready_to_deploy(tid)
    tip, _ = describe_target(T.Target(T.HANGAR, None, 3), s, NAMES, (True, True))
    before = s.copy()
    events = apply_action(s, A("select_astronaut", 0)) + apply_action(s, A("choose_module", 3))
    while s.current == 0 and legal_actions(s):
        before = s.copy()
        events = apply_action(s, legal_actions(s)[0])
        if any("deployed" in x for x in narrate(events, NAMES, before)):
            break
    [line] = [x for x in narrate(events, NAMES, before) if "deployed" in x]
    assert line.startswith(f"Kayla deployed the {tip} (")


def test_the_recap_names_the_module_taken_not_the_tile_it_became():
    comm = module_where(kind="communication", year=1)
    s = ready_to_deploy(comm)
    bus = Bus()
    match = Match(parse_seats("human,human"), bus, resumed=Resumed(s), pacing=Pacing(pace=0.0))
    story = Story(bus)
    for action in [A("select_astronaut", 0), A("choose_module", 3)]:
        bus.publish(ActionRequested(0, action))
    while match.current == 0:
        bus.publish(ActionRequested(0, match.legal()[-1]))  # pays, then picks a colour
    [turn] = story.turns
    assert recap(turn, NAMES).startswith(f"Kayla deployed the {tile_name(comm)} from hangar 3 · +")
