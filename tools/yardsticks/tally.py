"""yard-tally: a one-turn player that counts what a position is worth by a short tally.

For each legal action it plays the action on a filled position (fill.py), finishes the rest
of its turn by cheap greedy choices, and scores where the turn leaves it. The greedy choices
pick the step whose result tallies best; the one choice that a single step cannot judge,
what the chosen astronaut does (work, which module, which experiment), is judged by
finishing each option the same greedy way first.

The tally, read off the rulebook: points on the score track and science tokens are points
already; the research track pays science at the year's end (its highest mark reached, plus
a bonus per seat behind); stock pays for modules and experiments while the game lasts and
is worth a point per five at its end; producers, stronger astronauts and groups of
experiments begun pay in the turns still to come, so they count for as much of the game as
is left, and so does the way made toward a mission no one holds; an obstacle blocks a cell
until it is worked down; an astronaut beside the board comes home sooner the nearer it is to
the arm (and not at the next reset if the arm will not pass it), and one in the base is
better placed beside modules (adjacency research, squares it would complete). Rivals count
by their points, so a mission taken from the leader counts twice.
"""
from __future__ import annotations

import random

from humanity_desktop.engine import State, legal_actions
from humanity_desktop.engine.catalogue import ADVANCED, ELECTRICITY, LAST_YEAR
from humanity_desktop.engine.flow import plan_reset
from humanity_desktop.engine.grid import neighbours
from humanity_desktop.engine.ring import overtaken
from humanity_desktop.engine.rules import apply_legal
from humanity_desktop.engine.scoring import mission_value
from humanity_desktop.engine.segment import Segment
from humanity_desktop.engine.state import ACTION, ACTIVE, BOARD, EXHAUSTED

from .fill import Filler

MODULES_PER_YEAR = 15

# Points per feature, by hand from the rules (see the module's text).
RESEARCH_CERTAINTY = 0.85  # the track's tokens are paid at the year's end; rivals may still pass
RESEARCH_PROGRESS = 0.5  # the share of the next mark's extra tokens counted for the way there
UNIT_BASIC = 0.25
UNIT_ADVANCED = 0.5  # three basics make one
UNIT_ELECTRICITY = 0.35  # pays for any basic or advanced unit
UNIT_AT_END = 0.2  # five units left make a point
PRODUCER = 2.0
TIME_MODULE = 0.5
RESEARCH_MODULE = 0.3  # its adjacency pays again as modules join it
MODULE = 1.0  # any module: squares, missions, a neighbour for the next
EXTRA_WORK = 3.0  # per work point above the start's two
OBSTACLE_POINT = 0.35  # per point of resistance left
GROUP_OF_ONE = 0.4
GROUP_OF_TWO = 0.9
BOARD_DISTANCE = 0.4  # per ring spot between an astronaut beside the board and the arm
STRANDED = 2.0  # an astronaut beside the board that the arm would not bring home at the next reset
BESIDE_MODULE = 0.12  # per module next to a base astronaut's cell
SQUARE_READY = 0.6  # per square a module on a base astronaut's cell would complete (a point)
UPGRADE_READY = 0.6  # and more if that square's three modules show at most two colours (an upgrade)
MISSION_WAY = 1.0  # a mission no one holds yet, by the square of the share of its target reached
RIVAL = 1.0


def game_left(s: State) -> float:
    """About how much of the game is still to be played, from 1 at the start to 0 at its end."""
    if s.game_over:
        return 0.0
    waiting = len(s.decks[s.year - 1]) + 0.5 * sum(1 for t in s.hangars if t is not None)
    year_left = min(1.0, waiting / MODULES_PER_YEAR)
    return max(0.0, min(1.0, ((LAST_YEAR - s.year) + year_left) / LAST_YEAR))


def research_value(s: State, p: int) -> float:
    """The science the track would pay seat p at the year's end, with part of the way to the next mark."""
    cat = s.catalogue
    research = s.players[p].research
    tokens = cat.tokens_for(research)
    behind = sum(1 for i, pl in enumerate(s.players) if i != p and pl.research < research)
    value = tokens + cat.tokens_per_player_behind[s.n] * behind
    for mark, at in cat.research_marks:
        if mark > research:
            below = max((m for m, _ in cat.research_marks if m <= research), default=0)
            value += RESEARCH_PROGRESS * (at - tokens) * (research - below) / max(1, mark - below)
            break
    return RESEARCH_CERTAINTY * value


def unit_value(produces: tuple[int, ...]) -> float:
    first = produces[0]
    if first == ELECTRICITY:
        return UNIT_ELECTRICITY
    return UNIT_ADVANCED if first in ADVANCED else UNIT_BASIC


