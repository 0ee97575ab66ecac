"""The protocol's speed: whole random games played through `ProtocolSession.respond` (request line in,
response line out, as `humanity-engine` serves them), with every apply answered with the
state and with the events only, the two alternated game by game.

    python benchmarks/protocol_bench.py [--games 20] [--players 4]

A client plays like this: "legal", pick one action at random, "apply" it, until an apply's
events end the game. Prints one JSON object; record the figures, the machine and the date in
docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.engine.protocol import ProtocolSession  # noqa: E402


def play(players: int, seed: int, with_state: bool) -> tuple[float, int]:
    """CPU seconds and actions of one random game played over the protocol."""
    session = ProtocolSession()
    rng = random.Random(seed)
    legal = b'{"cmd":"legal"}'
    actions = 0
    start = time.process_time()
    session.respond(json.dumps({"cmd": "new", "players": players, "seed": seed}))
    while True:
        choices = json.loads(session.respond(legal))["actions"]
        request = {"cmd": "apply", "action": rng.choice(choices)}
        if not with_state:
            request["with_state"] = False
        reply = json.loads(session.respond(json.dumps(request, separators=(",", ":"))))
        actions += 1
        if any(e["type"] == "game_over" for e in reply["events"]):
            return time.process_time() - start, actions


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    play(args.players, 0, True)  # warm-up: imports, catalogue, payment memo
    times: dict[bool, list[float]] = {True: [], False: []}
    actions = 0
    for seed in range(1, args.games + 1):
        for with_state in (True, False):  # the same game both ways, one after the other
            seconds, actions = play(args.players, seed, with_state)
            times[with_state].append(seconds)
    state_s, events_s = statistics.median(times[True]), statistics.median(times[False])
    print(json.dumps({
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "games": args.games,
        "players": args.players,
        "with_state_cpu_s_per_game_median": round(state_s, 3),
        "events_only_cpu_s_per_game_median": round(events_s, 3),
        "speed_up_median": round(state_s / events_s, 2),
        "speed_up_per_game": sorted(round(a / b, 2) for a, b in zip(times[True], times[False])),
    }, indent=2))


if __name__ == "__main__":
    main()
