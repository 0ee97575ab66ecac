"""The data folder is never lost: a new game keeps the unfinished one, a second window on the
same folder writes nothing, and a full disk or a read-only folder is told to the player and
never crashes the game."""
from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller import parse_seats
from humanity_desktop.storage import autosave as autosave_module
from humanity_desktop.storage.autosave import Autosaver
from humanity_desktop.storage.files import write_atomic
from humanity_desktop.controller.saves import save_list
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR
from humanity_desktop.ui import settings as settings_module
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.dialog import ChoiceScene
from humanity_desktop.ui.scenes.options import OptionsScene

from ui_driver import app, play, start  # noqa: F401 - app is a fixture

FLAGS = ["--quit-after-seconds", "0.3", "--size", "960x540", "--pace", "instant"]


def kept_games(folder: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((folder / SAVES_DIR).glob("unfinished_*.json"))]


def autosave_of(folder: Path) -> dict:
    return json.loads((folder / AUTOSAVE).read_text())


# ------------------------------------------------------------ an unfinished game is kept

def test_a_new_game_keeps_the_unfinished_one_for_load(app):
    first = app.session.new_match(parse_seats("human,human"), 4)
    for _ in range(3):
        play(first, first.legal()[0])
    position = first.state.copy()
    app.session.new_match(parse_seats("human,human"), 5)
    [kept] = kept_games(app.data_dir)
    assert kept["seed"] == 4 and len(kept["actions"]) == 3
    assert any("unfinished game is kept" in n and "Load" in n for n in app.take_notices())
    [info] = [i for i in save_list(app.data_dir).refresh() if i.path.name.startswith("unfinished_")]
    assert app.session.load_match(info.path).state == position


def test_continuing_the_autosave_keeps_no_copy(app):
    match = app.session.new_match(parse_seats("human,human"), 4)
    play(match, match.legal()[0])
    app.session.close_match()
    app.session.resume()
    assert kept_games(app.data_dir) == []


def test_a_demo_from_the_command_line_keeps_the_unfinished_game(tmp_path):
    main(["--seats", "human,human", "--seed", "9", "--data-dir", str(tmp_path), *FLAGS])
    main(["--demo", "--seed", "5", "--data-dir", str(tmp_path), *FLAGS])
    assert [k["seed"] for k in kept_games(tmp_path)] == [9]
    assert autosave_of(tmp_path)["seed"] == 5


# ------------------------------------------------------------ two windows on one folder

def test_a_second_window_on_the_same_folder_says_so_and_writes_nothing(app, tmp_path):
    first = app.session.new_match(parse_seats("human,human"), 4)
    play(first, first.legal()[0])
    app.session.close_match()
    before = (tmp_path / AUTOSAVE).read_text()
    second = App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0))
    try:
        assert not second.saving
        assert any("Another Humanity window" in n for n in second.take_notices())
        match = second.session.new_match(parse_seats("human,human"), 6)
        play(match, match.legal()[0])
        second.settings.muted = not second.settings.muted
        second.save_settings()
        second.session.close_match()
    finally:
        second.close()
    assert (tmp_path / AUTOSAVE).read_text() == before and kept_games(tmp_path) == []
    assert not (tmp_path / "options.json").exists()


def test_the_folder_is_free_again_once_the_first_window_closes(tmp_path):
    first = App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0))
    assert first.saving
    first.close()
    second = App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0))
    try:
        assert second.saving and second.take_notices() == []
    finally:
        second.close()


# ------------------------------------------------------------ a full disk

def full_disk(path, text):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_is_told_once_and_the_save_catches_up_when_space_returns(app, monkeypatch):
    game = start(app, "human,human", seed=3)
    monkeypatch.setattr(autosave_module, "write_atomic", full_disk)
    for _ in range(3):
        play(game.match, game.match.legal()[0])
        app.session._autosaver.flush()
        app.step()
    dialogs = [s for s in app.stack if isinstance(s, ChoiceScene)]
    assert len(dialogs) == 1 and "the disk is full" in dialogs[0].message
    monkeypatch.setattr(autosave_module, "write_atomic", write_atomic)
    play(game.match, game.match.legal()[0])
    app.session._autosaver.flush()
    assert autosave_of(app.data_dir)["actions"] == [a.to_json() for a in game.match.actions]
    assert app.take_notices() == ["Your game is being saved again."]


def test_bots_play_on_only_once_the_last_move_is_on_disk(app, monkeypatch):
    release = threading.Event()

    def slow_disk(path, text):
        release.wait(10)
        write_atomic(path, text)

    game = start(app, "bot:random,bot:random", seed=3)
    app.session._autosaver.flush()
    monkeypatch.setattr(autosave_module, "write_atomic", slow_disk)
    moves = len(game.match.actions)
    for _ in range(200):  # bots at instant pace would make many moves in this many frames
        app.step()
        if len(game.match.actions) > moves:
            break
    blocked = len(game.match.actions)
    for _ in range(100):
        app.step()
    assert len(game.match.actions) == blocked == moves + 1  # one move, then waiting for its save
    release.set()
    app.session._autosaver.flush()
    for _ in range(200):
        app.step()
    assert len(game.match.actions) > blocked


