"""The Load screen's list with many saves: the first page is read at once, the others by a
thread, and the list it grows into is the one a full read gives (same saves, same order,
same problems told)."""
from __future__ import annotations

import json
import os
import re
import shutil
import threading
import time

import pytest

from humanity_desktop.controller import saves as saves_module
from humanity_desktop.controller.saves import save_list, save_text
from humanity_desktop.storage.save_files import SAVES_DIR, SaveList
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.load import GROWS_EVERY, SHOWN, LoadScene
from humanity_desktop.ui.scenes.title import TitleScene

from test_saves import played_match

MANY = 300
BAD = (5, 123, 250, 285)  # damaged files among them, by age: set aside and told


def many_saves(root) -> None:
    """MANY saves, each saved (and its file written) a minute after the one before, a few of them damaged."""
    data = json.loads(save_text(played_match(steps=4)))
    folder = root / SAVES_DIR
    folder.mkdir(parents=True)
    for i in range(MANY):
        path = folder / f"game_{i:05d}.json"
        if i in BAD:
            path.write_text("{damaged")
        else:
            data["saved_at"] = 1_700_000_000.0 + 60 * i
            path.write_text(json.dumps(data))
        os.utime(path, (1_700_000_000 + 60 * i,) * 2)


class Counted:
    """describe_save, counting its calls; the reading thread's calls wait until `go` is set,
    or each for one of the `turns` given."""

    def __init__(self, monkeypatch) -> None:
        self.describe = saves_module.describe_save
        self.calls = 0
        self.go = threading.Event()
        self.turns = threading.Semaphore(0)
        self.lock = threading.Lock()
        monkeypatch.setattr(saves_module, "describe_save", self)
        monkeypatch.setattr(SaveList, "in_background", True)

    def __call__(self, path):
        if threading.current_thread() is not threading.main_thread():
            while not self.go.is_set() and not self.turns.acquire(timeout=0.01):
                pass
        with self.lock:
            self.calls += 1
        return self.describe(path)


def seen(listing, root) -> tuple[list, list[str]]:
    """What a listing shows, the data folder's name taken out (the problems' dates too)."""
    saves = [(i.path.relative_to(root), i.title, i.saved_at, i.finished) for i in listing]
    return saves, [re.sub(r"\d", "#", p) for p in listing.problems]


def full_read(tmp_path):
    """What the full, all-at-once read lists, in a copy of the folder."""
    many_saves(tmp_path / "copy")
    return seen(save_list(tmp_path / "copy").refresh(), tmp_path / "copy")


def grown(saves: SaveList, listing):
    for _ in range(20_000):  # waits for the thread, asserts nothing of its speed
        if not listing.reading:
            return listing
        listing = saves.poll() or listing
        time.sleep(0.001)
    pytest.fail("the saves were never all read")


def opened(tmp_path, monkeypatch):
    """A full read's listing, then a folder of MANY saves opened as the Load screen opens it,
    its reads counted: (expected, the folder, the count, the SaveList, the first listing)."""
    expected = full_read(tmp_path)
    root = tmp_path / "data"
    many_saves(root)
    counted = Counted(monkeypatch)
    saves = save_list(root)
    return expected, root, counted, saves, saves.open(SHOWN)


def test_the_first_page_is_read_at_once_and_the_rest_grows_into_the_full_list(tmp_path, monkeypatch):
    expected, root, counted, saves, first = opened(tmp_path, monkeypatch)
    assert counted.calls <= SHOWN + 1  # a page's worth, the rest waits for the thread
    assert first.reading == MANY - counted.calls
    assert seen(first, root)[0] == expected[0][:SHOWN]  # the newest page, in order
    assert saves.poll() is None  # nothing read since
    counted.go.set()
    whole = grown(saves, first)
    assert counted.calls == MANY
    assert seen(whole, root) == expected
    assert len(whole.problems) == len(BAD)
    again = saves.open(SHOWN)  # nothing changed: nothing read again, nothing left to read
    assert counted.calls == MANY and again.reading == 0 and seen(again, root)[0] == expected[0]


def test_a_listing_stopped_halfway_goes_on_where_it_stopped(tmp_path, monkeypatch):
    expected, root, counted, saves, first = opened(tmp_path, monkeypatch)
    for _ in range(20):
        counted.turns.release()
    part = first
    for _ in range(20_000):
        part = saves.poll() or part
        if part.reading == first.reading - 20:
            break
        time.sleep(0.001)
    assert part.reading == first.reading - 20
    saves._scan.halt.set()  # the reader waits at its next file: it reads that one, then stops
    counted.turns.release()
    saves.stop()
    assert counted.calls == MANY - first.reading + 21  # game_00285 among them, set aside
    assert not (root / SAVES_DIR / "game_00285.json").exists()
    counted.go.set()
    assert seen(saves.refresh(), root) == expected
    assert counted.calls == MANY  # no file read twice


def test_the_load_screen_shows_the_first_page_then_grows(tmp_path, monkeypatch):
    expected = full_read(tmp_path)
    many_saves(tmp_path)
    counted = Counted(monkeypatch)
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant"))
    try:
        app.stack.push(TitleScene(app))
        load = LoadScene(app)
        app.stack.push(load)
        app.step()  # frames come while the saves are read
        assert counted.calls <= SHOWN + 1
        shown = [b.tooltip for b in load.buttons if b.tooltip and b.tooltip.startswith("game_")]
        assert shown == [str(p.name) for p, *_ in expected[0][:SHOWN]]
        assert "Reading the saves" in load.text and load.next_change() is not None
        counted.go.set()
        for _ in range(20_000):
            if not load.saves.reading:
                break
            load.update(GROWS_EVERY)
            time.sleep(0.001)
        assert seen(load.saves, tmp_path) == expected and "Reading" not in load.text
        assert "Page 1 of 43." in load.text and "game_00250.json cannot be used: it is damaged" in load.text
        assert load.next_change() is None
    finally:
        counted.go.set()
        app.close()
