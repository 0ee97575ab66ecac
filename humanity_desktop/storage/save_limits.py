"""The limits a save must keep before any of it is played: sizes and counts far beyond a real
game, and each value within its range (engine/ranges.py), so that a damaged or hostile file is
refused at load instead of freezing the drawing, eating memory, or being autosaved again to
break every later Continue. The engine checks the position itself (engine.validation) against
the same ranges; these are the rest of the file's."""
from __future__ import annotations

from ..engine.catalogue import PLAYER_COUNTS
from ..engine.ranges import COORD, ID_TEXT, LOG_TEXT, POINTS, SAVED_AT, SEED
from ..language import N_, _
from .limits import Refused, check

MAX_SAVE_BYTES = 8 * 1024 * 1024  # a whole 4-player game with its log is about 300 KB
# A game from the deal takes at most about 10,000 actions (engine/horizon.py bounds its turns,
# and a turn takes at most about 25); a real 4-player game takes about 1,500.
MAX_ACTIONS = 20_000
MAX_LOG_LINES = 20_000  # a save keeps the log's last lines, at most this many
LOG_CHARS = 1_000_000  # and at most this many characters of them (6 MB as JSON at worst)
MAX_HISTORY = 2_000  # score entries, one per turn: a save keeps the last ones, at most this many
MAX_STATE_ITEMS = 500  # entries in one list of a position (a base holds at most 200 tiles)
MAX_SEED = SEED.hi  # how far a seed may lie either side of 0, for the command line's --seed
TO_CONFIRM = "to_confirm"  # the field of the action waiting for confirmation (absent in older saves)


def check_fields(data: dict) -> None:
    """Refused (a ValueError), KeyError or TypeError unless each field of a save's JSON is of
    its type and within its limits."""
    saved_at = data["saved_at"]
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not SAVED_AT.lo <= saved_at <= SAVED_AT.hi:
        raise Refused(_("its time {time} is out of range").format(time=repr(saved_at)))
    if not isinstance(data["seats"], list) or len(data["seats"]) not in PLAYER_COUNTS:
        raise Refused(_("it does not have {least} to {most} seats").format(least=PLAYER_COUNTS[0], most=PLAYER_COUNTS[-1]))
    seed = data.get("seed", 0)  # absent in version 1
    if not SEED.holds(seed):
        raise Refused(_("its seed {seed} is out of range").format(seed=repr(seed)))
    _check_list(data.get("actions") or [], MAX_ACTIONS, ACTIONS)
    check(data.get("actions") or [], max_items=MAX_ACTIONS, max_text=ID_TEXT, max_number=COORD.hi, max_depth=3)
    check(data.get(TO_CONFIRM), max_items=MAX_STATE_ITEMS, max_text=ID_TEXT, max_number=COORD.hi, max_depth=2)
    _check_list(data["log"], MAX_LOG_LINES, LOG_LINES, str)
    check(data["log"], max_items=MAX_LOG_LINES, max_text=LOG_TEXT)
    _check_list(data["history"], MAX_HISTORY, SCORE_ENTRIES, list)
    players = len(data["seats"])
    for entry in data["history"]:
        if len(entry) != players or not all(POINTS.holds(x) for x in entry):
            raise Refused(_("its score history holds {entry}").format(entry=repr(entry)))
    check_state(data["state"])


def kept_lines(log: list[str]) -> list[str]:
    """The log as a file keeps it, so that its reader takes it back: the last lines, each cut
    to LOG_TEXT characters, at most MAX_LOG_LINES of them and LOG_CHARS in all."""
    kept: list[str] = []
    room = LOG_CHARS
    for line in reversed(log[-MAX_LOG_LINES:]):
        line = line[:LOG_TEXT]
        room -= len(line)
        if room < 0:
            break
        kept.append(line)
    kept.reverse()
    return kept


def check_state(state: dict) -> None:
    """The position's size: the engine checks its values when it is played."""
    if not isinstance(state, dict):
        raise Refused(_("its position is not an object"))
    # The seed is its largest number: -2**63 at the least.
    check(state, max_items=MAX_STATE_ITEMS, max_text=ID_TEXT, max_number=max(-SEED.lo, SEED.hi), max_depth=8)


# The lists of a save, each by what is told of it: not a list of at most {most}, or one with an
# entry of the wrong kind.
ACTIONS = (N_("its actions are not a list of at most {most}"), N_("its actions hold an entry of the wrong kind"))
LOG_LINES = (N_("its log lines are not a list of at most {most}"), N_("its log lines hold an entry of the wrong kind"))
SCORE_ENTRIES = (N_("its score entries are not a list of at most {most}"),
                 N_("its score entries hold an entry of the wrong kind"))


def _check_list(value, most: int, told: tuple[str, str], kind: type | None = None) -> None:
    too_long, wrong_kind = told
    if not isinstance(value, list) or len(value) > most:
        raise Refused(_(too_long).format(most=most))
    if kind is not None and not all(isinstance(x, kind) for x in value):
        raise Refused(_(wrong_kind))
