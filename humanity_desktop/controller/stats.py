"""The player's record: finished games against the bots, a rating against each bot level,
and medals, kept as versioned JSON in the user's data folder.

A game counts for the table of its difficulty (the strongest bot level at the table) and
seat count. With several humans at the table, the best placed human's result fills the
table ("you" are the local players together), while every human-bot pair counts for the
rating. Games without a bot (hot-seat) or without a human (bots only) are counted, but
fill no table and move no rating.

Rating: Elo-style, one per bot level, starting at `start`; each human-bot pair is a game
won, drawn (same place) or lost against that bot's fixed rating (data/ratings.json).
Medals: the human's score against the thresholds of data/medals.json (calibrated from the
Hard bots' own scores); each difficulty keeps the best medal earned against it.
Recent results: each difficulty's last RECENT games, won (placed first), lost (behind every
bot) or between, and the difficulty played last, for the level New game suggests (suggestion.py).

A stats file that cannot be used is set aside and fresh stats are kept; `problem` says why.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..language import N_, _
from ..engine.ranges import COUNT, NAME_TEXT, POINTS, RATING, text_problem
from ..storage.files import write_atomic
from .seats import LEVEL_ORDER, Seat
from ..storage.versioned import FileProblem, read_small_file, read_versioned, set_aside_unusable

STATS_FILE = "stats.json"
STATS_VERSION = 2
# A file's version -> the level names it wrote that are other levels' names now: before version
# 2 the bot now called Casual was called Normal, and its games stay with it.
LEVELS_RENAMED = {1: {"normal": "casual"}}
MAX_STATS_BYTES = 256 * 1024  # a real one is a few KB
DATA = Path(__file__).resolve().with_name("data")
MEDALS_FILE = DATA / "medals.json"
RATINGS_FILE = DATA / "ratings.json"
MEDALS = ("bronze", "silver", "gold")  # weakest first
RECENT = 5  # games kept of each difficulty's recent results
WON, LOST, BETWEEN = "won", "lost", "between"


@lru_cache(maxsize=1)
def rating_table() -> dict:
    return json.loads(RATINGS_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def medal_thresholds() -> dict[int, dict[str, int]]:
    """Seat count -> medal -> the score that earns it."""
    raw = json.loads(MEDALS_FILE.read_text(encoding="utf-8"))["thresholds"]
    return {int(n): dict(t) for n, t in raw.items()}


def level_rank(level: str) -> int:
    return LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)


def expected(rating: float, opponent: float) -> float:
    """The share of points Elo expects `rating` to take from `opponent`."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def medal_for(score: int, seats: int) -> str | None:
    earned = [m for m in MEDALS if score >= medal_thresholds().get(seats, {}).get(m, float("inf"))]
    return earned[-1] if earned else None


@dataclass
class Line:
    """One difficulty at one seat count."""

    played: int = 0
    won: int = 0
    best: int = 0
    total: int = 0  # of the scores, for the average

    @property
    def average(self) -> float:
        return self.total / self.played if self.played else 0.0

    def add(self, score: int, won: bool) -> None:
        self.best = max(self.best, score) if self.played else score
        self.played += 1
        self.won += won
        self.total += score


@dataclass
class Rating:
    value: float = 0.0
    games: int = 0  # human-bot pairs counted


