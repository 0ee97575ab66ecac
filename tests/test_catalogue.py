"""The shipped catalogue holds the published components, checked against a table copied
independently from the design facts sheet (published-components.md, sections 2 to 5 and 7),
and a broken file is refused clearly."""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from importlib import resources

import pytest

from humanity_desktop.engine import CatalogueError, load_catalogue
from humanity_desktop.engine.catalogue import ANY, RESOURCES, parse_catalogue

RAW = json.loads(resources.files("humanity_desktop.engine").joinpath("data/catalogue.json").read_text())
CAT = load_catalogue()

# ---------------------------------------------------------------- the facts sheet, as tables
# One line per tile. Abbreviations as in the sheet;
# "-" = none. Costs: "2In+2Ic". Production: "In|Me" = each unit either; "time" = a time module.
# Adjacency: "3:green" = 3 research per orthogonally adjacent green module ("any": any colour).
# Colour "b|o": a communication module, which becomes an orange or a blue tile when deployed.

ABBR = {"El": "electricity", "Ic": "ice", "Me": "methane", "In": "insect",
        "Ox": "oxygen", "Ac": "aircarbon", "Pr": "protein"}

#     id    colour cost         work prod   cap imm adj      vp shape       kind
MODULES = """
Y1-01 b|o    In+Ic+Me     -    -      -   3   -        0  -           comm
Y1-02 b|o    In+Ic+Me     -    -      -   3   -        0  -           comm
Y1-03 orange In+Ic+Me     1    time   -   0   -        0  -           time
Y1-04 orange 2Ic          1    In|Me  3   0   -        0  -           basic
Y1-05 orange 2Me          1    In|Ic  3   0   -        0  -           basic
Y1-06 orange 2In          1    Me|Ic  3   0   -        0  -           basic
Y1-07 blue   3Ic          2    Ox     3   0   -        0  -           advanced
Y1-08 blue   3Me          2    Ac     3   0   -        0  -           advanced
Y1-09 blue   3In          2    Pr     3   0   -        0  -           advanced
Y1-10 purple El+Me        -    -      -   2   3:green  0  -           research
Y1-11 purple El+Ic        -    -      -   2   3:blue   0  -           research
Y1-12 purple El+In        -    -      -   2   3:orange 0  -           research
Y1-13 green  2Ic          -    -      -   0   -        0  octagonal   greenhouse
Y1-14 green  2Me          -    -      -   0   -        0  rectangular greenhouse
Y1-15 green  2In          -    -      -   0   -        0  round       greenhouse
Y2-01 b|o    Ox+Ic+Me     -    -      -   4   -        0  -           comm
Y2-02 b|o    Pr+In+Ic     -    -      -   4   -        0  -           comm
Y2-03 orange Pr+Ic+Me     1    time   -   0   -        0  -           time
Y2-04 orange In+Ox        1    El     3   0   -        0  -           electricity
Y2-05 orange In+Ac        1    El     3   0   -        0  -           electricity
Y2-06 blue   2In+2Ic      2    Pr|Ox  3   0   -        0  -           advanced
Y2-07 blue   2Ic+2Me      2    Ac|Ox  3   0   -        0  -           advanced
Y2-08 blue   2In+2Me      2    Pr|Ac  3   0   -        0  -           advanced
Y2-09 purple El+Pr        -    -      -   1   4:orange 0  -           research
Y2-10 purple El+In+Ic+Me  -    -      -   2   3:any    0  -           research
Y2-11 purple El+Ac        -    -      -   1   4:green  0  -           research
Y2-12 purple El+Ox        -    -      -   1   4:blue   0  -           research
Y2-13 green  Pr           -    -      -   0   -        0  round       greenhouse
Y2-14 green  Ox           -    -      -   0   -        0  octagonal   greenhouse
Y2-15 green  Ac           -    -      -   0   -        0  rectangular greenhouse
Y3-01 b|o    In+Ox+Me     -    -      -   5   -        0  -           comm
Y3-02 orange Pr+Ic        -    -      -   0   -        1  -           drone
Y3-03 orange Ox+Me        -    -      -   0   -        1  -           drone
Y3-04 orange In+Ac        -    -      -   0   -        1  -           drone
Y3-05 blue   In+Ox        -    -      -   0   -        1  -           drone
Y3-06 blue   Ic+Ac        -    -      -   0   -        1  -           drone
Y3-07 blue   Pr+Me        -    -      -   0   -        1  -           drone
Y3-08 purple El+Ox+Me     -    -      -   0   5:blue   0  -           research
Y3-09 purple El+Pr+Ic     -    -      -   0   5:orange 0  -           research
Y3-10 purple El+In+Ac     -    -      -   0   5:green  0  -           research
Y3-11 purple El+Pr+Me     -    -      -   1   4:any    0  -           research
Y3-12 green  Ox+Ic        -    -      -   0   -        1  octagonal   greenhouse
Y3-13 green  Ac+Me        -    -      -   0   -        1  rectangular greenhouse
Y3-14 green  Pr+In        -    -      -   0   -        1  round       greenhouse
Y3-15 green  El+Ic+Ac     -    -      -   0   -        1  wild        greenhouse
"""  # year-3 greenhouses: all four +1 VP (the sheet's reading A, section 3)

