"""The base worked by hand: real pygame button-down, motion and button-up events posted to
a headless window, and the engine actions they become (or the refusals, with nothing changed)."""
from __future__ import annotations

import math
import random

import pygame
import pytest

from humanity_desktop.controller import ActionApplied, ActionRefused, ActionRequested
from humanity_desktop.engine import Action, apply_action, legal_actions, new_game
from humanity_desktop.engine.state import ACTION, PAY, PLACE, RETURNING, WORK
from humanity_desktop.table.model import Table
from humanity_desktop.ui import theme
from humanity_desktop.ui.scenes import game_input
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.views.hint_overlay import target_rect
from humanity_desktop.ui.views.base_view import MAX_CELL, ZOOM_RANGE, base_cells, bounds, fit_grid

from ui_driver import (  # noqa: F401 - app is a fixture
    app,
    applied,
    arc,
    astronaut_pos,
    beats_seen,
    button,
    click,
    drag,
    key,
    line,
    move,
    play,
    reach,
    settle,
    start,
    wheel,
)


def played_by(game: GameScene, seat: int) -> list:
    """The actions the match applies for `seat` from now on (the bots play on meanwhile)."""
    seen: list = []
    game.match.bus.subscribe(ActionApplied, lambda e: seen.append(e.action) if e.seat == seat else None)
    return seen


def refusals(game: GameScene) -> list:
    seen: list = []
    game.match.bus.subscribe(ActionRefused, seen.append)
    return seen


def working(app, seed: int = 7) -> GameScene:
    """A human's turn, its first astronaut working on the base."""
    game = start(app, "human,bot:random", seed)
    click(app, astronaut_pos(game, 0))
    click(app, button(game, "Work").rect.center)
    settle(app, game)
    assert game.match.state.phase == WORK
    return game


def choosing(app, seed: int = 11) -> GameScene:
    """A human's turn, an astronaut chosen, a module to deploy."""
    game = start(app, "human,bot:random", seed)
    click(app, astronaut_pos(game, 0))
    settle(app, game)
    assert game.match.state.phase == ACTION
    return game


def turn_tile(app, game: GameScene, cell, degrees: float) -> None:
    """Grab the tile near its edge and turn it by `degrees` (positive: clockwise)."""
    s = game.match.state
    rect = game.views.base.cell_rect(s, s.current, cell)
    drag(app, arc(rect.center, rect.w * 0.4, degrees))
    settle(app, game)


def hangar_to_cell(app, game: GameScene, slot: int, cell) -> None:
    s = game.match.state
    drag(app, line(game.views.board.hangar_center(s, slot), game.views.base.cell_center(s, s.current, cell), 16))
    settle(app, game)


def pick_first_choice(app) -> None:
    """A unit that could be spent several ways asks the player; take the first answer."""
    if not isinstance(app.stack.top, GameScene):
        click(app, app.stack.top.buttons[0].rect.center)


# ---------------------------------------------------------------- work on the base


def test_a_whole_work_on_the_base_by_turning_tiles_clockwise(app):
    game = working(app)
    actions = played_by(game, 0)
    m = game.match
    s = m.state
    turned = 0
    while m.pending is None:
        cell = next(a.cell for a in legal_actions(s) if a.kind == "activate")
        before = s.work_left
        turn_tile(app, game, cell, 100)
        turned += 1
        if m.pending is None:
            assert actions[-1] == Action("activate", cell) and s.work_left < before
    # The last turn used the work up: the turn waits for the player's word, then passes.
    assert m.pending.action.kind == "activate" and s.phase == WORK
    click(app, button(game, "Confirm turn").rect.center)
    assert s.current != 0 or s.turn > 1
    assert turned >= 1 and [a.kind for a in actions].count("activate") == turned


def test_a_turn_let_go_before_half_a_quarter_springs_back_and_does_nothing(app):
    game = working(app)
    before = game.match.state.copy()
    actions = applied(game)
    cell = next(a.cell for a in legal_actions(game.match.state) if a.kind == "activate")
    turn_tile(app, game, cell, 30)
    assert actions == [] and game.match.state == before


