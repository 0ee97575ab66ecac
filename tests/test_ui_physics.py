"""The feel of the pieces: a carried piece follows and tilts, lands and settles; a turned
tile snaps to its quarter or, when the rules forbid it, budges and springs back; and all
of it moves the same whatever the frame rate."""
from __future__ import annotations

import math

from humanity_desktop.ui.physics import QUARTER, Carry, Crumble, StepClock, TileTurn


def carry_run(fps: int) -> list[tuple[float, float, float]]:
    """A piece swept right for a quarter second then dropped, drawn at `fps`; the pointer
    reports 30 times a second in both runs, and the piece is sampled as often."""
    piece = Carry((100, 100), (120, 120), (100, 80))
    samples = []
    per_report = fps // 30
    for report in range(30):  # one second
        t = report / 30
        if t < 0.25:
            piece.point((100 + 1200 * t, 80))
        elif piece.target is None:
            piece.land((500, 300))
        for _ in range(per_report):
            piece.step(1 / fps)
        samples.append((*piece.position, piece.angle))
    return samples


def test_a_carried_piece_moves_the_same_at_any_frame_rate():
    slow, fast = carry_run(30), carry_run(240)
    assert len(slow) == len(fast) == 30
    for a, b in zip(slow, fast):
        assert math.dist(a[:2], b[:2]) < 1.0 and abs(a[2] - b[2]) < 0.01


def test_a_carried_piece_tilts_as_it_moves_and_hangs_straight_when_still():
    piece = Carry((100, 100), (120, 120), (100, 80))
    tilt = 0.0
    for frame in range(15):
        piece.point((100 + 20 * frame, 80))
        piece.step(1 / 60)
        tilt = max(tilt, abs(piece.angle))
    assert math.radians(5) < tilt < math.radians(40)
    for _ in range(120):
        piece.step(1 / 60)
    assert abs(piece.angle) < math.radians(1)
    assert math.dist(piece.position, (380, 100)) < 1  # held where it was grabbed, below the pointer


def test_a_dropped_piece_settles_on_its_target():
    piece = Carry((0, 0), (100, 100), (0, -20))
    piece.point((300, 100))
    piece.step(0.1)
    assert not piece.settled  # not let go yet
    piece.land((200, 200))
    for _ in range(120):
        piece.step(1 / 60)
    assert piece.settled and math.dist(piece.position, (200, 200)) < 1


def test_a_tile_turned_past_half_a_quarter_snaps_to_it_and_short_of_it_springs_back():
    for turned_by, ends in ((60, QUARTER), (30, 0.0)):
        tile = TileTurn((0, 0), 100, 1, allowed=True)
        tile.grab((50, 0))
        tile.point((50 * math.cos(math.radians(turned_by)), 50 * math.sin(math.radians(turned_by))))
        tile.release()
        for _ in range(60):
            tile.step(1 / 60)
        assert abs(tile.angle - ends) < 0.05
        assert tile.turned == (ends != 0) and tile.back == (ends == 0)


def test_a_tile_turns_only_its_own_way():
    tile = TileTurn((0, 0), 100, -1, allowed=True)  # counterclockwise: spending
    tile.grab((50, 0))
    tile.point((0, 50))  # a clockwise pull
    tile.step(0.2)
    assert abs(tile.angle) < 0.01


def test_a_tile_the_rules_forbid_budges_a_little_and_springs_back():
    tile = TileTurn((0, 0), 100, 1, allowed=False)
    tile.grab((50, 0))
    most = 0.0
    for frame in range(30):
        a = math.radians(3 * frame)
        tile.point((50 * math.cos(a), 50 * math.sin(a)))
        tile.step(1 / 60)
        most = max(most, tile.angle)
    assert 0.05 < most <= math.radians(10)
    tile.release()
    for _ in range(60):
        tile.step(1 / 60)
    assert tile.back and not tile.turned


def test_the_clock_gives_whole_fixed_steps_and_skips_a_long_stall():
    clock = StepClock()
    assert sum(clock.steps(1 / 60) for _ in range(60)) in (239, 240)
    assert clock.steps(5.0) < 30


def test_a_crumbling_obstacle_bursts_out_then_falls_and_breaks_the_same_way_every_time():
    runs = []
    for _ in range(2):
        crumble = Crumble((100, 100), 90, seed=7)
        start = crumble.pieces()
        for _ in range(6):
            crumble.step(1 / 60)
        early = crumble.pieces()
        for _ in range(36):
            crumble.step(1 / 60)
        runs.append(crumble.pieces())
    assert runs[0] == runs[1]
    assert len(start) == Crumble.PARTS ** 2
    spread = [math.dist(p[2], (100, 100)) for p in early]
    assert sum(spread) > sum(math.dist(p[2], (100, 100)) for p in start)  # outwards first
    assert all(late[2][1] > first[2][1] for late, first in zip(runs[0], start))  # then down


def test_a_small_piece_let_go_mid_swing_settles_instead_of_orbiting_its_cell():
    piece = Carry((1089, 717), (46, 46), (1089, 717))
    for k in range(15):  # flung up and left at about 2,000 px/s
        piece.point((1089 - 365 * k / 14, 717 - 326 * k / 14))
        piece.step(1 / 60)
    piece.land((724, 391))
    for _ in range(60):
        piece.step(1 / 60)
    assert piece.settled