#     id   side   cost   research effect VP
EXPERIMENTS = """
E1-1 center In+Ic 2 reactivate 0
E1-2 center In+Me 2 time2      0
E1-3 left   Ic+Me 2 time2      0
E1-4 right  In+Me 4 -          0
E1-5 left   In+Me 2 reactivate 0
E1-6 left   In+Ic 4 -          0
E1-7 center Ic+Me 4 -          0
E1-8 right  Ic+Me 2 reactivate 0
E1-9 right  In+Ic 2 time2      0
E2-1 left   Ac    5 -          0
E2-2 left   Ox    3 reactivate 0
E2-3 left   Pr    3 time2      0
E2-4 center Ac    3 time2      0
E2-5 center Ox    5 -          0
E2-6 right  Ox    3 time2      0
E2-7 right  Ac    3 reactivate 0
E2-8 right  Pr    5 -          0
E2-9 center Pr    3 reactivate 0
E3-1 left   Ox+Me 6 -          1
E3-2 left   Pr+Me 4 reactivate 1
E3-3 left   Ac+Me 4 time2      1
E3-4 center Pr+In 6 -          1
E3-5 center In+Ac 4 reactivate 1
E3-6 center In+Ox 4 time2      1
E3-7 right  Ic+Ac 6 -          1
E3-8 right  Ox+Ic 4 reactivate 1
E3-9 right  Pr+Ic 4 time2      1
"""

# id target measure: cluster <colour> orth|diag, count <colour>, line <direction> any|same,
# pictograms <resources>, side <side>
MISSIONS = """
A1 4 cluster orange orth
A2 3 cluster blue orth
A3 3 cluster purple diag
A4 6 count orange
A5 4 count blue
A6 3 count purple
B1 4 line vertical any
B2 5 line horizontal any
B3 4 line diagonal any
B4 3 line vertical same
B5 3 line horizontal same
B6 3 line diagonal same
C1 4 pictograms Ic+Ox
C2 4 pictograms Me+Ac
C3 4 pictograms In+Pr
C4 3 side left
C5 3 side center
C6 3 side right
"""

# Section 2, by cell: starting modules (colour, product, work, stock of 3) and obstacles.
START_MODULES = {(-1, 0): ("orange", "Ic", 1, 1), (0, 1): ("orange", "In", 1, 1),
                 (1, 0): ("orange", "Me", 1, 1), (0, 0): ("blue", "El", 2, 1)}
OBSTACLES = {(-1, 1): 3, (0, -1): 3, (1, 1): 3}
ASTRONAUTS = {(-1, -1), (1, -1)}
THIRD_ASTRONAUT = {2: (5, 4), 3: (6, 5, 4), 4: (7, 6, 5, 4)}  # seat 1 first
# Section 7: research at year end -> science tokens; tokens per player strictly behind.
TOKENS = "0-7:0 8-14:1 15-20:2 21-25:3 26-29:4 30-33:5 34-37:6 38-41:7 42-45:8 46-49:9 50-50:10"
BEHIND = {2: 2, 3: 1, 4: 1}
KIND_ABBR = {"comm": "communication", "time": "production", "basic": "production",
             "advanced": "production", "electricity": "production", "research": "research",
             "greenhouse": "greenhouse", "drone": "drone"}


