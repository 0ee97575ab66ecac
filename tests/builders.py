"""Small helpers to build game positions on purpose.

Positions are made by editing the State's plain fields (see engine/state.py). Tiles are
found by their properties in the catalogue, not by id, so a retune of the numbers does not
break the tests that only need "an orange module" or "an experiment costing 1 protein".
"""
from __future__ import annotations

from humanity_desktop.engine import Action, RulesError, apply_action, new_game
from humanity_desktop.engine.catalogue import RES, RESOURCES, load
from humanity_desktop.engine.events import VP, Research
from humanity_desktop.engine.ring import RING
from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED, TURN, State

CAT = load()
ICE, METHANE, INSECT, OXYGEN, AIRCARBON, PROTEIN, ELECTRICITY = range(7)

# Far away from every base we build, so a bank never touches the geometry under test.
BANK_ROW = 100


# ---------------------------------------------------------------- catalogue look-ups

def _cost_dict(spec) -> dict:
    return {RESOURCES[r]: n for r, n in spec.cost}


def modules_where(*, kind=None, colour=None, produces=None, work=None, year=None, shape=None,
                  vp=None, time=None, max_stock=None, cost=None, deck_only=True, pred=None) -> list[str]:
    """Ids of tiles (deck modules by default) matching every given property.

    produces: a resource name ("ice"), or a tuple of names for a variable module.
    cost: a dict {resource name: count} that must equal the tile's cost exactly.
    """
    out = []
    for tid, spec in CAT.tiles.items():
        if spec.kind == "obstacle":
            continue
        if deck_only and tid not in CAT.deck_modules:
            continue
        if kind is not None and spec.kind != kind:
            continue
        if colour is not None and spec.colour != colour:
            continue
        if produces is not None:
            want = (RES[produces],) if isinstance(produces, str) else tuple(RES[p] for p in produces)
            if spec.produces != want:
                continue
        if work is not None and spec.work != work:
            continue
        if year is not None and spec.year != year:
            continue
        if shape is not None and spec.shape != shape:
            continue
        if vp is not None and spec.vp != vp:
            continue
        if time is not None and spec.time != time:
            continue
        if max_stock is not None and spec.max_stock != max_stock:
            continue
        if cost is not None and _cost_dict(spec) != cost:
            continue
        if pred is not None and not pred(spec):
            continue
        out.append(tid)
    return sorted(out)


def module_where(**kw) -> str:
    found = modules_where(**kw)
    assert found, f"the catalogue has no module with {kw}"
    return found[0]


def experiments_where(*, year=None, side=None, effect="any", vp=None, cost=None, pred=None) -> list[str]:
    out = []
    for eid, spec in CAT.experiments.items():
        if year is not None and spec.year != year:
            continue
        if side is not None and spec.side != side:
            continue
        if effect != "any" and spec.effect != effect:
            continue
        if vp is not None and spec.vp != vp:
            continue
        if cost is not None and _cost_dict(spec) != cost:
            continue
        if pred is not None and not pred(spec):
            continue
        out.append(eid)
    return sorted(out)


def experiment_where(**kw) -> str:
    found = experiments_where(**kw)
    assert found, f"the catalogue has no experiment with {kw}"
    return found[0]


def plain_module(colour: str) -> str:
    """A module of that colour with no research, no VP and no adjacency bonus. Every purple
    module is a research module, so for purple: the one that rewards only green neighbours
    (keep greens away from it where research is measured)."""
    if colour == "purple":
        return module_where(kind="research", pred=lambda s: s.adjacency == (("green", 3),))
    return module_where(colour=colour, deck_only=False,
                        pred=lambda s: not s.research and not s.vp and not s.adjacency
                        and s.kind in ("production", "greenhouse"))


def plain_greenhouse(shape: str) -> str:
    return module_where(kind="greenhouse", shape=shape, vp=0)


def store(resource: str) -> str:
    """A production module that stores exactly this one resource (the largest storage)."""
    found = modules_where(produces=resource, deck_only=False)
    assert found, f"no module stores only {resource}"
    return max(found, key=lambda t: (CAT.tiles[t].max_stock, t))


def spec(tid: str):
    return CAT.tiles[tid]


# ---------------------------------------------------------------- positions

def fresh(n: int = 2, seed: int = 0) -> State:
    return new_game(n, seed)


