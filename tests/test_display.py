"""Sharp on every screen: the window is measured in points and drawn in the screen's pixels.

A Retina Mac gives a window of 1280x720 points a surface of 2560x1440 pixels; the game lays
the table out for those pixels, the same table as at one pixel per point, twice as fine, with
text never under 11 points (22 pixels), and the pointer, which SDL reports in points, lands on
what is drawn there. RetinaWindow stands in for that window on the dummy driver, which has
no screen with two pixels per point. On Windows SDL is asked for per-monitor DPI awareness
and windows in points, and the first screen's size, which SDL gives in pixels there, is read
in points.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop.ui import display, theme
from humanity_desktop.ui.app import App, AppConfig, MIN_SIZE
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.input import Rescale, Resize, pixels
from humanity_desktop.ui.layout import game_layout
from humanity_desktop.ui.surface_cache import SURFACES
from ui_driver import astronaut_pos, start

DESKTOP = (1728, 1117)  # a 16-inch MacBook Pro's screen, in points
SDL_WINDOW = pygame.Window


class RetinaWindow:
    """What SDL makes on a Mac with a Retina screen for a window that allows high DPI: its size
    and the pointer in points, its surface `ratio` pixels per point each way."""

    ratio = 2

    def __init__(self, title, size, **flags) -> None:
        assert flags.get("allow_high_dpi"), "without high DPI the Mac stretches a window of points"
        self.size, self._surface = tuple(size), None
        self._sdl = SDL_WINDOW(title, (64, 36), hidden=True)  # a real one gives pygame its pixel format
        self._sdl.get_surface()

    def get_surface(self) -> pygame.Surface:
        wanted = (self.size[0] * self.ratio, self.size[1] * self.ratio)
        if self._surface is None or self._surface.get_size() != wanted:
            self._surface = pygame.Surface(wanted)
        return self._surface

    def set_fullscreen(self, desktop: bool) -> None:
        self.size = DESKTOP

    def set_icon(self, icon) -> None: ...
    def set_windowed(self) -> None: ...
    def maximize(self) -> None: ...
    def flip(self) -> None: ...

    def destroy(self) -> None:
        self._sdl.destroy()


@pytest.fixture
def retina(monkeypatch, tmp_path):
    monkeypatch.setattr(pygame, "Window", RetinaWindow)
    monkeypatch.setattr(RetinaWindow, "ratio", 2)
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant", anim_speed=50.0))
    yield app
    app.close()


def post_in_points(kind: int, pos, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), **fields))


def test_the_table_is_drawn_at_twice_the_window_size_in_points(retina):
    start(retina, "human,bot:easy", seed=3)
    assert retina.display.points == (1280, 720)
    assert retina.screen.get_size() == (2560, 1440) and retina.size == (2560, 1440)
    assert retina.scale == pytest.approx(2 * 1280 / 1600)


@pytest.mark.parametrize("points", [MIN_SIZE, (1280, 720), (1920, 1080)])
def test_the_layout_at_two_pixels_per_point_is_the_layout_at_one_twice_as_large(points):
    at_one = game_layout(points, 2)
    theme.set_pixel_ratio(2.0)
    at_two = game_layout((points[0] * 2, points[1] * 2), 2)
    assert at_two.scale == pytest.approx(2 * at_one.scale)
    for name in ("top", "board", "log", "base", "actions", "seats", "tracks"):
        one, two = getattr(at_one, name), getattr(at_two, name)
        doubled = (one.x * 2, one.y * 2, one.w * 2, one.h * 2)
        # Each length is cut to whole pixels, which at one pixel per point loses up to a pixel
        # a time, and the seats' cards are as tall as their text, whose line heights are the
        # fonts' own at each size: a rect below the cards can be six points off.
        assert all(abs(a - b) <= 12 for a, b in zip(tuple(two), doubled)), (name, tuple(one), tuple(two))


def test_no_text_on_the_table_is_under_22_pixels_at_two_pixels_per_point(retina):
    retina._dispatch(Resize(MIN_SIZE))
    game = start(retina, "human,bot:easy,bot:easy,bot:easy", seed=3)
    assert retina.screen.get_size() == (2048, 1152) and theme.min_text_px() == 22
    SURFACES.clear()
    with recording() as notes:
        game.draw(retina.screen)
    sizes = [note.px for note in notes if note.text.strip()]
    assert sizes and min(sizes) >= 22


def test_a_click_in_points_lands_on_what_is_drawn_there(retina):
    game = start(retina, "human,bot:easy", seed=3)
    for i in (1, 0):
        x, y = astronaut_pos(game, i)  # in the surface's pixels
        at = (x / 2, y / 2)
        post_in_points(pygame.MOUSEMOTION, at, rel=(0, 0), buttons=(0, 0, 0))
        post_in_points(pygame.MOUSEBUTTONDOWN, at, button=1)
        post_in_points(pygame.MOUSEBUTTONUP, at, button=1)
        retina.step()
        assert game.match.state.sel == i


def test_a_resize_is_kept_in_points_and_drawn_in_pixels(retina):
    start(retina, "human,bot:easy", seed=3)
    retina.display.window.size = (1400, 800)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1400, 800), w=1400, h=800))
    retina.step()
    assert retina.settings.window == (1400, 800) and retina.screen.get_size() == (2800, 1600)


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.WINDOWDISPLAYCHANGED, display_index=1),
    # Windows: SDL keeps the size in points and reports the size changed, as its pixels did
    pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720),
], ids=["display changed", "size changed"])
def test_a_window_moved_to_a_screen_of_one_pixel_per_point_is_laid_out_again(retina, monkeypatch, event):
    game = start(retina, "human,bot:easy", seed=3)
    monkeypatch.setattr(RetinaWindow, "ratio", 1)
    pygame.event.post(event)
    retina.step()
    assert retina.screen.get_size() == (1280, 720) and theme.min_text_px() == theme.MIN_TEXT_PX
    assert game.views.base.rect.right <= 1280  # laid out for the new pixels
    x, y = astronaut_pos(game, 1)
    post_in_points(pygame.MOUSEBUTTONDOWN, (x, y), button=1)
    post_in_points(pygame.MOUSEBUTTONUP, (x, y), button=1)
    retina.step()
    assert game.match.state.sel == 1


def test_fullscreen_fills_the_screen_in_points_and_its_pixels(retina):
    retina.toggle_fullscreen()
    assert retina.display.points == DESKTOP and retina.screen.get_size() == (2 * DESKTOP[0], 2 * DESKTOP[1])
    retina.toggle_fullscreen()
    assert retina.screen.get_size() == (2560, 1440)


@given(ratio=st.sampled_from([1.0, 1.25, 1.5, 1.75, 2.0, 3.0]), w=st.integers(1, 4000), h=st.integers(1, 3000),
       data=st.data())
def test_a_point_maps_to_a_pixel_of_that_point_inside_the_surface(ratio, w, h, data):
    surface = (int(w * ratio), int(h * ratio))
    pos = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    ratios = (surface[0] / w, surface[1] / h)
    px = pixels(pos, ratios)
    for axis in (0, 1):
        assert 0 <= px[axis] < surface[axis]
        assert pos[axis] * ratios[axis] - 1 < px[axis] <= pos[axis] * ratios[axis]


# ------------------------------------------------------------------ Windows

def test_on_windows_sdl_is_asked_for_per_monitor_v2_awareness_and_windows_in_points(monkeypatch):
    for name in display.WINDOWS_HINTS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(display.sys, "platform", "darwin")
    display.claim_high_dpi()
    assert not any(name in os.environ for name in display.WINDOWS_HINTS)  # for Windows only
    monkeypatch.setattr(display.sys, "platform", "win32")
    display.claim_high_dpi()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    assert os.environ["SDL_WINDOWS_DPI_SCALING"] == "1"
    monkeypatch.setenv("SDL_WINDOWS_DPI_SCALING", "0")  # set outside the game: it stays
    display.claim_high_dpi()
    assert os.environ["SDL_WINDOWS_DPI_SCALING"] == "0"


def fake_windows(monkeypatch, dpi: int | None) -> None:
    """A Windows whose primary monitor has `dpi` dots per inch (None: it cannot say)."""
    def dpi_for_monitor(monitor, kind, x, y):
        if dpi is None or monitor != "primary" or kind != display.MDT_EFFECTIVE_DPI:
            return 1  # a failed HRESULT
        x._obj.value = y._obj.value = dpi
        return 0

    def monitor_from_point(point, flags):
        return "primary" if (point.x, point.y, flags) == (0, 0, display.MONITOR_DEFAULTTOPRIMARY) else None

    monkeypatch.setattr(display.sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(
        user32=SimpleNamespace(MonitorFromPoint=monitor_from_point),
        shcore=SimpleNamespace(GetDpiForMonitor=dpi_for_monitor)), raising=False)


@pytest.mark.parametrize("dpi, points", [(96, (1920, 1080)), (120, (1536, 864)), (144, (1280, 720)),
                                         (192, (960, 540)), (None, (1920, 1080))])
def test_on_windows_the_first_screens_size_is_read_in_points(monkeypatch, dpi, points):
    fake_windows(monkeypatch, dpi)
    assert display.desktop_points((1920, 1080)) == points


def test_a_windows_without_the_calls_is_read_at_one_pixel_per_point(monkeypatch):
    monkeypatch.setattr(display.sys, "platform", "win32")
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert display.desktop_points((2560, 1440)) == (2560, 1440)


@pytest.mark.parametrize("system", ["darwin", "linux"])
def test_elsewhere_the_screen_is_in_points_already(monkeypatch, system):
    fake_windows(monkeypatch, 192)  # not asked
    monkeypatch.setattr(display.sys, "platform", system)
    assert display.desktop_points((1728, 1117)) == (1728, 1117)


def drawn_texts(app: App) -> dict[str, list[tuple[float, float]]]:
    """Each text of the game screen in a fresh frame, with the centres of its places in points
    (a text rendered and placed by its caller: none)."""
    game = start(app, "human,bot:easy,bot:easy", seed=3)
    SURFACES.clear()
    with recording() as notes:
        game.draw(app.screen)
    app.stack.pop()
    app.stack.pop()
    ratio = min(app.display.ratio)
    texts: dict[str, list] = {}
    for note in notes:
        if note.text.strip():
            centre = (note.rect.centerx / ratio, note.rect.centery / ratio) if note.rect else None
            texts.setdefault(note.text, []).append(centre)
    return texts


def test_the_table_shows_the_same_words_in_the_same_places_at_one_and_two_pixels_per_point(retina, monkeypatch):
    at_two = drawn_texts(retina)
    monkeypatch.setattr(RetinaWindow, "ratio", 1)
    retina._dispatch(Rescale())
    at_one = drawn_texts(retina)
    assert sorted(at_one) == sorted(at_two)
    for text, places in at_one.items():
        assert len(places) == len(at_two[text]), text
        for one, two in zip(sorted(places, key=str), sorted(at_two[text], key=str)):
            assert (one is None) == (two is None), text
            # Buttons as wide as their labels, and rows as tall as their text, follow the fonts'
            # own widths and heights at each size, which are not exactly twice: a few points.
            assert one is None or all(abs(a - b) <= 16 for a, b in zip(one, two)), (text, one, two)


# ------------------------------------------------------------------ SDL's own, where it runs

def wayland_at_two_pixels_per_point(runtime: Path) -> subprocess.Popen:
    """A Wayland compositor with no screen whose one output has two pixels per point, as a
    Retina screen has; its socket is `runtime`/SOCKET."""
    runtime.mkdir(mode=0o700)
    weston = subprocess.Popen(["weston", "--backend=headless-backend.so", "--width=1600", "--height=1000",
                               "--scale=2", f"--socket={SOCKET}", "--idle-time=0"],
                              env=os.environ | {"XDG_RUNTIME_DIR": str(runtime)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not (runtime / SOCKET).exists() and weston.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    return weston


SOCKET = "wayland-humanity"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("weston") is None,
                    reason="needs weston, a Wayland compositor that can give its output two pixels per point")
def test_sdl_draws_a_window_on_a_screen_of_two_pixels_per_point_at_its_full_resolution(tmp_path):
    weston = wayland_at_two_pixels_per_point(tmp_path / "runtime")
    try:
        if not (tmp_path / "runtime" / SOCKET).exists():
            pytest.skip("weston did not start without a screen here")
        shot = tmp_path / "table.png"
        env = os.environ | {"XDG_RUNTIME_DIR": str(tmp_path / "runtime"), "WAYLAND_DISPLAY": SOCKET,
                            "SDL_VIDEODRIVER": "wayland", "SDL_AUDIODRIVER": "dummy"}
        subprocess.run([sys.executable, "-m", "humanity_desktop", "--data-dir", str(tmp_path / "data"),
                        "--seats", "human,bot:easy", "--seed", "3", "--size", "1024x576",
                        "--quit-after-seconds", "4", "--screenshot", str(shot)],
                       env=env, check=True, capture_output=True, timeout=120)
    finally:
        weston.terminate()
        weston.wait(timeout=30)
    table = pygame.image.load(str(shot))
    assert table.get_size() == (2048, 1152)  # twice the window's 1024x576 points each way
    # drawn at that resolution, not a picture of points blown up: most 2x2 blocks are not of one colour
    blocks = [(x, y) for x in range(0, 2048, 64) for y in range(0, 1152, 64)]
    mixed = sum(len({tuple(table.get_at((x + dx, y + dy))) for dx in (0, 1) for dy in (0, 1)}) > 1
                for x, y in blocks)
    assert mixed > 0.05 * len(blocks)
