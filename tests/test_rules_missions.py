"""Step 2. Mission check, and the 18 missions (rulebook p. 12 and p. 16)."""
from itertools import combinations

import pytest

from builders import (
    CAT, A, bank, deploy, experiments_where, fresh, give_turn, of_type, pass_turn, plain_module,
    play, put, set_missions, solo_base, vp_by,
)
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.catalogue import RES, RESOURCES
from humanity_desktop.engine.events import MissionTaken

O, B, G, P = (plain_module(c) for c in ("orange", "blue", "green", "purple"))
OBSTACLE = next(t for t, s in CAT.tiles.items() if s.kind == "obstacle")
FILLER = ("C4", "C5", "C6")  # missions nobody reaches without experiments


def base_with(cells: dict, seat=0, s=None):
    s = s or fresh(2)
    solo_base(s, seat)
    for c, t in cells.items():
        put(s, seat, c, t)
    return s


def check(s, seat, mission):
    """Run the mission check for `seat` through a turn (work, nothing activated)."""
    if mission not in s.missions:
        others = [m for m in FILLER if m != mission][:2]
        set_missions(s, [mission] + others)
    give_turn(s, seat)
    w, where, pos = s.players[seat].astros[0]
    if where == "exhausted":
        s.players[seat].astros[0] = (w, "active", pos)
    return pass_turn(s, 0)


def taken(s, mission):
    return s.holders[s.missions.index(mission)]


def line(start, step, tiles):
    (x, y), (dx, dy) = start, step
    return {(x + i * dx, y + i * dy): t for i, t in enumerate(tiles)}


def scatter(tiles):
    """Modules far apart: no adjacency of any kind."""
    return {(3 * i, 0): t for i, t in enumerate(tiles)}


# ---- boards for each module mission: (reaches the target, falls one short or near miss)
BOARDS = {
    # A1-A2: modules linked side to side; a near miss has its last module touching at a corner
    "A1": ({(0, 0): O, (1, 0): O, (1, 1): O, (1, 2): O},
           {(0, 0): O, (1, 0): O, (1, 1): O, (2, 2): O}),
    "A2": ({(0, 0): B, (1, 0): B, (1, 1): B},
           {(0, 0): B, (1, 0): B, (2, 1): B}),
    # A3: corners link purple modules too; a near miss leaves a gap
    "A3": ({(0, 0): P, (1, 0): P, (2, 1): P},
           {(0, 0): P, (1, 0): P, (3, 1): P}),
    # A4-A6: anywhere in the base
    "A4": (scatter([O] * 6), scatter([O] * 5 + [B, B])),
    "A5": (scatter([B] * 4), scatter([B] * 3 + [O, O])),
    "A6": (scatter([P] * 3), scatter([P] * 2 + [O, O])),
    # B1-B3: lines of any colours
    "B1": (line((0, 0), (0, 1), [O, B, G, P]),
           {**line((0, 0), (0, 1), [O, B, G]), **line((5, 0), (1, 0), [O, O, O, O])}),
    "B2": (line((0, 0), (1, 0), [O, B, G, P, O]),
           {**line((0, 0), (1, 0), [O, B, G, P]), **line((0, 5), (0, 1), [O] * 5)}),
    "B3": (line((0, 0), (1, 1), [O, B, G, P]),
           {**line((0, 0), (1, 1), [O, B, G]), **line((5, 0), (1, 0), [O] * 5)}),
    # B4-B6: lines of one colour
    "B4": (line((0, 0), (0, 1), [B, B, B]),
           {**line((0, 0), (0, 1), [B, B, O, B]), **line((5, 0), (1, 0), [B, B, B])}),
    "B5": (line((0, 0), (1, 0), [P, P, P]),
           {**line((0, 0), (1, 0), [P, P, O]), **line((5, 0), (0, 1), [P, P, P])}),
    "B6": (line((0, 0), (1, 1), [G, G, G]),
           {**line((0, 0), (1, 1), [G, G, O]), **line((5, 0), (1, 0), [G, O, G])}),
}


@pytest.mark.parametrize("mission", sorted(BOARDS))
def test_module_mission_reached(mission):
    s = base_with(BOARDS[mission][0])
    ev = check(s, 0, mission)
    assert taken(s, mission) == 0
    assert vp_by(ev, "mission", 0) == 3


@pytest.mark.parametrize("mission", sorted(BOARDS))
def test_module_mission_not_reached(mission):
    s = base_with(BOARDS[mission][1])
    ev = check(s, 0, mission)
    assert taken(s, mission) is None
    assert vp_by(ev, "mission") == 0


@pytest.mark.parametrize("mission,step", [("B3", (1, -1)), ("B6", (1, -1)), ("B3", (-1, 1))])
def test_diagonal_lines_count_in_both_directions(mission, step):
    tiles = [O, B, G, P] if mission == "B3" else [P, P, P]
    s = base_with(line((0, 0), step, tiles))
    check(s, 0, mission)
    assert taken(s, mission) == 0


