"""Where the game keeps its files: settings, saves and logs.

By default each goes to the user's own folder for its kind (platformdirs); one folder given
on the command line (--data-dir) holds them all instead, for portable use and tests.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "humanity-desktop"


@dataclass(frozen=True)
class Places:
    config: Path  # settings
    data: Path  # autosave, named saves, stats
    logs: Path  # the log and crash reports

    @classmethod
    def chosen(cls, data_dir: Path | None) -> Places:
        """The user's own folders, or all of them in `data_dir` (--data-dir)."""
        return cls.under(data_dir) if data_dir else cls.for_user()

    @classmethod
    def for_user(cls) -> Places:
        return cls(
            config=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data=platformdirs.user_data_path(APP_NAME, appauthor=False),
            logs=platformdirs.user_log_path(APP_NAME, appauthor=False),
        )

    @classmethod
    def under(cls, root: Path) -> Places:
        root = Path(root)
        return cls(config=root, data=root, logs=root / "logs")