def rows(table: str) -> list[list[str]]:
    return [line.split() for line in table.strip().splitlines()]


def cost(text: str) -> dict:
    """'2In+Ic' -> {"insect": 2, "ice": 1}."""
    out: Counter = Counter()
    for part in text.split("+"):
        n, abbr = re.fullmatch(r"(\d*)(\w\w)", part).groups()
        out[ABBR[abbr]] += int(n or 1)
    return dict(out)


def resources_of(text: str) -> frozenset:
    """'In|Me' or 'Ic+Ox' -> the set of resource names."""
    return frozenset(ABBR[a] for a in re.split(r"[|+]", text))


def names(indices) -> frozenset:
    return frozenset(RESOURCES[r] for r in indices)


def named_cost(pairs) -> dict:
    return {RESOURCES[r]: n for r, n in pairs}


def number(text: str) -> int:
    return 0 if text == "-" else int(text)


def differences(where: str, expected: dict, actual: dict) -> list[str]:
    return [f"{where} {field}: sheet {want!r}, catalogue {actual[field]!r}"
            for field, want in expected.items() if actual[field] != want]


def assert_no_differences(diffs: list[str]) -> None:
    assert not diffs, "the catalogue differs from the facts sheet:\n" + "\n".join(diffs)


def module_fields(spec) -> dict:
    return {"year": spec.year, "colour": spec.colour, "cost": named_cost(spec.cost), "work": spec.work,
            "produces": names(spec.produces), "time": spec.time, "capacity": spec.max_stock,
            "research": spec.research, "adjacency": dict(spec.adjacency), "vp": spec.vp,
            "shape": spec.shape, "kind": spec.kind}


def test_every_deck_module_matches_the_facts_sheet() -> None:
    diffs = []
    table = rows(MODULES)
    assert sorted(CAT.deck_modules) == [r[0] for r in table]
    for tid, colour, price, work, prod, cap, imm, adj, vp, shape, kind in table:
        n, on = adj.split(":") if adj != "-" else (0, None)
        expected = {
            "year": int(tid[1]), "colour": None if colour == "b|o" else colour, "cost": cost(price),
            "work": number(work), "time": prod == "time",
            "produces": frozenset() if prod in ("-", "time") else resources_of(prod),
            "capacity": number(cap), "research": int(imm),
            "adjacency": {} if on is None else {ANY if on == "any" else on: int(n)},
            "vp": int(vp), "shape": None if shape == "-" else shape, "kind": KIND_ABBR[kind],
        }
        diffs += differences(tid, expected, module_fields(CAT.tiles[tid]))
        if colour == "b|o":  # the orange and blue tiles it becomes show its research, nothing else
            sides = CAT.faces.get(CAT.tiles[tid].face, {})
            if sorted(sides) != ["blue", "orange"]:
                diffs.append(f"{tid} replacement: sheet orange or blue, catalogue {sorted(sides)}")
            for side_colour, side in sides.items():
                plain = {"year": 0, "colour": side_colour, "cost": {}, "work": 0, "time": False,
                         "produces": frozenset(), "capacity": 0, "research": int(imm),
                         "adjacency": {}, "vp": 0, "shape": None, "kind": "communication"}
                diffs += differences(f"{tid} -> {side}", plain, module_fields(CAT.tiles[side]))
    for year in (1, 2, 3):
        if sorted(CAT.modules_by_year[year]) != [r[0] for r in table if r[0][1] == str(year)]:
            diffs.append(f"year {year} deck: {sorted(CAT.modules_by_year[year])}")
    assert_no_differences(diffs)


def test_every_experiment_matches_the_facts_sheet() -> None:
    diffs = []
    table = rows(EXPERIMENTS)
    assert sorted(CAT.experiments) == [r[0] for r in table]
    for eid, side, price, research, effect, vp in table:
        e = CAT.experiments[eid]
        expected = {"year": int(eid[1]), "side": side, "cost": cost(price), "research": int(research),
                    "effect": None if effect == "-" else effect, "vp": int(vp)}
        actual = {"year": e.year, "side": e.side, "cost": named_cost(e.cost), "research": e.research,
                  "effect": e.effect, "vp": e.vp}
        diffs += differences(eid, expected, actual)
    assert_no_differences(diffs)


