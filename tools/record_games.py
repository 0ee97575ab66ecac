"""Record complete games as fixtures for tests/test_recorded_games.py.

Each game is played from a fixed seed by the named bots; the fixture keeps the actions in their
JSON form, a hash of the state and events after every action, and the final state's JSON, so a
replay shows any change in what the engine does, however small.

    python tools/record_games.py            # rewrites tests/data/recorded_games.json
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from humanity_desktop.bots import make_bot  # noqa: E402
from humanity_desktop.engine import apply_action, legal_actions, new_game, observe  # noqa: E402
from humanity_desktop.engine.events import to_json  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "recorded_games.json"
# (seed, one bot level per seat): every table size, random play and the Normal bot.
GAMES = [
    (11, ["random", "random"]),
    (12, ["normal", "random", "normal"]),
    (13, ["random", "random", "random", "random"]),
    (14, ["normal", "normal"]),
    (15, ["normal", "random", "random", "normal"]),
]


def step_hash(state_json: dict, events_json: list[dict]) -> str:
    """A short digest of a position and the events that led to it, both in their JSON form."""
    text = json.dumps([state_json, events_json], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(seed: int, levels: list[str]) -> dict:
    state = new_game(len(levels), seed)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    actions, hashes = [], []
    while not state.game_over:
        seat = state.current_player
        action = bots[seat].decide(observe(state, seat), legal_actions(state))
        events = apply_action(state, action)
        actions.append(action.to_json())
        hashes.append(step_hash(state.to_json(), [to_json(e) for e in events]))
    return {"players": len(levels), "seed": seed, "bots": levels, "actions": actions,
            "hashes": hashes, "final": state.to_json()}


def main() -> None:
    games = [record(seed, levels) for seed, levels in GAMES]
    OUT.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")
    print(f"{OUT}: {len(games)} games, {sum(len(g['actions']) for g in games)} actions")


if __name__ == "__main__":
    main()
