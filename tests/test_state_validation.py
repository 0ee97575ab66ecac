"""Loading a state refuses every position the rules could not play to its end (components not
each in exactly one place, a seat without exactly three astronauts, a base with no module),
stays linear in the size of the state, and what it accepts plays to the end keeping every
invariant, however a real position was damaged."""
from __future__ import annotations

import copy
import random

import pytest

from humanity_desktop.engine import apply_action, legal_actions, load_catalogue, new_game
from humanity_desktop.engine.invariants import play_to_end
from humanity_desktop.engine.state import State
from humanity_desktop.engine.validation import StateError, load_state

from test_sweep import load_tool

MUTATIONS = 150
load_bench = load_tool("load_bench", "benchmarks")  # its large bases are the test's too


def mid_game(seed: int, players: int = 3) -> dict:
    """A real position: a seeded random game stopped somewhere in its first two years."""
    rng = random.Random(seed)
    s = new_game(players, seed)
    for _ in range(rng.randint(20, 400)):
        apply_action(s, rng.choice(legal_actions(s)))
        if s.year == 3:
            break
    return s.to_json()


# ---------------------------------------------------------------- one test per refusal class


def fourth_astronaut(d):
    d["seats"][0]["astronauts"].append({"work": 2, "where": "returning", "at": None})


def two_astronauts(d):
    d["seats"][1]["astronauts"].pop()


def module_in_two_places(d):
    d["decks"][2].append(d["decks"][2][0])


def module_in_a_deck_and_a_base(d):
    cat = load_catalogue()
    module = next(m for m in d["decks"][2] if not cat.tiles[m].face)
    d["seats"][0]["base"].append({"cell": [30, 30], "tile": module, "stock": 0})


def lost_module(d):
    d["decks"][2].pop()


def lost_experiment(d):
    d["experiment_decks"][2].pop()


def experiment_in_two_places(d):
    d["seats"][0]["experiments"].append(d["experiment_decks"][2][0])


def empty_deck(d):
    d["decks"][2] = []


def keep_only(d, seat: int, keep) -> None:
    """Take the tiles `keep` refuses off a base, its deck modules out of the game."""
    base = d["seats"][seat]["base"]
    modules = load_catalogue().deck_modules
    d["removed"] += [e["tile"] for e in base if not keep(e) and e["tile"] in modules]
    base[:] = [e for e in base if keep(e)]


def empty_base(d):
    keep_only(d, 1, lambda e: False)


def only_obstacles(d):
    keep_only(d, 1, lambda e: e["tile"].startswith("o-"))


def starting_module_twice(d):
    d["seats"][0]["base"].append({"cell": [30, 30], "tile": "s-ice", "stock": 0})


def obstacle_twice(d):
    d["seats"][0]["base"].append({"cell": [30, 30], "tile": "o-1", "stock": 1})


def communication_module_on_a_base(d):
    cat = load_catalogue()
    link = next(m for m in d["decks"][2] if cat.tiles[m].face)
    d["decks"][2].remove(link)
    d["seats"][0]["base"].append({"cell": [30, 30], "tile": link, "stock": 0})


def wrong_year_in_a_deck(d):
    d["decks"][1].append(d["decks"][2].pop())


def future_module_in_a_hangar(d):
    k = next(k for k, m in enumerate(d["hangars"]) if m)
    d["removed"].append(d["hangars"][k])
    d["hangars"][k] = d["decks"][2].pop()


def future_experiment_on_the_wheel(d):
    k = next(k for k, e in enumerate(d["experiments"]) if e)
    d["removed"].append(d["experiments"][k])
    d["experiments"][k] = d["experiment_decks"][2].pop()


def work_one(d):
    d["seats"][0]["astronauts"][0]["work"] = 1


REFUSED = [
    (fourth_astronaut, r"seats\[0\]\.astronauts: must have 3 entries, has 4"),
    (two_astronauts, r"seats\[1\]\.astronauts: must have 3 entries, has 2"),
    (module_in_two_places, r"decks\[2\]: module '.*' is also in decks\[2\]"),
    (module_in_a_deck_and_a_base, r"seats\[0\]\.base: module '.*' is also in decks\[2\]"),
    (lost_module, r"state: modules lost"),
    (lost_experiment, r"state: experiments lost"),
    (experiment_in_two_places, r"seats\[0\]\.experiments: experiment '.*' is also in experiment_decks\[2\]"),
    (empty_deck, r"state: modules lost"),
    (empty_base, r"seats\[1\]\.base: no module"),
    (only_obstacles, r"seats\[1\]\.base: no module"),
    (starting_module_twice, r"seats\[0\]\.base: the starting tile s-ice more than once"),
    (obstacle_twice, r"seats\[0\]\.base: the starting tile o-1 more than once"),
    (communication_module_on_a_base, r"seats\[0\]\.base: the communication module"),
    (wrong_year_in_a_deck, r"decks\[1\]: '.*' is from year 3"),
    (future_module_in_a_hangar, r"hangars\[\d\]: '.*' is from year 3"),
    (future_experiment_on_the_wheel, r"experiments\[\d\]: '.*' is from year 3"),
    (work_one, r"seats\[0\]\.astronauts\[0\]\.work: must be from 2 to 4, got 1"),
]


@pytest.mark.parametrize("damage, message", REFUSED, ids=[f.__name__ for f, _ in REFUSED])
def test_each_kind_of_damage_is_refused_with_its_path(damage, message):
    d = mid_game(4)
    assert d["year"] < 3
    load_state(d)  # the real position loads
    damage(d)
    with pytest.raises(StateError, match=message):
        load_state(d)


