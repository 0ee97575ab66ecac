"""Fuzz: random mouse and keyboard events into every screen, and random bytes and JSON into
the save and stats loaders. Nothing may raise; a file that cannot be used gets a message.

The events go through pygame's own queue and the app's frame (input, update, draw), as a
player's would; a frame is drawn every few events. Over all screens the sweep posts more
than 100,000 events.
"""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from humanity_desktop.controller import ActionRequested, Bus, GameOver, parse_seats
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.replays import ReplayMatch
from humanity_desktop.controller.saves import open_match, save_list, write_save
from humanity_desktop.storage.save_files import SAVES_DIR, SaveError
from humanity_desktop.controller.stats import Stats
from humanity_desktop.engine import places, ranking
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.crash import CrashScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.options import OptionsScene
from humanity_desktop.ui.scenes.pause import PauseScene
from humanity_desktop.ui.scenes.replay import ReplayScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.rules import RulesScene
from humanity_desktop.ui.scenes.stats import StatsScene
from humanity_desktop.ui.scenes.title import TitleScene

SIZE = (1024, 576)  # the smallest window: the cheapest frames, the tightest layouts
EVENTS_PER_EXAMPLE = 200
EXAMPLES = 42  # per screen: 12 screens x 42 x 200 = 100,800 events
FRAME_EVERY = 20
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F11, pygame.K_z, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_f,
        pygame.K_r, pygame.K_0, pygame.K_1, pygame.K_7] + [pygame.K_a + i for i in range(26)]
MODS = [pygame.KMOD_NONE, pygame.KMOD_NONE, pygame.KMOD_CTRL, pygame.KMOD_SHIFT]

position = st.tuples(st.integers(-10, SIZE[0] + 10), st.integers(-10, SIZE[1] + 10))
event = st.one_of(
    st.tuples(st.just(pygame.MOUSEMOTION), position),
    st.tuples(st.just(pygame.MOUSEBUTTONDOWN), position, st.sampled_from([1, 1, 2, 3])),
    st.tuples(st.just(pygame.MOUSEBUTTONUP), position, st.sampled_from([1, 1, 2, 3])),
    st.tuples(st.just(pygame.MOUSEWHEEL), st.integers(-3, 3)),
    st.tuples(st.just(pygame.KEYDOWN), st.sampled_from(KEYS), st.sampled_from(MODS)),
)
events = st.lists(event, min_size=EVENTS_PER_EXAMPLE, max_size=EVENTS_PER_EXAMPLE)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture, HealthCheck.large_base_example])


def post(e: tuple) -> None:
    kind = e[0]
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=e[1], rel=(0, 0), buttons=(0, 0, 0)))
    elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=e[1], button=e[2]))
    elif kind == pygame.MOUSEWHEEL:
        pygame.event.post(pygame.event.Event(kind, x=0, y=e[1], flipped=False))
    else:
        text = chr(e[1]) if 32 <= e[1] < 127 else ""
        pygame.event.post(pygame.event.Event(kind, key=e[1], mod=e[2], unicode=text, scancode=0))


def play_out(match):
    while not match.state.game_over:
        source = "bot" if match.seats[match.current].is_bot else "human"
        match.bus.publish(ActionRequested(match.current, match.legal()[0], source=source))
    return match


@pytest.fixture(scope="module")
def finished():
    match = play_out(RecordedMatch(parse_seats("human,bot:random,bot:easy"), Bus(), seed=8))
    match.close()
    return match


@pytest.fixture(scope="module")
def app(tmp_path_factory, finished):
    data = tmp_path_factory.mktemp("fuzz")
    write_save(finished, data / SAVES_DIR / "finished.json")
    half = RecordedMatch(parse_seats("human,bot:easy"), Bus(), seed=9)
    for _ in range(30):
        half.bus.publish(ActionRequested(half.current, half.legal()[0], source="bot" if half.current else "human"))
    write_save(half, data / SAVES_DIR / "unfinished.json")
    half.close()
    app = App(AppConfig(data_dir=data, size=SIZE, max_fps=0, pace="instant", anim_speed=8.0))
    app.settings.bot_time = 0.5
    yield app
    while len(app.stack):
        app.stack.pop()
    app.session.close_match()
    app.settings.fullscreen = False


