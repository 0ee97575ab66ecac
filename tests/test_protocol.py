"""The JSON-lines protocol: the ProtocolSession in-process, the loop as a real process, and fuzzing."""
from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from humanity_desktop.engine.actions import SPECS
from humanity_desktop.engine.protocol import NO_GAME, ProtocolSession, main

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("new", "legal", "apply", "state", "load", "view", "help", "version")


def started(players: int = 2, seed: int = 1) -> ProtocolSession:
    s = ProtocolSession()
    r = s.handle({"cmd": "new", "players": players, "seed": seed})
    assert r["ok"], r
    return s


def state_of(s: ProtocolSession) -> dict:
    r = s.handle({"cmd": "state"})
    assert r["ok"], r
    return r["state"]


def advance(s: ProtocolSession, steps: int) -> None:
    for _ in range(steps):
        actions = s.handle({"cmd": "legal"})["actions"]
        assert s.handle({"cmd": "apply", "action": actions[0]})["ok"]


# ---------------------------------------------------------------- success paths

def test_new_returns_the_state():
    r = ProtocolSession().handle({"cmd": "new", "players": 3, "seed": 42})
    assert r["ok"] is True
    state = r["state"]
    assert state["players"] == 3 and state["seed"] == 42
    assert state["game_over"] is False
    assert state["current_player"] == 0
    assert state["scores"] == [0, 0, 0]
    assert (state["year"], state["round"]) == (1, 1)
    assert len(state["seats"]) == 3


def test_new_is_deterministic_and_replaces_the_game():
    s = started(2, 5)
    advance(s, 3)
    again = s.handle({"cmd": "new", "players": 2, "seed": 5})
    assert again["state"] == ProtocolSession().handle({"cmd": "new", "players": 2, "seed": 5})["state"]
    assert state_of(s)["turn"] == 0


def test_legal_lists_json_actions_for_the_current_player():
    s = started()
    r = s.handle({"cmd": "legal"})
    assert r["ok"] and r["player"] == 0
    assert r["actions"] and all(a["type"] in SPECS for a in r["actions"])
    for a in r["actions"]:
        assert set(a) == {"type", *SPECS[a["type"]].fields}


def test_every_legal_action_is_accepted_verbatim():
    s = started(3, 9)
    for _ in range(40):
        before = state_of(s)
        actions = s.handle({"cmd": "legal"})["actions"]
        for a in actions:
            trial = ProtocolSession()
            assert trial.handle({"cmd": "load", "state": before})["ok"]
            r = trial.handle({"cmd": "apply", "action": json.loads(json.dumps(a))})
            assert r["ok"], (a, r)
        assert s.handle({"cmd": "apply", "action": actions[-1]})["ok"]


def test_apply_returns_state_and_events():
    s = started()
    r = s.handle({"cmd": "apply", "action": {"type": "select_astronaut", "astronaut": 0}})
    assert r["ok"] is True
    assert r["state"]["phase"] == "action"
    assert r["events"] == [{"type": "astronaut_selected", "player": 0, "astronaut": 0}]
    assert state_of(s) == r["state"]


def test_state_command():
    s = started(4, 11)
    r = s.handle({"cmd": "state"})
    assert r == {"ok": True, "state": r["state"]}
    assert r["state"]["players"] == 4


def test_view_command():
    s = started(3, 2)
    r = s.handle({"cmd": "view", "player": 1})
    assert r["ok"] is True
    assert r["view"]["seat"] == 1


def test_help_lists_every_command_and_action():
    r = ProtocolSession().handle({"cmd": "help"})
    assert r["ok"] is True
    assert [c["cmd"] for c in r["commands"]] == list(COMMANDS)
    assert r["actions"] == {k: list(spec.fields) for k, spec in SPECS.items()}


def test_full_game_through_the_protocol():
    s = started(2, 3)
    steps = 0
    while True:
        state = state_of(s)
        if state["game_over"]:
            break
        legal = s.handle({"cmd": "legal"})
        assert legal["ok"] and legal["player"] == state["current_player"]
        r = s.handle({"cmd": "apply", "action": legal["actions"][0]})
        assert r["ok"], r
        steps += 1
        assert steps < 5000
    assert state["phase"] == "over" and state["current_player"] is None
    assert state["year"] == 3
    scores = state["scores"]
    assert isinstance(scores, list) and len(scores) == 2
    assert all(isinstance(x, int) for x in scores)
    assert scores == [sum(seat["ledger"].values()) for seat in state["seats"]]
    end = s.handle({"cmd": "legal"})
    assert end == {"ok": True, "player": None, "actions": []}
    late = s.handle({"cmd": "apply", "action": {"type": "work"}})
    assert late["ok"] is False and late["rule"] == "End of the game"


