"""End of a Round and Reset (rulebook p. 13; the published board: 8 spots, the arm on one,
the 7 hangars after it)."""
import pytest

from builders import (
    A, CAT, end_round_now, fresh, of_type, on_ring, pass_turn, play, quiet_missions, refused, remove,
    set_astronaut,
)
from humanity_desktop.table.narration import narrate
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.events import RoundReset
from humanity_desktop.engine.ring import experiment_spot, slot_spot
from humanity_desktop.engine.state import ACTIVE, BOARD, PLACE, RETURNING, TURN


def position(n=2, arm=0, hangars=None, far=True):
    s = fresh(n, seed=3)
    quiet_missions(s)
    s.arm = arm
    if hangars is not None:
        s.hangars = list(hangars)
    if far:  # the farthest spot: nobody comes home unless a test says so (or a full turn)
        for p in s.players:
            w, _, _ = p.astros[2]
            p.astros[2] = (w, BOARD, on_ring(s, 7))
    return s


def test_the_patch_passes_to_the_next_player_clockwise():
    s = position(3)
    s.patch = s.current = 2
    end_round_now(s)
    assert s.patch == 0


def test_the_two_white_cross_modules_are_removed_if_not_deployed():
    s = position()
    h = list(s.hangars)
    end_round_now(s)
    assert s.removed[-2:] == h[:2]
    assert h[0] not in s.hangars and h[1] not in s.hangars


def test_remaining_modules_shift_clockwise_without_gaps_and_empty_hangars_are_refilled():
    s = position()
    h = list(s.hangars)
    s.hangars = [h[0], None, h[2], None, h[4], h[5], None]
    deck_before = list(s.decks[0])
    end_round_now(s)
    assert s.hangars[:3] == [h[2], h[4], h[5]]
    new = s.hangars[3:]
    assert all(t is not None for t in new)
    assert sorted(new) == sorted(set(deck_before) - set(s.decks[0]))
    assert len(s.decks[0]) == len(deck_before) - 4
    assert all(CAT.tiles[t].year == 1 for t in new)


@pytest.mark.parametrize("deployed,advance", [
    ((), 2),            # nothing deployed: the two white crosses empty, 5 modules left
    ((1,), 2),          # a white-cross module was deployed: still two empty
    ((1, 2), 2),
    ((4,), 3),          # 4 left: 7 - 4
    ((3, 7), 4),
    ((1, 5, 6), 4),
    ((3, 4, 5, 6), 6),  # 1 left: the longest move short of a full turn
])
def test_the_arm_advances_by_seven_minus_the_modules_left(deployed, advance):
    s = position(arm=5)
    for k in deployed:
        s.hangars[k - 1] = None
    left = sum(1 for k, t in enumerate(s.hangars, start=1) if t and k > 2)
    ev = end_round_now(s)
    assert advance == 7 - left
    assert s.arm == (5 + advance) % 8
    assert of_type(ev, RoundReset)[0].advance == advance


def test_the_modules_left_sit_right_after_the_new_arm_under_the_white_crosses():
    s = position(arm=6)
    h = list(s.hangars)
    s.hangars[4] = None  # slots 3, 4, 6, 7 keep their modules
    end_round_now(s)
    assert s.arm == (6 + 3) % 8
    assert s.hangars[:4] == [h[2], h[3], h[5], h[6]]


def test_with_every_module_taken_the_arm_turns_all_the_way_round_and_everyone_comes_home():
    s = position(arm=3)
    s.hangars = [None] * 7
    for seat, distance in ((0, 0), (1, 4), (0, 7)):
        set_astronaut(s, seat, 1 if distance == 7 else 2, where=BOARD, pos=on_ring(s, distance))
    ev = end_round_now(s)
    assert of_type(ev, RoundReset)[0].advance == 8
    assert s.arm == 3  # back on the spot it started from
    assert all(where != BOARD for p in s.players for _, where, _ in p.astros)
    assert s.phase == PLACE


def test_overtaken_astronauts_come_home_the_one_in_front_of_the_new_arm_stays():
    s = position(arm=7)
    s.hangars[3] = None  # four modules left after the reset: the arm moves 3
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))   # in front of the OLD arm: goes home
    set_astronaut(s, 1, 2, where=BOARD, pos=on_ring(s, 2))   # overtaken
    set_astronaut(s, 1, 1, where=BOARD, pos=on_ring(s, 3))   # exactly in front of the new arm
    set_astronaut(s, 0, 1, where=BOARD, pos=on_ring(s, 7))   # not overtaken
    spot_7 = on_ring(s, 7)
    spot_3 = on_ring(s, 3)
    s.current = 0
    end_round_now(s)
    assert s.arm == (7 + 3) % 8
    p0, p1 = s.players
    assert p0.astros[2] == (2, RETURNING, None)  # overtaken: back to its owner
    assert p1.astros[2] == (2, RETURNING, None)
    assert p1.astros[1] == (2, BOARD, spot_3) and s.distance(spot_3) == 0
    assert p0.astros[1] == (2, BOARD, spot_7) and s.distance(spot_7) == 4


