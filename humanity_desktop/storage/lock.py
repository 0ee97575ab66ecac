"""A lock on the data folder, so that a second window on the same folder cannot overwrite the
first one's games: it holds while this process keeps the lock file open."""
from __future__ import annotations

import os
import sys
from pathlib import Path

LOCK_FILE = ".humanity-desktop.lock"


class FolderLock:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock; False if another window holds it. OSError if the folder cannot be
        written to (read-only, full), so the lock file cannot be made."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def free(self) -> bool:
        """Whether no other window holds the lock: taken and let go at once. OSError as acquire."""
        if not self.acquire():
            return False
        self.release()
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file lets go of the lock
            self._fd = None


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