@pytest.mark.parametrize("mission,colour,diagonal", [("A1", O, False), ("A2", B, False), ("A3", P, True)])
def test_a_chain_through_a_corner_counts_only_for_the_purple_cluster(mission, colour, diagonal):
    # A1/A2: linked side to side only. A3: "diagonals allowed", mixed with side links in one chain.
    n = CAT.missions[mission].target
    cells = [(0, 0), (1, 0), (2, 1), (2, 2)][:n]  # one corner link, the rest side by side
    s = base_with({c: colour for c in cells})
    check(s, 0, mission)
    assert taken(s, mission) == (0 if diagonal else None)


def test_an_obstacle_breaks_a_line_it_is_not_a_module():
    s = base_with({(0, 0): O, (0, 1): B, (0, 2): OBSTACLE, (0, 3): G, (0, 4): P})
    check(s, 0, "B1")
    assert taken(s, "B1") is None


def test_greenhouses_count_for_lines_of_any_colour_and_same_colour():
    gh = sorted(t for t, sp in CAT.tiles.items() if sp.kind == "greenhouse" and sp.shape != "wild")
    s = base_with(line((0, 0), (1, 0), gh[:3]))
    check(s, 0, "B5")
    assert taken(s, "B5") == 0


# ---- experiment missions

def pictograms(eid, resources):
    return sum(n for r, n in CAT.experiments[eid].cost if r in resources)


def experiments_totalling(resources, total, size=4):
    pool = sorted(CAT.experiments)
    for k in range(1, size + 1):
        for combo in combinations(pool, k):
            if sum(pictograms(e, resources) for e in combo) == total:
                return list(combo)
    raise AssertionError("no combination")


@pytest.mark.parametrize("mission", ["C1", "C2", "C3"])
def test_pictogram_missions_count_every_symbol_on_the_experiments_done(mission):
    spec = CAT.missions[mission]
    for total, holder in ((spec.target - 1, None), (spec.target, 0)):
        s = fresh(2)
        set_missions(s, [mission, "A4", "B2"])  # the others: beyond the starting base
        s.players[0].experiments = experiments_totalling(spec.resources, total)
        ev = check(s, 0, mission)
        assert taken(s, mission) == holder
        assert vp_by(ev, "mission", 0) == (3 if holder == 0 else 0)


def test_pictogram_missions_count_basic_and_advanced_of_one_family():
    # C1 counts ice and oxygen pictograms together
    ice_only = [e for e in CAT.experiments if pictograms(e, (RES["ice"],)) and not pictograms(e, (RES["oxygen"],))]
    oxy = [e for e in CAT.experiments if pictograms(e, (RES["oxygen"],))]
    combo = None
    for a in ice_only:
        for b in oxy:
            for c in ice_only + oxy:
                if len({a, b, c}) == 3 and sum(pictograms(e, CAT.missions["C1"].resources) for e in (a, b, c)) >= 4:
                    combo = [a, b, c]
                    break
            if combo:
                break
        if combo:
            break
    assert combo
    s = fresh(2)
    s.players[0].experiments = combo
    check(s, 0, "C1")
    assert taken(s, "C1") == 0


@pytest.mark.parametrize("mission,side", [("C4", "left"), ("C5", "center"), ("C6", "right")])
def test_side_missions_need_three_experiments_from_that_side(mission, side):
    same = experiments_where(side=side)
    other = [e for e in CAT.experiments if CAT.experiments[e].side != side]
    s = fresh(2)
    s.players[0].experiments = same[:2] + other[:4]
    check(s, 0, mission)
    assert taken(s, mission) is None
    s.players[0].experiments = same[:3]
    check(s, 0, mission)
    assert taken(s, mission) == 0


# ---- taking and stealing

def test_first_to_complete_takes_the_tile_a_science_token_and_three_points():
    s = base_with(scatter([O] * 6))
    ev = check(s, 0, "A4")
    p = s.players[0]
    assert taken(s, "A4") == 0
    assert p.science == 1
    assert p.ledger["mission"] == 3
    e = of_type(ev, MissionTaken)[0]
    assert e.player == 0 and e.first is True and e.value == 6


def test_the_check_follows_any_action_here_a_deploy():
    s = base_with(scatter([O] * 5))
    set_missions(s, ["A4", "C4", "C5"])
    s.players[0].astros[0] = (2, "active", (50, 50))
    s.hangars[2] = O
    for r, n in CAT.tiles[O].cost:
        bank(s, 0, RESOURCES[r], n)
    ev = deploy(s, 0, 3)
    assert taken(s, "A4") == 0 and vp_by(ev, "mission", 0) == 3


