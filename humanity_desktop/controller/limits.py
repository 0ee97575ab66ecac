"""Reading the player's files totally: only regular files of a bounded size, JSON of bounded
nesting, and values of bounded size. A file that breaks a limit raises Refused, with a reason
for people, so the loaders set it aside instead of hanging, crashing or eating memory."""
from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 12  # the deepest real file (a save's state) nests 6 levels


class Refused(ValueError):
    """A file or value beyond the limits; the message says why."""


def read_text(path: Path, max_bytes: int) -> str:
    """The text of `path` if it is a regular file of at most `max_bytes`. A named pipe or a
    device is refused before it is opened, as opening one may wait forever.
    FileNotFoundError and other OSErrors pass through."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise Refused("it is not an ordinary file")
    if info.st_size > max_bytes:
        raise Refused(f"it is too large ({info.st_size // 1024} KB; at most {max_bytes // 1024} KB)")
    with open(path, "rb") as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise Refused("it grew too large while being read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("it is not text") from None


def parse_json(text: str) -> Any:
    """The JSON value in `text`, nested at most MAX_DEPTH deep; Refused otherwise."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise Refused("it is nested too deeply") from None
    except ValueError:
        raise Refused("it is damaged or cut short: not complete JSON") from None
    check(value, max_items=10**6, max_text=10**6)
    return value


def check(value: Any, max_items: int, max_text: int, max_number: float = math.inf,
          max_depth: int = MAX_DEPTH) -> None:
    """Refused unless every list and object in `value` holds at most `max_items` entries, every
    string at most `max_text` characters, every number is finite and within ±`max_number`,
    and nothing nests deeper than `max_depth`. Iterative: deep input cannot overflow the stack."""
    todo = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > max_depth:
            raise Refused("it is nested too deeply")
        if isinstance(item, (list, dict)):
            if len(item) > max_items:
                raise Refused(f"it holds a list of {len(item)} entries (at most {max_items})")
            todo.extend((child, depth + 1) for child in item)  # an object's keys
            if isinstance(item, dict):
                todo.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, str):
            if len(item) > max_text:
                raise Refused(f"it holds a text of {len(item)} characters (at most {max_text})")
        elif isinstance(item, float) or (isinstance(item, int) and not isinstance(item, bool)):
            if not math.isfinite(item) or abs(item) > max_number:
                raise Refused(f"it holds the number {item!r}, out of range")
