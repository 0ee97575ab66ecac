"""B. Deploy a Module: placement, research, communication, drones, greenhouses, squares and
upgrades (rulebook pp. 8-11 and the tile details)."""
import pytest

from builders import (
    A, CAT, bank, deploy, fresh, pay_all, module_where, modules_where, of_type, on_ring, plain_greenhouse,
    plain_module, play, put, quiet_missions, refused, research_by, set_astronaut, solo_base, vp_by,
)
from builders import ready_to_deploy as position
from humanity_desktop.engine import legal_actions
from humanity_desktop.engine.catalogue import ANY, RESOURCES
from humanity_desktop.engine.events import ModuleDeployed, UpgradesEarned
from humanity_desktop.engine.state import ACTIVE, BOARD, COLOUR, EXHAUSTED, SHAPE, TURN, UPGRADE

ORANGE, BLUE, GREEN, PURPLE = (plain_module(c) for c in ("orange", "blue", "green", "purple"))
OBSTACLE = next(t for t, s in CAT.tiles.items() if s.kind == "obstacle")


def research_mod(pred):
    return module_where(kind="research", pred=pred)


# ---------------------------------------------------------------- placement

def test_the_module_lands_exactly_where_the_astronaut_stood():
    s = position(ORANGE, cell=(4, 4), base={(4, 3): BLUE})
    ev = deploy(s, 0, 3)
    p = s.players[0]
    assert p.base[(4, 4)][0] == ORANGE
    assert of_type(ev, ModuleDeployed)[0].cell == (4, 4)
    assert s.hangars[2] is None


@pytest.mark.parametrize("tid", modules_where(kind="production", time=False))
def test_a_new_producer_arrives_with_one_unit_in_stock(tid):
    s = position(tid, cell=(4, 4))
    deploy(s, 0, 3)
    assert s.players[0].base[(4, 4)] == (tid, 1)


@pytest.mark.parametrize("tid", modules_where(pred=lambda t: not t.stores))
def test_a_tile_that_stores_nothing_arrives_empty(tid):
    s = position(tid, cell=(4, 4))
    deploy(s, 0, 3, colour="blue" if CAT.tiles[tid].face else None,
           shape="round" if CAT.tiles[tid].shape == "wild" else None)
    assert s.players[0].base[(4, 4)][1] == 0


@pytest.mark.parametrize("slot", range(1, 8))
def test_the_astronaut_goes_beside_the_board_in_front_of_the_chosen_module(slot):
    s = position(ORANGE, slot=slot)
    s.arm = 5
    deploy(s, 0, slot)
    w, where, spot = s.players[0].astros[0]
    assert where == BOARD and spot == (5 + slot) % 8
    assert s.distance(spot) == slot


def test_an_astronaut_beside_the_board_is_no_longer_active():
    s = position(ORANGE)
    deploy(s, 0, 3)
    s.current = 0
    refused(s, A("select_astronaut", 0), rule="Choosing an astronaut")


def test_a_module_can_be_chosen_even_with_another_astronaut_in_front_of_it():
    s = position(ORANGE, slot=3)
    set_astronaut(s, 1, 2, where=BOARD, pos=on_ring(s, 3))
    deploy(s, 0, 3)
    assert s.players[0].astros[0][2] == s.players[1].astros[2][2] == on_ring(s, 3)


def test_deploying_is_one_action_then_the_next_player():
    s = position(ORANGE)
    deploy(s, 0, 3)
    assert s.phase == TURN and s.current == 1


# ---------------------------------------------------------------- immediate gains

def test_research_module_alone_gives_its_printed_research():
    rid = research_mod(lambda s: True)
    s = position(rid, cell=(0, 0))
    ev = deploy(s, 0, 3)
    assert s.players[0].research == CAT.tiles[rid].research
    assert research_by(ev, 0) == CAT.tiles[rid].research


