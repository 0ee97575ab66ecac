"""Build the packaged game with build_exe.spec, run the built program's self-test, measure it.

    python tools/build_exe.py                  # build into build/ and dist/
    python tools/build_exe.py --selftest       # build, then run the built program's --selftest
    python tools/build_exe.py --no-build --selftest --measure 5

The application lands in dist/Humanity Desktop/ (on macOS also dist/Humanity Desktop.app).
Exits with the self-test's code when it runs one.
"""
from __future__ import annotations

import argparse
import os
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

SPEC = ROOT / "build_exe.spec"
NAME = "Humanity Desktop"
SELFTEST_SECONDS = 180


def build(dist: Path, work: Path) -> None:
    """Run PyInstaller on the spec; raises CalledProcessError if the build fails."""
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), str(SPEC)], check=True, cwd=ROOT)


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
    args = ap.parse_args()
    if not args.no_build:
        started = time.perf_counter()
        build(args.dist, args.work)
        print(f"built {application(args.dist)} in {time.perf_counter() - started:.0f} s")
    exe = program(args.dist)
    if not exe.is_file():
        print(f"build_exe: no built program at {exe}", file=sys.stderr)
        return 2
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
