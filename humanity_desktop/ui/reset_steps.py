"""The reset told step by step: what each of its five steps shows, in the table's words.

Each step holds one part of the reset's timeline (views/board_view.STEPS) and a caption that
says what happens and why. They are shown, not logged: the game log is the match's alone, the
same whatever the table shows.
"""
from __future__ import annotations

from typing import NamedTuple

from ..table.describe import plural, tile_name
from ..table.reset_info import ResetInfo
from ..engine.ring import FULL_TURN, HANGARS
from .views.board_view import STEPS, side_by_side


class ResetStep(NamedTuple):
    number: int  # from 1
    of: int  # steps in all
    title: str
    caption: str
    span: tuple  # (start, end) of the reset's animation this step plays


def reset_steps(info: ResetInfo, round_: int, names: tuple) -> list[ResetStep]:
    """The five steps of the reset that ended round `round_`, each with its caption."""
    parts = [
        ("Modules leave", _leaving(info, round_), STEPS.leave),
        ("Modules slide", _sliding(info), STEPS.slide),
        ("The arm swings", _swing(info), STEPS.arm),
        ("Overtaken astronauts", _overtaken(info, names), STEPS.home),
        ("New modules", _arriving(info), (STEPS.arrive[0], 1.0)),
    ]
    return [ResetStep(k, len(parts), title, caption, span) for k, (title, caption, span) in enumerate(parts, start=1)]


def _tiles(items) -> str:
    names = [tile_name(tile) for tile, *_ in items]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def _leaving(info: ResetInfo, round_: int) -> str:
    if not info.leaving:
        return f"Round {round_} is over. No module waits under the white crosses, so none leaves the ring."
    return (f"Round {round_} is over. Nobody took the {_tiles(info.leaving)} under the white crosses: "
            f"{'it leaves' if len(info.leaving) == 1 else 'they leave'} the ring for good.")


def _sliding(info: ResetInfo) -> str:
    k = len(info.sliding)
    if not k:
        return "No module is left on the ring, so nothing slides."
    return (f"The {plural(k, 'module')} still on the ring slide{'s' if k == 1 else ''} clockwise to the far end "
            "of the hangars, keeping their order.")


def _swing(info: ResetInfo) -> str:
    k, move = len(info.sliding), info.advance
    if move == FULL_TURN:
        return (f"With no module left, the arm swings all the way round: {FULL_TURN} spots, back where it "
                "started, and every astronaut beside the board is overtaken.")
    return (f"The arm swings {plural(move, 'spot')}: {HANGARS} hangars minus the {plural(k, 'module')} left. "
            "It stops just before them, so they now wait under the new white crosses.")


def _overtaken(info: ResetInfo, names: tuple) -> str:
    if not info.returned:
        return ("The arm passed no astronaut: those beside the board stay on their spots, "
                "now nearer the arm.")
    who = [f"{names[seat]}'s astronaut {i + 1}" for seat, i, *_ in side_by_side(info.returned)]
    listed = ", ".join(who[:-1]) + f" and {who[-1]}" if len(who) > 1 else who[0]
    return (f"The arm passed {listed}: {'it flies' if len(who) == 1 else 'they fly'} home, "
            "to be placed again in the base.")


def _arriving(info: ResetInfo) -> str:
    n = len(info.arriving)
    text = (f"{plural(n, 'new module')} come{'s' if n == 1 else ''} from the deck to fill the empty hangars, "
            "nearest the arm first." if n else "No new module comes: the deck is empty.")
    if info.experiments_from:
        text += " The year is over: seven new experiments take the wheel."
    return text
