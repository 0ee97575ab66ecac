"""The tile catalogue: one JSON data file, loaded into frozen specs and validated.

Everything the rules need to know about a printed tile lives here; the rules code
never branches on a tile id. Resources are small ints in the hot paths (see RES).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources as _res
from typing import Any

from ..language import N_, _
from .ring import HANGARS, WHEEL_BAYS

RESOURCES = ("ice", "methane", "insect", "oxygen", "aircarbon", "protein", "electricity")
RES = {name: i for i, name in enumerate(RESOURCES)}
BASIC = (0, 1, 2)
ADVANCED = (3, 4, 5)
ELECTRICITY = 6
TIME = "time"
ADVANCED_OF = {0: 3, 1: 4, 2: 5}  # BASICS_PER_ADVANCED identical basics stand for one of these
BASICS_PER_ADVANCED = 3
BASIC_OF = {3: 0, 4: 1, 5: 2}
COLOURS = ("orange", "blue", "green", "purple")
ANY = "any"  # a research module's bonus for every adjacent module, whatever its colour
SWITCH_COLOURS = ("blue", "orange")  # a communication module's tile shows one of these
SHAPES = ("round", "rectangular", "octagonal")
SIDES = ("left", "center", "right")
PLAYER_COUNTS = (2, 3, 4)
YEARS = (1, 2, 3)
LAST_YEAR = YEARS[-1]
# The player's words for the catalogue's ids (table/describe.py says them with `_`); the
# names of modules and missions, and the missions' texts, are the data's own (extracted
# by tools/catalogues.py).
RESOURCE_NAMES = {"ice": N_("ice"), "methane": N_("methane"), "insect": N_("insect"), "oxygen": N_("oxygen"),
                  "aircarbon": N_("aircarbon"), "protein": N_("protein"), "electricity": N_("electricity")}
COLOUR_NAMES = {"orange": N_("orange"), "blue": N_("blue"), "green": N_("green"), "purple": N_("purple")}
# Translators: a greenhouse's shape, as in "{shape} greenhouse".
SHAPE_NAMES = {"round": N_("round"), "rectangular": N_("rectangular"), "octagonal": N_("octagonal")}
# Translators: a side of the experiment wheel, as in "the {side} experiment of year {year}".
SIDE_NAMES = {"left": N_("left"), "center": N_("centre"), "right": N_("right")}
# The names the catalogue makes: a communication module's tile by the colour it shows, an
# obstacle by its resistance.
COMMUNICATION_NAMES = {"blue": N_("Blue communication tile {research}"),
                       "orange": N_("Orange communication tile {research}")}
OBSTACLE_NAME = N_("Obstacle {resistance}")
MISSION_TYPES = ("A", "B", "C")  # a game draws one mission of each type
MODULE_KINDS = ("production", "research", "communication", "greenhouse", "drone")
EFFECTS = (None, "reactivate", "time2")
MEASURES = {
    "colour_cluster": ("colour", "diagonal"),
    "colour_count": ("colour",),
    "line": ("direction", "same_colour"),
    "pictograms": ("resources",),
    "experiment_side": ("side",),
}


def cost_vector(cost: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """(resource, count) pairs -> one count per resource index."""
    vec = [0] * len(RESOURCES)
    for r, n in cost:
        vec[r] += n
    return tuple(vec)


class CatalogueError(ValueError):
    """The catalogue file breaks the schema; the message says where and how."""


@dataclass(frozen=True)
class TileSpec:
    """Anything that can sit on a base cell: a module (any kind) or an obstacle."""

    id: str
    name: str
    kind: str  # one of MODULE_KINDS, or "obstacle"
    colour: str | None  # None for obstacles
    year: int = 0  # 0 for starting tiles and obstacles
    cost: tuple[tuple[int, int], ...] = ()  # (resource index, count)
    work: int = 0  # work points per activation; 0 = cannot be activated
    produces: tuple[int, ...] = ()  # resource indices a stored unit may be spent as
    time: bool = False  # activation moves astronauts instead of storing
    max_stock: int = 0  # for obstacles: the starting resistance
    research: int = 0
    vp: int = 0
    adjacency: tuple[tuple[str, int], ...] = ()  # (colour or ANY, research per adjacent module)
    shape: str | None = None  # greenhouses only
    face: str | None = None  # communication modules on the board: their replacement tiles' id

    def __post_init__(self) -> None:
        # Derived once here because the rules read them in their hottest loops.
        object.__setattr__(self, "stores", self.max_stock > 0 and self.kind == "production")
        object.__setattr__(self, "cost_vec", cost_vector(self.cost))

    def said(self) -> str:
        """The tile's name in the language in force (`name` is the English)."""
        if self.kind == "obstacle":
            return _(OBSTACLE_NAME).format(resistance=self.max_stock)
        if self.kind == "communication" and self.colour:
            return _(COMMUNICATION_NAMES[self.colour]).format(research=self.research)
        return _(self.name)


