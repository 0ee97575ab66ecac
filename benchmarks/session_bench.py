"""Resident memory over a long session: game after game, each started from the Results
screen's New game button as a player would, with the same App throughout.

    nice -n 10 python benchmarks/session_bench.py [--games 30] [--level casual]

Runs headless (SDL's dummy video driver) through the real application loop: four bots at
instant pace, their thinking on the worker thread, every frame drawn. After each game, once
its Results screen is up, it reads the process's resident memory (VmRSS). Prints one JSON
object; record the figures in docs/benchmarks.md. The aim: flat within 20 MB after game 5.
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

SIZE = (1600, 900)
SETTLED_AFTER = 5  # the first games fill the caches; from then on memory should hold still


def rss_mb() -> float:
    """Resident memory now (not the peak), from /proc (Linux)."""
    with open("/proc/self/status", encoding="ascii") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return round(kb / 1024, 1)


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def heap_in_use_mb() -> float | None:
    """Memory the C allocator has handed out and not had back (glibc's main heap and its
    large blocks). Resident memory also counts freed memory the allocator keeps, so it can
    step up and down while this holds still; None off glibc."""
    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return round((info.uordblks + info.hblkhd) / 2 ** 20, 1)


def click(app, button) -> None:
    """Click `button` of the scene on top, as a player would."""
    import pygame
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    app.step()


def start_bots(app, level: str, seed: int) -> None:
    """On the New game screen: four bots of `level`, a fixed seed, then Start game."""
    new_game = app.stack.top
    new_game.rows = [replace(row, kind="bot", level=level) for row in new_game.rows]
    new_game.seed_text = str(seed)
    new_game.on_resize(app.size)  # shows the choices, as the screen's own buttons do
    click(app, new_game.start)


def play_to_results(app) -> float:
    """Step the app until the game on screen has made way for its Results, asked for on the
    final board as a player does; seconds taken."""
    from humanity_desktop.ui.scenes.final_board import FinalBoardScene
    from humanity_desktop.ui.scenes.results import ResultsScene
    started = time.perf_counter()
    while not isinstance(app.stack.top, ResultsScene):
        if isinstance(app.stack.top, FinalBoardScene):
            click(app, app.stack.top.button)
        app.step()
    return time.perf_counter() - started


def session(games: int, level: str, seed: int) -> list[dict]:
    """Resident memory and duration of each of `games` consecutive games in one App."""
    from humanity_desktop.ui.app import App, AppConfig
    from humanity_desktop.ui.scenes.new_game import NewGameScene
    from humanity_desktop.ui.scenes.title import TitleScene
    from humanity_desktop.ui.surface_cache import SURFACES

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        app = App(AppConfig(data_dir=Path(tmp), size=SIZE, max_fps=0, pace="instant", anim_speed=50.0))
        app.stack.push(TitleScene(app))
        app.stack.push(NewGameScene(app))
        for game in range(1, games + 1):
            start_bots(app, level, seed + game)
            seconds = play_to_results(app)
            gc.collect()
            # Python's own allocator and other threads' heaps are not in heap_in_use_mb: the
            # count of live Python allocations says whether what Python holds grows; the
            # pictures kept (bounded, ui/surface_cache.py) are a large part of what is resident.
            rows.append({"game": game, "rss_mb": rss_mb(), "heap_in_use_mb": heap_in_use_mb(),
                         "python_blocks": sys.getallocatedblocks(), "pictures_mb": round(SURFACES.bytes / 2 ** 20, 1),
                         "seconds": round(seconds, 1)})
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
            click(app, next(b for b in app.stack.top.buttons if b.label == "New game"))
        app.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--level", default="casual", help="bot level of the four seats")
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    rows = session(args.games, args.level, args.seed)
    rss = [r["rss_mb"] for r in rows]
    settled = rss[SETTLED_AFTER - 1] if len(rss) >= SETTLED_AFTER else None
    print(json.dumps({
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "bots": args.level,
        "games": rows,
        "max_growth_after_game_5_mb": round(max(rss[SETTLED_AFTER - 1:]) - settled, 1) if settled else None,
        "cpus": os.cpu_count(),
    }, indent=2))


if __name__ == "__main__":
    main()