# ---------------------------------------------------------------- refusals

def test_illegal_apply_names_the_rule_and_keeps_the_state():
    s = started()
    before = state_of(s)
    r = s.handle({"cmd": "apply", "action": {"type": "work"}})
    assert r["ok"] is False
    assert r["rule"] == "Turn order" and r["error"]
    assert state_of(s) == before
    advance(s, 1)  # an astronaut is selected: 'work' is legal, a bad hangar is not
    before = state_of(s)
    r = s.handle({"cmd": "apply", "action": {"type": "choose_module", "slot": 9}})
    assert r["ok"] is False and r["rule"] == "Deploy a Module"
    assert state_of(s) == before


@pytest.mark.parametrize("action", [
    None, 3, "work", [], {}, {"type": "dance"}, {"type": "select_astronaut"},
    {"type": "select_astronaut", "astronaut": "0"}, {"type": "select_astronaut", "astronaut": True},
    {"type": "activate", "cell": [1]}, {"type": "spend", "cell": [0, 1], "unit": "gold", "toward": "ice"},
])
def test_malformed_action_is_refused_without_rule(action):
    s = started()
    before = state_of(s)
    r = s.handle({"cmd": "apply", "action": action})
    assert r["ok"] is False and "rule" not in r and r["error"]
    assert state_of(s) == before


@pytest.mark.parametrize("action", [
    {"type": ["work"]}, {"type": {"kind": "work"}},
    {"type": "spend", "cell": [0, 1], "unit": ["ice"], "toward": "ice"},
    {"type": "spend", "cell": [0, 1], "unit": "ice", "toward": ["ice"]},
    {"type": "spend", "cell": [0, 1], "unit": "ice", "toward": {"ice": 1}},
])
def test_an_unhashable_type_unit_or_toward_is_a_bad_action(action):
    s = started()
    before = state_of(s)
    r = s.handle({"cmd": "apply", "action": action})
    assert r["ok"] is False and r["error"].startswith("bad action:")
    assert state_of(s) == before


def test_apply_without_action():
    r = started().handle({"cmd": "apply"})
    assert r["ok"] is False and "action" in r["error"]


@pytest.mark.parametrize("cmd", ["legal", "apply", "state", "view"])
def test_commands_need_a_game(cmd):
    r = ProtocolSession().handle({"cmd": cmd, "action": {"type": "work"}, "player": 0})
    assert r == {"ok": False, "error": NO_GAME}


@pytest.mark.parametrize("request_", [
    None, 1, "new", [], [{"cmd": "new"}], {}, {"cmd": 5}, {"cmd": "NEW"}, {"cmd": "quit"},
    {"cmd": "new"}, {"cmd": "new", "players": 2}, {"cmd": "new", "seed": 1},
    {"cmd": "new", "players": 1, "seed": 1}, {"cmd": "new", "players": 5, "seed": 1},
    {"cmd": "new", "players": "2", "seed": 1}, {"cmd": "new", "players": 2.0, "seed": 1},
    {"cmd": "new", "players": True, "seed": 1}, {"cmd": "new", "players": 2, "seed": "1"},
    {"cmd": "new", "players": 2, "seed": 1.5}, {"cmd": "new", "players": 2, "seed": None},
    {"cmd": "new", "players": 2, "seed": False}, {"cmd": "load"}, {"cmd": "load", "state": None},
])
def test_bad_requests_are_refused(request_):
    r = ProtocolSession().handle(request_)
    assert r["ok"] is False and isinstance(r["error"], str) and r["error"]


@pytest.mark.parametrize("player", [-1, 2, "0", None, 0.0, True])
def test_view_refuses_bad_seats(player):
    s = started(2)
    r = s.handle({"cmd": "view", "player": player})
    assert r["ok"] is False and "player" in r["error"]


