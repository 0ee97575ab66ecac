"""CPU the guided game (Learn to play) uses while it waits for the player, step by step, in
a real window on a real X server (Xvfb), against a normal game's idle measured the same way.

    python benchmarks/guide_idle_bench.py [--sizes 1920x1080,1024x576] [--seconds 4]
                                          [--display :N] [--src DIR] [--vs DIR]

For each window size a fresh process opens the app on the X display (its own Xvfb unless
`--display` names one), starts Learn to play from its first chapter and walks every step
of the guide with the moves it asks for (the steps' own expected actions, sent as the
player's requests through the game screen; Next for a note). At each step that waits for
the player, once the table has come to rest (and a fifth of a second more), it reads the
process's CPU time (time.process_time: every thread) and the frames drawn over `--seconds`
of idling. Steps where the rival plays are walked, not measured. Then, in the same process,
a normal game against one Easy bot (seed 3, as idle_bench) is measured the same way on the
player's turn, `--normal` times. The pointer rests where Xvfb leaves it, off the window's
controls. `--src` runs another checkout's code (the build before a change, unpacked with
`git archive`); `--vs DIR` runs a second one in turn with it, size by size. Prints one JSON
object: per build and size, each step's share of a core and frames a second, their median
and max, and the normal game's; record the figures in docs/benchmarks.md.
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
SETTLE = 0.2  # seconds at rest before a step is measured: the frame that shows it
NORMAL_SEATS, NORMAL_SEED = "human,bot:easy", 3
WALK_SECONDS = 120.0  # a step whose table never comes to rest in this long stops the run


def worker(size: tuple[int, int], seconds: float, normal_runs: int) -> dict:
    """Runs inside the build under test (its code first on sys.path), on the X display."""
    from humanity_desktop.controller import ActionRequested, ConfirmRequested, parse_seats
    from humanity_desktop.controller.tutorial import CONFIRM, END, LEARNER, NEXT, YOUR_TURN, load_script
    from humanity_desktop.engine import Action
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.game import GameScene
    from humanity_desktop.ui.scenes.title import TitleScene
    from humanity_desktop.ui.scenes.tutorial import start

    with tempfile.TemporaryDirectory() as data:
        app = App(AppConfig(data_dir=Path(data), size=size, max_fps=60, pace="fast"))
        title = TitleScene(app)
        steps: list[dict] = []
        normal: list[dict] = []
        plan = {"game": None, "phase": "start", "since": 0.0, "cpu": 0.0, "frames": 0, "index": -1, "walked": 0.0}

        def at_rest(game) -> bool:
            return not game.director.busy and not game.hand.editor.active and not app.stack.dirty

        def awaits_player(game) -> bool:
            """The step's wait is the player's to answer now (a note, a move, Confirm)."""
            runner, m = game.guide.runner, game.match
            wait = runner.step.wait
            if wait in (NEXT, END):
                return True
            if wait == YOUR_TURN:
                return False
            if m.current != LEARNER or not m.human_turn:
                return False
            return m.pending is not None if wait == CONFIRM else m.pending is None

        def answer(game) -> None:
            runner = game.guide.runner
            wait = runner.step.wait
            if wait == NEXT:
                runner.next()
            elif wait == CONFIRM:
                game.orders.send(ConfirmRequested(LEARNER))
            elif isinstance(wait, Action):
                game.orders.send(ActionRequested(LEARNER, wait))
            app.stack.dirty = True  # as the click that made the move would

        def measure(now: float, game, ready: bool, record) -> bool:
            """Advance the settle-then-measure phases; True once a measurement is taken."""
            if plan["phase"] == "walk":
                if ready and at_rest(game):
                    plan["phase"], plan["since"] = "settle", now
            elif plan["phase"] == "settle":
                if not ready or game.director.busy:
                    plan["phase"] = "walk"
                elif now - plan["since"] >= SETTLE:
                    plan.update(phase="measure", since=now, cpu=time.process_time(), frames=len(app.frame_ms))
            elif plan["phase"] == "measure" and now - plan["since"] >= seconds:
                wall = now - plan["since"]
                record({"core_share": round((time.process_time() - plan["cpu"]) / wall, 4),
                        "fps": round((len(app.frame_ms) - plan["frames"]) / wall, 2)})
                plan["phase"] = "walk"
                return True
            return False

        def during() -> bool:
            now = time.perf_counter()
            if plan["phase"] == "start":
                plan.update(game=start(app, load_script(), 0), phase="walk", since=now)
                return False
            game = plan["game"]
            if game.guide is not None:
                runner = game.guide.runner
                if runner.index != plan["index"]:
                    plan.update(index=runner.index, walked=now)
                elif now - plan["walked"] > WALK_SECONDS:
                    raise SystemExit(f"guide_idle_bench: step {runner.index} never came to rest")
                step = runner.step
                if measure(now, game, awaits_player(game), lambda r: steps.append(
                        {"step": runner.index, "chapter": step.chapter + 1, "wait": str(step.wait)[:40], **r})):
                    if runner.free:  # the last step measured: now a normal game, the same way
                        app.stack.pop()
                        match = app.session.new_match(parse_seats(NORMAL_SEATS), NORMAL_SEED)
                        plan.update(game=GameScene(app, match), phase="walk")
                        app.stack.push(plan["game"])
                    else:
                        answer(game)
                return False
            m = game.match
            mine = m.human_turn and m.current == 0 and game.seat.thinking is None
            if measure(now, game, mine, normal.append):
                return len(normal) >= normal_runs
            return False

        app.run([title], stop_when=during)

    def summary(rows: list[dict]) -> dict:
        shares = [r["core_share"] for r in rows]
        return {"median": round(statistics.median(shares), 4), "max": round(max(shares), 4),
                "fps_median": statistics.median(r["fps"] for r in rows), "fps_max": max(r["fps"] for r in rows)}

    return {"size": f"{size[0]}x{size[1]}", "guide": summary(steps), "normal": summary(normal) | {"runs": normal},
            "steps": steps}


def start_xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen, str]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from idle_bench import start_xvfb as start  # one way to find a free display
    return start(size)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1920x1080,1024x576")
    ap.add_argument("--seconds", type=float, default=4.0, help="idle time measured at each step")
    ap.add_argument("--normal", type=int, default=5, help="measurements of the normal game's idle")
    ap.add_argument("--display", help="an X display already running (default: an Xvfb of its own)")
    ap.add_argument("--src", type=Path, default=ROOT, help="the checkout whose code runs (default: this one)")
    ap.add_argument("--vs", type=Path, help="a second checkout, run in turn with --src")
    ap.add_argument("--worker", help=argparse.SUPPRESS)  # WIDTHxHEIGHT: one size, in this process
    args = ap.parse_args()
    if args.worker:
        w, _, h = args.worker.partition("x")
        print(json.dumps(worker((int(w), int(h)), args.seconds, args.normal)))
        return
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    server = None
    if args.display is None:
        if not shutil.which("Xvfb"):
            raise SystemExit("guide_idle_bench: needs Xvfb (apt-get install xvfb), or --display")
        server, display = start_xvfb((max(w for w, _ in sizes), max(h for _, h in sizes)))
    else:
        display = args.display
    builds = {"a": args.src.resolve()} | ({"b": args.vs.resolve()} if args.vs else {})
    report = {"seconds": args.seconds, "load": os.getloadavg()[0]} | {
        name: {"src": src.name, "sizes": []} for name, src in builds.items()}
    try:
        for w, h in sizes:
            for name, src in builds.items():
                env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
                       "PYTHONPATH": str(src)}
                out = subprocess.run([sys.executable, __file__, "--worker", f"{w}x{h}", "--seconds",
                                      str(args.seconds), "--normal", str(args.normal)],
                                     env=env, cwd=src, capture_output=True, text=True, check=False)
                if out.returncode != 0:
                    raise SystemExit(f"guide_idle_bench: {src.name} at {w}x{h} failed:\n{out.stderr[-3000:]}")
                report[name]["sizes"].append(json.loads(out.stdout.strip().splitlines()[-1]))
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    report["load_after"] = os.getloadavg()[0]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
