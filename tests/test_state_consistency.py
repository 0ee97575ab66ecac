"""A loaded state is one the rules could have produced, relation by relation: a pending decision
fits its phase and its target, experiment groups follow from the experiments held, and each
ledger entry has the sign and value that play gives it. Random legal play never produces a
state the loader refuses; damaged states are refused with a message, or play to the end with
every position reloading equal; a stats file the game writes is one it reads back."""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from humanity_desktop.controller import parse_seats
from humanity_desktop.controller.stats import Stats, parse_stats
from humanity_desktop.engine import apply_action, legal_actions, load_catalogue, new_game
from humanity_desktop.engine.catalogue import RESOURCES
from humanity_desktop.engine.phases import PHASES
from humanity_desktop.engine.ranges import POINTS, POINTS_LOST
from humanity_desktop.engine.state import LEDGER_SOURCES, State
from humanity_desktop.engine.validation import StateError, load_state

from test_loader_properties import mid_game

def fresh() -> dict:
    return new_game(2, 1).to_json()


def in_hangar(d: dict, fits) -> int:
    """Put a year-1 module that `fits` in hangar 1 (swapped with one from the deck, so each
    module stays in one place); returns the hangar."""
    cat = load_catalogue()
    if not fits(cat.tiles[d["hangars"][0]]):
        k = next(k for k, m in enumerate(d["decks"][0]) if fits(cat.tiles[m]))
        d["hangars"][0], d["decks"][0][k] = d["decks"][0][k], d["hangars"][0]
    return 1


def deciding(d: dict, phase: str, fits) -> dict:
    """The current player mid-turn, the module in hangar 1 paid for, deciding in `phase`."""
    d["phase"] = phase
    d["pending"].update(astronaut=0, target=["module", in_hangar(d, fits)])
    return d


def tame_greenhouse(t) -> bool:
    return t.kind == "greenhouse" and t.shape != "wild"


def communication(t) -> bool:
    return t.kind == "communication"


def take_experiment(d: dict, side: str) -> str:
    """Take an experiment of `side` off the wheel or from the spent year-1 deck, so each
    experiment stays in one place and the decks still to deal stay full."""
    cat = load_catalogue()
    for pile in (d["experiment_decks"][0], d["experiments"]):
        for k, e in enumerate(pile):
            if e is not None and cat.experiments[e].side == side:
                if pile is d["experiments"]:
                    pile[k] = None
                else:
                    pile.pop(k)
                return e
    raise AssertionError(f"no {side} experiment to take")


def set_ledger(d: dict, seat: int, **entries: int) -> dict:
    """Set ledger entries and the scores a save writes beside them, as play would."""
    d["seats"][seat]["ledger"].update(entries)
    for player in d["seats"]:
        player["score"] = sum(player["ledger"].values())
    d["scores"] = [player["score"] for player in d["seats"]]
    return d


def refused(d: dict, message: str) -> None:
    with pytest.raises(StateError, match=message):
        load_state(d)


# ---------------------------------------------------------------- one test per break


def test_a_shape_is_not_chosen_for_a_greenhouse_that_shows_its_own():
    refused(deciding(fresh(), "shape", tame_greenhouse), r"pending\.target: Y1-\d+ has no shape to choose")


def test_a_shape_is_not_chosen_for_a_communication_module():
    refused(deciding(fresh(), "shape", communication), r"pending\.target: Y1-\d+ has no shape to choose")


def test_a_colour_is_chosen_for_a_communication_module_only():
    refused(deciding(fresh(), "colour", tame_greenhouse), r"pending\.target: Y1-\d+ has no colour to choose")
    assert load_state(deciding(fresh(), "colour", communication)).phase == "colour"


def test_groups_without_the_experiments_that_made_them_are_refused():
    d = fresh()
    d["seats"][0]["groups"] = [7] * 27
    refused(d, r"seats\[0\]\.groups: .* are not its experiments' groups \[\]")


def test_groups_follow_the_experiments_in_the_order_they_were_finished():
    d = fresh()
    cat = load_catalogue()
    held = [take_experiment(d, side) for side in ("left", "center", "right")]
    d["seats"][0]["experiments"] = held
    set_ledger(d, 0, experiment_group=1 + 2, experiment_vp=sum(cat.experiments[e].vp for e in held))
    for groups, why in (([1, 2, 4], "three groups of one"), ([3, 4], "two groups")):
        d["seats"][0]["groups"] = groups
        refused(copy.deepcopy(d), rf"groups: {groups}".replace("[", r"\[").replace("]", r"\]"))
    d["seats"][0]["groups"] = [7]
    assert load_state(d).players[0].groups == [7]


def test_a_spent_target_left_behind_is_dropped_on_load():
    d = fresh()
    d["hangars"][2], d["removed"] = None, d["removed"] + [d["hangars"][2]]
    d["pending"]["target"] = ["module", 3]  # spent: its hangar is empty, the turn has moved on
    assert load_state(d).target is None