def test_every_mission_matches_the_facts_sheet() -> None:
    diffs = []
    table = rows(MISSIONS)
    assert sorted(CAT.missions) == [r[0] for r in table]
    for mid, target, measure, *args in table:
        m = CAT.missions[mid]
        expected = {"type": mid[0], "target": int(target), "colour": None, "diagonal": False,
                    "direction": None, "same_colour": False, "resources": frozenset(), "side": None}
        if measure == "cluster":
            expected.update(measure="colour_cluster", colour=args[0], diagonal=args[1] == "diag")
        elif measure == "count":
            expected.update(measure="colour_count", colour=args[0])
        elif measure == "line":
            expected.update(measure="line", direction=args[0], same_colour=args[1] == "same")
        elif measure == "pictograms":
            expected.update(measure="pictograms", resources=resources_of(args[0]))
        else:
            expected.update(measure="experiment_side", side=args[0])
        actual = {field: getattr(m, field) for field in expected}
        actual["resources"] = names(m.resources)
        diffs += differences(mid, expected, actual)
    assert_no_differences(diffs)


def test_the_starting_base_matches_the_facts_sheet() -> None:
    diffs = []
    placed = {cell: (CAT.tiles[tid], stock) for cell, tid, stock in CAT.start_tiles}
    assert set(placed) == set(START_MODULES) | set(OBSTACLES)
    for cell, (colour, product, work, stock) in START_MODULES.items():
        spec, held = placed[cell]
        expected = {"kind": "production", "colour": colour, "produces": resources_of(product),
                    "work": work, "capacity": 3, "cost": {}, "research": 0, "vp": 0, "stock": stock}
        diffs += differences(f"starting module at {cell}", expected, {**module_fields(spec), "stock": held})
    for cell, resistance in OBSTACLES.items():
        spec, held = placed[cell]
        expected = {"kind": "obstacle", "colour": None, "resistance": resistance, "stock": resistance}
        actual = {"kind": spec.kind, "colour": spec.colour, "resistance": spec.max_stock, "stock": held}
        diffs += differences(f"obstacle at {cell}", expected, actual)
    others = {"astronauts": set(CAT.start_astronauts), "third astronaut spots": CAT.third_astronaut_spot,
              "stock on arrival": CAT.stock_on_arrival}
    diffs += differences("start", {"astronauts": ASTRONAUTS, "third astronaut spots": THIRD_ASTRONAUT,
                                   "stock on arrival": 1}, others)
    assert_no_differences(diffs)


def test_the_research_track_matches_the_facts_sheet() -> None:
    expected = {"cap": 50, "tokens per player behind": BEHIND}
    actual = {"cap": CAT.research_cap, "tokens per player behind": CAT.tokens_per_player_behind}
    for band in TOKENS.split():
        span, tokens = band.split(":")
        low, high = map(int, span.split("-"))
        for research in (low, high):
            expected[f"tokens at {research}"] = int(tokens)
            actual[f"tokens at {research}"] = CAT.tokens_for(research)
    assert_no_differences(differences("research track", expected, actual))


def test_component_counts_match_the_rulebook() -> None:
    assert [len(CAT.modules_by_year[y]) for y in (1, 2, 3)] == [15, 15, 15]
    # one replacement tile per communication module in the decks: 2 + 2 + 1
    assert sum(CAT.tiles[m].kind == "communication" for m in CAT.deck_modules) == 5
    assert [len(CAT.experiments_by_year[y]) for y in (1, 2, 3)] == [9, 9, 9]
    for y in (1, 2, 3):
        sides = Counter(CAT.experiments[e].side for e in CAT.experiments_by_year[y])
        assert sides == {"left": 3, "center": 3, "right": 3}
        assert all(CAT.experiments[e].vp == (1 if y == 3 else 0) for e in CAT.experiments_by_year[y])
    assert {t: len(ids) for t, ids in CAT.missions_by_type.items()} == {"A": 6, "B": 6, "C": 6}
    starting = [CAT.tiles[t] for _, t, _ in CAT.start_tiles]
    assert Counter(t.kind for t in starting) == {"production": 4, "obstacle": 3}
    assert len(CAT.start_astronauts) == 2


