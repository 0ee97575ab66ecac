"""Line endings: .gitattributes checks out every tracked text file with LF on every system,
whatever core.autocrlf says (Windows checks out CRLF by default), and marks every binary file
binary so that no checkout converts it. `.ci/run` also runs the suite on a clone made with
core.autocrlf=true, and the tests that compare files compare what the game reads."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tracked() -> list[tuple[str, str, str]]:
    """(the committed file's line endings, its attributes, its path) for every tracked file,
    as `git ls-files --eol` reports them; "-text" is a file git takes for binary."""
    if shutil.which("git") is None:
        pytest.skip("needs git to list the tracked files")
    done = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--eol", "-z"], capture_output=True, timeout=60)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    rows = []
    for entry in done.stdout.decode("utf-8").split("\0"):
        if entry:
            info, path = entry.split("\t", 1)
            index, _worktree, attributes = info.split(None, 2)
            rows.append((index.removeprefix("i/"), attributes.removeprefix("attr/").strip(), path))
    return rows


def test_every_text_file_is_committed_and_checked_out_with_lf():
    wrong = [f"{path} ({index}; {attributes})" for index, attributes, path in tracked()
             if index != "-text" and (index not in ("lf", "none") or "eol=lf" not in attributes.split())]
    assert not wrong, "text files not held to LF by .gitattributes: " + ", ".join(wrong)


def test_every_binary_file_is_marked_binary():
    wrong = [f"{path} ({attributes})" for index, attributes, path in tracked()
             if index == "-text" and attributes != "-text"]
    assert not wrong, "binary files .gitattributes does not mark binary: " + ", ".join(wrong)


def test_ci_also_runs_the_whole_suite_on_a_windows_checkout_without_posix():
    """`.ci/run` ends with the suite on a clone made as Windows makes one, so that a checkout's
    line endings break the suite here before they break a Windows runner."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    clone = next(i for i, line in enumerate(lines) if line.startswith("git -c core.autocrlf=true clone "))
    assert clone < len(lines) - 1 and "python -m pytest --runslow --no-posix" in lines[-1]