def test_a_failed_autosave_is_retried_without_a_newer_one(tmp_path, monkeypatch):
    failures = [OSError(errno.ENOSPC, "No space left on device")]

    def once_full(path, text):
        if failures:
            raise failures.pop()
        write_atomic(path, text)

    monkeypatch.setattr(autosave_module, "write_atomic", once_full)
    saver = Autosaver(tmp_path / "a.json", retry_after=0.0)
    saver.submit(Text("kept"))
    saver.close()  # waits for the retry to be written
    assert (tmp_path / "a.json").read_text() == "kept"
    assert not failures


class Text:
    def __init__(self, value: str) -> None:
        self.value = value

    def text(self) -> str:
        return self.value


def test_options_that_cannot_be_written_are_told_not_crashed(app, monkeypatch):
    monkeypatch.setattr(settings_module, "write_atomic", full_disk)
    options = OptionsScene(app)
    app.stack.push(options)
    options.change("muted")
    app.step()
    assert "Your options cannot be saved: the disk is full" in options.text


# ------------------------------------------------------------ a read-only folder

@pytest.fixture
def read_only(tmp_path):
    """A folder that holds an unfinished game and cannot be written to, made so by what the
    system has: without write permission (POSIX), as a read-only bind mount when running as
    root (which ignores permissions), or with writing denied to the user and every file marked
    read-only (Windows)."""
    source = tmp_path / "rw"
    main(["--seats", "human,human", "--seed", "9", "--data-dir", str(source), *FLAGS])
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        yield from read_only_mount(source, tmp_path / "ro")
    elif hasattr(os, "geteuid"):
        source.chmod(0o555)
        yield source
        source.chmod(0o755)
    elif shutil.which("icacls"):
        yield from writing_denied(source)
    else:
        pytest.skip("no way to make a read-only folder here")


def read_only_mount(source: Path, folder: Path):
    folder.mkdir()
    mounted = subprocess.run(["mount", "--bind", str(source), str(folder)]).returncode == 0
    if not mounted or subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)]).returncode:
        if mounted:
            subprocess.run(["umount", str(folder)], check=True)
        pytest.skip("cannot mount a read-only folder here")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def writing_denied(folder: Path):
    """Windows: the read-only attribute on each file, and no right to add files to the folders."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    user = os.environ["USERNAME"]
    for path in files:
        path.chmod(stat.S_IREAD)
    # Writing data and adding files or folders only: a broader deny would stop reading too.
    subprocess.run(["icacls", str(folder), "/deny", f"{user}:(OI)(CI)(WD,AD)"], check=True, capture_output=True)
    yield folder
    subprocess.run(["icacls", str(folder), "/remove:d", user, "/T"], check=True, capture_output=True)
    for path in files:
        path.chmod(stat.S_IREAD | stat.S_IWRITE)


def test_a_read_only_folder_plays_on_with_a_message_and_no_traceback(read_only, capsys):
    with pytest.raises(OSError):
        (read_only / "probe").write_text("x")
    saved = (read_only / AUTOSAVE).read_text()
    app = App(AppConfig(data_dir=read_only, size=(960, 540), max_fps=0))
    try:
        assert not app.saving and app.unusable == "the folder cannot be written to"
        assert app.take_notices() == []  # the player is asked for another folder instead (test_folder_choice.py)
        match = app.session.resume()
        play(match, match.legal()[0])
        app.session.close_match()
    finally:
        app.close()
    assert (read_only / AUTOSAVE).read_text() == saved
    assert main(["--demo", "--seed", "5", "--data-dir", str(read_only), *FLAGS]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_data_folder_too_long_to_use_is_told_in_a_few_lines_with_the_way_out(tmp_path):
    from humanity_desktop.ui.fonts import LONGEST_WORD
    from humanity_desktop.ui.scenes import routes

    folder = tmp_path.joinpath(*["d" * 200] * 25)  # 5,000 characters: longer than any system allows
    app = App(AppConfig(data_dir=folder, size=(1024, 576), max_fps=0, pace="instant"))
    try:
        told = routes.make(routes.FOLDER_PROBLEM, app)
    finally:
        app.close()
    assert "path is too long" in told.message and "Choose another folder…" in [b.label for b in told.buttons]
    assert len(told.message) < 2 * LONGEST_WORD + 400
    assert told.message.count("\u2026") == 1 and max(len(word) for word in told.message.split()) == LONGEST_WORD
