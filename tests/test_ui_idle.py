"""The loop at rest: no frame is drawn while nothing changes, and whatever does change (input,
a tooltip's delay, a bot's move, an animation) is drawn promptly. These run the real loop
with its frame cap, as in play (the other UI tests step it as fast as it goes).

Promptly is told by the loop's own turns, not by the clock: the change is drawn by the very
step that takes it, and that step was woken by the change (the input, the delay coming due,
the bot's thread), not by the periodic update a few times a second. A busy machine makes
every step later but cannot make these fail; how long a step takes is a benchmark's
(benchmarks/idle_bench.py)."""
from __future__ import annotations

import time

import pygame
import pytest

from humanity_desktop.controller import ActionApplied, parse_seats, thinking
from humanity_desktop.controller.thinking import decide
from humanity_desktop.ui.app import REST_UPDATE, App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.options import OptionsScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.views.seats_view import DOT_RATE
from humanity_desktop.ui.widgets import ButtonTips

@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=60, pace="fast"))
    yield app
    app.close()


def frames_at(app: App) -> list[float]:
    """The times at which the app draws from now on."""
    times: list[float] = []
    draw = app.stack.draw

    def drawing(surface) -> None:
        times.append(time.perf_counter())
        draw(surface)

    app.stack.draw = drawing
    return times


class Steps:
    """The loop's turns from now on: when each started, whether it drew a frame, and what
    ended the rest before it: "input" (an event came: the player's, or a thread's wake),
    "due" (a change the scene awaited), "periodic" (the scenes' few updates a second) or
    "frame" (no rest: something moves)."""

    def __init__(self, app: App, monkeypatch) -> None:
        self.started: list[float] = []
        self.drew: list[bool] = []
        self.woken_by: list[str] = []
        step, draw, rest, peek = app.step, app.stack.draw, app._rest, pygame.event.peek
        woke, seen = ["start"], [False]

        def stepping() -> None:
            self.started.append(time.perf_counter())
            self.drew.append(False)
            self.woken_by.append(woke[0])
            step()

        def drawing(surface) -> None:
            self.drew[-1] = True
            draw(surface)

        def peeking(*args):
            seen[0] = peek(*args)
            return seen[0]

        def resting(clock) -> None:
            seen[0] = False
            rest(clock)
            now, due = time.perf_counter(), app._due_at
            if not app._rested:
                woke[0] = "frame"
            elif seen[0]:
                woke[0] = "input"  # the rest saw an event waiting and ended for it
            elif due is not None and due <= now < app._last_step + REST_UPDATE:
                woke[0] = "due"  # ended when the awaited change came due, before the update
            else:
                woke[0] = "periodic"

        app.step, app.stack.draw, app._rest = stepping, drawing, resting
        monkeypatch.setattr(pygame.event, "peek", peeking)

    def first_after(self, moment: float) -> int:
        return next(i for i, t in enumerate(self.started) if t > moment)


def run_for(app: App, seconds: float, scenes, during=None) -> float:
    """Run the loop for `seconds` over `scenes`, calling `during(elapsed)` after each step;
    a `during` that answers True stops it sooner."""
    started = time.perf_counter()

    def stop() -> bool:
        elapsed = time.perf_counter() - started
        done = during(elapsed) if during is not None else False
        return bool(done) or elapsed >= seconds

    app.run(scenes, stop_when=stop)
    return started


def test_a_screen_at_rest_draws_once_and_then_only_wakes_to_update(app):
    steps: list[float] = []
    title = TitleScene(app)
    update = title.update
    title.update = lambda dt: (steps.append(dt), update(dt))
    frames = frames_at(app)
    run_for(app, 1.2, [title])
    assert len(frames) == 1  # the first frame, and nothing after it
    assert len(steps) <= 1.2 / REST_UPDATE + 2  # a few updates a second, no spinning


def test_input_at_rest_is_drawn_at_once(app, monkeypatch):
    posted: list[float] = []

    def move(elapsed: float) -> None:
        if elapsed > 0.5 and not posted:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
            posted.append(time.perf_counter())

    steps = Steps(app, monkeypatch)
    run_for(app, 1.0, [TitleScene(app)], move)
    took = steps.first_after(posted[0])
    assert steps.woken_by[took] == "input" and steps.drew[took]


def test_a_tooltip_shows_after_its_delay_with_no_more_input(app, monkeypatch):
    options = OptionsScene(app)
    app.stack.push(options)
    button = next(b for b in options.buttons if b.tooltip)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    steps = Steps(app, monkeypatch)
    showing: list[bool] = []
    run_for(app, 1.0, [], lambda elapsed: showing.append(options.tips.time > ButtonTips.DELAY))
    assert options.tips.button is button and showing[-1]
    shown = showing.index(True)
    # Drawn as the delay ran out, by a step the delay itself woke.
    assert steps.woken_by[shown] == "due" and steps.drew[shown]
    assert sum(steps.drew) <= 4  # the move, the tooltip, and not a frame a tick


