"""The rules: which choices are legal now, and what a choice does.

Each kind of action is declared once, at the end (`declare`): its arguments, its phase, its
rule, the checker that says why it is refused (or None when it is legal), its effect and its
candidates. `legal_actions` lists the candidates of the kinds a phase offers and keeps those
the checker accepts, so the two can never disagree. `apply_action` checks first and only then
mutates, so a refused action leaves the state exactly as it was; `apply_legal` and
`play_legal_to_turn_end` skip the check for an action `legal_actions` listed for the very
position.
"""
from __future__ import annotations

from typing import Callable

from ..language import N_
from . import grid
from .actions import SPECS, Action, ActionSpec, KindBase, declare
from .catalogue import ADVANCED, ADVANCED_OF, ANY, BASIC, ELECTRICITY, RESOURCES, SHAPES, Catalogue
from .errors import RulesError, Why, because
from .events import (
    AstronautPlaced, AstronautSelected, Event, ExperimentChosen, ExperimentDone, ModuleChosen, ModuleDeployed,
    ObstacleDestroyed, ObstacleWeakened, Produced, Reactivated, Spent, TimeModule, TurnEnded, Upgraded,
    UpgradesEarned, WorkEnded, WorkStarted,
)
from .payment import apply_unit, can_pay, feasible, split_need
from .phases import PHASES, enter
from .ranges import ASTRONAUT_WORK
from .ring import HANGARS, WHEEL_BAYS, experiment_spot, slot_spot
from .state import (
    ACTION, ACTIVE, ASTRONAUTS, BOARD, COLOUR, EXHAUSTED, OVER, PAY, PLACE, RETURNING, SHAPE, TURN,
    UPGRADE, WORK, State,
)
from .flow import UntilTurnEnd, finish_turn, first_to_play, start_round
from .scoring import gain_research, gain_vp, join_group, move_time

Events = list[Event]
START_WORK, MAX_WORK = ASTRONAUT_WORK  # an astronaut's work: where it starts, how far upgrades take it
OBSTACLE_RESEARCH = 3  # for clearing an obstacle
UPGRADE_SQUARE_COLOURS = 2  # a finished square of at most this many colours earns a work upgrade


# ---------------------------------------------------------------- shared look-ups

def supply_of(base: dict, cat: Catalogue) -> tuple:
    """A base's spendable stock, grouped by what a unit may be spent as (the solver's key)."""
    tiles = cat.tiles
    counts: dict[tuple, int] = {}
    for tid, stock in base.values():
        if stock:
            spec = tiles[tid]
            if spec.stores:
                counts[spec.produces] = counts.get(spec.produces, 0) + stock
    return tuple(sorted(counts.items()))


def _supply(s: State, cat: Catalogue, ctx: dict) -> tuple:
    """The current player's supply, computed once per batch of checks sharing `ctx`."""
    supply = ctx.get("supply")
    if supply is None:
        supply = ctx["supply"] = supply_of(s.players[s.current].base, cat)
    return supply


def _supply_less_one(s: State, cat: Catalogue, ctx: dict, produces: tuple) -> tuple:
    """The current player's supply once one unit of a `produces` tile is spent: the supply
    `supply_of` gives for the base after that spend, worked out from the whole base's supply
    (computed once per batch sharing `ctx`), so checking every candidate spend stays linear."""
    key = ("supply_less_one", produces)
    supply = ctx.get(key)
    if supply is None:
        supply = tuple(
            (opts, n - 1) if opts == produces else (opts, n)
            for opts, n in _supply(s, cat, ctx) if opts != produces or n > 1
        )
        ctx[key] = supply
    return supply


def activatable(spec, stock: int, work_left: int) -> bool:
    if spec.kind == "obstacle":
        return work_left >= 1
    if not spec.work or spec.work > work_left:
        return False
    return spec.time or stock < spec.max_stock


def occupied_cells(player) -> set:
    return {pos for _, where, pos in player.astros if where in (ACTIVE, EXHAUSTED)}


