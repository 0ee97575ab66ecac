"""The application: the window, the loop and the scene stack, with the session that plays
its matches (controller/session.py).

The loop never blocks: input is translated to intents for the top scene, the match is
polled by the game scene, and a frame is drawn (and timed, for --frame-stats) only when what
is shown changed: after input, or when the top scene says it moves (scene.py). In between
the loop rests, looking for input now and then, so an idle window costs next to no CPU.
"""
from __future__ import annotations

import gc
import json
import math
import os
import signal
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pygame

from .. import assets
from ..language import N_, _, set_language, spoken
from ..storage.console import say
from ..storage.files import folder_problem, plain_reason, remove_stale_temps
from ..storage.lock import FolderLock
from ..storage.logs import log, log_start, start_log, stop_log, write_crash_report
from ..storage.places import Places, remember_folder
from ..controller.session import Session
from . import input as ui_input
from .audio import player as audio_player
from .display import Display, claim_high_dpi, desktop_points
from .frame_stats import max_rss_mb, median_ms, p99_ms
from .fonts import shorten_words
from .message_box import HEADLESS_DRIVERS, TITLE
from .scene import Scene, SceneStack
from .settings import FILE as SETTINGS_FILE
from .settings import Settings
from .scenes import routes
from .theme import set_pixel_ratio, set_text_size, ui_scale

# Window sizes are in points (ui/display.py), as the screen's size is.
MIN_SIZE = (1024, 576)  # the smallest window every screen is laid out and tested for
GOOD_SIZE = (1280, 720)  # a window opens at least this large where the screen allows
# The 16:9 sizes a window first opens at, largest first: the largest that fits the screen.
WINDOW_SIZES = ((3840, 2160), (2560, 1440), (1920, 1080), (1600, 900), GOOD_SIZE, (1152, 648), MIN_SIZE)
# Room a window leaves on its screen for its title bar, a task bar or dock, and a border.
SCREEN_MARGIN = (80, 120)
# A bot on the worker thread holds the interpreter lock in slices of this length at most,
# so a frame never waits long for it.
SWITCH_INTERVAL = 0.001
CHECK_SAVES_ENV = "HUMANITY_CHECK_SAVES"
# Frame times kept for --frame-stats and the benchmarks: the last ten minutes at 60 fps, so
# a long session does not keep one more number per frame for ever.
FRAMES_KEPT = 36_000
# While nothing on screen changes the loop rests: it looks for input this often (a frame's
# time at 60 fps, so a click is answered as fast as when drawing), and lets the scenes
# update at least this often (news such as a failed save comes without input).
REST_POLL = 1 / 60
REST_UPDATE = 0.25
# Posted by a match's thread when a bot's decision or a hint is ready: it ends a rest, so the
# screen need not wake to poll for it while the search works.
WAKE = pygame.event.custom_type()
MAX_STEP = 0.1  # seconds: the most time one frame plays out while things move
# Seconds a window manager has to answer a maximize (they take milliseconds) before the game,
# taking it that none runs, makes the window the screen's size itself.
MAXIMIZE_WAIT = 1.0

# What the terminal is told when an output the command line asked for cannot be written.
SCREENSHOT_FAILED = N_("humanity-desktop: the screenshot could not be written to {path} ({reason})")
FRAME_STATS_FAILED = N_("humanity-desktop: the frame stats could not be written to {path} ({reason})")


class NoDisplay(Exception):
    """The window cannot be shown: SDL found no display and fell back to a driver that shows nothing."""


@dataclass
class AppConfig:
    data_dir: Path | None = None  # holds settings, saves and logs; None: the user's own folders
    size: tuple[int, int] | None = None  # None: the size the player left it at, or one that fits the screen
    max_fps: int = 60  # 0: as fast as possible (tests, benchmarks)
    quit_after: float | None = None
    screenshot: Path | None = None
    frame_stats: Path | None = None
    pace: str | None = None  # overrides the saved option (tests, demos)
    language: str | None = None  # overrides the saved option for this run (tests, screenshots)
    # > 1 plays animations faster. None: the saved option. App sets it to the speed in force,
    # which is what the scenes read; a value given here (--anim-speed) overrides the option.
    anim_speed: float | None = None
    # Read every autosave back and check it replays to the position on screen (a debug mode,
    # on in the tests); also on when the environment sets CHECK_SAVES_ENV to 1.
    check_saves: bool = False


