"""Soak: many seeded games of random bots (2 to 4 players), the engine's invariants checked
after every action and each game's actions replayed to the same end. Prints a JSON summary.

    nice python tools/soak.py --games 2000 --seed 1 --jobs 2

Game g plays 2 + g % 3 players from seed `seed + g`, so any failure is rerun exactly with
`play_checked(players, seed)` from humanity_desktop.engine.invariants.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.engine.invariants import play_checked  # noqa: E402

SHOWN_FAILURES = 20


def play(job: tuple[int, int]) -> dict:
    players, seed = job
    try:
        return {"players": players, "seed": seed, "actions": play_checked(players, seed)}
    except Exception as exc:  # noqa: BLE001 - a failure is the soak's finding, reported, not fatal
        return {"players": players, "seed": seed, "actions": 0, "failure": f"{type(exc).__name__}: {exc}"}


def jobs_for(games: int, seed: int) -> list[tuple[int, int]]:
    return [(2 + g % 3, seed + g) for g in range(games)]


def soak(games: int, seed: int, jobs: int) -> dict:
    start = time.perf_counter()
    work = jobs_for(games, seed)
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(play, work, chunksize=8)
    else:
        results = [play(job) for job in work]
    seconds = time.perf_counter() - start
    failures = [r for r in results if "failure" in r]
    actions = sum(r["actions"] for r in results)
    return {
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "games_by_players": {str(n): sum(r["players"] == n for r in results) for n in (2, 3, 4)},
        "actions": actions,
        "seconds": round(seconds, 1),
        "actions_per_s": round(actions / seconds) if seconds else None,
        "failures": len(failures),
        "first_failures": failures[:SHOWN_FAILURES],
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "python": platform.python_version(),
                    "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None},
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1, help="game g uses seed SEED + g")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = ap.parse_args(argv)
    summary = soak(args.games, args.seed, args.jobs)
    print(json.dumps(summary, indent=2))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
