"""Frame cost of the game screen while the player's hand is busy: a module carried on its
spring around the table, then tiles turned on the base, at 1920x1080.

    python benchmarks/drag_bench.py [--seconds 6]

Runs headless (SDL's dummy video driver) through the real application loop with real
posted mouse events, the physics stepping at its fixed rate. Prints one JSON object;
record the figures in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 - after the drivers are chosen

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script or imported by tools
from benchmarks import machine  # noqa: E402

SIZE = (1920, 1080)


def post(kind: int, pos, **extra) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=(round(pos[0]), round(pos[1])), **extra))


def gesture_frames(seconds: float, seed: int) -> dict[str, tuple[list[float], list[float]]]:
    """Frame times and their CPU times (ms) while carrying a module, and while turning
    tiles back and forth."""
    from humanity_desktop.controller import ActionRequested, parse_seats
    from humanity_desktop.engine import Action, legal_actions
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.game import GameScene

    with tempfile.TemporaryDirectory() as tmp:
        app = App(AppConfig(data_dir=Path(tmp), size=SIZE, max_fps=0, pace="instant"))
        match = app.session.new_match(parse_seats("human,bot:hard,bot:hard,bot:hard"), seed)
        game = GameScene(app, match)
        app.stack.push(game)
        app.step()
        match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
        while game.director.busy:
            app.step()
        s = match.state
        slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
        frames = {"carry": ([], []), "turn": ([], [])}  # wall and CPU ms per frame

        def run(kind: str, path) -> None:
            post(pygame.MOUSEMOTION, path(0.0), rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, path(0.0), button=1)
            start = time.perf_counter()
            while (t := time.perf_counter() - start) < seconds / 2:
                post(pygame.MOUSEMOTION, path(t), rel=(0, 0), buttons=(1, 0, 0))
                app.step()
                if game.hand.editor.active:
                    frames[kind][0].append(app.frame_ms[-1])
                    frames[kind][1].append(app.frame_cpu_ms[-1])
            game.hand.editor.cancel()  # Esc: back where it came from
            post(pygame.MOUSEBUTTONUP, path(t), button=1)
            while game.hand.editor.active:
                app.step()

        home = game.views.board.hangar_center(s, slot)
        base = game.views.base.area.center
        run("carry", lambda t: (home[0] + (base[0] - home[0]) * (0.5 - 0.5 * math.cos(2 * t)),
                                home[1] + 160 * math.sin(3 * t)))
        match.bus.publish(ActionRequested(0, Action("work")))
        while game.director.busy:
            app.step()
        cell = next(a.cell for a in legal_actions(s) if a.kind == "activate")
        rect = game.views.base.cell_rect(s, 0, cell)
        # Back and forth short of the snap, so the tile turns for the whole run.
        run("turn", lambda t: (rect.centerx + rect.w * 0.4 * math.cos(0.6 * math.sin(4 * t)),
                               rect.centery + rect.w * 0.4 * math.sin(0.6 * math.sin(4 * t))))
        while len(app.stack):
            app.stack.pop()
        app.session.close_match()
        return frames


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    frames = gesture_frames(args.seconds, args.seed)
    print(json.dumps({"size": f"{SIZE[0]}x{SIZE[1]}", **{k: machine.summary(*v) for k, v in frames.items()},
                      "cpus": os.cpu_count()}, indent=2))


if __name__ == "__main__":
    main()
