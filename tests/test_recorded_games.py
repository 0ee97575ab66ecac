"""Recorded games (tools/record_games.py) replay from their seeds exactly as they were played:
the same position and events after every action, and the same final state.

The engine has since learned to say more: a seat's turn ending (`turn_ended`), and what a
reset and a new year did to the board, and each seat's place at the end. The events are hashed as they were recorded, which
today's events fully determine (`as_recorded`), so every step is still checked bit for bit."""
import importlib.util
import json
from pathlib import Path

import pytest

from humanity_desktop.engine import Action, apply_action, new_game
from humanity_desktop.engine.events import to_json

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("record_games", ROOT / "tools" / "record_games.py")
record_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record_games)

GAMES = json.loads((ROOT / "tests" / "data" / "recorded_games.json").read_text())["games"]


def as_recorded(events: list) -> list[dict]:
    """The events in their JSON form as it was when the games were recorded."""
    out = []
    for e in map(to_json, events):
        if e["type"] == "turn_ended":
            continue
        if e["type"] == "round_reset":
            e = {"type": e["type"], "round": e["round"], "patch": e["patch"], "arm": e["arm"],
                 "advance": e["advance"], "returned": len(e["sent_home"])}
        elif e["type"] == "year_start":
            e = {"type": e["type"], "year": e["year"]}
        elif e["type"] == "game_over":
            e = {key: value for key, value in e.items() if key != "places"}
        out.append(e)
    return out


def test_the_record_covers_every_table_size_and_both_bots():
    assert {g["players"] for g in GAMES} == {2, 3, 4}
    assert {level for g in GAMES for level in g["bots"]} == {"random", "normal"}
    assert all(g["final"]["phase"] == "over" for g in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_a_recorded_game_replays_bit_for_bit(game):
    state = new_game(game["players"], game["seed"])
    assert len(game["hashes"]) == len(game["actions"])
    for i, (raw, expected) in enumerate(zip(game["actions"], game["hashes"])):
        action = Action.from_json(raw)
        assert action.to_json() == raw
        events = apply_action(state, action)
        assert record_games.step_hash(state.to_json(), as_recorded(events)) == expected, f"action {i}: {raw}"
    assert json.dumps(state.to_json()) == json.dumps(game["final"])
