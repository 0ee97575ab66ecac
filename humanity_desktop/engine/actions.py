"""Actions: one small choice each, as frozen, hashable values that read well and map to JSON."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from .catalogue import RES, RESOURCES


class ActionSpec(NamedTuple):
    """All that one kind of action is. Each kind is declared once, in engine/rules.py beside
    its checker and effect; the JSON form, the protocol's help, the rules' dispatch and the
    wording all read these."""
    fields: tuple[str, ...]  # its arguments, in order; the JSON form is {"type": kind, name: value, ...}
    phase: str  # the one phase that offers it
    rule: str  # the rulebook heading its refusals name
    check: Callable  # (state, action, catalogue, ctx) -> why it is refused now, or None
    effect: Callable  # (state, action, catalogue, events): plays it once it is checked
    candidates: Callable  # (state, player, catalogue) -> a superset of its legal actions, in a fixed order


# kind -> its spec, in the order the protocol lists them. engine/rules.py fills it through
# `declare`; the package imports the rules before anything can make or read an action.
SPECS: dict[str, ActionSpec] = {}
_RESOURCE_ARGS = {"unit", "toward"}


class ActionError(ValueError):
    """An action that is not even well formed (unknown type, missing or mistyped argument)."""


class Action(NamedTuple):
    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def args(self) -> tuple:
        return (self.a, self.b, self.c)[: len(SPECS[self.kind].fields)]

    def __str__(self) -> str:
        parts = []
        for name, value in zip(SPECS[self.kind].fields, self.args()):
            if name in _RESOURCE_ARGS:
                value = RESOURCES[value]
            parts.append(f"{name}={value}")
        return f"{self.kind}({', '.join(parts)})"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.kind}
        for name, value in zip(SPECS[self.kind].fields, self.args()):
            if name in _RESOURCE_ARGS:
                value = RESOURCES[value]
            elif name == "cell":
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, d: Any) -> "Action":
        if not isinstance(d, dict):
            raise ActionError("an action is a JSON object with a 'type'")
        kind = d.get("type")
        if not isinstance(kind, str) or kind not in SPECS:  # a list or an object is not hashable
            raise ActionError(f"unknown action type {kind!r}; known: {', '.join(SPECS)}")
        values = []
        for name in SPECS[kind].fields:
            if name not in d:
                raise ActionError(f"action '{kind}' needs '{name}'")
            values.append(_parse_arg(kind, name, d[name]))
        return cls(kind, *values)


def declare(specs: dict[str, ActionSpec]) -> None:
    """Record the kinds of action, and give Action each argument by its name (`action.cell`)."""
    SPECS.update(specs)
    for name in dict.fromkeys(n for spec in specs.values() for n in spec.fields):
        setattr(Action, name, _argument(name))


def _argument(name: str) -> property:
    """The argument `name`, wherever its kind keeps it; an AttributeError for a kind without it.
    (Action's `index` is the experiment's bay, shadowing tuple.index, which no action needs.)"""
    at = {kind: 1 + spec.fields.index(name) for kind, spec in SPECS.items() if name in spec.fields}

    def get(self: Action) -> Any:
        if self.kind not in at:
            raise AttributeError(f"a '{self.kind}' action has no '{name}'")
        return self[at[self.kind]]
    return property(get)


def _parse_arg(kind: str, name: str, value: Any) -> Any:
    if name in _RESOURCE_ARGS:
        if not isinstance(value, str) or value not in RES:
            raise ActionError(f"'{name}' of '{kind}' must be a resource name, got {value!r}")
        return RES[value]
    if name == "cell":
        if (
            not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise ActionError(f"'cell' of '{kind}' must be [x, y] with integers")
        return (value[0], value[1])
    if name in ("colour", "shape"):
        if not isinstance(value, str):
            raise ActionError(f"'{name}' of '{kind}' must be a string")
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionError(f"'{name}' of '{kind}' must be an integer")
    return value

