"""Game setup (rulebook: Game setup, steps 1-8; the published board and starting base)."""
import pytest

from builders import CAT, fresh
from humanity_desktop.engine.catalogue import RESOURCES
from humanity_desktop.engine import legal_actions, new_game
from humanity_desktop.engine import grid
from humanity_desktop.engine.ring import RING
from humanity_desktop.engine.state import ACTIVE, BOARD, TURN


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players(n):
    s = new_game(n, 1)
    assert s.n == n and len(s.players) == n


@pytest.mark.parametrize("n", [0, 1, 5])
def test_other_player_counts_are_refused(n):
    with pytest.raises(ValueError):
        new_game(n, 1)


def test_the_seed_must_be_an_integer():
    with pytest.raises(ValueError):
        new_game(2, "7")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_base_has_four_starting_modules_and_three_obstacles_as_shown(n):
    s = fresh(n)
    expected = {cell: (tid, stock) for cell, tid, stock in CAT.start_tiles}
    for p in s.players:
        assert p.base == expected
        kinds = [CAT.tiles[t].kind for t, _ in p.base.values()]
        assert kinds.count("obstacle") == 3
        assert len([k for k in kinds if k != "obstacle"]) == 4
        # an obstacle's stock is its resistance
        for tid, st in p.base.values():
            if CAT.tiles[tid].kind == "obstacle":
                assert st == CAT.tiles[tid].max_stock


def test_starting_obstacles_all_have_resistance_three():
    s = fresh(2)
    res = sorted(st for tid, st in s.players[0].base.values() if CAT.tiles[tid].kind == "obstacle")
    assert res == [3, 3, 3]


def test_the_published_starting_layout():
    # astronaut, obstacle, astronaut / ice, electricity, methane / obstacle, insect, obstacle
    s = fresh(2)
    p = s.players[0]
    made = {cell: RESOURCES[CAT.tiles[t].produces[0]] for cell, (t, _) in p.base.items() if CAT.tiles[t].produces}
    assert made == {(-1, 0): "ice", (0, 0): "electricity", (1, 0): "methane", (0, 1): "insect"}
    assert {c for c, (t, _) in p.base.items() if CAT.tiles[t].kind == "obstacle"} == {(-1, 1), (0, -1), (1, 1)}
    assert sorted(a[2] for a in p.astros if a[1] == ACTIVE) == [(-1, -1), (1, -1)]
    power = CAT.tiles[p.base[(0, 0)][0]]
    assert power.colour == "blue" and power.work == 2
    assert all(CAT.tiles[p.base[c][0]].colour == "orange" and CAT.tiles[p.base[c][0]].work == 1
               for c in ((-1, 0), (1, 0), (0, 1)))


def test_the_four_starting_modules_produce_the_three_basics_and_electricity():
    s = fresh(2)
    produced = sorted(
        CAT.tiles[t].produces for t, _ in s.players[0].base.values() if CAT.tiles[t].kind != "obstacle"
    )
    assert produced == [(0,), (1,), (2,), (6,)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_astronauts_in_the_base_facing_the_player_with_work_two(n):
    s = fresh(n)
    for p in s.players:
        assert len(p.astros) == 3
        in_base = [a for a in p.astros if a[1] == ACTIVE]
        assert len(in_base) == 2
        assert sorted(a[2] for a in in_base) == sorted(CAT.start_astronauts)
        assert all(w == 2 for w, _, _ in p.astros)
        for _, _, cell in in_base:
            assert cell not in p.base


@pytest.mark.parametrize("n", [2, 3, 4])
def test_third_astronaut_beside_the_board_later_seats_nearer_the_arm(n):
    s = fresh(n)
    distances = []
    for p in s.players:
        boards = [a for a in p.astros if a[1] == BOARD]
        assert len(boards) == 1
        distances.append(s.distance(boards[0][2]))
    assert distances == list(CAT.third_astronaut_spot[n])
    assert distances == sorted(distances, reverse=True) and len(set(distances)) == n
    assert all(0 < d < RING for d in distances)


@pytest.mark.parametrize("n,spots", [(4, [7, 6, 5, 4]), (3, [6, 5, 4]), (2, [5, 4])])
def test_published_third_astronaut_spots_the_last_seat_opposite_the_arm(n, spots):
    s = fresh(n)
    assert [p.astros[2] for p in s.players] == [(2, BOARD, spot) for spot in spots]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seven_year_one_modules_on_the_hangars_rest_in_the_decks(n):
    s = fresh(n, seed=5)
    assert len(s.hangars) == 7 and all(t is not None for t in s.hangars)
    assert all(CAT.tiles[t].year == 1 for t in s.hangars)
    assert sorted(s.hangars + s.decks[0]) == sorted(CAT.modules_by_year[1])
    assert sorted(s.decks[1]) == sorted(CAT.modules_by_year[2])
    assert sorted(s.decks[2]) == sorted(CAT.modules_by_year[3])
    assert len(s.decks[0]) == len(CAT.modules_by_year[1]) - 7


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seven_year_one_experiments_on_the_wheel(n):
    s = fresh(n, seed=5)
    assert len(s.wheel) == 7 and len(set(s.wheel)) == 7
    assert all(CAT.experiments[e].year == 1 for e in s.wheel)
    assert sorted(s.wheel + s.exp_decks[0]) == sorted(CAT.experiments_by_year[1])
    assert sorted(s.exp_decks[1]) == sorted(CAT.experiments_by_year[2])
    assert sorted(s.exp_decks[2]) == sorted(CAT.experiments_by_year[3])


def test_catalogue_counts_follow_the_component_list():
    assert [len(CAT.modules_by_year[y]) for y in (1, 2, 3)] == [15, 15, 15]
    assert [len(CAT.experiments_by_year[y]) for y in (1, 2, 3)] == [9, 9, 9]
    assert sum(CAT.tiles[m].kind == "communication" for m in CAT.deck_modules) == 5
    assert {t: len(ids) for t, ids in CAT.missions_by_type.items()} == {"A": 6, "B": 6, "C": 6}


@pytest.mark.parametrize("seed", range(6))
def test_one_mission_of_each_type_none_taken(seed):
    s = fresh(3, seed)
    assert [CAT.missions[m].type for m in s.missions] == ["A", "B", "C"]
    assert s.holders == [None, None, None]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tracks_at_start_and_first_player_holds_the_patch(n):
    s = fresh(n)
    assert s.year == 1 and s.round == 1
    assert s.arm == 0
    assert s.patch == 0 and s.current == 0 and s.phase == TURN
    for p in s.players:
        assert p.research == 0 and p.science == 0 and p.score == 0
        assert p.experiments == [] and p.groups == []


def test_first_player_starts_by_choosing_one_of_their_base_astronauts():
    s = fresh(3)
    acts = legal_actions(s)
    assert {a.kind for a in acts} == {"select_astronaut"}
    assert sorted(a.astronaut for a in acts) == [0, 1]


def test_starting_base_fulfils_no_mission_and_has_no_square():
    s = fresh(2)
    p = s.players[0]
    for mid, m in CAT.missions.items():
        assert grid.mission_measure(m, p.base, [], CAT) < m.target, mid
    colours = grid.module_colours(p.base, CAT)
    for cell in colours:
        assert grid.squares_completed(colours, cell) == []


def test_starting_modules_hold_one_unit_each():
    s = fresh(2)
    for tid, st in s.players[0].base.values():
        if CAT.tiles[tid].kind != "obstacle":
            assert st == 1