@pytest.mark.parametrize("field, value, message", [
    ("need", {RESOURCES[0]: 1}, r"pending\.need: nothing is owed in phase 'turn'"),
    ("work_left", 2, r"pending\.work_left: no work is left in phase 'turn'"),
    ("upgrades", 1, r"pending\.upgrades: no upgrade is given in phase 'turn'"),
    ("placing", [0], r"pending\.placing: no seat places in phase 'turn'"),
])
def test_nothing_is_owed_worked_or_placed_outside_its_phase(field, value, message):
    d = fresh()
    d["pending"][field] = value
    refused(d, message)


@pytest.mark.parametrize("source, value, message", [
    ("square", -59, r"seats\[0\]\.ledger\.square: must be from 0 to 10000, got -59"),
    ("mission_lost", 3, r"seats\[0\]\.ledger\.mission_lost: must be from -10000 to 0, got 3"),
    ("mission", 3, r"missions won less missions lost must be 3 for each of the 0 held"),
    ("experiment_group", 1, r"experiment_group: must be 0"),
    ("experiment_vp", 2, r"experiment_vp: must be 0"),
    ("science", 1, r"ledger\.science: must be 0 \(nothing before the game ends\)"),
    ("leftovers", 1, r"ledger\.leftovers: must be 0 \(nothing before the game ends\)"),
])
def test_each_ledger_entry_has_the_sign_and_value_play_gives_it(source, value, message):
    d = fresh()
    set_ledger(d, 0, **{source: value})
    refused(d, message)


def test_points_set_in_the_sandbox_are_kept():
    d = fresh()
    set_ledger(d, 1, scenario=40)
    assert load_state(d).players[1].score == 40


@settings(max_examples=200, deadline=None, derandomize=True)
@given(score=st.integers(POINTS.lo, POINTS.hi), other=st.integers(POINTS.lo, POINTS.hi))
def test_every_score_a_game_can_end_with_is_kept_by_stats_that_read_back(score, other):
    stats = Stats()
    stats.record(parse_seats("human,bot:easy"), [score, other], [1 if score >= other else 2, 2 if score >= other else 1])
    assert parse_stats(json.dumps(stats.to_json())).lines == stats.lines


# ---------------------------------------------------------------- properties over whole games


def reloads_equal(s: State) -> None:
    back = load_state(s.to_json())
    assert back == s, f"phase {s.phase}: the position changed through a reload"


def play_reloading(s: State, rng: random.Random) -> int:
    """Random legal play to the end, every position reloaded; returns the positions tried."""
    tried = 0
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
        reloads_equal(s)
        tried += 1
    return tried


def test_legal_play_never_produces_a_state_the_loader_refuses():
    tried = Counter()

    @settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
    def game(players, seed):
        tried["games"] += 1
        tried["positions"] += play_reloading(new_game(players, seed), random.Random(seed))

    game()
    print(f"\nlegal play: {dict(tried)}")
    assert tried["positions"] > 12 * 200, tried


SLOTS = [None, ["module", 1], ["module", 4], ["module", 7], ["experiment", 0], ["experiment", 6]]
# One damage to the relations between fields: (where, what it sets).
DAMAGE = st.one_of(
    st.tuples(st.just("ledger"), st.tuples(st.sampled_from(LEDGER_SOURCES), st.integers(POINTS_LOST.lo, POINTS.hi))),
    st.tuples(st.just("groups"), st.lists(st.integers(1, 7), max_size=6)),
    st.tuples(st.just("phase"), st.sampled_from(PHASES)),
    st.tuples(st.just("target"), st.sampled_from(SLOTS)),
    st.tuples(st.just("work_left"), st.integers(0, 4)),
    st.tuples(st.just("upgrades"), st.integers(0, 4)),
    st.tuples(st.just("placing"), st.lists(st.integers(0, 3), max_size=3, unique=True)),
    st.tuples(st.just("holder"), st.tuples(st.integers(0, 2), st.one_of(st.none(), st.integers(0, 3)))),
    st.tuples(st.just("astronaut"), st.one_of(st.none(), st.integers(0, 2))),
)


def damage(d: dict, seat: int, where: str, what) -> None:
    pending = d["pending"]
    if where == "ledger":
        set_ledger(d, seat, **{what[0]: what[1]})
    elif where == "groups":
        d["seats"][seat]["groups"] = what
    elif where == "phase":
        d["phase"] = what
    elif where == "holder":
        d["holders"][what[0]] = what[1]
    else:
        pending[where] = what


def test_a_state_damaged_between_fields_is_refused_or_plays_to_the_end_reloading_equal():
    tried = Counter()

    @settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(players=st.integers(2, 4), seed=st.integers(0, 10**6), actions=st.integers(0, 400),
           seat=st.integers(0, 3), damages=st.lists(DAMAGE, min_size=1, max_size=3))
    def damaged(players, seed, actions, seat, damages):
        d = mid_game(players, seed, actions).to_json()
        for where, what in damages:
            damage(d, seat % players, where, what)
        try:
            s = load_state(d)
        except StateError as exc:
            assert str(exc), "a refusal says what is wrong"
            tried["refused"] += 1
            return
        tried["accepted"] += 1
        reloads_equal(s)
        tried["positions played on"] += play_reloading(s, random.Random(seed))

    damaged()
    print(f"\ndamaged states: {dict(tried)}")
    # Both outcomes must be common, or the damage is too gentle or too crude to test anything.
    assert min(tried["refused"], tried["accepted"]) > 150 // 10, tried
