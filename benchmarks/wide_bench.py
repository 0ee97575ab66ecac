"""Each level's decision on the widest positions the state's validation accepts: its CPU
time and its process's peak resident memory, one process per level and position.

- `lattice`: a base of 192 communication tiles three cells apart, so that each has four
  empty cells of its own beside it (768 places), and three astronauts coming home to be
  placed: every placement sequence would be 768 x 767 x 766.
- `late`: year 3, a base holding every producer, time module and obstacle the game has,
  each of them usable (stock 1 of 3, obstacles standing), three active astronauts of work
  4 and a hangar and wheel full of what the stock can pay.

    python benchmarks/wide_bench.py                  # every level, both positions
    python benchmarks/wide_bench.py --levels normal --positions lattice --log out.jsonl.gz

Prints one JSON line per decision (level, position, CPU seconds, peak resident MB, the
most seconds the level's decision may take: its budget or its cap, whichever is longer, or
null); `--log` keeps them gzipped. A decision over
`--limit-mb` of address space or `--limit-s` CPU seconds is reported as what stopped it.
"""
from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LATTICE_TILES = 192
LATTICE_COLUMNS = 16
LATTICE_STEP = 3  # cells between tiles: no empty cell is beside two of them
LATTICE_WORK = (2, 3, 4)  # the astronauts coming home: unlike, so no two are interchangeable


def _year_three(seed: int):
    """A 2-player game moved on to the end of year 3, the decks empty: every module not in
    a hangar on seat 1's base (a communication module removed, as deploying one does), every
    experiment of an earlier year removed, the wheel dealt from year 3's."""
    from humanity_desktop.engine import new_game
    from humanity_desktop.engine.ring import HANGARS, WHEEL_BAYS

    s = new_game(2, seed)
    cat = s.catalogue
    s.year, s.round, s.turn = 3, 16, 90
    modules = sorted(cat.deck_modules)
    s.hangars = [m for m in modules if cat.tiles[m].year == 3][:HANGARS]
    s.decks = [[], [], []]
    spare = [m for m in modules if m not in s.hangars]
    s.removed = [m for m in spare if cat.tiles[m].kind == "communication"]
    spare = [m for m in spare if m not in s.removed]
    year3 = sorted(cat.experiments_by_year[3])
    s.wheel = year3[:WHEEL_BAYS]
    s.exp_decks = [[], [], year3[WHEEL_BAYS:]]
    s.removed += sorted(e for y in (1, 2) for e in cat.experiments_by_year[y])
    other = s.players[1]
    for k, m in enumerate(spare):  # two cells apart: no two greenhouses touch
        other.base[(2 * (k % 6) - 6, 2 * (k // 6) + 2)] = (m, 1 if cat.tiles[m].stores else 0)
    return s, spare


def lattice(seed: int = 1) -> dict:
    """The lattice position as state JSON (see the module's docstring)."""
    from humanity_desktop.engine.state import PLACE, RETURNING

    s, _ = _year_three(seed)
    me = s.players[0]
    me.base.clear()
    rows = -(-LATTICE_TILES // LATTICE_COLUMNS)
    faces = sorted(t for t in s.catalogue.tiles if t.startswith("link-"))
    for k in range(LATTICE_TILES):
        x, y = k % LATTICE_COLUMNS, k // LATTICE_COLUMNS
        cell = (LATTICE_STEP * (x - LATTICE_COLUMNS // 2), LATTICE_STEP * (y - rows // 2))
        me.base[cell] = (faces[k % len(faces)], 0)
    me.astros = [(work, RETURNING, None) for work in LATTICE_WORK]
    s.phase, s.current, s.placing = PLACE, 0, [0]
    return s.to_json()


def late(seed: int = 1) -> dict:
    """The late-game position as state JSON (see the module's docstring)."""
    from humanity_desktop.engine.state import ACTIVE, TURN

    s, spare = _year_three(seed)
    cat = s.catalogue
    me, other = s.players
    usable = [m for m in spare if cat.tiles[m].work]
    for cell, (m, _) in list(other.base.items()):
        if m in usable:
            del other.base[cell]
    cells = sorted(((x, y) for x in range(-3, 4) for y in range(-3, 4) if (x, y) not in me.base),
                   key=lambda c: (abs(c[0]) + abs(c[1]), c))
    for m in usable:
        me.base[cells.pop(0)] = (m, 1 if cat.tiles[m].stores else 0)
    me.astros = [(4, ACTIVE, cells.pop(0)) for _ in range(3)]
    s.phase, s.current = TURN, 0
    return s.to_json()


POSITIONS = {"lattice": lattice, "late": late}


def _decide(level: str, position: str) -> dict:
    """One decision of `level` on `position`, in this process: its CPU time and the process's
    peak resident memory."""
    import resource
    import time

    from humanity_desktop.bots import Budget, make_bot
    from humanity_desktop.engine import legal_actions, observe
    from humanity_desktop.engine.validation import load_state

    state = load_state(POSITIONS[position]())
    bot = make_bot(level, 1)
    view, legal = observe(state, state.current), legal_actions(state)
    seconds = getattr(bot, "seconds", None)
    start = time.process_time()
    bot.decide(view, legal, Budget(seconds=seconds))
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    bounds = [x for x in (seconds, getattr(bot, "cap", None)) if x is not None]
    return {"level": level, "position": position, "cpu_s": round(cpu, 4), "peak_mb": round(peak, 1),
            "budget_s": max(bounds, default=None)}


def _child(level: str, position: str, limit_mb: int, limit_s: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    resource.setrlimit(resource.RLIMIT_CPU, (limit_s, limit_s))
    try:
        print(json.dumps(_decide(level, position)), flush=True)
    except MemoryError:
        print(json.dumps({"level": level, "position": position, "stopped": f"MemoryError at {limit_mb} MB"}))


def run(level: str, position: str, limit_mb: int, limit_s: int) -> dict:
    """`_decide` in a process of its own, so that each figure is its decision's alone."""
    done = subprocess.run([sys.executable, __file__, "--child", level, position, str(limit_mb), str(limit_s)],
                          capture_output=True, text=True, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    if lines:
        return json.loads(lines[-1])
    why = f"killed at {limit_s} s of CPU" if done.returncode < 0 else done.stderr.strip().splitlines()[-1:]
    return {"level": level, "position": position, "stopped": why}


def main() -> None:
    from humanity_desktop.bots import available_levels

    if sys.argv[1:2] == ["--child"]:
        level, position, limit_mb, limit_s = sys.argv[2:6]
        _child(level, position, int(limit_mb), int(limit_s))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default=",".join(available_levels()))
    ap.add_argument("--positions", default=",".join(POSITIONS))
    ap.add_argument("--limit-mb", type=int, default=3000, help="address space a decision may take")
    ap.add_argument("--limit-s", type=int, default=120, help="CPU seconds a decision may take")
    ap.add_argument("--log", type=Path, help="keep the lines in this .jsonl.gz file")
    args = ap.parse_args()
    lines = []
    for position in args.positions.split(","):
        for level in args.levels.split(","):
            line = run(level, position, args.limit_mb, args.limit_s)
            print(json.dumps(line), flush=True)
            lines.append(line)
    if args.log:
        with gzip.open(args.log, "wt", encoding="utf-8") as f:
            f.writelines(json.dumps(line) + "\n" for line in lines)


if __name__ == "__main__":
    main()
