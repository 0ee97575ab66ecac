"""The log file and crash reports, both in the log folder."""
from __future__ import annotations

import logging
import platform
import sys
import time
import traceback
from pathlib import Path

from .. import __version__
from .files import plain_reason, unused_path, write_atomic

LOG_FILE = "humanity-desktop.log"
log = logging.getLogger("humanity_desktop")
_handler: logging.Handler | None = None


class LogFile(logging.FileHandler):
    """The log file. When a line cannot be written (a full disk, a folder taken away) it says
    so once on stderr and falls silent, instead of printing a traceback for every line."""

    silent = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.silent:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.silent:
            return
        self.silent = True
        exc = sys.exc_info()[1]
        reason = plain_reason(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {exc}"
        try:
            sys.stderr.write(f"humanity-desktop: the log {self.baseFilename} cannot be written ({reason}); "
                             "it stops for this session.\n")
        except (OSError, ValueError):
            pass  # no stderr either: silence is all that is left


def start_log(folder: Path) -> Path:
    """Send the game's log to `folder`; a later call moves it (one app per process at a time)."""
    global _handler
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_FILE
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = LogFile(path, encoding="utf-8")
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
