"""The autosave writer: snapshots are encoded and go to disk on a background thread, so
neither the JSON encoding nor a slow disk costs a frame. Only the newest waiting snapshot is
written; older ones are dropped unencoded.

A write that fails (a full disk, a folder that became read-only) is tried again with the next
snapshot or after RETRY_S, whichever comes first; `take_news()` says so once for the player,
and once more when saving works again.

With a `verify` function (tests, and the --check-saves debug mode) each written file is read
back and checked; a failed check is raised on the game's own thread, at the next submit or
flush, so a save that would not replay to the position on screen is caught where it was made.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ..language import _
from .files import plain_reason, write_atomic
from .logs import log

RETRY_S = 10.0


class Snapshot(Protocol):
    def text(self) -> str: ...


class Autosaver:
    def __init__(self, path: Path, verify: Callable[[Path, Snapshot], None] | None = None,
                 retry_after: float = RETRY_S) -> None:
        self.path = path
        self._verify = verify
        self._retry_after = retry_after
        self._cv = threading.Condition()
        self._pending: Snapshot | None = None
        self._failed: Snapshot | None = None  # the newest snapshot, when writing it failed
        self._writing = False
        self._closed = False
        self._last_tried = False  # closed, and the snapshot whose write failed had its last try
        self._failing = False  # the last write failed
        self._news: str | None = None
        self._verify_failed: Exception | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, snapshot: Snapshot) -> None:
        self._raise_failed_check()
        with self._cv:
            self._pending = snapshot
            self._cv.notify_all()

    def flush(self) -> None:
        """Wait until every submitted snapshot was written, or failed to be."""
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._writing)
        self._raise_failed_check()

    def close(self) -> None:
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._writing)
            self._closed = True
            self._cv.notify_all()
        self._thread.join()
        if self._failed is not None:
            log.error("the last autosave could not be written to %s", self.path)
        self._raise_failed_check()

    def caught_up(self) -> bool:
        """Whether every submitted snapshot has been written (or failed to be: a failing disk is
        told to the player and must not stop the game)."""
        with self._cv:
            return self._pending is None and not self._writing

    def take_news(self) -> str | None:
        """A message for the player when saving stopped or started working again; once each."""
        with self._cv:
            news, self._news = self._news, None
        return news

    def _raise_failed_check(self) -> None:
        failed, self._verify_failed = self._verify_failed, None
        if failed is not None:
            raise failed

    def _run(self) -> None:
        while (snapshot := self._next()) is not None:
            try:
                self._write(snapshot)
            finally:
                with self._cv:
                    self._writing = False
                    self._cv.notify_all()

    def _next(self) -> Snapshot | None:
        """The newest snapshot, or after a pause the one whose write failed; once closed, the
        one whose write failed gets a last try, then None."""
        with self._cv:
            retry = self._retry_after if self._failed is not None else None
            self._cv.wait_for(lambda: self._pending is not None or self._closed, timeout=retry)
            snapshot = self._pending or (None if self._closed and self._last_tried else self._failed)
            self._last_tried = self._closed
            self._pending = self._failed = None
            self._writing = snapshot is not None
            return snapshot

    def _write(self, snapshot: Snapshot) -> None:
        try:
            write_atomic(self.path, snapshot.text())
        except OSError as exc:  # a full disk would log a traceback at every retry
            log.warning("the autosave could not be written to %s: %s", self.path, exc)
            self._written(snapshot, exc)
            return
        except Exception as exc:  # noqa: BLE001 - the writer must live on, or flush() would wait forever
            log.exception("the autosave could not be written to %s", self.path)
            self._written(snapshot, exc)
            return
        self._written(snapshot, None)
        if self._verify is not None:
            try:
                self._verify(self.path, snapshot)
            except Exception as exc:  # noqa: BLE001 - handed to the game's thread
                log.exception("the autosave %s does not hold the game", self.path)
                self._verify_failed = exc

    def _written(self, snapshot: Snapshot, exc: Exception | None) -> None:
        """Keep a failed snapshot for the retry, and tell the player when the outcome changes."""
        with self._cv:
            if exc is not None and self._pending is None:
                self._failed = snapshot
            if (exc is not None) != self._failing:
                self._failing = exc is not None
                self._news = (_("Your game cannot be saved: {reason}. The game keeps trying; until it succeeds, "
                                "closing the game loses your latest moves.").format(reason=_reason(exc))
                              if exc is not None else _("Your game is being saved again."))


def _reason(exc: Exception) -> str:
    return plain_reason(exc) if isinstance(exc, OSError) else _("something went wrong")
