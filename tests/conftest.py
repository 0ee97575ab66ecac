"""Test-wide settings: everything runs headless, with no screen and no sound card, and every
autosave is read back and checked against the game it was taken from. Tests marked slow (long
sweeps, soaks, builds and playthroughs) run only with --runslow, as the README's test command
and CI do, so a plain `python -m pytest` stays quick while working."""
import os

import pytest

from humanity_desktop.ui import theme

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HUMANITY_CHECK_SAVES", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run the tests marked slow")


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
def usual_text_size():
    """Every test starts with text at its usual size: the Text size option, and a Windows
    display scale, change it for the whole process."""
    yield
    theme.set_text_size(1.0)
    theme.set_display_scale(1.0)