@dataclass
class Stats:
    lines: dict[tuple[str, int], Line] = field(default_factory=dict)  # (level, seats) -> Line
    ratings: dict[str, Rating] = field(default_factory=dict)
    medals: dict[str, str] = field(default_factory=dict)  # level -> best medal earned
    hotseat_games: int = 0
    bot_games: int = 0
    recent: dict[str, list[str]] = field(default_factory=dict)  # level -> its last RECENT results, oldest first
    latest: str | None = None  # the difficulty of the last rated game
    path: Path | None = field(default=None, compare=False, repr=False)
    problem: str | None = field(default=None, compare=False, repr=False)  # why the file was set aside

    @property
    def rated_games(self) -> int:
        return sum(line.played for line in self.lines.values())

    @property
    def empty(self) -> bool:
        return not (self.rated_games or self.hotseat_games or self.bot_games)

    def levels(self) -> list[str]:
        """The levels played against (as the table's difficulty or beside a stronger bot), weakest first."""
        return sorted({level for level, _line in self.lines} | set(self.ratings), key=level_rank)

    # ------------------------------------------------------------ recording

    def record(self, seats: list[Seat], scores: list[int], places: list[int]) -> None:
        humans = [i for i, s in enumerate(seats) if not s.is_bot]
        bots = [i for i, s in enumerate(seats) if s.is_bot]
        if not bots:
            self.hotseat_games += 1
            return
        if not humans:
            self.bot_games += 1
            return
        level = max((seats[b].level for b in bots), key=level_rank)
        you = min(humans, key=lambda h: (places[h], -scores[h]))
        self.lines.setdefault((level, len(seats)), Line()).add(scores[you], places[you] == 1)
        for h in humans:
            for b in bots:
                self._rate(seats[b].level, 1.0 if places[h] < places[b] else 0.5 if places[h] == places[b] else 0.0)
        self._award(level, medal_for(scores[you], len(seats)))
        result = WON if places[you] == 1 else LOST if all(places[you] > places[b] for b in bots) else BETWEEN
        self.recent[level] = (self.recent.get(level, []) + [result])[-RECENT:]
        self.latest = level

    def _rate(self, level: str, result: float) -> None:
        table = rating_table()
        rating = self.ratings.setdefault(level, Rating(float(table["start"])))
        bot = table["levels"].get(level, table["start"])
        rating.value += table["k"] * (result - expected(rating.value, bot))
        rating.games += 1

    def _award(self, level: str, medal: str | None) -> None:
        held = self.medals.get(level)
        if medal is not None and (held is None or MEDALS.index(medal) > MEDALS.index(held)):
            self.medals[level] = medal

    # ------------------------------------------------------------ files

    def to_json(self) -> dict:
        return {
            "version": STATS_VERSION,
            "lines": [{"level": level, "seats": seats, **vars(line)} for (level, seats), line in sorted(self.lines.items())],
            "ratings": {level: vars(r) for level, r in self.ratings.items()},
            "medals": dict(self.medals),
            "hotseat_games": self.hotseat_games,
            "bot_games": self.bot_games,
            "recent": {level: list(results) for level, results in self.recent.items()},
            "latest": self.latest,
        }

    def save(self) -> None:
        if self.path is not None:
            write_atomic(self.path, json.dumps(self.to_json(), indent=2))

    @classmethod
    def load(cls, path: Path) -> Stats:
        """The stats in `path`; fresh ones when there is none or it cannot be used (then set aside)."""
        try:
            stats = parse_stats(read_small_file(path, MAX_STATS_BYTES))
        except FileNotFoundError:
            return cls(path=path)
        except (OSError, FileProblem) as exc:
            # Translators: the kind of file in "The {kind} file {path} cannot be used", then what the game does instead.
            stats = cls(problem=set_aside_unusable(path, "stats", exc, N_("these stats start afresh")))
        stats.path = path
        return stats


def parse_stats(text: str) -> Stats:
    """The stats in a stats file's text; FileProblem says what is wrong with it."""
    raw = read_versioned(text, STATS_VERSION, "stats", lambda raw: "version" in raw and "lines" in raw)
    renamed = LEVELS_RENAMED.get(raw["version"], {})

    def level_of(x) -> str:
        name = _text(x)
        return renamed.get(name, name)

    try:
        return Stats(
            lines={(level_of(d["level"]), _count(d["seats"])): _line(d) for d in raw["lines"]},
            ratings={level_of(level): Rating(_rating_value(r["value"]), _count(r["games"]))
                     for level, r in raw["ratings"].items()},
            medals={level_of(level): _medal(m) for level, m in raw["medals"].items()},
            hotseat_games=_count(raw["hotseat_games"]),
            bot_games=_count(raw["bot_games"]),
            # Files written before the recent results were kept have none.
            recent={level_of(level): _results(r) for level, r in raw.get("recent", {}).items()},
            latest=None if raw.get("latest") is None else level_of(raw["latest"]),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise FileProblem(_("it is damaged ({error})").format(error=repr(exc))) from None


def _line(d: dict) -> Line:
    """A line as `Line.add` writes it: its best is a score, in the range the engine holds scores to."""
    best = d["best"]
    if not POINTS.holds(best):
        raise ValueError(_("{value} is not a score").format(value=repr(best)))
    return Line(_count(d["played"]), _count(d["won"]), best, _count(d["total"]))


def _count(x) -> int:
    if not COUNT.holds(x):
        raise ValueError(_("{value} is not a count").format(value=repr(x)))
    return x


def _rating_value(x) -> float:
    if not isinstance(x, (int, float)) or isinstance(x, bool) or not RATING.lo < x < RATING.hi:
        raise ValueError(_("{value} is not a rating").format(value=repr(x)))
    return float(x)


def _text(x) -> str:
    if not x or text_problem(x, NAME_TEXT) is not None or not x.isprintable():
        raise ValueError(_("{value} is not a name").format(value=repr(x)))
    return x


def _results(x) -> list[str]:
    if not isinstance(x, list) or len(x) > RECENT or any(r not in (WON, LOST, BETWEEN) for r in x):
        raise ValueError(_("{value} are not recent results").format(value=repr(x)))
    return x


def _medal(x) -> str:
    if x not in MEDALS:
        raise ValueError(_("{value} is not a medal").format(value=repr(x)))
    return x
