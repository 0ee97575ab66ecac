"""CPU the game uses while nothing happens: the player's own turn, the pointer resting on
the table, in a real window on a real X server (Xvfb), not SDL's dummy driver.

    python benchmarks/idle_bench.py [--src DIR] [--runs 3] [--seconds 20] [--size 1600x900]

Each run opens the game on a new deal against one Easy bot, waits for the bot's opening
moves and the first frames, rests the pointer on the base, then reads the process's CPU
time (all its threads, from /proc, so Linux only) over the measured seconds. `--src` runs
another checkout's code (e.g. the build before a change, unpacked with `git archive`);
`--vs DIR` alternates runs of the two. Prints one JSON object with each run's share of a
core and the median; record the figures in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATS = "human,bot:easy"
SEED = 3  # a deal whose opening leaves the human to move within a few seconds


def start_xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen, str]:
    """An X server of its own on the first free display number."""
    for number in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            display = f":{number}"
            server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size[0] + 100}x{size[1] + 100}x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(50):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return server, display
                time.sleep(0.1)
            server.kill()
    raise SystemExit("idle_bench: no free X display for Xvfb")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process `pid` and all its threads so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_run(src: Path, display: str, size: tuple[int, int], warmup: float, seconds: float,
            shot: Path | None) -> float:
    """The share of one core the game used over `seconds` of rest."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(src)}
    with tempfile.TemporaryDirectory() as data:
        cmd = [sys.executable, "-m", "humanity_desktop", "--seats", SEATS, "--seed", str(SEED),
               "--size", f"{size[0]}x{size[1]}", "--data-dir", data, "--pace", "fast",
               "--quit-after-seconds", str(warmup + seconds + 2)]
        if shot is not None:
            cmd += ["--screenshot", str(shot)]
        game = subprocess.Popen(cmd, env=env, cwd=src, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(warmup / 2)
            # The pointer comes to rest on the middle of the window, as a player's hand would.
            subprocess.run(["xdotool", "mousemove", str(size[0] // 2), str(size[1] // 2)], env=env, check=False)
            time.sleep(warmup / 2)
            before, t0 = cpu_seconds(game.pid), time.monotonic()
            time.sleep(seconds)
            after, t1 = cpu_seconds(game.pid), time.monotonic()
        finally:
            game.wait(timeout=warmup + seconds + 30)
    return (after - before) / (t1 - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT, help="the checkout whose code runs (default: this one)")
    ap.add_argument("--vs", type=Path, help="a second checkout, run in turn with --src")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--screenshot", type=Path, help="save each build's last frame here (NAME_a.png, NAME_b.png)")
    args = ap.parse_args()
    if not shutil.which("Xvfb") or not shutil.which("xdotool"):
        raise SystemExit("idle_bench: needs Xvfb and xdotool (apt-get install xvfb xdotool)")
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    builds = {"a": args.src.resolve()} | ({"b": args.vs.resolve()} if args.vs else {})
    server, display = start_xvfb(size)
    shares: dict[str, list[float]] = {name: [] for name in builds}
    try:
        for run in range(args.runs):
            for name, src in builds.items():
                shot = args.screenshot.with_name(f"{args.screenshot.stem}_{name}.png") if args.screenshot and run == 0 else None
                shares[name].append(one_run(src, display, size, args.warmup, args.seconds, shot))
    finally:
        server.terminate()
        server.wait()
    report = {"size": args.size, "seconds": args.seconds, "load": os.getloadavg()[0]}
    for name, src in builds.items():
        report[name] = {"src": src.name, "core_share": [round(s, 4) for s in shares[name]],
                        "median": round(statistics.median(shares[name]), 4)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
