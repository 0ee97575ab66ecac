"""The packaged game: `--selftest` passes from this checkout and names what is broken in a
damaged copy of the files; a wheel holds every asset inside the package and, installed plainly,
with --target or with --user, finds them and passes its self-test, putting nothing in the
player's saves folder (a self-test leaves only its report, in the log folder); build_exe.spec,
read as code, makes a high-resolution Mac bundle that names the oldest macOS it starts on and
a Windows program that declares per-monitor DPI awareness; and the application built with it
passes its own self-test."""
from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path
from types import SimpleNamespace
from xml.dom import minidom

import pytest

from humanity_desktop import assets
from humanity_desktop.selftest import REPORT_FILE, SUCCESS

ROOT = Path(__file__).resolve().parents[1]
CHECKS = ("pygame", "assets", "languages", "game", "frame", "sound")
SPEC = ast.parse((ROOT / "build_exe.spec").read_text(encoding="utf-8"))


def load_build_tool():
    spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def selftest(command: list[str], asset_root: Path | None = None, cwd: Path = ROOT, data_dir: Path | None = None,
             **env_vars: str) -> subprocess.CompletedProcess:
    """Run `command --selftest`, keeping its report in `data_dir` (else in the user's log folder)."""
    env = {k: v for k, v in os.environ.items() if k != assets.ROOT_ENV} | env_vars
    if asset_root is not None:
        env[assets.ROOT_ENV] = str(asset_root)
    flags = ["--data-dir", str(data_dir)] if data_dir else []
    return subprocess.run([*command, "--selftest", *flags], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=180)


def kept_report(result: subprocess.CompletedProcess) -> Path:
    """The report file the self-test's first line names; it holds the lines of stdout."""
    first = result.stdout.splitlines()[0]
    assert "The report is kept in " in first, first
    report = Path(first.split("The report is kept in ", 1)[1])
    assert report.name == REPORT_FILE
    assert report.read_text(encoding="utf-8").splitlines() == result.stdout.splitlines()
    return report


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
def test_selftest_passes_from_the_checkout_and_leaves_nothing_but_its_report_in_the_log_folder(tmp_path):
    home, temp = tmp_path / "home", tmp_path / "temp"
    home.mkdir()
    temp.mkdir()
    user_folders = {name: str(home / name) for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                                         "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA")}
    # platformdirs asks Windows itself for its folders unless told otherwise.
    user_folders |= {"WIN_PD_OVERRIDE_APPDATA": user_folders["APPDATA"],
                     "WIN_PD_OVERRIDE_LOCAL_APPDATA": user_folders["LOCALAPPDATA"]}
    env = {"HOME": str(home), "USERPROFILE": str(home), "TMPDIR": str(temp), "TEMP": str(temp), "TMP": str(temp),
           **user_folders}
    result = selftest([sys.executable, "-m", "humanity_desktop"], **env)
    assert_passed(result)
    report = kept_report(result)
    where = [sys.executable, "-c", "from humanity_desktop.storage.places import Places; print(Places.for_user().logs)"]
    logs = subprocess.run(where, capture_output=True, text=True, check=True, env=os.environ | env).stdout.strip()
    assert report.parent == Path(logs) and report.is_relative_to(home)
    assert [p for p in home.rglob("*") if p.is_file()] == [report] and not list(temp.iterdir())
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
    result = selftest([sys.executable, "-m", "humanity_desktop"], asset_root=asset_copy, data_dir=asset_copy / "data")
    assert kept_report(result) == asset_copy / "data" / "logs" / REPORT_FILE
    assert result.returncode == 1
    assert SUCCESS not in result.stdout
    lines = result.stdout.strip().splitlines()
    failure = lines[next(i for i, line in enumerate(lines) if line.startswith("selftest FAILED")):]
    assert failure[0].startswith("selftest FAILED: assets: 1 of ")
    assert failure[1].strip().startswith(named)


def test_missing_sounds_fail_the_selftest(asset_copy):
    shutil.rmtree(asset_copy / "sounds")
    result = selftest([sys.executable, "-m", "humanity_desktop"], asset_root=asset_copy, data_dir=asset_copy / "data")
    assert result.returncode == 1
    assert f"no files in {asset_copy / 'sounds'}" in result.stdout


