"""Files written so that a crash or power cut never leaves half of one, and files that
cannot be read set aside so they are neither overwritten nor read again."""
from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import time
from pathlib import Path

from ..language import _

_SET_ASIDE = re.compile(r"\.(damaged|newer|older)-\d{8}-\d{6}(-\d+)?$")


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` all at once: readers see the old file or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a save is an ordinary file
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def plain_reason(exc: BaseException) -> str:
    """Why a file could not be written, in words a player understands (an error other than the
    system's, which is a bug: its name and message)."""
    if not isinstance(exc, OSError):
        return f"{type(exc).__name__}: {exc}"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _("the folder cannot be written to")
    if exc.errno == errno.ENAMETOOLONG:
        return _("its path is too long for the system")
    return exc.strerror.lower() if exc.strerror else _("the system refused")  # the system's own words


PROBE = b"Humanity checks it can keep its files here."


def folder_problem(folder: Path) -> str | None:
    """Why the game cannot keep its files in `folder`, in plain words; None if it can. A file
    is made, written, read back and deleted there: what the saves, options and log will do."""
    folder = Path(folder)
    try:
        if not folder.is_dir():
            return _("it is not there") if not found(folder) else _("it is a file, not a folder")
        fd, name = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=folder)  # left over, tidied as a temporary
        probe = Path(name)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(PROBE)
            written = probe.read_bytes() == PROBE
        except OSError:
            with contextlib.suppress(OSError):  # the failure that matters is the one raised
                probe.unlink()
            raise
        probe.unlink()
        if not written:
            return _("what is written there does not read back")
    except OSError as exc:
        return plain_reason(exc)
    return None


def subfolders(folder: Path) -> list[str]:
    """The names of the folders in `folder`, in alphabetical order, without hidden ones.
    OSError if it cannot be listed."""
    with os.scandir(folder) as entries:
        return sorted((e.name for e in entries if not e.name.startswith(".") and _is_folder(e)), key=str.casefold)


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a link the system cannot follow: nothing to go into
        return False


STALE_AFTER_S = 60  # younger temporaries may belong to a write still under way


def remove_stale_temps(folder: Path) -> int:
    """Delete temporary files a killed write left behind (only whole files are ever renamed in,
    so a leftover temporary is never the newest data). Returns how many went."""
    gone = 0
    cutoff = time.time() - STALE_AFTER_S
    for tmp in Path(folder).glob(".*.tmp"):
        if tmp.stat().st_mtime < cutoff:
            tmp.unlink(missing_ok=True)
            gone += 1
    return gone


def set_aside(path: Path, reason: str) -> Path:
    """Rename `path` to `name.REASON-YYYYmmdd-HHMMSS.ext` (never over an existing file); returns the new path."""
    kept = unused_path(path.parent, f"{path.stem}.{reason}-{time.strftime('%Y%m%d-%H%M%S')}", path.suffix)
    os.replace(path, kept)
    return kept


def found(path: Path) -> bool:
    """Whether `path` is there to use. A path the system cannot look up (in a folder without
    search permission, or too long for it) raises OSError from Path.exists(); it is not
    usable either, so it counts as not there: what tries to use it next fails and says why."""
    try:
        return path.exists()
    except OSError:
        return False


def unused_path(folder: Path, base: str, suffix: str) -> Path:
    """`folder/base+suffix`, or `base-1`, `base-2`... if taken: kept files are never overwritten.
    In a folder that cannot be looked into the first name is as good as any: writing it fails."""
    path, n = folder / f"{base}{suffix}", 1
    while found(path):
        path, n = folder / f"{base}-{n}{suffix}", n + 1
    return path


def is_set_aside(path: Path) -> bool:
    return bool(_SET_ASIDE.search(path.stem))
