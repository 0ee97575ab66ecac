"""Never lose a game: the autosave follows every applied action, --continue resumes it
exactly, a crash leaves it intact behind a friendly screen, and a game killed outright
(SIGKILL) resumes with every action it had saved and plays on to the end."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller import ActionRequested, Bus, ConfirmRequested, UndoRequested, parse_seats
from humanity_desktop.storage.autosave import Autosaver
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.saves import SaveSnapshot
from humanity_desktop.storage.save_files import AUTOSAVE, SaveError
from humanity_desktop.engine import Action, replay
from humanity_desktop.engine.validation import load_state
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scene import Scene
from humanity_desktop.ui.scenes.crash import CrashScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene

from ui_driver import app, play  # noqa: F401 - app is a fixture


def read_autosave(folder: Path) -> dict:
    return json.loads((folder / AUTOSAVE).read_text())


def wait_for(condition, seconds: float, what: str):
    """Poll `condition` until it returns something true; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
        except (OSError, ValueError, KeyError):
            value = None
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def saved_with(folder: Path, count: int) -> dict | None:
    """The autosave once it holds `count` actions."""
    save = read_autosave(folder)
    return save if len(save["actions"]) == count else None


def replayed(save: dict):
    return replay(len(save["seats"]), save["seed"], [Action.from_json(a) for a in save["actions"]])


class Text:
    """A snapshot that counts how often it is encoded."""

    def __init__(self, value: str) -> None:
        self.value, self.encoded = value, 0

    def text(self) -> str:
        self.encoded += 1
        return self.value


def test_the_newest_snapshot_wins_and_flush_waits_for_it(tmp_path):
    saver = Autosaver(tmp_path / "a.json")
    snapshots = [Text(str(i)) for i in range(200)]
    for snapshot in snapshots:
        saver.submit(snapshot)
    saver.flush()
    assert (tmp_path / "a.json").read_text() == "199"
    assert snapshots[-1].encoded == 1
    assert sum(s.encoded for s in snapshots) < 200  # the ones overtaken while waiting are never encoded
    saver.close()
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_snapshot_keeps_the_position_it_was_taken_at():
    match = RecordedMatch(parse_seats("human,human"), Bus(), seed=4)
    snapshot = SaveSnapshot(match)
    before = snapshot.text()
    for _ in range(5):
        match.bus.publish(ActionRequested(match.current, match.legal()[0]))
    assert len(match.actions) == 5
    assert snapshot.text() == before and json.loads(before)["actions"] == []


def test_the_autosave_follows_every_applied_and_undone_action(app, tmp_path):
    match = app.session.new_match(parse_seats("human,human"), 4)
    undone = False
    for n in range(1, 25):
        play(match, match.legal()[0])
        if not undone and match.can_undo:
            match.bus.publish(UndoRequested(match.current))
            undone = True
        save = wait_for(lambda: saved_with(tmp_path, len(match.actions)), 3.0, f"the autosave after action {n}")
        assert load_state(save["state"]) == match.state == replayed(save)
    assert undone and len(match.actions) == 23


def test_continue_resumes_the_same_position_seats_and_log(tmp_path):
    main(["--seats", "human,bot:random", "--seed", "9", "--quit-after-seconds", "0.5", "--pace", "instant",
          "--data-dir", str(tmp_path), "--size", "1280x720"])
    saved = read_autosave(tmp_path)
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    try:
        match = app.session.resume()
        assert match.state == load_state(saved["state"]) == replayed(saved)
        assert [s.to_json() for s in match.seats] == saved["seats"]
        assert match.log == saved["log"] and [a.to_json() for a in match.actions] == saved["actions"]
    finally:
        app.session.close_match()


def test_continue_on_the_command_line_opens_the_saved_game(tmp_path, monkeypatch):
    main(["--demo", "--seats", "bot:random,bot:random", "--seed", "2", "--quit-after-seconds", "0.5",
          "--data-dir", str(tmp_path), "--size", "1280x720"])
    opened = []
    monkeypatch.setattr(GameScene, "on_enter", lambda self: opened.append(self.match.state.seed))
    shot = tmp_path / "shot.png"
    assert main(["--continue", "--quit-after-seconds", "0.3", "--data-dir", str(tmp_path), "--size", "1280x720",
                 "--screenshot", str(shot)]) == 0
    assert opened == [2] and shot.exists()


def test_continue_without_a_saved_game_says_so_or_starts_the_demo(tmp_path, capsys, monkeypatch):
    assert main(["--continue", "--quit-after-seconds", "0.2", "--data-dir", str(tmp_path), "--size", "1280x720"]) == 0
    assert "no unfinished game" in capsys.readouterr().err
    opened = []
    monkeypatch.setattr(GameScene, "on_enter", lambda self: opened.append(self.match.state.seed))
    main(["--continue", "--demo", "--seed", "6", "--quit-after-seconds", "0.2", "--data-dir", str(tmp_path),
          "--size", "1280x720"])
    assert opened == [6]


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom")


def test_a_crash_shows_the_report_and_the_autosave_stays_intact(app, tmp_path):
    match = app.session.new_match(parse_seats("human,human"), 8)
    for _ in range(5):
        play(match, match.legal()[0])
    state = match.state.copy()
    app.stack.push(TitleScene(app))
    app.stack.push(GameScene(app, match))
    shown = []
    app.run([Exploding(app)], stop_when=lambda: shown.append(app.stack.top) or isinstance(shown[-1], CrashScene))
    crash = shown[-1]
    assert isinstance(crash, CrashScene) and str(crash.report) in crash.text
    report = crash.report.read_text()
    assert crash.report.parent == tmp_path / "logs"
    assert "RuntimeError: boom" in report and "humanity-desktop: 0.1." in report and "python: 3" in report
    resumed = app.session.resume()
    assert resumed.state == state and len(resumed.actions) == 5


