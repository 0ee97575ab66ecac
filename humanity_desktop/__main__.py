"""`humanity-desktop`: open the game window.

Without --seats the title screen opens; with --seats (or --demo) a game starts at once.
The remaining flags let the game run without a person: for demos, tests and benchmarks.
A windowed build has no terminal (sys.stdout and sys.stderr are None): what it would print
there goes to a message box, and a failure to start to the log, a crash report and a box.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import traceback
from pathlib import Path

from . import __version__
from .language import LANGUAGES, PSEUDO, SYSTEM, _, set_language, spoken
from .storage.console import say
from .storage.files import plain_reason
from .storage.save_limits import MAX_SEED
from .ui.message_box import headless, show, tell

EXIT_FAILED = 1
EXIT_NO_DISPLAY = 3
LARGEST_WINDOW = 16384  # pixels a side: SDL's limit for a window's surface
FASTEST_ANIMATION = 1000.0
FRAME_STATS = ("frames", "median_ms", "p99_ms", "cpu_median_ms", "cpu_p99_ms")  # the fields --frame-stats writes


def window_size(text: str) -> tuple[int, int]:
    """--size: WIDTHxHEIGHT, two whole numbers of pixels."""
    width, sep, height = text.strip().lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        # Translators: WIDTHxHEIGHT is how the option is written: keep it.
        raise argparse.ArgumentTypeError(_("{text} is not WIDTHxHEIGHT in pixels, e.g. 1280x720").format(text=repr(text)))
    size = (int(width), int(height))
    if not all(1 <= side <= LARGEST_WINDOW for side in size):
        raise argparse.ArgumentTypeError(_("{text}: each side must be 1 to {most} pixels").format(
            text=repr(text), most=LARGEST_WINDOW))
    return size


def seconds(text: str) -> float:
    """--quit-after-seconds: a finite number of seconds, 0 or more."""
    value = _number(text, _("{text} is not a number of seconds, e.g. 30"))
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text}: the time cannot be negative").format(text=repr(text)))
    return value


def speed(text: str) -> float:
    """--anim-speed: how many times faster, above 0."""
    value = _number(text, _("{text} is not a speed, e.g. 2 for twice as fast"))
    if not 0 < value <= FASTEST_ANIMATION:
        raise argparse.ArgumentTypeError(_("{text}: the speed must be above 0 and at most {most}").format(
            text=repr(text), most=f"{FASTEST_ANIMATION:g}"))
    return value


def seed(text: str) -> int:
    """--seed: a whole number that a save can hold."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
    if abs(value) > MAX_SEED:
        raise argparse.ArgumentTypeError(_("{text} is out of range: a seed is at most {most} either side of 0").format(
            text=repr(text), most=MAX_SEED))
    return value


def _number(text: str, not_one: str) -> float:
    """`text` as a finite number; `not_one` ("{text} is not ...") says so otherwise."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(not_one.format(text=repr(text)))
    return value


class Parser(argparse.ArgumentParser):
    """argparse, with its help, version and usage errors in a message box when the game has no
    terminal: argparse itself writes them to sys.stdout or sys.stderr, None in a windowed build."""

    def _print_message(self, message: str, file=None) -> None:  # how argparse prints help and version
        if message:
            tell(message.rstrip("\n"), file, error=False)

    def error(self, message: str):
        """The usage and the error, as argparse words them, in one message, then exit code 2."""
        tell(f"{self.format_usage()}{self.prog}: error: {message}", sys.stderr)
        self.exit(2)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line's options, its help and errors in the language in force (argparse's own
    words, such as "usage", are Python's)."""
    ap = Parser(prog="humanity-desktop", description=_("Humanity: a research base on Titan."))
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # Translators: the option's values (human, bot, hard) are written so on the command line: keep them.
    ap.add_argument("--seats", help=_("start a game at once: 2 to 4 comma-separated seats, "
                                      "each 'human' or 'bot[:level]', e.g. \"human,bot:hard\""))
    ap.add_argument("--seed", type=seed, help=_("the deal's seed (random if omitted)"))
    ap.add_argument("--demo", action="store_true", help=_("every seat is a bot (4 seats unless --seats says)"))
    ap.add_argument("--quit-after-seconds", type=seconds, metavar="S", help=_("close the window after S seconds"))
    ap.add_argument("--screenshot", type=Path, metavar="PATH", help=_("save the last frame as an image"))
    ap.add_argument("--frame-stats", type=Path, metavar="PATH",
                    help=_("write frame timings as JSON ({fields})").format(
                        fields=", ".join(FRAME_STATS)))
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help=_("resume the last unfinished game; without one, --seats or --demo start a new game"))
    ap.add_argument("--data-dir", type=Path, metavar="DIR",
                    help=_("keep settings, saves and logs in DIR instead of the user's folders"))
    ap.add_argument("--size", type=window_size, help=_(
        "window size, WIDTHxHEIGHT (default: the size it was last left at, "
        "or the largest 16:9 size up to 3840x2160 that fits the screen)"))
    ap.add_argument("--pace", choices=("slow", "normal", "fast", "instant"), help=_("bot pace for this run"))
    ap.add_argument("--language", choices=(*LANGUAGES, PSEUDO),
                    help=_("the language for this run (pseudo: every text lengthened and marked, for testing)"))
    ap.add_argument("--anim-speed", type=speed, metavar="X",
                    help=_("play animations X times faster (demos, tests); overrides the option"))
    ap.add_argument("--check-saves", action="store_true",
                    help=_("debug: read every autosave back and stop if it does not replay to the game on screen"))
    ap.add_argument("--selftest", action="store_true",
                    help=_("check this copy of the game without a screen or sound card: load every asset, "
                           "play a bot game, draw a frame, play a sound; exit 0 if all works"))
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    set_language(spoken(SYSTEM))  # the command line speaks the system's language; the window, the option's
    args = parse_args(argv)
    if args.selftest:
        from .selftest import main as selftest
        return selftest(args.data_dir)
    from .controller import parse_seats
    try:
        seats = None
        if args.seats or args.demo:
            seats = parse_seats(args.seats or "bot,bot,bot,bot", all_bots=args.demo)
    except ValueError as exc:
        tell(f"humanity-desktop: {exc}", sys.stderr)
        return 2
    try:
        return play(args, seats)
    except Exception as exc:  # noqa: BLE001 - the game loop has its crash screen; this is for its start
        return failed_to_start(args.data_dir, exc)


