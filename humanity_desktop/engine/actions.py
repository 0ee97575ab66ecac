"""Actions: one small choice each, as frozen, hashable values that read well and map to JSON."""
from __future__ import annotations

from typing import Any, NamedTuple

from .catalogue import RES, RESOURCES

# kind -> the names of its arguments, in order. The JSON form is {"type": kind, name: value, ...}.
KINDS: dict[str, tuple[str, ...]] = {
    "select_astronaut": ("astronaut",),
    "work": (),
    "choose_module": ("slot",),
    "choose_experiment": ("index",),
    "activate": ("cell",),
    "end_work": (),
    "spend": ("cell", "unit", "toward"),
    "choose_colour": ("colour",),
    "choose_shape": ("shape",),
    "upgrade": ("astronaut",),
    "place_astronaut": ("astronaut", "cell"),
}
_RESOURCE_ARGS = {"unit", "toward"}


class ActionError(ValueError):
    """An action that is not even well formed (unknown type, missing or mistyped argument)."""


class Action(NamedTuple):
    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def args(self) -> tuple:
        return (self.a, self.b, self.c)[: len(KINDS[self.kind])]

    def __str__(self) -> str:
        parts = []
        for name, value in zip(KINDS[self.kind], self.args()):
            if name in _RESOURCE_ARGS:
                value = RESOURCES[value]
            parts.append(f"{name}={value}")
        return f"{self.kind}({', '.join(parts)})"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.kind}
        for name, value in zip(KINDS[self.kind], self.args()):
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
        if not isinstance(kind, str) or kind not in KINDS:  # a list or an object is not hashable
            raise ActionError(f"unknown action type {kind!r}; known: {', '.join(KINDS)}")
        values = []
        for name in KINDS[kind]:
            if name not in d:
                raise ActionError(f"action '{kind}' needs '{name}'")
            values.append(_parse_arg(kind, name, d[name]))
        return cls(kind, *values)


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

