"""The Sandbox with the mouse: a tile picked from the catalogue and set on the base, its
stock changed, the scenario saved and played against a bot, and loaded like any save."""
from __future__ import annotations

import math
import tempfile

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from humanity_desktop.table.describe import tile_name
from humanity_desktop.controller.saves import save_list
from humanity_desktop.storage.save_files import SAVES_DIR
from humanity_desktop.engine.catalogue import load
from humanity_desktop.engine.sandbox import free_cells
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.sandbox import SandboxScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.views.base_view import ZOOM_RANGE

from ui_driver import app, arc, click, drag, key, line, run_until  # noqa: F401 - app is a fixture


def open_sandbox(app) -> SandboxScene:
    app.stack.push(TitleScene(app))
    scene = SandboxScene(app, seed=3)
    app.stack.push(scene)
    app.step()
    return scene


def free_cell(scene: SandboxScene):
    return sorted(free_cells(scene.state.players[0]))[0]


def button(scene: SandboxScene, start: str):
    return next(b for b in scene.buttons if b.label.startswith(start))


def test_a_catalogue_tile_is_picked_and_set_on_a_free_cell_then_its_stock_changed(app):
    scene = open_sandbox(app)
    tid, rect = next((t, r) for t, r in scene._palette_cells() if load().tiles[t].kind == "production" and load().tiles[t].year)
    click(app, rect.center)
    assert scene.picked == tid
    cell = free_cell(scene)
    click(app, scene.base.cell_center(scene.state, 0, cell))
    assert scene.state.players[0].base[cell] == (tid, 0)
    assert all(tid not in deck for deck in scene.state.decks) and tid not in scene.state.hangars
    scene.picked = None
    click(app, scene.base.cell_center(scene.state, 0, cell))  # select it
    key(app, pygame.K_PLUS, text="+")
    assert scene.state.players[0].base[cell] == (tid, 1)
    click(app, scene.base.cell_center(scene.state, 0, cell), button=3)  # right click: remove
    assert cell not in scene.state.players[0].base


def test_an_impossible_edit_says_why_and_changes_nothing(app):
    scene = open_sandbox(app)
    tid, rect = next(iter(scene._palette_cells()))
    click(app, rect.center)
    before = scene.state.copy()
    far = scene.base.grid(scene.state, 0)
    corner = next(c for c in far.cells() if c not in free_cells(scene.state.players[0]) and c not in scene.state.players[0].base
                  and all(pos != c for _, _, pos in scene.state.players[0].astros))
    click(app, far.rect(corner).center)
    assert scene.state == before and scene.message.startswith("Not possible")


def test_a_scenario_is_saved_listed_by_load_and_played_against_a_bot(app):
    scene = open_sandbox(app)
    tid, rect = next((t, r) for t, r in scene._palette_cells() if load().tiles[t].year == 3)
    click(app, rect.center)
    cell = free_cell(scene)
    click(app, scene.base.cell_center(scene.state, 0, cell))
    click(app, button(scene, "Play from here").rect.center)
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.match.state.players[0].base[cell][0] == tid
    assert [s.is_bot for s in game.match.seats] == [False, True]
    saved = [info for info in save_list(app.data_dir).refresh() if info.path.parent.name == SAVES_DIR]
    assert any(info.path.name.startswith("scenario_") for info in saved)
    # Loaded again through the same checks as any save: the same position.
    path = next(info.path for info in saved if info.path.name.startswith("scenario_"))
    assert app.session.load_match(path).state.players[0].base[cell][0] == tid


def test_placing_a_tile_moves_no_cell_under_the_pointer(app):
    scene = open_sandbox(app)
    tid, rect = next((t, r) for t, r in scene._palette_cells() if load().tiles[t].kind == "production" and load().tiles[t].year)
    for _ in range(4):  # a few placements, each next to the base
        s = scene.state
        where = {cell: scene.base.cell_center(s, 0, cell) for cell in s.players[0].base}
        click(app, rect.center)
        cell = free_cell(scene)
        click(app, scene.base.cell_center(s, 0, cell))
        app.step()
        assert {c: scene.base.cell_center(scene.state, 0, c) for c in where} == where


def deck_tiles(scene: SandboxScene) -> list:
    """Catalogue tiles from the years' decks (each one of a kind) in sight in the catalogue."""
    return [(t, r) for t, r in scene._palette_cells()
            if load().tiles[t].year and scene.palette_rect.contains(r)]


def rest(app, scene: SandboxScene) -> None:
    assert run_until(app, lambda: not scene.editor.active), "the piece never came to rest"


