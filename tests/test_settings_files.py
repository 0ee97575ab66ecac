"""Settings and the places files live: the settings survive between runs, and a settings
file that cannot be used is reported on stderr and in the log, kept aside under a new
name, and replaced by the defaults; the game starts all the same."""
from __future__ import annotations

import json

import pygame
import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.storage.logs import LOG_FILE
from humanity_desktop.storage.places import Places
from humanity_desktop.ui.app import (
    GOOD_SIZE, MIN_SIZE, SCREEN_MARGIN, WINDOW_SIZES, App, AppConfig, opening_size, too_small_for_a_window,
)
from humanity_desktop.ui.display import Display
from humanity_desktop.ui.input import Resize
from humanity_desktop.ui.settings import FILE, FIRST_RESETS, SETTINGS_VERSION, Settings

BAD = {
    "damaged": (b"\xff\xfe\x00garbage", "damaged"),
    "truncated": (b'{"version": 1, "pace": "fa', "cut short"),
    "empty": (b"", "empty"),
    "foreign": (b'{"colour": "blue", "size": 3}', "not a Humanity settings file"),
    "foreign_list": (b'["pace", "fast"]', "not a Humanity settings file"),
    "bad_value": (b'{"version": 1, "pace": "warp"}', "pace cannot be 'warp'"),
    "newer": (b'{"version": 99, "pace": "fast"}', "made by a newer version of the game"),
    "bad_window": (b'{"version": 3, "window": [1600, "900"]}', "window cannot be [1600, '900']"),
    "zero_window": (b'{"version": 3, "window": [0, 900]}', "window cannot be [0, 900]"),
    "bad_resets_seen": (b'{"version": 4, "resets_seen": -1}', "resets_seen cannot be -1"),
    "bad_reset_steps": (b'{"version": 4, "reset_steps": "sometimes"}', "reset_steps cannot be 'sometimes'"),
    "bad_text_size": (b'{"version": 5, "text_size": 4.0}', "text_size cannot be 4.0"),
    "text_size_as_text": (b'{"version": 5, "text_size": "150%"}', "text_size cannot be '150%'"),
}


def kept_files(folder):
    return sorted(p for p in folder.iterdir() if is_set_aside(p))


def test_settings_are_kept_between_runs_as_versioned_json(tmp_path):
    path = tmp_path / "config" / FILE
    s = Settings.load(path)
    assert s == Settings()
    s.pace, s.bot_time, s.fullscreen, s.effects_volume, s.muted = "fast", 2.0, True, 0.25, True
    s.text_size = 1.3
    s.save()
    saved = json.loads(path.read_text())
    assert saved["version"] == SETTINGS_VERSION == 7
    assert (saved["pace"], saved["bot_time"], saved["fullscreen"], saved["effects_volume"], saved["muted"],
            saved["text_size"]) == ("fast", 2.0, True, 0.25, True, 1.3)
    assert Settings.load(path) == s
    assert [p.name for p in path.parent.iterdir()] == [FILE]  # written atomically: no temporary file left


def test_a_settings_file_from_before_versions_is_still_read(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"pace": "slow", "bot_seconds": 0.5, "fullscreen": false}')
    assert Settings.load(path) == Settings(pace="slow", bot_time=0.5)


def test_a_version_1_thinking_time_in_seconds_becomes_the_factor_on_each_levels_own(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"version": 1, "bot_seconds": 2.0, "muted": true}')
    assert Settings.load(path) == Settings(bot_time=2.0, muted=True)
    assert path.exists()  # read as it is, not set aside


def test_a_version_2_file_may_not_use_the_old_name(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"version": 2, "bot_seconds": 2.0}')
    assert Settings.load(path) == Settings()


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_settings_file_is_reported_kept_aside_and_the_defaults_used(tmp_path, capsys, case):
    content, words = BAD[case]
    path = tmp_path / FILE
    path.write_bytes(content)
    assert Settings.load(path) == Settings()
    err = capsys.readouterr().err
    assert words in err and "kept as options." in err and "default settings" in err
    assert not path.exists()
    [kept] = kept_files(tmp_path)
    assert kept.read_bytes() == content
    assert kept.name.startswith("options.newer-" if case == "newer" else "options.damaged-")


