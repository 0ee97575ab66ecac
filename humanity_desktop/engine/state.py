"""The game state: plain lists, dicts and tuples, cheap to copy, exact in JSON.

Cells are (x, y) tuples, x to the right and y downwards. A base maps a cell to
(tile id, stock); for an obstacle the stock is its remaining resistance.
Astronauts are (work, where, pos) tuples; `where` is one of the constants below
and `pos` is a cell in the base, a ring spot beside the board, or None.
"""
from __future__ import annotations

from typing import Any

from .catalogue import RESOURCES
from .fields import DERIVED, INT, INTS, LIST, LISTS, SCALAR, STR, Field, Kind, json_keys, methods, slots
from .ring import HANGARS, distance

ACTIVE, EXHAUSTED, BOARD, RETURNING = "active", "exhausted", "board", "returning"
ASTRONAUTS = 3  # a seat's: two start in the base, the third beside the board
VERSION = 2  # 2: the published board (8 spots, the experiment wheel turning with the arm)

# Phases: what the current decision is about.
TURN = "turn"  # pick an active astronaut in the base
ACTION = "action"  # with that astronaut: work, pick a module, or pick an experiment
WORK = "work"  # activate tiles, or end the work
PAY = "pay"  # spend units toward the chosen tile's cost
COLOUR = "colour"  # a communication module: blue or orange
SHAPE = "shape"  # a wild greenhouse: which shape it shows
UPGRADE = "upgrade"  # give earned work upgrades to astronauts
PLACE = "place"  # after a reset: set returning astronauts in the base
OVER = "over"

LEDGER_SOURCES = (
    "square", "greenhouse", "experiment_group", "experiment_vp", "module_vp",
    "mission", "mission_lost", "science", "leftovers", "scenario",
)
# Sources a position may lack: saves made before they existed ("scenario": points set in
# the Sandbox).
OPTIONAL_SOURCES = ("scenario",)


def _cell(v: list) -> tuple[int, int]:
    return (int(v[0]), int(v[1]))


# A Player's shape, in JSON order. A wild greenhouse's shape is written with its base entry.
PLAYER_FIELDS = (
    Field("base", "base", Kind(
        "{v}.copy()",
        "[{'cell': list(c), 'tile': t, 'stock': n, **({'shape': self.wild[c]} if c in self.wild else {})}"
        " for c, (t, n) in sorted({v}.items())]",
        "{_cell(e['cell']): (str(e['tile']), int(e['stock'])) for e in {v}}")),
    Field("wild", "base", Kind(
        "{v}.copy()", None, "{_cell(e['cell']): str(e['shape']) for e in {v} if 'shape' in e}")),
    Field("astros", "astronauts", Kind(
        "{v}.copy()",
        "[{'work': w, 'where': where, 'at': list(pos) if isinstance(pos, tuple) else pos}"
        " for w, where, pos in {v}]",
        "[(int(a['work']), str(a['where']), _cell(a['at']) if isinstance(a['at'], list) else a['at'])"
        " for a in {v}]")),
    Field("research", "research", INT),
    Field("science", "science", INT),
    Field("ledger", "ledger", Kind(
        "{v}.copy()", "dict({v})", "{k: int({v}.get(k, 0)) for k in LEDGER_SOURCES}")),
    Field("experiments", "experiments", Kind("{v}.copy()", "list({v})", "[str(e) for e in {v}]")),
    Field("groups", "groups", INTS),
    Field("score", "score", DERIVED),
)
SEAT_KEYS = json_keys(PLAYER_FIELDS)


class Player:
    __slots__ = slots(PLAYER_FIELDS)
    copy, to_json, from_json = methods("Player", PLAYER_FIELDS, globals())

    def __init__(self) -> None:
        self.base: dict[tuple[int, int], tuple[str, int]] = {}
        self.astros: list[tuple[int, str, Any]] = []
        self.research = 0
        self.science = 0
        self.ledger: dict[str, int] = dict.fromkeys(LEDGER_SOURCES, 0)
        self.experiments: list[str] = []
        self.groups: list[int] = []  # experiment groups as bitmasks of sides (1, 2, 4)
        self.wild: dict[tuple[int, int], str] = {}  # wild greenhouse cell -> shape shown

    @property
    def score(self) -> int:
        return sum(self.ledger.values())


# The State's shape, in JSON order; "pending" holds the decision in progress.
STATE_FIELDS = (
    Field("version", "version", Kind(None, "VERSION", None)),  # from_json checks it by hand
    Field("n", "players", INT),
    Field("seed", "seed", SCALAR),
    Field("year", "year", INT),
    Field("round", "round", INT),
    Field("turn", "turn", INT),
    Field("arm", "arm", INT),
    Field("hangars", "hangars", LIST),
    Field("decks", "decks", LISTS),
    Field("exp_decks", "experiment_decks", LISTS),
    Field("wheel", "experiments", LIST),
    Field("removed", "removed", LIST),
    Field("missions", "missions", LIST),
    Field("holders", "holders", LIST),
    Field("patch", "patch", INT),
    # JSON has no player to move once the game is over; the loader reads patch before this.
    Field("current", "current_player", Kind(
        "{v}", "self.current_player", "s.patch if {v} is None else int({v})")),
    Field("phase", "phase", STR),
    Field("sel", "astronaut", SCALAR, "pending"),
    Field("work_left", "work_left", INT, "pending"),
    Field("target", "target", Kind(
        "{v}", "list({v}) if {v} else None", "tuple({v}) if {v} else None"), "pending"),
    Field("need", "need", Kind("{v}.copy()", "{RESOURCES[i]: n for i, n in enumerate({v}) if n}",
                               "[int({v}.get(r, 0)) for r in RESOURCES]"), "pending"),
    Field("progress", "progress", INTS, "pending"),
    Field("upgrades", "upgrades", INT, "pending"),
    Field("placing", "placing", INTS, "pending"),
    Field("game_over", "game_over", DERIVED),
    Field("scores", "scores", DERIVED),
    Field("players", "seats", Kind("[p.copy() for p in {v}]", "[p.to_json() for p in {v}]",
                                   "[Player.from_json(p) for p in {v}]")),
)
STATE_KEYS = ("version",) + json_keys(STATE_FIELDS)  # what a saved state must have
PENDING_KEYS = json_keys(STATE_FIELDS, "pending")


class State:
    """Everything about one game. Mutated in place by rules.apply_action; copy() for search."""

    __slots__ = slots(STATE_FIELDS)
    copy, to_json, _load = methods("State", STATE_FIELDS, globals())

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def distance(self, spot: int) -> int:
        """How far a ring spot lies clockwise past the arm (0 = in front of it)."""
        return distance(self.arm, spot)

    @classmethod
    def from_json(cls, d: dict) -> "State":
        if d.get("version") != VERSION:
            raise ValueError(f"unsupported state version {d.get('version')!r}")
        s = cls._load(d)
        if len(s.players) != s.n or len(s.hangars) != HANGARS or len(s.wheel) != 7:
            raise ValueError("state shape is inconsistent (seats, hangars or experiments)")
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
