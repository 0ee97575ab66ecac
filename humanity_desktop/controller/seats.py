"""Who sits at the table: humans and bots, with the game's four astronauts."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..bots import available_levels
from ..bots.pace import round_seconds
from ..language import N_, _, listed, number
from ..engine.catalogue import PLAYER_COUNTS

# The four astronauts of the box, each with the colour of their components.
CHARACTERS = ("Kayla", "Aleksander", "Gabriel", "Yuko")
HUMAN, BOT = "human", "bot"
# Known levels from weakest to strongest; levels the bots add later rank after these.
LEVEL_ORDER = ("random", "beginner", "easy", "casual", "careful", "normal", "skilled", "hard", "expert")
LEVEL_NAMES = {"random": N_("Random"), "beginner": N_("Beginner"), "easy": N_("Easy"), "casual": N_("Casual"),
               "careful": N_("Careful"), "normal": N_("Normal"), "skilled": N_("Skilled"), "hard": N_("Hard"),
               "expert": N_("Expert")}


def level_name(level: str) -> str:
    """A bot level as the player reads it; a level added later without a name, as it is called."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()


@dataclass(frozen=True)
class Seat:
    kind: str  # HUMAN or BOT
    character: int  # index into CHARACTERS: name and colour
    level: str | None = None  # bots only

    @property
    def name(self) -> str:
        return CHARACTERS[self.character]

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def who_plays(self) -> str:
        if self.is_bot:
            return _("{name} (bot, {level})").format(name=self.name, level=level_name(self.level))
        return _("{name} (human)").format(name=self.name)

    def to_json(self) -> dict:
        return {"kind": self.kind, "character": self.character, "level": self.level}

    @classmethod
    def from_json(cls, d: dict) -> Seat:
        """The seat in `d`; ValueError if any field is out of range (a damaged file)."""
        kind, character, level = d["kind"], d["character"], d.get("level")
        if kind not in (HUMAN, BOT):
            raise ValueError(_("a seat is human or bot, not {kind}").format(kind=repr(kind)))
        if not isinstance(character, int) or isinstance(character, bool) or not 0 <= character < len(CHARACTERS):
            raise ValueError(_("there is no astronaut {character}").format(character=repr(character)))
        if (kind == BOT) != (level is not None) or (level is not None and level not in available_levels()):
            raise ValueError(_("{level} is not a bot level").format(level=repr(level)))
        return cls(kind, character, level)


def ranked_levels() -> list[str]:
    """The bot levels that exist now, weakest first."""
    levels = available_levels()
    known = [lv for lv in LEVEL_ORDER if lv in levels]
    return known + [lv for lv in levels if lv not in LEVEL_ORDER]


# Beatable by a newcomer, yet it plays with purpose; Normal, a step up, beats the careful
# one-turn player a newcomer becomes (docs/bots.md, "The ladder").
DEFAULT_LEVEL = "casual"


def default_level() -> str:
    """The level a new bot seat starts at: Casual, or the strongest there is without it."""
    levels = ranked_levels()
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[-1]


def parse_seats(spec: str, all_bots: bool = False) -> list[Seat]:
    """'human,bot:hard,bot' -> seats; a bot without a level plays the default one.

    Raises ValueError with a message for people when the spec is not 2 to 4 valid entries.
    """
    entries = [e.strip() for e in spec.split(",") if e.strip()]
    if len(entries) not in PLAYER_COUNTS:
        # Translators: 'human' and 'bot[:level]' are what the command line takes, as they are.
        raise ValueError(_("--seats takes 2 to 4 entries, each 'human' or 'bot[:level]'"))
    levels = ranked_levels()
    seats = []
    for i, entry in enumerate(entries):
        kind, _colon, level = entry.partition(":")
        if kind not in (HUMAN, BOT) or (kind == HUMAN and level):
            raise ValueError(_("seat {number}: '{entry}' is not 'human' or 'bot[:level]'").format(number=i + 1, entry=entry))
        if kind == BOT or all_bots:
            level = level or default_level()
            if level not in levels:
                raise ValueError(_("seat {number}: unknown bot level '{level}'; choose from {levels}")
                                 .format(number=i + 1, level=level, levels=listed(levels)))
            seats.append(Seat(BOT, i, level))
        else:
            seats.append(Seat(HUMAN, i))
    return seats


def bots_wait_words(bots: list[str], factor: float) -> str:
    """How long bots of these levels think for a round of one turn each, at the Bot thinking
    time `factor`, as the New game screen promises it; empty without bots."""
    if not bots:
        return ""
    seconds = max(0.1, math.ceil(round(round_seconds(bots, factor) * 10, 6)) / 10)  # 0.1 + 0.1 + 0.1 is 0.3
    return _("Bots think up to about {seconds} s for one turn each").format(seconds=number(seconds))
