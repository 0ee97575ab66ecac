"""How much of a core a bot's thinking gets inside the running application.

    python benchmarks/thinking_bench.py [--level hard] [--seconds 60] [--size 1920x1080] [--fps 60]

Hard and Expert think for a fixed wall-clock time, so their strength in the game follows
the CPU their worker thread gets in that time; the tournament, which measures the levels,
gives them a whole core. Here the real application runs at its own frame cap and default
pace (headless: SDL's dummy video driver) with two bot seats, drawing the table, its
animations and the thinking indicator, as when a player watches. For each decision that
took over 5 ms it takes the worker thread's CPU time over the decision's wall time; a share
near 1 means the bot plays as strong as in the tournament. Prints one JSON object; record the
figures in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

SHORTEST = 0.005  # seconds: a decision quicker than this (a step of a plan already chosen) says little


def shares(level: str, seconds: float, size: tuple[int, int], fps: int, seed: int) -> tuple[list[tuple[float, float]], list[float]]:
    """(thread CPU, wall) seconds of each bot decision, and the drawn frames' times (ms), over
    `seconds` of a two-bot game in the application."""
    from humanity_desktop.controller import parse_seats, thinking
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.game import GameScene
    from humanity_desktop.ui.scenes.title import TitleScene

    timed: list[tuple[float, float]] = []
    decide = thinking.decide

    def measured(*args):
        wall, cpu = time.perf_counter(), time.thread_time()
        decision = decide(*args)
        timed.append((time.thread_time() - cpu, time.perf_counter() - wall))
        return decision

    thinking.decide = measured  # Thinker.think looks it up for each decision
    with tempfile.TemporaryDirectory() as tmp:
        app = App(AppConfig(data_dir=Path(tmp), size=size, max_fps=fps))
        match = app.session.new_match(parse_seats(f"bot:{level},bot:{level}"), seed)
        started = time.perf_counter()
        app.run([TitleScene(app), GameScene(app, match)],
                stop_when=lambda: time.perf_counter() - started >= seconds or match.state.game_over)
        frames = list(app.frame_ms)
    thinking.decide = decide
    return timed, frames


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--fps", type=int, default=60, help="the frame cap (the game's own is 60)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    timed, frames = shares(args.level, args.seconds, size, args.fps, args.seed)
    share = sorted(cpu / wall for cpu, wall in timed if wall > SHORTEST)
    print(json.dumps({
        "level": args.level, "size": args.size, "fps": args.fps, "seconds": args.seconds,
        "decisions": len(timed), "decisions_over_5_ms": len(share),
        "median_decision_ms": round(statistics.median(w for _, w in timed if w > SHORTEST) * 1000, 1) if share else None,
        "share_median": round(statistics.median(share), 3) if share else None,
        "share_lowest_tenth": round(share[len(share) // 10], 3) if share else None,
        "share_min": round(share[0], 3) if share else None,
        "frames_drawn": len(frames),
        "frame_median_ms": round(statistics.median(frames), 2) if frames else None,
        "cpus": os.cpu_count(),
    }, indent=2))


if __name__ == "__main__":
    main()
