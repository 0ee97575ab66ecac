"""Every loader total, one test per class of break: tutorial progress read through the same
reader as the rest; the Stats screen drawing whatever the stats hold; failed writes told once
and never losing the unfinished game; a full disk silencing the log; files with a byte-order
mark; thousands of saves; finished games kept for their replays."""
from __future__ import annotations

import errno
import io
import json
import logging
import os
from pathlib import Path

import pytest

from humanity_desktop.controller import ActionRequested, parse_seats
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.storage.logs import LogFile
from humanity_desktop.controller.saves import describe_save, save_list, save_text
from humanity_desktop.storage.save_files import (
    AUTOSAVE,
    KEPT_REPLAYS,
    REPLAYS_DIR,
    SAVES_DIR,
    SaveError,
    SaveList,
    SaveListing,
    UnfinishedNotKept,
)
from humanity_desktop.controller.stats import STATS_FILE, Line, Stats
from humanity_desktop.controller.tutorial import PROGRESS_FILE, load_script, read_progress, tutorial_match, write_progress
from humanity_desktop.controller.bus import Bus
from humanity_desktop.engine import new_game
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.fonts import LONGEST_WORD
from humanity_desktop.ui.scenes.load import SHOWN, LoadScene
from humanity_desktop.ui.scenes.stats import StatsScene, level_blocks
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

from test_hostile_files import DEEP
from test_saves import played_match
from test_session import play_to_the_end, session_in

SCRIPT = load_script()


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant"))
    yield app
    app.close()


# ---------------------------------------------------------------- tutorial progress

def progress_text(change=lambda d: None) -> str:
    match = tutorial_match(SCRIPT, Bus())
    d = {"version": 1, "chapter": SCRIPT.chapters[2][0], "state": match.state.to_json(), "log": ["a line"]}
    change(d)
    return json.dumps(d)


HOSTILE_PROGRESS = {
    "deep nesting": ('{"version": 1, "chapter": ' + DEEP + "}", "nested too deeply"),
    "NUL in the log": (progress_text(lambda d: d["log"].append("a\x00b")), "NUL"),
    "lone surrogate": (progress_text(lambda d: d["log"].append("x")).replace('"x"', '"\\ud800"'), "UTF-16"),
    "3-player position": (progress_text(lambda d: d.update(state=new_game(3, 1).to_json())), "3 players"),
    "4,300-digit turn": (progress_text(lambda d: d["state"].update(turn="T")).replace('"T"', "9" * 4300),
                         "4300 digits"),
    "unknown chapter": (progress_text(lambda d: d.update(chapter="nowhere")), "names no chapter"),
}


@pytest.mark.parametrize("case", HOSTILE_PROGRESS)
def test_hostile_tutorial_progress_is_set_aside_with_a_message(case, tmp_path):
    text, reason = HOSTILE_PROGRESS[case]
    path = tmp_path / PROGRESS_FILE
    path.write_text(text)
    told: list[str] = []
    assert read_progress(path, SCRIPT, told.append) is None
    assert len(told) == 1 and reason in told[0] and "kept as tutorial.damaged-" in told[0]
    assert not path.exists()


def test_good_tutorial_progress_loads_with_a_byte_order_mark(tmp_path):
    path = tmp_path / PROGRESS_FILE
    path.write_bytes(b"\xef\xbb\xbf" + progress_text().encode())
    chapter, state, log = read_progress(path, SCRIPT, pytest.fail)
    assert chapter == 2 and state.n == 2 and log == ["a line"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX facility")
def test_a_named_pipe_as_tutorial_progress_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / PROGRESS_FILE)
    told: list[str] = []
    assert read_progress(tmp_path / PROGRESS_FILE, SCRIPT, told.append) is None
    assert "not an ordinary file" in told[0]


@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "symlink"), reason="needs /dev/zero and links")
def test_a_link_to_an_endless_device_as_tutorial_progress_is_refused(tmp_path):
    os.symlink("/dev/zero", tmp_path / PROGRESS_FILE)
    told: list[str] = []
    assert read_progress(tmp_path / PROGRESS_FILE, SCRIPT, told.append) is None
    assert "not an ordinary file" in told[0]


def test_a_200_mb_tutorial_progress_file_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / PROGRESS_FILE
    with open(path, "wb") as f:
        f.truncate(200 * 1024 * 1024)  # sparse: no disk is filled
    monkeypatch.setattr(os, "read", lambda *a: pytest.fail("the file was read"))
    told: list[str] = []
    assert read_progress(path, SCRIPT, told.append) is None
    assert "too large" in told[0]


def test_damaged_progress_in_a_folder_that_turned_read_only_is_told_and_left(tmp_path, monkeypatch):
    path = tmp_path / PROGRESS_FILE
    path.write_text("{damaged")

    def refuse(*args):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    told: list[str] = []
    assert read_progress(path, SCRIPT, told.append) is None
    assert "could not be set aside" in told[0] and path.exists()