def test_the_game_starts_with_a_bad_settings_file_and_logs_it(tmp_path, capsys):
    (tmp_path / FILE).write_bytes(BAD["truncated"][0])
    code = main(["--data-dir", str(tmp_path), "--quit-after-seconds", "0.2", "--size", "1280x720"])
    assert code == 0
    assert "cut short" in capsys.readouterr().err
    assert "cut short" in (tmp_path / "logs" / LOG_FILE).read_text()
    assert len(kept_files(tmp_path)) == 1


def test_places_are_the_users_folders_or_all_under_one(tmp_path):
    user = Places.for_user()
    assert "humanity-desktop" in str(user.config) and "humanity-desktop" in str(user.data)
    assert user.logs not in (user.config, user.data)
    one = Places.under(tmp_path)
    assert one.config == one.data == tmp_path and one.logs == tmp_path / "logs"


def test_the_app_keeps_settings_saves_and_logs_in_their_places(tmp_path, monkeypatch):
    places = Places(config=tmp_path / "config", data=tmp_path / "data", logs=tmp_path / "logs")
    monkeypatch.setattr(Places, "for_user", classmethod(lambda cls: places))
    app = App(AppConfig(size=(1280, 720), max_fps=0))
    try:
        assert app.data_dir == places.data
        app.settings.pace = "slow"
        app.settings.save()
        assert (places.config / FILE).exists()
        assert (places.logs / LOG_FILE).exists()
    finally:
        app.session.close_match()


def test_a_version_2_file_loads_and_leaves_the_window_to_fit_the_screen(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"version": 2, "pace": "fast", "muted": true}')
    loaded = Settings.load(path)
    assert loaded == Settings(pace="fast", muted=True) and loaded.window is None
    loaded.window = (1400, 800)
    loaded.save()
    assert json.loads(path.read_text())["window"] == [1400, 800]
    assert Settings.load(path).window == (1400, 800)


def fits(size, desktop) -> bool:
    return size[0] <= desktop[0] - SCREEN_MARGIN[0] and size[1] <= desktop[1] - SCREEN_MARGIN[1]


@pytest.mark.parametrize("desktop", [(1366, 768), (1440, 900), (1920, 1080), (1920, 1200), (2560, 1440), (5120, 2880)])
def test_a_first_window_is_the_largest_supported_size_that_fits_the_screen(desktop):
    size = opening_size(None, desktop)
    assert size in WINDOW_SIZES and fits(size, desktop)
    larger = WINDOW_SIZES[:WINDOW_SIZES.index(size)]
    assert not any(fits(other, desktop) for other in larger)


@pytest.mark.parametrize("desktop", [(1024, 600), (800, 480)])
def test_a_window_is_never_larger_than_a_small_screen(desktop):
    for remembered in (None, (1920, 1080)):
        size = opening_size(remembered, desktop)
        assert size[0] <= desktop[0] and size[1] <= desktop[1]
        assert size == (min(desktop[0], MIN_SIZE[0]), min(desktop[1], MIN_SIZE[1]))


def test_a_remembered_size_is_kept_or_shrunk_to_the_screen():
    assert opening_size((1400, 820), (1920, 1080)) == (1400, 820)
    shrunk = opening_size((2500, 1400), (1920, 1080))
    assert fits(shrunk, (1920, 1080)) and shrunk[0] > shrunk[1] > 900  # as large as the screen allows


def fake_desktop(monkeypatch, size) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


def test_the_window_opens_to_fit_the_screen_and_reopens_at_the_size_it_was_left(tmp_path, monkeypatch):
    fake_desktop(monkeypatch, (1920, 1080))
    app = App(AppConfig(data_dir=tmp_path, max_fps=0))
    assert app.size == opening_size(None, (1920, 1080)) and fits(app.size, (1920, 1080))
    app._dispatch(Resize((1400, 820)))
    assert app.size == (1400, 820)
    app.close()
    assert Settings.load(tmp_path / FILE).window == (1400, 820)
    again = App(AppConfig(data_dir=tmp_path, max_fps=0))
    assert again.size == (1400, 820)
    again.close()
    fake_desktop(monkeypatch, (1366, 768))  # the same settings on a smaller screen
    small = App(AppConfig(data_dir=tmp_path, max_fps=0))
    assert fits(small.size, (1366, 768)) and small.size[0] < 1400
    small.close()