def test_a_tile_the_rules_will_not_let_turn_budges_springs_back_and_names_the_rule(app):
    game = choosing(app)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    click(app, game.views.board.hangar_center(s, slot))
    assert s.phase == PAY
    before = s.copy()
    refused = refusals(game)
    obstacle = next(c for c, (tid, _) in s.players[s.current].base.items() if tid.startswith("o-"))
    turn_tile(app, game, obstacle, -100)  # an obstacle holds nothing to spend
    assert refused and refused[-1].action.kind == "spend" and refused[-1].action.cell == obstacle
    assert game.match.state == before
    assert [t.text for t in game.frame.toasts.items] == [f"Paying: {refused[-1].reason.format(**refused[-1].values)}"]


def test_r_turns_the_hovered_tile_and_enter_ends_the_work(app):
    game = working(app)
    actions = played_by(game, 0)
    s = game.match.state
    cell = next(a.cell for a in legal_actions(s) if a.kind == "activate")
    move(app, game.views.base.cell_center(s, s.current, cell))
    key(app, pygame.K_r, text="R")  # Shift+R spends: the wrong way while working
    settle(app, game)
    assert actions == [] and any("clockwise" in t.text for t in game.frame.toasts.items)
    key(app, pygame.K_r, text="r")
    settle(app, game)
    assert actions == [Action("activate", cell)]
    key(app, pygame.K_RETURN)  # End work: the turn's last choice waits for confirmation
    assert game.match.pending is not None and game.match.pending.action == Action("end_work")
    key(app, pygame.K_RETURN)  # Confirm turn
    assert game.match.pending is None and actions[-1] == Action("end_work")


def test_undo_takes_the_turns_back_to_exactly_where_the_turn_began(app):
    game = start(app, "human,bot:random")
    at_start = game.match.state.copy()
    click(app, astronaut_pos(game, 0))
    click(app, button(game, "Work").rect.center)
    settle(app, game)
    s = game.match.state
    assert s.work_left > 1  # one turn of a tile leaves the turn open
    turn_tile(app, game, next(a.cell for a in legal_actions(s) if a.kind == "activate"), 100)
    assert s.phase == WORK and game.match.can_undo
    while game.match.can_undo:
        key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.match.state == at_start


# ---------------------------------------------------------------- deploying and paying


def test_deploy_by_dragging_a_module_onto_the_astronaut_then_pay_by_turning_counterclockwise(app):
    game = choosing(app)
    actions = played_by(game, 0)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    cell = Table(s, legal_actions(s)).deploy_cell
    hangar_to_cell(app, game, slot, cell)
    assert actions == [Action("choose_module", slot)]
    spent = 0
    while game.match.pending is None:
        spend = next(a for a in legal_actions(s) if a.kind == "spend")
        seen = len(actions)
        turn_tile(app, game, spend.cell, -100)
        pick_first_choice(app)
        settle(app, game)
        spent += 1
        if game.match.pending is None:
            assert actions[seen].kind == "spend" and actions[seen].cell == spend.cell
    assert game.match.pending.action.kind == "spend"  # the last unit pays the module off
    key(app, pygame.K_RETURN)
    assert spent >= 1 and cell in s.players[0].base  # the new module stands where the astronaut was
    assert any("deployed the" in line for line in game.match.log)


def test_deploy_by_dragging_then_auto_pay(app):
    game = choosing(app)
    actions = played_by(game, 0)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    hangar_to_cell(app, game, slot, Table(s, legal_actions(s)).deploy_cell)
    assert s.phase == PAY
    cell = Table(s, legal_actions(s)).deploy_cell
    click(app, button(game, "Auto-pay").rect.center)
    click(app, button(game, "Confirm turn").rect.center)
    assert len(actions) > 1 and all(a.kind == "spend" for a in actions[1:])
    assert cell in s.players[0].base and any("deployed the" in line for line in game.match.log)