@pytest.mark.parametrize("rid", modules_where(kind="research"))
def test_research_module_earns_for_each_orthogonally_adjacent_module_of_the_colours_shown(rid):
    spec = CAT.tiles[rid]
    adj = dict(spec.adjacency)
    neighbours = {(1, 0): ORANGE, (-1, 0): BLUE, (0, 1): GREEN, (0, -1): PURPLE}
    s = position(rid, cell=(0, 0), base={**neighbours, (1, 1): ORANGE, (-1, -1): BLUE})  # + diagonals
    deploy(s, 0, 3)
    expected = spec.research + sum(adj.get(CAT.tiles[t].colour, adj.get(ANY, 0)) for t in neighbours.values())
    assert s.players[0].research == expected


@pytest.mark.parametrize("rid", modules_where(kind="research", pred=lambda t: dict(t.adjacency).get(ANY)))
def test_an_any_colour_research_module_counts_every_adjacent_module_but_not_obstacles(rid):
    k = dict(CAT.tiles[rid].adjacency)[ANY]
    base = {(1, 0): ORANGE, (-1, 0): GREEN, (0, 1): OBSTACLE, (1, 1): BLUE}  # + a diagonal
    s = position(rid, cell=(0, 0), base=base)
    deploy(s, 0, 3)
    assert s.players[0].research == CAT.tiles[rid].research + 2 * k
    # and it pays again for any module later deployed next to it
    t = position(BLUE, cell=(0, 1), base={(0, 0): rid})
    assert research_by(deploy(t, 0, 3), 0) == k


def test_rulebook_research_example_shape_printed_plus_per_matching_neighbour():
    # "2 research points plus 3 research points for each adjacent (orange) Module": the rule
    # is printed value + bonus x matching neighbours; obstacles and diagonals do not count.
    rid = research_mod(lambda s: dict(s.adjacency).get("orange", 0) > 0)
    k = dict(CAT.tiles[rid].adjacency)["orange"]
    base = {(1, 0): ORANGE, (-1, 0): ORANGE, (0, 1): OBSTACLE, (1, 1): ORANGE}
    s = position(rid, cell=(0, 0), base=base)
    deploy(s, 0, 3)
    assert s.players[0].research == CAT.tiles[rid].research + 2 * k


def test_research_module_earns_later_when_a_module_of_its_colour_is_deployed_next_to_it():
    rid = research_mod(lambda s: dict(s.adjacency).get("orange", 0) > 0)
    k = dict(CAT.tiles[rid].adjacency)["orange"]
    s = position(ORANGE, cell=(1, 0), base={(0, 0): rid})
    ev = deploy(s, 0, 3)
    assert research_by(ev, 0) == k
    assert s.players[0].research == k


def test_a_later_module_of_another_colour_earns_nothing_from_the_research_module():
    rid = research_mod(lambda s: "green" not in dict(s.adjacency))
    s = position(plain_greenhouse("round"), cell=(1, 0), base={(0, 0): rid})
    ev = deploy(s, 0, 3)
    assert research_by(ev) == 0 and s.players[0].research == 0


def test_a_later_module_diagonal_to_the_research_module_earns_nothing():
    rid = research_mod(lambda s: dict(s.adjacency).get("orange", 0) > 0)
    s = position(ORANGE, cell=(1, 1), base={(0, 0): rid})
    deploy(s, 0, 3)
    assert s.players[0].research == 0


def test_a_later_module_next_to_two_research_modules_earns_from_both():
    rid = research_mod(lambda s: dict(s.adjacency).get("orange", 0) > 0)
    k = dict(CAT.tiles[rid].adjacency)["orange"]
    s = position(ORANGE, cell=(1, 0), base={(0, 0): rid, (2, 0): rid})
    deploy(s, 0, 3)
    assert s.players[0].research == 2 * k


# ---------------------------------------------------------------- communication modules

COMM = module_where(kind="communication", year=1)
FACE = CAT.faces[CAT.tiles[COMM].face]


def test_communication_module_asks_blue_or_orange_after_payment():
    s = position(COMM)
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    pay_all(s)
    assert s.phase == COLOUR
    assert {a.colour for a in legal_actions(s)} == {"blue", "orange"}
    refused(s, A("choose_colour", "green"), rule="Communication modules")
    refused(s, A("choose_colour", "purple"), rule="Communication modules")


