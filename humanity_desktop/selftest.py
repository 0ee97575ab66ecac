"""`humanity-desktop --selftest`: proves, with no screen and no sound card, that this copy of
the game works, whether run from a checkout, an installed package or a built application.

It loads every file under art/ and sounds/ and every language's catalogue, plays a game of bots through the real
application loop to its results, checks the last frame drawn and plays a sound. Each check
prints one line on stdout; the last line is SUCCESS, or on a failure says what failed (exit
code 1). The same lines are kept in REPORT_FILE in the log folder, which the first line names,
and a windowed build with no terminal shows the outcome in a message box. Everything the game
itself writes goes to a temporary folder that is removed afterwards.
"""
from __future__ import annotations

import io
import json
import logging
import os
import struct
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the report is the only output
import pygame  # noqa: E402

from . import __version__, assets  # noqa: E402
from . import language  # noqa: E402
from .storage.console import say  # noqa: E402
from .storage.files import plain_reason  # noqa: E402
from .storage.places import Places  # noqa: E402
from .ui.message_box import headless, show  # noqa: E402

SUCCESS = "selftest passed"
REPORT_FILE = "selftest.txt"  # in the log folder; each self-test's replaces the last one's
DRIVERS = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
SEATS = "bot:random,bot:random,bot:random,bot:random"
SEED = 5
GAME_SECONDS = 60.0  # a limit; such a game takes about 8 s on a 2-core machine
# Frames are capped, as in play: each bot move waits for the last one's autosave, and a loop
# drawing without pause starves the saving thread of the interpreter (3 to 20 times slower).
FPS = 240
SIZE = (1280, 720)
MIN_COLOURS = 8  # fewer distinct colours in a downscaled last frame: nothing was drawn


class SelftestError(Exception):
    """A check failed; the message says which file or step and why."""


# ------------------------------------------------------------------ assets

def _image(path: Path) -> str:
    width, height = pygame.image.load(str(path)).get_size()
    if not width or not height:
        raise SelftestError("the image is empty")
    return "images"


def _svg(path: Path) -> str:
    """Pictures under art/ go through the game's own loader; any other SVG through pygame's."""
    try:
        name = path.relative_to(assets.art()).with_suffix("").as_posix()
    except ValueError:
        pygame.image.load_sized_svg(str(path), (64, 64))
    else:
        from .ui import art
        art.image(name, 64)
    return "images"


def _font(path: Path) -> str:
    if pygame.font.Font(str(path), 16).size("Humanity")[0] <= 0:
        raise SelftestError("the font draws nothing")
    return "fonts"


def _sound(path: Path) -> str:
    if pygame.mixer.Sound(str(path)).get_length() <= 0:
        raise SelftestError("the sound is empty")
    return "sounds"


def _icon_images(images: list[bytes]) -> str:
    """Load each PNG inside an icon file; SDL reads neither .icns nor PNG-packed .ico whole."""
    if not images:
        raise SelftestError("the icon holds no images")
    for image in images:
        if image.startswith(b"\x89PNG"):
            pygame.image.load(io.BytesIO(image), "icon.png")
    return "images"


def _ico(path: Path) -> str:
    data = path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if (reserved, kind) != (0, 1):
        raise SelftestError("not an .ico icon")
    entries = [struct.unpack_from("<II", data, 6 + 16 * i + 8) for i in range(count)]
    images = [data[offset:offset + size] for size, offset in entries]
    if any(not size or len(image) != size for image, (size, _) in zip(images, entries)):
        raise SelftestError("an image of the icon is cut short")
    return _icon_images(images)


def _icns(path: Path) -> str:
    data = path.read_bytes()
    if data[:4] != b"icns" or int.from_bytes(data[4:8], "big") != len(data):
        raise SelftestError("not an .icns icon")
    images, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at + 4:at + 8], "big")
        if length < 8 or at + length > len(data):
            raise SelftestError("an image of the icon is cut short")
        images.append(data[at + 8:at + length])
        at += length
    return _icon_images(images)


def _json(path: Path) -> str:
    json.loads(path.read_text(encoding="utf-8"))
    return "other"


