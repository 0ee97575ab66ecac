"""A. Work on the Base: activating modules and obstacles (rulebook pp. 6-7)."""
import pytest

from builders import (
    A, fresh, give_turn, module_where, of_type, on_ring, play, put, quiet_missions, refused,
    research_by, set_astronaut, solo_base,
)
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.events import ObstacleDestroyed, ObstacleWeakened, Produced, Time, WorkEnded
from humanity_desktop.engine.state import BOARD, EXHAUSTED, TURN, WORK

# The published starting base (facts sheet, section 2): astronaut 0 stands at (-1, -1).
METHANE_CELL = (1, 0)  # the starting methane module, 1 in stock of 3
ICE_CELL = (-1, 0)
OBSTACLE = (0, -1)  # resistance 3, like the two others
ASTRONAUT_0 = (-1, -1)


def start_work(s, astronaut=0):
    return play(s, A("select_astronaut", astronaut), A("work"))


def test_rulebook_methane_example():
    # "This Module has 1 methane in stock. You activate it: you spend 1 Work point to produce
    # 1 methane ... The Module now has 2 methane in stock. As your Astronaut has 2 Work points
    # and you have only spent 1, you can still spend the other point to do something more."
    s = fresh(2)
    assert s.players[0].base[METHANE_CELL][1] == 1
    ev = start_work(s)
    assert s.work_left == 2
    ev += play(s, A("activate", METHANE_CELL))
    assert s.players[0].base[METHANE_CELL] == ("s-methane", 2)
    assert s.work_left == 1
    assert s.phase == WORK and s.current == 0
    assert A("activate", ICE_CELL) in legal_actions(s)  # "you can still ... do something more"
    assert of_type(ev, Produced)[-1].stock == 2


def test_rulebook_first_turn_example_module_then_obstacle_exhausts_the_astronaut():
    s = fresh(2)
    start_work(s)
    play(s, A("activate", METHANE_CELL), A("activate", OBSTACLE))
    p = s.players[0]
    assert p.base[METHANE_CELL][1] == 2
    assert p.base[OBSTACLE][1] == 2  # lost 1 resistance point of 3
    assert p.astros[0] == (2, EXHAUSTED, ASTRONAUT_0)  # turned away, same place
    assert s.current == 1 and s.phase == TURN


def test_the_same_tile_can_be_activated_several_times_in_a_turn():
    s = fresh(2)
    start_work(s)
    play(s, A("activate", METHANE_CELL), A("activate", METHANE_CELL))
    assert s.players[0].base[METHANE_CELL][1] == 3


def test_a_module_with_full_stock_cannot_be_activated():
    s = fresh(2)
    put(s, 0, METHANE_CELL, "s-methane", 3)
    start_work(s)
    refused(s, A("activate", METHANE_CELL), rule="Work on the Base", reason="full")


def test_work_value_is_the_astronauts_work():
    s = fresh(2)
    set_astronaut(s, 0, 0, work=4, pos=ASTRONAUT_0)
    start_work(s)
    assert s.work_left == 4


def test_two_work_module_costs_two_work_points():
    s = fresh(2)
    adv = module_where(kind="production", work=2, produces="oxygen")
    put(s, 0, (3, 1), adv, 0)
    start_work(s)
    play(s, A("activate", (3, 1)))
    assert s.players[0].base[(3, 1)] == (adv, 1)
    # all work spent: the work ended by itself
    assert s.players[0].astros[0][1] == EXHAUSTED and s.current == 1


def test_two_work_module_refused_with_one_work_left():
    s = fresh(2)
    adv = module_where(kind="production", work=2, produces="oxygen")
    put(s, 0, (3, 1), adv, 0)
    start_work(s)
    play(s, A("activate", METHANE_CELL))
    assert s.work_left == 1
    refused(s, A("activate", (3, 1)), rule="Work on the Base", reason="work")


def test_obstacle_loses_one_resistance_per_activation_then_is_destroyed_for_three_research():
    # Resistance 3: three activations of 1 work each, all in one turn if the work allows.
    s = fresh(2)
    set_astronaut(s, 0, 0, work=3, pos=ASTRONAUT_0)
    start_work(s)
    for left in (2, 1):
        ev = play(s, A("activate", OBSTACLE))
        assert s.players[0].base[OBSTACLE] == ("o-2", left)
        assert of_type(ev, ObstacleWeakened)[0].resistance == left
        assert research_by(ev) == 0
    ev = play(s, A("activate", OBSTACLE))
    assert OBSTACLE not in s.players[0].base  # removed from the game, the cell is free
    assert s.players[0].research == 3
    assert research_by(ev, 0) == 3
    assert of_type(ev, ObstacleDestroyed)[0].cell == OBSTACLE


