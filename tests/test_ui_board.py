"""The main board view on the published geometry: 8 spots, the wheel turning with the arm."""
from __future__ import annotations

import itertools
import math

import pygame
import pytest

from humanity_desktop.table.reset_info import ResetInfo
from humanity_desktop.engine import new_game
from humanity_desktop.engine.ring import HANGARS, RING
from humanity_desktop.engine.state import BOARD
from humanity_desktop.table.targets import RING_ASTRO, Target
from humanity_desktop.ui.views.board_view import BoardFrame, BoardView


@pytest.fixture
def board() -> BoardView:
    view = BoardView()
    view.layout(pygame.Rect(0, 0, 500, 500), 1.0)  # the board's size on a 1280x720 screen
    return view


def bearing(view: BoardView, point) -> float:
    return math.atan2(point[1] - view.c[1], point[0] - view.c[0])


@pytest.mark.parametrize("arm", range(RING))
def test_each_experiment_sits_in_line_with_the_hangar_after_its_bay(board, arm):
    s = new_game(2, 1)
    s.arm = arm
    for i in range(HANGARS):
        assert bearing(board, board.experiment_center(s, i)) == pytest.approx(
            bearing(board, board.hangar_center(s, i + 1)), abs=1e-9)


def test_spot_zero_is_at_the_bottom_and_spots_go_clockwise(board):
    s = new_game(2, 1)
    s.arm = 0  # so hangar k is on spot k
    (x1, y1), (x2, y2), (x4, y4) = (board.hangar_center(s, k) for k in (1, 2, 4))
    cx, cy = board.c
    assert x1 < cx and y1 > cy  # bottom left
    assert x2 < cx and y2 == pytest.approx(cy)  # left
    assert x4 == pytest.approx(cx) and y4 < cy  # top
    assert board.point(0, 1.0)[1] > cy  # the arm's spot at setup: bottom


@pytest.mark.parametrize("arm", range(RING))
def test_ring_tiles_neither_overlap_nor_leave_the_board(board, arm):
    s = new_game(2, 1)
    s.arm = arm
    rects = [board.tile_rect(s.arm + k) for k in range(1, HANGARS + 1)]
    rects += [board.exp_rect(board.bay_space(s.arm, i)) for i in range(HANGARS)]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    for r in rects:
        for corner in (r.topleft, r.topright, r.bottomleft, r.bottomright):
            assert math.dist(corner, board.c) < board.r * 0.9  # inside the astronauts' walkway


def test_tiles_are_big_enough_for_readable_cost_icons_at_1280x720(board):
    assert board.tile >= 68 and board.exp >= 50


def test_astronauts_sharing_a_spot_stand_apart_and_each_can_be_pointed_at(board):
    s = new_game(4, 1)
    for p in range(4):  # every seat's third astronaut on spot 3
        work, _, _ = s.players[p].astros[2]
        s.players[p].astros[2] = (work, BOARD, 3)
    points = [board.astro_point(3, k, 4) for k in range(4)]
    for a, b in itertools.combinations(points, 2):
        assert math.dist(a, b) >= board.astro * 0.9
    for p, point in enumerate(points):
        assert board.hit(point, s) == Target(RING_ASTRO, p, 2)


def test_a_reset_that_ends_where_it_began_is_a_full_turn():
    full = ResetInfo(arm_from=5, arm_to=5, leaving=(), sliding=(), arriving=(), returned=())
    short = ResetInfo(arm_from=6, arm_to=1, leaving=(), sliding=(), arriving=(), returned=())
    assert full.advance == RING and short.advance == 3


def test_the_arm_swings_through_every_spot_of_a_full_turn(board):
    s = new_game(2, 1)
    full = ResetInfo(arm_from=s.arm, arm_to=s.arm, leaving=(), sliding=(), arriving=(), returned=())
    positions = [board._arm_space(BoardFrame(s, (0, 1), t=t / 20, reset=full)) for t in range(21)]
    assert positions[0] == s.arm and positions[-1] == pytest.approx(s.arm + RING)
    assert positions == sorted(positions)
