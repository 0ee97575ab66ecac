"""The base view's geometry on its own: zooming about the pointer, and making room about it."""
from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop.engine import new_game
from humanity_desktop.ui.views.base_view import WHEEL_STEP, BaseView

STATE = new_game(2, 3)
PANEL = pygame.Rect(300, 60, 700, 640)


def view() -> BaseView:
    base = BaseView()
    base.layout(PANEL, 1.0)
    base.grid(STATE, 0)
    return base


def spot(base: BaseView, pos) -> tuple[float, float]:
    """Where `pos` lies on the base, in cells from its first cell."""
    grid = base.grid(STATE, 0)
    return ((pos[0] - grid.origin[0]) / grid.cell, (pos[1] - grid.origin[1]) / grid.cell)


def on_screen(base: BaseView, where) -> tuple[float, float]:
    grid = base.grid(STATE, 0)
    return (grid.origin[0] + where[0] * grid.cell, grid.origin[1] + where[1] * grid.cell)


pointers = st.tuples(st.integers(PANEL.left + 10, PANEL.right - 11), st.integers(PANEL.top + 40, PANEL.bottom - 90))


@given(pointers, st.lists(st.integers(-3, 3).filter(bool), min_size=1, max_size=8))
def test_the_point_under_the_pointer_stays_under_it_however_the_wheel_turns(pos, notches):
    base = view()
    where = spot(base, pos)
    for n in notches:
        base.wheel(pos, n)
        x, y = on_screen(base, where)
        assert abs(x - pos[0]) <= 1 and abs(y - pos[1]) <= 1


@given(pointers, st.integers(-6, 6))
def test_making_room_for_a_piece_keeps_the_pointer_on_its_spot_and_zooms_out_a_wheel_step_at_most(pos, notches):
    base = view()
    base.wheel(pos, notches)
    grid = base.grid(STATE, 0)
    cell = grid.cell_at(pos)
    if cell is None:
        return
    piece, where, zoom = grid.rect(cell), spot(base, pos), base.zoom
    base.make_room(piece, pos)
    x, y = on_screen(base, where)
    assert abs(x - pos[0]) <= 1 and abs(y - pos[1]) <= 1
    assert zoom / WHEEL_STEP - 1e-9 <= base.zoom <= zoom
    if base.zoom == zoom:
        assert base.area.contains(piece)  # no room was wanted


def test_a_new_window_size_fits_the_base_at_once_rather_than_gliding_from_the_old_places():
    s = new_game(2, 3)
    base = BaseView(glides=True)
    base.layout(pygame.Rect(0, 0, 900, 700), 1.0)
    before = base.grid(s, 0)
    base.pan = (120, 0)  # as a piece landed out of sight leaves it: brought in by the least pan, still fitted
    base.layout(pygame.Rect(0, 0, 260, 200), 0.5)  # the window made much smaller: it no longer fits
    after = base.grid(s, 0)
    assert not base.moving and base.area.contains(after.box) and after.cell < before.cell
