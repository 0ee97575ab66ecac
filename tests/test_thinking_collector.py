"""The collector's schedule while bots think (bots.base.thinking): the older generations
wait while any search runs, on any thread, and the thresholds come back as they were."""
from __future__ import annotations

import gc
import threading

import pytest

from humanity_desktop.bots import Budget, make_bot
from humanity_desktop.bots.base import THINKING_GC_THRESHOLDS, thinking
from humanity_desktop.engine import legal_actions, new_game, observe


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


@pytest.mark.parametrize("level, ranking", [("hard", "_search"), ("normal", "ranked"), ("careful", "ranked")])
def test_a_bots_ranking_runs_with_the_older_generations_waiting_and_restores_them(
        level, ranking, thresholds, monkeypatch) -> None:
    """The searches (Hard) and the panel's rankings (Normal, Careful) alike."""
    seen: list = []
    bot = make_bot(level, 1)
    inner = getattr(bot, ranking)

    def recorded(*args):
        seen.append(gc.get_threshold())
        return inner(*args)

    monkeypatch.setattr(bot, ranking, recorded)
    s = new_game(2, 1)
    bot.decide(observe(s, s.current), legal_actions(s), Budget(iterations=3))
    assert seen == [(700, *THINKING_GC_THRESHOLDS)]
    assert gc.get_threshold() == (700, 10, 10)


def test_the_thresholds_come_back_after_a_search_that_fails(thresholds) -> None:
    with pytest.raises(RuntimeError):
        with thinking:
            raise RuntimeError("the search failed")
    assert gc.get_threshold() == (700, 10, 10)


def test_two_bots_thinking_at_once_keep_the_schedule_until_the_last_one_stops(thresholds) -> None:
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, tuple] = {}

    def first() -> None:
        with thinking:
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with thinking:
            second_in.set()
            first_out.wait(5)
            seen["after the first stopped"] = gc.get_threshold()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen["after the first stopped"] == (700, *THINKING_GC_THRESHOLDS)
    assert gc.get_threshold() == (700, 10, 10)
