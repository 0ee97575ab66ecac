"""The whole application: a four-bot game played through the real loop to the results,
the command line flags, and Continue after quitting."""
from __future__ import annotations

import gc
import json

import pygame
import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.controller import parse_seats
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.final_board import FinalBoardScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.title import TitleScene

FOUR_BOTS = "bot:random,bot:random,bot:random,bot:random"


@pytest.mark.slow
def test_a_four_bot_game_runs_through_the_app_loop_to_the_results(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant", anim_speed=60.0,
                        quit_after=50.0))
    match = app.session.new_match(parse_seats(FOUR_BOTS), 5)
    reached: list = []

    def at_results() -> bool:
        if isinstance(app.stack.top, FinalBoardScene):  # the final board holds until asked for the results
            app.stack.top.see_results()
        if isinstance(app.stack.top, ResultsScene):
            reached.append(app.stack.top)
            return True
        return False

    app.run([TitleScene(app), GameScene(app, match)], stop_when=at_results)
    assert reached, "the game never reached the results screen"
    results = reached[0]
    assert match.state.game_over
    assert results.scores == match.state.scores
    assert sorted(results.ranking) == [0, 1, 2, 3]
    assert sum(results.ledgers[results.ranking[0]].values()) == max(results.scores)
    assert len(results.history) > 20
    # The chart's time axis is marked with the game's three years and its rounds, to the last score.
    assert [year.number for year in results.calendar.years] == [1, 2, 3]
    assert results.calendar.rounds[-1].end == len(results.history) - 1
    assert not app.session.can_continue()  # a finished game leaves nothing to continue


def test_command_line_runs_headless_and_reports(tmp_path):
    shot, stats = tmp_path / "last.png", tmp_path / "frames.json"
    code = main(["--demo", "--seats", "bot:random,bot:random", "--seed", "4", "--quit-after-seconds", "1.0",
                 "--screenshot", str(shot), "--frame-stats", str(stats), "--data-dir", str(tmp_path / "data"),
                 "--size", "1280x720", "--pace", "fast"])
    assert code == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    report = json.loads(stats.read_text())
    assert report["frames"] > 10 and 0 < report["median_ms"] <= report["p99_ms"]
    assert 0 < report["cpu_median_ms"] <= report["cpu_p99_ms"]
    assert (tmp_path / "data" / "autosave.json").exists()  # quitting mid-game keeps it for Continue


def test_what_start_up_loaded_is_kept_out_of_full_collections(tmp_path):
    gc.unfreeze()
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    app.run([TitleScene(app)], stop_when=lambda: True)
    assert gc.get_freeze_count() > 1000  # catalogue, art and fonts: a full pass skips them


def test_bad_seats_are_refused_with_a_message(capsys):
    assert main(["--seats", "human,dragon"]) == 2
    assert "seat 2" in capsys.readouterr().err


def test_continue_resumes_the_saved_game(tmp_path):
    main(["--seats", "human,bot:random", "--seed", "9", "--quit-after-seconds", "0.3", "--data-dir", str(tmp_path)])
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    title = TitleScene(app)
    app.stack.push(title)
    resume = next(b for b in title.buttons if b.label == "Continue")
    assert resume.enabled
    resume.on_click()
    game = app.stack.top
    assert isinstance(game, GameScene) and game.match.state.seed == 9
    while len(app.stack):
        app.stack.pop()
    app.session.close_match()
