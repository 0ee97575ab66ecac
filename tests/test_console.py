"""A game with no terminal: a windowed build (PyInstaller's) and `pythonw` start with sys.stdout
and sys.stderr set to None. Nothing the game prints may fail for it; a failure to start is
written to the log and a crash report and shown in a message box naming the report; the
command line's answers (help, version, a bad flag) and the self-test's outcome go to a message
box when there is nowhere to print them; and a run that asked for no screen gets no box."""
from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop import __version__
from humanity_desktop.__main__ import EXIT_FAILED, EXIT_NO_DISPLAY, main
from humanity_desktop.storage.logs import LOG_FILE, LogFile
from humanity_desktop.engine import protocol
from humanity_desktop.selftest import REPORT_FILE
from humanity_desktop.ui import app as app_module
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.message_box import TITLE, tell
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
NO_SUCH_DRIVER = "no-such-driver"  # SDL opens no display with it: the start fails before any window
FLAGS = ["--quit-after-seconds", "0.2", "--size", "960x540"]
# Starts the game as a windowed build does, with no terminal, and records each message box it
# asks for in the file named first (then fails to show it, as where no box can be shown).
WINDOWED = """
import sys
sys.stdout = sys.stderr = None
import json
import pygame

def box(title, message=None, *args, **kwargs):
    with open(sys.argv[1], "a", encoding="utf-8") as f:
        f.write(json.dumps([title, message]) + "\\n")
    raise pygame.error("no message system here")

pygame.display.message_box = box
from humanity_desktop.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.fixture
def boxes(monkeypatch) -> list[tuple[str, str, str]]:
    """Every message box the game shows, as (title, message, type); none appears on screen."""
    shown: list[tuple[str, str, str]] = []

    def record(title, message=None, message_type="info", *args, **kwargs):
        shown.append((title, message, message_type))
        return 0

    monkeypatch.setattr(pygame.display, "message_box", record)
    return shown


@contextmanager
def no_terminal():
    """sys.stdout and sys.stderr as a windowed build has them. Set in the test itself: pytest
    puts its own capture back between a fixture and the test."""
    before = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None
    try:
        yield
    finally:
        sys.stdout, sys.stderr = before


def windowed(tmp_path: Path, *args: str, driver: str = NO_SUCH_DRIVER, **env: str):
    """Run the game in a child process with no terminal and the video driver `driver`; returns
    the finished process (its stdout and stderr captured at the level of the file descriptors)
    and the (title, message) of each message box it asked for."""
    record = tmp_path / "boxes.jsonl"
    done = subprocess.run([sys.executable, "-c", WINDOWED, str(record), *args], capture_output=True, timeout=10,
                          cwd=tmp_path, env={**os.environ, "SDL_VIDEODRIVER": driver, **env})
    shown = [tuple(json.loads(line)) for line in record.read_text(encoding="utf-8").splitlines()] \
        if record.exists() else []
    return done, shown


# ---------------------------------------------------------------- a start that fails before the window

def test_a_windowed_start_with_no_display_stops_logs_it_and_names_the_report_in_a_box(tmp_path):
    data = tmp_path / "data"
    done, shown = windowed(tmp_path, "--data-dir", str(data))
    assert done.returncode == EXIT_FAILED
    assert done.stdout == done.stderr == b""  # nothing reached a terminal, not even at the descriptors
    [report] = (data / "logs").glob("crash-*.txt")
    log = (data / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert f"the game could not start (error: {NO_SUCH_DRIVER} not available); the report is in {report}" in log
    assert "Traceback" not in log and "Traceback" in report.read_text(encoding="utf-8")
    assert shown == [(TITLE, f"The game could not start (error: {NO_SUCH_DRIVER} not available). "
                             f"The report is in {report}")]


def test_a_windowed_start_that_cannot_even_write_its_report_says_so_in_a_box(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file where the data folder should be", encoding="utf-8")
    done, shown = windowed(tmp_path, "--data-dir", str(not_a_folder))
    assert done.returncode == EXIT_FAILED
    assert done.stdout == done.stderr == b""
    [(title, message)] = shown
    assert title == TITLE and message.startswith(
        f"The game could not start (error: {NO_SUCH_DRIVER} not available), and no report of it could be written")
    assert not_a_folder.read_text(encoding="utf-8") == "a file where the data folder should be"


def broken_icon():
    raise RuntimeError("the icon is gone")


def test_a_failure_to_start_names_the_report_on_the_terminal_and_in_a_box(tmp_path, monkeypatch, boxes, capsys):
    # Fails at the display (not set up yet) or at the icon (set up by an earlier test): before any window.
    monkeypatch.setenv("SDL_VIDEODRIVER", NO_SUCH_DRIVER)
    monkeypatch.setattr(app_module, "window_icon", broken_icon)
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == EXIT_FAILED
    [report] = (tmp_path / "logs").glob("crash-*.txt")
    [(title, message, kind)] = boxes
    assert title == TITLE and kind == "error" and message.endswith(f"The report is in {report}")
    assert f"humanity-desktop: {message}" in capsys.readouterr().err


def test_a_start_with_no_display_is_told_in_a_box_too(tmp_path, monkeypatch, boxes):
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == EXIT_NO_DISPLAY
    [(_, message, kind)] = boxes
    assert message.startswith("No window can be shown because no display was found") and kind == "error"


def test_a_run_that_asked_for_no_screen_shows_no_box(tmp_path, monkeypatch, boxes, capsys):
    """Tests, CI and the self-test ask for the dummy driver: a box there would wait for ever."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(app_module, "window_icon", broken_icon)
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == EXIT_FAILED
    assert boxes == [] and "the icon is gone" in capsys.readouterr().err


