"""Reading the player's files totally: only regular files of a bounded size, opened so that no
special file can make the game wait, JSON of bounded nesting, integers of bounded size (before
any conversion), texts without NUL or half of a UTF-16 pair. A file that breaks a limit raises
Refused, with a reason for people, so the loaders set it aside instead of hanging, crashing
or eating memory. Every loader of the player's files reads through here."""
from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import repeat
from pathlib import Path
from typing import Any

from ..engine.ranges import parse_int, text_problem
from ..language import N_, _

MAX_DEPTH = 12  # the deepest real file (a save's state) nests 6 levels
# A JSON escape for NUL or for half of a UTF-16 pair (raw ones cannot pass decoding and parsing).
_UNSAFE_ESCAPE = re.compile(r"\\u(0000|[dD][89a-fA-F])")
# Opening a named pipe waits for a writer unless it is opened without waiting (POSIX);
# Windows has neither the flag nor such files in a folder, and wants binary mode said.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


TOO_DEEP = N_("it is nested too deeply")
OUT_OF_RANGE = N_("it holds the number {number}, out of range")


class Refused(ValueError):
    """A file or value beyond the limits; the message says why."""


def read_text(path: Path, max_bytes: int) -> str:
    """The text of `path` if it is a regular file of at most `max_bytes` (a byte-order mark,
    as some editors write, is dropped). A named pipe or a device is refused before it is
    opened, and the file opened is checked again, in case it was swapped in between.
    FileNotFoundError and other OSErrors pass through."""
    _check_file(os.stat(path), max_bytes)
    fd = os.open(path, _OPEN_FLAGS)
    try:
        _check_file(os.fstat(fd), max_bytes)
        chunks, size = [], 0
        while size <= max_bytes and (chunk := os.read(fd, max_bytes + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > max_bytes:
        raise Refused(_("it grew too large while being read"))
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refused(_("it is not text")) from None


def _check_file(info: os.stat_result, max_bytes: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Refused(_("it is not an ordinary file"))
    if info.st_size > max_bytes:
        raise Refused(_("it is too large ({size} KB; at most {most} KB)").format(size=info.st_size // 1024, most=max_bytes // 1024))


def parse_json(text: str) -> Any:
    """The JSON value in `text`, nested at most MAX_DEPTH deep, its texts ones the game can keep;
    Refused otherwise."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        raise Refused(_(TOO_DEEP)) from None
    except Refused:
        raise
    except ValueError:
        raise Refused(_("it is damaged or cut short (not complete JSON)")) from None
    check(value, max_items=10**6, max_text=10**6)
    if _UNSAFE_ESCAPE.search(text):  # the only way a NUL or half a UTF-16 pair gets into a text
        _check_texts(value)
    return value


def _integer(digits: str) -> int:
    try:
        return parse_int(digits)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Refused(_(OUT_OF_RANGE).format(number=text[:40]))
    return value


def _no_constant(name: str) -> Any:
    raise Refused(_("it holds {name}, which is not a number").format(name=name))


def check(value: Any, max_items: int, max_text: int, max_number: int | float = math.inf,
          max_depth: int = MAX_DEPTH) -> None:
    """Refused unless every list and object in `value` holds at most `max_items` entries, every
    text at most `max_text` characters, every number is finite and within ±`max_number`
    (integers compared as integers, so any size is answered), and nothing nests deeper than
    `max_depth`. Iterative: deep input cannot overflow the stack."""
    todo = [(value, 0)]
    pop, push = todo.pop, todo.extend
    while todo:
        item, depth = pop()
        kind = type(item)
        if kind is list or kind is dict:
            if depth >= max_depth and item:
                raise Refused(_(TOO_DEEP))
            if len(item) > max_items:
                raise Refused(_("it holds a list of {count} entries (at most {most})").format(count=len(item), most=max_items))
            push(zip(item, repeat(depth + 1)))  # an object's keys
            if kind is dict:
                push(zip(item.values(), repeat(depth + 1)))
        elif kind is str:
            if len(item) > max_text:
                raise Refused(_("it holds a text of {count} characters (at most {most})").format(count=len(item), most=max_text))
        elif kind is int:
            if not -max_number <= item <= max_number:
                if item.bit_length() <= 64:
                    raise Refused(_(OUT_OF_RANGE).format(number=item))
                raise Refused(_("it holds a number of {bits} bits, out of range").format(bits=item.bit_length()))
        elif kind is float:
            if not math.isfinite(item) or abs(item) > max_number:
                raise Refused(_(OUT_OF_RANGE).format(number=repr(item)))


def _check_texts(value: Any) -> None:
    """Refused if any text (a key too) holds a NUL character or half of a UTF-16 pair."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, (list, dict)):
            todo.extend(item)
            if isinstance(item, dict):
                todo.extend(item.values())
        elif isinstance(item, str) and (why := text_problem(item, len(item))) is not None:
            raise Refused(why.sentence)
