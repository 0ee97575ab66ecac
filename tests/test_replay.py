"""Replays: a finished game watched again from its save, step by step or played back at a
chosen speed, on the game screen with nobody's input taken."""
from __future__ import annotations

import json

import pygame
import pytest

from humanity_desktop.controller import ActionRequested, Bus, Match, parse_seats
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.replays import ReplayMatch, open_replay
from humanity_desktop.controller.saves import write_save
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR, SaveError
from humanity_desktop.controller.stats import STATS_FILE
from humanity_desktop.engine import replay
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.input import Back, Click, Key
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.replay import SPEEDS, ReplayScene
from humanity_desktop.ui.scenes.title import TitleScene

SEATS = "human,bot:random,bot:easy"


def play_out(match: Match) -> Match:
    while not match.state.game_over:
        source = "bot" if match.seats[match.current].is_bot else "human"
        match.bus.publish(ActionRequested(match.current, match.legal()[-1], source=source))
    return match


@pytest.fixture(scope="module")
def finished() -> RecordedMatch:
    match = play_out(RecordedMatch(parse_seats(SEATS), Bus(), seed=21))
    match.close()
    return match


def test_a_replay_steps_through_the_same_positions(finished):
    r = ReplayMatch(finished.seats, 21, finished.actions)
    try:
        assert r.length == len(finished.actions) > 100 and r.position == 0
        assert r.state == replay(3, 21, []) and r.log == []
        for k in (1, 2, r.length // 2):
            r.go_to(k)
            assert r.state == replay(3, 21, finished.actions[:k])
        r.forward()
        assert r.position == r.length // 2 + 1 and r.state == replay(3, 21, finished.actions[:r.position])
        r.go_to(r.length)
        assert r.state == finished.state and r.log == finished.log and r.history == finished.history
        r.forward()  # nothing after the end
        assert r.position == r.length
        assert r.lines_of(r.length) == finished.log[-len(r.lines_of(r.length)):] and r.lines_of(0) == []
    finally:
        r.close()


def test_a_replay_plays_every_seat_itself(finished):
    r = ReplayMatch(finished.seats, 21, finished.actions)
    try:
        while r.position < r.length:
            r.update()  # no bot ever thinks or moves on its own
            r.forward()
        assert r.state == finished.state
    finally:
        r.close()


def test_a_save_without_its_moves_cannot_be_replayed(tmp_path):
    plain = play_out(Match(parse_seats(SEATS), Bus(), seed=5))
    write_save(plain, tmp_path / "old.json")
    with pytest.raises(SaveError, match="cannot be replayed"):
        open_replay(tmp_path / "old.json")
    (tmp_path / "bad.json").write_text('{"version": 2, "state": ')
    with pytest.raises(SaveError, match="kept as bad.damaged-"):
        open_replay(tmp_path / "bad.json")


# ------------------------------------------------------------ on screen


@pytest.fixture
def app(tmp_path, finished):
    write_save(finished, tmp_path / SAVES_DIR / "done.json")
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, anim_speed=60.0))
    app.stack.push(TitleScene(app))
    yield app
    while len(app.stack):
        app.stack.pop()
    app.session.close_match()


def open_from_load(app) -> ReplayScene:
    load = LoadScene(app)
    app.stack.push(load)
    [watch] = [b for b in load.buttons if b.label.startswith("Watch replay")]
    app.step()
    app.stack.handle(Click(watch.rect.center))
    assert isinstance(app.stack.top, ReplayScene)
    app.step()
    return app.stack.top


def button(scene: ReplayScene, name: str):
    """A control by the name its tooltip gives it."""
    return next(b for b in scene.frame.top_buttons if b.tooltip.startswith(name + ":"))


def test_a_finished_save_offers_its_replay_from_the_load_screen(app, finished):
    scene = open_from_load(app)
    assert scene.match.length == len(finished.actions)
    assert scene.prompt_text()[0].endswith(f"move 0 of {scene.match.length}")
    assert not button(scene, "Start").enabled and not button(scene, "Back").enabled


def test_the_controls_step_jump_and_say_where_the_replay_is(app, finished):
    scene = open_from_load(app)
    n = scene.match.length
    for label, expected in (("Step", 1), ("Step", 2), ("Back", 1), ("End", n), ("Back", n - 1), ("Start", 0)):
        app.stack.handle(Click(button(scene, label).rect.center))
        app.step()
        assert scene.match.position == expected, label
        assert scene.match.state == replay(3, 21, finished.actions[:expected])
        assert scene.prompt_text()[0].endswith(f"move {expected} of {n}")
    for key, expected in ((pygame.K_RIGHT, 1), (pygame.K_END, n), (pygame.K_LEFT, n - 1), (pygame.K_HOME, 0)):
        app.stack.handle(Key(key))
        assert scene.match.position == expected


def test_play_runs_to_the_end_at_the_chosen_speed(app, finished):
    scene = open_from_load(app)
    speed = button(scene, "Speed")
    for expected in SPEEDS[2:] + SPEEDS[:2] + SPEEDS[2:]:
        app.stack.handle(Click(speed.rect.center))
        app.step()
        speed = button(scene, "Speed")
        assert scene.speed == expected and speed.label == f"{expected:g}×"
    assert scene.speed == 4.0
    scene.jump(scene.match.length - 30)
    app.stack.handle(Click(button(scene, "Play").rect.center))
    assert scene.playing
    for _ in range(3000):
        app.step()
        scene.update(0.2)  # frames with no wait between them would take long in real time
        if not scene.playing:
            break
    assert scene.match.position == scene.match.length and scene.match.state == finished.state
    app.stack.handle(Key(pygame.K_SPACE))  # Play at the end starts over
    assert scene.playing and scene.match.position == 0


def test_clicks_on_the_table_change_nothing_and_nothing_is_saved_or_counted(app, tmp_path):
    scene = open_from_load(app)
    app.stack.handle(Click(button(scene, "Step").rect.center))
    before = scene.match.state.copy()
    for x in range(0, 1280, 37):
        for y in range(60, 720, 41):
            app.stack.handle(Click((x, y)))
    app.stack.handle(Key(pygame.K_RETURN))
    assert scene.match.state == before and app.stack.top is scene
    app.stack.handle(Click(button(scene, "End").rect.center))
    app.step()
    assert not (tmp_path / AUTOSAVE).exists() and not (tmp_path / STATS_FILE).exists()
    app.stack.handle(Back())
    assert isinstance(app.stack.top, LoadScene)
    assert not (tmp_path / AUTOSAVE).exists()
    assert json.loads((tmp_path / SAVES_DIR / "done.json").read_text())["state"]["game_over"]


def test_a_jump_back_drops_the_marks_of_the_turns_after_it(app, finished):
    scene = open_from_load(app)
    while len(scene.story.story.turns) < 3:
        scene.step_forward()
    scene.jump(scene.match.position - 1)
    assert scene.story.story.turns == [] and all(scene.story.story.last(s) is None for s in range(3))
