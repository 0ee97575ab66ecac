"""Installs the game's art and sounds as data files under share/humanity-desktop, where
humanity_desktop/assets.py finds them after a regular `pip install .`; the rest of the
project's metadata is in pyproject.toml."""
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
SHARE = "share/humanity-desktop"  # assets.SHARE
FOLDERS = ("art", "sounds")  # assets.FOLDERS


def data_files() -> list[tuple[str, list[str]]]:
    """Every file under the asset folders, grouped by folder so the tree keeps its shape."""
    groups: dict[str, list[str]] = {}
    for folder in FOLDERS:
        for path in sorted((HERE / folder).rglob("*")):
            if path.is_file():
                rel = path.relative_to(HERE)
                groups.setdefault(f"{SHARE}/{rel.parent.as_posix()}", []).append(rel.as_posix())
    return sorted(groups.items())


setup(data_files=data_files())
