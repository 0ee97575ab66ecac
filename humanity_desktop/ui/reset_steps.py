"""The reset told step by step: what each of its five steps shows, in the table's words.

Each step holds one part of the reset's timeline (views/board_view.STEPS) and a caption that
says what happens and why. They are shown, not logged: the game log is the match's alone, the
same whatever the table shows.
"""
from __future__ import annotations

from typing import NamedTuple

from ..language import _, listed, ngettext
from ..table.describe import tile_name
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
        (_("Modules leave"), _leaving(info, round_), STEPS.leave),
        (_("Modules slide"), _sliding(info), STEPS.slide),
        (_("The arm swings"), _swing(info), STEPS.arm),
        (_("Overtaken astronauts"), _overtaken(info, names), STEPS.home),
        (_("New modules"), _arriving(info), (STEPS.arrive[0], 1.0)),
    ]
    return [ResetStep(k, len(parts), title, caption, span) for k, (title, caption, span) in enumerate(parts, start=1)]


def _leaving(info: ResetInfo, round_: int) -> str:
    if not info.leaving:
        return _("Round {round} is over. No module waits under the white crosses, so none leaves the ring."
                 ).format(round=round_)
    return ngettext("Round {round} is over. Nobody took the {tiles} under the white crosses: it leaves the ring for good.",
                    "Round {round} is over. Nobody took the {tiles} under the white crosses: they leave the ring for good.",
                    len(info.leaving)).format(round=round_, tiles=listed([tile_name(tile) for tile, *_x in info.leaving]))


def _sliding(info: ResetInfo) -> str:
    k = len(info.sliding)
    if not k:
        return _("No module is left on the ring, so nothing slides.")
    return ngettext("The {n} module still on the ring slides clockwise to the far end of the hangars.",
                    "The {n} modules still on the ring slide clockwise to the far end of the hangars, keeping their order.",
                    k).format(n=k)


def _swing(info: ResetInfo) -> str:
    k, move = len(info.sliding), info.advance
    if move == FULL_TURN:
        return _("With no module left, the arm swings all the way round: {spots} spots, back where it "
                 "started, and every astronaut beside the board is overtaken.").format(spots=FULL_TURN)
    # Translators: {move} is 2 or more: the white crosses' modules have always left.
    return ngettext("The arm swings {move} spots: {hangars} hangars minus the {n} module left. "
                    "It stops just before it, so it now waits under the new white crosses.",
                    "The arm swings {move} spots: {hangars} hangars minus the {n} modules left. "
                    "It stops just before them, so they now wait under the new white crosses.",
                    k).format(move=move, hangars=HANGARS, n=k)


def _overtaken(info: ResetInfo, names: tuple) -> str:
    if not info.returned:
        return _("The arm passed no astronaut: those beside the board stay on their spots, now nearer the arm.")
    who = [astronaut_name(names[seat], i) for seat, i, *_x in side_by_side(info.returned)]
    return ngettext("The arm passed {who}: it flies home, to be placed again in the base.",
                    "The arm passed {who}: they fly home, to be placed again in the base.", len(who)).format(who=listed(who))


def astronaut_name(name: str, i: int) -> str:
    """A seat's astronaut `i` (from 0) as the reset's words name it."""
    return _("{name}'s astronaut {number}").format(name=name, number=i + 1)


def _arriving(info: ResetInfo) -> str:
    n = len(info.arriving)
    text = (ngettext("{n} new module comes from the deck to fill the empty hangars, nearest the arm first.",
                     "{n} new modules come from the deck to fill the empty hangars, nearest the arm first.", n).format(n=n)
            if n else _("No new module comes: the deck is empty."))
    if info.experiments_from:
        text = " ".join((text, _("The year is over: seven new experiments take the wheel.")))
    return text
