"""How the window ends besides Quit: on Ctrl+C (SIGINT) as on SIGTERM, closing the match with
its last autosave and keeping the options; with outputs (--screenshot, --frame-stats) that
cannot be written, which are told and do not stop the normal close."""
from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pygame
import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller import parse_seats
from humanity_desktop.controller.bus import Bus
from humanity_desktop.controller.saves import read_match
from humanity_desktop.storage.save_files import AUTOSAVE
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

RESIZED = (1100, 620)


@pytest.fixture
def sigint_kept():
    """Whatever a test does, the process's own SIGINT handler (pytest's Ctrl+C) is back after it."""
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)


def send_sigint() -> None:
    """Ctrl+C, as the terminal sends it: the signal itself where it can be raised in-process,
    else the handler installed for it, called as Python would."""
    if hasattr(signal, "raise_signal"):
        signal.raise_signal(signal.SIGINT)
    else:
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler), "no Python handler for SIGINT"
        handler(signal.SIGINT, None)


def playing(tmp_path):
    """A window on a game a human is to play (so nothing moves on its own), and the match."""
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    match = app.session.new_match(parse_seats("human,bot:random"), 7)
    return app, match


def test_ctrl_c_during_play_closes_the_window_as_quit_does(tmp_path, sigint_kept):
    """SIGINT ends the loop; run() returns; the match is closed with its last autosave written
    after the signal, and an option changed in the session (the window's size) is kept."""
    before = signal.getsignal(signal.SIGINT)
    app, match = playing(tmp_path)
    steps = [0]
    sent_at: list[float] = []

    def at_step() -> bool:
        steps[0] += 1
        if steps[0] == 3:  # the player resizes the window: kept as they close it
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=RESIZED, w=RESIZED[0], h=RESIZED[1]))
        if steps[0] == 6:
            sent_at.append(time.time())
            send_sigint()
        assert steps[0] < 1000, "SIGINT did not end the loop"
        return False

    try:
        app.run([TitleScene(app), GameScene(app, match)], stop_when=at_step)
    except KeyboardInterrupt:
        app.close()
        pytest.fail("Ctrl+C raised KeyboardInterrupt instead of closing the window")
    assert sent_at and not app.running and not len(app.stack)
    assert app.session.match is None  # closed
    saved = json.loads((tmp_path / AUTOSAVE).read_text(encoding="utf-8"))
    assert saved["saved_at"] >= sent_at[0], "no autosave was written as the window closed"
    read_match(tmp_path / AUTOSAVE, Bus()).close()  # whole, and playable
    assert Settings.load(app.places.config / SETTINGS_FILE).window == RESIZED
    assert signal.getsignal(signal.SIGINT) is before  # the handler the process had is back


def test_the_sigint_handler_is_put_back_when_the_window_closes(tmp_path, sigint_kept):
    before = signal.getsignal(signal.SIGINT)
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    assert signal.getsignal(signal.SIGINT) is not before  # the window's own while it is open
    app.run([TitleScene(app)], stop_when=lambda: True)
    assert signal.getsignal(signal.SIGINT) is before


def test_a_process_ignoring_sigint_still_ignores_it(tmp_path, sigint_kept):
    """Started in the background (nohup, `&` in a script), the game leaves Ctrl+C ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    app.run([TitleScene(app)], stop_when=lambda: True)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def unwritable(tmp_path, case: str):
    """An output path that cannot be written: a folder, a path under a file, the full disk."""
    if case == "a folder":
        path = tmp_path / "out"
        path.mkdir()
        return path
    if case == "under a file":
        (tmp_path / "file").write_text("x")
        return tmp_path / "file" / "missing" / "out"
    return Path("/dev/full")


UNWRITABLE = ["a folder", "under a file",
              pytest.param("the full disk", marks=pytest.mark.skipif(not os.path.exists("/dev/full"),
                                                                     reason="no /dev/full here"))]


class BrokenStream:
    """A terminal that takes nothing (closed, or a broken pipe)."""

    def write(self, text):
        raise OSError(5, "Input/output error")

    def flush(self):
        raise OSError(5, "Input/output error")


def session(tmp_path, outputs: list[str]) -> int:
    """A short session on a game (a human to play, so it is unfinished when the window closes)."""
    return main(["--seats", "human,bot:random", "--seed", "3", "--quit-after-seconds", "0.3",
                 "--data-dir", str(tmp_path / "data"), "--size", "1280x720", *outputs])


def closed_normally(tmp_path) -> None:
    """The window closed as after any session: no crash report, the game kept for Continue,
    and the data folder free for the next window."""
    data = tmp_path / "data"
    assert not list((data / "logs").glob("crash-*")), "a crash report was written"
    assert read_match(data / AUTOSAVE, Bus()).close() is None
    app = App(AppConfig(data_dir=data, size=(1280, 720), max_fps=0))
    try:
        assert app.saving, "the data folder was not let go"
        assert app.session.can_continue()
    finally:
        app.run([TitleScene(app)], stop_when=lambda: True)


@pytest.mark.parametrize("flag", ["--screenshot", "--frame-stats"])
@pytest.mark.parametrize("case", UNWRITABLE)
def test_an_output_that_cannot_be_written_is_told_and_the_window_closes_normally(tmp_path, capsys, flag, case):
    path = unwritable(tmp_path, case)
    assert session(tmp_path, [flag, str(path)]) == 0
    err = capsys.readouterr().err
    assert "could not start" not in err
    assert str(path) in err and "could not be" in err
    closed_normally(tmp_path)


def test_both_outputs_unwritable_are_both_told(tmp_path, capsys):
    folder = unwritable(tmp_path, "a folder")
    assert session(tmp_path, ["--screenshot", str(folder), "--frame-stats", str(folder)]) == 0
    err = capsys.readouterr().err
    assert err.count(str(folder)) >= 2 and "could not start" not in err
    closed_normally(tmp_path)


def test_outputs_in_a_missing_folder_are_written_there(tmp_path):
    shot, stats = tmp_path / "new" / "shot.png", tmp_path / "other" / "deeper" / "frames.json"
    assert session(tmp_path, ["--screenshot", str(shot), "--frame-stats", str(stats)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert json.loads(stats.read_text())["frames"] > 0
    closed_normally(tmp_path)


def test_an_unwritable_output_with_no_terminal_to_tell_still_closes_normally(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stderr", BrokenStream())
    folder = unwritable(tmp_path, "a folder")
    assert session(tmp_path, ["--screenshot", str(folder), "--frame-stats", str(folder)]) == 0
    monkeypatch.undo()
    closed_normally(tmp_path)
