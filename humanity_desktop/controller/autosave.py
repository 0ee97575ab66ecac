"""The autosave writer: snapshots are encoded and go to disk on a background thread, so
neither the JSON encoding nor a slow disk costs a frame. Only the newest waiting snapshot is
written; older ones are dropped unencoded.

With a `verify` function (tests, and the --check-saves debug mode) each written file is read
back and checked; a failed check is raised on the game's own thread, at the next submit or
flush, so a save that would not replay to the position on screen is caught where it was made.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from .files import write_atomic
from .logs import log


class Snapshot(Protocol):
    def text(self) -> str: ...


class Autosaver:
    def __init__(self, path: Path, verify: Callable[[Path, Snapshot], None] | None = None) -> None:
        self.path = path
        self._verify = verify
        self._cv = threading.Condition()
        self._pending: Snapshot | None = None
        self._writing = False
        self._closed = False
        self._verify_failed: Exception | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, snapshot: Snapshot) -> None:
        self._raise_failed_check()
        with self._cv:
            self._pending = snapshot
            self._cv.notify_all()

    def flush(self) -> None:
        """Wait until every submitted snapshot is on disk."""
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._writing)
        self._raise_failed_check()

    def close(self) -> None:
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._writing)
            self._closed = True
            self._cv.notify_all()
        self._thread.join()
        self._raise_failed_check()

    def _raise_failed_check(self) -> None:
        failed, self._verify_failed = self._verify_failed, None
        if failed is not None:
            raise failed

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                snapshot, self._pending, self._writing = self._pending, None, True
            try:
                self._write(snapshot)
            finally:
                with self._cv:
                    self._writing = False
                    self._cv.notify_all()

    def _write(self, snapshot: Snapshot) -> None:
        try:
            write_atomic(self.path, snapshot.text())
        except Exception:  # noqa: BLE001 - the writer must live on, or flush() would wait forever
            log.exception("the autosave could not be written to %s", self.path)
            return
        if self._verify is not None:
            try:
                self._verify(self.path, snapshot)
            except Exception as exc:  # noqa: BLE001 - handed to the game's thread
                log.exception("the autosave %s does not hold the game", self.path)
                self._verify_failed = exc