def _readable(path: Path) -> str:
    """Licences, notes and any other kind of file: it was packaged and can be read."""
    path.read_bytes()
    return "other"


LOADERS = {
    **dict.fromkeys((".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tga", ".webp"), _image),
    ".svg": _svg,
    **dict.fromkeys((".ttf", ".otf", ".ttc"), _font),
    **dict.fromkeys((".ogg", ".wav", ".mp3", ".flac", ".opus"), _sound),
    ".ico": _ico,
    ".icns": _icns,
    ".json": _json,
}


def asset_files(root: Path) -> list[Path]:
    """Every file of every asset folder; a missing or empty folder is a failure."""
    files: list[Path] = []
    for folder in assets.FOLDERS:
        found = assets.files(root / folder)
        if not found:
            raise SelftestError(f"no files in {root / folder}")
        files += found
    return files


def load_assets(root: Path) -> str:
    """Load each file with the loader for its kind; a failure lists every file that failed."""
    kinds: Counter[str] = Counter()
    failed: list[str] = []
    files = asset_files(root)
    for path in files:
        try:
            kinds[LOADERS.get(path.suffix.lower(), _readable)(path)] += 1
        except Exception as exc:  # noqa: BLE001 - every broken file is named, not just the first
            failed.append(f"  {path.relative_to(root).as_posix()}: {exc or type(exc).__name__}")
    if failed:
        raise SelftestError(f"{len(failed)} of {len(files)} files under {root} failed to load:\n"
                            + "\n".join(failed))
    counts = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    return f"{len(files)} files load ({counts}) from {root}"


# ------------------------------------------------------------------ the game

def load_languages() -> str:
    """Every language's catalogue gives its own words, and Babel writes its numbers (a build
    that left out a .mo file or Babel's data fails here)."""
    try:
        for code in language.LANGUAGES:
            language.set_language(code)
            if code != language.SOURCE and language._("New game") == "New game":
                raise SelftestError(f"the {code} catalogue does not translate its messages")
            language.percent(0.5)
    finally:
        language.set_language(language.SOURCE)
    return f"{len(language.LANGUAGES)} languages"


def init_pygame() -> str:
    from .ui.audio import open_mixer
    pygame.display.init()
    pygame.font.init()
    if not open_mixer():  # the game's own settings, so sounds load as the game loads them
        raise SelftestError(f"the {os.environ['SDL_AUDIODRIVER']} audio driver did not open")
    return f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"


def play_game(data_dir: Path):
    """Four random bots play a whole game through App.run; returns the app and a summary."""
    from .controller import parse_seats
    from .ui.app import App, AppConfig
    from .ui.scenes.crash import CrashScene
    from .ui.scenes.final_board import FinalBoardScene
    from .ui.scenes.game import GameScene
    from .ui.scenes.results import ResultsScene
    from .ui.scenes.title import TitleScene

    app = App(AppConfig(data_dir=data_dir, size=SIZE, max_fps=FPS, pace="instant", anim_speed=60.0,
                        quit_after=GAME_SECONDS))
    match = app.session.new_match(parse_seats(SEATS), SEED)
    ended: list = []

    def at_the_end() -> bool:
        if isinstance(app.stack.top, FinalBoardScene):
            app.stack.top.see_results()  # as the player does, from the final board
        if isinstance(app.stack.top, (ResultsScene, CrashScene)):
            ended.append(app.stack.top)
        return bool(ended)

    started = time.perf_counter()
    app.run([TitleScene(app), GameScene(app, match)], stop_when=at_the_end)
    if ended and isinstance(ended[0], CrashScene):
        last = ended[0].report.read_text(encoding="utf-8").strip().splitlines()[-1]
        raise SelftestError(f"the game crashed: {last}")
    if not ended:
        raise SelftestError(f"the game did not reach its results within {GAME_SECONDS:.0f} s")
    return app, (f"4 random bots played {len(match.history)} actions to the results in "
                 f"{time.perf_counter() - started:.1f} s, {len(app.frame_ms)} frames")