def test_handle_line_errors():
    s = ProtocolSession()
    assert s.handle_line("") is None
    assert s.handle_line("  \t\r\n") is None
    assert s.handle_line("{not json")["ok"] is False
    assert s.handle_line(b"\xff\xfe{\x80}")["ok"] is False
    assert s.handle_line('"just a string"')["error"].startswith("a request is a JSON object")
    assert s.handle_line("[" * 100000)["ok"] is False
    assert s.handle_line('{"cmd": "help"}')["ok"] is True


def test_internal_errors_are_answered(monkeypatch):
    s = started()
    before = state_of(s)

    def broken(state, action):
        state.round = 99  # mutates, then fails: the live game must not see it
        raise KeyError("boom")

    monkeypatch.setattr("humanity_desktop.engine.protocol.apply_action", broken)
    r = s.handle({"cmd": "apply", "action": {"type": "select_astronaut", "astronaut": 0}})
    assert r["ok"] is False and r["error"].startswith("internal error:")
    assert state_of(s) == before


# ---------------------------------------------------------------- load

def test_load_round_trips_the_state():
    s = started(3, 17)
    advance(s, 25)
    saved = state_of(s)
    other = started(2, 1)
    r = other.handle({"cmd": "load", "state": json.loads(json.dumps(saved))})
    assert r["ok"] is True and r["state"] == saved
    assert state_of(other) == saved
    assert other.handle({"cmd": "legal"}) == s.handle({"cmd": "legal"})
    a = s.handle({"cmd": "legal"})["actions"][0]
    assert other.handle({"cmd": "apply", "action": a}) == s.handle({"cmd": "apply", "action": a})


def test_load_works_without_a_game():
    saved = state_of(started(2, 8))
    s = ProtocolSession()
    assert s.handle({"cmd": "load", "state": saved})["ok"]
    assert s.handle({"cmd": "legal"})["ok"]


def _set(d: dict, path: tuple, value) -> dict:
    d = copy.deepcopy(d)
    node = d
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return d


def _drop(d: dict, path: tuple) -> dict:
    d = copy.deepcopy(d)
    node = d
    for k in path[:-1]:
        node = node[k]
    del node[path[-1]]
    return d


def _garbage_states(good: dict) -> list:
    five = copy.deepcopy(good)
    five["players"] = 5
    five["seats"] = five["seats"] + five["seats"][:3]
    five["scores"] = five["scores"] + five["scores"][:3]
    return [
        None, 7, "state", [], {}, {"version": 1},
        _set(good, ("version",), 2),
        _drop(good, ("seats",)),
        _drop(good, ("pending",)),
        _drop(good, ("pending", "need")),
        _drop(good, ("seats", 0, "ledger")),
        _drop(good, ("seats", 1, "base", 0, "tile")),
        _set(good, ("players",), 1),
        _set(good, ("players",), "2"),
        _set(good, ("players",), 3),  # two seats listed
        five,
        _set(good, ("seed",), "x"),
        _set(good, ("year",), 4),
        _set(good, ("round",), 2.5),
        _set(good, ("arm",), 14),
        _set(good, ("phase",), "lunch"),
        _set(good, ("phase",), None),
        _set(good, ("current_player",), 2),
        _set(good, ("current_player",), None),
        _set(good, ("hangars",), good["hangars"][:6]),
        _set(good, ("hangars", 0), "m9-99"),
        _set(good, ("hangars", 0), "s-ice"),
        _set(good, ("decks", 0, 0), "nope"),
        _set(good, ("decks",), good["decks"][:2]),
        _set(good, ("experiment_decks", 1, 0), "m1-01"),
        _set(good, ("experiments", 3), "e9-99"),
        _set(good, ("experiments",), good["experiments"][:5]),
        _set(good, ("removed",), ["zzz"]),
        _set(good, ("missions", 0), "Z9"),
        _set(good, ("holders", 0), 7),
        _set(good, ("pending", "need"), {"gold": 1}),
        _set(good, ("pending", "target"), ["hangar", 1]),
        _set(good, ("phase",), "pay"),
        _set(good, ("seats", 0, "base", 0, "tile"), "unknown-tile"),
        _set(good, ("seats", 0, "base", 0, "cell"), [0]),
        _set(good, ("seats", 0, "base", 1, "cell"), good["seats"][0]["base"][0]["cell"]),
        _set(good, ("seats", 0, "base", 1, "stock"), "1"),
        _set(good, ("seats", 0, "base", 1, "stock"), 9),
        _set(good, ("seats", 0, "astronauts", 0, "where"), "mars"),
        _set(good, ("seats", 0, "astronauts", 0, "at"), 3),
        _set(good, ("seats", 0, "astronauts", 0, "work"), 7),
        _set(good, ("seats", 1, "experiments"), ["e0-00"]),
        _set(good, ("seats", 1, "ledger", "square"), 1.5),
        _set(good, ("seats", 1, "ledger"), {"square": 0}),
        _set(good, ("seats", 1, "research"), -1),
        _set(good, ("scores",), [1, 0]),
        _set(good, ("game_over",), True),
    ]


