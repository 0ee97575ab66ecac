"""Frame cost of the game screen at 1920x1080 during its busiest moment, the reset
animation, plus the time from start to first frame and the peak resident memory.

    python benchmarks/ui_bench.py [--resets 6] [--level expert]

Runs headless (SDL's dummy video driver) through the real application loop, with the
bots thinking on their worker thread as in a real game. Prints one JSON object; record
the figures in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZE = (1920, 1080)


def reset_frames(level: str, resets: int, seed: int) -> list[float]:
    """Frame times (ms) drawn while a reset animation plays, over `resets` resets."""
    from humanity_desktop.controller import parse_seats
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.game import GameScene

    with tempfile.TemporaryDirectory() as tmp:
        app = App(AppConfig(data_dir=Path(tmp), size=SIZE, max_fps=0, pace="instant"))
        match = app.new_match(parse_seats(",".join([f"bot:{level}"] * 4)), seed)
        game = GameScene(app, match)
        flags: list[bool] = []
        seen: set[int] = set()

        def stop() -> bool:
            beat = game.director.beat
            in_reset = beat is not None and beat.reset is not None
            flags.append(in_reset)
            if in_reset:
                seen.add(id(beat))
            # Other beats play fast so the benchmark reaches the resets sooner.
            app.config.anim_speed = 1.0 if any(b.reset for b in game.director.queue) else 30.0
            return len(seen) > resets or match.state.game_over

        app.run([game], stop_when=stop)
        return [ms for ms, busy in zip(app.frame_ms, flags) if busy]


def start_to_first_frame(program: list[str] | None = None) -> tuple[float, float | None]:
    """Seconds from launching the program (by default this checkout's) to its first frame,
    and its peak memory (MB)."""
    with tempfile.TemporaryDirectory() as tmp:
        stats = Path(tmp) / "stats.json"
        started = time.time()
        program = program or [sys.executable, "-m", "humanity_desktop"]
        subprocess.run([*program, "--data-dir", tmp, "--size", "1920x1080",
                        "--quit-after-seconds", "0", "--frame-stats", str(stats)], check=True,
                       capture_output=True)
        report = json.loads(stats.read_text())
        return report["first_frame_at"] - started, report["max_rss_mb"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--resets", type=int, default=6)
    ap.add_argument("--level", default="expert", help="bot level of the four seats")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    frames = sorted(reset_frames(args.level, args.resets, args.seed))
    first, _ = start_to_first_frame()
    from humanity_desktop.ui.app import max_rss_mb
    print(json.dumps({
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "bots": args.level,
        "reset_frames": len(frames),
        "median_ms": round(statistics.median(frames), 2),
        "p99_ms": round(frames[min(len(frames) - 1, int(len(frames) * 0.99))], 2),
        "start_to_first_frame_s": round(first, 3),
        "max_rss_mb_game": max_rss_mb(),
        "cpus": os.cpu_count(),
    }, indent=2))


if __name__ == "__main__":
    main()
