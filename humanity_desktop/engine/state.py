"""The game state: plain lists, dicts and tuples, cheap to copy, exact in JSON.

Cells are (x, y) tuples, x to the right and y downwards. A base maps a cell to
(tile id, stock); for an obstacle the stock is its remaining resistance.
Astronauts are (work, where, pos) tuples; `where` is one of the constants below
and `pos` is a cell in the base, a ring spot beside the board, or None.

The schema: STATE_FIELDS and PLAYER_FIELDS name each attribute and its key in JSON, in
JSON order; the values' ranges are in engine/ranges.py. copy, to_json and from_json are
written out by hand after the tables, for speed (copying is the bots' hottest step);
tests/test_state_schema.py holds them to the tables.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..language import N_
from .catalogue import RESOURCES, Catalogue, load as load_catalogue
from .errors import Unfit
from .phases import Phase
from .ranges import POINTS, POINTS_LOST, Range
from .ring import HANGARS, WHEEL_BAYS, distance

ACTIVE, EXHAUSTED, BOARD, RETURNING = "active", "exhausted", "board", "returning"
PLACES = (ACTIVE, EXHAUSTED, BOARD, RETURNING)  # where an astronaut can be
ASTRONAUTS = 3  # a seat's: two start in the base, the third beside the board
VERSION = 2  # 2: the published board (8 spots, the experiment wheel turning with the arm)

# The phases by name, for the modules that test for one.
TURN, ACTION, WORK, PAY, COLOUR, SHAPE, UPGRADE, PLACE, OVER = Phase

LEDGER_SOURCES = (
    "square", "greenhouse", "experiment_group", "experiment_vp", "module_vp",
    "mission", "mission_lost", "science", "leftovers", "scenario",
)
LOSSES = ("mission_lost",)  # the only source that takes points away (a mission another seat took)
# Sources a position may lack: saves made before they existed ("scenario": points set in
# the Sandbox).
OPTIONAL_SOURCES = ("scenario",)


def ledger_span(source: str) -> Range:
    """The values one ledger entry can hold: points won never go below 0, points lost never above."""
    return POINTS_LOST if source in LOSSES else POINTS


class Field(NamedTuple):
    attr: str | None  # the attribute; None for an entry only written out, for readers
    json: str  # its key in JSON
    group: str | None = None  # the JSON object holding it inside the class's own, if any


# A Player's shape.
PLAYER_FIELDS = (
    Field("base", "base"),
    Field("wild", "base"),  # a wild greenhouse's shape, written with its base entry
    Field("astros", "astronauts"),
    Field("research", "research"),
    Field("science", "science"),
    Field("ledger", "ledger"),
    Field("experiments", "experiments"),
    Field("groups", "groups"),
    Field(None, "score"),
)
# The State's shape; "pending" holds the decision in progress.
STATE_FIELDS = (
    Field(None, "version"),
    Field("n", "players"),
    Field("seed", "seed"),
    Field("year", "year"),
    Field("round", "round"),
    Field("turn", "turn"),
    Field("arm", "arm"),
    Field("hangars", "hangars"),
    Field("decks", "decks"),
    Field("exp_decks", "experiment_decks"),
    Field("wheel", "experiments"),
    Field("removed", "removed"),
    Field("missions", "missions"),
    Field("holders", "holders"),
    Field("patch", "patch"),
    Field("current", "current_player"),  # null once the game is over
    Field("phase", "phase"),
    Field("sel", "astronaut", "pending"),
    Field("work_left", "work_left", "pending"),
    Field("target", "target", "pending"),
    Field("need", "need", "pending"),
    Field("progress", "progress", "pending"),
    Field("upgrades", "upgrades", "pending"),
    Field("placing", "placing", "pending"),
    Field(None, "game_over"),
    Field(None, "scores"),
    Field("players", "seats"),
)
DERIVED = {"score", "game_over", "scores"}  # written for readers, never read back


def json_keys(fields: tuple[Field, ...], group: str | None = None) -> tuple[str, ...]:
    """The keys a loader reads from a class's JSON object (or from one group in it), in order."""
    keys: dict[str, None] = {}
    for f in fields:
        if f.json in DERIVED:
            continue
        if f.group == group:
            keys[f.json] = None
        elif group is None:
            keys[f.group] = None  # type: ignore[index]
    return tuple(keys)


