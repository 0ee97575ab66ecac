"""Test-wide settings: everything runs headless, with no screen and no sound card, and every
autosave is read back and checked against the game it was taken from. Tests marked slow (long
sweeps, soaks, builds and playthroughs) run only with --runslow, as the README's test command
and CI do, so a plain `python -m pytest` stays quick while working.

--no-posix removes the functions that only POSIX systems have (named pipes, user ids, fork,
SIGKILL, ...) before the tests are collected, as on Windows, and lists the tests that skip for
it: a test that needs one must skip by asking for the facility, never fail or ask the OS's name."""
import multiprocessing
import os
import signal
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import settings

from humanity_desktop.language import SOURCE, set_language
from humanity_desktop.ui import theme

from permissions import child_can_run, run_in_child

# The tournament tooling lives in tools/, outside the shipped package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HUMANITY_CHECK_SAVES", "1")
# The tests read the English words unless they choose another language: the machine's own
# language, which the game follows by default, is not theirs.
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


# Property tests check what holds, not how fast: a busy machine must not fail them.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

# Functions and signals that Windows lacks, by module.
POSIX_ONLY = {
    os: ("mkfifo", "mknod", "geteuid", "getuid", "getegid", "getgid", "fork", "forkpty", "killpg", "setsid",
         "chown", "lchown"),
    signal: ("SIGKILL", "SIGHUP", "SIGALRM", "SIGUSR1", "SIGUSR2", "alarm"),
}
_removed: list[tuple[object, str, object]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run the tests marked slow")
    parser.addoption("--no-posix", action="store_true",
                     help="remove the POSIX-only functions before collection, as on Windows, and list the skips")


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("--no-posix"):
        return
    # Libraries that pick their code by platform when imported are loaded first, with what
    # this system has; on Windows they would take their Windows branch instead.
    import _pytest.tmpdir
    import platformdirs  # noqa: F401

    # pytest's temporary folders ask who the user is: answered now, as Windows would, by name only.
    user = _pytest.tmpdir.get_user()
    _pytest.tmpdir.get_user = lambda: user
    _pytest.tmpdir.get_user_id = lambda: None
    # platformdirs' POSIX branch checks who owns a folder by user id; its Windows branch, the
    # one Windows runs, never asks: the id is answered now, as for pytest's folders.
    try:
        import platformdirs._paths as platform_paths
    except ImportError:  # a platformdirs without the check
        platform_paths = None
    if hasattr(platform_paths, "_effective_uid"):
        uid = platform_paths._effective_uid()
        platform_paths._effective_uid = lambda: uid
    multiprocessing.set_start_method("spawn", force=True)  # Windows has no fork
    for module, names in POSIX_ONLY.items():
        for name in names:
            if hasattr(module, name):
                _removed.append((module, name, getattr(module, name)))
                delattr(module, name)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):
    """A test of what permission bits deny, as root: run in a child that they bind (permissions.py)."""
    if pyfuncitem.get_closest_marker("permission_bits") is None or not child_can_run():
        return None
    run_in_child(pyfuncitem.nodeid, pyfuncitem.config.rootpath)
    return True


def pytest_unconfigure(config: pytest.Config) -> None:
    while _removed:
        module, name, value = _removed.pop()
        setattr(module, name, value)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if not config.getoption("--no-posix"):
        return
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "slow: runs with --runslow" not in str(r.longrepr)]
    removed = ", ".join(f"{module.__name__}.{name}" for module, name, _ in _removed)
    terminalreporter.section("without POSIX-only functions")
    terminalreporter.write_line(f"removed: {removed}")
    terminalreporter.write_line(f"{len(skipped)} tests skipped (slow tests not counted):")
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        terminalreporter.write_line(f"  {report.nodeid}: {reason}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: runs with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


class FakeClock:
    """A clock that stands still until a test moves it on (`clock.now += seconds`), so a test
    of anything paced by time neither sleeps nor depends on the machine's speed."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(autouse=True)
def no_message_box(monkeypatch):
    """No test shows a real message box: one waits for a click, here for ever. The game shows
    none when SDL_VIDEODRIVER asks for no screen (set above, unless the shell sets another)."""
    def refuse(*args, **kwargs):
        raise pygame.error("no message boxes in the tests")

    monkeypatch.setattr(pygame.display, "message_box", refuse)


@pytest.fixture(autouse=True)
def usual_text_size():
    """Every test starts with text at its usual size: the Text size option, and the window's
    pixels per point, change it for the whole process."""
    yield
    theme.set_text_size(1.0)
    theme.set_pixel_ratio(1.0)


@pytest.fixture(autouse=True)
def english_words():
    """Every test starts in English: a language chosen by a test is the whole process's."""
    yield
    set_language(SOURCE)


@pytest.fixture(autouse=True)
def saves_read_at_once(monkeypatch):
    """The Load screen's list is whole as soon as it opens (no thread reading the rest), so a
    test of what it lists needs no waiting; the tests of the reading thread turn it back on."""
    from humanity_desktop.storage.save_files import SaveList
    monkeypatch.setattr(SaveList, "in_background", False)
