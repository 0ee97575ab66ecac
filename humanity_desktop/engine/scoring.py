"""Points, research, time units and missions: the small effects many rules share."""
from __future__ import annotations

from . import grid
from .events import VP, MissionTaken, Research, Time
from .ring import clockwise, distance
from .state import BOARD, State

MISSION_VP = 3
SIDE_BITS = {"left": 1, "center": 2, "right": 4}  # an experiment group is a bitmask of its sides


def gain_vp(s: State, p: int, amount: int, source: str, ev: list) -> None:
    s.writable(p).ledger[source] += amount
    ev.append(VP(p, amount, source))


def join_group(groups: list[int], side: str) -> int:
    """File an experiment of `side` in the fullest group that lacks that side (a new group if
    none does); returns the points that scores, the size of the group it joined. Joining the
    fullest scores most now (see docs/rules-interpretation.md)."""
    bit = SIDE_BITS[side]
    open_groups = [i for i, g in enumerate(groups) if not g & bit]
    if not open_groups:
        groups.append(bit)
        return 0
    best = max(open_groups, key=lambda i: bin(groups[i]).count("1"))
    points = bin(groups[best]).count("1")
    groups[best] |= bit
    return points


def gain_research(s: State, p: int, amount: int, source: str, ev: list) -> None:
    player = s.writable(p)
    before = player.research
    player.research = min(s.catalogue.research_cap, before + amount)  # gains past the cap are lost
    ev.append(Research(p, player.research - before, source))


def move_time(s: State, p: int, units: int, ev: list) -> None:
    """Each of the player's astronauts beside the board moves `units` spots toward the arm,
    never past it."""
    astros = s.writable(p).astros
    arm = s.arm
    moved = 0
    for i, (w, where, space) in enumerate(astros):
        if where == BOARD:
            d = distance(arm, space)
            nd = max(0, d - units)
            if nd != d:
                astros[i] = (w, BOARD, clockwise(arm, nd))
                moved += 1
    ev.append(Time(p, units, moved))


def mission_value(s: State, mission: str, p: int) -> int:
    cat = s.catalogue
    player = s.players[p]
    return grid.remembered_measure(cat.missions[mission], player.base, player.experiments, cat,
                                   grid.layout_key(player.base))


def check_missions(s: State, p: int, ev: list) -> None:
    """After a player's action: take a mission first reached, or one now done strictly better."""
    cat = s.catalogue
    player = s.players[p]
    layout = grid.layout_key(player.base)
    for i, mid in enumerate(s.missions):
        holder = s.holders[i]
        if holder == p:
            continue  # a mission the seat holds already: nothing it does changes that
        spec = cat.missions[mid]
        value = grid.remembered_measure(spec, player.base, player.experiments, cat, layout)
        if value < spec.target:
            continue
        if holder is None:
            s.holders[i] = p
            s.writable(p).science += 1
            ev.append(MissionTaken(p, mid, value, True))
            gain_vp(s, p, MISSION_VP, "mission", ev)
        elif value > mission_value(s, mid, holder):
            s.holders[i] = p
            ev.append(MissionTaken(p, mid, value, False, holder))
            gain_vp(s, p, MISSION_VP, "mission", ev)
            gain_vp(s, holder, -MISSION_VP, "mission_lost", ev)
