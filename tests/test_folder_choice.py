"""A data folder the game cannot use is not a dead end: the player is asked at start, chooses
another folder in the game's own browser, and the game switches to it at once and starts in
it from then on. Whether a folder is usable is found out by using it: a file made, written,
read back and deleted."""
from __future__ import annotations

import errno
import json
import tempfile
from pathlib import Path

import pygame
import pytest

from humanity_desktop.storage import files
from humanity_desktop.storage.files import folder_problem
from humanity_desktop.storage.lock import LOCK_FILE
from humanity_desktop.storage.places import Places, choice_file, remember_folder
from humanity_desktop.ui import theme
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.input import Back, Click, Key
from humanity_desktop.ui.scenes import routes
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

from permissions import needs_permission_bits
from test_saves_unreachable import long_folder

ASKED = "Your games cannot be saved"


@pytest.fixture
def user_folders(tmp_path, monkeypatch) -> Path:
    """The user's own folders (platformdirs', on a system that follows XDG) in `tmp_path/user`."""
    user = tmp_path / "user"
    for variable, name in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                           ("HOME", "home")):
        (user / name).mkdir(parents=True)
        monkeypatch.setenv(variable, str(user / name))
    return user


def refused(*args, **kwargs):
    raise PermissionError(errno.EACCES, "Permission denied")


# ------------------------------------------------------------ which folder is usable

def test_a_folder_the_game_can_write_in_is_usable_and_kept_as_it_was(tmp_path):
    assert folder_problem(tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_a_file_and_a_path_too_long_are_not_usable(tmp_path):
    (tmp_path / "a file").write_text("x")
    assert folder_problem(tmp_path / "gone") == "it is not there"
    assert folder_problem(tmp_path / "a file") == "it is a file, not a folder"
    assert folder_problem(long_folder(tmp_path)) == "its path is too long for the system"


@pytest.mark.parametrize("mode", [pytest.param(0o555, id="no write permission", marks=needs_permission_bits()),
                                  pytest.param(0o644, id="no search permission", marks=needs_permission_bits())])
def test_a_folder_its_permissions_keep_closed_is_not_usable(tmp_path, mode):
    folder = tmp_path / "closed"
    folder.mkdir()
    folder.chmod(mode)
    try:
        assert folder_problem(folder) == "the folder cannot be written to"
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("step", ["make", "delete"])
def test_a_folder_that_refuses_making_or_deleting_a_file_is_not_usable(tmp_path, monkeypatch, step):
    """The permission cases wherever the bits cannot be made to hold (as root, or on Windows)."""
    if step == "make":
        monkeypatch.setattr(files.tempfile, "mkstemp", refused)
    else:
        monkeypatch.setattr(Path, "unlink", refused)
    assert folder_problem(tmp_path) == "the folder cannot be written to"


def test_a_folder_that_does_not_give_back_what_was_written_is_not_usable(tmp_path, monkeypatch):
    monkeypatch.setattr(Path, "read_bytes", lambda path: b"")
    assert folder_problem(tmp_path) == "what is written there does not read back"
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------ the choice remembered

def test_the_folder_chosen_is_where_the_next_start_keeps_everything(user_folders, tmp_path):
    chosen = tmp_path / "games"
    chosen.mkdir()
    remember_folder(chosen)
    assert Places.chosen(None) == Places.under(chosen) and Places.chosen(None).note == ""
    assert Places.chosen(tmp_path / "given") == Places.under(tmp_path / "given")  # --data-dir comes first


def test_choosing_the_usual_folder_forgets_the_other(user_folders, tmp_path):
    remember_folder(tmp_path)
    remember_folder(Places.for_user().data)
    assert not choice_file().exists() and Places.chosen(None) == Places.for_user()


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"data_dir": 5}', '{"data_dir": "relative/games"}',
                                  '{"data_dir": ""}', "\udcff"], ids=["not json", "a list", "a number", "relative",
                                                                     "empty", "not text"])
def test_a_damaged_choice_falls_back_to_the_usual_folder_with_a_note(user_folders, text):
    choice_file().parent.mkdir(parents=True, exist_ok=True)
    choice_file().write_bytes(text.encode("utf-8", "surrogateescape"))
    places = Places.chosen(None)
    assert places == Places.for_user() and "could not be read back" in places.note


def test_a_chosen_folder_gone_falls_back_to_the_usual_folder_and_the_player_is_told(user_folders, tmp_path):
    chosen = tmp_path / "usb stick"
    chosen.mkdir()
    remember_folder(chosen)
    chosen.rmdir()
    places = Places.chosen(None)
    assert places == Places.for_user() and f"{chosen}, cannot be used (it is not there)" in places.note
    app = App(AppConfig(size=(1024, 576), max_fps=0))
    try:
        assert app.data_dir == Places.for_user().data and app.saving
        assert places.note in app.take_notices()
    finally:
        app.close()
    assert not chosen.exists()  # not made again where the player no longer has it


# ------------------------------------------------------------ the question at start

def started(app: App) -> list:
    """The screens open once the window has opened on the title screen."""
    app.run([TitleScene(app)], stop_when=lambda: True)
    return list(app.stack)


def opened(data_dir: Path) -> App:
    app = App(AppConfig(data_dir=data_dir, size=(1024, 576), max_fps=0, pace="instant"))
    app.close = lambda: None  # run() ends in close(): the test closes it itself
    return app


def close(app: App) -> None:
    del app.close
    app.close()


