"""The autosave writer: snapshots go to disk from a background thread, so a slow disk
never costs a frame. Only the newest waiting snapshot is written; older ones are dropped."""
from __future__ import annotations

import threading
from pathlib import Path

from .files import write_atomic
from .logs import log


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._cv = threading.Condition()
        self._pending: str | None = None
        self._writing = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, text: str) -> None:
        with self._cv:
            self._pending = text
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
                text, self._pending, self._writing = self._pending, None, True
            try:
                write_atomic(self.path, text)
            except Exception:  # noqa: BLE001 - the writer must live on, or flush() would wait forever
                log.exception("the autosave could not be written to %s", self.path)
            finally:
                with self._cv:
                    self._writing = False
                    self._cv.notify_all()
