"""The table the New game screen sets: who takes each of its places (a human, a bot at a level,
or nobody), which astronaut each plays, and the seed typed for the deal. The settings keep the
table last started, so the screen opens on it again; one read back that no longer fits (a bot
level that is gone, another number of places, values of the wrong type) is not used."""
from __future__ import annotations

from dataclasses import dataclass

from ..controller import BOT, CHARACTERS, HUMAN, Seat, default_level, ranked_levels
from ..engine.catalogue import PLAYER_COUNTS

EMPTY = "empty"  # a place nobody takes
FEWEST, MOST = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]  # places past the fewest may stay empty
MAX_SEED_DIGITS = 9
FIELDS = ("kind", "character", "level")  # a place's, as the settings file holds it


@dataclass(frozen=True)
class Place:
    kind: str  # HUMAN, BOT or EMPTY
    character: int  # index into CHARACTERS; no two places play the same astronaut
    level: str  # the bot's level, kept while a human or nobody takes the place


def kinds_at(i: int) -> tuple[str, ...]:
    """Who may take place `i`, in the order a click goes through them."""
    return (HUMAN, BOT, EMPTY) if i >= FEWEST else (HUMAN, BOT)


def is_seed_text(text) -> bool:
    """Whether `text` is a seed as the screen takes it: up to MAX_SEED_DIGITS digits 0 to 9, or
    none for a random deal."""
    return isinstance(text, str) and len(text) <= MAX_SEED_DIGITS and (not text or (text.isascii() and text.isdigit()))


@dataclass(frozen=True)
class TableSetup:
    places: tuple[Place, ...]  # MOST of them, seat 1 first
    seed: str = ""  # the digits typed; none: a random deal

    @classmethod
    def default(cls) -> TableSetup:
        """You against two bots at the default level; the fourth place empty."""
        return cls(tuple(Place(kind, i, default_level()) for i, kind in enumerate((HUMAN, BOT, BOT, EMPTY))))

    def seats(self) -> list[Seat]:
        """The seats of the game this table starts, the empty places left out."""
        return [Seat(p.kind, p.character, p.level if p.kind == BOT else None) for p in self.places if p.kind != EMPTY]

    def to_json(self) -> dict:
        return {"places": [{name: getattr(p, name) for name in FIELDS} for p in self.places], "seed": self.seed}

    @classmethod
    def from_json(cls, value) -> TableSetup:
        """The table a settings file holds; ValueError says why it cannot be shown."""
        if not isinstance(value, dict) or set(value) != {"places", "seed"}:
            raise ValueError("it is not an object of places and a seed")
        places = value["places"]
        if not isinstance(places, list) or len(places) != MOST:
            raise ValueError(f"it does not have {MOST} places")
        table = cls(tuple(_place(i, raw) for i, raw in enumerate(places)), value["seed"])
        if len({p.character for p in table.places}) != MOST:
            raise ValueError("two places play the same astronaut")
        if not is_seed_text(table.seed):
            raise ValueError(f"its seed {table.seed!r} is not up to {MAX_SEED_DIGITS} digits")
        return table


def _place(i: int, raw) -> Place:
    if not isinstance(raw, dict) or set(raw) != set(FIELDS):
        raise ValueError(f"place {i + 1} is not an object of {', '.join(FIELDS)}")
    place = Place(*(raw[name] for name in FIELDS))
    if not isinstance(place.kind, str) or place.kind not in kinds_at(i):
        raise ValueError(f"place {i + 1} cannot be taken by {place.kind!r}")
    if type(place.character) is not int or not 0 <= place.character < len(CHARACTERS):
        raise ValueError(f"there is no astronaut {place.character!r}")
    if not isinstance(place.level, str) or place.level not in ranked_levels():
        raise ValueError(f"{place.level!r} is not a bot level")
    return place