def put(state: State, seat: int, cell, tile_id: str, stock: int = 0) -> None:
    assert tile_id in CAT.tiles, tile_id
    state.players[seat].base[tuple(cell)] = (tile_id, stock)


def put_many(state: State, seat: int, cells_tiles: dict) -> None:
    for cell, tid in cells_tiles.items():
        put(state, seat, cell, tid)


def remove(state: State, seat: int, cell) -> None:
    state.players[seat].base.pop(tuple(cell), None)
    state.players[seat].wild.pop(tuple(cell), None)


def clear_base(state: State, seat: int) -> None:
    state.players[seat].base.clear()
    state.players[seat].wild.clear()


def set_astronaut(state: State, seat: int, i: int, work: int = 2, where: str = ACTIVE, pos=None) -> None:
    astros = state.players[seat].astros
    if where in (ACTIVE, EXHAUSTED):
        pos = tuple(pos)
    elif where == BOARD:
        pos = int(pos) % RING
    else:
        pos = None
    while len(astros) <= i:
        astros.append((2, EXHAUSTED, (-50 - len(astros), -50)))
    astros[i] = (work, where, pos)


def on_ring(state: State, distance: int) -> int:
    """The ring spot at that distance clockwise past the arm."""
    return (state.arm + distance) % RING


def park(state: State, seat: int) -> None:
    """Nothing of this seat can act: base astronauts exhausted, the rest left as they are."""
    astros = state.players[seat].astros
    for i, (w, where, pos) in enumerate(astros):
        if where == ACTIVE:
            astros[i] = (w, EXHAUSTED, pos)


def give_turn(state: State, seat: int) -> None:
    state.current = seat
    state.phase = TURN
    state.sel = None
    state.target = None
    state.work_left = 0
    state.upgrades = 0
    state.need = [0] * 7
    state.progress = [0, 0, 0]


def bank(state: State, seat: int, resource: str, n: int) -> list:
    """Put `n` units of one resource in stock, on storage modules far from the base under
    test and three cells apart (no line, square or cluster). Returns their cells."""
    tid = store(resource)
    cap = CAT.tiles[tid].max_stock
    base = state.players[seat].base
    cells = []
    k = len(base)
    while n > 0:
        cell = (BANK_ROW + 3 * k, BANK_ROW)
        k += 1
        if cell in base:
            continue
        amount = min(cap, n)
        put(state, seat, cell, tid, amount)
        cells.append(cell)
        n -= amount
    return cells


def hand(state: State, seat: int) -> dict:
    """Stock in a base by what it may be spent as: {"ice": 2, "ice/insect": 1, ...}."""
    out: dict[str, int] = {}
    for tid, st in state.players[seat].base.values():
        s = CAT.tiles[tid]
        if s.stores and st:
            key = "/".join(RESOURCES[r] for r in s.produces)
            out[key] = out.get(key, 0) + st
    return out


def quiet_missions(state: State, missions=("C4", "C5", "C6")) -> None:
    """Missions no test position reaches by accident (unless it does experiments)."""
    state.missions = list(missions)
    state.holders = [None] * len(missions)


def set_missions(state: State, missions, holders=None) -> None:
    state.missions = list(missions)
    state.holders = list(holders) if holders is not None else [None] * len(missions)


def solo_base(state: State, seat: int, cells=((-10, -10), (-10, -12))) -> None:
    """An empty base with two active astronauts far from everything; the third on the ring."""
    clear_base(state, seat)
    p = state.players[seat]
    w = [a[0] for a in p.astros]
    p.astros = [(w[0], ACTIVE, tuple(cells[0])), (w[1], ACTIVE, tuple(cells[1])), p.astros[2]]


def ready_to_deploy(tid, cell=(0, 0), base=None, slot=3, seat=0, pay=True):
    """Seat `seat` to play, an empty base plus `base`, astronaut 0 standing on `cell`,
    `tid` in hangar `slot`, and exactly its cost in stock far away."""
    s = fresh(2)
    quiet_missions(s)
    solo_base(s, seat)
    for c, t in (base or {}).items():
        put(s, seat, c, t, 0)
    set_astronaut(s, seat, 0, pos=cell)
    s.hangars[slot - 1] = tid
    if pay:
        for r, n in CAT.tiles[tid].cost:
            bank(s, seat, RESOURCES[r], n)
    s.current = seat
    return s