@pytest.mark.parametrize("colour", ["blue", "orange"])
@pytest.mark.parametrize("comm", modules_where(kind="communication"))
def test_communication_module_leaves_the_game_for_a_tile_of_the_chosen_colour_showing_its_research(colour, comm):
    s = position(comm, cell=(0, 0))
    ev = deploy(s, 0, 3, colour=colour)
    tid, stock = s.players[0].base[(0, 0)]
    face = CAT.tiles[tid]
    assert face.colour == colour and face.kind == "communication"
    assert face.research == CAT.tiles[comm].research  # the printed value, whatever the year
    assert s.players[0].research == research_by(ev, 0) == CAT.tiles[comm].research
    assert comm in s.removed and tid not in CAT.deck_modules


@pytest.mark.parametrize("colour", ["blue", "orange"])
def test_a_communication_tile_earns_its_research_and_nothing_for_its_neighbours(colour):
    neighbours = {(1, 0): ORANGE, (-1, 0): BLUE, (0, 1): GREEN, (0, -1): PURPLE}
    s = position(COMM, cell=(0, 0), base=neighbours)
    deploy(s, 0, 3, colour=colour)
    assert s.players[0].research == CAT.tiles[FACE[colour]].research


def test_communication_colour_counts_for_an_adjacent_research_module():
    rid = research_mod(lambda s: dict(s.adjacency).get("blue", 0) > 0)
    k = dict(CAT.tiles[rid].adjacency)["blue"]
    s = position(COMM, cell=(1, 0), base={(0, 0): rid})
    deploy(s, 0, 3, colour="blue")
    face = CAT.tiles[FACE["blue"]]
    assert s.players[0].research == face.research + k


# ---------------------------------------------------------------- drones

@pytest.mark.parametrize("did", modules_where(kind="drone"))
def test_drone_strip_gives_one_victory_point_and_counts_as_its_colour(did):
    s = position(did, cell=(0, 0))
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "module_vp", 0) == 1
    assert s.players[0].ledger["module_vp"] == 1
    assert CAT.tiles[did].colour in ("blue", "orange")


def test_drone_strip_counts_as_its_colour_in_a_square():
    did = module_where(kind="drone", colour="orange")
    base = {(1, 0): ORANGE, (0, 1): ORANGE, (1, 1): ORANGE}
    s = position(did, cell=(0, 0), base=base)
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square") == 1
    assert s.phase == UPGRADE  # one colour: an upgrade


# ---------------------------------------------------------------- greenhouses

ROUND, RECT, OCT = plain_greenhouse("round"), plain_greenhouse("rectangular"), plain_greenhouse("octagonal")
WILD = module_where(kind="greenhouse", shape="wild")


def test_a_lone_greenhouse_scores_one():
    s = position(ROUND, cell=(0, 0), base={(1, 0): ORANGE})
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "greenhouse", 0) == 1


def test_a_greenhouse_next_to_another_scores_two():
    s = position(RECT, cell=(1, 0), base={(0, 0): ROUND})
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "greenhouse", 0) == 2


@pytest.mark.parametrize("layout", ["line_end", "middle", "corner"])
def test_a_greenhouse_completing_a_set_of_three_scores_three(layout):
    if layout == "line_end":
        base, cell = {(0, 0): ROUND, (1, 0): RECT}, (2, 0)
    elif layout == "middle":
        base, cell = {(0, 0): ROUND, (2, 0): RECT}, (1, 0)
    else:
        base, cell = {(0, 0): ROUND, (1, 0): RECT}, (1, 1)
    s = position(OCT, cell=cell, base=base)
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "greenhouse", 0) == 3


def test_a_diagonal_greenhouse_is_not_connected():
    s = position(ROUND, cell=(1, 1), base={(0, 0): ROUND})
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "greenhouse", 0) == 1


def test_two_greenhouses_of_the_same_type_may_not_be_next_to_each_other():
    s = position(ROUND, cell=(1, 0), base={(0, 0): ROUND})
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module", reason="different shapes")


