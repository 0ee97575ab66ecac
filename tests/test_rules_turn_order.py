"""A player's turn and the order of turns (rulebook: A Player's Turn, Step 3)."""
from builders import A, CAT, end_round_now, fresh, of_type, park, pass_turn, play, quiet_missions, refused
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.events import RoundReset, RoundStart, Skipped, Turn
from humanity_desktop.engine.flow import plan_reset
from humanity_desktop.engine.ring import clockwise
from humanity_desktop.engine.validation import validate_state
from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED, TURN


def test_the_patch_holder_plays_first():
    s = fresh(3)
    assert s.current == s.patch == 0


def test_after_one_action_it_is_the_turn_of_the_player_to_the_left():
    s = fresh(3)
    quiet_missions(s)
    ev = pass_turn(s, 0)
    assert s.current == 1 and s.phase == TURN
    assert of_type(ev, Turn)[-1].player == 1
    pass_turn(s, 0)
    assert s.current == 2
    pass_turn(s, 1)
    assert s.current == 0


def test_one_action_per_turn_the_astronaut_used_is_no_longer_active():
    s = fresh(2)
    pass_turn(s, 0)
    w, where, pos = s.players[0].astros[0]
    assert where == EXHAUSTED and pos == CAT.start_astronauts[0]
    s.current = 0
    refused(s, A("select_astronaut", 0), rule="Choosing an astronaut")


def test_a_player_without_active_astronauts_skips_their_turn():
    s = fresh(3)
    quiet_missions(s)
    park(s, 1)
    ev = pass_turn(s, 0)
    assert s.current == 2
    assert of_type(ev, Skipped) == [Skipped(players=(1,))]


def test_the_last_player_able_to_play_takes_several_turns_in_a_row():
    s = fresh(3)
    quiet_missions(s)
    park(s, 1)
    park(s, 2)
    pass_turn(s, 0)
    assert s.current == 0 and s.phase == TURN
    pass_turn(s, 1)
    # now nobody has an active astronaut: the round is over
    assert s.round == 2


def test_astronauts_beside_the_board_cannot_act():
    s = fresh(2)
    assert s.players[0].astros[2][1] == BOARD
    refused(s, A("select_astronaut", 2), rule="Choosing an astronaut", reason="active")


def test_exhausted_astronauts_cannot_act():
    s = fresh(2)
    park(s, 0)
    s.players[0].astros[1] = (2, ACTIVE, s.players[0].astros[1][2])
    refused(s, A("select_astronaut", 0), rule="Choosing an astronaut", reason="active")
    assert [a.astronaut for a in legal_actions(s)] == [1]


def test_actions_outside_their_moment_are_refused_as_turn_order():
    s = fresh(2)
    refused(s, A("work"), rule="Turn order")
    refused(s, A("activate", (2, 1)), rule="Turn order")
    refused(s, A("choose_module", 1), rule="Turn order")
    play(s, A("select_astronaut", 0))
    refused(s, A("select_astronaut", 1), rule="Turn order")
    refused(s, A("end_work"), rule="Turn order")


def test_the_round_ends_when_nobody_has_an_active_astronaut():
    s = fresh(2)
    quiet_missions(s)
    ev = end_round_now(s)
    assert len(of_type(ev, RoundReset)) == 1
    assert s.round == 2


def beyond_the_arm(s, further: int = 0) -> int:
    """A ring spot the arm will not pass at the coming reset (it stops in front of it, or
    `further` spots short of a full turn beyond)."""
    return clockwise(s.arm, plan_reset(s).advance + further)


def test_the_next_round_starts_with_the_next_patch_holder():
    s = fresh(3)
    quiet_missions(s)
    # nobody will come home at this reset: keep every board astronaut beyond the arm's stop
    for p in s.players:
        w, _, _ = p.astros[2]
        p.astros[2] = (w, BOARD, beyond_the_arm(s))
    validate_state(s.to_json())
    end_round_now(s)
    assert all(p.astros[2][1] == BOARD for p in s.players)
    assert s.patch == 1
    assert s.phase == TURN and s.current == 1
    assert all(a[1] == ACTIVE for p in s.players for a in p.astros[:2])


def test_a_round_starts_with_the_first_player_after_the_patch_who_can_act():
    s = fresh(3)
    quiet_missions(s)
    for p in s.players:
        w, _, _ = p.astros[2]
        p.astros[2] = (w, BOARD, beyond_the_arm(s))
    # seat 1 (the next patch holder) has every astronaut beside the board
    s.players[1].astros = [(2, BOARD, beyond_the_arm(s, 1))] * 3
    validate_state(s.to_json())
    ev = end_round_now(s)
    assert s.patch == 1
    assert s.phase == TURN and s.current == 2
    assert of_type(ev, RoundStart)[-1].player == 2