def check_frame(app) -> str:
    """The last frame drawn (the results) shows something: many colours, not a blank fill."""
    small = pygame.transform.scale(app.screen, (64, 36))
    raw = pygame.image.tobytes(small, "RGB")
    colours = len({raw[i:i + 3] for i in range(0, len(raw), 3)})
    if colours < MIN_COLOURS:
        raise SelftestError(f"the last frame is blank ({colours} colours)")
    return f"the last frame ({app.screen.get_width()}x{app.screen.get_height()}) has {colours} colours"


def play_sound(app) -> str:
    """A new player of the game's own (its table, its loader) plays the table's first effect."""
    from .ui.audio import AudioPlayer
    player = AudioPlayer()
    name = next(iter(player.table.effects), None)
    if name is None:
        raise SelftestError("the sound table lists no effects")
    player.sync(app.settings)
    channel = player.play(name)
    if channel is None or not channel.get_busy():
        raise SelftestError(f"the effect {name!r} did not start playing")
    player.stop()
    return f"{name!r} plays on the {os.environ['SDL_AUDIODRIVER']} audio driver"


# ------------------------------------------------------------------ running

class Report:
    """The self-test's lines: on stdout, when there is one, and in REPORT_FILE in the log folder
    as each comes, so that a self-test that dies on the way still leaves what it found."""

    def __init__(self, folder: Path) -> None:
        path = folder / REPORT_FILE
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - open while the self-test runs
            self.where = f"The report is kept in {path}"
        except OSError as exc:
            self.file = None
            self.where = f"The report cannot be kept in {path} ({plain_reason(exc)})"

    def line(self, text: str) -> None:
        say(text, sys.stdout)
        say(text, self.file)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _check(name: str, step, *args):
    """Run one step; any error becomes a SelftestError that names the step."""
    try:
        return step(*args)
    except SelftestError as exc:
        raise SelftestError(f"{name}: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - the message must name the step that failed
        raise SelftestError(f"{name}: {type(exc).__name__}: {exc}") from exc


def run(data_dir: Path, report: Report) -> None:
    report.line(f"selftest: Humanity Desktop {__version__}, Python {sys.version.split()[0]}. {report.where}")
    report.line(f"selftest: pygame: {_check('pygame', init_pygame)}")
    report.line(f"selftest: assets: {_check('assets', lambda: load_assets(assets.root()))}")
    report.line(f"selftest: languages: {_check('languages', load_languages)}")
    app, summary = _check("game", play_game, data_dir)
    report.line(f"selftest: game: {summary}")
    report.line(f"selftest: frame: {_check('frame', check_frame, app)}")
    report.line(f"selftest: sound: {_check('sound', play_sound, app)}")


def main(data_dir: Path | None = None) -> int:
    """Run every check, reporting to stdout and REPORT_FILE in the log folder (--data-dir's, or
    the user's). Without a terminal (a windowed build started from the desktop or a Windows
    command prompt) the outcome is also shown in a message box. 0 if every check passed."""
    box = sys.stdout is None and not headless()  # asked before the drivers below are set
    drivers = {name: os.environ.get(name) for name in DRIVERS}
    # A self-test runs the same everywhere: no window and no sound device, whatever the machine has.
    os.environ.update(dict.fromkeys(DRIVERS, "dummy"))
    started = time.perf_counter()
    report = Report(Places.chosen(data_dir).logs)
    failure = None
    try:
        with tempfile.TemporaryDirectory(prefix="humanity-selftest-", ignore_cleanup_errors=True) as tmp:
            try:
                run(Path(tmp), report)
            except SelftestError as exc:
                failure = exc
            finally:
                pygame.quit()
                logging.shutdown()  # closes the game's log file so its folder can be removed (Windows)
        outcome = f"selftest FAILED: {failure}" if failure else f"{SUCCESS} in {time.perf_counter() - started:.1f} s"
        report.line(outcome)
    finally:
        report.close()
        for name, value in drivers.items():  # as they were: a message box needs a real video driver
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    if box:
        show(f"{outcome}\n\n{report.where}", error=failure is not None)
    return 1 if failure else 0