def test_three_connected_greenhouses_must_be_of_three_types():
    s = position(ROUND, cell=(2, 0), base={(0, 0): ROUND, (1, 0): RECT})
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module", reason="different shapes")


def test_no_more_than_three_connected_greenhouses():
    s = position(WILD, cell=(3, 0), base={(0, 0): ROUND, (1, 0): RECT, (2, 0): OCT})
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module", reason="3")


def test_a_greenhouse_joining_two_groups_into_four_is_refused():
    s = position(OCT, cell=(1, 0), base={(0, 0): ROUND, (2, 0): RECT, (3, 0): ROUND})
    play(s, A("select_astronaut", 0))
    refused(s, A("choose_module", 3), rule="Deploy a Module")


def test_wild_greenhouse_alone_player_chooses_any_shape_and_earns_one_extra_vp():
    s = position(WILD, cell=(0, 0))
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    pay_all(s)
    assert s.phase == SHAPE
    assert sorted(a.shape for a in legal_actions(s)) == ["octagonal", "rectangular", "round"]
    ev = play(s, A("choose_shape", "rectangular"))
    assert s.players[0].wild[(0, 0)] == "rectangular"
    assert vp_by(ev, "greenhouse", 0) == 1
    assert vp_by(ev, "module_vp", 0) == 1


def test_wild_greenhouse_may_only_show_a_shape_missing_from_its_group():
    s = position(WILD, cell=(1, 0), base={(0, 0): ROUND})
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    pay_all(s)
    assert s.phase == SHAPE
    refused(s, A("choose_shape", "round"), rule="Greenhouses")
    refused(s, A("choose_shape", "hexagonal"), rule="Greenhouses")
    ev = play(s, A("choose_shape", "octagonal"))
    assert vp_by(ev, "greenhouse", 0) == 2 and vp_by(ev, "module_vp", 0) == 1


def test_wild_greenhouse_completing_a_set_takes_the_last_shape_by_itself():
    s = position(WILD, cell=(1, 0), base={(0, 0): ROUND, (2, 0): RECT})
    ev = deploy(s, 0, 3)
    assert s.players[0].wild[(1, 0)] == "octagonal"
    assert vp_by(ev, "greenhouse", 0) == 3 and vp_by(ev, "module_vp", 0) == 1


def test_wild_greenhouse_changes_shape_when_a_greenhouse_is_placed_around_it():
    # a wild showing "round" next to a rectangular one; a round one joins next to the wild
    s = position(ROUND, cell=(2, 0), base={(0, 0): RECT, (1, 0): WILD})
    s.players[0].wild[(1, 0)] = "round"
    ev = deploy(s, 0, 3)
    assert s.players[0].wild[(1, 0)] == "octagonal"
    assert vp_by(ev, "greenhouse", 0) == 3


def test_two_wilds_in_a_set_take_different_shapes():
    s = position(WILD, cell=(1, 0), base={(0, 0): WILD})
    s.players[0].wild[(0, 0)] = "round"
    deploy(s, 0, 3, shape="round")
    shapes = {s.players[0].wild[(0, 0)], s.players[0].wild[(1, 0)]}
    assert s.players[0].wild[(1, 0)] == "round" and len(shapes) == 2


# ---------------------------------------------------------------- squares and upgrades

def square_position(new, others, cell=(1, 1)):
    """`others` at the three cells that complete a 2x2 square with `cell` = (1, 1)."""
    base = dict(zip([(0, 0), (1, 0), (0, 1)], others))
    return position(new, cell=cell, base=base)


def test_completing_a_square_of_four_modules_scores_one():
    s = square_position(ORANGE, [ORANGE, PURPLE, GREEN])
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square", 0) == 1
    assert s.players[0].ledger["square"] == 1


