"""Sandbox edits: any tile onto a base, its stock, the astronauts and research, each edit
keeping every deck module in one place and the position playable, or refused with a
reason and nothing changed."""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.catalogue import load
from humanity_desktop.engine.invariants import check_components
from humanity_desktop.engine.sandbox import (
    SandboxError,
    move_astronaut,
    palette,
    place_tile,
    remove_tile,
    set_research,
    set_score,
    set_stock,
    set_work,
    turn_tile,
)
from humanity_desktop.engine.state import ACTIVE
from humanity_desktop.engine.validation import load_state


def free_cell_next_to_base(s, seat=0):
    player = s.players[seat]
    taken = set(player.base) | {pos for _, _, pos in player.astros}
    return next((x + dx, y + dy) for (x, y) in player.base for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (x + dx, y + dy) not in taken)


def test_the_palette_holds_every_tile_a_base_can_show_once():
    tiles = palette()
    ids = [t.id for t in tiles]
    assert len(ids) == len(set(ids))
    cat = load()
    comms = {m for m in cat.deck_modules if cat.tiles[m].kind == "communication"}
    # A communication module never sits on a base: its orange or blue replacement does.
    assert not comms & set(ids)
    replacements = {tid for colours in cat.faces.values() for tid in colours.values()}
    starting = {tid for _, tid, _ in cat.start_tiles}
    assert set(ids) == replacements | starting | (cat.deck_modules - comms)


def test_a_deck_module_is_lifted_from_its_hangar_and_the_hangar_refilled():
    s = new_game(2, 3)
    tid = s.hangars[2]
    cell = free_cell_next_to_base(s)
    place_tile(s, 0, cell, tid)
    assert s.players[0].base[cell] == (tid, 0)
    assert tid not in s.hangars and s.hangars[2] is not None
    check_components(s)


def test_a_module_taken_off_goes_back_to_its_years_deck():
    s = new_game(2, 3)
    tid = s.decks[1][0]
    cell = free_cell_next_to_base(s)
    place_tile(s, 0, cell, tid)
    assert tid not in s.decks[1]
    remove_tile(s, 0, cell, random.Random(1))
    assert cell not in s.players[0].base and tid in s.decks[1]
    check_components(s)


def test_a_communication_tile_takes_no_deck_module_and_the_module_itself_is_refused():
    s = new_game(2, 3)
    cat = load()
    replacement = next(t for t in palette() if t.kind == "communication")
    decks, hangars = [list(d) for d in s.decks], list(s.hangars)
    place_tile(s, 0, free_cell_next_to_base(s), replacement.id)
    assert s.decks == decks and s.hangars == hangars  # the module it replaced left the game
    check_components(s)
    module = next(m for m in sorted(cat.deck_modules) if cat.tiles[m].kind == "communication")
    with pytest.raises(SandboxError, match="not a tile that can sit on a base"):
        place_tile(s, 0, free_cell_next_to_base(s), module)


def test_a_starting_tile_comes_once_per_base_and_an_obstacle_starts_whole():
    s = new_game(2, 3)
    obstacle = next(t for t in palette() if t.kind == "obstacle")
    at = next(c for c, (tid, _) in s.players[0].base.items() if tid == obstacle.id)
    with pytest.raises(SandboxError, match=f"starting tile {obstacle.id} more than once"):
        place_tile(s, 0, free_cell_next_to_base(s), obstacle.id)
    set_stock(s, 0, at, 1)
    remove_tile(s, 0, at, random.Random(0))
    cell = free_cell_next_to_base(s)
    place_tile(s, 0, cell, obstacle.id)
    assert s.players[0].base[cell] == (obstacle.id, 3)  # every published obstacle starts at 3


