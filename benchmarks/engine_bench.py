"""Engine speed: random 4-player games per second, actions per second, state copy and fork time.

    python benchmarks/engine_bench.py [--games 200] [--repeat 5]

Runs on one core (one process). Prints one JSON object; record the figures, the machine
and the date in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
import timeit

from humanity_desktop.engine import apply_action, legal_actions, new_game


def random_games(n_games: int, players: int, first_seed: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and actions played by `n_games` uniformly random games.

    CPU time is this process's own time on its core, so other work on the machine moves it
    far less than the wall clock."""
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + n_games):
        s = new_game(players, seed)
        rng = random.Random(seed)
        while not s.game_over:
            apply_action(s, rng.choice(legal_actions(s)))
            actions += 1
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def mid_game_state():
    s = new_game(4, 1)
    rng = random.Random(1)
    for _ in range(300):
        apply_action(s, rng.choice(legal_actions(s)))
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    random_games(20, 4, 10_000)  # warm-up: imports, catalogue, payment memo
    runs = [random_games(args.games, 4, 1000 * r) for r in range(args.repeat)]
    gps = [args.games / wall for wall, _, _ in runs]
    cpu_gps = [args.games / cpu for _, cpu, _ in runs]
    aps = [a / cpu for _, cpu, a in runs]
    s = mid_game_state()
    copies = [timeit.timeit(s.copy, number=20_000) / 20_000 * 1e6 for _ in range(args.repeat)]
    forks = [timeit.timeit(s.fork, number=20_000) / 20_000 * 1e6 for _ in range(args.repeat)]
    print(json.dumps({
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "games_per_run": args.games,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "games_per_cpu_second_median": round(statistics.median(cpu_gps), 1),
        "games_per_wall_second_median": round(statistics.median(gps), 1),
        "games_per_cpu_second_runs": [round(x, 1) for x in cpu_gps],
        "actions_per_cpu_second_median": round(statistics.median(aps)),
        "actions_per_game_mean": round(sum(a for _, _, a in runs) / (args.games * args.repeat), 1),
        "state_copy_us_median": round(statistics.median(copies), 2),
        "state_fork_us_median": round(statistics.median(forks), 2),  # seats shared (State.fork)
    }, indent=2))


if __name__ == "__main__":
    main()
