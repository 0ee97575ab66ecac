"""The story of the turns: each seat's last turn is kept until it moves again, undo gives
the old one back, a recap lists the other seats' turns since one's own, and a turn knows
what it took, used, built and scored."""
from __future__ import annotations

import random

from builders import A, fresh, square_to_complete
from humanity_desktop.controller.match import Pacing, Resumed
from humanity_desktop.controller import ActionRequested, Bus, Match, UndoRequested, parse_seats
from humanity_desktop.table.narration import recap
from humanity_desktop.table.summary import gains
from humanity_desktop.controller.story import Story
from humanity_desktop.engine.events import ModuleDeployed, TurnEnded


def table(seats: str = "human,bot:random,bot:random", seed: int = 5):
    bus = Bus()
    match = Match(parse_seats(seats), bus, seed=seed, pacing=Pacing(pace=0.0))
    return match, Story(bus), random.Random(seed)


def act(match: Match, action) -> None:
    seat = match.current
    source = "bot" if match.seats[seat].is_bot else "human"
    match.bus.publish(ActionRequested(seat, action, source))


def finish_turn(match: Match, rng: random.Random) -> None:
    """Random legal moves until the seat to move has finished its part."""
    seat = match.current
    while match.current == seat and not match.state.game_over:
        act(match, rng.choice(match.legal()))


def test_a_seats_last_turn_is_kept_until_it_moves_again():
    match, story, rng = table()
    finish_turn(match, rng)
    mine = story.last(0)
    assert mine is not None and mine.seat == 0
    while match.current != 0:  # the others' turns leave it alone
        finish_turn(match, rng)
        assert story.last(0) is mine
    act(match, rng.choice(match.legal()))  # seat 0 moves again: its old marks go
    assert story.moving() == 0 and story.last(0) is None
    finish_turn(match, rng)
    assert story.last(0) is not mine and story.last(0).seat == 0


def test_each_turn_is_one_seats_part_ended_once():
    match, story, rng = table(seed=9)
    for _ in range(40):
        finish_turn(match, rng)
    for turn in story.turns:
        assert [e for e in turn.events if isinstance(e, TurnEnded)] == [TurnEnded(turn.seat)]
        assert turn.before.current == turn.seat
    numbers = [t.number for t in story.turns]
    assert numbers == sorted(set(numbers))


def test_undo_back_to_the_turns_start_gives_the_old_marks_back():
    match, story, rng = table("human,bot:random", seed=2)
    finish_turn(match, rng)
    while match.current != 0:
        finish_turn(match, rng)
    mine = story.last(0)
    act(match, match.legal()[0])
    assert story.last(0) is None
    match.bus.publish(UndoRequested(0))
    assert story.last(0) is mine and story.moving() is None


def test_the_recap_lists_the_other_seats_turns_since_ones_own_in_order():
    match, story, rng = table("human,bot:random,bot:random", seed=4)
    for _ in range(2):  # seat 0's second turn is under way: the recap starts after its first
        finish_turn(match, rng)
        while match.current != 0:
            finish_turn(match, rng)
    since = story.since(0)
    assert [t.seat for t in since] == [t.seat for t in story.turns[story.turns.index(story.last(0)) + 1:]]
    assert since and all(t.seat != 0 for t in since)
    lines = [recap(t, match.names) for t in since]
    for turn, line in zip(since, lines):
        assert line.startswith(match.names[turn.seat] + " ")
        assert all(earned in line for earned in gains(turn.events, turn.seat))
        if turn.slot is not None:
            assert f"from hangar {turn.slot}" in line


def test_a_jump_in_the_position_starts_the_story_over():
    match, story, rng = table(seed=6)
    for _ in range(4):
        finish_turn(match, rng)
    assert story.turns
    match.state = fresh(3, seed=11)  # as a replay's jump does
    finish_turn(match, rng)
    assert len(story.turns) == 1


def test_a_deploy_turn_knows_the_hangar_the_cells_paid_from_the_square_and_the_astronaut_on_the_rim():
    bus = Bus()
    match = Match(parse_seats("human,human"), bus, resumed=Resumed(square_to_complete()), pacing=Pacing(pace=0.0))
    story = Story(bus)
    for action in (A("select_astronaut", 0), A("choose_module", 3)):
        bus.publish(ActionRequested(0, action))
    paid_from = []
    while match.current == 0:
        action = match.legal()[0]
        if action.kind == "spend":
            paid_from.append(action.cell)
        bus.publish(ActionRequested(0, action))
    [turn] = story.turns
    [deployed] = [e for e in turn.events if isinstance(e, ModuleDeployed)]
    assert (turn.slot, turn.deployed.cell) == (3, (1, 1)) == (deployed.slot, deployed.cell)
    assert turn.used == tuple(dict.fromkeys(paid_from))
    assert turn.squares == ((0, 0),)
    assert "+1 VP square" in gains(turn.events, 0)
    astronaut, spot = turn.rim
    assert astronaut == 0 and match.state.players[0].astros[0][2] == spot