@pytest.mark.parametrize("edit, reason", [
    (lambda s, cell: place_tile(s, 0, (40, 40), "s-ice"), "touch the base"),
    (lambda s, cell: place_tile(s, 0, next(iter(s.players[0].base)), "s-ice"), "taken"),
    (lambda s, cell: place_tile(s, 0, cell, "nothing"), "not a tile"),
    (lambda s, cell: remove_tile(s, 0, cell, random.Random(0)), "no tile"),
    (lambda s, cell: set_work(s, 0, 0, 9), "work values"),
    (lambda s, cell: set_research(s, 0, -1), "research track"),
    (lambda s, cell: move_astronaut(s, 0, 0, next(iter(s.players[0].base))), "taken"),
])
def test_an_edit_that_cannot_be_made_is_refused_and_changes_nothing(edit, reason):
    s = new_game(2, 3)
    before = s.copy()
    with pytest.raises(SandboxError, match=reason):
        edit(s, free_cell_next_to_base(s))
    assert s == before


def test_stock_follows_each_tiles_limits():
    s = new_game(2, 3)
    player = s.players[0]
    cat = load()
    cell, (tid, _) = next((c, t) for c, t in player.base.items() if cat.tiles[t[0]].kind == "production")
    top = cat.tiles[tid].max_stock
    set_stock(s, 0, cell, top)
    assert player.base[cell] == (tid, top)
    with pytest.raises(SandboxError):
        set_stock(s, 0, cell, top + 1)
    obstacle = next(c for c, (t, _) in player.base.items() if t.startswith("o-"))
    with pytest.raises(SandboxError, match="1 to"):
        set_stock(s, 0, obstacle, 0)  # a destroyed obstacle leaves the base instead


@given(st.lists(st.tuples(st.integers(0, 20), st.sampled_from([1, -1])), max_size=30))
def test_a_tile_turns_as_in_play_within_its_limits_or_is_refused_with_nothing_changed(turns):
    """Clockwise works a tile (a production module gains a unit, an obstacle loses a point of
    resistance), counterclockwise spends a unit; a tile holding no stock does not turn."""
    s = new_game(2, 3)
    cat = load()
    cells = sorted(s.players[0].base)
    for k, way in turns:
        cell = cells[k % len(cells)]
        tid, stock = s.players[0].base[cell]
        spec = cat.tiles[tid]
        turned = stock + way if spec.kind == "production" else stock - way if spec.kind == "obstacle" else None
        low = 1 if spec.kind == "obstacle" else 0
        before = s.copy()
        if turned is not None and spec.max_stock and low <= turned <= spec.max_stock and not (
                spec.kind == "obstacle" and way < 0):
            turn_tile(s, 0, cell, way)
            assert s.players[0].base[cell] == (tid, turned)
        else:
            with pytest.raises(SandboxError, match="holds"):
                turn_tile(s, 0, cell, way)
            assert s == before


def test_astronauts_move_and_change_work_and_the_game_plays_on_from_the_edit():
    s = new_game(2, 3)
    cell = free_cell_next_to_base(s)
    move_astronaut(s, 0, 0, cell)
    set_work(s, 0, 0, 4)
    set_research(s, 0, 12)
    assert s.players[0].astros[0] == (4, ACTIVE, cell) and s.players[0].research == 12
    rng = random.Random(2)
    for _ in range(400):
        if s.game_over:
            break
        apply_action(s, rng.choice(legal_actions(s)))
    check_components(s)


def test_the_score_track_is_set_on_top_of_points_earned_and_shows_as_its_own_source():
    s = new_game(2, 3)
    set_score(s, 0, 12)
    assert s.players[0].score == 12 and s.players[0].ledger["scenario"] == 12
    s.players[0].ledger["square"] = 5  # points earned in play since
    set_score(s, 0, 20)
    assert s.players[0].score == 20 and s.players[0].ledger["scenario"] == 15
    with pytest.raises(SandboxError, match="from 5"):
        set_score(s, 0, 4)


def test_a_position_saved_before_the_sandbox_source_existed_still_loads():
    raw = new_game(2, 3).to_json()
    for seat in raw["seats"]:
        del seat["ledger"]["scenario"]
    state = load_state(raw)
    assert all(p.ledger["scenario"] == 0 for p in state.players)