def placement_cells(player, cat: Catalogue) -> list:
    """Empty cells orthogonally next to at least one module, where an astronaut may stand."""
    tiles = cat.tiles
    taken = occupied_cells(player)
    cells = set()
    for cell, (tid, _) in player.base.items():
        if tiles[tid].kind != "obstacle":
            for n in grid.neighbours(cell):
                if n not in player.base and n not in taken:
                    cells.add(n)
    return sorted(cells)


def greenhouse_fixed_shapes(player, cat: Catalogue, group: list, skip) -> list[str]:
    return [
        cat.tiles[player.base[c][0]].shape
        for c in group
        if c != skip and c in player.base and cat.tiles[player.base[c][0]].shape != "wild"
    ]


def greenhouse_problem(player, cat: Catalogue, spec, cell) -> Why | None:
    """Why a greenhouse may not land on `cell` (None when it may)."""
    group = grid.greenhouse_group(player.base, cat, cell, extra=cell)
    fixed = greenhouse_fixed_shapes(player, cat, group, cell)
    if spec.shape != "wild":
        fixed.append(spec.shape)
    if len(group) > grid.MAX_GREENHOUSES:
        return because(N_("no more than {most} greenhouses may be connected"), most=grid.MAX_GREENHOUSES)
    if not grid.greenhouse_shapes_ok(fixed, len(group)):
        return because(N_("connected greenhouses must all have different shapes"))
    return None


def wild_options(player, cat: Catalogue, cell) -> list[str]:
    group = grid.greenhouse_group(player.base, cat, cell, extra=cell)
    fixed = greenhouse_fixed_shapes(player, cat, group, cell)
    return [s for s in SHAPES if s not in fixed]


# ---------------------------------------------------------------- checkers

