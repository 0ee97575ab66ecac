"""Calibrate the medal thresholds from the Hard bots' own scores.

    nice python tools/calibrate_medals.py --players 2 --games 12 --seconds 0.2 --jobs 2

Plays `--games` games of Hard bots only at each seat count in `--players` and pools every
seat's final score. Bronze is the median Hard score, silver its 75th percentile and gold
its 90th: bronze means playing as well as a typical Hard bot, gold as well as its best
games. The thresholds of the seat counts played are rewritten in the medals file, with how
they were made; the other seat counts keep theirs.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.bots.tournament import play_game  # noqa: E402
from humanity_desktop.controller.stats import MEDALS_FILE  # noqa: E402

LEVEL = "hard"
PERCENTILES = {"bronze": 50, "silver": 75, "gold": 90}


def hard_scores(players: int, games: int, seed: int, seconds: float, jobs: int) -> list[int]:
    tasks = [([LEVEL] * players, seed + g, seconds) for g in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_game, *zip(*tasks)))
    return [score for r in results for score in r["scores"]]


def thresholds(scores: list[int]) -> dict[str, int]:
    """Each medal's score: the percentile of `scores` named in PERCENTILES."""
    cuts = statistics.quantiles(scores, n=100, method="inclusive")  # cuts[k - 1] is the k-th percentile
    return {medal: round(cuts[pct - 1]) for medal, pct in PERCENTILES.items()}


def calibrate(path: Path, players: list[int], games: int, seed: int, seconds: float, jobs: int, command: str) -> dict:
    table = json.loads(path.read_text(encoding="utf-8"))
    for n in players:
        scores = hard_scores(n, games, seed, seconds, jobs)
        table["thresholds"][str(n)] = thresholds(scores)
        table["made_with"][str(n)] = {
            "games": games, "scores": len(scores), "seconds_per_decision": seconds, "first_seed": seed,
            "mean": round(statistics.fmean(scores), 1), "min": min(scores), "max": max(scores),
            "date": time.strftime("%Y-%m-%d", time.gmtime()), "command": command,
        }
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="2", help="comma-separated seat counts to calibrate")
    ap.add_argument("--games", type=int, default=12, help="Hard-only games per seat count")
    ap.add_argument("--seconds", type=float, default=0.2, help="each bot decision's time budget")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=MEDALS_FILE, help="the medals file to update")
    args = ap.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    if not all(2 <= n <= 4 for n in players) or args.games < 1:
        ap.error("--players takes seat counts 2 to 4, and --games at least 1")
    command = " ".join(["python tools/calibrate_medals.py", *(argv if argv is not None else sys.argv[1:])])
    table = calibrate(args.out, players, args.games, args.seed, args.seconds, args.jobs, command)
    print(json.dumps({n: table["thresholds"][str(n)] for n in players}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
