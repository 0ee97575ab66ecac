"""How the window ends besides Quit: on Ctrl+C (SIGINT) as on SIGTERM, closing the match with
its last autosave and keeping the options; with outputs (--screenshot, --frame-stats) that
cannot be written, which are told and do not stop the normal close."""
from __future__ import annotations

import json
import os
import signal
import time

import pygame
import pytest

from humanity_desktop.controller import parse_seats
from humanity_desktop.controller.bus import Bus
from humanity_desktop.controller.saves import AUTOSAVE, read_match
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
