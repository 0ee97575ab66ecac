"""The Results screen: its ways on (back to the board, rematch, new game, main menu), the
points by source, and a score chart whose every round is labelled."""
from __future__ import annotations

import random

import pytest

from humanity_desktop.controller import Bus, GameOver, parse_seats
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.calendar import Calendar, Period
from humanity_desktop.engine import places, ranking
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.input import Click
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.results import ResultsScene, time_axis, winner_line
from humanity_desktop.ui.scenes.title import TitleScene
from ui_driver import play_out


@pytest.fixture(scope="module")
def finished():
    """A four-seat game played to its end by random moves through its bus, as a session records it."""
    match = RecordedMatch(parse_seats("human,bot:random,bot:random,bot:random"), Bus(), seed=21)
    play_out(match, random.Random(21))
    match.close()
    return match


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant"))
    yield app
    app.close()


def show(app: App, match, **hooks) -> ResultsScene:
    """The results of `match` over the title screen, as the only screens open."""
    s = match.state
    scene = ResultsScene(app, match, GameOver(tuple(s.scores), tuple(ranking(s)), tuple(places(s))), **hooks)
    app.stack.reset(TitleScene(app))
    app.stack.push(scene)
    app.step()
    return scene


def press(app: App, scene: ResultsScene, label: str) -> None:
    app.stack.handle(Click(next(b for b in scene.buttons if b.label == label).rect.center))


def test_rematch_deals_a_new_game_for_the_same_seats(app, finished):
    scene = show(app, finished)
    press(app, scene, "Rematch")
    game = app.stack.top
    assert isinstance(game, GameScene) and game.match is not finished
    assert game.match.seats == finished.seats and not game.match.state.game_over
    assert [type(s) for s in app.stack] == [TitleScene, GameScene]


def test_new_game_and_main_menu_leave_the_results(app, finished):
    press(app, show(app, finished), "New game")
    assert [type(s) for s in app.stack] == [TitleScene, NewGameScene]
    press(app, show(app, finished), "Main menu")
    assert [type(s) for s in app.stack] == [TitleScene]


def test_back_to_the_board_is_offered_when_the_table_can_show_it(app, finished):
    assert all(b.label != "Back to the board" for b in show(app, finished).buttons)
    shown: list[bool] = []
    scene = show(app, finished, back_to_board=lambda: shown.append(True))
    press(app, scene, "Back to the board")
    assert shown == [True]


def test_leaving_closes_the_finished_games_table_kept_under_the_results(app, finished):
    table = GameScene(app, finished)
    app.stack.reset(TitleScene(app))
    app.stack.push(table)
    s = finished.state
    scene = ResultsScene(app, finished, GameOver(tuple(s.scores), tuple(ranking(s)), tuple(places(s))),
                         back_to_board=app.stack.pop)
    app.stack.push(scene)
    app.step()
    press(app, scene, "Main menu")
    assert [type(s) for s in app.stack] == [TitleScene]


def test_each_seats_points_by_source_add_up_to_its_score(app, finished):
    scene = show(app, finished)
    for seat in range(4):
        assert sum(scene.ledgers[seat][src] for src in scene.sources) == scene.scores[seat]
    with recording() as notes:
        app.stack.draw(app.screen)
    texts = [n.text for n in notes]
    assert "Science tokens" in texts and "Total" in texts
    assert all(str(score) in texts for score in scene.scores)


@pytest.mark.parametrize("size", [(1024, 576), (1920, 1080)])
def test_the_chart_labels_every_round_under_its_own_stretch(tmp_path, finished, size):
    app = App(AppConfig(data_dir=tmp_path, size=size, max_fps=0))
    try:
        scene = show(app, finished)
        with recording() as notes:
            app.stack.draw(app.screen)
        under = [n for n in notes if n.rect is not None and n.rect.top >= scene.plot.bottom
                 and scene.plot.left <= n.rect.centerx <= scene.plot.right and n.text.isdigit()]
        assert [n.text for n in sorted(under, key=lambda n: n.rect.x)] == [str(r.number) for r in scene.calendar.rounds]
        widths = [b.rect.centerx - a.rect.centerx for a, b in zip(under, under[1:])]
        assert max(widths) - min(widths) <= 2  # every round the same width
    finally:
        app.close()


def test_the_time_axis_gives_every_round_the_same_share_and_keeps_order():
    cal = Calendar([Period(1, 0, 9)], [Period(1, 0, 1), Period(2, 1, 8), Period(3, 8, 9)])
    place = time_axis(cal, 10)
    assert [place(i) for i in (0, 1, 8, 9)] == pytest.approx([0, 1 / 3, 2 / 3, 1])
    assert all(place(i) < place(i + 1) for i in range(9))
    assert time_axis(None, 5)(2) == 0.5


def test_the_winner_line_names_everyone_who_shares_the_win():
    names = ["Kayla", "Aleksander", "Gabriel"]
    assert winner_line(names, [2, 1, 3], [1, 0, 2]) == "Aleksander wins!"
    assert winner_line(names, [1, 1, 3], [0, 1, 2]) == "Kayla and Aleksander share the win!"
