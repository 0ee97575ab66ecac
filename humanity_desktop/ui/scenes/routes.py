"""The screens one screen leads to, by name.

Screens lead to one another in loops (the title opens a game, the game its results, the
results a new game or the title again), so no scene module imports another screen's module:
a scene asks for the screen it wants here, and each screen's module declares itself with
`@screen`. The package (ui/scenes/__init__.py) imports every screen module, so all are known
before the first is shown.
"""
from __future__ import annotations

from typing import Any, Callable

TITLE, NEW_GAME, GAME, RESULTS, PAUSE, OPTIONS, RULES = "title", "new_game", "game", "results", "pause", "options", "rules"
LOAD, REPLAY, SANDBOX, STATS, LEARN, CRASH = "load", "replay", "sandbox", "stats", "learn", "crash"
FINAL_BOARD = "final_board"
# The data folder cannot be used: what to do about it, and the browser to choose another.
FOLDER_PROBLEM, FOLDERS = "folder_problem", "folders"
# Overlays over a screen: a question, the hot-seat hand-off, a seat's base, a seat's last turn.
CHOICE, HANDOFF, BASE, LAST_TURN = "choice", "handoff", "base", "last_turn"

_SCREENS: dict[str, Callable[..., Any]] = {}


def screen(name: str) -> Callable:
    """Declare the class (or function) that opens the screen `name`."""
    def declare(opener: Callable) -> Callable:
        _SCREENS[name] = opener
        return opener
    return declare


def showing(scene: object, name: str) -> bool:
    """Whether `scene` is the screen `name`."""
    opener = _SCREENS[name]
    return isinstance(opener, type) and isinstance(scene, opener)


def make(name: str, app, *args, **kwargs):
    """The screen `name`, opened for `app` with the arguments its opener takes."""
    return _SCREENS[name](app, *args, **kwargs)
