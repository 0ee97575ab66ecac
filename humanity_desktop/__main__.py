"""`humanity-desktop`: open the game window.

Without --seats the title screen opens; with --seats (or --demo) a game starts at once.
The remaining flags let the game run without a person: for demos, tests and benchmarks.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="humanity-desktop", description="Humanity: a research base on Titan.")
    ap.add_argument("--seats", help="start a game at once: 2 to 4 comma-separated seats, "
                                    "each 'human' or 'bot[:level]', e.g. \"human,bot:hard\"")
    ap.add_argument("--seed", type=int, help="the deal's seed (random if omitted)")
    ap.add_argument("--demo", action="store_true", help="every seat is a bot (4 seats unless --seats says)")
    ap.add_argument("--quit-after-seconds", type=float, metavar="S", help="close the window after S seconds")
    ap.add_argument("--screenshot", type=Path, metavar="PATH", help="save the last frame as an image")
    ap.add_argument("--frame-stats", type=Path, metavar="PATH",
                    help="write frame timings as JSON (frames, median_ms, p99_ms; cpu_median_ms, cpu_p99_ms)")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="resume the last unfinished game; without one, --seats or --demo start a new game")
    ap.add_argument("--data-dir", type=Path, metavar="DIR",
                    help="keep settings, saves and logs in DIR instead of the user's folders")
    ap.add_argument("--size", help="window size, WIDTHxHEIGHT (default: the size it was last left at, "
                                   "or the largest 16:9 size up to 3840x2160 that fits the screen)")
    ap.add_argument("--pace", choices=("slow", "normal", "fast", "instant"), help="bot pace for this run")
    ap.add_argument("--anim-speed", type=float, metavar="X",
                    help="play animations X times faster (demos, tests); overrides the option")
    ap.add_argument("--check-saves", action="store_true",
                    help="debug: read every autosave back and stop if it does not replay to the game on screen")
    ap.add_argument("--selftest", action="store_true",
                    help="check this copy of the game without a screen or sound card: load every asset, "
                         "play a bot game, draw a frame, play a sound; exit 0 if all works")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.selftest:
        from .selftest import main as selftest
        return selftest()
    from .controller import parse_seats
    try:
        seats = None
        if args.seats or args.demo:
            seats = parse_seats(args.seats or "bot,bot,bot,bot", all_bots=args.demo)
        size = None
        if args.size:
            width, _, height = args.size.partition("x")
            size = (int(width), int(height))
    except ValueError as exc:
        print(f"humanity-desktop: {exc}", file=sys.stderr)
        return 2
    from .controller.saves import SaveError
    from .ui.app import App, AppConfig
    from .ui.scenes.game import GameScene
    from .ui.scenes.title import TitleScene
    app = App(AppConfig(
        data_dir=args.data_dir, size=size, quit_after=args.quit_after_seconds,
        screenshot=args.screenshot, frame_stats=args.frame_stats, pace=args.pace, anim_speed=args.anim_speed,
        check_saves=args.check_saves,
    ))
    title = TitleScene(app)
    match = None
    if args.resume:
        try:
            match = app.session.resume()
        except SaveError as exc:
            print(f"humanity-desktop: {exc}", file=sys.stderr)
            title.text = f"The game cannot be resumed. {exc}"
    if match is None and seats is not None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        match = app.session.new_match(seats, seed)
    app.run([title] + ([GameScene(app, match)] if match else []))
    return 0


if __name__ == "__main__":
    sys.exit(main())
