"""A tournament in which one seat is a level as an earlier commit built it.

    python tools/versus_build.py --commit 164e23f --level hard -- \
        --seats hard,hard-164e23f --games 100 --seed 1 --jobs 2 --log games.jsonl

The commit's `humanity_desktop` package is unpacked from git into a scratch folder and
imported beside today's under another name, so both builds' bots play in one game. The
game itself runs on today's rules; the earlier bot sees the same view and answers with an
action that is read back through the actions' JSON form. An answer today's rules do not
offer stops the run. A commit whose rules differ from today's could still answer legally
while planning by other rules, so compare builds whose engines agree
(`git diff COMMIT -- humanity_desktop/engine` shows what changed).
Its seat is named `LEVEL-COMMIT`; everything after `--` is the tournament's own arguments.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tournament  # noqa: E402
from humanity_desktop.bots.base import Budget  # noqa: E402
from humanity_desktop.engine import Action  # noqa: E402


def unpack(commit: str, into: Path) -> Path:
    """The commit's package, written under `into`; returns the package's folder."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "humanity_desktop"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "humanity_desktop"


def load_package(folder: Path, alias: str):
    """Imports the package in `folder` as `alias` (its own imports are relative, so they stay inside it)."""
    spec = importlib.util.spec_from_file_location(alias, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    package = importlib.util.module_from_spec(spec)
    sys.modules[alias] = package
    spec.loader.exec_module(package)
    importlib.import_module(f"{alias}.bots")
    importlib.import_module(f"{alias}.engine")
    return package


class BuildSeat:
    """Today's bot protocol around a bot of the other build: actions cross in their JSON form."""

    def __init__(self, package, level: str, seed: int) -> None:
        self._package = package
        self._bot = package.bots.make_bot(level, seed)
        self.name = self._bot.name
        self.seconds = self._bot.seconds
        self.last_search = None

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        theirs = [self._package.engine.Action.from_json(a.to_json()) for a in legal]
        their_budget = None
        if budget is not None:
            left = None if budget.deadline is None else max(0.0, budget.deadline - time.monotonic())
            their_budget = self._package.bots.Budget(seconds=left, iterations=budget.iterations)
        chosen = Action.from_json(self._bot.decide(view, theirs, their_budget).to_json())
        if chosen not in legal:
            raise RuntimeError(f"the other build chose {chosen}, which today's rules do not offer here")
        return chosen


# Where a running tournament finds the other build: worker processes that start afresh (on
# macOS and Windows) import this file again and register its seat from here.
SEAT_ENV = "HUMANITY_VERSUS_BUILD"


def register() -> None:
    """Seats the other build named in SEAT_ENV (folder, commit, level) in the tournament."""
    folder, commit, level = json.loads(os.environ[SEAT_ENV])
    package = load_package(Path(folder), "humanity_desktop_" + commit)
    tournament.VARIANTS[f"{level}-{commit}"] = lambda seed: BuildSeat(package, level, seed)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cut = argv.index("--") if "--" in argv else len(argv)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--commit", required=True, help="the commit whose level takes a seat")
    ap.add_argument("--level", required=True, help="the level of that build, such as hard")
    args = ap.parse_args(argv[:cut])
    with tempfile.TemporaryDirectory() as scratch:
        folder = unpack(args.commit, Path(scratch))
        os.environ[SEAT_ENV] = json.dumps([str(folder), args.commit, args.level])
        register()
        return tournament.main(argv[cut + 1:])


if SEAT_ENV in os.environ and __name__ != "__main__":
    register()  # a worker process started afresh

if __name__ == "__main__":
    sys.exit(main())
