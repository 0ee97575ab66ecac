"""Engine events (engine/events.py): each kind declared once, documented in docs/protocol.md,
the same after a trip through JSON, and the only kinds the rules produce."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

from humanity_desktop.engine import invariants
from humanity_desktop.engine.events import EVENTS, MissionTaken, ObstacleDestroyed, TimeModule, from_json, to_json
from humanity_desktop.engine.invariants import InvariantError, check_event, play_checked

DOC = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
SECTION = DOC.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
# type -> its fields, as the section's table lists them
DOCUMENTED = {row[1]: re.findall(r"`(\w+)`", row[2])
              for row in re.finditer(r"^\| `(\w+)` \| ([^|]*) \|", SECTION, re.MULTILINE)}
EXAMPLES = [json.loads(line) for line in SECTION.split("```json\n", 1)[1].split("```", 1)[0].splitlines()]
SWEEP = 30  # random games, 10 at each table size


def test_every_kind_is_documented_with_its_fields_in_order_and_nothing_else():
    assert list(DOCUMENTED) == list(EVENTS)
    assert DOCUMENTED == {kind: [name.rstrip("_") for name in cls._fields] for kind, cls in EVENTS.items()}


def test_the_example_of_every_kind_comes_back_the_same_through_json():
    assert {raw["type"] for raw in EXAMPLES} == set(EVENTS)
    for raw in EXAMPLES:
        event = from_json(raw)
        assert type(event) is EVENTS[raw["type"]] and event.kind == raw["type"]
        assert json.dumps(to_json(event)) == json.dumps(raw)  # the same keys in the same order
        assert from_json(json.loads(json.dumps(to_json(event)))) == event


def test_an_optional_field_is_left_out_while_it_is_none():
    assert to_json(MissionTaken(0, "C5", 3, True)) == {
        "type": "mission_taken", "player": 0, "mission": "C5", "value": 3, "first": True}
    assert to_json(MissionTaken(0, "C5", 4, False, 1))["from"] == 1


@pytest.mark.parametrize("raw, message", [
    ({"type": "dance", "player": 0}, "unknown event type 'dance'; known: skipped, turn_ended, turn, round_start, "),
    ({"player": 0}, "unknown event type None"),
    ({"type": ["turn"], "player": 0}, "unknown event type ['turn']"),
    ({"type": "produced", "player": 1, "cell": [-1, 0], "stock": 1}, "event 'produced' needs 'tile'"),
    ({"type": "turn", "player": 1, "seat": 1}, "event 'turn' has no field 'seat'; its fields: player"),
    ({"type": "turn", "player": True}, "'player' of event 'turn' must be an integer, got True"),
    ({"type": "time_module", "player": 0, "cell": [0]},
     "'cell' of event 'time_module' must be a list of 2 integers, got [0]"),
    ({"type": "mission_taken", "player": 0, "mission": "C5", "value": 4, "first": False, "from": "1"},
     "'from' of event 'mission_taken' must be an integer or null, got '1'"),
    ([{"type": "turn", "player": 0}], "an event is a JSON object with a 'type'"),
])
def test_from_json_refuses_what_is_no_event_and_says_why(raw, message):
    with pytest.raises(ValueError) as info:
        from_json(raw)
    assert str(info.value).startswith(message)


def test_kinds_with_the_same_fields_are_different_events():
    assert ObstacleDestroyed(0, (1, 1)) == ObstacleDestroyed(0, (1, 1))
    assert ObstacleDestroyed(0, (1, 1)) != TimeModule(0, (1, 1))
    assert ObstacleDestroyed(0, (1, 1)) != (0, (1, 1))


class Impostor(NamedTuple):
    player: int


Impostor.kind = "turn"


@pytest.mark.parametrize("rogue", [{"type": "turn", "player": 0}, (0,), Impostor(0)])
def test_an_event_of_no_declared_kind_breaks_an_invariant(rogue):
    with pytest.raises(InvariantError, match="not a declared event"):
        check_event(rogue)


def test_random_games_produce_declared_events_only_and_every_kind_of_them(monkeypatch):
    """play_checked checks each event it sees (check_event); the kinds are counted here."""
    seen: Counter = Counter()
    apply = invariants.apply_action

    def counted(state, action):
        events = apply(state, action)
        seen.update(type(e) for e in events)
        return events

    monkeypatch.setattr(invariants, "apply_action", counted)
    for seed in range(SWEEP):
        play_checked(2 + seed % 3, seed)
    assert set(seen) == set(EVENTS.values())
