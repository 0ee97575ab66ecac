"""The application: the window, the loop, the scene stack, and the way into a match.

The loop never blocks: input is translated to intents for the top scene, the match is
polled by the game scene, and every frame is drawn and timed (for --frame-stats).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..controller import Bus, Match, Seat
from ..controller.saves import AUTOSAVE, read_match, write_save
from . import input as ui_input
from .scene import Scene, SceneStack
from .settings import Settings
from .theme import ui_scale

TITLE = "Humanity Desktop"
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = (960, 540)
# A bot on the worker thread holds the interpreter lock in slices of this length at most,
# so a frame never waits long for it.
SWITCH_INTERVAL = 0.001


@dataclass
class AppConfig:
    data_dir: Path
    size: tuple[int, int] = DEFAULT_SIZE
    max_fps: int = 60  # 0: as fast as possible (tests, benchmarks)
    quit_after: float | None = None
    screenshot: Path | None = None
    frame_stats: Path | None = None
    pace: str | None = None  # overrides the saved option (tests, demos)
    anim_speed: float = 1.0  # > 1 plays animations faster


class App:
    def __init__(self, config: AppConfig) -> None:
        self.config = config
        self.data_dir = Path(config.data_dir)
        self.settings = Settings.load(self.data_dir)
        if config.pace:
            self.settings.pace = config.pace
        if sys.platform == "win32":
            os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        self._windowed_size = config.size
        self.screen = self._open_window(self.settings.fullscreen)
        pygame.key.set_repeat(350, 40)
        self.stack = SceneStack()
        self.running = False
        self.frame_ms: list[float] = []
        self.first_frame_at: float | None = None
        self._last_step = 0.0
        self.match: Match | None = None
        sys.setswitchinterval(SWITCH_INTERVAL)

    # ------------------------------------------------------------ window

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save(self.data_dir)
        self.screen = self._open_window(self.settings.fullscreen)
        self.stack.resize(self.size)

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self._windowed_size = size
        self.screen = pygame.display.get_surface()
        if self.screen.get_size() != size and not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize(self.size)

    # ------------------------------------------------------------ matches

    def new_match(self, seats: list[Seat], seed: int) -> Match:
        self.close_match()
        self.match = Match(seats, Bus(), seed=seed, **self._match_options())
        return self.match

    def load_match(self, path: Path) -> Match:
        """Raises SaveError if the file cannot be played."""
        match = read_match(path, Bus(), **self._match_options())
        self.close_match()
        self.match = match
        return match

    def _match_options(self) -> dict:
        return {"pace": self.settings.pace_seconds, "bot_seconds": self.settings.bot_seconds,
                "on_turn_end": self.autosave}

    def autosave(self, match: Match) -> None:
        if match.state.game_over:
            (self.data_dir / AUTOSAVE).unlink(missing_ok=True)
        else:
            write_save(match, self.data_dir / AUTOSAVE)

    def has_autosave(self) -> bool:
        return (self.data_dir / AUTOSAVE).exists()

    def close_match(self, match: Match | None = None) -> None:
        """Close `match` (by default the current one)."""
        match = match or self.match
        if match is not None:
            match.close()
        if match is self.match:
            self.match = None

    # ------------------------------------------------------------ loop

    def run(self, scenes: list[Scene], stop_when=None) -> None:
        """Open `scenes` (bottom first) and run until the window closes, Quit is chosen,
        `stop_when()` holds or time is up."""
        for scene in scenes:
            self.stack.push(scene)
        clock = pygame.time.Clock()
        started = time.perf_counter()
        self.running = True
        while self.running and len(self.stack):
            self.step()
            if stop_when is not None and stop_when():
                break
            if self.config.quit_after is not None and time.perf_counter() - started >= self.config.quit_after:
                break
            if self.config.max_fps:
                clock.tick(self.config.max_fps)
        self._finish()

    def step(self) -> None:
        """One frame: input, update, draw; its cost is recorded for --frame-stats."""
        t0 = time.perf_counter()
        dt = min(0.1, t0 - self._last_step) if self._last_step else 0.0
        self._last_step = t0
        for event in pygame.event.get():
            self._dispatch(ui_input.translate(event))
        self.stack.update(dt)
        self.stack.draw(self.screen)
        pygame.display.flip()
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        if self.first_frame_at is None:
            self.first_frame_at = time.time()

    def _dispatch(self, intent) -> None:
        if intent is None:
            return
        if isinstance(intent, ui_input.Quit):
            self.quit()
        elif isinstance(intent, ui_input.Fullscreen):
            self.toggle_fullscreen()
        elif isinstance(intent, ui_input.Resize):
            self._resized(intent.size)
        else:
            self.stack.handle(intent)

    def quit(self) -> None:
        self.running = False

    def _finish(self) -> None:
        if self.config.screenshot:
            Path(self.config.screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.config.screenshot))
        if self.config.frame_stats:
            Path(self.config.frame_stats).write_text(json.dumps(self.frame_report(), indent=2))
        while len(self.stack):
            self.stack.pop()  # the game scene saves its match as it closes
        self.close_match()

    def frame_report(self) -> dict:
        times = sorted(self.frame_ms)
        report = {"frames": len(times), "median_ms": None, "p99_ms": None,
                  "first_frame_at": self.first_frame_at, "max_rss_mb": max_rss_mb()}
        if times:
            report["median_ms"] = round(statistics.median(times), 3)
            report["p99_ms"] = round(times[min(len(times) - 1, int(len(times) * 0.99))], 3)
        return report


def max_rss_mb() -> float | None:
    """Peak resident memory of this process, where the platform tells it."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