def test_a_module_dropped_anywhere_but_the_astronauts_cell_springs_home_and_nothing_changes(app):
    game = choosing(app)
    before = game.match.state.copy()
    requested: list = []
    game.match.bus.subscribe(ActionRequested, requested.append)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    wrong = next(c for c in s.players[s.current].base if c != Table(s, legal_actions(s)).deploy_cell)
    hangar_to_cell(app, game, slot, wrong)
    assert requested == [] and game.match.state == before
    assert any(t.text.startswith("Deploying: a new module goes on the cell") for t in game.frame.toasts.items)
    assert not game.hand.editor.active  # it came to rest at home


def test_a_short_press_on_a_module_is_still_a_click(app):
    game = choosing(app)
    actions = applied(game)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    click(app, game.views.board.hangar_center(s, slot))
    assert actions == [Action("choose_module", slot)] and s.phase == PAY


# ---------------------------------------------------------------- after a reset


def placing(app) -> GameScene:
    """Two humans play random legal moves until one must place a returning astronaut."""
    game = start(app, "human,human", seed=5)
    rng = random.Random(5)
    m = game.match
    while m.state.phase != PLACE:
        play(m, rng.choice(m.legal()))
    game.seat.viewer = m.current
    game.seat.handoff_to = None
    settle(app, game)
    return game


def test_a_returning_astronaut_is_dragged_onto_a_lit_cell(app):
    game = placing(app)
    actions = applied(game)
    s = game.match.state
    seat = s.current
    i = next(k for k, (_, where, _) in enumerate(s.players[seat].astros) if where == RETURNING)
    cell = next(a.cell for a in legal_actions(s) if a.kind == "place_astronaut" and a.astronaut == i)
    seen = beats_seen(game)
    home = game.views.base.returning_center(s, seat)
    drag(app, line(game.views.base.returning_rect(s, seat, i).center, game.views.base.cell_center(s, seat, cell), 14))
    settle(app, game)
    assert actions[0] == Action("place_astronaut", i, cell)
    assert not any(f.start == home for beat in seen.given for f in beat.flights)  # carried there: it flies no more


def test_an_astronaut_dropped_on_an_illegal_cell_is_refused_with_the_rule(app):
    game = placing(app)
    s = game.match.state
    before = s.copy()
    refused = refusals(game)
    seat = s.current
    i = next(k for k, (_, where, _) in enumerate(s.players[seat].astros) if where == RETURNING)
    lit = {a.cell for a in legal_actions(s) if a.kind == "place_astronaut"}
    grid = game.views.base.grid(s, seat)
    illegal = next(c for c in grid.cells() if c not in lit and c not in s.players[seat].base)
    drag(app, line(game.views.base.returning_rect(s, seat, i).center, game.views.base.cell_center(s, seat, illegal), 14))
    settle(app, game)
    assert refused and refused[0].action == Action("place_astronaut", i, illegal) and refused[0].rule
    assert game.match.state == before


# ---------------------------------------------------------------- the view


def test_the_wheel_zooms_about_the_pointer_and_dragging_the_background_pans(app):
    game = working(app)
    s = game.match.state
    seat = s.current
    cell = next(iter(s.players[seat].base))
    centre = game.views.base.cell_center(s, seat, cell)
    size = game.views.base.cell_size(s, seat)
    wheel(app, centre, 2)
    assert game.views.base.cell_size(s, seat) > size
    assert math.dist(game.views.base.cell_center(s, seat, cell), centre) <= 1  # what was under the pointer stays there
    grid = game.views.base.grid(s, seat)
    taken = set(s.players[seat].base) | {pos for _, _, pos in s.players[seat].astros}
    empty = next(grid.rect(c).center for c in grid.cells()
                 if c not in taken and game.views.base.area.collidepoint(grid.rect(c).center))
    start_pan = game.views.base.pan
    drag(app, line(empty, (empty[0] + 60, empty[1] + 30), 6))
    assert game.views.base.pan == (start_pan[0] + 60, start_pan[1] + 30)
    key(app, pygame.K_HOME)
    assert game.views.base.zoom == 1.0 and game.views.base.pan == (0, 0)