def _check_select(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, astronaut, _, _ = a
    astros = s.players[s.current].astros
    if not isinstance(astronaut, int) or not 0 <= astronaut < len(astros):
        return because(N_("there is no such astronaut"))
    if astros[astronaut][1] != ACTIVE:
        return because(N_("only an active astronaut in your base can act"))
    return None


def _check_work(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    return None


def _check_module(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, slot, _, _ = a
    if not isinstance(slot, int) or not 1 <= slot <= HANGARS or s.hangars[slot - 1] is None:
        return because(N_("there is no module in that hangar"))
    spec = cat.tiles[s.hangars[slot - 1]]
    player = s.players[s.current]
    cell = player.astros[s.sel][2]
    if spec.kind == "greenhouse":
        why = greenhouse_problem(player, cat, spec, cell)
        if why:
            return why
    if not can_pay(spec.cost_vec, _supply(s, cat, ctx)):
        return because(N_("your base cannot pay this module's cost"))
    return None


def _check_experiment(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, index, _, _ = a
    if not isinstance(index, int) or not 0 <= index < WHEEL_BAYS or s.wheel[index] is None:
        return because(N_("there is no experiment on that space"))
    spec = cat.experiments[s.wheel[index]]
    if not can_pay(spec.cost_vec, _supply(s, cat, ctx)):
        return because(N_("your base cannot pay this experiment's cost"))
    return None


def _check_activate(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, cell, _, _ = a
    base = s.players[s.current].base
    if cell not in base:
        return because(N_("there is no tile on that cell"))
    tid, stock = base[cell]
    spec = cat.tiles[tid]
    if spec.kind != "obstacle" and not spec.work:
        return because(N_("this module cannot be activated"))
    if activatable(spec, stock, s.work_left):
        return None
    if spec.work > s.work_left or (spec.kind == "obstacle" and s.work_left < 1):
        return because(N_("it needs {need} work and the astronaut has {have} left"), need=spec.work, have=s.work_left)
    return because(N_("its stock is full: spend from it before producing more"))


def _check_end_work(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    if s.work_left == s.players[s.current].astros[s.sel][0]:
        return because(N_("working means activating at least one tile first"))
    return None


def _check_spend(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, cell, unit, toward = a
    base = s.players[s.current].base
    if cell not in base:
        return because(N_("there is no tile on that cell"))
    tid, stock = base[cell]
    spec = cat.tiles[tid]
    if not spec.stores:
        return because(N_("this tile holds no resources"))
    if stock <= 0:
        return because(N_("this module has nothing in stock"))
    if unit not in spec.produces:
        return because(N_("this module does not hold that resource"))
    need = s.need.copy()
    progress = s.progress.copy()
    why = apply_unit(need, progress, unit, toward)
    if why:
        return why
    direct, owed = split_need(tuple(need), tuple(progress))
    if not feasible(direct, owed, _supply_less_one(s, cat, ctx, spec.produces)):
        return because(N_("spending that unit there would leave the rest of the cost unpayable"))
    return None


def _check_colour(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, colour, _, _ = a
    return None if colour in ("blue", "orange") else because(N_("a communication module is blue or orange"))


def _check_shape(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, shape, _, _ = a
    player = s.players[s.current]
    if shape not in wild_options(player, cat, player.astros[s.sel][2]):
        return because(N_("connected greenhouses must all show different shapes"))
    return None


def _check_upgrade(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, astronaut, _, _ = a
    astros = s.players[s.current].astros
    if not isinstance(astronaut, int) or not 0 <= astronaut < len(astros):
        return because(N_("there is no such astronaut"))
    if astros[astronaut][0] >= MAX_WORK:
        return because(N_("an astronaut's work value is at most {most}"), most=MAX_WORK)
    return None


def _check_place(s: State, a: Action, cat: Catalogue, ctx: dict) -> Why | None:
    _, astronaut, cell, _ = a
    player = s.players[s.current]
    if not isinstance(astronaut, int) or not 0 <= astronaut < len(player.astros):
        return because(N_("there is no such astronaut"))
    if player.astros[astronaut][1] != RETURNING:
        return because(N_("that astronaut is not returning to the base"))
    if cell in player.base or cell in occupied_cells(player):
        return because(N_("that cell is taken"))
    tiles = cat.tiles
    if not any(n in player.base and tiles[player.base[n][0]].kind != "obstacle" for n in grid.neighbours(cell)):
        return because(N_("an astronaut must stand next to at least one module (obstacles do not count)"))
    return None


def why_illegal(s: State, a: Action) -> RulesError | None:
    """The rule an action breaks in this state, or None if it is legal."""
    if s.phase == OVER:
        return RulesError(N_("End of the game"), N_("the game is over; no more actions"))
    spec = SPECS.get(a.kind) if isinstance(a, Action) else None
    if spec is None:
        return RulesError(N_("Actions"), N_("unknown action {action}"), {"action": repr(a)})
    if spec.phase != s.phase:
        # Translators: {kind} and {phase} are names in the line protocol, such as "spend" and "turn".
        reason = N_("'{kind}' is not a choice in the '{phase}' phase")
        return RulesError(N_("Turn order"), reason, {"kind": str(a.kind), "phase": str(s.phase)})
    why = spec.check(s, a, s.catalogue, {})
    return RulesError(spec.rule, *why) if why else None


# ---------------------------------------------------------------- candidates

class Kind(KindBase):
    """Every kind of action, by its wire name; each is declared with its spec at the end."""
    SELECT_ASTRONAUT = "select_astronaut"
    WORK = "work"
    CHOOSE_MODULE = "choose_module"
    CHOOSE_EXPERIMENT = "choose_experiment"
    ACTIVATE = "activate"
    END_WORK = "end_work"
    SPEND = "spend"
    CHOOSE_COLOUR = "choose_colour"
    CHOOSE_SHAPE = "choose_shape"
    UPGRADE = "upgrade"
    PLACE_ASTRONAUT = "place_astronaut"


_SELECT = [Action(Kind.SELECT_ASTRONAUT, i) for i in range(ASTRONAUTS)]
_WORK = [Action(Kind.WORK)]
_MODULES = [Action(Kind.CHOOSE_MODULE, k) for k in range(1, HANGARS + 1)]
_EXPERIMENTS = [Action(Kind.CHOOSE_EXPERIMENT, i) for i in range(WHEEL_BAYS)]
_END_WORK = [Action(Kind.END_WORK)]
_COLOURS = [Action(Kind.CHOOSE_COLOUR, "blue"), Action(Kind.CHOOSE_COLOUR, "orange")]
_SHAPES = [Action(Kind.CHOOSE_SHAPE, sh) for sh in SHAPES]
_UPGRADES = [Action(Kind.UPGRADE, i) for i in range(ASTRONAUTS)]
# The kinds whose candidates depend on the position, bound once for the hot paths.
_ACTIVATE, _SPEND, _PLACE_ASTRONAUT = Kind.ACTIVATE, Kind.SPEND, Kind.PLACE_ASTRONAUT


def _fixed(actions: list[Action]) -> Callable:
    """The candidates of a kind whose choices do not depend on the position."""
    return lambda s, player, cat: actions


def _activate_candidates(s: State, player, cat: Catalogue) -> list[Action]:
    return [Action(_ACTIVATE, c) for c in sorted(player.base)]


def _place_candidates(s: State, player, cat: Catalogue) -> list[Action]:
    cells = placement_cells(player, cat)
    return [
        Action(_PLACE_ASTRONAUT, i, c)
        for i, (_, where, _) in enumerate(player.astros) if where == RETURNING
        for c in cells
    ]


def _spend_candidates(s: State, player, cat: Catalogue) -> list[Action]:
    out = []
    tiles = cat.tiles
    owed = [r for r in range(len(RESOURCES)) if s.need[r] > 0]
    for cell in sorted(player.base):
        tid, stock = player.base[cell]
        if not stock:
            continue
        spec = tiles[tid]
        if not spec.stores:
            continue
        for unit in spec.produces:
            for toward in owed:
                if toward == unit or (unit in BASIC and toward == ADVANCED_OF[unit]) or (
                    unit == ELECTRICITY and (toward in BASIC or toward in ADVANCED)
                ):
                    out.append(Action(_SPEND, cell, unit, toward))
    return out


def legal_actions(s: State) -> list[Action]:
    """Every legal action now, in a fixed order (the same state always gives the same list)."""
    if s.phase == OVER:
        return []
    cat = s.catalogue
    ctx: dict = {}
    player = s.players[s.current]
    return [
        a for spec in _OFFERED[s.phase] for a in spec.candidates(s, player, cat)
        if spec.check(s, a, cat, ctx) is None
    ]


# ---------------------------------------------------------------- effects

def apply_action(s: State, a: Action) -> Events:
    """Play one action in place and return what happened; raise RulesError if it is illegal."""
    return _play(s, a, [])


def apply_legal(s: State, a: Action) -> Events:
    """`apply_action` without the check, for an action known to be legal in `s`: one taken
    from `legal_actions` of this very position (or of an identical copy). The bots' plan
    search applies every listed action and would otherwise check each one twice. Anything
    from outside (a player, a file, a client, a plan made for another sample) goes through
    `apply_action`."""
    events: Events = []
    SPECS[a.kind].effect(s, a, s.catalogue, events)
    return events


def play_to_turn_end(s: State, a: Action) -> Events:
    """Play `a` in place as far as the end of its seat's turn and no further: the position as
    the seat leaves it, before the next seat plays or the round resets (what a turn waiting
    for confirmation shows). RulesError if `a` is illegal."""
    return list(_play(s, a, UntilTurnEnd()))


def play_legal_to_turn_end(s: State, a: Action) -> Events:
    """`play_to_turn_end` without the check, for an action known to be legal in `s` (as
    `apply_legal`): the reference players' segment search plays every listed action so."""
    events: Events = UntilTurnEnd()
    SPECS[a.kind].effect(s, a, s.catalogue, events)
    return events


def _play(s: State, a: Action, events: Events) -> Events:
    err = why_illegal(s, a)
    if err:
        raise err
    SPECS[a.kind].effect(s, a, s.catalogue, events)
    return events


def _do_select(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, astronaut, _, _ = a
    s.sel = astronaut
    enter(s, ACTION)
    ev.append(AstronautSelected(s.current, astronaut))


def _do_work(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    enter(s, WORK)
    s.work_left = s.players[s.current].astros[s.sel][0]
    ev.append(WorkStarted(s.current, s.sel, s.work_left))
    _end_work_if_stuck(s, cat, ev)


def _do_activate(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, cell, _, _ = a
    player = s.writable(s.current)
    tid, stock = player.base[cell]
    spec = cat.tiles[tid]
    if spec.kind == "obstacle":
        s.work_left -= 1
        if stock == 1:
            del player.base[cell]
            ev.append(ObstacleDestroyed(s.current, cell))
            gain_research(s, s.current, OBSTACLE_RESEARCH, "obstacle", ev)
        else:
            player.base[cell] = (tid, stock - 1)
            ev.append(ObstacleWeakened(s.current, cell, stock - 1))
    elif spec.time:
        s.work_left -= spec.work
        ev.append(TimeModule(s.current, cell))
        move_time(s, s.current, 1, ev)
    else:
        s.work_left -= spec.work
        player.base[cell] = (tid, stock + 1)
        ev.append(Produced(s.current, cell, tid, stock + 1))
        if activatable(spec, stock + 1, s.work_left):
            return  # the tile can go again, so the work goes on: no need to look further
    _end_work_if_stuck(s, cat, ev)


def _end_work_if_stuck(s: State, cat: Catalogue, ev: Events) -> None:
    """Unspendable work is lost, so the work ends by itself when nothing can be activated."""
    tiles = cat.tiles
    wl = s.work_left
    # No tile is activated for nothing, so with no work left the search of the base is skipped.
    if wl <= 0 or not any(activatable(tiles[tid], st, wl) for tid, st in s.players[s.current].base.values()):
        _do_end_work(s, None, cat, ev)


def _do_end_work(s: State, a: Action | None, cat: Catalogue, ev: Events) -> None:
    player = s.writable(s.current)
    work, _, cell = player.astros[s.sel]
    player.astros[s.sel] = (work, EXHAUSTED, cell)
    ev.append(WorkEnded(s.current, s.sel, s.work_left))
    s.work_left = 0
    finish_turn(s, ev)


def _start_payment(s: State, target: tuple, cost: tuple, ev: Events) -> None:
    enter(s, PAY)
    s.target = target
    s.need = list(cost)
    s.progress = [0, 0, 0]


def _do_module(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, slot, _, _ = a
    tid = s.hangars[slot - 1]
    ev.append(ModuleChosen(s.current, slot, tid))
    _start_payment(s, ("module", slot), cat.tiles[tid].cost_vec, ev)


def _do_experiment(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, index, _, _ = a
    eid = s.wheel[index]
    ev.append(ExperimentChosen(s.current, index, eid))
    _start_payment(s, ("experiment", index), cat.experiments[eid].cost_vec, ev)


def _do_spend(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, cell, unit, toward = a
    player = s.writable(s.current)
    tid, stock = player.base[cell]
    player.base[cell] = (tid, stock - 1)
    apply_unit(s.need, s.progress, unit, toward)
    ev.append(Spent(s.current, cell, RESOURCES[unit], RESOURCES[toward], stock - 1))
    if not any(s.need):
        _after_payment(s, cat, ev)


def _after_payment(s: State, cat: Catalogue, ev: Events) -> None:
    kind, index = s.target
    if kind == "experiment":
        _finish_experiment(s, index, cat, ev)
        return
    spec = cat.tiles[s.hangars[index - 1]]
    player = s.players[s.current]
    if spec.kind == "communication":
        enter(s, COLOUR)
    elif spec.shape == "wild" and len(wild_options(player, cat, player.astros[s.sel][2])) > 1:
        enter(s, SHAPE)
    else:
        shape = None
        if spec.shape == "wild":
            shape = wild_options(player, cat, player.astros[s.sel][2])[0]
        _place_module(s, spec.id, shape, cat, ev)


def _do_colour(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    """The communication module leaves the game; a tile of the chosen colour showing its
    research takes its place in the base."""
    _, colour, _, _ = a
    module = s.hangars[s.target[1] - 1]
    s.removed.append(module)
    _place_module(s, cat.faces[cat.tiles[module].face][colour], None, cat, ev)


def _do_shape(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, shape, _, _ = a
    _place_module(s, s.hangars[s.target[1] - 1], shape, cat, ev)


def _send_to_ring(s: State, spot: int) -> tuple:
    """Move the acting astronaut beside the board; return the base cell it left."""
    player = s.writable(s.current)
    work, _, cell = player.astros[s.sel]
    player.astros[s.sel] = (work, BOARD, spot)
    return cell


def _place_module(s: State, tid: str, wild_shape: str | None, cat: Catalogue, ev: Events) -> None:
    p = s.current
    player = s.writable(p)
    slot = s.target[1]
    s.target = None  # paid and placed: nothing is pending any more
    s.hangars[slot - 1] = None
    cell = _send_to_ring(s, slot_spot(s.arm, slot))
    spec = cat.tiles[tid]
    player.base[cell] = (tid, cat.stock_on_arrival if spec.stores else 0)
    ev.append(ModuleDeployed(p, tid, cell, slot))
    if spec.kind == "greenhouse":
        _settle_greenhouses(player, cat, cell, wild_shape)
        size = len(grid.greenhouse_group(player.base, cat, cell))
        gain_vp(s, p, size, "greenhouse", ev)
    if spec.vp:
        gain_vp(s, p, spec.vp, "module_vp", ev)
    research = spec.research
    colour = spec.colour
    for n in grid.neighbours(cell):
        if n in player.base:
            other = cat.tiles[player.base[n][0]]
            if other.colour is None:
                continue  # an obstacle is not a module
            for col, pts in spec.adjacency:
                if col == other.colour or col == ANY:
                    research += pts
            for col, pts in other.adjacency:
                if col == colour or col == ANY:
                    research += pts
    if research:
        gain_research(s, p, research, "module", ev)
    squares = grid.squares_completed(grid.module_colours(player.base, cat), cell)
    if squares:
        gain_vp(s, p, len(squares), "square", ev)
    s.upgrades = sum(1 for colours in squares if len(colours) <= UPGRADE_SQUARE_COLOURS)
    _offer_upgrades(s, ev)


def _settle_greenhouses(player, cat: Catalogue, cell, wild_shape: str | None) -> None:
    """Record the new wild's shape and let other wilds in the group re-choose theirs."""
    if wild_shape is not None:
        player.wild[cell] = wild_shape
    group = grid.greenhouse_group(player.base, cat, cell)
    fixed = greenhouse_fixed_shapes(player, cat, group, None)
    if wild_shape is not None:
        fixed.append(wild_shape)
    others = [c for c in group if c != cell and cat.tiles[player.base[c][0]].shape == "wild"]
    player.wild.update(grid.assign_wilds(fixed, others, player.wild))


def _offer_upgrades(s: State, ev: Events) -> None:
    astros = s.players[s.current].astros
    if s.upgrades and any(w < MAX_WORK for w, _, _ in astros):
        enter(s, UPGRADE)
        ev.append(UpgradesEarned(s.current, s.upgrades))
    else:
        s.upgrades = 0
        finish_turn(s, ev)


def _do_upgrade(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, astronaut, _, _ = a
    astros = s.writable(s.current).astros
    work, where, pos = astros[astronaut]
    astros[astronaut] = (work + 1, where, pos)
    s.upgrades -= 1
    ev.append(Upgraded(s.current, astronaut, work + 1))
    _offer_upgrades(s, ev)


def _finish_experiment(s: State, index: int, cat: Catalogue, ev: Events) -> None:
    p = s.current
    player = s.writable(p)
    eid = s.wheel[index]
    s.wheel[index] = None
    _send_to_ring(s, experiment_spot(s.arm, index))
    spec = cat.experiments[eid]
    player.experiments.append(eid)
    ev.append(ExperimentDone(p, eid, index))
    points = join_group(player.groups, spec.side)
    if points:
        gain_vp(s, p, points, "experiment_group", ev)
    if spec.vp:
        gain_vp(s, p, spec.vp, "experiment_vp", ev)
    if spec.research:
        gain_research(s, p, spec.research, "experiment", ev)
    if spec.effect == "reactivate":
        woke = 0
        for i, (w, where, pos) in enumerate(player.astros):
            if where == EXHAUSTED:
                player.astros[i] = (w, ACTIVE, pos)
                woke += 1
        ev.append(Reactivated(p, woke))
    elif spec.effect == "time2":
        move_time(s, p, 2, ev)
    finish_turn(s, ev)


def _do_place(s: State, a: Action, cat: Catalogue, ev: Events) -> None:
    _, astronaut, cell, _ = a
    player = s.writable(s.current)
    work, _, _ = player.astros[astronaut]
    player.astros[astronaut] = (work, ACTIVE, cell)
    ev.append(AstronautPlaced(s.current, astronaut, cell))
    if any(where == RETURNING for _, where, _ in player.astros):
        return
    s.placing.pop(0)
    if (s.placing[0] if s.placing else first_to_play(s)) != s.current:
        ev.append(TurnEnded(s.current))  # the next decision is another seat's (or a new reset's)
        if isinstance(ev, UntilTurnEnd):
            return
    if s.placing:
        s.current = s.placing[0]
    else:
        start_round(s, ev)


# ---------------------------------------------------------------- the kinds of action

declare({
    Kind.SELECT_ASTRONAUT: ActionSpec(("astronaut",), TURN, N_("Choosing an astronaut"), _check_select, _do_select,
                                      _fixed(_SELECT)),
    Kind.WORK: ActionSpec((), ACTION, N_("Work on the Base"), _check_work, _do_work, _fixed(_WORK)),
    Kind.CHOOSE_MODULE: ActionSpec(("slot",), ACTION, N_("Deploy a Module"), _check_module, _do_module,
                                   _fixed(_MODULES)),
    Kind.CHOOSE_EXPERIMENT: ActionSpec(("index",), ACTION, N_("Carry out an Experiment"), _check_experiment,
                                       _do_experiment, _fixed(_EXPERIMENTS)),
    Kind.ACTIVATE: ActionSpec(("cell",), WORK, N_("Work on the Base"), _check_activate, _do_activate,
                              _activate_candidates),
    Kind.END_WORK: ActionSpec((), WORK, N_("Work on the Base"), _check_end_work, _do_end_work, _fixed(_END_WORK)),
    Kind.SPEND: ActionSpec(("cell", "unit", "toward"), PAY, N_("Spending resources"), _check_spend, _do_spend,
                           _spend_candidates),
    Kind.CHOOSE_COLOUR: ActionSpec(("colour",), COLOUR, N_("Communication modules"), _check_colour, _do_colour,
                                   _fixed(_COLOURS)),
    Kind.CHOOSE_SHAPE: ActionSpec(("shape",), SHAPE, N_("Greenhouses"), _check_shape, _do_shape, _fixed(_SHAPES)),
    Kind.UPGRADE: ActionSpec(("astronaut",), UPGRADE, N_("Upgrading an astronaut"), _check_upgrade, _do_upgrade,
                             _fixed(_UPGRADES)),
    Kind.PLACE_ASTRONAUT: ActionSpec(("astronaut", "cell"), PLACE, N_("Returning astronauts"), _check_place,
                                     _do_place, _place_candidates),
})
# phase -> the specs of the kinds it offers, in declaration order (the order legal actions list in)
_OFFERED = {phase: [spec for spec in SPECS.values() if spec.phase == phase] for phase in PHASES}