@dataclass(frozen=True)
class ExperimentSpec:
    id: str
    year: int
    side: str
    cost: tuple[tuple[int, int], ...]
    research: int
    vp: int
    effect: str | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cost_vec", cost_vector(self.cost))


@dataclass(frozen=True)
class MissionSpec:
    id: str
    type: str
    name: str
    text: str
    measure: str
    target: int
    colour: str | None = None
    diagonal: bool = False  # a cluster also links modules that touch at a corner
    direction: str | None = None
    same_colour: bool = False
    resources: tuple[int, ...] = ()
    side: str | None = None


@dataclass(frozen=True)
class Catalogue:
    tiles: dict[str, TileSpec]  # deck modules, replacement tiles, starting modules, obstacles
    modules_by_year: dict[int, tuple[str, ...]]  # the deck modules, in file order
    deck_modules: frozenset[str]
    faces: dict[str, dict[str, str]]  # replacement id -> {colour: tile id of that colour}
    experiments: dict[str, ExperimentSpec]
    experiments_by_year: dict[int, tuple[str, ...]]
    missions: dict[str, MissionSpec]
    missions_by_type: dict[str, tuple[str, ...]]
    research_cap: int
    research_marks: tuple[tuple[int, int], ...]  # (position, tokens), ascending
    tokens_per_player_behind: dict[int, int]  # by player count
    stock_on_arrival: int  # what a newly deployed producer holds
    start_tiles: tuple[tuple[tuple[int, int], str, int], ...]  # (cell, tile id, stock)
    start_astronauts: tuple[tuple[int, int], ...]
    third_astronaut_spot: dict[int, tuple[int, ...]]  # by player count, seat by seat
    # Not part of what the catalogue says: the measures of its missions on the layouts met so
    # far (grid.remembered_measure), kept with it since they hold for its missions only.
    module_measures: dict = field(default_factory=dict, compare=False, repr=False)

    def tokens_for(self, research: int) -> int:
        """Science tokens for the highest threshold reached on the research track."""
        best = 0
        for pos, tokens in self.research_marks:
            if research >= pos:
                best = tokens
        return best


def _need(d: dict, key: str, where: str, kind: type | tuple = object) -> Any:
    if key not in d:
        raise CatalogueError(f"{where}: missing field '{key}'")
    value = d[key]
    if kind is not object and not isinstance(value, kind):
        raise CatalogueError(f"{where}: field '{key}' should be {kind}, got {value!r}")
    return value


def _check_production_work(work: int, where: str) -> None:
    """A production module takes 1 or 2 work a turn (which the rules count on: with no work
    left, nothing can be activated)."""
    if work not in (1, 2):
        raise CatalogueError(f"{where}: a production module needs 1 or 2 work")