def shown_state(game: GameScene):
    """The position the base panel shows (a turn waiting for its confirmation included)."""
    return game.match.pending.preview if game.match.pending is not None else game.match.state


def widening_placement(game: GameScene):
    """A returning astronaut and a lit cell for it that lies outside the box around the base."""
    s = game.match.state
    lo, cols, rows = bounds(base_cells(s, s.current), 0)
    return next((a.astronaut, a.cell) for a in legal_actions(s) if a.kind == "place_astronaut"
                and not (lo[0] <= a.cell[0] < lo[0] + cols and lo[1] <= a.cell[1] < lo[1] + rows))


def drop_astronaut(app, game: GameScene, i: int, spot) -> None:
    """Carry returning astronaut `i` from its row to the screen point `spot`, and let go."""
    s = game.match.state
    drag(app, line(game.views.base.returning_rect(s, s.current, i).center, spot, 14))
    settle(app, game)


def test_a_placement_leaves_a_view_the_player_zoomed_and_panned_where_it_was(app):
    game = placing(app)
    s = game.match.state
    seat = s.current
    wheel(app, game.views.base.area.center, -2)
    key(app, pygame.K_LEFT)
    zoom, pan = game.views.base.zoom, game.views.base.pan
    module = next(iter(s.players[seat].base))
    where, size = game.views.base.cell_rect(s, seat, module), game.views.base.cell_size(s, seat)
    i, cell = widening_placement(game)
    assert game.views.base.area.contains(game.views.base.cell_rect(s, seat, cell))
    drop_astronaut(app, game, i, game.views.base.cell_center(s, seat, cell))
    shown = shown_state(game)
    assert shown.players[seat].astros[i][2] == cell
    assert (game.views.base.zoom, game.views.base.pan) == (zoom, pan)
    assert game.views.base.cell_rect(shown, seat, module) == where and game.views.base.cell_size(shown, seat) == size
    key(app, pygame.K_HOME)  # Home fits the whole base, the new astronaut's cell with it
    assert game.views.base.grid(shown, seat) == fit_grid(game.views.base.area, base_cells(shown, seat), 1,
                                                   int(MAX_CELL * game.views.base.scale))


def test_the_wheel_zoom_stays_when_an_astronaut_is_dropped_on_a_cell_the_view_cuts(app):
    game = placing(app)
    s = game.match.state
    seat, area = s.current, game.views.base.area
    i = next(k for k, (_, where, _) in enumerate(s.players[seat].astros) if where == RETURNING)
    lit = sorted(a.cell for a in legal_actions(s) if a.kind == "place_astronaut" and a.astronaut == i)
    cut: list = []
    while not cut and game.views.base.zoom < ZOOM_RANGE[1]:
        wheel(app, area.center, 1)
        grid = game.views.base.grid(s, seat)
        cut = [c for c in lit if area.collidepoint(grid.rect(c).center) and not area.contains(grid.rect(c))]
    assert cut, "no lit cell ever hung over the edge of the view"
    zoom, pan, where = game.views.base.zoom, game.views.base.pan, grid.rect(cut[0])
    drop_astronaut(app, game, i, where.clip(area).center)
    shown = shown_state(game)
    assert shown.players[seat].astros[i][2] == cut[0]
    assert (game.views.base.zoom, game.views.base.pan) == (zoom, pan) and game.views.base.grid(shown, seat).rect(cut[0]) == where


