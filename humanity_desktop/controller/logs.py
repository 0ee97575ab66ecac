"""The log file and crash reports, both in the log folder."""
from __future__ import annotations

import logging
import platform
import sys
import time
import traceback
from pathlib import Path

from .. import __version__
from .files import unused_path, write_atomic

LOG_FILE = "humanity-desktop.log"
log = logging.getLogger("humanity_desktop")
_handler: logging.Handler | None = None


def start_log(folder: Path) -> Path:
    """Send the game's log to `folder`; a later call moves it (one app per process at a time)."""
    global _handler
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_FILE
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = logging.FileHandler(path, encoding="utf-8")
    _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(_handler)
    log.setLevel(logging.INFO)
    return path


def write_crash_report(folder: Path, exc: BaseException) -> Path:
    """Write what a bug report needs (version, platform, traceback) to a new file; returns its path."""
    path = unused_path(folder, f"crash-{time.strftime('%Y%m%d-%H%M%S')}", ".txt")
    write_atomic(
        path,
        f"Humanity Desktop {__version__}\n"
        f"Python {sys.version.split()[0]} on {platform.platform()}\n"
        f"Time {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n"
        + "".join(traceback.format_exception(exc)),
    )
    return path
