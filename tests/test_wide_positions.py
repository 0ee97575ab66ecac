"""The widest positions the state's validation accepts (benchmarks/wide_bench.py): every level
decides on them, and the plan listing stops at its fixed bound of work, counted in positions
reached, not timed."""
import importlib.util
from pathlib import Path

import pytest

from humanity_desktop.bots import Budget, available_levels, make_bot, segment_plans
from humanity_desktop.engine import legal_actions, observe
from humanity_desktop.engine.state import State
from humanity_desktop.engine.validation import load_state

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("wide_bench", ROOT / "benchmarks" / "wide_bench.py")
wide_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wide_bench)


@pytest.fixture(scope="module", params=list(wide_bench.POSITIONS))
def position(request):
    return load_state(wide_bench.POSITIONS[request.param]())


def test_the_lattice_is_as_wide_as_the_ranges_allow():
    s = load_state(wide_bench.lattice())
    assert len(s.players[0].base) == wide_bench.LATTICE_TILES
    assert len(legal_actions(s)) == 3 * 4 * wide_bench.LATTICE_TILES  # three astronauts, four cells a tile


def test_the_listing_stops_at_its_bound_with_an_end(monkeypatch):
    s = load_state(wide_bench.lattice())
    reached = [0]
    fork = State.fork

    def counted(self):
        reached[0] += 1
        return fork(self)

    monkeypatch.setattr(State, "fork", counted)
    found = segment_plans.plans(s, pay="auto", full_work=False, alike=True)
    bound = segment_plans.MAX_WORK // (wide_bench.LATTICE_TILES + 1)
    assert found and reached[0] <= bound + 3  # and the first-choice completion's steps
    assert len(found) <= bound


@pytest.mark.parametrize("level", available_levels())
def test_every_level_decides(position, level):
    bot = make_bot(level, 1)
    view, legal = observe(position, position.current), legal_actions(position)
    seconds = getattr(bot, "seconds", None)
    action = bot.decide(view, legal, Budget(seconds=seconds, iterations=4 if seconds else None))
    assert action in legal