def test_a_catalogue_tile_dragged_onto_a_free_cell_is_placed_and_elsewhere_comes_back(app):
    scene = open_sandbox(app)
    tid, rect = deck_tiles(scene)[0]
    cell = free_cell(scene)
    drag(app, line(rect.center, scene.base.cell_center(scene.state, 0, cell), 14))
    rest(app, scene)
    assert scene.state.players[0].base[cell] == (tid, 0) and scene.message == f"{tile_name(tid)} placed."
    before = scene.state.copy()
    taken = next(iter(scene.state.players[0].base))
    drag(app, line(rect.center, scene.base.cell_center(scene.state, 0, taken), 14))
    rest(app, scene)
    assert scene.state == before and scene.message == "Not possible: that cell is taken."
    drag(app, line(rect.center, (scene.side_rect.centerx, scene.side_rect.top + 20), 14))  # off the base
    rest(app, scene)
    assert scene.state == before


def turned(app, scene: SandboxScene, cell, degrees: float) -> None:
    """Grab the tile near its edge and turn it by `degrees` (positive: clockwise)."""
    rect = scene.base.cell_rect(scene.state, 0, cell)
    drag(app, arc(rect.center, rect.w * 0.4, degrees))
    rest(app, scene)


def test_dragging_a_tiles_edge_turns_it_as_in_play_and_a_still_press_selects_it(app):
    scene = open_sandbox(app)
    base, cat = scene.state.players[0].base, load()
    module, (tid, stock) = next((c, t) for c, t in base.items() if cat.tiles[t[0]].kind == "production"
                                and t[1] < cat.tiles[t[0]].max_stock)
    turned(app, scene, module, 100)  # clockwise works it: a unit more
    assert base[module] == (tid, stock + 1) and scene.message == f"Stock set to {stock + 1}."
    turned(app, scene, module, -100)  # counterclockwise spends the unit
    assert base[module] == (tid, stock)
    obstacle = next(c for c, (t, _) in base.items() if cat.tiles[t].kind == "obstacle")
    resistance = base[obstacle][1]
    turned(app, scene, obstacle, 100)  # working an obstacle wears it down
    assert base[obstacle][1] == resistance - 1
    before = scene.state.copy()
    turned(app, scene, obstacle, -100)  # nothing to spend: it budges, springs back, and says why
    assert scene.state == before and scene.message == "Not possible: an obstacle holds nothing to spend."
    click(app, scene.base.cell_center(scene.state, 0, module))
    rest(app, scene)
    assert scene.selected is not None and scene.selected.ref == module


placements = st.lists(st.tuples(st.integers(0, 10**6), st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.booleans()),
                      min_size=2, max_size=6)


@pytest.mark.parametrize("size", [(1024, 576), (1920, 1080)])
def test_the_spot_clicked_to_place_a_tile_stays_under_the_pointer(size):
    """Placing tiles, by a click or a drag, on cells in reach anywhere round the base: the
    spot of the cell under the pointer stays there, the cell moving a tenth of itself at most;
    a tile put hanging over the panel's edge opens the view about the pointer."""
    app = App(AppConfig(data_dir=tempfile.mkdtemp(), size=size, max_fps=0, pace="instant", anim_speed=50.0))

    @settings(max_examples=8)
    @given(placements)
    def placing(steps):
        scene = open_sandbox(app)
        area = scene.base.area
        for k, (choice, fx, fy, dragged) in enumerate(steps):
            tid, rect = deck_tiles(scene)[k]
            grid = scene.base.grid(scene.state, 0)
            reach = [(c, grid.rect(c).clip(area)) for c in sorted(free_cells(scene.state.players[0]))]
            reach = [(c, r) for c, r in reach if r.w > 2 and r.h > 2]
            cell, visible = reach[choice % len(reach)]
            pos = (visible.x + 1 + fx * (visible.w - 3), visible.y + 1 + fy * (visible.h - 3))
            before = grid.rect(cell)
            spot = ((round(pos[0]) - before.x) / before.w, (round(pos[1]) - before.y) / before.h)
            if dragged:
                drag(app, line(rect.center, pos, 12))
                rest(app, scene)
            else:
                click(app, rect.center)
                click(app, pos)
            assert scene.state.players[0].base[cell] == (tid, 0), scene.message
            after = scene.base.grid(scene.state, 0).rect(cell)
            there = (after.x + spot[0] * after.w, after.y + spot[1] * after.h)
            assert math.dist(there, (round(pos[0]), round(pos[1]))) <= 2
            assert math.dist(after.center, before.center) <= before.w / 10 + 1
            assert area.contains(before) or after.w < before.w or scene.base.zoom <= ZOOM_RANGE[0]
        app.stack.pop()
        app.stack.pop()

    try:
        placing()
    finally:
        app.close()
