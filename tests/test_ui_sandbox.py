"""The Sandbox with the mouse: a tile picked from the catalogue and set on the base, its
stock changed, the scenario saved and played against a bot, and loaded like any save."""
from __future__ import annotations

import pygame

from humanity_desktop.controller.saves import SAVES_DIR, list_saves
from humanity_desktop.engine.catalogue import load
from humanity_desktop.engine.sandbox import free_cells
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.sandbox import SandboxScene
from humanity_desktop.ui.scenes.title import TitleScene

from ui_driver import app, click, key  # noqa: F401 - app is a fixture


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
    saved = [info for info in list_saves(app.data_dir) if info.path.parent.name == SAVES_DIR]
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
