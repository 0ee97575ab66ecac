"""Where the game's own files are (art, fonts, sounds), found the same way from a checkout,
an installed package or a frozen build, so no other module needs to know which it is."""
from __future__ import annotations

import os
import sys
import sysconfig
from functools import lru_cache
from pathlib import Path

# Names a folder to use instead (self-test of a copy, a modded set of files).
ROOT_ENV = "HUMANITY_DESKTOP_ASSETS"
# `pip install .` puts the files here under the installation's data prefix (see setup.py).
SHARE = Path("share", "humanity-desktop")
FOLDERS = ("art", "sounds")


@lru_cache(maxsize=1)
def root() -> Path:
    """The folder that holds `art/` and `sounds/`."""
    override = os.environ.get(ROOT_ENV)
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)  # a PyInstaller build unpacks its data here
    if frozen:
        return Path(frozen)
    checkout = Path(__file__).resolve().parent.parent  # a checkout, or an editable install
    for candidate in (checkout, *(Path(prefix) / SHARE for prefix in _prefixes())):
        if (candidate / "art").is_dir():
            return candidate
    return checkout


def _prefixes() -> list[str]:
    """Where an installation may have put its data files: the environment, then the user's."""
    return [sysconfig.get_path("data"), sysconfig.get_path("data", sysconfig.get_preferred_scheme("user"))]


def art(*parts: str) -> Path:
    return root().joinpath("art", *parts)


def sound(*parts: str) -> Path:
    return root().joinpath("sounds", *parts)
