"""Clicks on the table turned into engine actions.

A click names a thing (a target); what it means depends on the phase: a tile is
activated while working, spent from while paying, and a free cell takes a returning
astronaut. The candidates returned may be illegal: the controller then refuses them with
the rule, which is what the player sees. Several legal candidates mean the player must
choose (a unit spent one way or another).
"""
from __future__ import annotations

from ..engine import Action, State, legal_actions
from ..engine.catalogue import load
from ..engine.state import ACTION, PAY, PLACE, RETURNING, TURN, UPGRADE, WORK
from .targets import ASTRO, CELL, EXPERIMENT, HANGAR, RING_ASTRO, Target


def spend_options(state: State, cell) -> list[Action]:
    return [a for a in legal_actions(state) if a.kind == "spend" and a.cell == cell]


def spend_at(state: State, cell) -> list[Action]:
    options = spend_options(state, cell)
    if options:
        return options
    # Nothing legal here: offer a spend the controller will refuse, naming the rule.
    player = state.players[state.current]
    owed = next((r for r, n in enumerate(state.need) if n), 0)
    spec = load().tiles[player.base[cell][0]] if cell in player.base else None
    unit = spec.produces[0] if spec and spec.produces else owed
    return [Action("spend", cell, unit, owed)]


def actions_for(state: State, target: Target, returning: int | None = None) -> list[Action]:
    """The engine actions a click on `target` stands for (empty: the click means nothing)."""
    seat = state.current_player
    if seat is None or target is None:
        return []
    phase = state.phase
    if target.kind == HANGAR:
        return [Action("choose_module", target.ref)]
    if target.kind == EXPERIMENT:
        return [Action("choose_experiment", target.ref)]
    if target.seat != seat:
        return []
    player = state.players[seat]
    if target.kind in (ASTRO, RING_ASTRO):
        if phase == UPGRADE:
            return [Action("upgrade", target.ref)]
        if phase in (TURN, ACTION) and target.kind == ASTRO:
            return [Action("select_astronaut", target.ref)]
        if phase in (WORK, PAY) and target.kind == ASTRO:
            cell = player.astros[target.ref][2]
            return _cell_actions(state, phase, cell, returning) if cell in player.base else []
        return []
    if target.kind == CELL:
        return _cell_actions(state, phase, target.ref, returning)
    return []


def _cell_actions(state: State, phase: str, cell, returning: int | None) -> list[Action]:
    player = state.players[state.current]
    if phase == WORK:
        return [Action("activate", cell)]
    if phase == PAY:
        return spend_at(state, cell)
    if phase == PLACE:
        if returning is None:
            returning = next((i for i, (_, w, _) in enumerate(player.astros) if w == RETURNING), None)
        return [] if returning is None else [Action("place_astronaut", returning, cell)]
    return []


def starts_work(state: State, target: Target) -> bool:
    """A tile of one's base clicked before Work: the click starts the work, then uses the tile."""
    return (state.phase == ACTION and target.kind == CELL and target.seat == state.current_player
            and target.ref in state.players[target.seat].base)
