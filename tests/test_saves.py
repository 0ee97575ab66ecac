"""Save files: written whole or not at all, read back exactly, and any file that cannot be
played (damaged, cut short, empty, foreign, from a newer version) is refused with a clear
message, kept aside under a new name, and never crashes the program."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller.match import Pacing
from humanity_desktop.controller import ActionRequested, Bus, Match, UndoRequested, parse_seats
from humanity_desktop.storage.files import is_set_aside, set_aside, write_atomic
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.saves import open_match, read_match, save_list, save_text, write_save
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR, SaveError
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.title import TitleScene


def played_match(steps: int = 40, seed: int = 3) -> RecordedMatch:
    """A two-human match some actions in, played through the bus as the screens do."""
    match = RecordedMatch(parse_seats("human,human"), Bus(), seed=seed)
    for _ in range(steps):
        match.bus.publish(ActionRequested(match.current, match.legal()[0]))
    return match


def bad_saves() -> dict[str, tuple[bytes, str]]:
    """File contents that cannot be played, each with a word the message must hold."""
    good = save_text(played_match()).encode()
    newer = json.loads(good)
    newer["version"] = 99
    tampered = json.loads(good)
    tampered["actions"] = tampered["actions"][:-3]
    dealt = played_match(steps=0)
    unended = json.loads(save_text(dealt))
    unended["to_confirm"] = dealt.legal()[0].to_json()  # choosing an astronaut ends no turn
    return {
        "damaged": (b"\x00\xffnot json at all", "damaged"),
        "truncated": (good[: len(good) // 2], "cut short"),
        "empty": (b"", "empty"),
        "foreign": (b'{"name": "a shopping list", "items": [1, 2]}', "not a Humanity save"),
        "foreign_list": (b"[1, 2, 3]", "not a Humanity save"),
        "tampered": (json.dumps(tampered).encode(), "do not lead to its position"),
        "unended": (json.dumps(unended).encode(), "does not end a human's turn"),
        "newer": (json.dumps(newer).encode(), "made by a newer version of the game"),
    }


BAD = bad_saves()


def kept_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if is_set_aside(p))


# ------------------------------------------------------------ writing


def test_atomic_write_replaces_the_file_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "deep" / "file.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert [p.name for p in path.parent.iterdir()] == ["file.json"]


def test_a_failed_atomic_write_keeps_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "file.json"
    write_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_a_save_reads_back_the_same_game(tmp_path):
    match = played_match()
    path = tmp_path / "game.json"
    write_save(match, path)
    back = read_match(path, Bus())
    assert back.state == match.state
    assert back.actions == match.actions and len(back.actions) == 40
    assert back.log == match.log and back.history == match.history
    assert back.seats == match.seats
    assert json.loads(path.read_text())["version"] == 3


def test_a_snapshot_only_save_plays_on_without_a_history(tmp_path):
    bus = Bus()
    plain = Match(parse_seats("human,human"), bus, seed=5)
    bus.publish(ActionRequested(0, plain.legal()[0]))
    path = tmp_path / "game.json"
    write_save(plain, path)
    back = read_match(path, Bus())
    assert back.state == plain.state and back.actions is None
    back.bus.publish(ActionRequested(back.current, back.legal()[0]))
    write_save(back, path)
    assert json.loads(path.read_text())["actions"] is None
    assert read_match(path, Bus()).state == back.state


@pytest.mark.parametrize("version", [1, 2])
def test_a_save_from_the_older_edition_is_reported_and_kept_never_played(tmp_path, version):
    data = json.loads(save_text(played_match()))
    data["version"] = version
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="older edition") as info:
        open_match(path, Bus())
    assert "kept as old.older-" in str(info.value)
    assert [p.read_text() for p in kept_files(tmp_path)] == [json.dumps(data)]


def test_set_aside_never_overwrites_a_kept_file(tmp_path):
    kept = []
    for text in ("one", "two", "three"):
        (tmp_path / "a.json").write_text(text)
        kept.append(set_aside(tmp_path / "a.json", "damaged"))
    assert len(set(kept)) == 3
    assert sorted(p.read_text() for p in kept) == ["one", "three", "two"]
    assert all(p.name.startswith("a.damaged-") and p.suffix == ".json" for p in kept)


# ------------------------------------------------------------ files that cannot be played


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_save_is_refused_with_a_message_and_kept_aside(tmp_path, case):
    content, words = BAD[case]
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        open_match(path, Bus())
    message = str(err.value)
    assert words in message and "kept as" in message
    assert not path.exists()
    [kept] = kept_files(tmp_path)
    assert kept.read_bytes() == content
    assert kept.name in message
    assert kept.name.startswith("game.newer-" if case == "newer" else "game.damaged-")


def test_the_load_list_sets_bad_saves_aside_and_lists_the_good_ones(tmp_path):
    saves = tmp_path / SAVES_DIR
    saves.mkdir()
    for case, (content, _) in BAD.items():
        (saves / f"{case}.json").write_bytes(content)
    write_save(played_match(), saves / "good.json")
    listing = save_list(tmp_path).refresh()
    # The list reads each file's summary; a tampered game shows only when it is opened.
    opened_only = {"tampered.json", "unended.json"}
    assert {info.path.name for info in listing} == {"good.json", *opened_only}
    assert len(listing.problems) == len(BAD) - len(opened_only)
    assert len(kept_files(saves)) == len(BAD) - len(opened_only)
    again = save_list(tmp_path).refresh()  # kept files are not listed again
    assert len(again) == 1 + len(opened_only) and not again.problems


def test_the_list_tells_the_whole_name_a_long_named_bad_save_is_kept_under(tmp_path):
    saves = tmp_path / SAVES_DIR
    saves.mkdir()
    name = "a" * 180 + ".json"  # the problem told runs past its length: its reason is cut, not the name
    (saves / name).write_bytes(BAD["truncated"][0])
    summary = save_list(tmp_path).refresh().summary()
    kept = kept_files(saves)[0].name
    assert summary.endswith(f"It is kept as {kept}.") and "..." in summary


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    yield app
    while len(app.stack):
        app.stack.pop()
    app.session.close_match()


def test_the_load_screen_shows_which_files_were_kept_aside(app, tmp_path):
    (tmp_path / SAVES_DIR).mkdir()
    (tmp_path / SAVES_DIR / "truncated.json").write_bytes(BAD["truncated"][0])
    app.stack.push(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    app.step()
    assert "truncated.json cannot be used: it is damaged or cut short" in load.text and "kept as truncated.damaged-" in load.text
    assert [b.label for b in load.buttons] == ["Back"]


def test_loading_a_save_that_went_bad_says_so_on_the_load_screen(app, tmp_path):
    path = tmp_path / SAVES_DIR / "game.json"
    write_save(played_match(), path)
    app.stack.push(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    path.write_bytes(BAD["newer"][0])  # changed after the list was read
    load.buttons[0].on_click()
    assert app.stack.top is load
    assert "newer version of the game" in load.text and "kept as game.newer-" in load.text


@pytest.mark.parametrize("case", ["truncated", "empty", "foreign", "newer"])
def test_continue_with_a_bad_autosave_says_so_and_stays_on_the_title(app, tmp_path, case):
    (tmp_path / AUTOSAVE).write_bytes(BAD[case][0])
    title = TitleScene(app)
    app.stack.push(title)
    resume = next(b for b in title.buttons if b.label == "Continue")
    assert resume.enabled  # Continue is how the player learns what happened to the game
    resume.on_click()
    assert app.stack.top is title
    assert BAD[case][1] in title.text and "kept as autosave." in title.text
    assert not (tmp_path / AUTOSAVE).exists()
    assert not next(b for b in title.buttons if b.label == "Continue").enabled


def test_the_game_still_starts_with_a_bad_autosave(tmp_path, capsys):
    (tmp_path / AUTOSAVE).write_bytes(BAD["truncated"][0])
    code = main(["--continue", "--data-dir", str(tmp_path), "--quit-after-seconds", "0.2", "--size", "1280x720"])
    assert code == 0
    assert "cut short" in capsys.readouterr().err
    assert len(kept_files(tmp_path)) == 1


def test_temporaries_left_by_a_killed_write_are_cleared_when_old(tmp_path):
    import os
    import time

    from humanity_desktop.storage.files import STALE_AFTER_S, remove_stale_temps

    old = tmp_path / ".autosave.json.abc.tmp"
    fresh = tmp_path / ".autosave.json.def.tmp"
    keep = tmp_path / "autosave.json"
    for f in (old, fresh, keep):
        f.write_text("{}")
    past = time.time() - STALE_AFTER_S - 5
    os.utime(old, (past, past))
    assert remove_stale_temps(tmp_path) == 1
    assert not old.exists() and fresh.exists() and keep.exists()


def test_a_turn_read_back_half_played_can_be_taken_back_as_before_it_was_saved(tmp_path):
    """Continue restores Undo: every choice made so far in the human's turn goes back, one by
    one, to the same positions and log as in the game that was saved."""
    match = RecordedMatch(parse_seats("human,bot:random"), Bus(), seed=5, pacing=Pacing(pace=0.0))
    seat = match.state.current
    assert seat == 0
    for _ in range(3):  # three choices of the human's first turn, none ending it
        match.bus.publish(ActionRequested(0, match.legal()[0]))
    assert match.state.current == 0 and match.can_undo
    path = tmp_path / "game.json"
    write_save(match, path)
    back = read_match(path, Bus(), pacing=Pacing(pace=0.0))
    assert back.can_undo and back.turn_start == match.turn_start
    while match.can_undo:
        match.bus.publish(UndoRequested(0))
        back.bus.publish(UndoRequested(0))
        assert back.state == match.state and back.log == match.log and back.actions == match.actions
    assert not back.can_undo
