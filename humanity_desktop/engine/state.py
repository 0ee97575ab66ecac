"""The game state: plain lists, dicts and tuples, cheap to copy, exact in JSON.

Cells are (x, y) tuples, x to the right and y downwards. A base maps a cell to
(tile id, stock); for an obstacle the stock is its remaining resistance.
Astronauts are (work, where, pos) tuples; `where` is one of the constants below
and `pos` is a cell in the base, a ring spot beside the board, or None.
"""
from __future__ import annotations

from typing import Any

from .catalogue import RESOURCES
from .ring import HANGARS, distance

ACTIVE, EXHAUSTED, BOARD, RETURNING = "active", "exhausted", "board", "returning"
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


class Player:
    __slots__ = ("base", "astros", "research", "science", "ledger", "experiments", "groups", "wild")

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

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.base = self.base.copy()
        p.astros = self.astros.copy()
        p.research = self.research
        p.science = self.science
        p.ledger = self.ledger.copy()
        p.experiments = self.experiments.copy()
        p.groups = self.groups.copy()
        p.wild = self.wild.copy()
        return p

    def to_json(self) -> dict:
        return {
            "base": [
                {"cell": list(c), "tile": t, "stock": s, **({"shape": self.wild[c]} if c in self.wild else {})}
                for c, (t, s) in sorted(self.base.items())
            ],
            "astronauts": [
                {"work": w, "where": where, "at": list(pos) if isinstance(pos, tuple) else pos}
                for w, where, pos in self.astros
            ],
            "research": self.research,
            "science": self.science,
            "ledger": dict(self.ledger),
            "experiments": list(self.experiments),
            "groups": list(self.groups),
            "score": self.score,
        }

    @classmethod
    def from_json(cls, d: dict) -> "Player":
        p = cls()
        for e in d["base"]:
            cell = (int(e["cell"][0]), int(e["cell"][1]))
            p.base[cell] = (str(e["tile"]), int(e["stock"]))
            if "shape" in e:
                p.wild[cell] = str(e["shape"])
        for a in d["astronauts"]:
            at = a["at"]
            pos = (int(at[0]), int(at[1])) if isinstance(at, list) else at
            p.astros.append((int(a["work"]), str(a["where"]), pos))
        p.research = int(d["research"])
        p.science = int(d["science"])
        p.ledger = {k: int(d["ledger"].get(k, 0)) for k in LEDGER_SOURCES}
        p.experiments = [str(e) for e in d["experiments"]]
        p.groups = [int(g) for g in d["groups"]]
        return p


class State:
    """Everything about one game. Mutated in place by rules.apply_action; copy() for search."""

    __slots__ = (
        "n", "seed", "year", "round", "arm", "hangars", "decks", "exp_decks", "wheel",
        "removed", "missions", "holders", "patch", "current", "phase",
        "sel", "work_left", "target", "need", "progress", "upgrades", "placing",
        "players", "turn",
    )

    def copy(self) -> "State":
        s = State.__new__(State)
        s.n = self.n
        s.seed = self.seed
        s.year = self.year
        s.round = self.round
        s.arm = self.arm
        s.hangars = self.hangars.copy()
        s.decks = [d.copy() for d in self.decks]
        s.exp_decks = [d.copy() for d in self.exp_decks]
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
        s.players = [p.copy() for p in self.players]
        s.turn = self.turn
        return s

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

    def to_json(self) -> dict:
        return {
            "version": VERSION,
            "players": self.n,
            "seed": self.seed,
            "year": self.year,
            "round": self.round,
            "turn": self.turn,
            "arm": self.arm,
            "hangars": list(self.hangars),
            "decks": [list(d) for d in self.decks],
            "experiment_decks": [list(d) for d in self.exp_decks],
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
                "target": list(self.target) if self.target else None,
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
    def from_json(cls, d: dict) -> "State":
        if d.get("version") != VERSION:
            raise ValueError(f"unsupported state version {d.get('version')!r}")
        s = cls.__new__(cls)
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
        s.phase = str(d["phase"])
        cur = d["current_player"]
        s.current = s.patch if cur is None else int(cur)
        pend = d["pending"]
        s.sel = pend["astronaut"]
        s.work_left = int(pend["work_left"])
        s.target = tuple(pend["target"]) if pend["target"] else None
        s.need = [int(pend["need"].get(r, 0)) for r in RESOURCES]
        s.progress = [int(x) for x in pend["progress"]]
        s.upgrades = int(pend["upgrades"])
        s.placing = [int(x) for x in pend["placing"]]
        s.players = [Player.from_json(p) for p in d["seats"]]
        if len(s.players) != s.n or len(s.hangars) != HANGARS or len(s.wheel) != 7:
            raise ValueError("state shape is inconsistent (seats, hangars or experiments)")
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
