"""How long a player waits for the bots: from tournament logs of tables of three or four.

    python tools/pacing.py benchmarks/logs/pacing/*.jsonl.gz

Each seat in turn stands for the player. A round is the thinking of the next segment of
each other seat after one of the player's (a turn, or placements after a reset): what New
game promises. A wait is all the others' thinking between two of the player's segments,
longer than a round where the player has no astronaut left to move and the others play on.
Only games that logged their segments' order are read. For each match (its seats, as the
log names them) it prints how many rounds and waits, their median, 95th percentile and
longest, in seconds; with `--json`, one JSON object.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match_log import LogError, games_of  # noqa: E402


def waits(game: dict, player: int) -> list[float]:
    """The other seats' thinking, in seconds, between each two segments of `player`'s."""
    taken = [0] * len(game["think_ms"])
    out: list[float] = []
    since: float | None = None  # None until the player's first segment
    others = 0  # the other seats' segments since the player's last
    for seat in game["order"]:
        ms = game["think_ms"][seat][taken[seat]]
        taken[seat] += 1
        if seat == player:
            if since is not None and others:  # its own turn then its placements: no wait
                out.append(since / 1000)
            since, others = 0.0, 0
        elif since is not None:
            since += ms
            others += 1
    return out


def rounds(game: dict, player: int) -> list[float]:
    """The thinking, in seconds, of the first segment of each other seat after each of
    `player`'s: a round of the bots' turns, as long as the player does not move again first."""
    taken = [0] * len(game["think_ms"])
    out: list[float] = []
    seen: dict[int, float] | None = None  # the other seats' first segments since the player's last
    for seat in game["order"]:
        ms = game["think_ms"][seat][taken[seat]]
        taken[seat] += 1
        if seat == player:
            seen = {}
        elif seen is not None and seat not in seen:
            seen[seat] = ms
            if len(seen) == len(game["think_ms"]) - 1:
                out.append(sum(seen.values()) / 1000)
                seen = None
    return out


def spread(values: list[float]) -> dict:
    return {"count": len(values), "median_s": round(statistics.median(values), 3),
            "p95_s": round(percentile(values, 0.95), 3), "longest_s": round(max(values), 3)}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def pacing(games: list[dict]) -> dict[str, dict]:
    """Each match's rounds and waits, summed up: {seats: {"rounds": spread, "waits": spread}}."""
    by_match: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"rounds": [], "waits": []})
    for game in games:
        if "order" not in game or len(game["levels"]) < 3:
            continue
        key = ",".join(sorted(game["levels"]))
        for player in range(len(game["levels"])):
            by_match[key]["rounds"].extend(rounds(game, player))
            by_match[key]["waits"].extend(waits(game, player))
    return {key: {kind: spread(values) for kind, values in measured.items()}
            for key, measured in sorted(by_match.items()) if measured["waits"] and measured["rounds"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/pacing.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        games = games_of(args.logs)
    except LogError as exc:
        ap.error(str(exc))
    summary = pacing(games)
    if args.json:
        print(json.dumps(summary))
        return 0
    for key, measured in summary.items():
        for kind, st in measured.items():
            print(f"{key}: {st['count']} {kind}, median {st['median_s']:.2f} s, "
                  f"95th percentile {st['p95_s']:.2f} s, longest {st['longest_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
