"""Build the packaged game with build_exe.spec, run the built program's self-test, measure it.

    python tools/build_exe.py                  # build into build/ and dist/
    python tools/build_exe.py --selftest       # build, then run the built program's --selftest
    python tools/build_exe.py --no-build --selftest --measure 5
    python tools/build_exe.py --selftest --check-floor   # Linux: fail above LINUX_LIMITS

The application lands in dist/Humanity Desktop/ (on macOS also dist/Humanity Desktop.app).
On Linux the folder also gets a desktop entry, its icon and the script that installs the entry
(packaging/), and the build prints its size and the oldest GLIBC and GLIBCXX it needs
(tools/glibc_floor.py) beside the limits the release workflow holds it to.
Exits with the self-test's code when it runs one.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ui_bench import start_to_first_frame  # noqa: E402
from humanity_desktop.assets import ROOT_ENV  # noqa: E402
from humanity_desktop.selftest import SUCCESS  # noqa: E402
from tools.glibc_floor import floor, needs  # noqa: E402

SPEC = ROOT / "build_exe.spec"
NAME = "Humanity Desktop"
SELFTEST_SECONDS = 180
# The newest symbol versions the Linux build may need: what Ubuntu 22.04 (and Mint 21) has,
# the oldest system it is for. The release workflow builds on ubuntu-22.04 to stay within them.
LINUX_LIMITS = {"GLIBC": (2, 35), "GLIBCXX": (3, 4, 30)}
# Linux: a menu entry, its icon and the script that installs the entry, beside the program.
DESKTOP_FILES = {ROOT / "packaging" / "humanity-desktop.desktop": "humanity-desktop.desktop",
                 ROOT / "packaging" / "install-desktop-entry.sh": "install-desktop-entry.sh",
                 ROOT / "art" / "icon" / "humanity.png": "humanity-desktop.png"}


def build(dist: Path, work: Path) -> None:
    """Run PyInstaller on the spec, then add the desktop entry on Linux; raises
    CalledProcessError if the build fails."""
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), str(SPEC)], check=True, cwd=ROOT)
    if sys.platform.startswith("linux"):
        add_desktop_entry(application(dist))


def add_desktop_entry(app: Path) -> None:
    for source, name in DESKTOP_FILES.items():
        shutil.copy2(source, app / name)  # keeps the script's executable bit


def linux_floor(app: Path) -> tuple[list[str], list[str]]:
    """A line for each of LINUX_LIMITS: the newest version this build needs, by which file, and
    the limit; and the needs that are above their limit."""
    highest = floor(needs(app))
    lines, over = [], []
    for family, most in LINUX_LIMITS.items():
        limit = f"{family}_{'.'.join(map(str, most))}"
        need = highest.get(family)
        by = f"{need.text} (for {need.file.relative_to(app).as_posix()})" if need else "nothing"
        lines.append(f"{family}: this build needs {by}; the release workflow's limit is {limit}")
        if need and need.version > most:
            over.append(f"{need.text} > {limit}")
    return lines, over


def application(dist: Path) -> Path:
    """What a player gets: the .app bundle on macOS, the application folder elsewhere."""
    return dist / f"{NAME}.app" if sys.platform == "darwin" else dist / NAME


def program(dist: Path) -> Path:
    """The built executable."""
    if sys.platform == "darwin":
        return application(dist) / "Contents" / "MacOS" / NAME
    return application(dist) / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def bundled(dist: Path) -> Path:
    """Where the application keeps its files (sys._MEIPASS when it runs)."""
    if sys.platform == "darwin":
        return application(dist) / "Contents" / "Frameworks"
    return application(dist) / "_internal"


def selftest(exe: Path) -> subprocess.CompletedProcess:
    """Run `exe --selftest` with its own files: any asset folder named in the environment is dropped."""
    env = {k: v for k, v in os.environ.items() if k != ROOT_ENV}
    return subprocess.run([str(exe), "--selftest"], capture_output=True, text=True, env=env,
                          timeout=SELFTEST_SECONDS)


def passed(result: subprocess.CompletedProcess) -> bool:
    return result.returncode == 0 and SUCCESS in result.stdout


def size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the application goes")
    ap.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's working folder")
    ap.add_argument("--no-build", action="store_true", help="use the application already in --dist")
    ap.add_argument("--selftest", action="store_true", help="run the built program's --selftest")
    ap.add_argument("--measure", type=int, default=0, metavar="N",
                    help="report the application's size and the median of N starts to the first frame")
    ap.add_argument("--check-floor", action="store_true",
                    help="Linux: fail if the build needs a newer GLIBC or GLIBCXX than LINUX_LIMITS")
    args = ap.parse_args()
    linux = sys.platform.startswith("linux")
    if not args.no_build:
        started = time.perf_counter()
        build(args.dist, args.work)
        print(f"built {application(args.dist)} in {time.perf_counter() - started:.0f} s, "
              f"{size_mb(application(args.dist)):.1f} MB{' stripped' if linux else ''}")
    exe = program(args.dist)
    if not exe.is_file():
        print(f"build_exe: no built program at {exe}", file=sys.stderr)
        return 2
    if linux:
        lines, over = linux_floor(application(args.dist))
        print("\n".join(lines))
        if over and args.check_floor:
            print(f"build_exe: the build needs more than the oldest system it is for: {', '.join(over)}",
                  file=sys.stderr)
            return 1
    if args.measure:
        starts = [start_to_first_frame([str(exe)])[0] for _ in range(args.measure)]
        print(f"size {size_mb(application(args.dist)):.1f} MB; start to first frame: median "
              f"{statistics.median(starts):.2f} s (runs {', '.join(f'{s:.2f}' for s in starts)})")
    if not args.selftest:
        return 0
    result = selftest(exe)
    print(result.stdout, end="")
    print(result.stderr, end="", file=sys.stderr)
    return 0 if passed(result) else result.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
