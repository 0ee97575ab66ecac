"""Save files on disk: where the Load screen finds them, the one reader of their JSON, the
listing that reads a folder of thousands without freezing, and the moves that keep a game
aside rather than lose it.

A save is versioned JSON (SAVE_VERSION); saves before FIRST_PLAYABLE were made on the earlier
edition's tiles and board and cannot be played on this one. A file that cannot be played is
set aside under a new name (kept, never deleted), and the message says so. What a save holds,
a match, is the controller's (controller/saves.py); this module reads and moves files only.
"""
from __future__ import annotations

import errno
import os
import queue
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..language import _, ngettext
from .files import found, is_set_aside, unused_path
from .limits import Refused
from .logs import log
from .save_limits import MAX_SAVE_BYTES, check_fields
from .versioned import FileProblem, read_small_file, read_versioned, set_aside_as

SAVE_VERSION = 3  # 3: the published tiles and the 8-spot board
FIRST_PLAYABLE = 3
AUTOSAVE = "autosave.json"
SAVES_DIR = "saves"
REPLAYS_DIR = "replays"  # finished games, kept for their replays
KEPT_REPLAYS = 20
PROBLEMS_TOLD = 3  # files set aside that a listing names one by one; the rest are counted
PROBLEM_CHARS = 300  # of one problem told: its reason is cut to fit, never the name it is kept under


class SaveError(FileProblem):
    """A save file that cannot be played; the message says why, for people, naming the file,
    and where the file is kept if it was set aside."""

    def __init__(self, message: str, kept_as: str = "damaged", kept_name: str | None = None) -> None:
        super().__init__(message, kept_as)
        self.kept_name = kept_name  # the name the file was set aside under, if it was

    def __str__(self) -> str:
        return self.told(self.args[0])

    def told(self, problem: str) -> str:
        """`problem` (this error's message, or a part of it) and where the file is kept."""
        if self.kept_name is None:
            return problem
        return _("{problem} It is kept as {name}.").format(problem=problem, name=self.kept_name)


class UnfinishedNotKept(SaveError):
    """The unfinished game in the autosave could not be kept under saves/, so what would take
    its place must wait until the player says what to do with it."""


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    title: str  # "Kayla, Yuko (bot) - year 2, round 5"
    saved_at: float
    finished: bool


# What a listing says of one save file (SaveError when it cannot be played).
Describe = Callable[[Path], SaveInfo]