def test_an_obstacle_keeps_its_lost_resistance_between_turns():
    # A 2-work astronaut cannot destroy a fresh obstacle; the next activation, a turn later, does.
    s = fresh(2)
    quiet_missions(s)
    start_work(s)
    play(s, A("activate", OBSTACLE), A("activate", OBSTACLE))
    assert s.players[0].base[OBSTACLE][1] == 1 and s.players[0].research == 0
    assert s.current == 1
    give_turn(s, 0)
    start_work(s, 1)
    ev = play(s, A("activate", OBSTACLE))
    assert OBSTACLE not in s.players[0].base
    assert research_by(ev, 0) == 3 and s.work_left == 1


def test_unspent_work_is_lost():
    s = fresh(2)
    start_work(s)
    play(s, A("activate", METHANE_CELL))
    ev = play(s, A("end_work"))
    assert of_type(ev, WorkEnded)[0].unspent == 1
    assert s.players[0].astros[0] == (2, EXHAUSTED, ASTRONAUT_0)
    assert s.work_left == 0 and s.current == 1


def test_work_ends_by_itself_when_nothing_more_can_be_activated():
    s = fresh(2)
    solo_base(s, 0)
    put(s, 0, (0, 0), "s-methane", 2)
    start_work(s)
    play(s, A("activate", (0, 0)))  # now full, nothing else to activate
    assert s.players[0].astros[0][1] == EXHAUSTED
    assert s.phase == TURN and s.current == 1


@pytest.mark.parametrize("kind", ["research", "drone", "greenhouse"])
def test_modules_without_the_work_symbol_cannot_be_activated(kind):
    s = fresh(2)
    tid = module_where(kind=kind)
    put(s, 0, (3, 1), tid)
    start_work(s)
    refused(s, A("activate", (3, 1)), rule="Work on the Base", reason="cannot be activated")


def test_activating_an_empty_cell_is_refused():
    s = fresh(2)
    start_work(s)
    refused(s, A("activate", (5, 5)), rule="Work on the Base")


def test_time_module_moves_every_own_astronaut_beside_the_board_one_space_toward_the_arm():
    s = fresh(2)
    quiet_missions(s)
    tm = module_where(kind="production", time=True, year=1)
    put(s, 0, (3, 1), tm, 0)
    set_astronaut(s, 0, 1, where=BOARD, pos=on_ring(s, 6))
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 3))
    other_before = list(s.players[1].astros)
    start_work(s)
    ev = play(s, A("activate", (3, 1)))
    assert s.distance(s.players[0].astros[1][2]) == 5
    assert s.distance(s.players[0].astros[2][2]) == 2
    assert s.players[0].base[(3, 1)] == (tm, 0)  # the tile does not turn
    assert s.players[1].astros == other_before
    assert of_type(ev, Time)[0].units == 1


def test_time_never_moves_an_astronaut_past_the_arm():
    s = fresh(2)
    tm = module_where(kind="production", time=True, year=1)
    put(s, 0, (3, 1), tm, 0)
    set_astronaut(s, 0, 1, where=BOARD, pos=on_ring(s, 1))
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    start_work(s)
    play(s, A("activate", (3, 1)), A("activate", (3, 1)))
    assert s.distance(s.players[0].astros[1][2]) == 0
    assert s.distance(s.players[0].astros[2][2]) == 0


def test_time_module_can_be_activated_again_it_stores_nothing():
    s = fresh(2)
    tm = module_where(kind="production", time=True, year=1)
    put(s, 0, (3, 1), tm, 0)
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 7))
    start_work(s)
    play(s, A("activate", (3, 1)), A("activate", (3, 1)))
    assert s.distance(s.players[0].astros[2][2]) == 5


def test_working_means_activating_at_least_one_tile():
    # "They then use that Astronaut's Work points to activate 1 or more tiles in their Base."
    # With tiles that can be activated, stopping before the first activation is not a work action.
    s = fresh(2)
    start_work(s)
    assert any(a.kind == "activate" for a in legal_actions(s))
    refused(s, A("end_work"), rule="Work on the Base")
    play(s, A("activate", METHANE_CELL))
    play(s, A("end_work"))  # after one activation the rest may be given up
    assert s.current == 1