def test_a_deck_emptied_into_removed_loads_and_plays_to_the_end():
    d = mid_game(4)
    year = d["year"]
    d["removed"] += d["decks"][year - 1]
    d["decks"][year - 1] = []  # as at the end of the year's deck
    s = load_state(d)
    play_to_end(s, random.Random(4))
    assert s.game_over


# ---------------------------------------------------------------- linear in the state's size


def copies_made_by_load(d: dict, monkeypatch) -> int:
    made = []
    real = State.copy
    monkeypatch.setattr(State, "copy", lambda s: made.append(1) or real(s))
    load_state(d)
    return len(made)


def test_loading_copies_the_state_a_bounded_number_of_times_whatever_the_base_size(monkeypatch):
    small, large = load_bench.placing_beside(4), load_bench.placing_beside(140)
    assert len(legal_actions(load_state(large))) > 3 * len(legal_actions(load_state(small)))
    # Each copy costs the size of the state, so a count that grew with it would be quadratic.
    assert copies_made_by_load(large, monkeypatch) == copies_made_by_load(small, monkeypatch) >= 1


# ---------------------------------------------------------------- damaged real positions


def id_lists(d: dict) -> list[list]:
    """Every list of module or experiment ids a state holds."""
    return d["decks"] + d["experiment_decks"] + [d["removed"]] + [seat["experiments"] for seat in d["seats"]]


def any_id(d: dict, rng: random.Random) -> str:
    ids = [i for ids in id_lists(d) for i in ids] + [h for h in d["hangars"] + d["experiments"] if h]
    ids += [e["tile"] for seat in d["seats"] for e in seat["base"]]
    return rng.choice(ids)


def numbers(node, path=()):
    """The path to every integer in a JSON document."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return [path] if isinstance(node, int) and not isinstance(node, bool) else []
    return [p for k, v in items for p in numbers(v, path + (k,))]


def change_number(d, rng):
    *parents, last = rng.choice(numbers(d))
    node = d
    for k in parents:
        node = node[k]
    node[last] = rng.choice([node[last] + 1, node[last] - 1, 0, rng.randint(0, 10)])


def duplicate_id(d, rng):
    rng.choice(id_lists(d)).append(any_id(d, rng))


def remove_id(d, rng):
    lists = [ids for ids in id_lists(d) if ids]
    slots = [(row, k) for row in (d["hangars"], d["experiments"]) for k, x in enumerate(row) if x]
    if rng.random() < 0.5 and lists:
        ids = rng.choice(lists)
        ids.pop(rng.randrange(len(ids)))
    elif slots:
        row, k = rng.choice(slots)
        row[k] = None


def move_id(d, rng):
    lists = [ids for ids in id_lists(d) if ids]
    source = rng.choice(lists)
    rng.choice(id_lists(d)).append(source.pop(rng.randrange(len(source))))


def swap_ids(d, rng):
    a, b = rng.sample([ids for ids in id_lists(d) if ids], 2)
    i, j = rng.randrange(len(a)), rng.randrange(len(b))
    a[i], b[j] = b[j], a[i]


def add_astronaut(d, rng):
    astronauts = rng.choice(d["seats"])["astronauts"]
    astronauts.append(copy.deepcopy(rng.choice(astronauts)))


def remove_astronaut(d, rng):
    astronauts = rng.choice(d["seats"])["astronauts"]
    astronauts.pop(rng.randrange(len(astronauts)))


def send_astronaut_home(d, rng):
    astronaut = rng.choice(rng.choice(d["seats"])["astronauts"])
    astronaut.update(where="returning", at=None)


def empty_a_deck(d, rng):
    rng.choice(d["decks"] + d["experiment_decks"]).clear()


def clear_a_base(d, rng):
    rng.choice(d["seats"])["base"].clear()


def remove_a_tile(d, rng):
    base = rng.choice(d["seats"])["base"]
    base.pop(rng.randrange(len(base)))


def move_a_tile(d, rng):
    tile = rng.choice(rng.choice(d["seats"])["base"])
    tile["cell"] = [tile["cell"][0] + rng.randint(-3, 3), tile["cell"][1] + rng.randint(-3, 3)]


def put_a_tile(d, rng):
    tile = rng.choice(sorted(load_catalogue().tiles))
    rng.choice(d["seats"])["base"].append({"cell": [rng.randint(-4, 4), rng.randint(-4, 4)], "tile": tile,
                                           "stock": rng.randint(0, 3)})


DAMAGE = [change_number, duplicate_id, remove_id, move_id, swap_ids, add_astronaut, remove_astronaut,
          send_astronaut_home, empty_a_deck, clear_a_base, remove_a_tile, move_a_tile, put_a_tile]


@pytest.mark.slow
def test_a_damaged_real_position_is_refused_or_plays_to_the_end_keeping_every_invariant():
    outcomes = {"refused": 0, "played": 0}
    for case in range(MUTATIONS):
        rng = random.Random(case)
        d = mid_game(case % 10, players=2 + case % 3)
        damage = [rng.choice(DAMAGE) for _ in range(rng.randint(1, 2))]
        for change in damage:
            change(d, rng)
        try:
            s = load_state(d)
        except StateError:
            outcomes["refused"] += 1
            continue
        try:
            play_to_end(s, rng)
        except Exception as exc:
            pytest.fail(f"case {case}: {[f.__name__ for f in damage]} was loaded, then {exc!r}")
        outcomes["played"] += 1
    # Both outcomes must be common, or the damage is too gentle or too crude to test anything.
    assert min(outcomes.values()) > MUTATIONS // 10, outcomes
