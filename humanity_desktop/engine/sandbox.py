"""Free editing of a position, for the Sandbox: set any tile on a base, its stock, the
astronauts and their work, the research track.

Each edit keeps the position one the rules can play from: every deck module stays in
exactly one place (taking one onto a base takes it out of its deck, hangar or other
base; taking it off puts it back in its year's deck), and the result must pass the same
validation as a loaded save. An edit that cannot be made raises SandboxError with the
reason and leaves the state unchanged.
"""
from __future__ import annotations

import random

from ..language import N_
from .catalogue import TileSpec, load
from .errors import Refusal
from .rules import MAX_WORK, START_WORK
from .state import ACTIVE, EXHAUSTED, State
from .validation import StateError, load_state

MAX_SET_SCORE = 99  # the highest score the sandbox lets a seat be given


class SandboxError(Refusal, ValueError):
    """An edit that cannot be made: why, a message of the catalogue with its values."""


def palette() -> list[TileSpec]:
    """Every tile a base can hold: starting modules, obstacles, communication tiles, then the
    deck modules by year and colour (a communication module as the tile it becomes)."""
    cat = load()
    tiles = [t for t in cat.tiles.values() if t.face is None]
    return sorted(tiles, key=lambda t: (t.year, t.kind == "obstacle", t.colour or "", t.id))


def place_tile(s: State, seat: int, cell, tile_id: str) -> None:
    """Put `tile_id` on an empty cell next to the base (or anywhere on an empty base)."""
    cat = load()
    spec = cat.tiles.get(tile_id)
    if spec is None or spec.face is not None:
        raise SandboxError(N_("'{tile}' is not a tile that can sit on a base"), {"tile": str(tile_id)})
    player = s.players[seat]
    if cell in player.base or cell in standing(player):
        raise SandboxError(N_("that cell is taken"))
    if player.base and cell not in beside_base(player):
        raise SandboxError(N_("a tile must touch the base, at least at a corner"))
    stock = spec.max_stock if spec.kind == "obstacle" else 0
    _edit(s, lambda t: _put(t, seat, cell, spec, stock))


def remove_tile(s: State, seat: int, cell, rng: random.Random) -> None:
    if cell not in s.players[seat].base:
        raise SandboxError(N_("there is no tile on that cell"))
    where = rng.random()  # where in its deck it goes back, the same on the trial copy and for real
    _edit(s, lambda t: _take_off(t, seat, cell, where))


def set_stock(s: State, seat: int, cell, stock: int) -> None:
    """The units a production module holds, or an obstacle's resistance left."""
    tid, _ = _stocked(s, seat, cell, stock)
    _edit(s, lambda t: t.players[seat].base.__setitem__(cell, (tid, stock)))


def turned_stock(s: State, seat: int, cell, way: int) -> int:
    """The stock of the tile on `cell` turned as in play: clockwise (`way` 1) works it, a
    production module gaining a unit and an obstacle losing a point of resistance;
    counterclockwise (-1) spends a unit from it. SandboxError if it cannot turn so."""
    tid, stock = _stocked(s, seat, cell)
    spec = load().tiles[tid]
    if spec.kind == "obstacle" and way < 0:
        raise SandboxError(N_("an obstacle holds nothing to spend"))
    turned = stock - way if spec.kind == "obstacle" else stock + way
    _stocked(s, seat, cell, turned)
    return turned


def turn_tile(s: State, seat: int, cell, way: int) -> None:
    """Turn the tile on `cell` as in play (see turned_stock)."""
    set_stock(s, seat, cell, turned_stock(s, seat, cell, way))


def _stocked(s: State, seat: int, cell, stock: int | None = None) -> tuple[str, int]:
    """The tile on `cell` (its id and stock), which holds stock, and could hold `stock`
    units; SandboxError saying which it cannot."""
    player = s.players[seat]
    if cell not in player.base:
        raise SandboxError(N_("there is no tile on that cell"))
    tid, held = player.base[cell]
    spec = load().tiles[tid]
    if spec.max_stock == 0 or spec.kind not in ("production", "obstacle"):
        raise SandboxError(N_("this tile holds no stock"))
    low = 1 if spec.kind == "obstacle" else 0
    if stock is not None and not low <= stock <= spec.max_stock:
        raise SandboxError(N_("this tile holds {least} to {most}"), {"least": low, "most": spec.max_stock})
    return tid, held


