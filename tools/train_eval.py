"""Fit the Hard and Expert bots' evaluation weights to self-play games.

    python tools/train_eval.py --games 1500 --seed 1 --rounds 2 --jobs 2

writes humanity_desktop/bots/data/learned_weights.json: the weights, the command's
settings and how well each round's weights predict held-out games' final scores. The same
settings give the same file (training.py says how the games are played and fitted).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from humanity_desktop.bots.evaluate import LEARNED_FILE  # noqa: E402
from training import train  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1500, help="self-play games per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2, help="self-play rounds, each on the last round's weights")
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    ap.add_argument("--out", type=Path, default=LEARNED_FILE)
    args = ap.parse_args(argv)
    started = time.monotonic()
    result = train(args.games, args.seed, args.rounds, jobs=args.jobs,
                   progress=lambda text: print(text, flush=True))
    result["command"] = f"python tools/train_eval.py --games {args.games} --seed {args.seed} --rounds {args.rounds}"
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