class SaveListing(list):
    """The readable saves, newest first, and what was wrong with the files set aside."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list[SaveError] = []  # one per file set aside
        self.reading = 0  # files not yet read (SaveList.open): the listing is not whole yet

    @property
    def problems(self) -> list[str]:
        """What was wrong with each file set aside, in full."""
        return [str(e) for e in self.errors]

    def summary(self) -> str:
        """The problems in a few lines: the first ones in full, the others counted."""
        told = [_capped(e) for e in self.errors[:PROBLEMS_TOLD]]
        rest = len(self.errors) - len(told)
        if rest:
            told.append(ngettext("And {count} more file could not be used; it is kept aside under a new name, "
                                 "and the log names it.",
                                 "And {count} more files could not be used; each is kept aside under a new name, "
                                 "and the log names them.", rest).format(count=rest))
        return " ".join(told)


def _capped(problem: SaveError) -> str:
    """`problem` in PROBLEM_CHARS or so: its reason cut, so that the name the file is kept
    under, which the player needs to find it, is told whole."""
    reason = problem.args[0]
    room = max(PROBLEM_CHARS - len(problem.told("")), PROBLEM_CHARS // 3)
    return problem.told(reason if len(reason) <= room else reason[:room - 3] + "...")


def read_save(path: Path) -> dict:
    """The file's JSON if it is a save this version can read, its fields within the limits
    (see check_fields); SaveError otherwise."""
    try:
        data = read_versioned(read_small_file(path, MAX_SAVE_BYTES), SAVE_VERSION, "save",
                              lambda raw: "version" in raw and "state" in raw)
    except FileNotFoundError:
        raise SaveError(_("{file} does not exist.").format(file=path.name)) from None
    except OSError as exc:
        raise SaveError(_("{file} cannot be read ({reason}).").format(file=path.name, reason=exc.strerror)) from exc
    except FileProblem as exc:
        raise _told(path, exc) from None
    if data["version"] < FIRST_PLAYABLE:
        raise SaveError(_("{file} was made with an older edition of the game, before the published tiles "
                          "and board, so it cannot be continued here.").format(file=path.name), kept_as="older")
    try:
        check_fields(data)
    except Refused as exc:
        raise _told(path, exc) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(_("{file} is damaged ({error}).").format(file=path.name, error=exc)) from None
    return data


def _told(path: Path, exc: ValueError) -> SaveError:
    """The problem ("it is too large") told of the file ("game.json cannot be used: it is too
    large."), with what to do about a newer save."""
    kept_as = getattr(exc, "kept_as", "damaged")
    told = (_("{file} cannot be used: {reason}. Update the game to play it.") if kept_as == "newer"
            else _("{file} cannot be used: {reason}."))
    return SaveError(told.format(file=path.name, reason=exc), kept_as=kept_as)


def save_paths(data_dir: Path) -> list[Path]:
    """Every save the Load screen may list: the autosave, the named saves, the kept replays."""
    paths = [data_dir / AUTOSAVE]
    for folder in (SAVES_DIR, REPLAYS_DIR):
        try:
            paths += sorted(p for p in (data_dir / folder).glob("*.json") if not is_set_aside(p))
        except OSError as exc:  # a folder that cannot be read (or is a file) lists nothing
            log.warning("the saves in %s cannot be listed: %s", data_dir / folder, exc)
    return paths


class SaveList:
    """The saves of a data folder, read once and then again only where a file changed (its
    size or time), so that opening Load stays quick with thousands of saves.

    `open` lists the files and looks at their size and time (cheap), reads at once only the
    newest (by the files' times) that a first page shows, and leaves the rest to a thread;
    `poll` takes what the thread has read since. Only the thread that calls them touches the
    list: the reader hands each file's description over through a queue."""

    in_background = True  # False: `open` reads every file at once, as `refresh` does

    def __init__(self, data_dir: Path, describe: Describe) -> None:
        self.data_dir = data_dir
        self._describe = describe
        self._known: dict[Path, tuple[tuple[int, int], SaveInfo]] = {}
        self._scan: _Scan | None = None
        self._untold: dict[Path, SaveError] = {}  # the problems found by a listing stopped before its end

    def refresh(self) -> SaveListing:
        """The saves now, newest first, every file read; files that cannot be read are set
        aside and told."""
        return self.open(None)

    def open(self, first: int | None) -> SaveListing:
        """The saves now, newest first, with the `first` newest files read (every file when
        None, or when not `in_background`) and the others left to a thread; the listing's
        `reading` counts the files still to read, `poll` takes them as they come."""
        self.stop()
        carried, self._untold = self._untold, {}
        paths, stamps = [], {}
        for path in save_paths(self.data_dir):
            try:
                info = path.stat()
            except OSError:
                continue  # gone (or never there: the autosave)
            paths.append(path)
            stamps[path] = (info.st_mtime_ns, info.st_size)
        scan = self._scan = _Scan(paths, carried)
        for path in paths:
            seen = self._known.get(path)
            if seen is not None and seen[0] == stamps[path]:
                scan.results[path] = seen[1]
        scan.reading = len(paths) - len(scan.results)
        # Newest file first (by its time), so that what the first page shows is read first.
        newest = sorted(paths, key=lambda p: -stamps[p][0])
        later, shown = [], 0
        for path in newest:
            if path in scan.results:
                shown += isinstance(scan.results[path], SaveInfo)
            elif first is None or not self.in_background or shown < first:
                shown += self._took(scan, path, stamps[path], _described(self._describe, path))
            else:
                later.append((path, stamps[path]))
        if scan.reading == 0:
            self._whole(scan)  # every file known already
        else:
            scan.start(later, self._describe)
        return self._listing(scan)

    def poll(self) -> SaveListing | None:
        """The listing with what the reader read since the last one; None if nothing came."""
        scan = self._scan
        if scan is None or not self._drain(scan):
            return None
        return self._listing(scan)

    def stop(self) -> None:
        """Stop the reader (after the file it is reading); what it read is kept for the next
        listing, the problems it found too, to be told then."""
        scan, self._scan = self._scan, None
        if scan is None or scan.thread is None:
            return
        scan.halt.set()
        scan.thread.join()
        self._drain(scan)
        if scan.reading:
            self._untold = {p: r for p, r in scan.problems()}

    def forget(self, path: Path) -> None:
        self._known.pop(path, None)

    def _drain(self, scan: _Scan) -> bool:
        took = False
        while True:
            try:
                path, stamp, result = scan.handed.get_nowait()
            except queue.Empty:
                return took
            self._took(scan, path, stamp, result)
            took = True

    def _took(self, scan: _Scan, path: Path, stamp: tuple[int, int], result: SaveInfo | SaveError) -> bool:
        """Note a file's description (True) or its problem (False)."""
        scan.results[path] = result
        scan.reading -= 1
        described = isinstance(result, SaveInfo)
        if described:
            self._known[path] = (stamp, result)
        else:
            self._known.pop(path, None)
        if scan.reading == 0:
            self._whole(scan)
        return described

    def _whole(self, scan: _Scan) -> None:
        """The whole folder is read: forget the files no longer there."""
        self._known = {p: self._known[p] for p in scan.paths if p in self._known}

    def _listing(self, scan: _Scan) -> SaveListing:
        listing = SaveListing()
        # In the folders' order, as save_paths lists them, a stopped listing's among them.
        problems = {**scan.carried, **dict(scan.problems())}
        first = {AUTOSAVE: 0, SAVES_DIR: 1, REPLAYS_DIR: 2}
        listing.errors = [problems[p] for p in sorted(problems, key=lambda p: (
            first.get(p.name, 3) if p.parent == self.data_dir else first.get(p.parent.name, 3), p))]
        listing.extend(r for r in (scan.results.get(p) for p in scan.paths) if isinstance(r, SaveInfo))
        listing.sort(key=lambda i: -i.saved_at)
        listing.reading = scan.reading
        return listing


def _described(describe: Describe, path: Path) -> SaveInfo | SaveError:
    """The save's description, or (the file set aside) what was wrong with it."""
    try:
        return describe(path)
    except SaveError as exc:
        return set_aside_save(path, exc)


class _Scan:
    """One listing of the folder: the files found, what is known of each so far, and the
    thread reading the others, which touches nothing but its queue."""

    def __init__(self, paths: list[Path], carried: dict[Path, SaveError]) -> None:
        self.paths = paths
        self.results: dict[Path, SaveInfo | SaveError] = {}  # a description, or a problem told
        self.reading = len(paths)  # files not yet in results
        self.carried = carried  # the problems of a listing stopped before its end
        self.handed: queue.SimpleQueue = queue.SimpleQueue()
        self.halt = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self, jobs: list[tuple[Path, tuple[int, int]]], describe: Describe) -> None:
        def read() -> None:
            for path, stamp in jobs:
                if self.halt.is_set():
                    return
                self.handed.put((path, stamp, _described(describe, path)))
        self.thread = threading.Thread(target=read, name="save_list", daemon=True)
        self.thread.start()

    def problems(self) -> list[tuple[Path, SaveError]]:
        return [(p, r) for p, r in self.results.items() if isinstance(r, SaveError)]


