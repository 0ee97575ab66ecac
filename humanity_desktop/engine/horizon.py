"""How far a game can still go from a position: the most that the rest of it can add to each
counter that grows in play, worked out from what is left to play (the cards in the decks,
the hangars and the wheel, the astronauts, the missions).

Each bound only ever shrinks by at least what play adds to its counter, so a position whose
counters plus these bounds lie inside their ranges (engine/ranges.py) is played to its end
without leaving them: `problem` says which counter could not. tests/test_horizon.py plays
games and checks that the bounds hold.
"""
from __future__ import annotations

from functools import lru_cache

from ..language import N_
from . import grid
from .catalogue import LAST_YEAR, Catalogue, load
from .errors import Why, because
from .flow import LEFTOVERS_PER_VP
from .ranges import BASE_TILES, COORD, POINTS, ROUND_NUMBER, SCIENCE, TURN_NUMBER, UPGRADES
from .ring import WHITE_CROSSES
from .scoring import MISSION_VP, mission_value
from .state import ACTIVE, ASTRONAUTS, EXHAUSTED, OVER, RETURNING, UPGRADE, State, ledger_span


def rounds_left(s: State) -> int:
    """Resets still to come. A reset takes at least one card per white cross from the year's
    deck, or ends the year."""
    if s.phase == OVER:
        return 0
    return sum(len(s.decks[y - 1]) // len(WHITE_CROSSES) + 1 for y in range(s.year, LAST_YEAR + 1))


def turns_left(s: State) -> int:
    """Turns still to come. Each turn takes an astronaut that can act (active, or coming home to
    be placed) out of play until a reset or an experiment that wakes its owner's astronauts;
    both are bounded, and each brings back at most a whole table of astronauts."""
    if s.phase == OVER:
        return 0
    cat = load()
    ready = sum(1 for p in s.players for _, where, _ in p.astros if where in (ACTIVE, RETURNING))
    wakes = sum(1 for deck in s.exp_decks for e in deck if cat.experiments[e].effect == "reactivate")
    wakes += sum(1 for e in s.wheel if e is not None and cat.experiments[e].effect == "reactivate")
    # In the upgrade phase the acting astronaut has left its base but its turn has not ended.
    return ready + (s.phase == UPGRADE) + ASTRONAUTS * s.n * (rounds_left(s) + wakes)


def modules_to_come(s: State) -> int:
    """Deck modules that may still be deployed: those in the decks and the hangars."""
    return sum(map(len, s.decks)) + sum(1 for m in s.hangars if m is not None)


def experiments_to_come(s: State) -> int:
    return sum(map(len, s.exp_decks)) + sum(1 for e in s.wheel if e is not None)


def science_to_come(s: State) -> int:
    """Science tokens any one seat may still gain: the research track's at each year's end,
    and one for each mission nobody has taken yet."""
    if s.phase == OVER:
        return 0
    cat = load()
    per_year = cat.tokens_for(cat.research_cap) + cat.tokens_per_player_behind[s.n] * (s.n - 1)
    return (LAST_YEAR - s.year + 1) * per_year + s.holders.count(None)


def mission_changes_left(s: State) -> int:
    """Times a mission may still be taken or taken over. Taking one over needs more than its
    holder has, and no measure falls in play, so each change raises the holder's measure."""
    cat = load()
    changes = 0
    for mid, holder in zip(s.missions, s.holders):
        spec = cat.missions[mid]
        reached = spec.target - 1 if holder is None else mission_value(s, mid, holder)
        changes += max(0, _measure_bound(spec.id) - reached)
    return changes


def points_to_come(s: State) -> tuple[int, int]:
    """(most gained, most lost): the points any one seat's ledger may still move by."""
    if s.phase == OVER:
        return 0, 0
    cat = load()
    changes = mission_changes_left(s)
    per_module = UPGRADES.hi + grid.MAX_GREENHOUSES + max(t.vp for t in cat.tiles.values())
    per_experiment = 2 + max(e.vp for e in cat.experiments.values())  # a group's new side scores at most 2
    science = max(p.science for p in s.players) + science_to_come(s)
    leftovers = BASE_TILES.hi * max(t.max_stock for t in cat.tiles.values() if t.stores) // LEFTOVERS_PER_VP
    gained = (per_module * modules_to_come(s) + per_experiment * experiments_to_come(s)
              + MISSION_VP * changes + science + leftovers)
    return gained, MISSION_VP * changes


def extent(player) -> int:
    """How far from (0, 0) a base reaches along x or y: its farthest tile, or one short of its
    farthest astronaut (where a module may go next)."""
    tiles = max((max(abs(x), abs(y)) for x, y in player.base), default=0)
    standing = max((max(abs(pos[0]), abs(pos[1])) - 1 for _, where, pos in player.astros
                    if where in (ACTIVE, EXHAUSTED)), default=0)
    return max(tiles, standing)


def problem(s: State) -> Why | None:
    """Which counter the rest of the game could push out of its range (None if none could)."""
    rounds, turns = rounds_left(s), turns_left(s)
    passing = N_("{field}: {value} and up to {more} more could pass {most}")
    if s.round + rounds > ROUND_NUMBER.hi:
        return because(passing, field="round", value=s.round, more=rounds, most=ROUND_NUMBER.hi)
    if s.turn + turns > TURN_NUMBER.hi:
        return because(passing, field="turn", value=s.turn, more=turns, most=TURN_NUMBER.hi)
    gained, lost = points_to_come(s)
    science, modules = science_to_come(s), modules_to_come(s)
    for i, p in enumerate(s.players):
        path = f"seats[{i}]"
        # Points won only rise and points lost only fall; the score never falls below what the
        # seat's missions won, so only its rise can leave the range.
        for what, value, span in [*((f"ledger.{k}", v, ledger_span(k)) for k, v in p.ledger.items()),
                                  ("score", p.score, POINTS)]:
            moved = value - lost if span.lo < 0 else value + gained
            if not span.holds(moved):
                return because(N_("{field}: {value} could move by {change} in the rest of the game, "
                                  "out of its range from {least} to {most}"),
                               field=f"{path}.{what}", value=value, change=lost if span.lo < 0 else gained,
                               least=span.lo, most=span.hi)
        if p.science + science > SCIENCE.hi:
            return because(passing, field=f"{path}.science", value=p.science, more=science, most=SCIENCE.hi)
        if len(p.base) + modules > BASE_TILES.hi:
            return because(N_("{field}: {value} tiles and up to {more} more could pass {most}"),
                           field=f"{path}.base", value=len(p.base), more=modules, most=BASE_TILES.hi)
        # A module goes where an astronaut stands, next to a module: a base reaches one cell further per module.
        if extent(p) + 1 + modules > COORD.hi:
            return because(N_("{field}: it reaches {value} cells from the centre and could grow {more} further, "
                              "past {most}"), field=f"{path}.base", value=extent(p), more=modules + 1, most=COORD.hi)
    return None


@lru_cache(maxsize=None)
def _measure_bound(mission: str) -> int:
    """The most a mission's measure can be: modules on a base, or what the experiments hold."""
    cat: Catalogue = load()
    spec = cat.missions[mission]
    if spec.measure == "pictograms":
        return sum(n for e in cat.experiments.values() for r, n in e.cost if r in spec.resources)
    if spec.measure == "experiment_side":
        return sum(1 for e in cat.experiments.values() if e.side == spec.side)
    return BASE_TILES.hi
