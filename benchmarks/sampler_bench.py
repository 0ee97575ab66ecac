"""Normal's floor: the CPU of the sampling search when it plays out only its best-judged
candidates, on a fixed set of positions.

    python benchmarks/sampler_bench.py [--src DIR] [--vs DIR] [--runs 5] [--playouts 2]

Normal (`bots/sampling_search.py`) plays out its two best-judged candidates however slow the machine
(`NORMAL_LEAST`) before its 20 ms can stop it, so on a slow machine this floor is its decision
time. The work is fixed: every plan of the segment listed and judged, then `--playouts`
playouts of the best-judged candidates, each with the rival's best reply worked out by
listing and judging the rival's plans (`SamplerBot.least`, with a budget already spent). The
positions are every eighth decision with a choice (a turn or a placement) of 8 games between
untimed Casual bots with 2 and 3 players.

Each build runs in its own process (`--src` this checkout by default; `--vs` a second
checkout, e.g. one made with `git worktree add`), the two alternated run by run. Prints one
JSON object: per build the median over the runs of the whole CPU and the median over the
positions of each position's median, and with `--vs` the ratio new/old of the whole CPU,
run pair by run pair (median, min and max).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bot_bench import _untimed_casuals, add_build_arguments, run_worker  # noqa: E402


def positions(games: int = 8, every: int = 8) -> list[dict]:
    """Every `every`-th decision with a choice of `games` games between untimed Casuals."""
    from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
    from humanity_desktop.engine.state import PLACE, TURN

    out = []
    for g in range(games):
        players, seed = 2 + g % 2, 1300 + g
        s = new_game(players, seed)
        bots = _untimed_casuals(players, seed)
        choices = 0
        while not s.game_over:
            if s.phase in (TURN, PLACE) and len(legal_actions(s)) > 1:
                if choices % every == every // 2:
                    out.append(s.to_json())
                choices += 1
            apply_action(s, bots[s.current].decide(observe(s, s.current), legal_actions(s)))
    return out


def worker(path: str, playouts: int) -> dict:
    from humanity_desktop.bots.base import Budget, thinking
    try:
        from humanity_desktop.bots.sampling_search import SamplerBot
    except ImportError:  # a build from before the search was named for what it is
        from humanity_desktop.bots.references.sampler import SamplerBot
    from humanity_desktop.engine import State

    times = []
    for i, raw in enumerate(json.loads(Path(path).read_text())):
        state = State.from_json(raw)
        bot = SamplerBot(i, seconds=None, least=playouts)
        start = time.process_time()
        with thinking:  # as in play (PlanPlayer.decide)
            bot.search(state, Budget(seconds=0))  # out of time at once: the floor alone
        times.append(time.process_time() - start)
    return {"cpu_s": round(sum(times), 3), "per_position_ms": [round(1000 * t, 2) for t in times]}


def summary(results: list[dict]) -> dict:
    """The median over runs of the whole CPU, and the median over positions of each
    position's median over runs."""
    per_position = [statistics.median(r["per_position_ms"][i] for r in results)
                    for i in range(len(results[0]["per_position_ms"]))]
    return {"cpu_s_median": round(statistics.median(r["cpu_s"] for r in results), 3),
            "position_ms_median": round(statistics.median(per_position), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_arguments(ap)
    ap.add_argument("--playouts", type=int, default=2, help="playouts a search makes (Normal's floor: 2)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.playouts)))
        return
    builds = {"new": args.src.resolve()} | ({"old": args.vs.resolve()} if args.vs else {})
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "positions.json")
        found = positions()
        Path(path).write_text(json.dumps(found))
        runs: dict[str, list[dict]] = {name: [] for name in builds}
        for _ in range(args.runs):
            for name, src in builds.items():
                runs[name].append(run_worker(__file__, src, ["--worker", path, "--playouts", str(args.playouts)]))
    report: dict = {"machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
                    "python": platform.python_version(), "runs": args.runs, "positions": len(found),
                    "playouts": args.playouts, "load_average_1min": round(os.getloadavg()[0], 2)}
    for name, results in runs.items():
        report[name] = {"src": str(builds[name]), **summary(results)}
    if "old" in runs:
        pairs = [new["cpu_s"] / old["cpu_s"] for new, old in zip(runs["new"], runs["old"])]
        report["cpu_ratio_new_over_old"] = {"median": round(statistics.median(pairs), 3),
                                            "min": round(min(pairs), 3), "max": round(max(pairs), 3)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