def square_to_complete() -> State:
    """Seat 0's astronaut on (1, 1) beside three orange modules, an orange module in hangar 3:
    deploying it completes the square whose top-left cell is (0, 0)."""
    orange = plain_module("orange")
    return ready_to_deploy(orange, cell=(1, 1), base={cell: orange for cell in ((0, 0), (1, 0), (0, 1))})


# ---------------------------------------------------------------- playing

def play(state: State, *actions) -> list:
    """Apply actions in order; return all their events."""
    events = []
    for a in actions:
        events += apply_action(state, a)
    return events


def A(kind, *args) -> Action:
    return Action(kind, *args)


def spend(cell, unit: int, toward: int) -> Action:
    return Action("spend", tuple(cell), unit, toward)


def pay_all(state: State) -> list:
    """Pay the pending cost with the first legal spends (fails loudly if stuck)."""
    from humanity_desktop.engine import legal_actions
    events = []
    while state.phase == "pay":
        acts = legal_actions(state)
        assert acts, "payment is stuck"
        events += apply_action(state, acts[0])
    return events


def deploy(state: State, astronaut: int, slot: int, spends=None, colour=None, shape=None,
           upgrades=()) -> list:
    """Select, choose a module, pay (given spends or automatically), then answer prompts."""
    ev = play(state, A("select_astronaut", astronaut), A("choose_module", slot))
    if spends is None:
        ev += pay_all(state)
    else:
        ev += play(state, *spends)
    if colour is not None:
        ev += play(state, A("choose_colour", colour))
    if shape is not None:
        ev += play(state, A("choose_shape", shape))
    for i in upgrades:
        ev += play(state, A("upgrade", i))
    return ev


def experiment(state: State, astronaut: int, index: int, spends=None) -> list:
    ev = play(state, A("select_astronaut", astronaut), A("choose_experiment", index))
    if spends is None:
        ev += pay_all(state)
    else:
        ev += play(state, *spends)
    return ev


def pass_turn(state: State, astronaut: int) -> list:
    """Spend a turn with an astronaut without changing anything in the base: it works with
    its work value briefly set to 0, so nothing can be activated and the work ends by itself
    (its value is restored afterwards). The mission check and the turn order still run."""
    seat = state.current
    w, where, pos = state.players[seat].astros[astronaut]
    state.players[seat].astros[astronaut] = (0, where, pos)
    try:
        ev = play(state, A("select_astronaut", astronaut), A("work"))
        if state.phase == "work" and state.current == seat:
            ev += play(state, A("end_work"))
    finally:
        _, where2, pos2 = state.players[seat].astros[astronaut]
        state.players[seat].astros[astronaut] = (w, where2, pos2)
    return ev


def end_round_now(state: State) -> list:
    """End the round through the rules: every base astronaut but one of the current seat is
    exhausted; that one works and stops."""
    seat = state.current
    astros = state.players[seat].astros
    keep = next(i for i, (_, where, _) in enumerate(astros) if where == ACTIVE)
    for p in range(state.n):
        astros_p = state.players[p].astros
        for i, (w, where, pos) in enumerate(astros_p):
            if where == ACTIVE and not (p == seat and i == keep):
                astros_p[i] = (w, EXHAUSTED, pos)
    return pass_turn(state, keep)


def vp_by(events: list, source: str | None = None, player: int | None = None) -> int:
    return sum(
        e.amount for e in of_type(events, VP)
        if (source is None or e.source == source) and (player is None or e.player == player)
    )


def research_by(events: list, player: int | None = None) -> int:
    return sum(e.amount for e in of_type(events, Research) if player is None or e.player == player)


def of_type(events: list, kind: type) -> list:
    """The events of one kind (an engine/events.py class), in order."""
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, action: Action, rule: str | None = None, reason: str | None = None) -> RulesError:
    """The action is refused with a RulesError naming `rule`, and the state is unchanged."""
    import pytest

    before = state.to_json()
    with pytest.raises(RulesError) as info:
        apply_action(state, action)
    assert state.to_json() == before, "a refused action changed the state"
    if rule is not None:
        assert info.value.rule == rule, (info.value.rule, info.value.sentence)
    if reason is not None:
        assert reason.lower() in info.value.sentence.lower(), info.value.sentence
    return info.value
