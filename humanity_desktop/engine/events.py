"""What the rules report: every kind of engine event, declared once as a typed record.

`apply_action` returns these, in the order things happened. Each kind keeps its wire name as
`kind`, the "type" of its JSON form; `to_json` and `from_json` convert at the edges (the
protocol, the recorded games). In JSON a tuple is a list, a field named with a trailing
underscore drops it (`from_` is "from"), and an optional field (default None) is left out
while it is None. docs/protocol.md lists every kind.
"""
# No `from __future__ import annotations`: from_json reads the fields' annotations as types.
import types
from typing import Any, Callable, NamedTuple, get_args, get_origin

from ..language import N_, _, listed, ngettext
from .grid import Cell

# NamedTuples, not frozen dataclasses, because the engine is hot: one costs about 0.3 µs to
# build against 0.3 to 0.7 µs for a frozen dataclass.
Event = tuple  # an instance of a class in EVENTS

# wire name -> its class, in declaration order
EVENTS: dict[str, type] = {}


def event(kind: str) -> Callable[[type], type]:
    """Register a record class as the event `kind`."""
    def register(cls: type) -> type:
        cls.kind = kind
        # Two kinds with the same field values would be equal as plain tuples.
        cls.__eq__ = _same
        cls.__ne__ = lambda a, b: not _same(a, b)
        EVENTS[kind] = cls
        return cls
    return register


def _same(a: Event, b: object) -> bool:
    return type(a) is type(b) and tuple.__eq__(a, b)


# ---------------------------------------------------------------- turns, rounds, years

@event("skipped")
class Skipped(NamedTuple):
    """These seats have no active astronaut and miss their turn."""
    players: tuple[int, ...]


@event("turn_ended")
class TurnEnded(NamedTuple):
    """`player`'s part is over (their turn, or their placements after a reset): the next
    decision is another seat's, or the game is over."""
    player: int


@event("turn")
class Turn(NamedTuple):
    """The turn passes to `player`."""
    player: int


@event("round_start")
class RoundStart(NamedTuple):
    """A round opens, `player` first."""
    round: int
    year: int
    player: int


@event("round_reset")
class RoundReset(NamedTuple):
    """Round `round` ends: the modules under the white crosses leave the game, those `kept`
    slide to hangars 1, 2, ... in that order, the arm turns `advance` spots from `arm_from`
    to `arm` and sends the astronauts it overtakes home, the patch passes to seat `patch`,
    and new modules fill the empty hangars from the year's deck (at a year's end the new
    year's modules follow in YearStart)."""
    round: int
    patch: int
    arm_from: int
    arm: int
    advance: int
    left: tuple[tuple[int, str], ...]  # (hangar, tile) leaving the game
    kept: tuple[tuple[int, str], ...]  # (hangar before the slide, tile)
    sent_home: tuple[tuple[int, int, int], ...]  # (seat, astronaut, ring spot it stood on)
    arrived: tuple[tuple[int, str], ...]  # (hangar, tile) dealt after the slide


@event("science")
class Science(NamedTuple):
    """At the year's end `player` earns `tokens` science tokens for reaching `research`."""
    player: int
    tokens: int
    research: int


@event("year_start")
class YearStart(NamedTuple):
    """A new year begins: the last year's experiments (by bay, None where one was done) leave
    the wheel, seven new ones take their bays, and the new year's modules fill the hangars
    still empty."""
    year: int
    retired: tuple[str | None, ...]
    experiments: tuple[str, ...]
    arrived: tuple[tuple[int, str], ...]  # (hangar, tile)


@event("game_over")
class GameOver(NamedTuple):
    """The game is over: the scores by seat, the seats best first, and each seat's place
    (1 = winner; seats level on every tie-break share a place)."""
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]


# ---------------------------------------------------------------- a turn's choices

@event("astronaut_selected")
class AstronautSelected(NamedTuple):
    """`player` chose an astronaut to act with."""
    player: int
    astronaut: int


@event("work_started")
class WorkStarted(NamedTuple):
    """`player`'s astronaut starts working on the base with `work` work."""
    player: int
    astronaut: int
    work: int


@event("obstacle_destroyed")
class ObstacleDestroyed(NamedTuple):
    """`player` cleared the obstacle on `cell`."""
    player: int
    cell: Cell


@event("obstacle_weakened")
class ObstacleWeakened(NamedTuple):
    """`player` hit the obstacle on `cell`; `resistance` is left."""
    player: int
    cell: Cell
    resistance: int


@event("time_module")
class TimeModule(NamedTuple):
    """`player` activated the time module on `cell`."""
    player: int
    cell: Cell


@event("produced")
class Produced(NamedTuple):
    """`player`'s module `tile` on `cell` produced; it now holds `stock`."""
    player: int
    cell: Cell
    tile: str
    stock: int


@event("work_ended")
class WorkEnded(NamedTuple):
    """`player`'s astronaut stopped working with `unspent` work lost."""
    player: int
    astronaut: int
    unspent: int


@event("module_chosen")
class ModuleChosen(NamedTuple):
    """`player` chose module `tile` in hangar `slot`; its payment follows."""
    player: int
    slot: int
    tile: str


@event("experiment_chosen")
class ExperimentChosen(NamedTuple):
    """`player` chose `experiment` in bay `index`; its payment follows."""
    player: int
    index: int
    experiment: str


@event("spent")
class Spent(NamedTuple):
    """`player` spent one `unit` from `cell` toward `toward`; `stock` is left there."""
    player: int
    cell: Cell
    unit: str
    toward: str
    stock: int