def game(app, seats: str) -> GameScene:
    return GameScene(app, app.session.new_match(parse_seats(seats), seed=3))


def results(app, finished) -> ResultsScene:
    s = finished.state
    return ResultsScene(app, finished, GameOver(tuple(s.scores), tuple(ranking(s)), tuple(places(s))))


def paused(app) -> list:
    scene = game(app, "human,bot:easy")
    return [scene, PauseScene(app, scene)]


SCREENS = {
    "title": lambda app, f: [],
    "new_game": lambda app, f: [NewGameScene(app)],
    "game_against_bots": lambda app, f: [game(app, "human,bot:easy,bot:random")],
    "game_hot_seat": lambda app, f: [game(app, "human,human,bot:random")],
    "pause": lambda app, f: paused(app),
    "options": lambda app, f: [OptionsScene(app)],
    "load": lambda app, f: [LoadScene(app)],
    "rules": lambda app, f: [RulesScene(app)],
    "results": lambda app, f: [results(app, f)],
    "stats": lambda app, f: [StatsScene(app)],
    "replay": lambda app, f: [ReplayScene(app, ReplayMatch(f.seats, f.state.seed, f.actions))],
    "crash": lambda app, f: [CrashScene(app, Path("/tmp/crash-report.txt"))],
}


@pytest.mark.slow
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_random_input_never_breaks_a_screen(app, finished, screen):
    posted = []

    @FUZZ
    @given(batch=events)
    def run(batch):
        app.stack.reset(TitleScene(app))
        for scene in SCREENS[screen](app, finished):
            app.stack.push(scene)
        pygame.event.clear()
        app.step()
        for i, e in enumerate(batch, 1):
            post(e)
            if i % FRAME_EVERY == 0:
                app.step()
        app.step()
        posted.append(len(batch))
        assert len(app.stack) >= 1

    run()
    assert sum(posted) >= EXAMPLES * EVENTS_PER_EXAMPLE  # 12 screens: at least 100,000 events in all


# ------------------------------------------------------------ files


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
# Shapes close to the real files, so the loaders are tried past their first checks.
save_like = st.fixed_dictionaries({"version": st.sampled_from([1, 2, 2, 3, "2", None]), "state": json_values},
                                  optional={"seats": json_values, "seed": json_values, "actions": json_values,
                                            "log": json_values, "history": json_values, "saved_at": json_values})
stats_like = st.fixed_dictionaries({"version": st.sampled_from([1, 1, 2, 0, True]), "lines": json_values},
                                   optional={"ratings": json_values, "medals": json_values,
                                             "hotseat_games": json_values, "bot_games": json_values})
contents = st.one_of(st.binary(max_size=300), json_values.map(json.dumps).map(str.encode),
                     save_like.map(json.dumps).map(str.encode), stats_like.map(json.dumps).map(str.encode))
FILES = settings(max_examples=100, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FILES
@given(content=contents)
def test_any_file_as_a_save_is_opened_or_refused_with_a_message(tmp_path_factory, content):
    folder = tmp_path_factory.mktemp("saves")
    path = folder / SAVES_DIR / "game.json"
    path.parent.mkdir()
    path.write_bytes(content)
    listing = save_list(folder).refresh()
    assert len(listing) + len(listing.problems) == 1
    assert all(p.strip() for p in listing.problems)
    if listing:
        try:
            open_match(path, Bus()).close()
        except SaveError as exc:
            assert str(exc).strip() and "kept as" in str(exc)


@FILES
@given(content=contents)
def test_any_file_as_stats_is_read_or_set_aside_with_a_message(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("stats") / "stats.json"
    path.write_bytes(content)
    stats = Stats.load(path)
    if stats.problem is None:
        assert stats.to_json()["version"] == 1  # it was a stats file: it writes back
    else:
        assert "cannot be used" in stats.problem and "kept as" in stats.problem
        assert stats.empty and not path.exists()
