"""The state to JSON and back: exact, at every kind of decision, and play goes on the same."""
import json
import random

import pytest

from builders import (
    A, CAT, bank, end_round_now, experiment_where, fresh, module_where, on_ring, pay_all,
    play, plain_module, put, quiet_missions, set_astronaut, solo_base, spend,
)
from humanity_desktop.engine import Action, State, apply_action, legal_actions
from humanity_desktop.engine.actions import ActionError
from humanity_desktop.engine.catalogue import RESOURCES
from humanity_desktop.engine.state import BOARD, COLOUR, OVER, PAY, PLACE, SHAPE, UPGRADE, WORK


def roundtrip(s):
    text = json.dumps(s.to_json())
    return State.from_json(json.loads(text))


def same_future(s, steps=60, seed=0):
    """The copy from JSON plays on exactly like the original."""
    t = roundtrip(s)
    assert t == s and t.to_json() == s.to_json()
    rng = random.Random(seed)
    for _ in range(steps):
        if s.game_over:
            break
        legal = legal_actions(s)
        assert legal == legal_actions(t)
        a = rng.choice(legal)
        assert apply_action(s, a) == apply_action(t, a)
        assert s.to_json() == t.to_json()


def test_new_game_roundtrip():
    same_future(fresh(4, seed=9))


def test_work_phase_roundtrip():
    s = fresh(2)
    play(s, A("select_astronaut", 0), A("work"), A("activate", (1, 0)))
    assert s.phase == WORK and s.work_left == 1
    same_future(s)


def test_pay_phase_with_a_conversion_in_progress_roundtrip():
    s = fresh(2)
    solo_base(s, 0)
    s.wheel[0] = experiment_where(cost={"protein": 1})
    cell = bank(s, 0, "insect", 3)[0]
    play(s, A("select_astronaut", 0), A("choose_experiment", 0), spend(cell, 2, 5))
    assert s.phase == PAY and s.progress == [0, 0, 1]
    t = roundtrip(s)
    assert t.progress == [0, 0, 1] and t.need == s.need and t.target == s.target
    same_future(s)


def deploy_prompt(tid, base=None):
    s = fresh(2)
    quiet_missions(s)
    solo_base(s, 0)
    for c, t in (base or {}).items():
        put(s, 0, c, t)
    set_astronaut(s, 0, 0, pos=(1, 1))
    s.hangars[2] = tid
    for r, n in CAT.tiles[tid].cost:
        bank(s, 0, RESOURCES[r], n)
    play(s, A("select_astronaut", 0), A("choose_module", 3))
    pay_all(s)
    return s


def test_colour_prompt_roundtrip():
    s = deploy_prompt(module_where(kind="communication", year=1))
    assert s.phase == COLOUR
    same_future(s)


def test_shape_prompt_and_wild_shapes_roundtrip():
    s = deploy_prompt(module_where(kind="greenhouse", shape="wild"))
    assert s.phase == SHAPE
    same_future(s, steps=1)
    s = deploy_prompt(module_where(kind="greenhouse", shape="wild"))
    play(s, A("choose_shape", "octagonal"))
    t = roundtrip(s)
    assert t.players[0].wild == {(1, 1): "octagonal"}


def test_upgrade_prompt_roundtrip():
    o = plain_module("orange")
    s = deploy_prompt(o, base={(0, 0): o, (1, 0): o, (0, 1): o})
    assert s.phase == UPGRADE and s.upgrades == 1
    same_future(s)


def test_place_phase_roundtrip():
    s = fresh(2)
    quiet_missions(s)
    set_astronaut(s, 0, 2, where=BOARD, pos=on_ring(s, 0))
    end_round_now(s)
    assert s.phase == PLACE
    same_future(s)


def test_finished_game_roundtrip():
    rng = random.Random(3)
    s = fresh(3, seed=3)
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
    t = roundtrip(s)
    assert t == s and t.phase == OVER and t.scores == s.scores


@pytest.mark.parametrize("seed", range(3))
def test_roundtrip_anywhere_in_random_games(seed):
    rng = random.Random(seed)
    s = fresh(2 + seed, seed=seed)
    n = 0
    while not s.game_over:
        if n % 25 == 0:
            t = roundtrip(s)
            assert t.to_json() == s.to_json()
            assert legal_actions(t) == legal_actions(s)
        apply_action(s, rng.choice(legal_actions(s)))
        n += 1


def test_a_copy_is_independent():
    s = fresh(2)
    t = s.copy()
    play(t, A("select_astronaut", 0), A("work"), A("activate", (1, 0)))
    assert s == fresh(2)
    assert t != s


def test_unknown_state_version_is_refused():
    d = fresh(2).to_json()
    d["version"] = 99
    with pytest.raises(ValueError):
        State.from_json(d)


@pytest.mark.parametrize("action", [
    Action("select_astronaut", 1), Action("work"), Action("choose_module", 7),
    Action("choose_experiment", 0), Action("activate", (2, -1)), Action("end_work"),
    Action("spend", (1, 1), 6, 0), Action("choose_colour", "blue"), Action("choose_shape", "round"),
    Action("upgrade", 2), Action("place_astronaut", 0, (3, 1)),
])
def test_actions_roundtrip_through_json(action):
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize("bad", [
    {"type": "fly"}, {"type": "upgrade"}, {"type": "upgrade", "astronaut": "1"},
    {"type": "spend", "cell": [0, 0], "unit": "gold", "toward": "ice"},
    {"type": "activate", "cell": [0]}, [1, 2],
])
def test_malformed_actions_are_refused_when_read(bad):
    with pytest.raises(ActionError):
        Action.from_json(bad)
