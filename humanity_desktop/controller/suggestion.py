"""The bot level New game suggests, from the player's own results (docs/bots.md, "A level
that fits you"). No pygame here.

Only the games the stats rate count: a human against bots, for the table's difficulty (its
strongest bot). The level is the one played against most recently; its last RECENT games
decide. A first game suggests the gentlest level; STEP_UP wins of the last RECENT suggest the
next level up, STEP_DOWN losses the next level down; otherwise the same level stays.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..language import _, ngettext
from .seats import level_name, ranked_levels
from .stats import LOST, RECENT, WON, Stats

STEP_UP = 4  # wins of the last RECENT games: a clear winning streak
STEP_DOWN = 4  # losses of the last RECENT games: a clear losing streak
FILLER = "random"  # a seat that fills the table, not a level to play against (docs/bots.md, "The levels")
FIRST, UP, DOWN, KEEP = "first", "up", "down", "keep"


@dataclass(frozen=True)
class Suggestion:
    level: str  # the level suggested
    why: str  # FIRST, UP, DOWN or KEEP
    against: str | None = None  # the level the results are against
    won: int = 0
    lost: int = 0
    games: int = 0  # of the last RECENT against it

    def said(self) -> str:
        """The suggestion as the player reads it."""
        level, against = level_name(self.level), self.against and level_name(self.against)
        n = self.games
        if self.why == FIRST:
            return _("Your first game? Start against {level} bots.").format(level=level)
        if self.why == UP:
            return ngettext("You won {won} of your last {n} game against {against}: try {level}?",
                            "You won {won} of your last {n} games against {against}: try {level}?",
                            n).format(won=self.won, n=n, against=against, level=level)
        if self.why == DOWN:
            return ngettext("You lost {lost} of your last {n} game against {against}: try {level}?",
                            "You lost {lost} of your last {n} games against {against}: try {level}?",
                            n).format(lost=self.lost, n=n, against=against, level=level)
        return ngettext("Keep playing {level}: you won {won} of {n} recent game against it.",
                        "Keep playing {level}: you won {won} of {n} recent games against it.",
                        n).format(won=self.won, n=n, level=level)


def ladder(levels: list[str] | None = None) -> list[str]:
    """The levels a suggestion moves along, weakest first."""
    return [lv for lv in (ranked_levels() if levels is None else levels) if lv != FILLER]


def suggest(stats: Stats, levels: list[str] | None = None) -> Suggestion | None:
    """The level to play next, or None when the stats cannot tell (rated games from before the
    recent results were kept, or a level that is gone)."""
    steps = ladder(levels)
    if not steps:
        return None
    if not stats.rated_games:
        return Suggestion(steps[0], FIRST)
    level = stats.latest
    if level not in steps:
        return None
    results = stats.recent.get(level, [])
    won, lost = results.count(WON), results.count(LOST)
    at = steps.index(level)
    full = len(results) == RECENT
    if full and won >= STEP_UP and at + 1 < len(steps):
        why, level = UP, steps[at + 1]
    elif full and lost >= STEP_DOWN and at > 0:
        why, level = DOWN, steps[at - 1]
    else:
        why = KEEP
    return Suggestion(level, why, stats.latest, won, lost, len(results))
