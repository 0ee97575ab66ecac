"""The shipped catalogue keeps the rulebook's counts, and a broken file is refused clearly."""
from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from humanity_desktop.engine import CatalogueError, load_catalogue
from humanity_desktop.engine.catalogue import parse

RAW = json.loads(resources.files("humanity_desktop.engine").joinpath("data/catalogue.json").read_text())
CAT = load_catalogue()


def test_component_counts_match_the_rulebook() -> None:
    assert [len(CAT.modules_by_year[y]) for y in (1, 2, 3)] == [15, 15, 15]
    assert len(CAT.faces) == 5
    assert [len(CAT.experiments_by_year[y]) for y in (1, 2, 3)] == [9, 9, 9]
    for y in (1, 2, 3):
        sides = Counter(CAT.experiments[e].side for e in CAT.experiments_by_year[y])
        assert sides == {"left": 3, "center": 3, "right": 3}
        assert all(CAT.experiments[e].vp == (1 if y == 3 else 0) for e in CAT.experiments_by_year[y])
    assert {t: len(ids) for t, ids in CAT.missions_by_type.items()} == {"A": 6, "B": 6, "C": 6}
    starting = [CAT.tiles[t] for _, t, _ in CAT.start_tiles]
    assert Counter(t.kind for t in starting) == {"production": 4, "obstacle": 3}
    assert sorted(t.max_stock for t in starting if t.kind == "obstacle") == [1, 2, 3]
    assert len(CAT.start_astronauts) == 2


def test_every_module_kind_the_rulebook_lists_is_present() -> None:
    deck = [CAT.tiles[m] for y in (1, 2, 3) for m in CAT.modules_by_year[y]]
    prod = [t for t in deck if t.kind == "production"]
    assert any(len(t.produces) == 1 and t.produces[0] < 3 for t in prod)  # fixed basic
    assert any(len(t.produces) == 2 and t.produces[0] < 3 for t in prod)  # variable basic
    assert any(len(t.produces) == 1 and 3 <= t.produces[0] < 6 for t in prod)  # advanced
    assert any(len(t.produces) == 2 and t.produces[0] >= 3 for t in prod)  # variable advanced
    assert any(t.produces == (6,) for t in prod)  # electricity
    assert any(t.time for t in prod)
    assert any(t.kind == "research" and t.adjacency for t in deck)
    assert sum(t.kind == "communication" for t in deck) == 5
    assert {t.shape for t in deck if t.kind == "greenhouse"} == {"round", "rectangular", "octagonal", "wild"}
    assert {t.colour for t in deck if t.kind == "drone"} == {"blue", "orange"}
    assert all(t.work == (2 if t.produces and t.produces[0] in (3, 4, 5) else 1) for t in prod)


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
        (["modules", 0, "max_stock"], 5, "max_stock"),
        (["modules", 0, "colour"], "red", "unknown colour"),
        (["modules", 1, "id"], "m1-01", "duplicate tile id 'm1-01'"),
        (["missions", 0, "measure"], "vibes", "unknown measure"),
        (["research_track", "length"], 1, "marks must lie on the track"),
        (["version"], 2, "version must be 1"),
    ],
)
def test_a_broken_catalogue_is_refused_with_a_clear_message(path, value, message) -> None:
    with pytest.raises(CatalogueError, match=message.replace("(", r"\(")):
        parse(broken(path, value))


def test_the_shipped_catalogue_parses_to_frozen_specs() -> None:
    spec = next(iter(CAT.tiles.values()))
    with pytest.raises(AttributeError):
        spec.cost = ()  # type: ignore[misc]
    assert parse(RAW) == CAT