def test_root_is_the_checkout_unless_the_environment_names_another(monkeypatch, tmp_path):
    assets.root.cache_clear()
    monkeypatch.delenv(assets.ROOT_ENV, raising=False)
    assert assets.root() == ROOT
    assets.root.cache_clear()
    monkeypatch.setenv(assets.ROOT_ENV, str(tmp_path))
    assert assets.art("icon", "humanity.png") == tmp_path / "art" / "icon" / "humanity.png"
    assets.root.cache_clear()


# ------------------------------------------------------------ a wheel, installed three ways

@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel of this checkout, built once for the tests below."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    return next(out.glob("humanity_desktop-*.whl"))


def new_env(folder: Path, with_pip: bool = True) -> Path:
    """A fresh virtual environment; returns its Python."""
    venv.create(folder, with_pip=with_pip)
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def pip_install(python: str | Path, *args: str, **env_vars: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | env_vars
    subprocess.run([str(python), "-m", "pip", "install", "-q", *args], check=True, capture_output=True,
                   env=env, timeout=900)


@pytest.mark.slow
def test_the_wheel_holds_every_asset_inside_the_package(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in assets.FOLDERS:
        for path in assets.files(ROOT / folder):
            assert f"humanity_desktop/{path.relative_to(ROOT).as_posix()}" in names, path
    assert not [n for n in names if "__pycache__" in n or not n.startswith(("humanity_desktop/", "humanity_desktop-"))]


@pytest.mark.slow
def test_a_plain_install_of_the_wheel_starts_and_passes_the_selftest(wheel, tmp_path):
    python = new_env(tmp_path / "env")
    pip_install(python, str(wheel))
    script = python.parent / ("humanity-desktop.exe" if sys.platform == "win32" else "humanity-desktop")
    result = selftest([str(script)], cwd=tmp_path, data_dir=tmp_path / "data")
    assert_passed(result)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert asset_root(result).resolve() == (Path(site) / "humanity_desktop").resolve()


@pytest.mark.slow
def test_an_install_with_target_starts_and_passes_the_selftest(wheel, tmp_path):
    target = tmp_path / "target"
    pip_install(sys.executable, "--target", str(target), str(wheel))
    python = new_env(tmp_path / "bare", with_pip=False)  # nothing installed: all comes from the target
    result = selftest([str(python), "-m", "humanity_desktop"], cwd=tmp_path, data_dir=tmp_path / "data",
                      PYTHONPATH=str(target))
    assert_passed(result)
    assert asset_root(result).resolve() == (target / "humanity_desktop").resolve()


@pytest.mark.slow
def test_an_install_with_user_puts_nothing_in_the_saves_folder(wheel, tmp_path):
    """The user's own Python with --user, in a home of its own; its saves folder stays empty."""
    home = tmp_path / "home"
    user = {"HOME": str(home), "USERPROFILE": str(home), "APPDATA": str(home / "AppData" / "Roaming"),
            "LOCALAPPDATA": str(home / "AppData" / "Local"), "XDG_DATA_HOME": str(home / ".local" / "share"),
            "PYTHONUSERBASE": str(home / ".local"), "PIP_BREAK_SYSTEM_PACKAGES": "1"}
    # platformdirs asks Windows itself for these folders unless told otherwise.
    user |= {"WIN_PD_OVERRIDE_APPDATA": user["APPDATA"], "WIN_PD_OVERRIDE_LOCAL_APPDATA": user["LOCALAPPDATA"]}
    base = getattr(sys, "_base_executable", sys.executable)
    pip_install(base, "--user", str(wheel), **user)
    result = selftest([str(base), "-m", "humanity_desktop"], cwd=tmp_path, **user)
    assert_passed(result)
    assert asset_root(result).is_relative_to(home / ".local") and asset_root(result).name == "humanity_desktop"
    where = [str(base), "-c", "from humanity_desktop.storage.places import Places; print(Places.for_user().data)"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | user
    saves = Path(subprocess.run(where, capture_output=True, text=True, check=True, cwd=tmp_path, env=env
                                ).stdout.strip())
    assert saves.is_relative_to(home)
    assert not saves.exists() or not any(saves.iterdir()), sorted(saves.rglob("*"))


@pytest.mark.slow
def test_the_built_application_passes_its_selftest(tmp_path):
    tool = load_build_tool()
    dist = tmp_path / "dist"
    tool.build(dist, tmp_path / "work")
    bundled = tool.bundled(dist)
    for folder in assets.FOLDERS:
        for path in assets.files(ROOT / folder):
            assert (bundled / "humanity_desktop" / path.relative_to(ROOT)).is_file(), path
    assert (bundled / "humanity_desktop" / "engine" / "data" / "catalogue.json").is_file()
    if sys.platform.startswith("linux"):
        app = tool.application(dist)
        assert all((app / name).is_file() for name in tool.DESKTOP_FILES.values())
        assert os.access(app / "install-desktop-entry.sh", os.X_OK)
        lines, over = tool.linux_floor(app)
        assert len(lines) == len(tool.LINUX_LIMITS) and over == []
    # Not the game's: the network (OpenSSL) and, on Linux, the system's C++ runtime.
    left_out = ("libssl", "libcrypto", "_ssl.", "_hashlib.")
    left_out += ("libstdc++", "libgcc_s") if sys.platform.startswith("linux") else ()
    assert not [p for p in bundled.rglob("*") if p.name.startswith(left_out)]
    result = tool.selftest(tool.program(dist))
    assert_passed(result)
    assert tool.passed(result)
    # its own copy of the files, not the checkout's
    assert asset_root(result).resolve() == (bundled / "humanity_desktop").resolve()


# ------------------------------------------------------------ build_exe.spec, read as code

def spec_call(name: str) -> ast.Call:
    """The spec's call of PyInstaller's `name` (EXE, BUNDLE...)."""
    return next(node for node in ast.walk(SPEC)
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name)


def keyword(call: ast.Call, name: str) -> ast.expr:
    return next(k.value for k in call.keywords if k.arg == name)


def assigned(name: str) -> ast.expr:
    """What the spec assigns to `name` at its top level."""
    return next(node.value for node in SPEC.body if isinstance(node, ast.Assign)
                and [getattr(t, "id", None) for t in node.targets] == [name])


def macos_minimum(deployment_target: str, machine: str) -> str:
    """The spec's macos_minimum() for a Python built for `deployment_target` on `machine`."""
    function = next(node for node in SPEC.body if isinstance(node, ast.FunctionDef) and node.name == "macos_minimum")
    scope = {"WHEELS_MACOS": ast.literal_eval(assigned("WHEELS_MACOS")),
             "sysconfig": SimpleNamespace(get_config_var={"MACOSX_DEPLOYMENT_TARGET": deployment_target}.get),
             "platform": SimpleNamespace(machine=lambda: machine)}
    exec(compile(ast.Module([function], []), "build_exe.spec", "exec"), scope)
    return scope["macos_minimum"]()


def test_the_mac_bundle_draws_at_full_resolution_and_names_the_oldest_macos_it_starts_on():
    plist = keyword(spec_call("BUNDLE"), "info_plist")
    keys = {ast.literal_eval(k): v for k, v in zip(plist.keys, plist.values)}
    assert ast.literal_eval(keys["NSHighResolutionCapable"]) is True
    assert ast.unparse(keys["LSMinimumSystemVersion"]) == "macos_minimum()"
    # python.org's 3.13 (setup-python's on macOS) is built for 10.13; the wheels need 11.0 on Apple silicon
    assert macos_minimum("10.13", "x86_64") == "10.13"
    assert macos_minimum("10.13", "arm64") == "11.0"
    assert macos_minimum("14.0", "x86_64") == "14.0"  # a Python built for newer systems raises it
    assert macos_minimum("10.9", "x86_64") == "10.13"


def test_the_windows_program_declares_per_monitor_v2_dpi_awareness_in_its_manifest():
    exe = spec_call("EXE")
    assert ast.unparse(keyword(exe, "manifest")) == "str(MANIFEST) if sys.platform == 'win32' else None"
    assert ast.unparse(assigned("MANIFEST")) == "ROOT / 'packaging' / 'humanity-desktop.manifest'"
    manifest = ROOT / "packaging" / "humanity-desktop.manifest"
    # as PyInstaller embeds it: its own settings (execution level, common controls) added, ours kept
    winmanifest = pytest.importorskip("PyInstaller.utils.win32.winmanifest")
    embedded = minidom.parseString(winmanifest.create_application_manifest(manifest.read_bytes()))
    settings = {node.tagName: node.firstChild.data for node in embedded.getElementsByTagName("windowsSettings")[0].childNodes
                if node.nodeType == node.ELEMENT_NODE}
    assert settings["dpiAwareness"] == "PerMonitorV2" and settings["dpiAware"] == "true/pm"
    assert embedded.getElementsByTagName("requestedExecutionLevel")[0].getAttribute("level") == "asInvoker"
