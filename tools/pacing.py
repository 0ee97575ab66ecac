"""How long a player waits for the bots: from tournament logs of tables of three or four.

    python tools/pacing.py benchmarks/logs/pacing/*.jsonl.gz

Each seat in turn stands for the player. A wait is the bots' thinking between two of its
segments (its turns and its placements) in which another seat moved: a round of the other
seats' turns, and their placements after a reset. Only games that logged their segments' order are read. For each
match (its seats, as the log names them) it prints how many waits, their median, 95th
percentile and longest, in seconds, with `--json` one JSON object.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match_log import LogError, games_in, read_log  # noqa: E402


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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def pacing(games: list[dict]) -> dict[str, dict]:
    """Each match's waits, summed up: {seats: {waits, median_s, p95_s, longest_s}}."""
    by_match: dict[str, list[float]] = defaultdict(list)
    for game in games:
        if "order" not in game or len(game["levels"]) < 3:
            continue
        key = ",".join(sorted(game["levels"]))
        for player in range(len(game["levels"])):
            by_match[key].extend(waits(game, player))
    return {key: {"waits": len(w), "median_s": round(statistics.median(w), 3),
                  "p95_s": round(percentile(w, 0.95), 3), "longest_s": round(max(w), 3)}
            for key, w in sorted(by_match.items()) if w}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/pacing.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games = []
    for path in args.logs:
        try:
            games.extend(games_in(read_log(path)))
        except LogError as exc:
            ap.error(str(exc))
    summary = pacing(games)
    if args.json:
        print(json.dumps(summary))
        return 0
    for key, st in summary.items():
        print(f"{key}: {st['waits']} waits, median {st['median_s']:.2f} s, "
              f"95th percentile {st['p95_s']:.2f} s, longest {st['longest_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