def play(args: argparse.Namespace, seats) -> int:
    """Open the window on the title screen, or straight into a game, and run it to the end."""
    from .storage.save_files import SaveError
    from .ui.app import App, AppConfig, NoDisplay
    from .ui.scenes.game import GameScene
    from .ui.scenes.title import TitleScene
    try:
        app = App(AppConfig(
            data_dir=args.data_dir, size=args.size, quit_after=args.quit_after_seconds,
            screenshot=args.screenshot, frame_stats=args.frame_stats, pace=args.pace, language=args.language, anim_speed=args.anim_speed,
            check_saves=args.check_saves,
        ))
    except NoDisplay as exc:  # the window logged it
        not_started(str(exc))
        return EXIT_NO_DISPLAY
    title = TitleScene(app)
    match = None
    if args.resume:
        try:
            match = app.session.resume()
        except SaveError as exc:
            say(f"humanity-desktop: {exc}", sys.stderr)
            title.text = _("The game cannot be resumed. {problem}").format(problem=exc)
    if match is None and seats is not None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        try:
            match = app.session.new_match(seats, seed)
        except SaveError as exc:  # the unfinished game cannot be kept: the player decides from New game
            say(f"humanity-desktop: {exc}", sys.stderr)
            title.text = _("No new game was started. {problem}").format(problem=exc)
    app.run([title] + ([GameScene(app, match)] if match else []))
    return 0


def failed_to_start(data_dir: Path | None, exc: Exception) -> int:
    """An error before the game loop: a crash report in the log folder, a line in the log, and
    the player told where the report is; the traceback itself only if no report can be written."""
    try:
        from .storage.logs import log, write_crash_report
        from .storage.places import Places
        report = write_crash_report(Places.chosen(data_dir).logs, exc)
    except Exception as unwritten:  # noqa: BLE001 - nowhere to write: the traceback is all there is
        say("".join(traceback.format_exception(exc)).rstrip(), sys.stderr)
        not_started(_("The game could not start ({error}), and no report of it could be written in the log "
                      "folder ({reason}).").format(error=f"{type(exc).__name__}: {exc}", reason=plain_reason(unwritten)))
        return EXIT_FAILED
    if log.handlers:  # the log file is open (with none, logging would print the line on stderr again)
        log.error("the game could not start (%s: %s); the report is in %s", type(exc).__name__, exc, report)
    not_started(_("The game could not start ({error}). The report is in {path}").format(
        error=f"{type(exc).__name__}: {exc}", path=report))
    return EXIT_FAILED


def not_started(message: str) -> None:
    """Tell the player the game did not start: on the terminal, if any, and in a message box,
    for a game started from the desktop, whose terminal (if it has one) nobody sees."""
    say(f"humanity-desktop: {message}", sys.stderr)
    if not headless():
        show(message)


if __name__ == "__main__":
    sys.exit(main())
