"""Settings and the places files live: the settings survive between runs, and a settings
file that cannot be used is reported on stderr and in the log, kept aside under a new
name, and replaced by the defaults; the game starts all the same."""
from __future__ import annotations

import json

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller.files import is_set_aside
from humanity_desktop.controller.logs import LOG_FILE
from humanity_desktop.controller.places import Places
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.settings import FILE, SETTINGS_VERSION, Settings

BAD = {
    "damaged": (b"\xff\xfe\x00garbage", "damaged"),
    "truncated": (b'{"version": 1, "pace": "fa', "cut short"),
    "empty": (b"", "empty"),
    "foreign": (b'{"colour": "blue", "size": 3}', "not a Humanity settings file"),
    "foreign_list": (b'["pace", "fast"]', "not a Humanity settings file"),
    "bad_value": (b'{"version": 1, "pace": "warp"}', "pace cannot be 'warp'"),
    "newer": (b'{"version": 7, "pace": "fast"}', "made by a newer version of the game"),
}


def kept_files(folder):
    return sorted(p for p in folder.iterdir() if is_set_aside(p))


def test_settings_are_kept_between_runs_as_versioned_json(tmp_path):
    path = tmp_path / "config" / FILE
    s = Settings.load(path)
    assert s == Settings()
    s.pace, s.bot_time, s.fullscreen, s.effects_volume, s.muted = "fast", 2.0, True, 0.25, True
    s.save()
    saved = json.loads(path.read_text())
    assert saved["version"] == SETTINGS_VERSION == 2
    assert (saved["pace"], saved["bot_time"], saved["fullscreen"], saved["effects_volume"], saved["muted"]) \
        == ("fast", 2.0, True, 0.25, True)
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
        app.close_match()
