"""Where the game's own files are (art, fonts, sounds). They are the packages
humanity_desktop.art and humanity_desktop.sounds (setup.py maps them to the top-level art/ and
sounds/ folders), found with importlib.resources: the same way from a checkout (an editable
install), a wheel installed plainly, with --user or with --target, and the frozen application,
so no other module needs to know which it is and none of them is in the player's folders."""
from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

# Names a folder to use instead (self-test of a copy, a modded set of files).
ROOT_ENV = "HUMANITY_DESKTOP_ASSETS"
FOLDERS = ("art", "sounds")
# What makes each folder a package; not one of the game's files.
PACKAGE_FILES = ("__init__.py", "__pycache__")


@lru_cache(maxsize=1)
def root() -> Path:
    """The folder that holds `art/` and `sounds/`: the one the environment names, else the
    package's own (every installation puts the two side by side)."""
    override = os.environ.get(ROOT_ENV)
    if override:
        return Path(override)
    # A folder on disk in every supported installation: pygame and SDL read files by path.
    return Path(resources.files(f"{__package__}.art")).parent


def art(*parts: str) -> Path:
    return root().joinpath("art", *parts)


def sound(*parts: str) -> Path:
    return root().joinpath("sounds", *parts)


def files(folder: Path) -> list[Path]:
    """Every file of the game's under an asset folder, in order."""
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and not set(p.relative_to(folder).parts) & set(PACKAGE_FILES))
