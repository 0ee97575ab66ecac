"""A data folder the system will not look into: a path too long for it (any system), or a
folder without search permission (POSIX, as a user the permission holds for). Asking whether a
file is there raises OSError then, rather than answering no: the saves take it as nothing
usable there, and the title screen still opens."""
from __future__ import annotations

import errno
import stat
from pathlib import Path

import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.storage.files import unused_path
from humanity_desktop.controller.saves import keep_finished, keep_unfinished, unfinished_autosave
from humanity_desktop.storage.save_files import AUTOSAVE, SaveError, set_aside_save
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.title import TitleScene

from permissions import needs_permission_bits

LONG = 4085  # characters: the folder's own path fits the usual limit of 4096, a file in it does not


def long_folder(tmp_path: Path) -> Path:
    """A folder whose path is LONG characters, made where the system allows it."""
    room, parts = LONG - len(str(tmp_path)), []
    while room > 0:  # each name "/" and at most 200 characters, none left empty
        name = min(200, room - 1)
        if room - (name + 1) == 1:
            name -= 1
        parts.append("d" * name)
        room -= name + 1
    folder = tmp_path.joinpath(*parts)
    assert len(str(folder)) == LONG, len(str(folder))
    try:
        folder.mkdir(parents=True)
    except OSError:
        pass  # a system that makes none so long: the folder is only named then
    return folder


def unsearchable(tmp_path: Path) -> Path:
    """A data folder with an autosave in it, then its search (x) permission taken away."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / AUTOSAVE).write_text("{}")
    folder.chmod(0o666)
    return folder


@pytest.fixture(params=["a long path", pytest.param("no search permission", marks=needs_permission_bits())])
def unreachable(request, tmp_path):
    folder = long_folder(tmp_path) if request.param == "a long path" else unsearchable(tmp_path)
    yield folder
    if request.param != "a long path":
        folder.chmod(stat.S_IRWXU)  # for pytest to clear it away


def test_the_saves_take_a_folder_they_cannot_look_into_as_holding_nothing_usable(unreachable):
    assert unfinished_autosave(unreachable) is False
    assert keep_finished(unreachable) is None
    assert keep_unfinished(unreachable) is None
    told = SaveError("autosave.json is damaged.")
    assert set_aside_save(unreachable / AUTOSAVE, told) is told  # nothing set aside, the message as it was


def test_an_unused_name_in_a_folder_that_cannot_be_looked_into_is_its_first_choice(unreachable):
    """Whether the name is taken cannot be known: the write that follows fails, and says why."""
    assert unused_path(unreachable, "kept", ".json") == unreachable / "kept.json"


def test_the_title_screen_opens_on_such_a_data_folder_under_the_question_of_another(unreachable):
    app = App(AppConfig(data_dir=unreachable, size=(1280, 720), max_fps=0))
    title = TitleScene(app)
    tops = []

    def shown() -> bool:
        tops.append(tuple(app.stack))
        return len(tops) >= 3

    app.run([title], stop_when=shown)
    assert app.first_frame_at is not None and tops == [tops[0]] * 3  # drawn, and no crash screen came
    [under, asked] = tops[0]
    assert under is title and asked.title == "Your games cannot be saved"  # to choose another folder
    assert not next(b for b in title.buttons if b.label == "Continue").enabled


def test_the_game_starts_and_ends_normally_on_such_a_data_folder(unreachable, capsys):
    assert main(["--quit-after-seconds", "0.3", "--data-dir", str(unreachable), "--size", "1280x720"]) == 0
    assert "could not start" not in capsys.readouterr().err


def test_a_denied_look_up_is_taken_as_nothing_usable_too(tmp_path, monkeypatch):
    """The permission case wherever it cannot be made (as root, or without POSIX permissions):
    looking anything up in the folder is refused as a folder without search permission refuses it."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / AUTOSAVE).write_text("{}")
    exists = Path.exists

    def refused(path: Path, *args, **kwargs) -> bool:
        if folder in path.parents:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return exists(path, *args, **kwargs)

    monkeypatch.setattr(Path, "exists", refused)
    assert unfinished_autosave(folder) is False
    assert keep_finished(folder) is None
    assert keep_unfinished(folder) is None
    told = SaveError("autosave.json is damaged.")
    assert set_aside_save(folder / AUTOSAVE, told) is told
    assert unused_path(folder, "kept", ".json") == folder / "kept.json"
