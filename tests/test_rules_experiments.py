"""C. Carry out an Experiment: groups, Year 3 VP, research and effects (rulebook pp. 11-12, 14)."""
import itertools

import pytest

from builders import (
    A, CAT, INSECT, PROTEIN, bank, experiment, experiment_where, experiments_where, fresh, of_type,
    on_ring, park, pay_all, play, quiet_missions, refused, research_by, set_astronaut, solo_base, spend, vp_by,
)
from humanity_desktop.engine.catalogue import RESOURCES
from humanity_desktop.engine.events import Reactivated
from humanity_desktop.engine.scoring import SIDE_BITS, join_group
from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED, TURN


def position(exps, seat=0, extra_supply=()):
    """Seat 0 to play with an empty base, the experiments `exps` on wheel indices 0.., and
    exactly their costs in stock far away."""
    s = fresh(2)
    quiet_missions(s, ("B1", "B2", "B3"))
    solo_base(s, seat)
    for i, eid in enumerate(exps):
        s.wheel[i] = eid
        for r, n in CAT.experiments[eid].cost:
            bank(s, seat, RESOURCES[r], n)
    for res, n in extra_supply:
        bank(s, seat, res, n)
    s.current = seat
    return s


def plain(side, year=1):
    return experiment_where(side=side, year=year, effect=None)


@pytest.mark.parametrize("groups,side,expected", [
    ([], "left", 0),              # first of a group: no points
    ([1], "center", 1),           # second of a group: 1 point
    ([1 | 2], "right", 2),        # third of a group: 2 points
    ([1], "left", 0),             # same side again starts a new group
    ([1 | 2 | 4], "left", 0),     # a complete group is closed
    ([1, 1 | 4], "center", 2),    # several groups at once: the fuller one is completed
])
def test_experiment_groups_score_zero_one_two(groups, side, expected):
    s = position([plain(side)])
    s.players[0].groups = list(groups)
    ev = experiment(s, 0, 0)
    assert vp_by(ev, "experiment_group", 0) == expected


def test_a_complete_group_of_three_sides_is_worth_three_in_any_order():
    s = position([plain("right"), plain("left"), plain("center")])
    s.players[0].astros[2] = (2, ACTIVE, (-10, -14))
    park(s, 1)
    ev0 = experiment(s, 0, 0)
    ev1 = experiment(s, 1, 1)
    ev2 = experiment(s, 2, 2)
    assert [vp_by(e, "experiment_group", 0) for e in (ev0, ev1, ev2)] == [0, 1, 2]
    assert s.players[0].ledger["experiment_group"] == 3


def best_total(groups: tuple[int, ...], sides: tuple[str, ...]) -> int:
    """The most an order of experiments can score over the game, trying every group each one
    could join (any group lacking its side, or a new one only when none does)."""
    if not sides:
        return 0
    bit = SIDE_BITS[sides[0]]
    open_groups = [i for i, g in enumerate(groups) if not g & bit]
    if not open_groups:
        return best_total(groups + (bit,), sides[1:])
    return max(bin(groups[i]).count("1") + best_total(groups[:i] + (groups[i] | bit,) + groups[i + 1:], sides[1:])
               for i in open_groups)


def test_joining_the_fullest_group_scores_the_most_over_the_game_for_every_order_of_up_to_seven():
    for n in range(1, 8):
        for sides in itertools.product(SIDE_BITS, repeat=n):
            groups: list[int] = []
            assert sum(join_group(groups, side) for side in sides) == best_total((), sides), sides


def test_the_experiment_leaves_the_wheel_and_is_kept_by_the_player():
    eid = plain("left")
    s = position([eid])
    experiment(s, 0, 0)
    assert s.wheel[0] is None
    assert s.players[0].experiments == [eid]


@pytest.mark.parametrize("index", range(7))
def test_the_astronaut_goes_in_front_of_the_experiment(index):
    eid = plain("center")
    s = position([])
    s.wheel[index] = eid
    for r, n in CAT.experiments[eid].cost:
        bank(s, 0, RESOURCES[r], n)
    s.arm = 3
    experiment(s, 0, index)
    w, where, spot = s.players[0].astros[0]
    # bay i is in line with hangar i + 1: the same spot, i + 1 past the arm
    assert where == BOARD and spot == (3 + index + 1) % 8 and s.distance(spot) == index + 1


def test_experiment_gives_its_research_points():
    eid = plain("right")
    s = position([eid])
    ev = experiment(s, 0, 0)
    assert s.players[0].research == CAT.experiments[eid].research
    assert research_by(ev, 0) == CAT.experiments[eid].research


@pytest.mark.parametrize("eid", experiments_where(year=3))
def test_year_three_experiments_give_one_victory_point_immediately(eid):
    s = position([eid])
    ev = experiment(s, 0, 0)
    assert vp_by(ev, "experiment_vp", 0) == 1


