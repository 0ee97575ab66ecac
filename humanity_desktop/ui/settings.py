"""The player's options, kept as versioned JSON in the user's config folder.

A settings file that cannot be used (damaged, cut short, empty, of another shape, or from a
newer version) never stops the game: it is reported on stderr and in the log, set aside
under a new name, and the defaults are used. The New game table it keeps is a convenience:
one that no longer fits (table_setup.py) is logged and the default table shown instead, the
other options kept.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..language import LANGUAGES, N_, SYSTEM, _
from ..storage.console import say
from ..storage.files import write_atomic
from ..storage.logs import log
from ..storage.versioned import FileProblem, read_small_file, read_versioned, set_aside_unusable
from .table_setup import TableSetup
from .theme import TEXT_SIZES

# Seconds between two bot moves at each pace.
PACES = {"slow": 0.9, "normal": 0.45, "fast": 0.18, "instant": 0.0}
THINKING = (0.5, 1.0, 2.0, 4.0)  # times each bot level's own thinking time
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)
ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # > 1 plays animations faster
FILE = "options.json"
MAX_SETTINGS_BYTES = 16 * 1024  # a real one is under 1 KB
SETTINGS_VERSION = 7
DAMAGED_VALUE = N_("it is damaged: {key} cannot be {value}")  # an option, or the window, holds what it may not
# Version 1 gave every bot the same thinking time in seconds; version 2 scales each level's
# own. The old seconds (0.5 to 4, with 1 the default) carry over as the factor.
RENAMED = {"bot_seconds": "bot_time"}
# Version 3 keeps the window's last size; without one (older files too) it fits the screen.
WINDOW = "window"
MAX_WINDOW_SIDE = 16384  # pixels; no screen is wider
# Version 4 says how the reset plays, and counts the resets shown step by step while a player
# learns (older files: none yet).
RESET_STEPS = ("learning", "always", "never")  # step by step: for the first resets, always, never
FIRST_RESETS = 3  # resets shown step by step while learning
SEEN = "resets_seen"
# Version 5 adds the text size (older files: 100%).
# Version 6 keeps the New game table last started (older files: the default table).
NEW_GAME = "new_game"
# Version 7 names the language (older files: the system's).

# Each option and the values it may take; the first value is the type every value must have.
CHOICES = {
    "pace": tuple(PACES), "bot_time": THINKING, "fullscreen": (False, True),
    "effects_volume": VOLUMES, "music_volume": VOLUMES, "muted": (False, True),
    "anim_speed": ANIM_SPEEDS, "colour_symbols": (True, False), "hints": (True, False),
    "reset_steps": RESET_STEPS, "text_size": TEXT_SIZES, "language": (SYSTEM, *LANGUAGES),
}


@dataclass
class Settings:
    pace: str = "normal"
    bot_time: float = 1.0
    fullscreen: bool = False
    effects_volume: float = 0.75
    music_volume: float = 0.5
    muted: bool = False
    anim_speed: float = 1.0
    colour_symbols: bool = True  # each player's shape, large, on every astronaut figure
    hints: bool = True  # the game screen's hint button
    reset_steps: str = "learning"
    resets_seen: int = 0  # resets shown step by step while learning
    text_size: float = 1.0  # text and icons at this share of their size
    language: str = SYSTEM  # a code of LANGUAGES, or SYSTEM
    window: tuple[int, int] | None = None  # the size the player last left the window at
    new_game: TableSetup | None = None  # the New game table last started (None: the default one)
    path: Path | None = field(default=None, compare=False, repr=False)  # where save() writes

    @property
    def pace_seconds(self) -> float:
        return PACES[self.pace]

    @classmethod
    def load(cls, path: Path) -> Settings:
        """The settings in `path`: the defaults when there is no file or it cannot be used."""
        try:
            return cls(**parse_settings(read_small_file(path, MAX_SETTINGS_BYTES)), path=path)
        except FileNotFoundError:
            return cls(path=path)
        except (OSError, FileProblem) as exc:
            report_unusable(path, exc)
            return cls(path=path)

    def slow_reset(self) -> bool:
        """Whether the coming reset plays step by step; while learning, it counts as one of the
        first resets seen."""
        if self.reset_steps != "learning":
            return self.reset_steps == "always"
        if self.resets_seen >= FIRST_RESETS:
            return False
        self.resets_seen += 1
        return True

    def to_json(self) -> dict:
        window = {WINDOW: list(self.window)} if self.window else {}
        table = {NEW_GAME: self.new_game.to_json()} if self.new_game else {}
        return {"version": SETTINGS_VERSION, **{key: getattr(self, key) for key in CHOICES},
                SEEN: self.resets_seen, **window, **table}

    def save(self) -> None:
        """Write to the file the settings came from."""
        if self.path is not None:
            write_atomic(self.path, json.dumps(self.to_json(), indent=2))


def parse_settings(text: str) -> dict:
    """The options in a settings file's text; FileProblem says what is wrong with it."""
    # Files written before settings were versioned hold the options alone.
    raw = read_versioned(text, SETTINGS_VERSION, "settings",
                         lambda raw: set(raw) <= {"version", WINDOW, SEEN, NEW_GAME, *CHOICES, *RENAMED})
    if raw.pop("version", 1) < 2:
        raw = {RENAMED.get(key, key): value for key, value in raw.items()}
    window = {WINDOW: window_size(raw.pop(WINDOW))} if WINDOW in raw else {}
    seen = {SEEN: resets_seen(raw.pop(SEEN))} if SEEN in raw else {}
    table = {NEW_GAME: remembered_table(raw.pop(NEW_GAME))} if NEW_GAME in raw else {}
    for key, value in raw.items():
        if key not in CHOICES:
            raise FileProblem(_("it is damaged: {key} is not an option").format(key=key))
        if value not in CHOICES[key] or type(value) is not type(CHOICES[key][0]):
            raise FileProblem(_(DAMAGED_VALUE).format(key=key, value=repr(value)))
    return {**raw, **window, **seen, **table}


def window_size(value) -> tuple[int, int]:
    """A window size as a settings file holds it ([width, height]); FileProblem if it is not one."""
    if not (isinstance(value, list) and len(value) == 2
            and all(type(side) is int and 1 <= side <= MAX_WINDOW_SIDE for side in value)):
        raise FileProblem(_(DAMAGED_VALUE).format(key=WINDOW, value=repr(value)))
    return value[0], value[1]


def resets_seen(value) -> int:
    """The count of resets seen step by step as a settings file holds it; FileProblem if it is not one."""
    if type(value) is not int or value < 0:
        raise FileProblem(_(DAMAGED_VALUE).format(key=SEEN, value=repr(value)))
    return value


def remembered_table(value) -> TableSetup | None:
    """The New game table a settings file keeps; None (the default table) if it no longer fits."""
    try:
        return TableSetup.from_json(value)
    except ValueError as exc:
        log.warning("the New game table in the settings cannot be used (%s): the default table is shown", exc)
        return None


def report_unusable(path: Path, exc: Exception) -> None:
    """Say so on stderr and in the log, and set the file aside so the next save does not erase it."""
    message = set_aside_unusable(path, "settings", exc, N_("the default settings are used"))
    say(f"humanity-desktop: {message}", sys.stderr)