def test_a_crash_whose_report_cannot_be_written_still_shows_the_crash_screen(app, monkeypatch):
    import humanity_desktop.ui.app as app_module

    def refused(folder, exc):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(app_module, "write_crash_report", refused)
    app.stack.push(TitleScene(app))
    shown = []
    app.run([Exploding(app)], stop_when=lambda: shown.append(app.stack.top) or isinstance(shown[-1], CrashScene))
    crash = shown[-1]
    assert crash.report is None
    assert "No report of the error could be written in the log folder (the disk is full)" in crash.text


# ------------------------------------------------------------ killed outright

GAME = [sys.executable, "-m", "humanity_desktop", "--demo", "--seats", "bot:easy,bot:easy", "--pace", "instant",
        "--anim-speed", "100", "--size", "960x540"]


def start_game(folder: Path, *flags: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([*GAME, "--data-dir", str(folder), *flags], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this system (Windows)")
def test_a_game_killed_at_a_random_moment_resumes_with_every_action_and_plays_to_the_end(tmp_path):
    rng = random.Random(7)
    first = start_game(tmp_path, "--seed", "11", "--quit-after-seconds", "60")
    try:
        wait_for(lambda: len(read_autosave(tmp_path)["actions"]) >= 10, 30, "the first autosaves")
        time.sleep(rng.uniform(0.1, 2.0))
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    killed = read_autosave(tmp_path)  # whole: every write was atomic
    assert not killed["state"]["game_over"] and replayed(killed) == load_state(killed["state"])

    second = start_game(tmp_path, "--continue", "--quit-after-seconds", "60")
    try:
        wait_for(lambda: read_autosave(tmp_path)["state"]["game_over"], 50, "the resumed game to end")
    finally:
        second.terminate()
        _, err = second.communicate()
    assert "Traceback" not in err
    final = read_autosave(tmp_path)
    n = len(killed["actions"])
    assert final["actions"][:n] == killed["actions"] and len(final["actions"]) > n
    assert final["log"][: len(killed["log"])] == killed["log"]
    assert final["seats"] == killed["seats"] and final["seed"] == killed["seed"] == 11
    assert replayed(final) == load_state(final["state"])


# ------------------------------------------------------------ undo, then confirm

def to_confirmation(match) -> None:
    """Play the current human's first legal choices until the end of the turn waits for confirmation."""
    seat = match.current
    while match.pending is None:
        match.bus.publish(ActionRequested(seat, match.legal()[0]))


def choose_otherwise(match, taken_back) -> None:
    """Play a choice other than `taken_back`, then on to the end of the turn, and confirm it."""
    seat = match.current
    other = [a for a in match.legal() if a != taken_back]
    match.bus.publish(ActionRequested(seat, (other or [taken_back])[0]))
    to_confirmation(match)
    match.bus.publish(ConfirmRequested(seat))


def assert_continue_shows_the_screen(app, match) -> None:
    """The autosave replays to the position on screen, and Continue opens that very position."""
    on_screen, actions = match.state.copy(), list(match.actions)
    app.session.close_match()
    save = read_autosave(app.data_dir)
    assert replayed(save) == load_state(save["state"]) == on_screen
    resumed = app.session.resume()
    assert resumed.state == on_screen and resumed.actions == actions


@pytest.mark.parametrize("seed", [3, 5, 12])
def test_undo_at_the_confirmation_then_another_choice_saves_the_whole_turn(app, seed):
    match = app.session.new_match(parse_seats("human,human"), seed)
    for _ in range(2):  # a turn each, then the blocker's turn
        to_confirmation(match)
        match.bus.publish(ConfirmRequested(match.current))
    to_confirmation(match)
    taken_back = match.pending.action
    match.bus.publish(UndoRequested(match.current))
    choose_otherwise(match, taken_back)
    assert_continue_shows_the_screen(app, match)


def test_undo_earlier_in_the_turn_then_another_choice_is_saved_whole(app):
    match = app.session.new_match(parse_seats("human,human"), 4)
    seat = match.current
    first = match.legal()[0]
    match.bus.publish(ActionRequested(seat, first))
    match.bus.publish(ActionRequested(seat, match.legal()[0]))
    match.bus.publish(UndoRequested(seat))
    match.bus.publish(UndoRequested(seat))
    choose_otherwise(match, first)
    assert_continue_shows_the_screen(app, match)


def test_the_save_check_stops_a_game_whose_record_left_the_screen(app):
    match = app.session.new_match(parse_seats("human,human"), 4)
    for _ in range(3):
        play(match, match.legal()[0])
    del match.actions[0]  # the record no longer leads to the position on screen
    play(match, match.legal()[0])
    with pytest.raises(SaveError, match="does not hold the position on screen|damaged"):
        app.session.close_match()


def test_continue_brings_back_the_end_of_a_turn_waiting_for_confirmation(app):
    match = app.session.new_match(parse_seats("human,bot:random"), 5)
    to_confirmation(match)
    waiting, on_screen, choices = match.pending.action, match.state.copy(), list(match.actions)
    app.session.close_match()  # the game as its last autosave holds it (a crash, or a kill)
    resumed = app.session.resume()
    assert resumed.pending is not None and resumed.pending.action == waiting
    assert resumed.state == on_screen and resumed.actions == choices
    resumed.bus.publish(UndoRequested(resumed.current))  # the waiting end goes first, alone
    assert resumed.pending is None and resumed.state == on_screen