def test_a_placement_out_of_sight_keeps_the_zoom_and_the_least_pan_shows_it(app):
    game = placing(app)
    s = game.match.state
    seat, area = s.current, game.views.base.area
    i, cell = widening_placement(game)
    far = game.views.base.cell_center(s, seat, cell)
    wheel(app, (2 * area.centerx - far[0], 2 * area.centery - far[1]), 8)
    assert not area.colliderect(game.views.base.grid(s, seat).rect(cell))
    zoom = game.views.base.zoom
    play(game.match, Action("place_astronaut", i, cell))  # as a key asks for it: the pointer is elsewhere
    settle(app, game)
    rect = game.views.base.grid(shown_state(game), seat).rect(cell)
    assert game.views.base.zoom == zoom and area.contains(rect)
    assert area.left == rect.left or area.right == rect.right or area.top == rect.top or area.bottom == rect.bottom


def the_humans_decisions(app, game: GameScene, rounds: int, rng: random.Random):
    """Random play against the bot until round `rounds`: at each of seat 0's decisions, once the
    table is at rest, the position; the decision is then taken at random, unless the caller took it."""
    m = game.match
    while m.state.round < rounds and not m.state.game_over:
        if m.current == 0:
            settle(app, game)
            version = m.version
            yield m.state
            if m.version == version:
                play(m, rng.choice(m.legal()))
            elif m.pending is not None:
                play(m, m.pending.action)
        app.step()


def test_a_base_the_player_never_moved_keeps_every_cell_in_the_panel_as_it_grows(app):
    """Seed 1: the human's base outgrows its first fit in round 3."""
    game = start(app, "human,bot:random", seed=1)
    area, grown = game.views.base.area, 0
    for s in the_humans_decisions(app, game, 5, random.Random(1)):
        grid = game.views.base.grid(s, 0)
        assert area.contains(grid.box), (s.year, s.round, grid)  # no cell to click under the header or the footer
        grown = max(grown, grid.cols)
    assert grown > fit_grid(area, base_cells(new_game(2, 1), 0), 1, int(MAX_CELL * game.views.base.scale)).cols


def test_the_zoom_the_player_set_stays_through_other_turns_resets_and_placements(app):
    game = start(app, "human,bot:random", seed=1)
    wheel(app, game.views.base.area.center, 3)
    zoom, rounds = game.views.base.zoom, set()
    for s in the_humans_decisions(app, game, 5, random.Random(1)):
        game.views.base.grid(s, 0)
        assert game.views.base.zoom == zoom, (s.year, s.round)
        rounds.add(s.round)
    assert len(rounds) >= 4


def outgrowing(game: GameScene, s) -> list:
    """The placements of seat 0's returning astronauts whose free cells round them the view cannot show."""
    grid, area = game.views.base.grid(s, 0), game.views.base.area
    return [a for a in legal_actions(s) if a.kind == "place_astronaut" and not all(
        area.contains(grid.rect((a.cell[0] + dx, a.cell[1] + dy))) for dx in (-1, 0, 1) for dy in (-1, 0, 1))]


def test_a_base_fitted_again_keeps_each_astronaut_just_placed_as_near_its_cell_as_the_panel_allows(app):
    game = start(app, "human,bot:random", seed=1)
    area, refits = game.views.base.area, 0
    for s in the_humans_decisions(app, game, 9, random.Random(1)):
        if not outgrowing(game, s):
            continue
        place = outgrowing(game, s)[0]
        before = game.views.base.grid(s, 0).rect(place.cell)
        drop_astronaut(app, game, place.astronaut, before.center)
        grid = game.views.base.grid(shown_state(game), 0)
        after, box = grid.rect(place.cell), grid.box
        assert shown_state(game).players[0].astros[place.astronaut][2] == place.cell and area.contains(box)
        # Moved only as far as the whole grid in the panel needs: the grid is against the edge it moved away from.
        for moved, near, far in ((after.centerx - before.centerx, box.left == area.left, box.right == area.right),
                                 (after.centery - before.centery, box.top == area.top, box.bottom == area.bottom)):
            assert abs(moved) <= 1 or (near if moved > 0 else far), (before, after, box, area)
        refits += 1
    assert refits >= 3


