"""The log file and crash reports, both in the log folder."""
from __future__ import annotations

import faulthandler
import logging
import platform
import sys
import time
import traceback
from pathlib import Path

from .. import __version__
from ..language import _
from .console import say
from .files import plain_reason, unused_path, write_atomic

LOG_FILE = "humanity-desktop.log"
FAULTS_FILE = "faults.log"  # where Python writes its tracebacks if the process itself crashes
log = logging.getLogger("humanity_desktop")
_handler: logging.Handler | None = None
_faults = None  # the open FAULTS_FILE: faulthandler writes to it when the process dies


class LogFile(logging.FileHandler):
    """The log file. When a line cannot be written (a full disk, a folder taken away) it says
    so once on stderr, if there is one, and falls silent, instead of printing a traceback for
    every line."""

    silent = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.silent:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.silent:
            return
        self.silent = True
        reason = plain_reason(sys.exc_info()[1])
        told = _("the log {path} cannot be written ({reason}); it stops for this session.").format(
            path=self.baseFilename, reason=reason)
        say(f"humanity-desktop: {told}", sys.stderr)  # without a terminal: silence is all that is left


def start_log(folder: Path) -> Path:
    """Send the game's log, and Python's report of a hard crash (faulthandler), to `folder`; a
    later call moves them (one app per process at a time)."""
    global _handler, _faults
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_FILE
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = LogFile(path, encoding="utf-8")
    _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(_handler)
    log.setLevel(logging.INFO)
    faults = open(folder / FAULTS_FILE, "a", encoding="utf-8")  # noqa: SIM115 - open while the process lives
    faulthandler.enable(faults)
    if _faults is not None:
        _faults.close()
    _faults = faults
    return path


def stop_log() -> None:
    """Close the log and the crash file, so their folder can be removed (Windows)."""
    global _handler, _faults
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None
    if _faults is not None:
        faulthandler.disable()
        _faults.close()
        _faults = None


def log_start(video: str, audio: str) -> None:
    """The first line of a session: what a bug report needs to know about this machine."""
    log.info("Humanity Desktop %s starts: Python %s on %s; video driver %s, audio driver %s",
             __version__, sys.version.split()[0], platform.platform(), video, audio)


def write_crash_report(folder: Path, exc: BaseException) -> Path:
    """Write what a bug report needs (version, platform, traceback) to a new file, for the
    engineers, in English (fields named by one word); returns its path."""
    path = unused_path(folder, f"crash-{time.strftime('%Y%m%d-%H%M%S')}", ".txt")
    write_atomic(
        path,
        f"humanity-desktop: {__version__}\n"
        f"python: {sys.version.split()[0]}\n"
        f"platform: {platform.platform()}\n"
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n"
        + "".join(traceback.format_exception(exc)),
    )
    return path
