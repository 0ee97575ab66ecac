"""The autosave writer: snapshots are encoded and go to disk on a background thread, so
neither the JSON encoding nor a slow disk costs a frame. Only the newest waiting snapshot is
written; older ones are dropped unencoded."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Protocol

from .files import write_atomic
from .logs import log


class Snapshot(Protocol):
    def text(self) -> str: ...


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._cv = threading.Condition()
        self._pending: Snapshot | None = None
        self._writing = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, snapshot: Snapshot) -> None:
        with self._cv:
            self._pending = snapshot
            self._cv.notify_all()

    def flush(self) -> None:
        """Wait until every submitted snapshot is on disk."""
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._writing)

    def close(self) -> None:
        self.flush()
        with self._cv:
            self._closed = True
            self._cv.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                snapshot, self._pending, self._writing = self._pending, None, True
            try:
                write_atomic(self.path, snapshot.text())
            except Exception:  # noqa: BLE001 - the writer must live on, or flush() would wait forever
                log.exception("the autosave could not be written to %s", self.path)
            finally:
                with self._cv:
                    self._writing = False
                    self._cv.notify_all()
