"""Match logs: one finished game a line of JSON, kept plain (`games.jsonl`) or gzipped
(`games.jsonl.gz`, told by its name).

Every reader takes either through `read_log`. A game is added with `add_line`: a plain log
is appended to; a gzipped one is rewritten whole, through a file beside it that then
replaces it in one step, since a gzip stream cut short by a stopped run loses its end. So a
stopped run leaves a log that reads whole, and a gzipped log stays one gzipped file.
"""
from __future__ import annotations

import gzip
import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path


class LogError(ValueError):
    """A log that cannot be read as one: missing, damaged, or not text."""


def gzipped(path: Path) -> bool:
    return path.name.endswith(".gz")


def read_log(path: Path) -> str:
    """The text of the log at `path`, gunzipped if its name ends in .gz."""
    try:
        data = path.read_bytes()
        if gzipped(path):
            data = gzip.decompress(data)
        return data.decode("utf-8")
    except OSError as exc:
        raise LogError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise LogError(f"{path}: not a whole gzipped file ({exc})") from exc
    except UnicodeDecodeError as exc:
        raise LogError(f"{path}: not a text log (a gzipped log's name ends in .gz)") from exc


def games_in(logged: str) -> Iterator[dict]:
    """The games in a log's text, in order; a line cut short by a stopped run, or any other
    line that is not a JSON object, is passed over."""
    for line in logged.splitlines():
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(game, dict):
            yield game


def games_of(paths: list[Path]) -> list[dict]:
    """Every game in the logs at `paths`, in order; LogError names the first that cannot be read."""
    return [game for path in paths for game in games_in(read_log(path))]


def add_line(path: Path, logged: str, line: str) -> str:
    """Add `line` to the log at `path`, whose text so far is `logged`; returns the text now.
    A line cut short by a stopped run is ended first, so the new one stands alone."""
    added = ("\n" if logged and not logged.endswith("\n") else "") + line + "\n"
    if gzipped(path):
        part = path.with_name(path.name + ".part")
        part.write_bytes(gzip.compress((logged + added).encode("utf-8"), mtime=0))
        os.replace(part, path)
    else:
        with path.open("a", encoding="utf-8") as out:
            out.write(added)
    return logged + added