def test_load_refuses_garbage_and_keeps_the_game():
    s = started(2, 4)
    advance(s, 7)
    good = state_of(s)
    assert ProtocolSession().handle({"cmd": "load", "state": good})["ok"]
    refused = 0
    for bad in _garbage_states(good):
        if bad == good:
            continue
        r = s.handle({"cmd": "load", "state": bad})
        assert r["ok"] is False, bad
        assert r["error"].startswith("state refused:"), r
        assert state_of(s) == good
        refused += 1
    assert refused > 40


def test_load_refuses_a_state_with_no_way_forward():
    s = started(2, 1)
    advance(s, 1)  # an astronaut is selected
    stuck = state_of(s)
    stuck["phase"] = "pay"
    stuck["pending"]["target"] = ["module", 1]
    stuck["pending"]["need"] = {"protein": 3}  # the starting base holds no protein
    before = state_of(s)
    r = s.handle({"cmd": "load", "state": stuck})
    assert r["ok"] is False and "no legal action" in r["error"]
    assert state_of(s) == before


def test_load_refuses_an_observation():
    s = started(3, 6)
    view = s.handle({"cmd": "view", "player": 0})["view"]
    before = state_of(s)
    r = s.handle({"cmd": "load", "state": view})
    assert r["ok"] is False and "state refused" in r["error"]
    assert state_of(s) == before


def test_load_accepts_states_from_random_play():
    rng = random.Random(0)
    for game in range(6):
        s = started(2 + game % 3, 100 + game)
        for _ in range(rng.randrange(20, 200)):
            actions = s.handle({"cmd": "legal"})["actions"]
            if not actions:
                break
            assert s.handle({"cmd": "apply", "action": rng.choice(actions)})["ok"]
        saved = state_of(s)
        r = ProtocolSession().handle({"cmd": "load", "state": saved})
        assert r["ok"], r["error"] if not r["ok"] else ""


# ---------------------------------------------------------------- view

def test_view_hides_other_science_and_deck_order():
    s = started(3, 21)
    state = state_of(s)
    state["seats"][0]["science"] = 2
    state["seats"][1]["science"] = 3
    state["seats"][2]["science"] = 4
    assert s.handle({"cmd": "load", "state": state})["ok"]
    for seat in range(3):
        view = s.handle({"cmd": "view", "player": seat})["view"]
        assert [v["science"] for v in view["seats"]] == [
            (2 + i if i == seat else None) for i in range(3)
        ]
        assert view["decks"] == [len(d) for d in state["decks"]]
        assert view["experiment_decks"] == [len(d) for d in state["experiment_decks"]]
        assert "seed" not in view
        text = json.dumps(view)
        for deck in state["decks"]:
            for tile in deck:
                assert f'"{tile}"' not in text


# ---------------------------------------------------------------- the process

def run_engine(data: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "humanity_desktop.engine", *args],
        input=data, capture_output=True, cwd=ROOT, timeout=60,
    )


def non_blank(data: bytes) -> int:
    return sum(1 for line in data.split(b"\n") if line.strip(b" \t\r\n"))