SEAT_KEYS = json_keys(PLAYER_FIELDS)
STATE_KEYS = json_keys(STATE_FIELDS)  # what a saved state must have
PENDING_KEYS = json_keys(STATE_FIELDS, "pending")


def _cell(v: list) -> tuple[int, int]:
    return (int(v[0]), int(v[1]))


class Player:
    __slots__ = ("base", "wild", "astros", "research", "science", "ledger", "experiments", "groups")

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

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.base = self.base.copy()
        p.wild = self.wild.copy()
        p.astros = self.astros.copy()
        p.research = self.research
        p.science = self.science
        p.ledger = self.ledger.copy()
        p.experiments = self.experiments.copy()
        p.groups = self.groups.copy()
        return p

    def to_json(self) -> dict:
        wild = self.wild
        return {
            "base": [{"cell": list(c), "tile": t, "stock": n, **({"shape": wild[c]} if c in wild else {})}
                     for c, (t, n) in sorted(self.base.items())],
            "astronauts": [{"work": w, "where": where, "at": list(pos) if isinstance(pos, tuple) else pos}
                           for w, where, pos in self.astros],
            "research": self.research,
            "science": self.science,
            "ledger": dict(self.ledger),
            "experiments": list(self.experiments),
            "groups": list(self.groups),
            "score": self.score,
        }

    @staticmethod
    def from_json(d: dict) -> Player:
        p = Player.__new__(Player)
        p.base = {_cell(e["cell"]): (str(e["tile"]), int(e["stock"])) for e in d["base"]}
        p.wild = {_cell(e["cell"]): str(e["shape"]) for e in d["base"] if "shape" in e}
        p.astros = [(int(a["work"]), str(a["where"]), _cell(a["at"]) if isinstance(a["at"], list) else a["at"])
                    for a in d["astronauts"]]
        p.research = int(d["research"])
        p.science = int(d["science"])
        p.ledger = {k: int(d["ledger"].get(k, 0)) for k in LEDGER_SOURCES}
        p.experiments = [str(e) for e in d["experiments"]]
        p.groups = [int(x) for x in d["groups"]]
        return p


# What a game has beside its fields: `catalogue`, its own tiles, experiments and missions (the
# published edition's unless it was dealt from another), which copies share and JSON leaves out.
SHARED = ("catalogue",)
# And which of its seats it may change in place: a bit per seat (see State.fork), which copies
# and JSON leave out too.
OWNERSHIP = ("owned",)
EVERY_SEAT = -1  # `owned` with every seat's bit set


