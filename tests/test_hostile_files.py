"""Hostile or damaged files never stop the game: each class of bad save, options or stats file
is refused by the loaders' limits, set aside with a message, and the title screen is reached;
one bad file in saves/ does not hide the good ones from Load."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.controller.saves import save_list, save_text
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR
from humanity_desktop.controller.stats import STATS_FILE, Stats
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

from test_saves import played_match

FLAGS = ["--quit-after-seconds", "0.2", "--size", "960x540"]
DEEP = "[" * 100_000 + "]" * 100_000


def good_save() -> dict:
    return json.loads(save_text(played_match(steps=12)))


def edited(change) -> str:
    data = good_save()
    change(data)
    return json.dumps(data)


def many_tiles(data: dict) -> None:
    data["state"]["seats"][0]["base"] = [{"cell": [i, 0], "tile": "o-1", "stock": 1} for i in range(60_000)]


HOSTILE_SAVES = {
    "astronaut index": (lambda: edited(lambda d: d["seats"][0].update(character=7)), "no astronaut 7"),
    "time 1e400": (lambda: save_text(played_match(steps=12)).replace('"saved_at":', '"saved_at":1e400,"x":', 1),
                   "the number 1e400"),
    "deep nesting": (lambda: '{"version":2,"state":' + DEEP + "}", "nested too deeply"),
    "null log entry": (lambda: edited(lambda d: d["log"].append(None)), "log lines"),
    "5 MB log line": (lambda: edited(lambda d: d["log"].append("x" * 5_000_000)), "5000000 characters"),
    "long log line": (lambda: edited(lambda d: d["log"].append("x" * 100_000)), "100000 characters"),
    "history of the wrong type": (lambda: edited(lambda d: d["history"].append("lots")), "score entries"),
    "history of wrong scores": (lambda: edited(lambda d: d["history"].append([1, None])), "score history"),
    "tile far away": (lambda: edited(lambda d: d["state"]["seats"][0]["base"][0].update(cell=[10**9, 10**9])),
                      "must be from -64 to 64"),
    "60,000 tiles": (lambda: edited(many_tiles), "60000 entries"),
    "too many actions": (lambda: edited(lambda d: d.update(actions=d["actions"] * 2000)), "actions"),
}


@pytest.mark.parametrize("kind", HOSTILE_SAVES)
def test_a_hostile_autosave_is_set_aside_and_the_title_screen_says_why(kind, tmp_path, capsys):
    make, reason = HOSTILE_SAVES[kind]
    (tmp_path / AUTOSAVE).write_text(make())
    assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0
    err = capsys.readouterr().err
    assert reason in err and "kept as autosave.damaged-" in err
    assert not (tmp_path / AUTOSAVE).exists()
    assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0  # and on every later launch


def named_pipe(path: Path) -> None:
    os.mkfifo(path)


def a_folder(path: Path) -> None:
    path.mkdir()


# What can stand where a file should be and is not one: a named pipe (POSIX: opening it may
# wait for ever) and, on every system, a folder.
NOT_FILES = [
    pytest.param(named_pipe, id="named pipe",
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes in the file system")),
    pytest.param(a_folder, id="folder"),
]


@pytest.mark.parametrize("make", NOT_FILES)
def test_something_not_a_file_in_place_of_each_file_is_refused_without_waiting(make, tmp_path, capsys):
    for name in (AUTOSAVE, SETTINGS_FILE, STATS_FILE):
        make(tmp_path / name)
    assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0
    err = capsys.readouterr().err
    assert "not an ordinary file" in err
    assert sorted(p.name for p in tmp_path.iterdir() if is_set_aside(p)) == [
        n for n in sorted(p.name for p in tmp_path.iterdir()) if ".damaged-" in n]
    assert len([p for p in tmp_path.iterdir() if is_set_aside(p)]) == 3


@pytest.mark.parametrize("text", [DEEP, '{"version": 2, "pace": ' + DEEP + "}", "x" * 100_000])
def test_hostile_options_are_set_aside_and_the_defaults_used(text, tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(text)
    assert Settings.load(tmp_path / SETTINGS_FILE) == Settings()
    assert [p for p in tmp_path.iterdir() if is_set_aside(p)]


@pytest.mark.parametrize("change", [
    lambda d: d.update(bot_games=10**12),
    lambda d: d.update(lines=DEEP),
    lambda d: d["medals"].update({"x" * 1000: "gold"}),
    lambda d: d["ratings"].update(easy={"value": 1e400, "games": 1}),
])
def test_hostile_stats_are_set_aside_and_start_afresh(change, tmp_path):
    data = Stats().to_json()
    data["medals"], data["ratings"] = {"easy": "gold"}, {}
    change(data)
    text = json.dumps(data).replace('"' + DEEP + '"', DEEP).replace("Infinity", "1e400")
    (tmp_path / STATS_FILE).write_text(text)
    stats = Stats.load(tmp_path / STATS_FILE)
    assert stats.empty and stats.problem and [p for p in tmp_path.iterdir() if is_set_aside(p)]


@pytest.mark.parametrize("make", NOT_FILES)
def test_one_bad_file_in_saves_does_not_hide_the_good_ones(make, tmp_path):
    folder = tmp_path / SAVES_DIR
    folder.mkdir()
    good = save_text(played_match(steps=12))
    (folder / "a_good.json").write_text(good)
    (folder / "b_bad.json").write_text(HOSTILE_SAVES["astronaut index"][0]())
    (folder / "c_nested.json").write_text(HOSTILE_SAVES["deep nesting"][0]())
    make(folder / "d_pipe.json")
    (folder / "e_good.json").write_text(good)
    listing = save_list(tmp_path).refresh()
    assert sorted(i.path.name for i in listing) == ["a_good.json", "e_good.json"]
    assert len(listing.problems) == 3
