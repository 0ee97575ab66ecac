"""The hand-written copy and JSON code of State and Player follows their field tables: every
attribute is copied and written under its JSON name, in the table's order, and read back."""
from __future__ import annotations

import json
import random

from humanity_desktop.engine import apply_action, legal_actions, new_game
from humanity_desktop.engine.phases import PHASES, Phase
from humanity_desktop.engine.state import OWNERSHIP, PLAYER_FIELDS, SHARED, STATE_FIELDS, Player, State
from humanity_desktop.engine.validation import PHASES as VALIDATION_PHASES


def played(seed: int = 3) -> State:
    s = new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(250):
        apply_action(s, rng.choice(legal_actions(s)))
    return s


def test_json_keys_follow_the_tables_in_order():
    d = played().to_json()
    top = list(dict.fromkeys(f.json if f.group is None else f.group for f in STATE_FIELDS))
    assert list(d) == top
    assert list(d["pending"]) == [f.json for f in STATE_FIELDS if f.group == "pending"]
    assert list(d["seats"][0]) == list(dict.fromkeys(f.json for f in PLAYER_FIELDS))


def test_every_attribute_of_the_tables_is_a_slot_and_is_copied():
    assert set(State.__slots__) == {f.attr for f in STATE_FIELDS if f.attr} | set(SHARED) | set(OWNERSHIP)
    assert set(Player.__slots__) == {f.attr for f in PLAYER_FIELDS if f.attr}
    s = played()
    c = s.copy()
    for name in set(State.__slots__) - {"players"}:
        assert getattr(c, name) == getattr(s, name), name
    assert all(getattr(c, name) is getattr(s, name) for name in SHARED)
    for p, q in zip(s.players, c.players):
        for name in Player.__slots__:
            assert getattr(p, name) == getattr(q, name), name
            value = getattr(q, name)
            assert value is not getattr(p, name) or isinstance(value, (int, str)), f"{name} is shared"


def test_json_round_trip_is_exact():
    s = played(5)
    text = json.dumps(s.to_json())
    back = State.from_json(json.loads(text))
    assert json.dumps(back.to_json()) == text
    assert back.phase is Phase(s.phase)


def test_phases_are_declared_once_and_read_as_their_names():
    assert VALIDATION_PHASES is PHASES
    assert [p.value for p in Phase] == [str(p) for p in Phase] == [f"{p}" for p in Phase]
    assert json.dumps([Phase.PLACE]) == '["place"]' and Phase.PLACE == "place"
