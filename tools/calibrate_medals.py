"""Calibrate the medal thresholds from the Hard bots' own scores.

    nice python tools/calibrate_medals.py --players 2 --games 12 --seconds 0.2 --jobs 2
    python tools/calibrate_medals.py --players 4 --from-log hard4_selfplay.jsonl

Plays `--games` games of Hard bots only at each seat count in `--players`, or reads the
Hard-only games of that seat count from a tournament log (`--log` of
`tools/tournament.py`, games on the current catalogue and weights at the bots' own time),
and pools every seat's final score. Bronze is the median Hard score, silver its 75th
percentile and gold its 90th: bronze means playing as well as a typical Hard bot, gold as
well as its best games. The thresholds of the seat counts played are rewritten in the
medals file, with how they were made; the other seat counts keep theirs.
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

from humanity_desktop.bots import make_bot  # noqa: E402
from match_log import LogError, read_log  # noqa: E402
from tournament import logged_games, play_game  # noqa: E402
from humanity_desktop.controller.stats import MEDALS_FILE  # noqa: E402

LEVEL = "hard"
PERCENTILES = {"bronze": 50, "silver": 75, "gold": 90}


def played_games(players: int, games: int, seed: int, seconds: float, jobs: int) -> list[dict]:
    tasks = [([LEVEL] * players, seed + g, seconds) for g in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_game, *zip(*tasks)))


def logged_hard_games(log: Path, players: int) -> list[dict]:
    """The log's games of `players` Hard bots thinking their own time, on this catalogue and weights."""
    return list(logged_games(read_log(log), [LEVEL] * players, None).values())


def thresholds(scores: list[int]) -> dict[str, int]:
    """Each medal's score: the percentile of `scores` named in PERCENTILES."""
    cuts = statistics.quantiles(scores, n=100, method="inclusive")  # cuts[k - 1] is the k-th percentile
    return {medal: round(cuts[pct - 1]) for medal, pct in PERCENTILES.items()}


def calibrate(path: Path, games_by_players: dict[int, list[dict]], seconds: float, command: str) -> dict:
    """Rewrite the thresholds of each seat count in `games_by_players` from those games' scores."""
    table = json.loads(path.read_text(encoding="utf-8"))
    for n, games in games_by_players.items():
        scores = [score for g in games for score in g["scores"]]
        table["thresholds"][str(n)] = thresholds(scores)
        table["made_with"][str(n)] = {
            "games": len(games), "scores": len(scores), "seconds_per_decision": seconds,
            "first_seed": min(g["seed"] for g in games),
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
    ap.add_argument("--from-log", type=Path, default=None,
                    help="take the games from this tournament log instead of playing them")
    ap.add_argument("--out", type=Path, default=MEDALS_FILE, help="the medals file to update")
    args = ap.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    if not all(2 <= n <= 4 for n in players) or args.games < 1:
        ap.error("--players takes seat counts 2 to 4, and --games at least 1")
    if args.from_log:
        try:
            games = {n: logged_hard_games(args.from_log, n) for n in players}
        except LogError as exc:
            ap.error(str(exc))
        seconds = make_bot(LEVEL, 0).seconds
    else:
        games = {n: played_games(n, args.games, args.seed, args.seconds, args.jobs) for n in players}
        seconds = args.seconds
    missing = [n for n, found in games.items() if not found]
    if missing:
        ap.error(f"no Hard-only games for {', '.join(map(str, missing))} players in {args.from_log}")
    command = " ".join(["python tools/calibrate_medals.py", *(argv if argv is not None else sys.argv[1:])])
    table = calibrate(args.out, games, seconds, command)
    print(json.dumps({n: table["thresholds"][str(n)] for n in players}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