def test_progress_is_written_as_its_reader_takes_it(tmp_path):
    match = tutorial_match(SCRIPT, Bus())
    match.log[:] = ["x" * 5000] * 30_000  # more, and longer, than a file may hold
    write_progress(tmp_path / PROGRESS_FILE, SCRIPT, 1, match)
    assert read_progress(tmp_path / PROGRESS_FILE, SCRIPT, pytest.fail)[0] == 1


# ---------------------------------------------------------------- the Stats screen

def test_the_stats_screen_draws_a_level_played_zero_times(app):
    stats = app.session.stats
    stats.lines[("normal", 2)] = Line(played=0)
    assert level_blocks(stats)[0].rows[0][3] == "-"
    app.stack.push(StatsScene(app))
    app.step()


@pytest.mark.parametrize("name", ["no\u0000rmal", "\ud800normal"])
def test_stats_naming_a_level_with_nul_or_a_lone_surrogate_are_set_aside(name, tmp_path):
    d = Stats().to_json()
    d["lines"] = [{"level": name, "seats": 2, "played": 1, "won": 1, "best": 30, "total": 30}]
    (tmp_path / STATS_FILE).write_text(json.dumps(d))
    stats = Stats.load(tmp_path / STATS_FILE)
    assert stats.empty and stats.problem and [p for p in tmp_path.iterdir() if is_set_aside(p)]


# ---------------------------------------------------------------- failed writes

def unfinished_session(tmp_path, told):
    session = session_in(tmp_path, told, [])
    match = session.new_match(parse_seats("human,human"), 4)
    match.bus.publish(ActionRequested(0, match.legal()[0]))
    session.close_match()
    return session


def test_an_unfinished_game_that_cannot_be_kept_stops_the_new_game_until_the_player_chooses(tmp_path):
    told: list[str] = []
    session = unfinished_session(tmp_path, told)
    before = (tmp_path / AUTOSAVE).read_bytes()
    (tmp_path / SAVES_DIR).write_text("a plain file where the saves folder belongs")
    with pytest.raises(UnfinishedNotKept, match="cannot be kept"):
        session.new_match(parse_seats("human,human"), 5)
    assert session.match is None and (tmp_path / AUTOSAVE).read_bytes() == before  # nothing lost, nothing started
    elsewhere = tmp_path / "elsewhere"
    kept = session.keep_unfinished_in(elsewhere)  # the player chose another folder
    assert kept.parent == elsewhere and kept.read_bytes() == before
    session.new_match(parse_seats("human,human"), 5)
    session.close_match()


def test_discarding_the_unfinished_game_is_the_players_choice(tmp_path):
    told: list[str] = []
    session = unfinished_session(tmp_path, told)
    (tmp_path / SAVES_DIR).write_text("in the way")
    with pytest.raises(UnfinishedNotKept):
        session.new_match(parse_seats("human,human"), 5)
    match = session.new_match(parse_seats("human,human"), 5, discard_unfinished=True)
    session.close_match()
    assert json.loads((tmp_path / AUTOSAVE).read_text())["seed"] == match.state.seed == 5


def test_the_new_game_screen_asks_before_starting_over_an_unkept_game(app, tmp_path):
    from humanity_desktop.ui.scenes.dialog import ChoiceScene
    from humanity_desktop.ui.scenes.new_game import NewGameScene
    unfinished_session(tmp_path, [])
    (tmp_path / SAVES_DIR).write_text("in the way")
    before = (tmp_path / AUTOSAVE).read_bytes()
    app.stack.push(TitleScene(app))
    screen = NewGameScene(app)
    app.stack.push(screen)
    screen._start()
    question = app.stack.top
    assert isinstance(question, ChoiceScene) and "cannot be kept" in question.message
    assert [b.label for b in question.buttons] == ["Try again", "Keep it in another folder...", "Discard it...",
                                                   "Cancel"]
    question.buttons[0].on_click()  # try again: still in the way, asked again
    assert isinstance(app.stack.top, ChoiceScene) and (tmp_path / AUTOSAVE).read_bytes() == before
    app.stack.top.buttons[1].on_click()
    folder = app.stack.top
    folder.folder = str(tmp_path / "kept here")
    folder.buttons[0].on_click()
    assert [p.name.startswith("unfinished_") for p in (tmp_path / "kept here").iterdir()] == [True]
    assert type(app.stack.top).__name__ == "GameScene"


def test_the_options_failure_is_told_once_a_session(app, monkeypatch):
    def full(self):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Settings, "save", full)
    for _ in range(3):
        app.save_settings()
        notices = app.take_notices()
        assert len(notices) == (1 if _ == 0 else 0)


class FullDisk(io.StringIO):
    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_log_on_a_full_disk_says_so_once_and_falls_silent(tmp_path, capsys):
    handler = LogFile(tmp_path / "game.log", encoding="utf-8")
    handler.stream = FullDisk()
    logger = logging.getLogger("humanity_desktop.test_full_disk")
    logger.addHandler(handler)
    try:
        for i in range(300):
            logger.warning("line %d", i)
    finally:
        logger.removeHandler(handler)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk is full" in err and "Logging error" not in err


