"""Starting the game: with no display it says so and stops within seconds, freeing the data
folder; the log opens with a line about the machine; a hard crash of the process is written
to the log folder; an error before the game loop leaves a report, not a bare traceback."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pygame
import pytest

from humanity_desktop.__main__ import EXIT_FAILED, EXIT_NO_DISPLAY, main
from humanity_desktop.storage.lock import FolderLock
from humanity_desktop.storage.logs import FAULTS_FILE, LOG_FILE
from humanity_desktop.ui import app as app_module
from humanity_desktop.ui.app import App, AppConfig, NoDisplay

NO_DISPLAY = "No window can be shown because no display was found"
# What tells SDL where a screen is, or which driver to use: all unset, as on a machine with no screen.
DISPLAY_VARIABLES = ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")
FLAGS = ["--quit-after-seconds", "0.2", "--size", "960x540"]


def without_display() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in DISPLAY_VARIABLES}


def sdl_falls_back_without_display() -> bool:
    """Whether this system has no screen once the display variables are gone (Linux and the
    BSDs); Windows and macOS always have their own, and there the case cannot arise."""
    probe = "import pygame; pygame.display.init(); print(pygame.display.get_driver())"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env=without_display())
    return result.stdout.strip().splitlines()[-1:] in (["offscreen"], ["dummy"])


@pytest.mark.skipif(not sdl_falls_back_without_display(), reason="this system always has a display")
def test_with_no_display_the_game_says_so_and_stops_within_seconds_freeing_the_folder(tmp_path):
    command = [sys.executable, "-m", "humanity_desktop", "--data-dir", str(tmp_path), "--quit-after-seconds", "30"]
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, timeout=30, env=without_display())
    assert time.monotonic() - started < 5
    assert result.returncode == EXIT_NO_DISPLAY != 0
    assert f"humanity-desktop: {NO_DISPLAY}" in result.stderr and "SDL_VIDEODRIVER=dummy" in result.stderr
    assert "Traceback" not in result.stderr
    assert NO_DISPLAY in (tmp_path / "logs" / LOG_FILE).read_text(encoding="utf-8")
    lock = FolderLock(tmp_path)
    assert lock.acquire()  # the next start may use the folder
    lock.release()


def test_a_fallback_driver_nobody_asked_for_stops_the_window_and_frees_the_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(NoDisplay, match=NO_DISPLAY):
        App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0))
    lock = FolderLock(tmp_path)
    assert lock.acquire()
    lock.release()
    assert NO_DISPLAY in (tmp_path / "logs" / LOG_FILE).read_text(encoding="utf-8")


def test_a_headless_driver_asked_for_runs_as_usual(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == 0


def test_the_log_opens_with_the_version_the_system_and_the_drivers(tmp_path):
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == 0
    first = (tmp_path / "logs" / LOG_FILE).read_text(encoding="utf-8").splitlines()[0]
    assert "Humanity Desktop 0.1." in first and f"Python {sys.version.split()[0]}" in first
    assert re.search(r"; video driver \w+, audio driver \w+$", first)


def test_a_hard_crash_of_the_process_is_written_to_the_log_folder(tmp_path):
    crash = ("import faulthandler, sys; from pathlib import Path; "
             "from humanity_desktop.storage.logs import start_log; "
             "start_log(Path(sys.argv[1])); faulthandler._sigsegv()")
    result = subprocess.run([sys.executable, "-c", crash, str(tmp_path)], capture_output=True, timeout=60)
    assert result.returncode != 0
    report = (tmp_path / FAULTS_FILE).read_text(encoding="utf-8")
    assert "fatal" in report.lower() and 'File "<string>", line 1' in report  # where it died


def test_an_error_before_the_game_loop_leaves_a_report_and_one_line(tmp_path, monkeypatch, capsys):
    def broken_icon():
        raise RuntimeError("the icon is gone")

    monkeypatch.setattr(app_module, "window_icon", broken_icon)
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == EXIT_FAILED
    err = capsys.readouterr().err
    [report] = (tmp_path / "logs").glob("crash-*.txt")
    assert "could not start (RuntimeError: the icon is gone)" in err and str(report) in err
    assert "Traceback" not in err and "RuntimeError: the icon is gone" in report.read_text(encoding="utf-8")