@pytest.mark.parametrize("eid", experiments_where(year=1) + experiments_where(year=2))
def test_year_one_and_two_experiments_give_no_printed_victory_point(eid):
    s = position([eid])
    ev = experiment(s, 0, 0)
    assert vp_by(ev, "experiment_vp") == 0


def test_reactivate_turns_every_exhausted_base_astronaut_active_from_the_next_turn():
    eid = experiment_where(year=1, effect="reactivate")
    s = position([eid])
    set_astronaut(s, 0, 1, where=EXHAUSTED, pos=(-10, -12))
    ev = experiment(s, 0, 0)
    p = s.players[0]
    assert p.astros[1] == (2, ACTIVE, (-10, -12))
    assert p.astros[0][1] == BOARD  # the one who carried it out stays beside the board
    assert p.astros[2][1] == BOARD
    assert of_type(ev, Reactivated)[0].count == 1
    # the turn passes on first
    assert s.current == 1 and s.phase == TURN


def test_reactivate_with_no_astronaut_to_reactivate_is_lost():
    eid = experiment_where(year=1, effect="reactivate")
    s = position([eid])
    before = list(s.players[0].astros[1:])
    ev = experiment(s, 0, 0)
    assert of_type(ev, Reactivated)[0].count == 0
    assert s.players[0].astros[1:] == before


def test_rulebook_example_three_insects_for_protein_research_vp_and_reactivation():
    # Year 3 experiment with a protein in its cost and the reactivate effect.
    eid = experiment_where(year=3, effect="reactivate", pred=lambda e: dict(e.cost).get(PROTEIN) == 1)
    spec = CAT.experiments[eid]
    s = position([])
    s.wheel[0] = eid
    insects = bank(s, 0, "insect", 3)
    for r, n in spec.cost:
        if r != PROTEIN:
            bank(s, 0, RESOURCES[r], n)
    set_astronaut(s, 0, 1, where=EXHAUSTED, pos=(-10, -12))
    play(s, A("select_astronaut", 0), A("choose_experiment", 0))
    ev = play(s, *[spend(insects[0], INSECT, PROTEIN)] * 3)
    assert s.need[PROTEIN] == 0
    ev += pay_all(s)
    assert s.players[0].research == spec.research
    assert vp_by(ev, "experiment_vp", 0) == 1
    assert s.players[0].astros[1][1] == ACTIVE


def test_two_time_units_move_every_own_astronaut_beside_the_board_including_the_new_one():
    eid = experiment_where(year=1, effect="time2")
    s = position([])
    s.arm = 0
    s.wheel[5] = eid  # in line with hangar 6
    for r, n in CAT.experiments[eid].cost:
        bank(s, 0, RESOURCES[r], n)
    set_astronaut(s, 0, 1, where=BOARD, pos=on_ring(s, 7))
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 3))
    other = list(s.players[1].astros)
    experiment(s, 0, 5)
    p = s.players[0]
    assert [s.distance(a[2]) for a in p.astros] == [4, 5, 1]
    assert s.players[1].astros == other


def test_two_time_units_never_move_an_astronaut_past_the_arm():
    eid = experiment_where(year=1, effect="time2")
    s = position([])
    s.arm = 0
    s.wheel[0] = eid  # in line with hangar 1: only one step from the arm
    for r, n in CAT.experiments[eid].cost:
        bank(s, 0, RESOURCES[r], n)
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    experiment(s, 0, 0)
    assert [s.distance(a[2]) for a in s.players[0].astros if a[1] == BOARD] == [0, 0]


def test_an_experiment_already_carried_out_cannot_be_chosen():
    s = position([plain("left")])
    s.wheel[1] = None
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_experiment", 1), rule="Carry out an Experiment", reason="no experiment")


def test_an_experiment_can_be_chosen_with_another_astronaut_in_front_of_it():
    s = position([plain("left")])
    set_astronaut(s, 1, 2, where=BOARD, pos=on_ring(s, 1))
    experiment(s, 0, 0)
    assert s.players[0].astros[0][2] == s.players[1].astros[2][2]


def test_after_the_arm_moves_an_experiment_still_sends_its_astronaut_to_its_hangars_spot():
    # the wheel turns with the arm: bay i stays in line with hangar i + 1 all year
    eid = experiment_where(year=1, effect="time2")
    s = position([])
    s.arm = 4
    s.wheel[6] = eid  # in line with hangar 7
    for r, n in CAT.experiments[eid].cost:
        bank(s, 0, RESOURCES[r], n)
    experiment(s, 0, 6)
    spot = s.players[0].astros[0][2]
    assert s.distance(spot) == 7 - 2  # placed in line with hangar 7, then 2 time units
    assert spot == (4 + 5) % 8