class App:
    def __init__(self, config: AppConfig) -> None:
        self.config = config
        config.check_saves = config.check_saves or os.environ.get(CHECK_SAVES_ENV) == "1"
        self._notices: list[str] = []  # for the player, shown by the next screen that can
        self._settings_unsaved = False  # told once per session that the options cannot be saved
        self._signals_before: list = []  # (signal, handler) to put back when the window closes
        self._open_folder(Places.chosen(config.data_dir))
        self._anim_override = config.anim_speed is not None
        self._apply_settings()
        claim_high_dpi()
        pygame.display.init()
        self._check_display()
        pygame.font.init()
        self.display = Display(TITLE, window_icon())
        desktop = desktop_points(pygame.display.get_desktop_sizes()[0])
        self._windowed_size = (at_least_min(config.size) if config.size
                               else opening_size(self.settings.window, desktop))
        self._remembered = self.settings.window
        self._maximized = False  # the window fills the screen's work area (its size is not kept)
        self._desktop = desktop
        self._maximize_by: float | None = None  # when a maximize no window manager answered is done by hand
        self.screen = self._open_window(self.settings.fullscreen)
        if config.size is None and self.settings.window is None and not self.settings.fullscreen \
                and too_small_for_a_window(desktop):
            self._maximize()
        pygame.key.set_repeat(350, 40)
        self.audio = audio_player()
        log_start(pygame.display.get_driver(), pygame.mixer.get_driver() if pygame.mixer.get_init() else "none")
        self.stack = SceneStack()
        self.running = False
        self.frame_ms: deque[float] = deque(maxlen=FRAMES_KEPT)
        self.frame_cpu_ms: deque[float] = deque(maxlen=FRAMES_KEPT)  # the main thread's own work, without waits
        self.first_frame_at: float | None = None
        self._last_step = 0.0
        self._due_at: float | None = None  # when the top scene changes by itself next (perf_counter)
        self._rested = False  # whether the loop slept before this step, rather than hold a frame rate
        self._start_session()
        sys.setswitchinterval(SWITCH_INTERVAL)
        self._signals_before = self._stop_on_signals()

    # ------------------------------------------------------------ the data folder

    def _open_folder(self, places: Places) -> None:
        """Keep the game's files in `places`: claim the data folder, start its log, read its options."""
        if places.note:
            self.notify(places.note)
        self.places, self.data_dir = places, places.data
        self._lock = FolderLock(self.data_dir)
        self.unusable: str | None = None  # why the data folder cannot be used, for the player to choose another
        self.saving = self._claim_data_folder()  # False: this window writes nothing
        if self.saving:
            self._tidy()
        self.settings = Settings.load(self.places.config / SETTINGS_FILE)
        if not self.saving:
            self.settings.path = None
        if self.config.pace:
            self.settings.pace = self.config.pace

    def _start_session(self) -> None:
        """The session of matches, saves and stats in the data folder."""
        self.session = Session(self.data_dir, saving=self.saving, notify=self.notify,
                               thinking=lambda: self.settings.bot_time, on_start=self.audio.listen,
                               check_saves=self.config.check_saves, wake=self.wake)

    def _claim_data_folder(self) -> bool:
        """Whether this window may write to the data folder. If it cannot be used, why is kept
        in `unusable` (the player is asked for another, FOLDER_PROBLEM); if another window
        holds it, the player is told."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            self.unusable = folder_problem(self.data_dir)
            if self.unusable is None and self._lock.acquire():
                return True
        except OSError as exc:
            self.unusable = plain_reason(exc)
        if self.unusable is None:
            self.notify(_("Another Humanity window is using the same data folder, so this window saves nothing: "
                          "no games, options or stats. Play in the other window to keep your progress."))
        return False

    def use_folder(self, folder: Path) -> str | None:
        """Keep the game's files in `folder` from now on, and from the next start: its lock,
        log, options, games and stats. Returns why not, keeping the folder in use, if it
        cannot be used."""
        folder = Path(folder)
        try:
            problem = folder_problem(folder) or (None if FolderLock(folder).free()
                                                 else _("another Humanity window is using it"))
        except OSError as exc:
            problem = plain_reason(exc)
        if problem:
            return problem
        window = (self.settings.fullscreen, self.settings.window)
        self.session.close_match()
        self._leave_folder()
        self._open_folder(Places.of(folder))
        self.settings.fullscreen, self.settings.window = window  # the window stays as it is
        self._remembered = None  # and is kept in the new folder's options as it closes
        self._apply_settings()
        self._start_session()
        try:
            remember_folder(folder)
        except OSError as exc:
            self.notify(_("The game cannot remember this folder for the next start: {reason}.").format(
                reason=plain_reason(exc)))
        self.stack.resize(self.size)
        return None

    def _apply_settings(self) -> None:
        """Put the options read from the data folder in force: the animations' speed and the
        language (unless the command line set them) and the text size."""
        if not self._anim_override:
            self.config.anim_speed = self.settings.anim_speed
        set_text_size(self.settings.text_size)
        set_language(self.config.language or spoken(self.settings.language))

    def _check_display(self) -> None:
        """Stop, letting go of the data folder, when SDL fell back to a driver that shows nothing
        and nobody asked for one: such a window would run unseen for ever."""
        driver = pygame.display.get_driver()
        if driver in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
            message = N_("No window can be shown because no display was found (SDL fell back to its {driver} "
                         "driver): start the game from a desktop session, or set SDL_VIDEODRIVER=dummy to "
                         "run it without a screen on purpose.")
            log.error(message.format(driver=driver))  # the log in English, the player in their language
            self._let_go()
            raise NoDisplay(_(message).format(driver=driver))

    def _tidy(self) -> None:
        """Start the log and clear what killed writes left behind; neither is worth stopping for."""
        try:
            start_log(self.places.logs)
            for folder in {self.places.data, self.places.config}:
                if folder.is_dir():
                    remove_stale_temps(folder)
        except OSError as exc:
            say(_("humanity-desktop: the log cannot be written ({reason})").format(reason=plain_reason(exc)), sys.stderr)

    def notify(self, message: str) -> None:
        message = shorten_words(message)
        if message not in self._notices:
            self._notices.append(message)

    @staticmethod
    def wake() -> None:
        """From any thread: the loop at rest steps now (a WAKE event)."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass  # the window has closed: no loop waits

    def take_notices(self) -> list[str]:
        """The messages for the player not shown yet; the screen that takes them shows them."""
        if news := self.session.take_news():
            self.notify(news)
        notices, self._notices = self._notices, []
        return notices

    def save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError as exc:
            log.warning("the settings could not be saved: %s", exc)
            if not self._settings_unsaved:
                self._settings_unsaved = True
                self.notify(_("Your options cannot be saved: {reason}. They last until the game closes.").format(
                    reason=plain_reason(exc)))

    def _stop_on_signals(self) -> list:
        """Let SIGTERM (a system shutting down, a task manager) and SIGINT (Ctrl+C in the
        terminal) close the window as Quit does, saving the game; returns the handlers it
        replaced, as (signal, handler) (none when off the main thread), for close() to put
        back. A SIGINT the process was started ignoring (in the background) stays ignored."""
        if threading.current_thread() is not threading.main_thread():
            return []
        before = []
        for name in ("SIGTERM", "SIGINT"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            if name == "SIGINT" and signal.getsignal(signum) is signal.SIG_IGN:
                continue
            try:
                replaced = signal.signal(signum, lambda signum, frame: self.quit())
            except (OSError, ValueError):  # a signal this system does not let Python handle
                continue
            before.append((signum, signal.SIG_DFL if replaced is None else replaced))  # None: a handler set outside Python
        return before

    # ------------------------------------------------------------ window

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        return self._draw_on(self.display.open(self._windowed_size, fullscreen))

    def _draw_on(self, surface: pygame.Surface) -> pygame.Surface:
        """`surface`, the window's, with the sizes in points set to its pixels per point."""
        set_pixel_ratio(min(self.display.ratio))
        return surface

    def _maximize(self) -> None:
        """Fill the screen's work area, on a screen too small for a large window and its frame.
        Where no window manager answers (a bare X server, a kiosk), the window is made the
        whole screen's size once MAXIMIZE_WAIT has passed: nothing else takes room on it."""
        self._maximized = True
        self._maximize_by = time.monotonic() + MAXIMIZE_WAIT
        self.screen = self._draw_on(self.display.maximize())

    def _maximize_unanswered(self) -> None:
        self._maximize_by = None
        if self.size != self.display.surface.get_size() or tuple(self.display.points) != tuple(self._desktop):
            self.display.window.position = (0, 0)
            self.screen = self._draw_on(self.display.resize(self._desktop))
            self.stack.resize(self.size)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.save_settings()
        self.screen = self._open_window(self.settings.fullscreen)
        self.stack.resize(self.size)

    def set_anim_speed(self, speed: float) -> None:
        """Keep `speed` as the option; it applies at once unless the command line set one."""
        self.settings.anim_speed = speed
        self.save_settings()
        if not self._anim_override:
            self.config.anim_speed = speed

    def set_text_size(self, factor: float) -> None:
        """Keep `factor` as the option and lay every screen out again with it at once."""
        self.settings.text_size = factor
        self.save_settings()
        set_text_size(factor)
        self.stack.resize(self.size)

    def set_language(self, choice: str) -> None:
        """Keep `choice` as the option and speak it on every screen at once."""
        self.settings.language = choice
        self.save_settings()
        set_language(spoken(choice))
        self.stack.resize(self.size)

    def _resized(self, size: tuple[int, int]) -> None:
        self._maximize_by = None  # the window manager gave the window its size: it is there
        size = at_least_min(size)
        if not self.settings.fullscreen and not self._maximized:
            self._windowed_size = self.settings.window = size
        self.screen = self._draw_on(self.display.refresh() if self.settings.fullscreen else self.display.resize(size))
        self.stack.resize(self.size)

    # ------------------------------------------------------------ loop

    def run(self, scenes: list[Scene], stop_when=None) -> None:
        """Open `scenes` (bottom first) and run until the window closes, Quit is chosen,
        `stop_when()` holds or time is up."""
        for scene in scenes:
            self.stack.push(scene)
        if self.unusable is not None:
            self.stack.push(routes.make(routes.FOLDER_PROBLEM, self))
        clock = pygame.time.Clock()
        started = time.perf_counter()
        self.running = True
        while self.running and len(self.stack):
            try:
                self.step()
            except Exception as exc:  # noqa: BLE001 - shown on the crash screen, never lost
                self._crashed(exc)
            if stop_when is not None and stop_when():
                break
            if self.config.quit_after is not None and time.perf_counter() - started >= self.config.quit_after:
                break
            if self.config.max_fps:
                self._rest(clock)
        self._finish()

    def step(self) -> None:
        """One turn of the loop: input, update, and a frame if what is shown changed; a drawn
        frame's cost is recorded for --frame-stats."""
        t0, c0 = time.perf_counter(), time.thread_time()
        dt = t0 - self._last_step if self._last_step else 0.0
        self._last_step = t0
        events = pygame.event.get()
        if self._rested and events:
            # A rest's time passes (a tooltip's delay, a toast's life) before the input that
            # ended it, so nothing that input starts jumps ahead by it.
            self.stack.update(dt)
            dt = 0.0
        for event in events:
            if getattr(event, "window", self.display.window) is not self.display.window:
                continue  # a window closed before this one opened (an earlier App in the process) left it
            self.stack.dirty = True  # window events too: a window uncovered is drawn again
            if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
                self._maximized = event.type == pygame.WINDOWMAXIMIZED
                self._maximize_by = None  # a window manager answered
            self._dispatch(ui_input.translate(event, self.display.ratio))
        if self._maximize_by is not None and time.monotonic() >= self._maximize_by:
            self._maximize_unanswered()
        self.audio.sync(self.settings)  # the options screen may have changed the volumes
        # Between frames a hitch is not played out as a jump; a rest's time passes whole.
        self.stack.update(dt if self._rested else min(MAX_STEP, dt))
        # Without a frame cap (tests, benchmarks) every step draws, as fast as it can.
        if self._frame_due(t0) or not self.config.max_fps:
            self._draw_frame(t0, c0)
        if not self.config.max_fps and self.session.threads_at_work():
            # Steps without pause (tests, benchmarks) would starve the saving, bot and hint
            # threads of the interpreter (a hint of 20 ms took over a second, two Normal bots
            # made 16 moves in two minutes); in play the frame cap or the rest leaves them time.
            time.sleep(0.001)

    def _frame_due(self, now: float) -> bool:
        """Whether this step draws: something changed, the top scene moves, or the change it
        awaited came due or came about (a hint arrived); notes when it changes next."""
        change = self.stack.next_change()
        awaited = self._due_at is not None and (now >= self._due_at or change is None)
        self._due_at = None if change is None else now + change
        return self.stack.dirty or awaited or change == 0

    def _draw_frame(self, t0: float, c0: float) -> None:
        self.stack.draw(self.screen)
        self.display.flip()
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        self.frame_cpu_ms.append((time.thread_time() - c0) * 1000)
        if self.first_frame_at is None:
            self.first_frame_at = time.time()
            # Everything loaded so far (catalogue, art, fonts) lives for the whole run; kept
            # out of the collector's full passes, those cost about 1.5 ms instead of 10.
            gc.collect()
            gc.freeze()

    def _rest(self, clock: pygame.time.Clock) -> None:
        """Between two steps: hold the frame rate while something moves; otherwise sleep until
        input comes, the top scene's next change is due, or the scenes' next update."""
        now = time.perf_counter()
        self._rested = not (self.stack.dirty or (self._due_at is not None and self._due_at <= now))
        if not self._rested:
            clock.tick(self.config.max_fps)
            return
        wake = min(self._last_step + REST_UPDATE, self._due_at if self._due_at is not None else math.inf)
        while now < wake and not pygame.event.peek():
            time.sleep(min(REST_POLL, wake - now))
            now = time.perf_counter()

    def _crashed(self, exc: Exception) -> None:
        """Write a report and show the crash screen. The scenes are dropped without closing
        them, so nothing from the failed moment reaches the autosave: it holds the position
        after the last whole action, ready for Continue."""
        if routes.showing(self.stack.top, routes.CRASH):
            raise exc  # the crash screen itself failed: nothing friendlier is left to show
        try:
            report, unwritten = write_crash_report(self.places.logs, exc), ""
        except OSError as why:  # a log folder that takes nothing: the screen says so instead
            report, unwritten = None, plain_reason(why)
        log.error("unexpected error, report in %s", report or f"no file ({unwritten})", exc_info=exc)
        self.session.close_match()
        self.stack = SceneStack()
        self.stack.push(routes.make(routes.CRASH, self, report, unwritten))

    def _dispatch(self, intent) -> None:
        if intent is None:
            return
        if isinstance(intent, ui_input.Quit):
            self.quit()
        elif isinstance(intent, ui_input.Fullscreen):
            self.toggle_fullscreen()
        elif isinstance(intent, ui_input.Resize):
            self._resized(intent.size)
        elif isinstance(intent, ui_input.Rescale):
            self._resized(self.display.points)
        else:
            self.stack.handle(intent)

    def quit(self) -> None:
        self.running = False

    def _finish(self) -> None:
        """Write the outputs asked for on the command line, then close: one that cannot be
        written is told on the terminal and the window closes as after any session."""
        try:
            if self.config.screenshot:
                self._write_output(SCREENSHOT_FAILED, self.config.screenshot,
                                   lambda path: pygame.image.save(self.screen, str(path)))
            if self.config.frame_stats:
                self._write_output(FRAME_STATS_FAILED, self.config.frame_stats,
                                   lambda path: path.write_text(json.dumps(self.frame_report(), indent=2)))
        finally:
            self.close()

    @staticmethod
    def _write_output(failed: str, path: Path, write) -> None:
        """`write(path)`, its folder made first; if either fails the player is told on stderr
        (which may itself take nothing) with `failed`, and the log says so in English."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write(path)
        except (OSError, pygame.error) as exc:
            reason = plain_reason(exc) if isinstance(exc, OSError) else str(exc)
            log.warning(failed.format(path=path, reason=reason))
            say(_(failed).format(path=path, reason=reason), sys.stderr)

    def close(self) -> None:
        """Close the screens and the match (saving it), and let go of the data folder."""
        while len(self.stack):
            self.stack.pop()  # the game scene saves its match as it closes
        self.session.close_match()
        if self.settings.window != self._remembered:
            self.save_settings()  # kept once, not on every step of a resize
        self.audio.stop()
        self.screen = self.screen.copy()  # the last frame outlives the window (the self-test reads it)
        self.display.close()
        self._let_go()

    def _let_go(self) -> None:
        """Leave the data folder and put back the signal handlers this window replaced."""
        self._leave_folder()
        for signum, handler in self._signals_before:
            signal.signal(signum, handler)
        self._signals_before = []

    def _leave_folder(self) -> None:
        """Close the log this window started (_tidy) and free the data folder for the next one."""
        if self.saving:
            stop_log()
        self._lock.release()

    def frame_report(self) -> dict:
        """Frame times (wall clock, what the player sees) and the main thread's CPU time per
        frame (the game's own work; the difference is time the system gave to others)."""
        return {"frames": len(self.frame_ms),
                "median_ms": median_ms(self.frame_ms), "p99_ms": p99_ms(self.frame_ms),
                "cpu_median_ms": median_ms(self.frame_cpu_ms), "cpu_p99_ms": p99_ms(self.frame_cpu_ms),
                "first_frame_at": self.first_frame_at, "max_rss_mb": max_rss_mb()}


def window_room(desktop: tuple[int, int]) -> tuple[int, int]:
    """The room a window and its frame have on a screen of `desktop` size."""
    return (desktop[0] - SCREEN_MARGIN[0], desktop[1] - SCREEN_MARGIN[1])


def at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, grown where it is smaller than the smallest window the screens are laid out for."""
    return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))


def opening_size(remembered: tuple[int, int] | None, desktop: tuple[int, int]) -> tuple[int, int]:
    """The window's size as it opens on a screen of `desktop` size: the size the player left
    it at, shrunk to fit, or else the largest of WINDOW_SIZES that fits; never larger than
    the screen."""
    room = window_room(desktop)
    wanted = remembered or next((s for s in WINDOW_SIZES if s[0] <= room[0] and s[1] <= room[1]), MIN_SIZE)
    return (min(desktop[0], max(MIN_SIZE[0], min(wanted[0], room[0]))),
            min(desktop[1], max(MIN_SIZE[1], min(wanted[1], room[1]))))


def too_small_for_a_window(desktop: tuple[int, int]) -> bool:
    """Whether a screen holds a GOOD_SIZE picture but not a window that size with its frame
    (a 1366x768 laptop): the window then opens maximized, as large as the screen allows."""
    room = window_room(desktop)
    return desktop[0] >= GOOD_SIZE[0] and desktop[1] >= GOOD_SIZE[1] \
        and not (room[0] >= GOOD_SIZE[0] and room[1] >= GOOD_SIZE[1])


def window_icon() -> pygame.Surface:
    """The app icon at the size window managers ask for."""
    return pygame.transform.smoothscale(pygame.image.load(str(assets.art("icon", "humanity.png"))), (64, 64))
