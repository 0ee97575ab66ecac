"""Actions: one small choice each, as frozen, hashable values that read well and map to JSON.

An action's arguments are typed once, here, by their name (`FIELDS`): every `cell` is a
base cell, every `unit` a resource, whatever kind of action holds it. Each kind of action
is declared once, in engine/rules.py (`Kind` and its `ActionSpec`), with the names of the
arguments it takes.
"""
from __future__ import annotations

import random
from enum import Enum
from typing import Any, Callable, NamedTuple

from ..language import _
from .catalogue import RES, RESOURCES, SHAPES


class ActionError(ValueError):
    """An action that is not even well formed (unknown type, missing or mistyped argument)."""


class FieldType(NamedTuple):
    """How one argument is read from JSON (or refused), written to JSON and to text, and drawn
    at random for the invariants' probes (mostly out of range, on purpose)."""
    parse: Callable[[Any], Any]  # the JSON value -> the argument; raises ValueError on a bad one
    dump: Callable[[Any], Any]
    text: Callable[[Any], str]
    probe: Callable[[random.Random], Any]


def _integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(_("must be an integer"))
    return value


def _cell(value: Any) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(_("must be [x, y] with integers"))
    return (value[0], value[1])


def _resource(value: Any) -> int:
    if not isinstance(value, str) or value not in RES:
        raise ValueError(_("must be a resource name, got {value}").format(value=repr(value)))
    return RES[value]


def _word(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(_("must be a string"))
    return value


def _same(value: Any) -> Any:
    return value


def _index(probe_low: int, probe_high: int) -> FieldType:
    return FieldType(_integer, _same, str, lambda rng: rng.randint(probe_low, probe_high))


CELL = FieldType(_cell, list, str, lambda rng: (rng.randint(-2, 4), rng.randint(-2, 4)))
RESOURCE = FieldType(_resource, RESOURCES.__getitem__, RESOURCES.__getitem__, lambda rng: rng.randint(0, 6))
COLOUR = FieldType(_word, _same, str, lambda rng: rng.choice(["blue", "orange", "green"]))
SHAPE = FieldType(_word, _same, str, lambda rng: rng.choice(SHAPES + ("wild",)))

# Every argument any kind of action takes, by name.
FIELDS: dict[str, FieldType] = {
    "astronaut": _index(-1, 3),  # an astronaut of the seat, 0..2
    "slot": _index(0, 8),  # a hangar, 1..7
    "index": _index(-1, 7),  # a bay of the experiment wheel, 0..6
    "cell": CELL,  # a cell of the seat's base
    "unit": RESOURCE,  # the resource a unit is spent as
    "toward": RESOURCE,  # the resource of the cost it pays
    "colour": COLOUR,
    "shape": SHAPE,
}


class KindBase(str, Enum):
    """What every kind of action is: its wire name, which compares and hashes as that string."""

    __str__ = str.__str__
    __format__ = str.__format__


class ActionSpec(NamedTuple):
    """All that one kind of action is, declared in engine/rules.py beside its checker and
    effect; the JSON form, the protocol's help, the rules' dispatch and the wording read it."""
    fields: tuple[str, ...]  # its arguments (names in FIELDS), in order; JSON: {"type": kind, name: value, ...}
    phase: str  # the one phase that offers it
    rule: str  # the rulebook heading its refusals name
    check: Callable  # (state, action, catalogue, ctx) -> why it is refused now, or None
    effect: Callable  # (state, action, catalogue, events): plays it once it is checked
    candidates: Callable  # (state, player, catalogue) -> a superset of its legal actions, in a fixed order


# kind -> its spec, in the order the protocol lists them. engine/rules.py fills it through
# `declare`; the package imports the rules before anything can make or read an action.
SPECS: dict[str, ActionSpec] = {}
# field name -> kind -> the field's place in an action of that kind (1 + its index in `fields`)
_PLACES: dict[str, dict[str, int]] = {name: {} for name in FIELDS}


def _argument(name: str) -> property:
    """The argument `name`, wherever its kind keeps it; an AttributeError for a kind without it."""
    places = _PLACES[name]

    def get(self: Action) -> Any:
        """The action's argument of this name."""
        at = places.get(self.kind)
        if at is None:
            raise AttributeError(f"{self.kind}.{name}")  # a bug: the kind has no such argument
        return self[at]
    get.__name__ = name
    return property(get)


class Action(NamedTuple):
    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    # The arguments by name (see FIELDS). `index` is an experiment's bay, shadowing
    # tuple.index, which no action needs.
    astronaut = _argument("astronaut")
    slot = _argument("slot")
    index = _argument("index")  # type: ignore[assignment]
    cell = _argument("cell")
    unit = _argument("unit")
    toward = _argument("toward")
    colour = _argument("colour")
    shape = _argument("shape")

    def args(self) -> tuple:
        return (self.a, self.b, self.c)[: len(SPECS[self.kind].fields)]

    def named(self) -> list[tuple[str, Any]]:
        """(name, value) for each argument, in order."""
        return list(zip(SPECS[self.kind].fields, self.args()))

    def __str__(self) -> str:
        parts = ", ".join(f"{name}={FIELDS[name].text(value)}" for name, value in self.named())
        return f"{self.kind}({parts})"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": str(self.kind)}
        for name, value in self.named():
            out[name] = FIELDS[name].dump(value)
        return out

    @classmethod
    def from_json(cls, d: Any) -> "Action":
        if not isinstance(d, dict):
            raise ActionError(_("an action is a JSON object with a 'type'"))
        kind = d.get("type")
        if not isinstance(kind, str) or kind not in SPECS:  # a list or an object is not hashable
            raise ActionError(_("unknown action type {value}; known: {known}").format(value=repr(kind), known=", ".join(SPECS)))
        values = []
        for name in SPECS[kind].fields:
            if name not in d:
                raise ActionError(_("action '{action}' needs '{field}'").format(action=kind, field=name))
            try:
                values.append(FIELDS[name].parse(d[name]))
            except ValueError as exc:
                # Translators: {problem} is what the field must be ("must be an integer").
                raise ActionError(_("'{field}' of '{action}' {problem}").format(field=name, action=kind, problem=exc)) from None
        return cls(_KINDS[kind], *values)


_KINDS: dict[str, str] = {}  # wire name -> the declared kind


def declare(specs: dict[KindBase, ActionSpec]) -> None:
    """Record the kinds of action and where each keeps its arguments."""
    for kind, spec in specs.items():
        unknown = set(spec.fields) - set(FIELDS)
        if unknown:
            raise TypeError(f"{kind!r}: undeclared {sorted(unknown)}")  # a bug: not in FIELDS
        SPECS[kind] = spec
        _KINDS[str(kind)] = kind
        for k, name in enumerate(spec.fields):
            _PLACES[name][kind] = 1 + k


def random_action(rng: random.Random) -> Action:
    """Any action shape at all, of any kind, with arguments mostly out of range."""
    kind = rng.choice(list(SPECS))
    return Action(kind, *[FIELDS[name].probe(rng) for name in SPECS[kind].fields])