# ---------------------------------------------------------------- the command line with no terminal

@pytest.mark.parametrize("argv, code, words, kind", [
    (["--version"], 0, f"humanity-desktop {__version__}", "info"),
    (["--help"], 0, "usage: humanity-desktop", "info"),
    (["--size", "1280"], 2, "humanity-desktop: error: argument --size: '1280' is not WIDTHxHEIGHT", "error"),
    (["--seats", "human"], 2, "humanity-desktop: ", "error"),
], ids=["version", "help", "bad flag", "bad seats"])
def test_the_command_lines_answers_go_to_a_box_without_a_terminal(argv, code, words, kind, monkeypatch, boxes):
    monkeypatch.setenv("SDL_VIDEODRIVER", NO_SUCH_DRIVER)
    with no_terminal():
        assert exit_code(argv) == code
    [(title, message, shown_kind)] = boxes
    assert title == TITLE and words in message and shown_kind == kind


def exit_code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse's way to end
        return exc.code


def test_the_command_lines_answers_stay_on_the_terminal_where_there_is_one(monkeypatch, boxes, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", NO_SUCH_DRIVER)
    assert exit_code(["--version"]) == 0
    assert capsys.readouterr().out == f"humanity-desktop {__version__}\n" and boxes == []


# ---------------------------------------------------------------- every other line for the terminal

class BrokenPipe(io.StringIO):
    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


def closed() -> io.StringIO:
    stream = io.StringIO()
    stream.close()
    return stream


class FullDisk(io.StringIO):
    def write(self, text):
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("stderr", [None, closed(), BrokenPipe()], ids=["none", "closed", "broken pipe"])
def test_a_log_that_cannot_be_written_falls_silent_without_a_terminal(tmp_path, monkeypatch, stderr):
    handler = LogFile(tmp_path / LOG_FILE, encoding="utf-8")
    handler.stream = FullDisk()
    logger = logging.getLogger("humanity_desktop.test_console")
    logger.addHandler(handler)
    monkeypatch.setattr(sys, "stderr", stderr)
    try:
        logger.warning("a line")  # the log's failure must not become the game's
        logger.warning("another")
    finally:
        logger.removeHandler(handler)
        handler.close()
    assert handler.silent


def test_a_damaged_settings_file_is_set_aside_without_a_terminal(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text('{"version": 4, "pa', encoding="utf-8")
    with no_terminal():
        assert Settings.load(tmp_path / SETTINGS_FILE).pace == Settings().pace
    [kept] = tmp_path.iterdir()
    assert kept.name != SETTINGS_FILE and kept.read_text(encoding="utf-8") == '{"version": 4, "pa'


def test_a_log_folder_that_cannot_be_made_does_not_stop_the_window_without_a_terminal(tmp_path):
    (tmp_path / "logs").write_text("a file where the log folder should be", encoding="utf-8")
    with no_terminal():
        App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0)).close()


def test_a_game_that_cannot_be_resumed_opens_the_title_without_a_terminal(tmp_path):
    with no_terminal():
        assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0


def test_the_engine_with_no_terminal_ends_at_once(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr(sys, "stdout", None)
    assert protocol.main([]) == 1


TERMINALS = {"none": lambda: None, "closed": closed, "broken pipe": BrokenPipe, "open": io.StringIO,
             "ascii": lambda: io.TextIOWrapper(io.BytesIO(), encoding="ascii", newline="\n")}


@given(st.text(), st.sampled_from(sorted(TERMINALS)))
def test_a_line_is_told_once_on_the_terminal_or_else_in_a_box(text, terminal):
    """Whatever the text (a path in any script, a lone surrogate) and whatever state the terminal
    is in, the line reaches the player once, on the terminal or in a box, and nothing raises."""
    stream, shown = TERMINALS[terminal](), []
    before = pygame.display.message_box, os.environ["SDL_VIDEODRIVER"]
    pygame.display.message_box = lambda title, message=None, *args, **kwargs: shown.append(message)
    os.environ["SDL_VIDEODRIVER"] = NO_SUCH_DRIVER
    try:
        tell(text, stream)
    finally:
        pygame.display.message_box, os.environ["SDL_VIDEODRIVER"] = before
    if terminal == "open":
        assert shown == [] and stream.getvalue() == text + "\n"
    elif terminal == "ascii" and text.isascii():
        assert shown == [] and stream.buffer.getvalue() == (text + "\n").encode("ascii")
    else:
        assert shown == [text]


# ---------------------------------------------------------------- the self-test with no terminal

def test_a_windowed_selftest_keeps_its_report_and_shows_the_outcome_in_a_box(tmp_path):
    copy = tmp_path / "copy"
    (copy / "art").mkdir(parents=True)
    (copy / "sounds").mkdir()  # no files in either: the self-test fails at its assets
    data = tmp_path / "data"
    done, shown = windowed(tmp_path, "--selftest", "--data-dir", str(data), HUMANITY_DESKTOP_ASSETS=str(copy))
    assert done.returncode == 1 and done.stdout == done.stderr == b""
    report = data / "logs" / REPORT_FILE
    lines = report.read_text(encoding="utf-8").splitlines()
    assert lines[0].endswith(f"The report is kept in {report}")
    assert lines[-1] == f"selftest FAILED: assets: no files in {copy / 'art'}"
    assert shown == [(TITLE, f"{lines[-1]}\n\nThe report is kept in {report}")]