def delete_save(path: Path) -> None:
    """Delete a save the player chose to delete (OSError if it cannot be)."""
    path.unlink()
    log.info("deleted %s", path)


def move_autosave(data_dir: Path, folder: Path, what: str) -> Path:
    """Move the autosave into `folder` under a new name starting with `what`; where it went."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = unused_path(folder, f"{what}_{time.strftime('%Y-%m-%d_%H-%M-%S')}", ".json")
    try:
        os.replace(data_dir / AUTOSAVE, kept)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        shutil.copyfile(data_dir / AUTOSAVE, kept)  # another disk: copied, then let go
        os.unlink(data_dir / AUTOSAVE)
    log.info("the %s game in the autosave is kept as %s", what, kept)
    return kept


def set_aside_save(path: Path, exc: SaveError) -> SaveError:
    """Set the save aside under a new name; the error, saying where it is kept if it could be."""
    if not found(path):  # gone, or in a folder that cannot be looked into
        return exc
    try:
        kept = set_aside_as(path, exc)
    except OSError as err:
        log.warning("%s could not be set aside: %s", path, err)
        return exc
    log.warning("%s Set aside as %s.", exc, kept)
    return SaveError(exc.args[0], kept_as=exc.kept_as, kept_name=kept.name)


def new_save_path(data_dir: Path) -> Path:
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    return data_dir / SAVES_DIR / f"game_{stamp}.json"