def _cost(raw: Any, where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise CatalogueError(f"{where}: cost must be a non-empty object")
    out = []
    for name, n in raw.items():
        if name not in RES:
            raise CatalogueError(f"{where}: unknown resource '{name}' in cost")
        if not isinstance(n, int) or n <= 0:
            raise CatalogueError(f"{where}: cost of {name} must be a positive integer")
        out.append((RES[name], n))
    return tuple(sorted(out))


def _adjacency(raw: Any, where: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where}: adjacency must be an object")
    for colour, n in raw.items():
        if colour not in COLOURS + (ANY,) or not isinstance(n, int) or n <= 0:
            raise CatalogueError(f"{where}: bad adjacency entry {colour!r}: {n!r}")
    return tuple(sorted(raw.items()))


def _production(raw: dict, where: str) -> tuple[tuple[int, ...], bool]:
    produces = _need(raw, "produces", where, list)
    if produces == [TIME]:
        return (), True
    if not produces or len(produces) > 2 or any(p not in RES for p in produces):
        raise CatalogueError(f"{where}: produces must list one or two resources, or 'time'")
    idx = tuple(RES[p] for p in produces)
    if len(idx) == 2 and not (set(idx) <= set(BASIC) or set(idx) <= set(ADVANCED)):
        raise CatalogueError(f"{where}: a variable tile offers two basics or two advanced")
    return idx, False


def _module(raw: dict, capacity: int) -> TileSpec:
    where = f"module {raw.get('id', '?')}"
    kind = _need(raw, "kind", where, str)
    if kind not in MODULE_KINDS:
        raise CatalogueError(f"{where}: unknown kind '{kind}'")
    colour = raw.get("colour")
    face = raw.get("replacement")
    if kind == "communication":
        # On the board it is neither colour: the player picks the replacement tile's colour.
        if colour is not None or not isinstance(face, str):
            raise CatalogueError(f"{where}: a communication module has no colour and names its replacement")
    elif colour not in COLOURS or face is not None:
        raise CatalogueError(f"{where}: unknown colour {colour!r} (only communication modules have none)")
    produces, time = ((), False)
    work = _need(raw, "work", where, int)
    max_stock = 0
    if kind == "production":
        produces, time = _production(raw, where)
        _check_production_work(work, where)
        max_stock = 0 if time else capacity
    elif work or raw.get("produces"):
        raise CatalogueError(f"{where}: only production modules are activated or store")
    shape = raw.get("shape")
    if (kind == "greenhouse") != (shape is not None) or (
        shape is not None and shape not in SHAPES + ("wild",)
    ):
        raise CatalogueError(f"{where}: greenhouses, and only they, carry a shape")
    if kind == "greenhouse" and colour != "green":
        raise CatalogueError(f"{where}: greenhouses are green")
    year = _need(raw, "year", where, int)
    if year not in YEARS:
        raise CatalogueError(f"{where}: year must be 1, 2 or 3")
    return TileSpec(
        id=_need(raw, "id", where, str),
        name=_need(raw, "name", where, str),
        kind=kind,
        colour=colour,
        year=year,
        cost=_cost(raw.get("cost"), where),
        work=work,
        produces=produces,
        time=time,
        max_stock=max_stock,
        research=_need(raw, "research", where, int),
        vp=_need(raw, "vp", where, int),
        adjacency=_adjacency(raw.get("adjacency", {}), where),
        shape=shape,
        face=face,
    )


def _mission(raw: dict) -> MissionSpec:
    where = f"mission {raw.get('id', '?')}"
    measure = _need(raw, "measure", where, str)
    if measure not in MEASURES:
        raise CatalogueError(f"{where}: unknown measure '{measure}'")
    extra: dict[str, Any] = {}
    for key in MEASURES[measure]:
        extra[key] = _need(raw, key, where)
    if "colour" in extra and extra["colour"] not in COLOURS:
        raise CatalogueError(f"{where}: unknown colour")
    if "diagonal" in extra and not isinstance(extra["diagonal"], bool):
        raise CatalogueError(f"{where}: diagonal must be true or false")
    if "direction" in extra and extra["direction"] not in ("vertical", "horizontal", "diagonal"):
        raise CatalogueError(f"{where}: unknown direction")
    if "resources" in extra:
        if any(r not in RES for r in extra["resources"]):
            raise CatalogueError(f"{where}: unknown resource")
        extra["resources"] = tuple(RES[r] for r in extra["resources"])
    if "side" in extra and extra["side"] not in SIDES:
        raise CatalogueError(f"{where}: unknown side")
    mtype = _need(raw, "type", where, str)
    if mtype not in MISSION_TYPES:
        raise CatalogueError(f"{where}: type must be A, B or C")
    return MissionSpec(
        id=_need(raw, "id", where, str),
        type=mtype,
        name=_need(raw, "name", where, str),
        text=_need(raw, "text", where, str),
        measure=measure,
        target=_need(raw, "target", where, int),
        **extra,
    )


def _replacements(raw_tiles: list, modules: list[TileSpec]) -> tuple[dict, list[TileSpec]]:
    """Each replacement comes in blue and orange; each colour is a tile a base can hold."""
    faces: dict[str, dict[str, str]] = {}
    sides: list[TileSpec] = []
    for raw in raw_tiles:
        where = f"communication tile {raw.get('id', '?')}"
        fid = _need(raw, "id", where, str)
        research = _need(raw, "research", where, int)
        faces[fid] = {}
        for colour in SWITCH_COLOURS:
            sid = f"{fid}:{colour}"
            faces[fid][colour] = sid
            sides.append(TileSpec(id=sid, name=COMMUNICATION_NAMES[colour].format(research=research),
                                  kind="communication", colour=colour, research=research))
    research_of = {t.id.split(":")[0]: t.research for t in sides}
    for m in modules:
        if m.face is None:
            continue
        if m.face not in faces:
            raise CatalogueError(f"module {m.id}: unknown replacement '{m.face}'")
        if research_of[m.face] != m.research:
            raise CatalogueError(f"module {m.id}: its replacement must show its research, {m.research}")
    return faces, sides


def _start(raw: dict, capacity: int) -> tuple[list[TileSpec], tuple, tuple, dict]:
    tiles: list[TileSpec] = []
    placed = []
    for m in _need(raw, "modules", "start", list):
        where = f"starting module {m.get('id', '?')}"
        produces, time = _production(m, where)
        colour = _need(m, "colour", where, str)
        if colour not in COLOURS or time:
            raise CatalogueError(f"{where}: a starting module has a module colour and stores what it makes")
        work = _need(m, "work", where, int)
        _check_production_work(work, where)
        spec = TileSpec(
            id=_need(m, "id", where, str),
            name=_need(m, "name", where, str),
            kind="production",
            colour=colour,
            work=work,
            produces=produces,
            max_stock=capacity,
        )
        stock = _need(m, "stock", where, int)
        if not 0 <= stock <= spec.max_stock:
            raise CatalogueError(f"{where}: stock outside 0..{capacity}")
        tiles.append(spec)
        placed.append((_cell(m, where), spec.id, stock))
    for o in _need(raw, "obstacles", "start", list):
        where = f"obstacle {o.get('id', '?')}"
        resistance = _need(o, "resistance", where, int)
        spec = TileSpec(id=_need(o, "id", where, str), name=OBSTACLE_NAME.format(resistance=resistance),
                        kind="obstacle", colour=None, work=1, max_stock=resistance)
        tiles.append(spec)
        placed.append((_cell(o, where), spec.id, resistance))
    astronauts = tuple(tuple(c) for c in _need(raw, "astronauts", "start", list))
    cells = [c for c, _tile, _stock in placed] + list(astronauts)
    if len(set(cells)) != len(cells):
        raise CatalogueError("start: two things share a cell")
    spots = {int(k): tuple(v) for k, v in _need(raw, "third_astronaut_spot", "start", dict).items()}
    for n in PLAYER_COUNTS:
        if len(spots.get(n, ())) != n or not all(1 <= d <= HANGARS for d in spots[n]):
            raise CatalogueError(f"start: third_astronaut_spot needs {n} hangar spots (1..7) for {n} players")
    return tiles, tuple(placed), astronauts, spots


def _cell(raw: dict, where: str) -> tuple[int, int]:
    cell = _need(raw, "cell", where, list)
    if len(cell) != 2 or not all(isinstance(v, int) for v in cell):
        raise CatalogueError(f"{where}: cell must be [x, y]")
    return (cell[0], cell[1])


def _research_track(raw: dict) -> tuple[int, tuple, dict]:
    thresholds = _need(raw, "thresholds", "research_track", list)
    cap = _need(raw, "cap", "research_track", int)
    if not thresholds or thresholds != sorted(set(thresholds)) or thresholds[-1] > cap or thresholds[0] < 1:
        raise CatalogueError("research_track: thresholds must rise from 1 and stay within the cap")
    behind = {int(k): v for k, v in _need(raw, "tokens_per_player_behind", "research_track", dict).items()}
    if sorted(behind) != [2, 3, 4] or not all(isinstance(v, int) and v >= 0 for v in behind.values()):
        raise CatalogueError("research_track: tokens_per_player_behind needs 2, 3 and 4 players")
    marks = tuple((pos, i + 1) for i, pos in enumerate(thresholds))
    return cap, marks, behind


def parse_catalogue(data: dict) -> Catalogue:
    """Build and validate a catalogue from the decoded JSON document."""
    if data.get("version") != 2:
        raise CatalogueError("catalogue version must be 2")
    stock = _need(data, "stock", "catalogue", dict)
    capacity = _need(stock, "capacity", "stock", int)
    on_arrival = _need(stock, "on_arrival", "stock", int)
    if not 0 <= on_arrival <= capacity:
        raise CatalogueError("stock: on_arrival must lie within the capacity")
    modules = [_module(m, capacity) for m in _need(data, "modules", "catalogue", list)]
    faces, sides = _replacements(_need(data, "communication_tiles", "catalogue", list), modules)
    start_tiles, start_cells, astronauts, spots = _start(_need(data, "start", "catalogue", dict), capacity)
    tiles: dict[str, TileSpec] = {}
    for t in modules + sides + start_tiles:
        if t.id in tiles:
            raise CatalogueError(f"duplicate tile id '{t.id}'")
        tiles[t.id] = t
    by_year = {y: tuple(m.id for m in modules if m.year == y) for y in YEARS}
    for y, ids in by_year.items():
        if len(ids) < 8:
            raise CatalogueError(f"year {y} needs at least 8 modules to fill the hangars")
    experiments = {}
    for raw in _need(data, "experiments", "catalogue", list):
        where = f"experiment {raw.get('id', '?')}"
        e = ExperimentSpec(
            id=_need(raw, "id", where, str),
            year=_need(raw, "year", where, int),
            side=_need(raw, "side", where, str),
            cost=_cost(raw.get("cost"), where),
            research=_need(raw, "research", where, int),
            vp=_need(raw, "vp", where, int),
            effect=raw.get("effect"),
        )
        if e.side not in SIDES or e.effect not in EFFECTS or e.year not in YEARS:
            raise CatalogueError(f"{where}: bad side, effect or year")
        if e.id in experiments:
            raise CatalogueError(f"duplicate experiment id '{e.id}'")
        experiments[e.id] = e
    exp_by_year = {y: tuple(e.id for e in experiments.values() if e.year == y) for y in YEARS}
    for y, ids in exp_by_year.items():
        if len(ids) < WHEEL_BAYS:
            raise CatalogueError(f"year {y} needs at least {WHEEL_BAYS} experiments")
    missions = {}
    for raw in _need(data, "missions", "catalogue", list):
        m = _mission(raw)
        if m.id in missions:
            raise CatalogueError(f"duplicate mission id '{m.id}'")
        missions[m.id] = m
    by_type = {t: tuple(m.id for m in missions.values() if m.type == t) for t in MISSION_TYPES}
    if any(not ids for ids in by_type.values()):
        raise CatalogueError("each mission type A, B, C needs at least one mission")
    cap, marks, behind = _research_track(_need(data, "research_track", "catalogue", dict))
    return Catalogue(
        tiles=tiles,
        modules_by_year=by_year,
        deck_modules=frozenset(m.id for m in modules),
        faces=faces,
        experiments=experiments,
        experiments_by_year=exp_by_year,
        missions=missions,
        missions_by_type=by_type,
        research_cap=cap,
        research_marks=marks,
        tokens_per_player_behind=behind,
        stock_on_arrival=on_arrival,
        start_tiles=start_cells,
        start_astronauts=astronauts,
        third_astronaut_spot=spots,
    )


def _shipped_text() -> str:
    return _res.files("humanity_desktop.engine").joinpath("data/catalogue.json").read_text("utf-8")


@lru_cache(maxsize=1)
def load() -> Catalogue:
    """The catalogue shipped with the game (read once, then shared: it is immutable)."""
    return parse_catalogue(json.loads(_shipped_text()))


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A short digest of the shipped catalogue: measurements made on different tile values
    must not be pooled."""
    return hashlib.sha256(_shipped_text().encode("utf-8")).hexdigest()[:12]