def test_every_module_kind_the_rulebook_lists_is_present() -> None:
    prod = [t for t in CAT.tiles.values() if t.kind == "production"]
    assert any(len(t.produces) == 1 and t.produces[0] < 3 for t in prod)  # basic (starting)
    assert any(len(t.produces) == 2 and t.produces[0] < 3 for t in prod)  # variable basic
    assert any(len(t.produces) == 1 and 3 <= t.produces[0] < 6 for t in prod)  # advanced
    assert any(len(t.produces) == 2 and t.produces[0] >= 3 for t in prod)  # variable advanced
    assert any(t.produces == (6,) for t in prod)  # electricity
    assert any(t.time for t in prod)
    deck = [CAT.tiles[m] for m in CAT.deck_modules]
    assert any(t.kind == "research" and t.adjacency for t in deck)
    assert {t.shape for t in deck if t.kind == "greenhouse"} == {"round", "rectangular", "octagonal", "wild"}
    assert {t.colour for t in deck if t.kind == "drone"} == {"blue", "orange"}
    # every orange module is activated with 1 work, every blue one with 2
    assert all(t.work == {"orange": 1, "blue": 2}[t.colour] for t in prod)


def test_starting_modules_produce_the_three_basics_and_electricity() -> None:
    produced = sorted(CAT.tiles[t].produces for _, t, _ in CAT.start_tiles if CAT.tiles[t].kind == "production")
    assert produced == [(0,), (1,), (2,), (6,)]


def broken(path: list, value) -> dict:
    data = copy.deepcopy(RAW)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, message",
    [
        (["modules", 0, "cost"], {"gold": 1}, "unknown resource 'gold'"),
        (["modules", 0, "cost"], {}, "cost must be a non-empty object"),
        (["modules", 0, "kind"], "factory", "unknown kind 'factory'"),
        (["modules", 0, "work"], KeyError, "missing field 'work'"),
        (["modules", 2, "work"], 3, "a production module needs 1 or 2 work"),
        (["start", "modules", 0, "work"], 0, "starting module s-ice: a production module needs 1 or 2 work"),
        (["start", "modules", 1, "work"], -1, "a production module needs 1 or 2 work"),
        (["stock", "on_arrival"], 4, "on_arrival must lie within the capacity"),
        (["modules", 2, "colour"], "red", "unknown colour 'red'"),
        (["modules", 0, "colour"], "blue", "a communication module has no colour"),
        (["modules", 0, "replacement"], "link-9", "unknown replacement 'link-9'"),
        (["modules", 0, "research"], 4, "its replacement must show its research, 4"),
        (["modules", 1, "id"], "Y1-01", "duplicate tile id 'Y1-01'"),
        (["missions", 0, "measure"], "vibes", "unknown measure"),
        (["missions", 0, "diagonal"], "yes", "diagonal must be true or false"),
        (["research_track", "thresholds"], [8, 15, 60], "thresholds must rise from 1 and stay within the cap"),
        (["research_track", "thresholds"], [15, 8], "thresholds must rise"),
        (["research_track", "tokens_per_player_behind"], {"2": 2, "3": 1}, "needs 2, 3 and 4 players"),
        (["start", "third_astronaut_spot", "2"], [5], "needs 2 hangar spots"),
        (["version"], 1, "catalogue version must be 2"),
    ],
)
def test_a_broken_catalogue_is_refused_with_a_clear_message(path, value, message) -> None:
    with pytest.raises(CatalogueError, match=re.escape(message)):
        parse_catalogue(broken(path, value))


def test_the_shipped_catalogue_parses_to_frozen_specs() -> None:
    spec = next(iter(CAT.tiles.values()))
    with pytest.raises(AttributeError):
        spec.cost = ()  # type: ignore[misc]
    assert parse_catalogue(RAW) == CAT