_CORNERS = ((-1, -1), (-1, 0), (0, -1), (0, 0))  # a 2x2 square's top-left corner, from one of its cells


def site_squares(base: dict, tiles: dict, cell: tuple[int, int]) -> float:
    """What the squares a module on `cell` would complete are worth (see SQUARE_READY)."""
    x, y = cell
    value = 0.0
    for dx, dy in _CORNERS:
        cx, cy = x + dx, y + dy
        colours = set()
        for other in ((cx, cy), (cx + 1, cy), (cx, cy + 1), (cx + 1, cy + 1)):
            if other == cell:
                continue
            if other not in base:
                break
            colour = tiles[base[other][0]].colour
            if colour is None:  # an obstacle
                break
            colours.add(colour)
        else:
            value += SQUARE_READY + (UPGRADE_READY if len(colours) <= 2 else 0.0)
    return value


def tally(s: State, p: int) -> float:
    """Seat p's points, banked and in sight."""
    cat = s.catalogue
    tiles = cat.tiles
    player = s.players[p]
    value = float(player.score + player.science)
    if s.game_over:
        return value
    left = game_left(s)
    value += research_value(s, p)
    base = player.base
    for tid, stock in base.values():
        spec = tiles[tid]
        if spec.kind == "obstacle":
            value -= OBSTACLE_POINT * stock * left
            continue
        value += MODULE * left
        if spec.stores:
            value += stock * (unit_value(spec.produces) * left + UNIT_AT_END * (1.0 - left))
            if spec.work:
                value += PRODUCER * left
        elif spec.time:
            value += TIME_MODULE * left
        if spec.kind == "research":
            value += RESEARCH_MODULE * left
    advance = None
    for work, where, pos in player.astros:
        value += EXTRA_WORK * (work - 2) * left
        if where == BOARD:
            if advance is None:
                advance = plan_reset(s).advance
            value -= BOARD_DISTANCE * s.distance(pos) * left
            if not overtaken(s.arm, pos, advance):
                value -= STRANDED * left
        elif where in (ACTIVE, EXHAUSTED) and pos is not None:
            beside = sum(1 for n in neighbours(pos) if n in base and tiles[base[n][0]].kind != "obstacle")
            value += (BESIDE_MODULE * beside + site_squares(base, tiles, pos)) * left
    for i, mid in enumerate(s.missions):
        if s.holders[i] is None:
            target = cat.missions[mid].target
            share = min(1.0, mission_value(s, mid, p) / target) if target > 0 else 0.0
            value += MISSION_WAY * share * share * left
    for group in player.groups:
        size = bin(group).count("1")
        if size == 1:
            value += GROUP_OF_ONE * left
        elif size == 2:
            value += GROUP_OF_TWO * left
    return value


def worth(s: State, p: int) -> float:
    """The tally less the best rival's points."""
    rivals = [pl.score + pl.science for i, pl in enumerate(s.players) if i != p]
    return tally(s, p) - RIVAL * max(rivals, default=0)


def _after(s: State, a) -> State:
    t = s.copy()
    apply_legal(t, a)
    return t


def _best(options: list, rng: random.Random):
    """The option of the highest value, ties broken by `rng`: (value, action) pairs."""
    top = max(v for v, _ in options)
    tied = [a for v, a in options if v >= top - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def finish(s: State, seg: Segment, p: int, rng: random.Random, deep: bool = True) -> State:
    """Play `s` in place to the end of the segment by greedy choices; returns it."""
    while not seg.over(s):
        legal = legal_actions(s)
        if len(legal) == 1:
            apply_legal(s, legal[0])
            continue
        if deep and s.phase == ACTION:
            options = [(worth(finish(_after(s, a), seg, p, rng, deep=False), p), a) for a in legal]
        else:
            options = [(worth(_after(s, a), p), a) for a in legal]
        apply_legal(s, _best(options, rng))
    return s


class TallyYardstick:
    """Tries each legal action, finishes the turn greedily and keeps the best tally."""

    name = "yard-tally"
    seconds = None
    last_search = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict, legal: list, budget=None):
        if len(legal) == 1:
            return legal[0]
        seat = int(view["seat"])
        seg = Segment.of_view(view)
        s = Filler(view).sample(self.rng)
        options = []
        for a in legal:
            if options and budget is not None and budget.expired():
                break
            end = finish(_after(s, a), seg, seat, self.rng)
            options.append((worth(end, seat), a))
        return _best(options, self.rng)


__all__ = ["TallyYardstick", "finish", "game_left", "tally", "worth"]