def test_returned_astronauts_are_placed_by_their_owners_patch_holder_first():
    s = position(n=3)
    for seat in (0, 2):
        set_astronaut(s, seat, 2, where=BOARD, pos=on_ring(s, 1))
    s.patch = s.current = 1  # the patch will pass to seat 2
    end_round_now(s)
    assert s.phase == PLACE
    assert s.placing == [2, 0]
    assert s.current == 2
    assert s.players[2].astros[2] == (2, RETURNING, None)
    play(s, A("place_astronaut", 2, (2, 0)))
    assert s.players[2].astros[2] == (2, ACTIVE, (2, 0))
    assert s.phase == PLACE and s.current == 0
    play(s, A("place_astronaut", 2, (2, 0)))
    # then the new round begins with the patch holder
    assert s.phase == TURN and s.current == 2


START_PLACES = {(-2, 0), (2, 0), (0, 2)}  # empty cells next to a starting module


def returning_position():
    s = position()
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    end_round_now(s)
    assert s.phase == PLACE and s.current == 0
    return s


def test_a_returned_astronaut_may_stand_only_next_to_a_module():
    s = returning_position()
    cells = {a.cell for a in legal_actions(s)}
    assert cells == START_PLACES
    for cell in START_PLACES:
        t = s.copy()
        play(t, A("place_astronaut", 2, cell))
        assert t.players[0].astros[2] == (2, ACTIVE, cell)


@pytest.mark.parametrize("cell,why", [
    ((-1, 2), "module"),   # next to an obstacle only: obstacles are not modules
    ((5, 5), "module"),    # next to nothing
    ((0, 0), "taken"),     # on a module
    ((0, -1), "taken"),    # on an obstacle
    ((-1, -1), "taken"),   # on another astronaut
])
def test_illegal_placements_are_refused(cell, why):
    s = returning_position()
    refused(s, A("place_astronaut", 2, cell), rule="Returning astronauts", reason=why)


def test_only_a_returning_astronaut_is_placed():
    s = returning_position()
    refused(s, A("place_astronaut", 0, (2, 0)), rule="Returning astronauts")


def test_the_space_of_a_destroyed_obstacle_can_be_used():
    s = position()
    remove(s, 0, (0, -1))
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    end_round_now(s)
    assert (0, -1) in {a.cell for a in legal_actions(s)}


def test_astronauts_in_the_bases_stay_in_place_and_become_active():
    s = position()
    cells = [[a[2] for a in p.astros[:2]] for p in s.players]
    end_round_now(s)
    assert s.phase == TURN
    for p, c in zip(s.players, cells):
        assert [a[1] for a in p.astros[:2]] == [ACTIVE, ACTIVE]
        assert [a[2] for a in p.astros[:2]] == c


def test_the_experiment_wheel_is_not_refilled_during_the_year():
    s = position()
    s.wheel[2] = None
    wheel = list(s.wheel)
    end_round_now(s)
    assert s.wheel == wheel and s.year == 1


def test_the_experiments_turn_with_the_arm_each_stays_in_line_with_its_hangar():
    s = position(arm=2)
    before = {e: s.distance(experiment_spot(s.arm, i)) for i, e in enumerate(s.wheel)}
    end_round_now(s)
    assert s.arm == 4
    after = {e: s.distance(experiment_spot(s.arm, i)) for i, e in enumerate(s.wheel)}
    assert after == before == {e: i + 1 for i, e in enumerate(s.wheel)}
    # bay i and hangar i + 1 share a spot wherever the arm is
    assert all(experiment_spot(s.arm, i) == slot_spot(s.arm, i + 1) for i in range(7))


def test_a_deck_that_runs_out_while_filling_every_hangar_does_not_end_the_year():
    s = position()
    s.decks[0] = s.decks[0][:2]
    end_round_now(s)
    assert s.year == 1
    assert s.decks[0] == []
    assert all(t is not None for t in s.hangars)


def test_a_new_round_begins_with_the_new_patch_holder():
    s = position(n=2)
    end_round_now(s)
    assert s.round == 2 and s.patch == 1 and s.current == 1 and s.phase == TURN


def test_an_astronaut_that_came_home_is_active_for_the_new_round():
    s = returning_position()
    play(s, A("place_astronaut", 2, (2, 0)))
    assert s.phase == TURN and s.current == 1
    pass_turn(s, 0)
    assert s.current == 0
    assert A("select_astronaut", 2) in legal_actions(s)


@pytest.mark.parametrize("hangars_left,told", [
    (3, "the arm moves 4 spots and 1 astronaut goes home"),
    (0, "the arm turns all the way round and 2 astronauts go home"),
])
def test_the_log_tells_how_far_the_arm_moved(hangars_left, told):
    s = position(arm=1)
    s.hangars = [None, None] + [None] * (5 - hangars_left) + s.hangars[7 - hangars_left:]
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    lines = narrate(end_round_now(s), ["Kayla", "Yuko"])
    assert any(line.endswith(told) for line in lines), lines
