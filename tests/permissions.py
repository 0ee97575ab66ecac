"""Tests of what a folder's permission bits deny. Root looks into any folder, so as root
(a container, a CI runner) such a test runs again in a child process that has lost root's
two overrides of the bits (setpriv drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH), rather
than skipping; without POSIX permissions (Windows) it skips, and its look-alike with a
refused call stands in."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHILD = "HUMANITY_TEST_WITHOUT_ROOT_OVERRIDE"  # set in the child: the bits hold for it
DROPPED = "-dac_override,-dac_read_search"


def bits_hold() -> bool:
    """Whether this process is refused what a folder's permission bits deny it."""
    return hasattr(os, "geteuid") and (os.geteuid() != 0 or os.environ.get(CHILD) == "1")


def child_can_run() -> bool:
    """Whether a child without root's overrides can be started for such a test."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and os.environ.get(CHILD) != "1" and bool(shutil.which("setpriv"))


def needs_permission_bits() -> list:
    """The marks of such a test, asked when its module is collected (after --no-posix took
    the user ids away, as Windows has none)."""
    return [pytest.mark.permission_bits,
            pytest.mark.skipif(not (bits_hold() or child_can_run()),
                               reason="needs POSIX permissions and a process they bind (root without setpriv looks into any folder)")]


def run_in_child(nodeid: str, root: Path) -> None:
    """Run one test in a child process without root's overrides; fail with its output if it fails."""
    done = subprocess.run(
        ["setpriv", f"--bounding-set={DROPPED}", "--", sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", nodeid],
        cwd=root, env={**os.environ, CHILD: "1"}, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{nodeid} without root's overrides:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}"
