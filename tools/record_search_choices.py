"""Record what Casual, Normal, Hard and Expert choose on fixed positions, for
tests/test_search_choices.py.

The positions are benchmarks/bot_bench.py's (openings, middles and year 3 of a 2- and a
4-player game, and two late positions with many usable tiles and work 4), kept as state
JSON. Normal, Hard and Expert search with an iteration cap (Normal's: playouts), which makes
a search a pure function of the position and the seed; the fixture keeps every ranked root
plan with its value and visits (Normal's: playouts), so a change meant only to make the
search faster shows if it changes anything.

    python tools/record_search_choices.py      # the choices again, on the positions recorded
    python tools/record_search_choices.py --new-positions   # the positions made again too

The positions come from games between bots, so they change whenever the bots' play does;
by default the recorded ones are kept and only the choices are searched again.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from humanity_desktop.bots import Budget, make_bot  # noqa: E402
from humanity_desktop.bots.hidden import consistent  # noqa: E402
from humanity_desktop.bots.one_turn_planner import PlanPlayer  # noqa: E402
from humanity_desktop.engine import State, observe  # noqa: E402

OUT = ROOT / "tests" / "data" / "search_choices.json"
# level -> iteration cap (None: the level does not search)
LEVELS = {"casual": None, "hard": 60, "expert": 30, "normal": 24}
CASUAL_PLANS = 40  # Casual's ranking is kept whole by value, its first plans in full
SEED = 5


def search(level: str, raw: dict) -> list:
    """The level's ranked plans on the position, as JSON: [value, [action...], visits] (past
    Casual's first CASUAL_PLANS, the value alone)."""
    state = State.from_json(raw)
    bot = make_bot(level, SEED)
    cap = LEVELS[level]
    if cap is None:
        bot.cap = None  # Casual untimed: its answer must not depend on the machine's speed
    view = observe(state, state.current)
    budget = Budget(iterations=cap) if cap else None
    if isinstance(bot, PlanPlayer):  # the panel's search (Normal): the position decide rebuilds
        ranked = [(value, plan.actions, n) for value, plan, n in bot.search(consistent(view), budget)]
    else:
        ranked = bot.search(view, budget)
    out = [[value, [a.to_json() for a in plan], visits] for value, plan, visits in ranked]
    if cap is None:
        out = [entry if i < CASUAL_PLANS else [entry[0]] for i, entry in enumerate(out)]
    return out


def positions(new: bool) -> dict[str, dict]:
    """The positions to search, by name: those recorded, unless `new` or none are."""
    if OUT.exists() and not new:
        return {case["name"]: case["state"] for case in json.loads(OUT.read_text(encoding="utf-8"))["positions"]}
    spec = importlib.util.spec_from_file_location("bot_bench", ROOT / "benchmarks" / "bot_bench.py")
    bot_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot_bench)
    return bot_bench.positions()


def main() -> None:
    cases = []
    for name, raw in positions("--new-positions" in sys.argv[1:]).items():
        cases.append({"name": name, "state": raw,
                      "choices": {level: search(level, raw) for level in LEVELS}})
        print(name, {level: len(c) for level, c in cases[-1]["choices"].items()})
    OUT.write_text(json.dumps({"levels": LEVELS, "seed": SEED, "positions": cases}) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