class State:
    """Everything about one game. Mutated in place by rules.apply_action, which changes a seat
    only through writable(); copy() for a state of one's own, fork() for a search."""

    __slots__ = ("n", "seed", "year", "round", "turn", "arm", "hangars", "decks", "exp_decks", "wheel",
                 "removed", "missions", "holders", "patch", "current", "phase", "sel", "work_left", "target",
                 "need", "progress", "upgrades", "placing", "players") + SHARED + OWNERSHIP

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

    def copy(self) -> State:
        s = self._board_copy()
        s.players = [p.copy() for p in self.players]
        s.owned = EVERY_SEAT
        return s

    def fork(self) -> State:
        """A copy that shares its seats with this state: whichever of the two first changes a
        seat takes its own copy of it then (`writable`). Cheaper than copy() where a search
        changes one seat of many, as plans do."""
        s = self._board_copy()
        s.players = self.players.copy()
        s.owned = self.owned = 0
        return s

    def writable(self, p: int) -> Player:
        """Seat `p`, to be changed: the rules take every seat they change through here, so
        that a seat shared with another state (fork) is copied first."""
        if self.shares(p):
            self.players[p] = self.players[p].copy()
            self.owned |= 1 << p
        return self.players[p]

    def shares(self, p: int) -> bool:
        """Whether seat `p` is shared with another state (fork): no state changes such a seat
        in place any more, so what is worked out from it holds while it is kept."""
        return not self.owned >> p & 1

    def _board_copy(self) -> State:
        """A copy of everything but the seats."""
        s = State.__new__(State)
        s.n = self.n
        s.seed = self.seed
        s.year = self.year
        s.round = self.round
        s.turn = self.turn
        s.arm = self.arm
        s.hangars = self.hangars.copy()
        s.decks = [x.copy() for x in self.decks]
        s.exp_decks = [x.copy() for x in self.exp_decks]
        s.wheel = self.wheel.copy()
        s.removed = self.removed.copy()
        s.missions = self.missions.copy()
        s.holders = self.holders.copy()
        s.patch = self.patch
        s.current = self.current
        s.phase = self.phase
        s.sel = self.sel
        s.work_left = self.work_left
        s.target = self.target
        s.need = self.need.copy()
        s.progress = self.progress.copy()
        s.upgrades = self.upgrades
        s.placing = self.placing.copy()
        s.catalogue = self.catalogue
        return s

    def to_json(self) -> dict:
        target = self.target
        return {
            "version": VERSION,
            "players": self.n,
            "seed": self.seed,
            "year": self.year,
            "round": self.round,
            "turn": self.turn,
            "arm": self.arm,
            "hangars": list(self.hangars),
            "decks": [list(x) for x in self.decks],
            "experiment_decks": [list(x) for x in self.exp_decks],
            "experiments": list(self.wheel),
            "removed": list(self.removed),
            "missions": list(self.missions),
            "holders": list(self.holders),
            "patch": self.patch,
            "current_player": self.current_player,
            "phase": self.phase,
            "pending": {
                "astronaut": self.sel,
                "work_left": self.work_left,
                "target": list(target) if target else None,
                "need": {RESOURCES[i]: n for i, n in enumerate(self.need) if n},
                "progress": list(self.progress),
                "upgrades": self.upgrades,
                "placing": list(self.placing),
            },
            "game_over": self.game_over,
            "scores": self.scores,
            "seats": [p.to_json() for p in self.players],
        }

    @classmethod
    def from_json(cls, d: dict, catalogue: Catalogue | None = None) -> State:
        """The state in `d`, trusted (engine/validation.py checks one from outside first), of a
        game played with `catalogue` (by default the published edition's)."""
        if d.get("version") != VERSION:
            raise Unfit(N_("unsupported state version {version}"), {"version": repr(d.get("version"))})
        s = cls.__new__(cls)
        s.catalogue = catalogue or load_catalogue()
        s.n = int(d["players"])
        s.seed = d["seed"]
        s.year = int(d["year"])
        s.round = int(d["round"])
        s.turn = int(d["turn"])
        s.arm = int(d["arm"])
        s.hangars = list(d["hangars"])
        s.decks = [list(x) for x in d["decks"]]
        s.exp_decks = [list(x) for x in d["experiment_decks"]]
        s.wheel = list(d["experiments"])
        s.removed = list(d["removed"])
        s.missions = list(d["missions"])
        s.holders = list(d["holders"])
        s.patch = int(d["patch"])
        s.current = s.patch if d["current_player"] is None else int(d["current_player"])
        s.phase = Phase(d["phase"])
        pending = d["pending"]
        s.sel = pending["astronaut"]
        s.work_left = int(pending["work_left"])
        s.target = tuple(pending["target"]) if pending["target"] else None
        s.need = [int(pending["need"].get(r, 0)) for r in RESOURCES]
        s.progress = [int(x) for x in pending["progress"]]
        s.upgrades = int(pending["upgrades"])
        s.placing = [int(x) for x in pending["placing"]]
        s.players = [Player.from_json(p) for p in d["seats"]]
        s.owned = EVERY_SEAT
        if len(s.players) != s.n or len(s.hangars) != HANGARS or len(s.wheel) != WHEEL_BAYS:
            raise Unfit(N_("state shape is inconsistent (seats, hangars or experiments)"))
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
