"""Test-wide settings: everything runs headless, with no screen and no sound card, and every
autosave is read back and checked against the game it was taken from."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HUMANITY_CHECK_SAVES", "1")


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
