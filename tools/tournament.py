"""Bot tournaments: win rates with confidence intervals, scores, points by source, thinking time.

    python tools/tournament.py --seats hard,normal --games 200 --seed 1 --jobs 2

Seats rotate from game to game so every level plays every position equally often. A
decision's time is the whole time a bot spends on one turn (or one set of placements),
which is what a person waits for.

A seat may carry its own thinking time: `--seats sampler@1,expert@2.5` gives the sampler a
budget of 1 second a decision and Expert 2.5 (`--seconds` still overrides every seat).

Long runs: `--log games.jsonl` appends each finished game as one line. Run the same
command again with the same log and the games already in it are not played again, so a
run that was stopped goes on where it left off and the summary covers every game. Games
played on a different tile catalogue, or by bots on other learned weights, are not counted, nor games whose seats
thought for other times (each game records every seat's budget). A log named `.jsonl.gz` is
read gunzipped and stays gzipped: each new game rewrites it whole (match_log.py), so
the same command on a kept log prints its match without playing a game.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greedy_bot import GreedyBot  # noqa: E402
from match_log import LogError, add_line, games_in, read_log  # noqa: E402
from yardsticks.rollout import RolloutYardstick  # noqa: E402
from yardsticks.search import SearchYardstick  # noqa: E402
from yardsticks.tally import TallyYardstick  # noqa: E402

from humanity_desktop.bots import available_levels, make_bot  # noqa: E402
from humanity_desktop.bots.base import Budget  # noqa: E402
from humanity_desktop.bots.evaluate import DEFAULT, LEARNED, learned_fingerprint  # noqa: E402
from humanity_desktop.bots.judge import RICH, scaled  # noqa: E402
from humanity_desktop.bots.mcts import expert, hard  # noqa: E402
from humanity_desktop.bots.one_turn_planner import OneTurnPlayer  # noqa: E402
from humanity_desktop.bots.planner import PlanningBot  # noqa: E402
from humanity_desktop.bots.sampling_search import SamplerBot  # noqa: E402
from humanity_desktop.engine import apply_action, legal_actions, new_game, observe, places  # noqa: E402
from humanity_desktop.engine.catalogue import PLAYER_COUNTS, fingerprint as catalogue_fingerprint  # noqa: E402
from humanity_desktop.engine.segment import Segment  # noqa: E402
from humanity_desktop.engine.state import LEDGER_SOURCES  # noqa: E402

# The one-turn planner on the hand-written judgement with other weights: an economy player
# (stock, production and work count for more, points banked now for less), and one that
# chases missions, experiment groups and research.
BUILDER = scaled(RICH, points=0.8, unit=1.6, afford=1.6, producer=2.0, work=1.6, stock_soft_cap=1.5,
                 mission=0.6, group=0.6)
RUSH = scaled(RICH, mission=1.8, mission_odds=1.3, group=2.0, research=1.4, research_rate=1.1, unit=0.6,
              producer=0.5, work=0.7)

# Variants of the levels, for measuring only, never offered in the game. They share the
# levels' code, so they measure the levels against themselves.
# The `-hand` seats tell what the learned evaluation (docs/bots.md) is worth: a level on the
# hand-set weights (Casual, which was Normal, with no look-ahead either; Hard and Expert
# judging by those weights alone).
VARIANTS = {
    "greedy": GreedyBot,
    "normal-hand": lambda seed: PlanningBot("normal-hand", seed, DEFAULT, noise=0.0),
    "hard-hand": lambda seed: hard(seed, DEFAULT, judgement=None),
    "expert-hand": lambda seed: expert(seed, DEFAULT, judgement=None),
    # Hard's search on the learned weights alone, without the cost of stranded astronauts.
    "hard-learned": lambda seed: hard(seed, LEARNED, judgement=None),
    # Hard and Expert as they were before the hand-written judgement: Casual's judgement alone.
    "hard-plain": lambda seed: hard(seed, judgement=None),
    "expert-plain": lambda seed: expert(seed, judgement=None),
    # Hard whose look-ahead below the tree chooses step by step every segment's plan
    # (-stepwise), or that of a segment with more than 40 plans (-stepwise40).
    "hard-stepwise": lambda seed: hard(seed, stepwise_above=0),
    "hard-stepwise40": lambda seed: hard(seed, stepwise_above=40),
    # Hard with the judgement's ties among the plans it keeps broken by the learned evaluation.
    "hard-ties": lambda seed: hard(seed, learned_ties=True),
    "ref-rich": lambda seed: OneTurnPlayer("ref-rich", RICH, seed),  # Careful under another name
    "ref-builder": lambda seed: OneTurnPlayer("ref-builder", BUILDER, seed),
    "ref-rush": lambda seed: OneTurnPlayer("ref-rush", RUSH, seed),
    "sampler": SamplerBot,  # the sampling search at its default second a decision
    # Yardsticks that share no code with the levels (tools/yardsticks/): a hand tally one turn
    # ahead, flat Monte Carlo by random playouts, and successive halving by greedy look-ahead.
    "yard-tally": TallyYardstick,
    "yard-rollout": RolloutYardstick,
    "yard-search": SearchYardstick,
}


def seat_names() -> list[str]:
    return [*available_levels(), *VARIANTS]


def parse_seat(seat: str) -> tuple[str, float | None]:
    """`name` or `name@seconds` -> (name, its own thinking time per decision, or None).
    ValueError, saying what is wrong, for an unknown name or a time that is not a positive
    number of seconds."""
    name, at, time_text = seat.strip().partition("@")
    name = name.strip()
    if name not in seat_names():
        raise ValueError(f"unknown seat {name!r} in {seat!r}; choose from {', '.join(seat_names())}")
    if not at:
        return name, None
    try:
        seconds = float(time_text)
    except ValueError:
        raise ValueError(f"seat {seat!r}: after '@' comes a thinking time in seconds, such as {name}@1.5")
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"seat {seat!r}: the thinking time must be a number of seconds above 0")
    return name, seconds


def seat_budgets(levels: list[str], seconds: float | None) -> list[float | None]:
    """Each seat's time per decision: `seconds` for every seat when given, else the seat's own
    `@seconds`, else None (the bot's own time)."""
    return [seconds if seconds else parse_seat(level)[1] for level in levels]


def seat_bot(level: str, seed: int):
    name, _ = parse_seat(level)
    return VARIANTS[name](seed) if name in VARIANTS else make_bot(name, seed)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval for a win rate (Wilson score interval; fine near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(levels: list[str], seed: int, seconds: float | None = None) -> dict:
    """One game with `levels[i]` in seat i. Returns scores, places, ledgers and think times."""
    state = new_game(len(levels), seed)
    bots = [seat_bot(level, seed * 31 + i) for i, level in enumerate(levels)]
    budgets = seat_budgets(levels, seconds)
    think: list[list[float]] = [[] for _ in levels]
    order: list[int] = []  # the seat of each segment, in play order: which waits follow which
    current_segment = None
    while not state.game_over:
        p = state.current
        view = observe(state, p)
        start = time.perf_counter()
        budget = Budget(seconds=budgets[p]) if budgets[p] else None
        action = bots[p].decide(view, legal_actions(state), budget)
        spent = time.perf_counter() - start
        seg = Segment.of_view(view)
        if seg == current_segment:
            think[p][-1] += spent
        else:
            think[p].append(spent)
            order.append(p)
            current_segment = seg
        apply_action(state, action)
    return {
        "levels": levels,
        "budgets": budgets,
        "seed": seed,
        "scores": state.scores,
        "places": places(state),
        "ledgers": [dict(pl.ledger) for pl in state.players],
        "think_ms": [[round(t * 1000, 2) for t in ts] for ts in think],
        "order": order,
    }


def _job(args: tuple) -> dict:
    return play_game(*args)


def schedule(levels: list[str], games: int, seed: int) -> list[tuple[list[str], int]]:
    """Game g seats the levels rotated by g, so each level sits in each seat equally often."""
    n = len(levels)
    return [(levels[g % n:] + levels[: g % n], seed + g) for g in range(games)]


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """95% interval for a mean (normal approximation; the places of a 100-game match)."""
    if len(values) < 2:
        return (min(values, default=0.0), max(values, default=0.0))
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    m = statistics.fmean(values)
    return (m - half, m + half)


def ahead_of(results: list[dict]) -> dict[str, dict]:
    """For each two seats of different names at a table: the share of games the first finished
    ahead of the second (a tie counts half), with its 95% interval: how far apart two levels
    stand at tables of three or four, whatever the other seats do."""
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in results:
        for i, a in enumerate(r["levels"]):
            for j, b in enumerate(r["levels"]):
                if a != b:
                    pi, pj = r["places"][i], r["places"][j]
                    pairs[(a, b)].append(1.0 if pi < pj else 0.5 if pi == pj else 0.0)
    out = {}
    for (a, b), won in sorted(pairs.items()):
        lo, hi = wilson(sum(won), len(won))
        out[f"{a}>{b}"] = {"share": round(sum(won) / len(won), 4), "ci95": [round(lo, 4), round(hi, 4)],
                           "games": len(won)}
    return out


def summarise(results: list[dict]) -> dict:
    per_level: dict[str, dict] = defaultdict(lambda: {"wins": 0.0, "seats": 0, "scores": [], "places": [],
                                                      "sources": defaultdict(float), "think": []})
    seat_wins: dict[int, float] = defaultdict(float)
    winners_sources: dict[str, float] = defaultdict(float)
    for r in results:
        winners = [i for i, place in enumerate(r["places"]) if place == 1]
        for i, level in enumerate(r["levels"]):
            st = per_level[level]
            st["seats"] += 1
            st["scores"].append(r["scores"][i])
            st["places"].append(r["places"][i])
            for src, vp in r["ledgers"][i].items():
                st["sources"][src] += vp
            st["think"].extend(r["think_ms"][i])
            if i in winners:
                st["wins"] += 1 / len(winners)
                seat_wins[i] += 1 / len(winners)
                for src, vp in r["ledgers"][i].items():
                    winners_sources[src] += vp / len(winners)
    levels = {}
    for level, st in per_level.items():
        n = st["seats"]
        think = sorted(st["think"]) or [0.0]
        levels[level] = {
            "seats_played": n,
            "win_rate": round(st["wins"] / n, 4),
            "ci95": [round(x, 4) for x in wilson(st["wins"], n)],
            "mean_score": round(statistics.fmean(st["scores"]), 2),
            "mean_place": round(statistics.fmean(st["places"]), 3),
            "place_ci95": [round(min(max(x, 1.0), len(results[0]["levels"])), 3) for x in mean_interval(st["places"])],
            "score_sd": round(statistics.pstdev(st["scores"]), 2),
            "mean_vp_by_source": {s: round(st["sources"][s] / n, 2) for s in LEDGER_SOURCES},
            "decision_ms_median": round(statistics.median(think), 2),
            "decision_ms_p95": round(think[min(len(think) - 1, int(0.95 * len(think)))], 2),
            "decision_ms_max": round(think[-1], 2),
        }
    games = len(results)
    total_winner_vp = sum(v for v in winners_sources.values() if v > 0) or 1.0
    return {
        "games": games,
        "levels": levels,
        "seat_win_rate": {str(i): round(w / games, 4) for i, w in sorted(seat_wins.items())},
        "ahead_of": ahead_of(results),
        "winners_vp_share_by_source": {s: round(winners_sources[s] / total_winner_vp, 4) for s in LEDGER_SOURCES},
    }


def run(levels: list[str], games: int, seed: int, jobs: int, seconds: float | None,
        log: Path | None = None) -> dict:
    logged = read_log(log) if log and log.exists() else ""
    done = logged_games(logged, levels, seconds)
    tasks = [(lv, sd, seconds) for lv, sd in schedule(levels, games, seed) if sd not in done]
    results = [done[sd] for _, sd in schedule(levels, games, seed) if sd in done]
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        for result in (pool.map(_job, tasks, chunksize=1) if pool else map(_job, tasks)):
            if log:  # each game as it ends, so a stopped run keeps every finished game
                logged = add_line(log, logged, json.dumps(dict(result, seconds=seconds, **measured_on())))
            results.append(result)
    return summarise(results)


def measured_on() -> dict[str, str]:
    """What a logged game was played on, besides its seats: the tiles and the learned weights."""
    return {"catalogue": catalogue_fingerprint(), "weights": learned_fingerprint()}


def logged_games(logged: str, levels: list[str], seconds: float | None) -> dict[int, dict]:
    """Games of this match in a log's text, by seed; lines of other matches, of another
    catalogue or other weights, or cut short when a run was stopped mid-write are passed over."""
    games: dict[int, dict] = {}
    now = measured_on()
    for game in games_in(logged):
        same_match = sorted(game.get("levels", [])) == sorted(levels) and game.get("seconds") == seconds
        if "budgets" in game:  # each seat's time per decision: games at other times are not pooled
            same_match = same_match and sorted(zip(game["levels"], game["budgets"]), key=str) == sorted(
                zip(levels, seat_budgets(levels, seconds)), key=str)
        if same_match and all(game.get(key) == value for key, value in now.items()):
            games[game["seed"]] = game
    return games


def _print_table(summary: dict) -> None:
    print(f"{summary['games']} games")
    for level, st in summary["levels"].items():
        lo, hi = st["ci95"]
        print(f"  {level:11s} win {st['win_rate']:.1%} (95% {lo:.1%}-{hi:.1%})  "
              f"place {st['mean_place']:.2f} (95% {st['place_ci95'][0]:.2f}-{st['place_ci95'][1]:.2f})  "
              f"score {st['mean_score']:.1f} +/- {st['score_sd']:.1f}  "
              f"decision median {st['decision_ms_median']:.1f} ms, max {st['decision_ms_max']:.0f} ms")
        by_source = ", ".join(f"{k} {v:g}" for k, v in st["mean_vp_by_source"].items() if v)
        print(f"           VP by source: {by_source}")
    print("  win rate by seat:", summary["seat_win_rate"])
    if len(summary["levels"]) > 2:
        for pair, st in summary["ahead_of"].items():
            a, b = pair.split(">")
            if list(summary["levels"]).index(a) < list(summary["levels"]).index(b):
                lo, hi = st["ci95"]
                print(f"  {a} ahead of {b}: {st['share']:.1%} (95% {lo:.1%}-{hi:.1%}) of {st['games']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/tournament.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", required=True,
                    help=f"comma-separated levels, 2 to 4: {', '.join(seat_names())}; "
                         "name@seconds gives a seat its own time per decision")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    ap.add_argument("--seconds", type=float, default=None, help="override every bot's time budget")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument("--log", type=Path, default=None,
                    help="append each finished game to this file; games already in it are not replayed")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.seats.split(",")]
    for level in levels:
        try:
            parse_seat(level)
        except ValueError as exc:
            ap.error(f"--seats: {exc}")
    if len(levels) not in PLAYER_COUNTS:
        ap.error(f"--seats takes 2 to 4 of: {', '.join(seat_names())} (each may end in @seconds)")
    if args.seconds is not None and not (math.isfinite(args.seconds) and args.seconds > 0):
        ap.error("--seconds must be a number of seconds above 0")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    try:
        summary = run(levels, args.games, args.seed, args.jobs, args.seconds, args.log)
    except LogError as exc:
        ap.error(f"--log: {exc}; it is left as it is")
    if args.json:
        print(json.dumps(summary))
    else:
        _print_table(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
