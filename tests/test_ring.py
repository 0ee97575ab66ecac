"""The ring's arithmetic (engine/ring.py): spots clockwise of one another, the wheel's bays in
line with the hangars, and the least the arm can move at a reset."""
from humanity_desktop.engine.ring import (
    HANGARS, RING, SHORTEST_MOVE, WHEEL_BAYS, WHITE_CROSSES, arm_move, bay_slot, clockwise, distance,
    experiment_spot, overtaken, slot_spot, surely_overtaken,
)

# At a reset the modules under the white crosses have left: at most the others stay.
POSSIBLE_LEFT = range(HANGARS - len(WHITE_CROSSES) + 1)


def test_clockwise_wraps_round_the_ring_and_distance_measures_it_back() -> None:
    for spot in range(RING):
        for steps in range(2 * RING):
            after = clockwise(spot, steps)
            assert 0 <= after < RING and distance(spot, after) == steps % RING


def test_each_wheel_bay_lies_in_line_with_the_next_hangar_wherever_the_arm_is() -> None:
    assert [bay_slot(i) for i in range(WHEEL_BAYS)] == list(range(1, HANGARS + 1))
    for arm in range(RING):
        assert [experiment_spot(arm, i) for i in range(WHEEL_BAYS)] == [slot_spot(arm, i + 1) for i in range(WHEEL_BAYS)]


def test_the_arm_moves_at_least_as_many_spots_as_there_are_white_crosses() -> None:
    assert SHORTEST_MOVE == min(arm_move(left) for left in POSSIBLE_LEFT) == len(WHITE_CROSSES)


def test_an_astronaut_is_surely_overtaken_when_every_possible_move_passes_it() -> None:
    for arm in range(RING):
        for spot in range(RING):
            every = all(overtaken(arm, spot, arm_move(left)) for left in POSSIBLE_LEFT)
            assert surely_overtaken(arm, spot) == every
