"""tools/versus_build.py: a level of another build takes a seat in today's games, and an
answer today's rules do not offer is refused rather than played."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import versus_build  # noqa: E402
import tournament  # noqa: E402
from humanity_desktop.engine import Action, legal_actions, new_game, observe  # noqa: E402


@pytest.fixture(scope="module")
def other_build():
    """Today's package imported a second time under another name, as a commit's would be."""
    return versus_build.load_package(ROOT / "humanity_desktop", "humanity_desktop_other")


def test_the_other_build_is_a_package_of_its_own(other_build):
    assert other_build.engine.Action is not Action
    assert other_build.bots.make_bot.__module__.startswith("humanity_desktop_other")


def test_a_level_of_the_other_build_plays_whole_games_on_today_s_rules(other_build, monkeypatch):
    monkeypatch.setitem(tournament.VARIANTS, "beginner-other",
                        lambda seed: versus_build.BuildSeat(other_build, "beginner", seed))
    result = tournament.play_game(["beginner", "beginner-other"], seed=5)
    assert result["levels"] == ["beginner", "beginner-other"]
    assert sorted(result["places"]) in ([1, 2], [1, 1])
    assert all(result["think_ms"])  # both seats decided


def test_an_answer_today_s_rules_do_not_offer_is_refused(other_build):
    state = new_game(2, 3)
    seat = versus_build.BuildSeat(other_build, "random", 1)
    never_legal = other_build.engine.Action.from_json({"type": "end_work"})
    assert Action.from_json(never_legal.to_json()) not in legal_actions(state)
    seat._bot = SimpleNamespace(decide=lambda view, legal, budget: never_legal)
    with pytest.raises(RuntimeError, match="do not offer"):
        seat.decide(observe(state, state.current), legal_actions(state))


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to unpack a commit")
def test_a_commit_is_unpacked_as_a_package(tmp_path):
    inside = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if inside.returncode != 0:
        pytest.skip("not a git checkout")
    folder = versus_build.unpack("HEAD", tmp_path)
    assert (folder / "__init__.py").is_file()
    assert (folder / "bots" / "data" / "learned_weights.json").is_file()