def test_a_base_fitted_again_glides_there_from_where_it_was(app):
    game = start(app, "human,bot:random", seed=1)
    s = next(s for s in the_humans_decisions(app, game, 9, random.Random(1)) if outgrowing(game, s))
    place, was = outgrowing(game, s)[0], game.views.base.grid(s, 0)
    app.config.anim_speed = 1.0  # as a player sees it
    play(game.match, place)
    sizes = []
    while not sizes or game.views.base.moving:
        app.step()
        sizes.append(game.views.base.grid(shown_state(game), 0).cell)
    assert sizes == sorted(sizes, reverse=True) and sizes[0] <= was.cell  # shrinking from where it was...
    assert any(sizes[-1] < size < was.cell for size in sizes)  # ...through the sizes between, to its new fit
    assert game.views.base.area.contains(game.views.base.grid(shown_state(game), 0).box)


# ---------------------------------------------------------------- choices on the base


def test_work_upgrades_are_given_by_clicking_the_astronauts_on_the_base(app):
    def upgrade_for_a_base_astronaut(s) -> bool:
        return s.phase == "upgrade" and any(
            a.kind == "upgrade" and s.players[s.current].astros[a.astronaut][1] == "active" for a in legal_actions(s))

    game = reach(app, "human,human", upgrade_for_a_base_astronaut)
    m = game.match
    game.seat.viewer, game.seat.handoff_to = m.current, None
    settle(app, game)
    assert isinstance(app.stack.top, GameScene)  # no dialog in the way
    s = m.state
    seat = s.current
    upgrade = next(a for a in legal_actions(s) if a.kind == "upgrade" and s.players[seat].astros[a.astronaut][1] == "active")
    work = s.players[seat].astros[upgrade.astronaut][0]
    click(app, game.views.base.cell_center(s, seat, s.players[seat].astros[upgrade.astronaut][2]))
    if m.pending is not None:  # the last upgrade ends the turn: it waits for confirmation
        assert m.pending.action == upgrade
    else:
        assert s.players[seat].astros[upgrade.astronaut][0] == work + 1


@pytest.mark.parametrize("phase", ["colour", "shape"])
def test_a_communication_side_or_greenhouse_shape_is_chosen_on_the_table_not_in_a_dialog(app, phase):
    game = reach(app, "human,human", lambda s: s.phase == phase)
    m = game.match
    game.seat.viewer, game.seat.handoff_to = m.current, None
    settle(app, game)
    assert isinstance(app.stack.top, GameScene)  # nothing covers the base
    title, hint = game.prompt_text()
    assert title.startswith("Which") and hint
    choice = legal_actions(m.state)[-1]
    done = played_by(game, m.current)
    click(app, button(game, (choice.colour if phase == "colour" else choice.shape).capitalize()).rect.center)
    assert done == [choice] or (done == [] and m.pending.action == choice)


def test_an_obstacle_worn_to_nothing_crumbles_on_screen(app):
    game = working(app)
    s = game.match.state
    last = next(c for c, (tid, _) in s.players[0].base.items() if tid.startswith("o-"))
    s.players[0].base[last] = (s.players[0].base[last][0], 1)  # worn down on earlier turns
    game.match.actions = None  # a position made by hand: saved as a snapshot, not a replay
    move(app, game.views.base.cell_center(s, 0, last))
    key(app, pygame.K_r, text="r")
    for _ in range(400):
        if not game.hand.editor.active:
            break
        app.step()
    assert last not in s.players[0].base
    beat = game.director.beat
    assert beat is not None and beat.crumbles  # its pieces are in the air
    app.step()


def test_a_tile_clicked_before_work_starts_the_work_and_uses_the_tile(app):
    game = choosing(app)
    s = game.match.state
    refused = refusals(game)
    actions = applied(game)
    trial = s.copy()
    apply_action(trial, Action("work"))
    cell = next(a.cell for a in legal_actions(trial) if a.kind == "activate")
    click(app, game.views.base.cell_center(s, s.current, cell))
    settle(app, game)
    assert actions == [Action("work"), Action("activate", cell)] and refused == []