@event("module_deployed")
class ModuleDeployed(NamedTuple):
    """`player` placed module `tile` from hangar `slot` on `cell` of the base."""
    player: int
    tile: str
    cell: Cell
    slot: int


@event("upgrades_earned")
class UpgradesEarned(NamedTuple):
    """`player` earned `count` work upgrades to give out."""
    player: int
    count: int


@event("upgraded")
class Upgraded(NamedTuple):
    """`player`'s astronaut now works `work`."""
    player: int
    astronaut: int
    work: int


@event("experiment_done")
class ExperimentDone(NamedTuple):
    """`player` carried out `experiment` from bay `index`."""
    player: int
    experiment: str
    index: int


@event("reactivated")
class Reactivated(NamedTuple):
    """An experiment woke `count` of `player`'s exhausted astronauts."""
    player: int
    count: int


@event("astronaut_placed")
class AstronautPlaced(NamedTuple):
    """`player` set a returning astronaut on `cell` of the base."""
    player: int
    astronaut: int
    cell: Cell


# ---------------------------------------------------------------- what a choice earns

@event("vp")
class VP(NamedTuple):
    """`player` gains `amount` points (a loss when negative) for `source`."""
    player: int
    amount: int
    source: str


@event("research")
class Research(NamedTuple):
    """`player` moves `amount` up the research track for `source` (gains past the top are lost)."""
    player: int
    amount: int
    source: str


@event("time")
class Time(NamedTuple):
    """`units` time units moved `moved` of `player`'s astronauts toward the arm."""
    player: int
    units: int
    moved: int


@event("mission_taken")
class MissionTaken(NamedTuple):
    """`player` took `mission` at `value`: `first` to reach it, or else from seat `from_`."""
    player: int
    mission: str
    value: int
    first: bool
    from_: int | None = None


# ---------------------------------------------------------------- JSON

def to_json(e: Event) -> dict:
    """The event as the protocol sends it: {"type": kind, field: value, ...}."""
    out: dict[str, Any] = {"type": e.kind}
    optional = e._field_defaults
    for name, value in zip(e._fields, e):
        if value is None and name in optional:
            continue
        out[name.rstrip("_")] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    """Tuples, at any depth, as JSON lists."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    """JSON lists, at any depth, as the tuples the records hold."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def from_json(raw: Any) -> Event:
    """The event `raw` (as to_json gives it) stands for; ValueError naming what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError(_("an event is a JSON object with a 'type', got {value}").format(value=repr(raw)))
    kind = raw.get("type")
    cls = EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(_("unknown event type {value}; known: {known}").format(value=repr(kind), known=", ".join(EVENTS)))
    hints = cls.__annotations__
    wire = {name.rstrip("_"): name for name in cls._fields}
    unknown = [key for key in raw if key != "type" and key not in wire]
    if unknown:
        raise ValueError(_("event '{event}' has no field '{field}'; its fields: {fields}").format(
            event=kind, field=unknown[0], fields=", ".join(wire)))
    values = {}
    for key, name in wire.items():
        if key not in raw:
            if name in cls._field_defaults:
                continue
            raise ValueError(_("event '{event}' needs '{field}'").format(event=kind, field=key))
        value = raw[key]
        if not _fits(value, hints[name]):
            raise ValueError(_("'{field}' of event '{event}' must be {kind}, got {value}").format(
                field=key, event=kind, kind=_describe_type(hints[name]), value=repr(value)))
        values[name] = _frozen(value)
    return cls(**values)


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value can stand for a field annotated `hint`."""
    origin = get_origin(hint)
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(value, list):
            return False
        if args[-1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, h) for v, h in zip(value, args))
    if origin is types.UnionType:
        return any(_fits(value, h) for h in get_args(hint))
    if hint is int:  # true and false are not numbers here
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


# The JSON value a field of each simple type takes, for a message; JSON's own words (true,
# false, null) stay as they are written in the file.
# Translators: "true" and "false" are written so in the file: keep them.
_SIMPLE = {int: N_("an integer"), str: N_("a string"), bool: N_("true or false")}


def _describe_type(hint: Any) -> str:
    """What a JSON value standing for `hint` must be, for a message."""
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if args[-1] is Ellipsis:
            return _list_of(args[0], None)
        if len(set(args)) == 1:
            return _list_of(args[0], len(args))
        return _("a list of {count}: {kinds}").format(count=len(args), kinds=listed([_describe_type(h) for h in args]))
    if get_origin(hint) is types.UnionType:
        kinds = [_describe_type(h) for h in get_args(hint)]
        told = kinds[0]
        for kind in kinds[1:]:
            told = _("{one} or {other}").format(one=told, other=kind)
        return told
    return "null" if hint is type(None) else _(_SIMPLE[hint])


def _list_of(hint: Any, count: int | None) -> str:
    """A list of `count` (any number if None) values of type `hint`, for a message."""
    if count is None:
        simple = {int: N_("a list of integers"), str: N_("a list of strings")}.get(hint)
        return _(simple) if simple else _("a list of entries, each {kind}").format(kind=_describe_type(hint))
    if hint is int:
        return ngettext("a list of {count} integer", "a list of {count} integers", count).format(count=count)
    if hint is str:
        return ngettext("a list of {count} string", "a list of {count} strings", count).format(count=count)
    return ngettext("a list of {count} entry, each {kind}", "a list of {count} entries, each {kind}",
                    count).format(count=count, kind=_describe_type(hint))