# ---------------------------------------------------------------- friendly refusals and the load list

def test_files_with_a_byte_order_mark_load(tmp_path):
    bom = b"\xef\xbb\xbf"
    (tmp_path / SETTINGS_FILE).write_bytes(bom + json.dumps({"version": 4, "pace": "fast"}).encode())
    assert Settings.load(tmp_path / SETTINGS_FILE).pace == "fast"
    (tmp_path / STATS_FILE).write_bytes(bom + json.dumps({**Stats().to_json(), "bot_games": 3}).encode())
    assert Stats.load(tmp_path / STATS_FILE).bot_games == 3
    (tmp_path / SAVES_DIR).mkdir()
    (tmp_path / SAVES_DIR / "notepad.json").write_bytes(bom + save_text(played_match(steps=8)).encode())
    assert [i.path.name for i in save_list(tmp_path).refresh()] == ["notepad.json"]
    assert not [p for p in tmp_path.rglob("*") if is_set_aside(p)]


def many_saves(folder: Path, count: int, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        (folder / f"game_{i:05d}.json").write_text(text)


def test_the_save_list_is_read_once_and_again_only_where_a_file_changed(tmp_path):
    many_saves(tmp_path / SAVES_DIR, 300, save_text(played_match(steps=4)))
    described = []
    saves = SaveList(tmp_path, lambda p: described.append(p) or describe_save(p))
    assert len(saves.refresh()) == 300 and len(described) == 300
    described.clear()
    assert len(saves.refresh()) == 300 and described == []
    changed = tmp_path / SAVES_DIR / "game_00007.json"
    changed.write_text(save_text(played_match(steps=6)))
    os.utime(changed, ns=(1, 1))
    assert len(saves.refresh()) == 300 and described == [changed]


def test_the_load_screen_shows_a_page_at_a_time_and_summarises_problems(app, tmp_path):
    many_saves(tmp_path / SAVES_DIR, 30, save_text(played_match(steps=4)))
    for i in range(40):
        (tmp_path / SAVES_DIR / f"bad_{i:03d}.json").write_text("{damaged")
    app.stack.push(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    app.step()
    assert len([b for b in load.buttons if b.tooltip and b.tooltip.startswith("game_")]) == SHOWN
    assert len(load.text) < 1500 and "And 37 more files could not be used" in load.text
    assert "Page 1 of 5" in load.text
    next(b for b in load.buttons if b.label == "Older saves").on_click()
    assert "Page 2 of 5" in load.text



def test_the_load_screen_shortens_a_long_word_in_a_problem_to_its_end(app):
    listing = SaveListing()
    listing.errors = [SaveError("game.json is damaged (" + "x" * 250 + "the_end_of_the_word" + ").")]
    app.stack.push(TitleScene(app))
    load = LoadScene(app)
    load.saves = listing
    load.refresh()
    longest = max(load.text.split(" "), key=len)
    assert len(longest) <= LONGEST_WORD and "the_end" in longest

def test_a_finished_game_is_kept_for_its_replay_until_deleted(tmp_path):
    told: list[str] = []
    session = session_in(tmp_path, told, [])
    for seed in range(KEPT_REPLAYS + 2):
        (tmp_path / AUTOSAVE).write_text(save_text(finished_match(seed % 2)))
        session.new_match(parse_seats("human,human"), 100 + seed)
        session.close_match()
    replays = sorted((tmp_path / REPLAYS_DIR).glob("finished_*.json"))
    assert len(replays) == KEPT_REPLAYS
    listed = [i for i in session.saves.refresh() if i.path.parent.name == REPLAYS_DIR]
    assert len(listed) == KEPT_REPLAYS and all(i.finished for i in listed)
    session.delete_save(listed[0].path)
    assert len([i for i in session.saves.refresh() if i.path.parent.name == REPLAYS_DIR]) == KEPT_REPLAYS - 1


_FINISHED = {}


def finished_match(seed: int):
    if seed not in _FINISHED:
        match = played_match(steps=0, seed=seed)
        play_to_the_end(match, seed)
        _FINISHED[seed] = match
    return _FINISHED[seed]


def test_deleting_from_the_load_screen_asks_first(app, tmp_path):
    many_saves(tmp_path / SAVES_DIR, 2, save_text(played_match(steps=4)))
    app.stack.push(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    app.step()
    next(b for b in load.buttons if b.label == "Delete a save...").on_click()
    target = next(b for b in load.buttons if b.label.startswith("Delete "))
    target.on_click()
    question = app.stack.top
    assert question.title == "Delete this save?"
    question.buttons[-1].on_click()  # keep it
    assert len(list((tmp_path / SAVES_DIR).glob("*.json"))) == 2
    target.on_click()
    app.stack.top.buttons[0].on_click()
    assert len(list((tmp_path / SAVES_DIR).glob("*.json"))) == 1