def test_doing_as_well_as_the_holder_does_not_steal():
    s = base_with(scatter([O] * 6))
    check(s, 0, "A4")
    base_with(scatter([O] * 6), seat=1, s=s)
    ev = check(s, 1, "A4")
    assert taken(s, "A4") == 0
    assert vp_by(ev, "mission") == 0 and vp_by(ev, "mission_lost") == 0
    assert s.players[1].science == 0


def test_doing_strictly_better_steals_the_tile_plus_three_minus_three():
    s = base_with(scatter([O] * 6))
    check(s, 0, "A4")
    base_with(scatter([O] * 7), seat=1, s=s)
    ev = check(s, 1, "A4")
    assert taken(s, "A4") == 1
    assert vp_by(ev, "mission", 1) == 3
    assert vp_by(ev, "mission_lost", 0) == -3
    assert s.players[0].score == 0 and s.players[1].score == 3
    # the first taker keeps the science token; the thief gets none
    assert s.players[0].science == 1 and s.players[1].science == 0
    e = of_type(ev, MissionTaken)[0]
    assert e.first is False and e.from_ == 0


def test_a_steal_played_on_a_fork_leaves_the_state_it_came_from_as_it_was():
    """The seat robbed is not the one playing, so it is shared with the state forked from
    until the steal changes it (State.fork)."""
    s = base_with(scatter([O] * 6))
    check(s, 0, "A4")
    base_with(scatter([O] * 7), seat=1, s=s)
    give_turn(s, 1)
    before = s.to_json()
    fork = s.fork()
    play(fork, A("select_astronaut", 0), A("work"))
    while fork.phase == "work" and fork.current == 1:
        play(fork, legal_actions(fork)[0])
    assert taken(fork, "A4") == 1 and fork.players[0].ledger["mission_lost"] == -3
    assert s.to_json() == before


def test_the_tile_passes_again_every_time_the_objective_is_exceeded():
    s = base_with(scatter([O] * 6))
    check(s, 0, "A4")
    base_with(scatter([O] * 7), seat=1, s=s)
    check(s, 1, "A4")
    base_with(scatter([O] * 8), seat=0, s=s)
    ev = check(s, 0, "A4")
    assert taken(s, "A4") == 0
    assert s.players[0].ledger["mission"] == 6 and s.players[0].ledger["mission_lost"] == -3
    assert s.players[1].ledger["mission"] == 3 and s.players[1].ledger["mission_lost"] == -3
    assert vp_by(ev, "mission_lost", 1) == -3


def test_the_holder_doing_better_gains_nothing_more():
    s = base_with(scatter([O] * 6))
    check(s, 0, "A4")
    base_with(scatter([O] * 9), seat=0, s=s)
    ev = check(s, 0, "A4")
    assert taken(s, "A4") == 0 and vp_by(ev) == 0
    assert s.players[0].science == 1 and s.players[0].ledger["mission"] == 3


def test_only_the_acting_player_is_checked():
    s = base_with(scatter([O] * 6), seat=1)
    check(s, 0, "A4")
    assert taken(s, "A4") is None
    check(s, 1, "A4")
    assert taken(s, "A4") == 1


def test_drones_and_communication_faces_count_as_their_colour():
    blue_drone = next(t for t, sp in CAT.tiles.items() if sp.kind == "drone" and sp.colour == "blue")
    blue_face = next(t for t, sp in CAT.tiles.items() if sp.kind == "communication" and sp.colour == "blue")
    s = base_with(scatter([B, B, blue_drone, blue_face]))
    check(s, 0, "A5")
    assert taken(s, "A5") == 0


def test_greenhouses_do_not_count_for_colour_missions():
    s = base_with(scatter([O] * 5 + [G, G]))
    check(s, 0, "A4")
    assert taken(s, "A4") is None


def test_remembered_measures_are_the_measures_whatever_the_order_and_the_memo_stays_bounded(monkeypatch):
    """Measures remembered by layout (grid.remembered_measure) equal the measures taken afresh,
    for every mission and seat over random games, for a base whatever order its cells came in,
    while the memo is cleared over and over at a small limit."""
    import random

    from humanity_desktop.engine import apply_action, grid, legal_actions, new_game

    monkeypatch.setattr(grid, "MEASURE_MEMO_LIMIT", 50)
    compared = 0
    for seed in range(6):
        s, rng = new_game(2 + seed % 3, seed), random.Random(seed)
        cat = s.catalogue
        while not s.game_over:
            for player in s.players:
                shuffled = list(player.base.items())
                rng.shuffle(shuffled)
                for base in (player.base, dict(shuffled)):
                    for mid in cat.missions:
                        spec = cat.missions[mid]
                        fresh_value = grid.mission_measure(spec, base, player.experiments, cat)
                        assert grid.remembered_measure(spec, base, player.experiments, cat,
                                                       grid.layout_key(base)) == fresh_value
                        compared += 1
                assert len(cat.module_measures) <= grid.MEASURE_MEMO_LIMIT
            apply_action(s, rng.choice(legal_actions(s)))
    assert compared > 10_000