def test_process_answers_every_line():
    junk = random.Random(1).randbytes(300).replace(b"\n", b"")
    lines = [
        b'{"cmd":"help"}',
        b"",
        b"{oops",
        junk,
        b"\xc3\x28\xa0\xa1 not utf-8",
        b'{"cmd":"dance"}',
        b'["cmd","new"]',
        b'{"cmd":"legal"}',
        b"   ",
        b'{"cmd":"new","players":2,"seed":12}\r',
        b'{"cmd":"legal"}',
        b'{"cmd":"apply","action":{"type":"work"}}',
        b'{"cmd":"apply","action":{"type":"select_astronaut","astronaut":0}}',
        b'{"cmd":"view","player":1}',
        b'{"cmd":"state"}',
    ]
    data = b"\n".join(lines) + b"\n"
    done = run_engine(data)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    out = done.stdout.decode("ascii").splitlines()
    assert len(out) == non_blank(data) == 13
    replies = [json.loads(line) for line in out]
    assert [r["ok"] for r in replies] == [
        True, False, False, False, False, False, False, True, True, False, True, True, True,
    ]
    assert replies[6]["error"] == NO_GAME
    assert replies[9]["rule"] == "Turn order"
    assert replies[10]["events"][0]["type"] == "astronaut_selected"


def test_process_survives_random_bytes_and_exits_at_eof():
    rng = random.Random(7)
    chunks = [rng.randbytes(rng.randrange(0, 80)) for _ in range(40)]
    data = b"\n".join(chunks) + b'\n{"cmd":"help"}'  # the last line has no newline
    done = run_engine(data)
    assert done.returncode == 0, done.stderr
    out = done.stdout.split(b"\n")
    assert out[-1] == b""
    replies = [json.loads(line) for line in out[:-1]]
    assert len(replies) == non_blank(data)
    for r in replies:
        _check(r)
    assert replies[-1]["ok"] is True


def test_process_empty_input():
    done = run_engine(b"")
    assert done.returncode == 0 and done.stdout == b""


def test_main_in_process():
    out = io.BytesIO()
    stdin = io.BytesIO(b'{"cmd":"new","players":2,"seed":1}\n\n{"cmd":"legal"}\n')
    assert main([], stdin=stdin, stdout=out) == 0
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [r["ok"] for r in replies] == [True, True]
    assert main(["--help"]) == 0
    assert main(["--bogus"]) == 2


# ---------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)
requests = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"cmd": st.sampled_from(COMMANDS)},
        optional={"players": json_values, "seed": json_values, "player": json_values,
                  "action": json_values | st.fixed_dictionaries(
                      {"type": st.sampled_from(sorted(SPECS))},
                      optional={name: json_values for spec in SPECS.values() for name in spec.fields}),
                  "state": json_values},
    ),
)
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(reply) -> None:
    """A well-formed reply; a refusal must say what was wrong, never that the engine broke."""
    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    json.dumps(reply, allow_nan=False)
    if not reply["ok"]:
        assert isinstance(reply["error"], str)
        assert not reply["error"].startswith("internal error"), reply


@FUZZ
@given(st.lists(requests, min_size=1, max_size=6), st.booleans())
def test_fuzz_handle(reqs, with_game):
    s = started(2, 1) if with_game else ProtocolSession()
    for req in reqs:
        _check(s.handle(req))
    _check(s.handle({"cmd": "help"}))


@FUZZ
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200), json_values.map(json.dumps)))
def test_fuzz_handle_line(line):
    s = started(2, 1)
    reply = s.handle_line(line)
    if reply is not None:
        _check(reply)


GOOD = None


def _good_state() -> dict:
    global GOOD
    if GOOD is None:
        s = started(3, 2)
        advance(s, 30)
        GOOD = state_of(s)
    return GOOD


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@FUZZ
@given(st.data())
def test_fuzz_load_of_mutated_states(data):
    good = _good_state()
    paths = [p for p in _paths(good) if p]
    mutated = copy.deepcopy(good)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            node = mutated
            for k in path[:-1]:
                node = node[k]
            if data.draw(st.booleans()):
                node[path[-1]] = data.draw(json_values)
            elif isinstance(node, dict):
                del node[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass
    s = started(2, 9)
    before = state_of(s)
    reply = s.handle({"cmd": "load", "state": mutated})
    _check(reply)
    if reply["ok"]:
        for req in ({"cmd": "legal"}, {"cmd": "view", "player": 0}, {"cmd": "state"}):
            r = s.handle(req)
            assert r["ok"], (req, r)
        actions = s.handle({"cmd": "legal"})["actions"]
        assert actions or s.handle({"cmd": "state"})["state"]["game_over"]
        if actions:
            assert s.handle({"cmd": "apply", "action": actions[0]})["ok"]
    else:
        assert state_of(s) == before
