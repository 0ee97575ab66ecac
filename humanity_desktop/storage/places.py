"""Where the game keeps its files: settings, saves and logs.

By default each goes to the user's own folder for its kind (platformdirs). One folder holds
them all instead when it is given on the command line (--data-dir, for portable use and
tests) or was chosen in the game, which remembers it in CHOICE_FILE in the user's config
folder for the next start.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import platformdirs

from ..language import _
from .files import found, folder_problem, write_atomic

APP_NAME = "humanity-desktop"
CHOICE_FILE = "data-folder.json"  # {"data_dir": "the folder chosen in the game"}


@dataclass(frozen=True)
class Places:
    config: Path  # settings
    data: Path  # autosave, named saves, stats
    logs: Path  # the log and crash reports
    note: str = field(default="", compare=False)  # for the player: why the folder they chose is not used

    @classmethod
    def chosen(cls, data_dir: Path | None) -> Places:
        """All in `data_dir` (--data-dir); else in the folder chosen in the game; else the user's own folders."""
        return cls.under(data_dir) if data_dir else cls.remembered()

    @classmethod
    def remembered(cls) -> Places:
        """All in the folder chosen in the game, if it can still be used; else the user's own
        folders, with a note saying why the choice was not."""
        try:
            folder = remembered_folder()
        except (OSError, ValueError):  # unreadable, not JSON, or not a folder's name
            return replace(cls.for_user(), note=_("The folder you chose for your games could not be read back, "
                                                  "so the usual folder is used."))
        if folder is None:
            return cls.for_user()
        if problem := folder_problem(folder):
            return replace(cls.for_user(), note=_("The folder you chose for your games, {folder}, cannot be used "
                                                  "({reason}), so the usual folder is used.").format(folder=folder,
                                                                                                    reason=problem))
        return cls.under(folder)

    @classmethod
    def of(cls, folder: Path) -> Places:
        """The places for data folder `folder`: the user's own folders for theirs, else all in `folder`."""
        return cls.for_user() if Path(folder) == cls.for_user().data else cls.under(folder)

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


def choice_file() -> Path:
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / CHOICE_FILE


def remembered_folder() -> Path | None:
    """The folder chosen in the game, None if none was. OSError or ValueError if the file that
    remembers it cannot be read or is damaged."""
    path = choice_file()
    if not found(path):
        return None
    kept = json.loads(path.read_text(encoding="utf-8"))
    folder = kept.get("data_dir") if isinstance(kept, dict) else None
    if not isinstance(folder, str) or not Path(folder).is_absolute():
        raise ValueError(str(path))  # names no folder
    return Path(folder)


def remember_folder(folder: Path) -> None:
    """Have the next start without --data-dir use data folder `folder`: the user's own is
    remembered by forgetting any other. OSError if that cannot be written."""
    if Path(folder) == Places.for_user().data:
        choice_file().unlink(missing_ok=True)
    else:
        write_atomic(choice_file(), json.dumps({"data_dir": str(folder)}))
