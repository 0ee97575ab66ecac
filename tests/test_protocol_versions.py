"""The protocol's version: the `version` command, `protocol` in new/load replies, and the event
fields documented in docs/protocol.md held to the fields a real game emits."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from humanity_desktop.engine.protocol import COMMANDS, PROTOCOL_VERSION, ProtocolSession

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
SEEDS = [(2, 1), (3, 7), (4, 42), (2, 2024)]


def test_version_is_two():
    assert PROTOCOL_VERSION == 2


def test_version_command_needs_no_game_and_is_in_help():
    assert ProtocolSession().handle({"cmd": "version"}) == {"ok": True, "protocol": 2}
    help_ = ProtocolSession().handle({"cmd": "help"})
    assert "version" in [c["cmd"] for c in help_["commands"]]
    assert "version" in [c["cmd"] for c in COMMANDS]


def test_new_and_load_replies_carry_the_protocol():
    s = ProtocolSession()
    new = s.handle({"cmd": "new", "players": 2, "seed": 7})
    assert new["ok"] and new["protocol"] == PROTOCOL_VERSION
    loaded = ProtocolSession().handle({"cmd": "load", "state": new["state"]})
    assert loaded["ok"] and loaded["protocol"] == PROTOCOL_VERSION
    assert s.handle({"cmd": "version"}) == {"ok": True, "protocol": PROTOCOL_VERSION}


def documented_events(text: str) -> dict[str, list[str]]:
    """The `| type | fields | meaning |` table of the Events section."""
    return {kind: fields for kind, (fields, _) in _event_rows(text).items()}


def optional_fields(text: str) -> dict[str, set[str]]:
    """Fields whose meaning says they are "present only" sometimes (mission_taken's `from`)."""
    return {kind: set(re.findall(r"`(\w+)`, which is present only", meaning))
            for kind, (_, meaning) in _event_rows(text).items()}


def _event_rows(text: str) -> dict[str, tuple[list[str], str]]:
    section = text.split("\n## Events", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, tuple[list[str], str]] = {}
    for line in section.splitlines():
        m = re.match(r"\|\s*`(\w+)`\s*\|([^|]*)\|([^|]*)\|", line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} documented twice"
            rows[m.group(1)] = (re.findall(r"`(\w+)`", m.group(2)), m.group(3))
    return rows


def emitted_events() -> dict[str, set[tuple[str, ...]]]:
    """Every event type seen over a few seeded games played to the end, with its field lists."""
    seen: dict[str, set[tuple[str, ...]]] = {}
    for players, seed in SEEDS:
        s = ProtocolSession()
        assert s.handle({"cmd": "new", "players": players, "seed": seed})["ok"]
        rng = random.Random(seed)
        for _ in range(20000):
            legal = s.handle({"cmd": "legal"})
            if not legal["ok"] or not legal["actions"]:
                break
            r = s.handle({"cmd": "apply", "action": rng.choice(legal["actions"]), "with_state": False})
            assert r["ok"], r
            for e in r["events"]:
                seen.setdefault(e["type"], set()).add(tuple(k for k in e if k != "type"))
            if any(e["type"] == "game_over" for e in r["events"]):
                break
    return seen


@pytest.fixture(scope="module")
def emitted():
    return emitted_events()


def test_the_doc_lists_events():
    assert len(documented_events(DOC.read_text(encoding="utf-8"))) > 10


def test_every_emitted_event_is_documented_with_its_fields(emitted):
    text = DOC.read_text(encoding="utf-8")
    documented, optional = documented_events(text), optional_fields(text)
    assert optional["mission_taken"] == {"from"}
    assert "game_over" in emitted, "a seeded game did not reach its end"
    undocumented = sorted(set(emitted) - set(documented))
    assert not undocumented, f"emitted but not documented: {undocumented}"
    for kind, shapes in emitted.items():
        doc_fields = documented[kind]
        for fields in shapes:
            extra = sorted(set(fields) - set(doc_fields))
            assert not extra, f"{kind}: fields emitted but not documented: {extra}"
            missing = sorted(set(doc_fields) - set(fields) - optional[kind])
            assert not missing, f"{kind}: documented fields missing from an event: {missing}"
        seen = set().union(*shapes)
        # a field present only sometimes may not come up in random play (a mission taken over)
        never = [f for f in doc_fields if f not in seen and f not in optional[kind]]
        assert not never, f"{kind}: fields documented but never emitted: {never}"


def test_every_documented_event_is_emitted(emitted):
    documented = documented_events(DOC.read_text(encoding="utf-8"))
    never = sorted(set(documented) - set(emitted))
    assert not never, f"documented but never emitted in {SEEDS}: {never}"


def documented_replies(text: str) -> dict[str, list[str]]:
    """The `| command | reply fields |` table of the Replies section: the fields before any
    parenthesis."""
    section = text.split("\n## Replies", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\|\s*`(\w+)`\s*\|([^|(]*)", line)
        if m:
            rows[m.group(1)] = re.findall(r"`(\w+)`", m.group(2))
    return rows


def test_every_reply_has_the_documented_fields():
    documented = documented_replies(DOC.read_text(encoding="utf-8"))
    assert sorted(documented) == sorted(c["cmd"] for c in COMMANDS)
    s = ProtocolSession()
    new = s.handle({"cmd": "new", "players": 2, "seed": 7})
    legal = s.handle({"cmd": "legal"})
    replies = {
        "new": new,
        "legal": legal,
        "apply": s.handle({"cmd": "apply", "action": legal["actions"][0]}),
        "state": s.handle({"cmd": "state"}),
        "load": s.handle({"cmd": "load", "state": new["state"]}),
        "view": s.handle({"cmd": "view", "player": 0}),
        "help": s.handle({"cmd": "help"}),
        "version": s.handle({"cmd": "version"}),
    }
    for cmd, reply in replies.items():
        assert reply["ok"] is True, (cmd, reply)
        assert sorted(k for k in reply if k != "ok") == sorted(documented[cmd]), cmd
    events_only = s.handle({"cmd": "apply", "action": s.handle({"cmd": "legal"})["actions"][0],
                            "with_state": False})
    assert sorted(k for k in events_only if k != "ok") == sorted(set(documented["apply"]) - {"state"})
