"""A class's shape declared once, as a table of fields, and its copy and JSON code built from it.

The code is generated as Python source at import, one statement per field, so copying (the
search's hottest step) costs what a hand-written copy does, and the JSON keeps the table's
order byte for byte.
"""
from __future__ import annotations

from itertools import groupby
from typing import Any, Callable, NamedTuple


class Kind(NamedTuple):
    """How a field is copied, written to JSON and read back: expression templates in which `{v}`
    is the value (the source's attribute, or the JSON entry). The generated code names the
    source `self`, the new object `s` and the JSON object `d`. None: no part in that step."""

    copy: str | None
    dump: str | None
    load: str | None


class Field(NamedTuple):
    name: str  # the attribute, or for an entry only written out, what it is computed from
    json: str  # its key in JSON
    kind: Kind
    group: str | None = None  # the JSON object holding it inside the class's own, if any


SCALAR = Kind("{v}", "{v}", "{v}")
INT = Kind("{v}", "{v}", "int({v})")
STR = Kind("{v}", "{v}", "str({v})")
LIST = Kind("{v}.copy()", "list({v})", "list({v})")
INTS = Kind("{v}.copy()", "list({v})", "[int(x) for x in {v}]")
LISTS = Kind("[x.copy() for x in {v}]", "[list(x) for x in {v}]", "[list(x) for x in {v}]")
DERIVED = Kind(None, "{v}", None)  # a property written out for readers, never read back


def slots(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields if f.kind.copy)


def json_keys(fields: tuple[Field, ...], group: str | None = None) -> tuple[str, ...]:
    """The keys the loader reads from the class's object (or from one group in it), in order."""
    keys: dict[str, None] = {}
    for f in fields:
        if f.kind.load and f.group == group:
            keys[f.json] = None
        elif f.kind.load and group is None:
            keys[f.group] = None  # type: ignore[index]
    return tuple(keys)


def methods(cls_name: str, fields: tuple[Field, ...], namespace: dict[str, Any]) -> tuple[Callable, ...]:
    """copy(self), to_json(self) and load(d) for the class, compiled in `namespace` (the
    declaring module's globals, which the templates' names resolve in)."""

    def fill(template: str, value: str) -> str:
        return template.replace("{v}", value)

    def key(f: Field) -> str:
        return f"d[{f.json!r}]" if f.group is None else f"d[{f.group!r}][{f.json!r}]"

    entries = []
    for group, members in groupby(fields, key=lambda f: f.group):
        inner = [f"{f.json!r}: {fill(f.kind.dump, 'self.' + f.name)}" for f in members if f.kind.dump]
        entries += inner if group is None else [f"{group!r}: {{{', '.join(inner)}}}"]
    copy = [f"    s.{f.name} = {fill(f.kind.copy, 'self.' + f.name)}\n" for f in fields if f.kind.copy]
    load = [f"    s.{f.name} = {fill(f.kind.load, key(f))}\n" for f in fields if f.kind.load]
    source = (
        f"def copy(self):\n    s = {cls_name}.__new__({cls_name})\n{''.join(copy)}    return s\n"
        f"def to_json(self):\n    return {{{', '.join(entries)}}}\n"
        f"def load(d):\n    s = {cls_name}.__new__({cls_name})\n{''.join(load)}    return s\n"
    )
    made: dict[str, Any] = {}
    exec(compile(source, f"<{cls_name} fields>", "exec"), namespace, made)  # noqa: S102
    return made["copy"], made["to_json"], staticmethod(made["load"])
