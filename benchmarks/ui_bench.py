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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported by tools
from benchmarks import machine  # noqa: E402

SIZE = (1920, 1080)


def reset_frames(level: str, resets: int, seed: int) -> tuple[list[float], list[float]]:
    """Frame times and their CPU times (ms) drawn while a reset animation plays, over
    `resets` resets."""
    from humanity_desktop.controller import parse_seats
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.game import GameScene

    with tempfile.TemporaryDirectory() as tmp:
        app = App(AppConfig(data_dir=Path(tmp), size=SIZE, max_fps=0, pace="instant"))
        match = app.session.new_match(parse_seats(",".join([f"bot:{level}"] * 4)), seed)
        game = GameScene(app, match)
        wall: list[float] = []
        cpu: list[float] = []
        seen: set[int] = set()

        def stop() -> bool:
            beat = game.director.beat
            if beat is not None and beat.reset is not None:  # the frame just drawn shows a reset
                wall.append(app.frame_ms[-1])
                cpu.append(app.frame_cpu_ms[-1])
                seen.add(id(beat))
            # Other beats play fast so the benchmark reaches the resets sooner.
            app.config.anim_speed = 1.0 if any(b.reset for b in game.director.queue) else 30.0
            return len(seen) > resets or match.state.game_over

        app.run([game], stop_when=stop)
        return wall, cpu


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
    before = machine.cpu_ticks()
    wall, cpu = reset_frames(args.level, args.resets, args.seed)
    stolen = machine.steal_share(before, machine.cpu_ticks())
    first, _ = start_to_first_frame()
    from humanity_desktop.ui.frame_stats import max_rss_mb
    report = machine.summary(wall, cpu)
    print(json.dumps({
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "bots": args.level,
        "reset_frames": report.pop("frames"),
        **report,
        # The same CPU work per frame in a bare loop: the best this machine allows now.
        "floor": machine.floor(report["cpu_median_ms"]),
        "steal_share": stolen,
        "start_to_first_frame_s": round(first, 3),
        "max_rss_mb_game": max_rss_mb(),
        "cpus": os.cpu_count(),
    }, indent=2))


if __name__ == "__main__":
    main()