def move_astronaut(s: State, seat: int, index: int, cell) -> None:
    """Stand a base astronaut on an empty cell touching the base."""
    player = s.players[seat]
    work, where, _ = player.astros[index]
    if where not in (ACTIVE, EXHAUSTED):
        raise SandboxError(N_("only astronauts in the base can be moved here"))
    if cell in player.base or cell in standing(player, but=index):
        raise SandboxError(N_("that cell is taken"))
    if cell not in beside_base(player):
        raise SandboxError(N_("an astronaut stands next to the base, at least at a corner"))
    _edit(s, lambda t: t.players[seat].astros.__setitem__(index, (work, where, cell)))


def set_work(s: State, seat: int, index: int, work: int) -> None:
    if not START_WORK <= work <= MAX_WORK:
        raise SandboxError(N_("work values run from {least} to {most}"), {"least": START_WORK, "most": MAX_WORK})
    _, where, pos = s.players[seat].astros[index]
    _edit(s, lambda t: t.players[seat].astros.__setitem__(index, (work, where, pos)))


def set_research(s: State, seat: int, research: int) -> None:
    top = load().research_cap
    if not 0 <= research <= top:
        raise SandboxError(N_("the research track runs from 0 to {most}"), {"most": top})
    _edit(s, lambda t: setattr(t.players[seat], "research", research))


def set_score(s: State, seat: int, score: int) -> None:
    """Points on the score track; those not earned in play are kept as set in the sandbox."""
    ledger = s.players[seat].ledger
    earned = sum(ledger.values()) - ledger["scenario"]
    if not earned <= score <= MAX_SET_SCORE:
        raise SandboxError(N_("the score can be set from {earned} (the points earned) to {most}"),
                           {"earned": earned, "most": MAX_SET_SCORE})
    _edit(s, lambda t: t.players[seat].ledger.__setitem__("scenario", score - earned))


# ---------------------------------------------------------------- the one way edits are made


def _edit(s: State, change) -> None:
    """Make `change` on a copy first: only if that position still loads as a save would is
    it made on `s` itself (so references into `s` stay good). `change` must be repeatable."""
    trial = s.copy()
    change(trial)
    try:
        load_state(trial.to_json())
    except StateError as exc:
        # Translators: {problem} is the check's own words, in English, for the engineer.
        raise SandboxError(N_("the rules could not play from there ({problem})"), {"problem": str(exc)}) from None
    change(s)


def _put(s: State, seat: int, cell, spec: TileSpec, stock: int) -> None:
    if spec.id in load().deck_modules:
        _take_from_anywhere(s, spec.id)
    s.writable(seat).base[cell] = (spec.id, stock)


def _take_off(s: State, seat: int, cell, where: float) -> None:
    player = s.writable(seat)
    tid, _ = player.base.pop(cell)
    player.wild.pop(cell, None)
    if tid in load().deck_modules:
        deck = s.decks[load().tiles[tid].year - 1]
        deck.insert(int(where * (len(deck) + 1)), tid)


def _take_from_anywhere(s: State, tile_id: str) -> None:
    """Lift a deck module from wherever it is; a hangar it leaves is refilled from its deck."""
    for deck in s.decks:
        if tile_id in deck:
            deck.remove(tile_id)
            return
    if tile_id in s.hangars:
        k = s.hangars.index(tile_id)
        deck = s.decks[s.year - 1]
        s.hangars[k] = deck.pop() if deck else None
        return
    if tile_id in s.removed:
        s.removed.remove(tile_id)
        return
    for seat, player in enumerate(s.players):
        for cell, (tid, _) in list(player.base.items()):
            if tid == tile_id:
                player = s.writable(seat)
                del player.base[cell]
                player.wild.pop(cell, None)
                return


def standing(player, but: int | None = None) -> set:
    """The cells the base's astronauts stand on (but the one numbered `but`)."""
    return {pos for i, (_, where, pos) in enumerate(player.astros) if where in (ACTIVE, EXHAUSTED) and i != but}


def beside_base(player) -> set:
    """The cells without a tile that touch one, at least at a corner."""
    around = {(x + dx, y + dy) for x, y in player.base for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return around - set(player.base)


def free_cells(player) -> frozenset:
    """Where a tile or an astronaut may go now."""
    return frozenset(beside_base(player) - standing(player))
