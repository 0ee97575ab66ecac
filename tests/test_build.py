"""The packaged game: `--selftest` passes from this checkout and names what is broken in a
damaged copy of the files; a regular `pip install .` finds its files; and the application
built with build_exe.spec passes its own self-test."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from humanity_desktop import assets
from humanity_desktop.selftest import SUCCESS

ROOT = Path(__file__).resolve().parents[1]
CHECKS = ("pygame", "assets", "game", "frame", "sound")


def load_build_tool():
    spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def selftest(command: list[str], asset_root: Path | None = None, cwd: Path = ROOT,
             **env_vars: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != assets.ROOT_ENV} | env_vars
    if asset_root is not None:
        env[assets.ROOT_ENV] = str(asset_root)
    return subprocess.run([*command, "--selftest"], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=180)


def assert_passed(result: subprocess.CompletedProcess) -> None:
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(SUCCESS)
    assert [line.split(":")[1].strip() for line in lines[1:-1]] == list(CHECKS)


def asset_root(result: subprocess.CompletedProcess) -> Path:
    """The folder the self-test loaded the files from, as its assets line names it."""
    line = next(line for line in result.stdout.splitlines() if line.startswith("selftest: assets:"))
    return Path(line.rsplit(" from ", 1)[1])


@pytest.mark.slow
def test_selftest_passes_from_the_checkout_and_leaves_no_file_behind(tmp_path):
    home, temp = tmp_path / "home", tmp_path / "temp"
    home.mkdir()
    temp.mkdir()
    user_folders = {name: str(home / name) for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                                         "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA")}
    result = selftest([sys.executable, "-m", "humanity_desktop"], HOME=str(home), USERPROFILE=str(home),
                      TMPDIR=str(temp), TEMP=str(temp), TMP=str(temp), **user_folders)
    assert_passed(result)
    assert not list(home.iterdir()) and not list(temp.iterdir())
    assert asset_root(result) == ROOT


@pytest.fixture
def asset_copy(tmp_path) -> Path:
    for folder in assets.FOLDERS:
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def first(root: Path, pattern: str) -> Path:
    return sorted(root.rglob(pattern))[0]


def cut_in_half(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:path.stat().st_size // 2])


@pytest.mark.parametrize("damage, named", [
    pytest.param(lambda root: first(root / "art", "*.svg").write_text("<svg"), "art/", id="svg"),
    pytest.param(lambda root: first(root / "sounds", "*.wav").write_bytes(b"RIFF0000WAVE"), "sounds/", id="wav"),
    pytest.param(lambda root: first(root / "art", "*.ttf").write_bytes(b"\0" * 64), "art/fonts/", id="font"),
    pytest.param(lambda root: cut_in_half(first(root / "art", "*.ico")), "art/icon/", id="ico"),
    pytest.param(lambda root: cut_in_half(first(root / "art", "*.icns")), "art/icon/", id="icns"),
])
def test_a_damaged_file_fails_the_selftest_by_name(asset_copy, damage, named):
    damage(asset_copy)
    result = selftest([sys.executable, "-m", "humanity_desktop"], asset_root=asset_copy)
    assert result.returncode == 1
    assert SUCCESS not in result.stdout
    failure = result.stderr.strip().splitlines()
    assert failure[0].startswith("selftest FAILED: assets: 1 of ")
    assert failure[1].strip().startswith(named)


def test_missing_sounds_fail_the_selftest(asset_copy):
    shutil.rmtree(asset_copy / "sounds")
    result = selftest([sys.executable, "-m", "humanity_desktop"], asset_root=asset_copy)
    assert result.returncode == 1
    assert f"no files in {asset_copy / 'sounds'}" in result.stderr


def test_root_is_the_checkout_unless_the_environment_names_another(monkeypatch, tmp_path):
    assets.root.cache_clear()
    monkeypatch.delenv(assets.ROOT_ENV, raising=False)
    assert assets.root() == ROOT
    assets.root.cache_clear()
    monkeypatch.setenv(assets.ROOT_ENV, str(tmp_path))
    assert assets.art("icon", "humanity.png") == tmp_path / "art" / "icon" / "humanity.png"
    assets.root.cache_clear()


@pytest.mark.slow
def test_a_regular_install_finds_its_files_and_passes_the_selftest(tmp_path):
    """`pip install .` (not editable) of a copy of the project into a new environment."""
    source = tmp_path / "source"
    for item in ("humanity_desktop", "README.md", "pyproject.toml", "setup.py", *assets.FOLDERS):
        copy = shutil.copytree if (ROOT / item).is_dir() else shutil.copy
        copy(ROOT / item, source / item)
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(source)], check=True, capture_output=True,
                   timeout=600)
    shutil.rmtree(source)  # nothing may be read from where it was installed from
    result = selftest([str(python), "-m", "humanity_desktop"], cwd=tmp_path)
    assert_passed(result)
    data = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('data'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert asset_root(result).resolve() == (Path(data) / assets.SHARE).resolve()


@pytest.mark.slow
def test_the_built_application_passes_its_selftest(tmp_path):
    tool = load_build_tool()
    dist = tmp_path / "dist"
    tool.build(dist, tmp_path / "work")
    bundled = tool.bundled(dist)
    for folder in assets.FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            assert path.is_dir() or (bundled / path.relative_to(ROOT)).is_file(), path
    assert (bundled / "humanity_desktop" / "engine" / "data" / "catalogue.json").is_file()
    result = tool.selftest(tool.program(dist))
    assert_passed(result)
    assert tool.passed(result)
    assert asset_root(result).resolve() == bundled.resolve()  # its own copy of the files, not the checkout's
