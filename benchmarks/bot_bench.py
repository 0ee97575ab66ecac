"""Search speed: Hard's iterations per second of its budget on a fixed set of positions.

    python benchmarks/bot_bench.py [--src DIR] [--vs DIR] [--runs 5] [--seconds 0.8] [--cap 40]
                                   [--seat hard] [--vs-seat hard]

The positions (`positions()`) are made once, in this process, by games between Normal bots:
the opening, the middle and year 3 of a 2-player and of a 4-player game, and late
positions edited to have many usable tiles and two astronauts of work 4 (the widest roots:
plans grow with usable tiles to the power of work): 12 tiles ("wide") and 20 ("worst", left
out of the iteration ratios, since the old build may not finish its root within the budget).
Each build runs in its own process (`--src` this checkout's code by default; `--vs` a second
checkout, e.g. the build before a change unpacked with `git archive`, the two alternated run
by run) and, on each position, searches as Hard with its time budget and with the early
stop turned off, so every search uses its whole budget. Each build searches as Hard unless
`--seat` (for `--src`) or `--vs-seat` names another of its searching seats from the
tournament's measuring seats, e.g. `hard-learned`, today's search on the learned evaluation
alone, as Hard once searched: the like-for-like speed of the search against an old Hard.
It reports, per position and build, the median of:

- iterations: search walks done within the budget, per second of budget (the figure the
  level's strength follows), and per CPU second of the search (steadier on a shared machine);
- cpu_ms_per_iteration_at_cap: CPU per walk of a search capped at `--cap` walks, the same
  walks in both builds where they search alike (a capped search chooses exactly as before),
  so the like-for-like cost of a walk; the time-bound figures above also count that a
  faster search walks further, through positions it has already ranked;
- root_ms, root_wall_ms: CPU and wall-clock time from the search's start to its first walk
  (the root's plans ranked; the whole search when there was no walk);
- search_wall_ms: the whole search, against its budget;
- and, once per run, spend_ms: `legal_actions` while paying from a base of 5,000 stocked
  tiles (`--spend-tiles`);
- course: the walks per second of budget over a game's course (`--course`, 0: skip it): one
  Hard bot searches, in order, each turn of the first seat of a 2-player game between Casual
  bots, as it would in play, with whatever the bot and the process keep from one decision to
  the next (the per-position figures above take a fresh bot each). A mix of turns as a game
  deals them, early and late, narrow and wide. Reported: the median over the turns and all
  the turns' walks per second of budget.

Prints one JSON object: the figures, and new/old ratios of the medians when `--vs` is given.
Run it alone (`nice -n 10`): the budget is wall-clock time, so another busy process on the
same core takes iterations away from both builds alike, but noisily.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the positions

def _casual_game_positions(players: int, seed: int, picks: dict[str, int]) -> dict[str, dict]:
    """Positions of a game between Casual bots: name -> the state at the start of the
    `picks[name]`-th turn decision (TURN phase)."""
    from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
    from humanity_desktop.engine.state import TURN

    s = new_game(players, seed)
    bots = _untimed_casuals(players, seed)
    wanted = {k: name for name, k in picks.items()}
    out: dict[str, dict] = {}
    turns = 0
    while not s.game_over and len(out) < len(picks):
        if s.phase == TURN:
            if turns in wanted:
                out[wanted[turns]] = s.to_json()
            turns += 1
        apply_action(s, bots[s.current].decide(observe(s, s.current), legal_actions(s)))
    return out


def _untimed_casuals(players: int, seed: int) -> list:
    """Casual bots without their time cap per decision, so that they decide alike on any
    machine and under any load (with it, a busy machine cut some late turns short and the
    positions changed from run to run)."""
    from humanity_desktop.bots import make_bot

    bots = [make_bot("casual", seed * 10 + i) for i in range(players)]
    for bot in bots:
        bot.cap = None
    return bots


def _wide(players: int, seed: int, usable: int = 12) -> dict:
    """A year-3 position of a Casual game, edited so the seat to move has `usable` usable
    producers, all empty, and two active astronauts of work 4."""
    from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
    from humanity_desktop.engine.grid import neighbours
    from humanity_desktop.engine.rules import activatable
    from humanity_desktop.engine.state import ACTIVE, TURN

    s = new_game(players, seed)
    bots = _untimed_casuals(players, seed)
    while not (s.phase == TURN and s.year == 3
               and any(w >= 4 and where == ACTIVE for w, where, _ in s.players[s.current].astros)):
        apply_action(s, bots[s.current].decide(observe(s, s.current), legal_actions(s)))
    player = s.players[s.current]
    tiles = s.catalogue.tiles
    for cell, (tid, _) in list(player.base.items()):
        if tiles[tid].kind == "obstacle":
            del player.base[cell]
        elif tiles[tid].stores:
            player.base[cell] = (tid, 0)
    taken = {pos for _, _, pos in player.astros if isinstance(pos, tuple)}
    extra = ["s-ice", "s-methane", "s-insect"] * usable  # start modules: copies hide nothing
    while sum(1 for tid, st in player.base.values() if activatable(tiles[tid], st, 4)) < usable:
        free = sorted({n for c in player.base for n in neighbours(c) if n not in player.base and n not in taken})
        player.base[free[0]] = (extra.pop(0), 0)
    player.astros = [(4, where, pos) if where == ACTIVE else (w, where, pos) for w, where, pos in player.astros]
    return s.to_json()


def positions(worst: bool = False) -> dict[str, dict]:
    """The benchmark's positions as state JSON, by name (deterministic). With `worst`, also
    the widest roots: 20 usable tiles and work 4, where the search would find 4,000 plans
    (plans.plans' limit), more than a budget of 0.8 s could rank."""
    out = {}
    out.update(_casual_game_positions(2, 1, {"2p-early": 2, "2p-mid": 30, "2p-late": 58}))
    out.update(_casual_game_positions(4, 2, {"4p-early": 4, "4p-mid": 56, "4p-late": 100}))
    out["2p-wide"] = _wide(2, 3)
    out["4p-wide"] = _wide(4, 3)
    if worst:
        out["2p-worst"] = _wide(2, 3, usable=20)
        out["4p-worst"] = _wide(4, 3, usable=20)
    return out


def course(turns: int, seed: int = 4) -> list[dict]:
    """The first `turns` turn decisions of seat 0 in a 2-player game between Casual bots, in
    order, as state JSON."""
    from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
    from humanity_desktop.engine.state import TURN

    s = new_game(2, seed)
    bots = _untimed_casuals(2, seed)
    out: list[dict] = []
    segment = None
    while not s.game_over and len(out) < turns:
        if s.phase == TURN and s.current == 0 and (s.turn, s.round, s.year) != segment:
            segment = (s.turn, s.round, s.year)
            out.append(s.to_json())
        apply_action(s, bots[s.current].decide(observe(s, s.current), legal_actions(s)))
    return out


def spend_state(tiles: int) -> dict:
    """A payment of one ice due from a base holding `tiles` ice producers with one unit each."""
    from humanity_desktop.engine import new_game
    from humanity_desktop.engine.state import PAY

    s = new_game(2, 1)
    player = s.players[s.current]
    for i in range(tiles):
        player.base[(1000 + i % 100, 1000 + i // 100)] = ("s-ice", 1)
    s.phase = PAY
    s.sel = 0
    s.target = ("module", 1)
    s.need = [1, 0, 0, 0, 0, 0, 0]
    s.progress = [0, 0, 0]
    return s.to_json()


# ---------------------------------------------------------------- one build's measurements

def timed_search(bot, raw: dict, seconds: float) -> dict:
    """One search by `bot` (an MctsBot) of the position `raw` with a budget of `seconds`:
    its walks per second of budget and of CPU, the root's time and the whole search's."""
    from humanity_desktop.bots.base import Budget
    from humanity_desktop.engine import State, observe

    state = State.from_json(raw)
    view = observe(state, state.current)
    walks = 0
    first: list[float] = []
    inner = bot._iterate

    def counted(node, st, depth):
        nonlocal walks
        if depth == 0:
            walks += 1
            if not first:
                first.extend((time.process_time(), time.perf_counter()))
        return inner(node, st, depth)

    bot._iterate = counted
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        bot.search(view, Budget(seconds=seconds))
    finally:
        bot._iterate = inner
    spent, whole = time.process_time() - cpu, time.perf_counter() - wall
    if not first:  # no walk at all: the root took the whole budget
        first.extend((time.process_time(), time.perf_counter()))
    return {"iterations_per_budget_second": walks / seconds,
            "iterations_per_cpu_second": walks / spent if spent else 0.0,
            "root_ms": (first[0] - cpu) * 1000, "root_wall_ms": (first[1] - wall) * 1000,
            "search_wall_ms": whole * 1000}


def searcher(seat: str):
    """A fresh bot searching as `seat`, built as this build's tournament seats it (for `hard`,
    `mcts.hard(seed=1)` in every build since 164e23f). The build's folder is the working one."""
    sys.path.insert(0, str(Path.cwd() / "tools"))
    try:
        from tournament import seat_bot
    except ImportError:  # a build from before the tournament left the package
        from humanity_desktop.bots.tournament import seat_bot

    return seat_bot(seat, 1)


def worker(path: str, seconds: float, spend: bool, cap: int, seat: str) -> dict:
    """Runs inside the build under test (its code first on sys.path)."""
    from humanity_desktop.bots import mcts
    from humanity_desktop.bots.base import Budget
    from humanity_desktop.engine import State, legal_actions, observe

    import humanity_desktop

    # run_build starts the worker in the build's folder: its code, not an installed one, must run
    assert Path(humanity_desktop.__file__).resolve().is_relative_to(Path.cwd().resolve()), humanity_desktop.__file__
    data = json.loads(Path(path).read_text())
    mcts.settled = lambda *args: False  # every search uses its whole budget
    out: dict = {}
    for name, raw in data["positions"].items():
        out[name] = timed_search(searcher(seat), raw, seconds)
        if cap and not name.endswith("-worst"):
            state = State.from_json(raw)
            view = observe(state, state.current)
            # The same walks in both builds (an iteration cap makes the search exact): CPU per walk.
            bot = searcher(seat)
            cpu = time.process_time()
            bot.search(view, Budget(iterations=cap))
            out[name]["cpu_ms_per_iteration_at_cap"] = (time.process_time() - cpu) * 1000 / cap
    if data["course"]:
        bot = searcher(seat)  # one bot for the whole course, as in a game
        walks = [timed_search(bot, raw, seconds)["iterations_per_budget_second"] for raw in data["course"]]
        out["course"] = {"iterations_per_budget_second": statistics.median(walks),
                         "total_iterations_per_budget_second": sum(walks) / len(walks)}
    if spend:
        s = State.from_json(data["spend"])
        cpu = time.process_time()
        n = len(legal_actions(s))
        out["spend"] = {"spend_ms": (time.process_time() - cpu) * 1000, "legal": n}
    return out


def add_build_arguments(ap: argparse.ArgumentParser, runs: int = 5) -> None:
    """--src, --vs and --runs: the builds a benchmark compares, alternated run by run."""
    ap.add_argument("--src", type=Path, default=ROOT, help="the checkout whose code runs (default: this one)")
    ap.add_argument("--vs", type=Path, help="a second checkout (the old build), run in turn with --src")
    ap.add_argument("--runs", type=int, default=runs)


def run_worker(script: str, src: Path, args: list[str]) -> dict:
    """`script` with `args` in a process of its own, headless, on `src`'s code; what it prints
    is one JSON object."""
    env = {**os.environ, "PYTHONPATH": str(src), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, str(Path(script).resolve()), *args]
    done = subprocess.run(cmd, env=env, cwd=src, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def run_build(src: Path, path: str, seconds: float, spend: bool, cap: int, seat: str) -> dict:
    args = ["--worker", path, "--seconds", str(seconds), "--cap", str(cap), "--seat", seat]
    return run_worker(__file__, src, args + (["--spend"] if spend else []))


def _median_ratio(ratios: dict, positions: list[str], key: str) -> float | None:
    """The median of a figure's new/old ratios over `positions`, leaving out those it has none
    for (the old build walked none there in a short budget, or the figure was skipped)."""
    present = [ratios[p][key] for p in positions if ratios[p].get(key) is not None]
    return round(statistics.median(present), 3) if present else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_arguments(ap)
    ap.add_argument("--seconds", type=float, default=0.8, help="the search budget (Hard's: 0.8)")
    ap.add_argument("--cap", type=int, default=40, help="walks of the fixed-work search (CPU per walk); 0: skip it")
    ap.add_argument("--spend-tiles", type=int, default=5000, help="stocked tiles in the payment test; 0: skip it")
    ap.add_argument("--course", type=int, default=30, help="turns of the game's course searched in order; 0: skip it")
    ap.add_argument("--seat", default="hard", help="the seat --src searches as (default: hard)")
    ap.add_argument("--vs-seat", default="hard", help="the seat --vs searches as (default: hard)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--spend", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds, args.spend, args.cap, args.seat)))
        return
    builds = {"new": (args.src.resolve(), args.seat)} | ({"old": (args.vs.resolve(), args.vs_seat)} if args.vs else {})
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "positions.json")
        data = {"positions": positions(worst=True), "course": course(args.course) if args.course else []}
        if args.spend_tiles:
            data["spend"] = spend_state(args.spend_tiles)
        Path(path).write_text(json.dumps(data))
        runs: dict[str, list[dict]] = {name: [] for name in builds}
        for _ in range(args.runs):
            for name, (src, seat) in builds.items():
                runs[name].append(run_build(src, path, args.seconds, bool(args.spend_tiles), args.cap, seat))
    report: dict = {"machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
                    "python": platform.python_version(), "runs": args.runs, "seconds": args.seconds,
                    "load_average_1min": round(os.getloadavg()[0], 2)}
    medians: dict[str, dict] = {}
    for name, results in runs.items():
        medians[name] = {
            pos: {key: round(statistics.median(r[pos][key] for r in results), 3) for key in results[0][pos]}
            for pos in results[0]
        }
        report[name] = {"src": str(builds[name][0]), "seat": builds[name][1], "medians": medians[name]}
    if "old" in medians:
        ratios = {}
        for pos, figures in medians["new"].items():
            ratios[pos] = {key: round(value / medians["old"][pos][key], 3) if medians["old"][pos][key] else None
                           for key, value in figures.items() if key != "legal"}
        # The worst roots are for the root's time: the old build may not reach one iteration there.
        usual = [p for p in ratios if p not in ("spend", "course") and not p.endswith("-worst")]
        report["ratios_new_over_old"] = ratios
        report["iterations_ratio_median"] = {
            "per_budget_second": _median_ratio(ratios, usual, "iterations_per_budget_second"),
            "per_cpu_second": _median_ratio(ratios, usual, "iterations_per_cpu_second"),
            "cpu_per_iteration_at_cap": _median_ratio(ratios, usual, "cpu_ms_per_iteration_at_cap")}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