def test_a_bots_move_is_played_and_drawn_promptly_once_decided(app, monkeypatch):
    """The bot decides on its own thread, slowly, while the table rests; its move must not
    wait for the loop's next periodic update."""
    decided: list[float] = []

    def slow_decide(*args):
        time.sleep(0.45)  # out of step with the thinking dots, which wake the table too
        decision = decide(*args)
        decided.append(time.perf_counter())
        return decision

    monkeypatch.setattr(thinking, "decide", slow_decide)
    app.config.anim_speed = 50.0
    app.settings.pace = "instant"
    match = app.session.new_match(parse_seats("bot:random,human"), 2)
    applied: list[float] = []
    match.bus.subscribe(ActionApplied, lambda ev: applied.append(time.perf_counter()))
    steps = Steps(app, monkeypatch)
    run_for(app, 2.5, [TitleScene(app), GameScene(app, match)])
    assert len(decided) >= 3, "the bot never moved"
    periodic = 0
    for done in decided:
        played = min((t for t in applied if t >= done), default=None)
        assert played is not None, "a decided move was never played"
        step = max(i for i, t in enumerate(steps.started) if t <= played)
        # The first step after the decision, or the next if it began as the thread handed
        # the decision over.
        assert step - steps.first_after(done) <= 1, "a bot's move waited for the loop"
        assert steps.drew[step], "a bot's move waited for a frame"
        periodic += steps.woken_by[step] == "periodic"
    # Woken by the bot's thread, not by the periodic update: a decision handed over in the
    # instant between the rest's last look and the step may be taken by a periodic step,
    # but not two of them.
    assert periodic <= 1, f"{periodic} of {len(decided)} bot moves waited for the periodic update"


def test_while_a_bot_thinks_the_table_is_drawn_only_as_its_dots_change(app, monkeypatch):
    """The bot's thread wakes the loop once it has decided: waiting for it draws nothing new."""
    spans: list[tuple[float, float]] = []

    def slow_decide(*args):
        started = time.perf_counter()
        time.sleep(1.0)
        spans.append((started, time.perf_counter()))
        return decide(*args)

    monkeypatch.setattr(thinking, "decide", slow_decide)
    app.config.anim_speed = 50.0
    app.settings.pace = "instant"
    match = app.session.new_match(parse_seats("bot:random,human"), 2)
    frames = frames_at(app)
    run_for(app, 3.2, [TitleScene(app), GameScene(app, match)])
    assert len(spans) >= 2, "the bot never thought"
    for started, ended in spans:
        quiet = (started + 0.2, ended)  # after the last move's animation, until the decision
        drawn = [t for t in frames if quiet[0] <= t < quiet[1]]
        # The dots' steps, and the end of the last move's animation; a frame a poll would be 24.
        assert len(drawn) <= (quiet[1] - quiet[0]) * DOT_RATE + 2, f"{len(drawn)} frames while only the dots moved"


def test_an_animation_is_drawn_every_tick_until_it_ends(app, monkeypatch):
    match = app.session.new_match(parse_seats("bot:random,human"), 2)
    game = GameScene(app, match)
    steps = Steps(app, monkeypatch)
    busy: list[bool] = []
    run_for(app, 2.0, [TitleScene(app), game], lambda elapsed: busy.append(game.director.busy))
    moving = [i for i, b in enumerate(busy) if b]
    assert len(moving) > 20, "no animation ran"
    # Every step of a move draws, each held to the frame rate rather than resting.
    assert all(steps.drew[i] for i in moving)
    assert all(steps.woken_by[i + 1] == "frame" for i in moving if i + 1 < len(busy))


def test_a_replay_rests_while_paused_and_moves_while_playing(app):
    from humanity_desktop.controller.replays import ReplayMatch
    from humanity_desktop.engine import apply_action, legal_actions, new_game
    from humanity_desktop.ui.scenes.replay import ReplayScene

    state, actions = new_game(2, 5), []
    while len(actions) < 40:
        actions.append(legal_actions(state)[0])
        apply_action(state, actions[-1])
    replay = ReplayScene(app, ReplayMatch(parse_seats("bot:random,bot:random"), 5, actions))
    frames = frames_at(app)
    started = time.perf_counter()

    def press_play(elapsed: float) -> bool:
        if elapsed > 0.8 and not replay.playing and replay.match.position == 0:
            replay.toggle_play()
        return replay.match.position >= 3  # played on: three moves shown (a busy machine takes longer)

    run_for(app, 15.0, [TitleScene(app), replay], press_play)
    paused = [t for t in frames if t - started < 0.8]
    playing = [t for t in frames if t - started > 0.8]
    assert len(paused) <= 2  # paused on a bot's move: nothing to wait for
    assert replay.match.position >= 3 and len(playing) > 20
