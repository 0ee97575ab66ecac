"""Every benchmark and the ladder still run from their documented commands, each on the
smallest work it takes: what they measure is docs/benchmarks.md's, not these tests'."""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LADDER_LOGS = sorted(glob.glob(str(ROOT / "benchmarks" / "logs" / "ladder" / "*.jsonl.gz")))

# Each script with arguments that make its run short.
SMALL_RUNS = {
    "bot_bench": ["--runs", "1", "--spend-tiles", "0", "--course", "1", "--seconds", "0.05", "--cap", "2"],
    "drag_bench": ["--seconds", "0.5"],
    "engine_bench": ["--games", "2", "--repeat", "1"],
    "load_bench": ["20", "40"],
    "protocol_bench": ["--games", "1", "--players", "2"],
    "sampler_bench": ["--runs", "1", "--playouts", "1"],
    "save_list_bench": ["20"],
    "session_bench": ["--games", "1", "--level", "beginner"],
    "thinking_bench": ["--level", "easy", "--seconds", "1"],
    "ui_bench": ["--resets", "1", "--level", "beginner"],
    "wide_bench": ["--levels", "beginner", "--positions", "late", "--limit-s", "60"],
}
ON_A_SCREEN = {"idle_bench": ["--runs", "1", "--warmup", "1", "--seconds", "1"],
               "guide_idle_bench": ["--sizes", "1024x576", "--seconds", "0.5", "--normal", "1"]}


def run(script: Path, args: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def test_every_benchmark_is_named_here():
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("*_bench.py")}
    assert scripts == set(ALL_RUNS)


NEEDS_A_SCREEN = pytest.mark.skipif(not (shutil.which("Xvfb") and hasattr(os, "killpg")),
                                    reason="needs an X server to start (Xvfb)")
ALL_RUNS = {**SMALL_RUNS, **ON_A_SCREEN}
NAMES = [*sorted(SMALL_RUNS), *(pytest.param(name, marks=NEEDS_A_SCREEN) for name in sorted(ON_A_SCREEN))]


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_benchmark_runs(name):
    done = run(ROOT / "benchmarks" / f"{name}.py", ALL_RUNS[name])
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip(), "it printed no figures"


@pytest.mark.slow
@pytest.mark.skipif(not LADDER_LOGS, reason="no ladder logs in the tree")
def test_the_ladder_reads_its_logs_and_draws_its_plot(tmp_path):
    done = run(ROOT / "tools" / "ladder.py", [*LADDER_LOGS, "--anchor", "casual", "--plot", str(tmp_path / "ladder.png")])
    assert done.returncode == 0, done.stderr[-3000:]
    assert "casual" in done.stdout and (tmp_path / "ladder.png").stat().st_size > 0
