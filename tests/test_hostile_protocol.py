"""The engine protocol against hostile requests (issue: "the engine protocol"): numbers of
thousands of digits, impossible pending decisions, replies that cannot be encoded. A failed
request leaves the game as it was, and every reply is compact JSON."""
from __future__ import annotations

import io
import json

import pytest

from humanity_desktop.engine.protocol import MAX_LINE, ProtocolSession, main, serve
from humanity_desktop.engine.ranges import SEED

from test_protocol import advance, started, state_of


def compact(line: bytes) -> bool:
    return line == json.dumps(json.loads(line), separators=(",", ":")).encode("ascii") + b"\n"


@pytest.mark.parametrize("path", [("turn",), ("round",), ("seats", 0, "ledger", "square"), ("seed",),
                                  ("seats", 1, "science"), ("pending", "work_left")])
@pytest.mark.parametrize("digits", [25, 4000])
def test_a_number_of_thousands_of_digits_is_refused_and_the_game_plays_on(path, digits):
    s = started(2, 3)
    advance(s, 5)
    before = state_of(s)
    hostile = json.loads(json.dumps(before))
    node = hostile
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = int("9" * digits)
    line = s.respond(json.dumps({"cmd": "load", "state": hostile}))
    reply = json.loads(line)
    assert reply["ok"] is False and compact(line)
    assert state_of(s) == before
    advance(s, 3)  # and every later reply is a real one
    assert s.handle({"cmd": "state"})["ok"]


def test_a_line_with_a_huge_integer_is_refused_before_it_is_converted():
    reply = ProtocolSession().handle_line('{"cmd": "new", "players": 2, "seed": ' + "7" * 5000 + "}")
    assert reply["ok"] is False and "5000 digits" in reply["error"]


def test_seeds_beyond_the_range_are_refused():
    for seed in (SEED.hi + 1, SEED.lo - 1):
        assert ProtocolSession().handle({"cmd": "new", "players": 2, "seed": seed})["ok"] is False
    assert ProtocolSession().handle({"cmd": "new", "players": 2, "seed": SEED.hi})["ok"] is True


def test_an_impossible_placing_list_is_refused():
    s = started(2, 1)
    while state_of(s)["phase"] != "place":
        advance(s, 1)
    state = state_of(s)
    cur = state["current_player"]
    coming = [i for i, seat in enumerate(state["seats"]) if any(a["where"] == "returning" for a in seat["astronauts"])]
    assert state["pending"]["placing"][0] == cur and sorted(state["pending"]["placing"]) == coming
    others = [i for i in range(state["players"]) if i not in coming]
    cases = [[cur, cur], [cur, 9], [cur] + others, [cur] + coming * 2]
    if len(coming) > 1:
        cases += [[cur], coming[::-1] if coming[0] == cur else coming]
    for placing in cases:
        hostile = json.loads(json.dumps(state))
        hostile["pending"]["placing"] = placing
        assert s.handle({"cmd": "load", "state": hostile})["ok"] is False, placing
    assert s.handle({"cmd": "load", "state": state})["ok"] is True


def test_work_left_beyond_the_astronaut_is_refused():
    s = started(2, 1)
    s.handle({"cmd": "apply", "action": {"type": "select_astronaut", "astronaut": 0}})
    s.handle({"cmd": "apply", "action": {"type": "work"}})
    hostile = state_of(s)
    assert hostile["phase"] == "work"
    hostile["pending"]["work_left"] = 1_000_000
    reply = s.handle({"cmd": "load", "state": hostile})
    assert reply["ok"] is False and "work_left" in reply["error"]


def test_a_reply_that_cannot_be_encoded_leaves_the_game_as_it_was(monkeypatch):
    s = started(2, 4)
    before = state_of(s)
    monkeypatch.setattr("humanity_desktop.engine.protocol.to_json", lambda event: {"x": float("nan")})
    line = s.respond('{"cmd":"apply","action":{"type":"select_astronaut","astronaut":0}}')
    reply = json.loads(line)
    assert reply["ok"] is False and "not encodable" in reply["error"] and compact(line)
    monkeypatch.undo()
    assert state_of(s) == before


def test_internal_errors_are_compact_json(monkeypatch):
    def broken(state, action):
        raise KeyError("boom")

    monkeypatch.setattr("humanity_desktop.engine.protocol.apply_action", broken)
    out = io.BytesIO()
    serve(io.BytesIO(b'{"cmd":"new","players":2,"seed":1}\n'
                     b'{"cmd":"apply","action":{"type":"work"}}\n'), out)
    lines = out.getvalue().splitlines(keepends=True)
    assert len(lines) == 2 and all(compact(line) for line in lines)
    assert json.loads(lines[1])["error"].startswith("internal error: KeyError")


def test_events_only_answers_play_the_same_game():
    full, lean = started(3, 8), started(3, 8)
    for _ in range(60):
        action = full.handle({"cmd": "legal"})["actions"][-1]
        a = full.handle({"cmd": "apply", "action": action})
        b = lean.handle({"cmd": "apply", "action": action, "with_state": False})
        assert "state" not in b and a["events"] == b["events"]
        assert state_of(lean) == a["state"]
    assert lean.handle({"cmd": "apply", "action": {"type": "work"}, "with_state": "no"})["ok"] is False


def test_a_line_over_the_limit_is_refused_unread_and_the_next_is_answered():
    huge = b"[" + b"{}," * (MAX_LINE // 3 + 10) + b"{}]\n"  # over the limit, as one line
    stdin = io.BytesIO(huge + b'{"cmd":"new","seed":3,"players":2}\n')
    out = io.BytesIO()
    serve(stdin, out)
    first, second = out.getvalue().splitlines(keepends=True)
    assert json.loads(first) == {"ok": False, "error": f"request line longer than {MAX_LINE} bytes: refused unread"}
    assert json.loads(second)["ok"] is True


def test_a_line_at_the_limit_is_read_as_a_request():
    line = b'{"cmd":"help"}'.ljust(MAX_LINE - 1) + b"\n"
    out = io.BytesIO()
    serve(io.BytesIO(line), out)
    assert json.loads(out.getvalue())["ok"] is True


class Refusing(io.RawIOBase):
    """An output that takes nothing, as a full disk or a closed file does."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        raise self.error


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), ValueError("I/O operation on closed file"),
                                   BrokenPipeError(32, "Broken pipe")])
def test_answers_that_cannot_be_written_end_the_protocol_cleanly(error):
    stdin = io.BytesIO(b'{"cmd":"help"}\n')
    assert main([], stdin=stdin, stdout=Refusing(error)) == 1