def test_an_unusable_folder_asks_what_to_do_and_a_usable_one_does_not(tmp_path):
    app = opened(long_folder(tmp_path))
    try:
        [title, asked] = started(app)
        assert asked.title == ASKED and str(app.data_dir)[-50:] in asked.message.replace("\n", "")
        assert [b.label for b in asked.buttons] == ["Choose another folder…", "Use the usual folder",
                                                    "Play without saving"]
        app.stack.handle(Back())  # Esc: play without saving
        assert app.stack.top is title and not app.saving
        assert app.take_notices() == ["Nothing is saved in this session: no games, options or stats."]
    finally:
        close(app)
    usable = opened(tmp_path / "usable")
    try:
        assert [type(s) for s in started(usable)] == [TitleScene] and usable.saving
    finally:
        close(usable)


def test_the_usual_folder_is_not_offered_when_it_is_the_one_that_cannot_be_used(user_folders, monkeypatch):
    monkeypatch.setattr(files.tempfile, "mkstemp", refused)
    app = opened(None)
    try:
        monkeypatch.setattr(files.tempfile, "mkstemp", tempfile.mkstemp)
        [_, asked] = started(app)
        assert [b.label for b in asked.buttons] == ["Choose another folder…", "Play without saving"]
    finally:
        close(app)


def test_the_usual_folder_chosen_in_the_question_is_made_used_and_the_other_forgotten(user_folders, tmp_path):
    remember_folder(tmp_path)
    app = opened(long_folder(tmp_path))
    try:
        [_, asked] = started(app)
        next(b for b in asked.buttons if b.label == "Use the usual folder").press()
        assert app.data_dir == Places.for_user().data and app.saving and isinstance(app.stack.top, TitleScene)
        assert not choice_file().exists()
    finally:
        close(app)


# ------------------------------------------------------------ the folder browser

def click(app: App, rect: pygame.Rect) -> None:
    """A real click on the window, through the event queue, as the player makes it."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step()


def browser(app: App):
    [_, asked] = started(app)
    click(app, next(b for b in asked.buttons if b.label == "Choose another folder…").rect)
    assert routes.showing(app.stack.top, routes.FOLDERS)
    return app.stack.top


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


def test_the_folder_chosen_in_the_browser_is_used_at_once_and_at_the_next_start(user_folders, tmp_path):
    target = tmp_path / "places" / "games"
    target.mkdir(parents=True)
    (tmp_path / "places" / "music").mkdir()
    kept = Settings.load(target / SETTINGS_FILE)
    kept.text_size = 1.3
    kept.save()
    app = opened(long_folder(tmp_path))
    try:
        scene = browser(app)
        scene.open(tmp_path / "places")
        assert scene.names == ["games", "music"]
        click(app, scene.row_rect(0))
        assert scene.folder == target and scene.names == []
        click(app, button(scene, "Use this folder").rect)
        assert app.data_dir == target and app.saving and (target / LOCK_FILE).exists()
        assert app.settings.text_size == theme.text_size() == 1.3  # its options in force at once
        app.step()
        assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1 and str(target) in app.stack.top.text
        app.settings.muted = not app.settings.muted
        app.save_settings()
        assert json.loads((target / "options.json").read_text())["muted"] == app.settings.muted
        assert (target / "logs").is_dir() and app.session.stats is not None
    finally:
        close(app)
    again = App(AppConfig(size=(1024, 576), max_fps=0))
    try:
        assert again.data_dir == target and again.saving and again.take_notices() == []
    finally:
        again.close()


def test_the_browser_refuses_a_folder_it_cannot_use_and_says_why(tmp_path, monkeypatch):
    app = opened(long_folder(tmp_path))
    before = app.data_dir
    try:
        scene = browser(app)
        scene.open(tmp_path)
        monkeypatch.setattr(files.tempfile, "mkstemp", refused)
        click(app, button(scene, "Use this folder").rect)
        assert app.stack.top is scene and app.data_dir == before and not app.saving
        assert scene.told == "This folder cannot be used: the folder cannot be written to."
    finally:
        close(app)


def test_the_browser_goes_round_the_folders_by_keyboard_and_back_to_the_question(tmp_path):
    for name in ("b", "a", ".hidden", "C"):
        (tmp_path / "root" / name).mkdir(parents=True)
    (tmp_path / "root" / "a file").write_text("x")
    app = opened(long_folder(tmp_path))
    try:
        scene = browser(app)
        scene.open(tmp_path / "root")
        assert scene.names == ["a", "b", "C"]  # folders only, hidden ones left out, in the alphabet's order
        for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):
            app.stack.handle(Key(key))
        assert scene.folder == tmp_path / "root" / "b"
        app.stack.handle(Key(pygame.K_BACKSPACE))
        assert scene.folder == tmp_path / "root"
        app.stack.handle(Back())
        assert app.stack.top.title == ASKED
    finally:
        close(app)


def test_a_folder_that_cannot_be_listed_is_not_opened(tmp_path, monkeypatch):
    app = opened(long_folder(tmp_path))
    try:
        scene = browser(app)
        scene.open(tmp_path)
        (tmp_path / "closed").mkdir()
        monkeypatch.setattr(files.os, "scandir", refused)
        scene.open(tmp_path / "closed")
        assert scene.folder == tmp_path and scene.told == "closed cannot be opened: the game is not allowed to look into it."
    finally:
        close(app)


def test_the_parent_button_goes_up_and_rests_at_the_top(tmp_path):
    app = opened(long_folder(tmp_path))
    try:
        scene = browser(app)
        scene.open(tmp_path)
        app.stack.handle(Click(button(scene, "Parent folder").rect.center))
        assert scene.folder == tmp_path.parent
        scene.open(Path(tmp_path.anchor))
        assert not button(scene, "Parent folder").enabled
    finally:
        close(app)