@pytest.mark.parametrize("desktop, maximized", [
    ((1366, 768), True), ((1280, 800), True), ((1360, 768), True),  # laptops: a 1280x720 window and its frame do not fit
    ((1440, 900), False), ((1920, 1080), False),  # a 1280x720 window or larger fits with its frame
    ((1024, 600), False), ((1280, 600), False),  # the screen is smaller than 1280x720 itself
])
def test_a_screen_too_small_for_a_large_window_and_its_frame_opens_it_maximized(desktop, maximized):
    assert too_small_for_a_window(desktop) is maximized
    if fits(GOOD_SIZE, desktop):
        size = opening_size(None, desktop)
        assert size[0] >= GOOD_SIZE[0] and size[1] >= GOOD_SIZE[1]


def test_the_app_maximizes_its_first_window_on_a_laptop_screen_only(tmp_path, monkeypatch):
    maximized: list[bool] = []
    monkeypatch.setattr(Display, "maximize", lambda display: maximized.append(True) or display.refresh())
    for desktop, expected in (((1366, 768), [True]), ((1920, 1080), [])):
        maximized.clear()
        fake_desktop(monkeypatch, desktop)
        app = App(AppConfig(data_dir=tmp_path / str(desktop[0]), max_fps=0))
        assert maximized == expected
        assert fits(app.size, desktop)
        app.close()


def test_a_window_made_larger_by_maximizing_is_not_remembered_as_its_size(tmp_path, monkeypatch):
    fake_desktop(monkeypatch, (1366, 768))
    monkeypatch.setattr(Display, "maximize", Display.refresh)
    app = App(AppConfig(data_dir=tmp_path, max_fps=0))
    app._dispatch(Resize((1366, 705)))  # the work area the window manager gave it
    assert app.size == (1366, 705)
    app.close()
    assert Settings.load(tmp_path / FILE).window is None  # next time it opens maximized again


def test_with_no_window_manager_to_maximize_it_the_window_takes_the_screen_itself(tmp_path, monkeypatch):
    """A 1366x768 screen with no window manager (nothing answers a maximize): the window,
    opened at the largest size that leaves room for a frame, is made the screen's size."""
    fake_desktop(monkeypatch, (1366, 768))
    monkeypatch.setattr(Display, "maximize", Display.refresh)  # asked, and nobody answers
    app = App(AppConfig(data_dir=tmp_path, max_fps=0))
    try:
        assert app.size == (1152, 648)
        app.step()
        assert app.size == (1152, 648)  # a window manager may still be answering
        app._maximize_by = 0.0  # its time is up
        app.step()
        assert app.size == (1366, 768)
    finally:
        app.close()


def test_a_window_manager_that_sizes_the_window_itself_is_left_to_it(tmp_path, monkeypatch):
    fake_desktop(monkeypatch, (1366, 768))
    monkeypatch.setattr(Display, "maximize", Display.refresh)
    app = App(AppConfig(data_dir=tmp_path, max_fps=0))
    try:
        app._dispatch(Resize((1366, 705)))  # the work area it gave, without a word of maximizing
        app._maximize_by = 0.0
        app.step()
        assert app.size == (1366, 705)
    finally:
        app.close()


def test_a_version_3_file_loads_with_the_reset_shown_step_by_step_while_learning(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"version": 3, "pace": "fast", "window": [1600, 900]}')
    assert Settings.load(path) == Settings(pace="fast", window=(1600, 900), reset_steps="learning", resets_seen=0)


def test_a_version_4_file_loads_with_text_at_its_usual_size(tmp_path):
    path = tmp_path / FILE
    path.write_text('{"version": 4, "pace": "fast", "reset_steps": "never", "resets_seen": 2}')
    assert Settings.load(path) == Settings(pace="fast", reset_steps="never", resets_seen=2, text_size=1.0)


def test_the_first_resets_go_step_by_step_and_the_count_is_kept_between_runs(tmp_path):
    path = tmp_path / FILE
    s = Settings.load(path)
    slow = [s.slow_reset() for _ in range(FIRST_RESETS - 1)]
    s.save()
    s = Settings.load(path)
    slow += [s.slow_reset() for _ in range(3)]
    assert slow == [True] * FIRST_RESETS + [False] * 2


@pytest.mark.parametrize("mode,slow", [("always", True), ("never", False)])
def test_the_reset_option_decides_however_many_resets_were_seen(mode, slow):
    for seen in (0, FIRST_RESETS + 5):
        s = Settings(reset_steps=mode, resets_seen=seen)
        assert s.slow_reset() is slow and s.resets_seen == seen