def test_r_over_a_tile_before_work_starts_the_work_and_turns_the_tile(app):
    game = choosing(app)
    s = game.match.state
    actions = applied(game)
    trial = s.copy()
    apply_action(trial, Action("work"))
    cell = next(a.cell for a in legal_actions(trial) if a.kind == "activate")
    move(app, game.views.base.cell_center(s, s.current, cell))
    key(app, pygame.K_r, text="r")
    settle(app, game)
    assert actions == [Action("work"), Action("activate", cell)]


# ---------------------------------------------------------------- keys for every gesture


def test_number_keys_choose_astronauts_and_tab_then_space_deploys_a_lit_module(app):
    game = start(app, "human,bot:random", seed=11)
    actions = applied(game)
    key(app, pygame.K_2, text="2")
    key(app, pygame.K_1, text="1")  # another astronaut: the first choice is taken back
    settle(app, game)
    assert actions == [Action("select_astronaut", 1), Action("select_astronaut", 0)]
    lit = sorted(a.slot for a in legal_actions(game.match.state) if a.kind == "choose_module")
    key(app, pygame.K_TAB, text="\t")
    key(app, pygame.K_TAB, text="\t")
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT, text="\t")  # and one back
    key(app, pygame.K_SPACE, text=" ")
    assert actions[-1] == Action("choose_module", lit[0]) and game.match.state.phase == PAY


def test_tab_walks_through_the_lit_tiles_and_space_turns_one(app):
    game = working(app)
    actions = played_by(game, 0)
    lit = sorted(a.cell for a in legal_actions(game.match.state) if a.kind == "activate")
    for _ in range(len(lit) + 2):  # the first, once round, and on to the second
        key(app, pygame.K_TAB, text="\t")
    key(app, pygame.K_SPACE, text=" ")
    settle(app, game)
    assert actions == [Action("activate", lit[1 % len(lit)])]


def test_a_number_picks_the_returning_astronaut_and_space_places_it_on_the_tabbed_cell(app):
    game = placing(app)
    actions = applied(game)
    s = game.match.state
    seat = s.current
    back = [i for i, (_, where, _) in enumerate(s.players[seat].astros) if where == RETURNING]
    key(app, pygame.K_1 + back[-1], text=str(back[-1] + 1))
    cells = sorted(a.cell for a in legal_actions(s) if a.kind == "place_astronaut" and a.astronaut == back[-1])
    key(app, pygame.K_TAB, text="\t")
    key(app, pygame.K_SPACE, text=" ")
    settle(app, game)
    assert actions == [Action("place_astronaut", back[-1], cells[0])]


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours."""
    def luminance(c):
        channel = [v / 255 for v in c[:3]]
        channel = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in channel]
        return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_keys_focus_on_the_table_is_a_ring_as_clear_as_the_menus(app):
    """Tab's choice on the table is ringed at least 2 px wide, at 3:1 or more against the
    pixels on either side of it, whatever lies there (a tile, a lit neighbour, the board)."""
    game = working(app)
    key(app, pygame.K_TAB, text="\t")
    focus = game_input.focused(game)
    assert focus is not None
    app.stack.draw(app.screen)
    shown = game.seat.shown()
    rect = target_rect(game.views.board, game.views.base, shown.base, shown.seat, focus)
    width = max(2, round(3 * game.frame.L.scale))
    ring = rect.inflate(2 * (width + 2), 2 * (width + 2))
    assert width >= 2
    y = ring.top + width // 2
    for x in range(ring.left + ring.w // 4, ring.right - ring.w // 4):
        on = app.screen.get_at((x, y))
        assert on[:3] == theme.FOCUS
        for around in (app.screen.get_at((x, ring.top - 1)), app.screen.get_at((x, ring.top + width))):
            assert contrast(on, around) >= 3.0
