"""Recorded games (tools/record_games.py) replay from their seeds exactly as they were played:
the same position and events after every action, and the same final state."""
import importlib.util
import json
from pathlib import Path

import pytest

from humanity_desktop.engine import Action, apply_action, new_game

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("record_games", ROOT / "tools" / "record_games.py")
record_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record_games)

GAMES = json.loads((ROOT / "tests" / "data" / "recorded_games.json").read_text())["games"]


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
        assert record_games.step_hash(state.to_json(), events) == expected, f"action {i}: {raw}"
    assert json.dumps(state.to_json()) == json.dumps(game["final"])
