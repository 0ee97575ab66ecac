"""Where the game's own files are (art, fonts, sounds), found the same way from a checkout,
an installed package or a frozen build, so no other module needs to know which it is."""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def root() -> Path:
    """The folder that holds `art/` and `sounds/`."""
    frozen = getattr(sys, "_MEIPASS", None)  # a PyInstaller build unpacks its data here
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent  # a checkout, or an editable install


def art(*parts: str) -> Path:
    return root().joinpath("art", *parts)


def sound(*parts: str) -> Path:
    return root().joinpath("sounds", *parts)