@pytest.mark.parametrize("others", [(ORANGE, ORANGE, ORANGE), (ORANGE, BLUE, BLUE), (BLUE, ORANGE, BLUE)])
def test_a_square_of_one_or_two_colours_upgrades_an_astronaut(others):
    s = square_position(ORANGE, list(others))
    ev = deploy(s, 0, 3)
    assert s.phase == UPGRADE and s.upgrades == 1 and s.current == 0
    assert of_type(ev, UpgradesEarned)[0].count == 1
    ev = play(s, A("upgrade", 1))
    assert s.players[0].astros[1] == (3, ACTIVE, (-10, -12))  # stays where it was, same state
    assert s.phase == TURN and s.current == 1


def test_a_square_of_three_colours_scores_but_upgrades_nobody():
    s = square_position(ORANGE, [BLUE, PURPLE, ORANGE])
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square", 0) == 1
    assert s.phase == TURN and s.current == 1
    assert all(w == 2 for w, _, _ in s.players[0].astros)


def test_obstacles_are_not_modules_and_make_no_square():
    s = square_position(ORANGE, [ORANGE, OBSTACLE, ORANGE])
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square") == 0 and s.phase == TURN


def test_a_square_not_completed_by_the_new_module_scores_nothing_again():
    base = {(0, 0): ORANGE, (1, 0): ORANGE, (0, 1): ORANGE, (1, 1): ORANGE}
    s = position(ORANGE, cell=(2, 0), base=base)
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square") == 0


def two_squares():
    # the new module at (1, 1) completes {(0,0),(1,0),(0,1),(1,1)} and {(1,0),(2,0),(1,1),(2,1)}
    base = {(0, 0): ORANGE, (1, 0): ORANGE, (2, 0): BLUE, (0, 1): BLUE, (2, 1): ORANGE}
    return position(ORANGE, cell=(1, 1), base=base)


def test_rulebook_two_squares_at_once_score_two_and_one_astronaut_gets_plus_two():
    s = two_squares()
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square", 0) == 2
    assert s.phase == UPGRADE and s.upgrades == 2
    play(s, A("upgrade", 1))
    assert s.phase == UPGRADE and s.upgrades == 1 and s.current == 0
    play(s, A("upgrade", 1))
    assert s.players[0].astros[1][0] == 4
    assert s.players[0].astros[0][0] == 2 and s.players[0].astros[2][0] == 2
    assert s.phase == TURN and s.current == 1


def test_rulebook_two_squares_at_once_or_two_astronauts_get_plus_one_each():
    s = two_squares()
    deploy(s, 0, 3)
    play(s, A("upgrade", 0), A("upgrade", 2))
    works = [w for w, _, _ in s.players[0].astros]
    assert works == [3, 2, 3]
    # astronaut 0 is the one just sent beside the board: upgraded where it stands, not active
    assert s.players[0].astros[0][1] == BOARD
    assert s.players[0].astros[2][1] == BOARD


def test_work_value_is_at_most_four():
    s = square_position(ORANGE, [ORANGE, ORANGE, ORANGE])
    set_astronaut(s, 0, 1, work=4, pos=(-10, -12))
    deploy(s, 0, 3)
    assert s.phase == UPGRADE
    refused(s, A("upgrade", 1), rule="Upgrading an astronaut", reason="4")
    assert {a.astronaut for a in legal_actions(s)} == {0, 2}


def test_no_upgrade_offered_when_every_astronaut_is_at_four():
    s = square_position(ORANGE, [ORANGE, ORANGE, ORANGE])
    for i in range(3):
        w, where, pos = s.players[0].astros[i]
        s.players[0].astros[i] = (4, where, pos)
    ev = deploy(s, 0, 3)
    assert vp_by(ev, "square", 0) == 1
    assert s.phase == TURN and s.current == 1


def test_an_exhausted_astronaut_in_the_base_can_be_upgraded_and_stays_exhausted():
    s = square_position(ORANGE, [ORANGE, ORANGE, ORANGE])
    set_astronaut(s, 0, 1, work=2, where=EXHAUSTED, pos=(-10, -12))
    deploy(s, 0, 3, upgrades=[1])
    assert s.players[0].astros[1] == (3, EXHAUSTED, (-10, -12))
