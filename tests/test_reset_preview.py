"""The reset preview (the engine's plan of the reset) agrees with the real reset on built
positions: the same arm spot, the same modules leaving and sliding, the same astronauts sent
home, as the board shows them after the round ends and as the controller reports them."""
from dataclasses import replace

import pytest

from builders import end_round_now, fresh, on_ring, quiet_missions, set_astronaut
from humanity_desktop.table.reset_info import ResetInfo, reset_infos
from humanity_desktop.engine.flow import plan_reset
from humanity_desktop.engine.ring import RING, slot_spot
from humanity_desktop.engine.state import BOARD, RETURNING


def position(arm: int, keep: tuple, distances: tuple) -> object:
    """Modules only in the hangar slots `keep`; seat k's third astronaut `distances[k]` spots
    past the arm."""
    s = fresh(len(distances), seed=5)
    quiet_missions(s)
    s.arm = arm
    s.hangars = [tile if slot in keep else None for slot, tile in enumerate(s.hangars, start=1)]
    for seat, d in enumerate(distances):
        set_astronaut(s, seat, 2, where=BOARD, pos=on_ring(s, d))
    return s


CASES = {
    "nothing taken": ((1, 2, 3, 4, 5, 6, 7), (7, 6)),
    "a white cross taken": ((2, 3, 4, 5, 6, 7), (2, 1)),
    "astronauts before, on and past the stop": ((1, 3, 5, 6), (0, 3, 4, 5)),
    "the one in front of the arm": ((3, 4, 5, 6, 7), (0, 7, 2)),
    "full turn": ((1, 2), (0, 4, 7)),
    "full turn, empty ring": ((), (3, 6)),
}


@pytest.mark.parametrize("arm", (0, 5))
@pytest.mark.parametrize("case", CASES)
def test_the_preview_matches_the_engines_reset(case, arm):
    keep, distances = CASES[case]
    s = position(arm, keep, distances)
    before = s.copy()
    preview = plan_reset(s)
    [(_, info)] = reset_infos(end_round_now(s))
    assert preview.arm_from == before.arm and preview.arm_to == s.arm == info.arm_to
    assert [tile for _, tile in preview.left] == s.removed[len(before.removed):]
    assert [tile for tile, _ in info.leaving] == [tile for _, tile in preview.left]
    assert sorted(slot_spot(arm, slot) for slot, _ in preview.left) == sorted(sp for _, sp in info.leaving)
    assert s.hangars[:len(preview.kept)] == [tile for _, tile in preview.kept]
    assert [tile for tile, _, _ in info.sliding] == [tile for _, tile in preview.kept]
    assert sorted(preview.sent_home) == sorted(info.returned)
    assert all(s.players[p].astros[i][1] == RETURNING for p, i, _ in preview.sent_home)
    # The preview's record is the animation's, but for what the deck deals after the slide.
    assert ResetInfo.coming(before) == replace(info, arriving=(), experiments_from=(), experiments_to=())
    assert info.advance == preview.advance


def test_a_full_turn_is_previewed_as_eight_spots_sending_everyone_home():
    s = position(3, (1, 2), (0, 4, 7))
    preview = plan_reset(s)
    assert preview.advance == RING and preview.arm_to == preview.arm_from
    board = [(p, i, pos) for p, pl in enumerate(s.players) for i, (_, w, pos) in enumerate(pl.astros) if w == BOARD]
    assert sorted(preview.sent_home) == sorted(board) and len(board) == 3


def test_an_astronaut_where_the_arm_stops_stays():
    s = position(0, (3, 4, 5, 6, 7), (0, 2, 3))  # 5 modules left: the arm moves 2
    preview = plan_reset(s)
    assert preview.advance == 2
    assert [seat for seat, _, _ in preview.sent_home] == [0]
