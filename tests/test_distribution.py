"""What goes out with the game: its licences and their metadata, the statement that it is
unofficial, small committed pictures, and a README whose test command is the one CI runs."""
from __future__ import annotations

from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS_MB = 3


def test_the_licences_are_there_and_in_the_package_metadata():
    info = metadata.metadata("humanity_desktop")
    assert info["License-Expression"] == "MIT AND CC-BY-4.0 AND Bitstream-Vera"
    assert set(info.get_all("License-File")) == {"LICENSE", "LICENSE-ART", "art/fonts/LICENSE"}
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Attribution 4.0 International" in (ROOT / "LICENSE-ART").read_text(encoding="utf-8")
    assert "LICENSE-ART" in (ROOT / "art" / "LICENSE").read_text(encoding="utf-8")
    assert any(c.startswith("Topic :: Games/Entertainment") for c in info.get_all("Classifier"))


def test_the_edition_says_it_is_unofficial():
    for name in ("README.md", "LICENSE"):
        text = " ".join((ROOT / name).read_text(encoding="utf-8").split())
        assert "unofficial" in text and "belong to their publisher" in text, name


def test_the_committed_screenshots_stay_small():
    total = sum(p.stat().st_size for p in (ROOT / "docs" / "screenshots").rglob("*") if p.is_file())
    assert total < SCREENSHOTS_MB * 2**20, f"{total / 2**20:.1f} MB: save them with tools/screenshots.py"


def test_ci_runs_the_readme_test_command_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = 'pip install -e ".[test]" && python -m pytest --runslow'
    assert f'python3 -m venv .venv && . .venv/bin/activate && {command}' in readme
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
