"""Every value the game keeps, with its range: the one table the rules, the engine's
validation (engine/validation.py), the protocol and every loader of the player's files
(storage/limits.py and the loaders built on it) read their limits from.

The state's own fields are declared in engine/state.py; their ranges are here, beside it.
Each range is wide enough for any legal game and narrow enough for the screen to draw.
Counters that grow in play (turn, round, points, science, a base's size and how far it
reaches) are also checked against what the rest of the game can still add
(engine/horizon.py), so a position the loaders accept can be played to its end without
leaving its range, and the game never writes a value it would itself refuse.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..language import N_
from .catalogue import LAST_YEAR, PLAYER_COUNTS, YEARS
from .errors import Unfit, Why, because
from .ring import HANGARS, RING, WHEEL_BAYS


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Range(NamedTuple):
    """The integers from `lo` to `hi`, both included."""

    lo: int
    hi: int

    def holds(self, value: Any) -> bool:
        """Whether `value` is an integer in the range; compared as integers, so an integer of
        any size is answered without converting it to a float."""
        return is_int(value) and self.lo <= value <= self.hi


# ---------------------------------------------------------------- a game's state

PLAYERS = Range(PLAYER_COUNTS[0], PLAYER_COUNTS[-1])
SEED = Range(-(2**63), 2**63 - 1)  # a signed 64-bit integer: any seed the command line or a client gives
YEAR = Range(YEARS[0], LAST_YEAR)
ROUND_NUMBER = Range(1, 10_000)  # a whole game has about 25 rounds
TURN_NUMBER = Range(0, 1_000_000)  # a whole 4-player game has about 200 turns
RING_SPOT = Range(0, RING - 1)  # the arm's, or an astronaut's beside the board
SLOT = Range(1, HANGARS)  # a hangar
BAY = Range(0, WHEEL_BAYS - 1)  # a space of the experiment wheel
ASTRONAUT_WORK = Range(2, 4)  # an astronaut's work: every astronaut starts at 2, upgrades stop at 4
UPGRADES = Range(0, 4)  # upgrades earned at once: one per square a module completes
NEED = Range(0, 9)  # units still owed of one resource (a cost holds at most 3 of one)
POINTS = Range(0, 10_000)  # a seat's score, and a ledger entry of points won
POINTS_LOST = Range(-POINTS.hi, 0)  # a ledger entry of points taken away
SCIENCE = Range(0, 1_000)  # science tokens (a game hands out a few dozen)
COORD = Range(-64, 64)  # a base cell's x or y; the start tiles lie within 1 of (0, 0)
BASE_TILES = Range(1, 200)  # tiles on one base (the catalogue has 45 deck modules)
GROUP = Range(1, 7)  # an experiment group: a bitmask of the three sides

# ---------------------------------------------------------------- the player's files

SAVED_AT = Range(0, 10**11)  # seconds since 1970 (10**11: the year 5138)
COUNT = Range(0, 10**9)  # games, wins and points in the stats: far beyond a lifetime of play
RATING = Range(-10**6, 10**6)
WINDOW_SIDE = Range(1, 16384)  # pixels; no screen is wider
INT_DIGITS = 20  # an integer in a file has at most this many digits (2**64 has 20)

# Texts: at most so many characters, none of them NUL or half of a UTF-16 pair.
NAME_TEXT = 40  # a bot level's or a seat's name
ID_TEXT = 64  # a catalogue id, a phase, a place
LOG_TEXT = 500  # one line of a game's log
_UNSAFE = re.compile("[\x00\ud800-\udfff]")


def parse_int(digits: str) -> int:
    """An integer as JSON writes it (for json.loads's parse_int): refused beyond INT_DIGITS
    digits before it is converted, so no file or request can make the reader work for long
    or hold a number no range admits."""
    if len(digits) > INT_DIGITS and len(digits.lstrip("-")) > INT_DIGITS:
        raise Unfit(N_("it holds an integer of {digits} digits (at most {most})"),
                    {"digits": len(digits.lstrip("-")), "most": INT_DIGITS})
    return int(digits)


def text_problem(value: Any, most: int) -> Why | None:
    """Why `value` is not a text the game can keep and draw (None when it is)."""
    if not isinstance(value, str):
        # Translators: {kind} is the JSON value's type as Python names it, such as "int" or "list".
        return because(N_("it holds {kind} where a text belongs"), kind=type(value).__name__)
    if len(value) > most:
        return because(N_("it holds a text of {length} characters (at most {most})"), length=len(value), most=most)
    if _UNSAFE.search(value):
        return because(N_("it holds a text with a NUL character or half of a UTF-16 pair"))
    return None
