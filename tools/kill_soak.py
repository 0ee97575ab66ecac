"""Kill soak: the real game, playing bots, is killed with SIGKILL at random moments, and each
time resumed with --continue; prints a JSON summary with the actions lost per kill.

    nice python tools/kill_soak.py --kills 100 --seed 1

The game runs as `python -m humanity_desktop` would, with one probe added: each time it
queues an autosave it prints how many actions its match holds. The last number printed before
a kill is what the game had played; the autosave on disk after the kill says what was kept.
The difference is the actions lost (the aim: at most the last one). An action played in the
instant before its line was printed is not seen, so the figure can be one short, never more.
Each autosave left by a kill must also load and replay to its position, and the next
--continue must go on from it. A finished game is followed by a new one.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from humanity_desktop.storage.save_files import AUTOSAVE  # noqa: E402
from humanity_desktop.engine import Action, replay  # noqa: E402
from humanity_desktop.engine.validation import load_state  # noqa: E402

PROBE = """
import sys
from humanity_desktop.__main__ import main
from humanity_desktop.controller.session import Session
queue = Session.autosave
def autosave(self, match):
    queue(self, match)
    print("actions", len(match.actions), flush=True)
Session.autosave = autosave
sys.exit(main(sys.argv[1:]))
"""
GAME = ["--seats", "bot:easy,bot:easy", "--demo", "--pace", "instant", "--anim-speed", "100",
        "--size", "960x540", "--quit-after-seconds", "120"]


def start(folder: Path, flags: list[str]) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", PROBE, *GAME, "--data-dir", str(folder), *flags],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def first_count(game: subprocess.Popen) -> int | None:
    """The match's action count at its first autosave (None if the game closed before one)."""
    for line in game.stdout:
        if line.startswith("actions "):
            return int(line.split()[1])
    return None


def kill_after(game: subprocess.Popen, seconds: float, count: int) -> int:
    """SIGKILL the game after `seconds`; the last action count it printed (`count` if none)."""
    time.sleep(seconds)
    game.send_signal(signal.SIGKILL)
    game.wait()
    return ([count] + [int(line.split()[1]) for line in game.stdout if line.startswith("actions ")])[-1]


def saved(folder: Path) -> dict | None:
    try:
        return json.loads((folder / AUTOSAVE).read_text())
    except (OSError, ValueError):
        return None


def replays(save: dict) -> bool:
    """The autosave loads and its actions replay to the position it holds."""
    try:
        actions = [Action.from_json(a) for a in save["actions"]]
        return replay(len(save["seats"]), save["seed"], actions) == load_state(save["state"])
    except Exception:  # noqa: BLE001 - any failure is a damaged save, the soak's finding
        return False


def one_kill(folder: Path, flags: list[str], rng: random.Random, kept_before: int) -> dict:
    """Start (or resume) the game, kill it at a random moment, and say what the save kept."""
    game = start(folder, flags)
    first = first_count(game)
    if first is None:
        game.wait()
    played = kill_after(game, rng.uniform(0.0, 3.0), first) if first is not None else kept_before
    save = saved(folder)
    kept = len(save["actions"]) if save else 0
    return {
        "flags": flags, "played": played, "kept": kept, "lost": max(0, played - kept),
        # A start or a continue saves at once: the actions kept, nothing more and nothing less.
        "resumed": first == kept_before, "progressed": played > kept_before,
        "replays": bool(save) and replays(save), "over": bool(save) and save["state"]["game_over"],
    }


def soak(kills: int, seed: int) -> dict:
    rng = random.Random(seed)
    rows = []
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        flags, before, game = ["--seed", str(seed)], 0, 0
        for _ in range(kills):
            row = one_kill(folder, flags, rng, before)
            rows.append(row)
            if row["over"]:
                game += 1
                flags, before = ["--seed", str(seed + game)], 0
            else:
                flags, before = ["--continue"], row["kept"]
    lost = [r["lost"] for r in rows]
    return {
        "kills": kills, "seed": seed, "games_started": 1 + sum(r["over"] for r in rows),
        "lost_max": max(lost), "lost_mean": round(sum(lost) / len(lost), 3),
        "lost_histogram": {str(k): lost.count(k) for k in sorted(set(lost))},
        "saves_not_replaying": sum(not r["replays"] for r in rows),
        "continues_not_resuming": sum(not r["resumed"] for r in rows),
        "kills_before_any_action": sum(not r["progressed"] for r in rows),
        "seconds": round(time.perf_counter() - began, 1),
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rows", action="store_true", help="list every kill, not just the summary")
    args = ap.parse_args(argv)
    summary = soak(args.kills, args.seed)
    if not args.rows:
        del summary["rows"]
    print(json.dumps(summary, indent=2))
    bad = (summary["lost_max"] > 1 or summary["saves_not_replaying"] or summary["continues_not_resuming"]
           or summary["kills_before_any_action"] == args.kills)  # a game that never plays proves nothing
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
