"""Learn to play: the script loads and is checked, the guided game is played from the title
to its last chapter with posted mouse events, wrong gestures are nudged, and the chapter
reached is kept for the next visit."""
from __future__ import annotations

import json
import re

import pygame
import pytest

from humanity_desktop.controller.tutorial import (
    CONFIRM,
    LEARNER,
    NEXT,
    PROGRESS_FILE,
    YOUR_TURN,
    ScriptError,
    load_script,
    read_progress,
)
from humanity_desktop.engine import Action
from humanity_desktop.ui.scenes.dialog import ChoiceScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.scenes.tutorial import PACE
from humanity_desktop.ui.settings import PACES

from ui_driver import app, click, key, settle  # noqa: F401 - app is a fixture

SHIPPED = load_script()


def shipped_raw() -> dict:
    from importlib import resources
    return json.loads(resources.files("humanity_desktop.controller").joinpath("data", "tutorial.json").read_text())


def open_tutorial(app) -> GameScene:
    """Title → Learn to play, as a player clicks it."""
    app.stack.push(TitleScene(app))
    app.step()
    click(app, next(b for b in app.stack.top.buttons if b.label == "Learn to play").rect.center)
    if isinstance(app.stack.top, ChoiceScene):
        return app.stack.top
    assert isinstance(app.stack.top, GameScene) and app.stack.top.guide is not None
    return app.stack.top


def coach_button(game: GameScene, label: str):
    return next(b for b in game.guide.buttons if b.label == label)


def wait_for_turn(app, game: GameScene) -> None:
    """Let the bot play (fast-forward on) until the step moves on."""
    index = game.guide.runner.index
    for _ in range(3000):
        app.step()
        if game.guide.runner.index != index:
            return
    raise AssertionError(f"step {index} never saw the learner's turn; the log ends {game.match.log[-3:]}")


def do_step(app, game: GameScene) -> None:
    """What a learner does for the step on show: touch what the spotlight lights."""
    runner = game.guide.runner
    wait = runner.step.wait
    settle(app, game)
    app.step()
    if wait == YOUR_TURN:
        wait_for_turn(app, game)
        return
    if wait == NEXT:
        click(app, coach_button(game, "Next").rect.center)
        return
    spot = game.guide.spot_rect(game)
    assert spot is not None, f"step {runner.index} lights nothing"
    click(app, spot.center)
    if isinstance(app.stack.top, ChoiceScene):  # the upgrade given from a list
        number = f"Astronaut {wait.astronaut + 1} "
        click(app, next(b for b in app.stack.top.buttons if b.label.startswith(number)).rect.center)
    settle(app, game)


def play_chapters(app, game: GameScene, until: int) -> None:
    runner = game.guide.runner
    while runner.chapter < until:
        index = runner.index
        do_step(app, game)
        assert runner.index > index, f"step {index} ({runner.step.text[:40]}) did not move on"


def test_the_whole_guided_game_from_the_title_to_the_last_chapter(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)  # fast-forward the bot, as an impatient learner would
    last = len(SHIPPED.chapters) - 1
    seen = []
    runner = game.guide.runner
    while runner.chapter < last:
        seen.append(runner.chapter)
        play_chapters(app, game, runner.chapter + 1)
    assert sorted(set(seen)) == list(range(last))
    s = game.match.state
    me = s.players[LEARNER]
    # Every chapter really happened: a square, a greenhouse, an experiment, a mission, the year's end.
    assert me.ledger["square"] == 2 and me.ledger["greenhouse"] == 1 and me.experiments == ["E1-4"]
    assert s.holders[0] == LEARNER and me.science > 0 and s.year == 2
    # Free play: any legal gesture goes through, and the note can be put away.
    assert runner.free and game.guide.vet(object()) is None
    click(app, coach_button(game, "Play on").rect.center)
    assert game.guide.hidden


def test_a_wrong_gesture_is_nudged_and_changes_nothing(app):
    game = open_tutorial(app)
    click(app, coach_button(game, "Next").rect.center)
    runner = game.guide.runner
    step = runner.index
    assert runner.step.wait == Action("select_astronaut", 0)
    before = game.match.state.copy()
    s = game.match.state
    wrong = s.players[LEARNER].astros[1][2]  # the other astronaut
    click(app, game.base.cell_center(s, LEARNER, wrong))
    assert game.match.state == before and runner.index == step
    [toast] = game.toasts.items
    assert toast.text.startswith("Not that one yet.") and runner.step.text in toast.text
    click(app, game.guide.spot_rect(game).center)  # the right one still works
    assert runner.index == step + 1 and game.match.state.players[LEARNER].astros[0] == before.players[LEARNER].astros[0]
    assert game.match.state.sel == 0


def test_the_bot_plays_slowly_enough_to_follow_unless_the_command_line_set_a_pace(app):
    game = open_tutorial(app)
    assert game.bot_pace() == PACES["instant"]  # the tests' own pace, as --pace would set it
    app.config.pace = None
    assert game.bot_pace() == PACES[PACE]
    app.settings.pace = "slow"
    assert game.bot_pace() == PACES["slow"] >= PACES[PACE]
    key(app, pygame.K_f)  # fast-forward is fast here too
    assert game.bot_pace() == 0.0


def test_enter_reads_on_past_a_note_but_is_the_tables_once_a_gesture_is_awaited(app):
    game = open_tutorial(app)
    runner = game.guide.runner
    first = runner.index
    key(app, pygame.K_RETURN)
    assert runner.index == first + 1 and runner.step.wait == Action("select_astronaut", 0)
    key(app, pygame.K_RETURN)  # nothing to read on: a gesture is awaited, and Enter does not skip it
    assert runner.index == first + 1


def test_leaving_and_coming_back_resumes_at_the_chapter_reached(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    play_chapters(app, game, 2)
    reached = game.match.state.copy()
    click(app, coach_button(game, "Leave").rect.center)
    assert isinstance(app.stack.top, TitleScene)
    saved = read_progress(app.data_dir / PROGRESS_FILE, SHIPPED, pytest.fail)
    assert saved is not None and saved[0] == 2
    choice = open_tutorial(app)
    assert isinstance(choice, ChoiceScene)
    click(app, choice.buttons[0].rect.center)  # Resume at ...
    game = app.stack.top
    assert game.guide.runner.chapter == 2 and game.match.state == reached
    key(app, pygame.K_f)
    play_chapters(app, game, 3)  # and the script goes on from there


def test_a_damaged_progress_file_is_set_aside_and_the_tutorial_starts_over(app):
    path = app.data_dir / PROGRESS_FILE
    path.write_text("{not json")
    told = open_tutorial(app)
    assert isinstance(told, ChoiceScene) and "not complete JSON" in told.message
    click(app, told.buttons[0].rect.center)
    game = app.stack.top
    assert isinstance(game, GameScene) and game.guide.runner.chapter == 0
    assert list(app.data_dir.glob("tutorial.damaged-*.json"))


def test_skipping_a_chapter_plays_its_moves(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    click(app, coach_button(game, "Skip chapter").rect.center)
    runner = game.guide.runner
    for _ in range(3000):
        app.step()
        if runner.chapter == 1:
            break
    assert runner.chapter == 1 and game.match.state.players[LEARNER].astros[0][1] == "exhausted"


def test_the_shipped_script_loads():
    assert SHIPPED.steps[-1].wait == "end" and len(SHIPPED.chapters) >= 8
    assert any(step.wait == CONFIRM for step in SHIPPED.steps)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["steps"][1].update(chapter="nowhere"), "steps[1]: unknown chapter 'nowhere'"),
    (lambda d: d["steps"][1].update(wait={"type": "fly"}), "steps[1].wait: unknown action type 'fly'"),
    (lambda d: d["steps"][1].update(spot={"cell": [1]}), "steps[1].spot: a cell is [x, y]"),
    (lambda d: d["steps"][1].update(text=""), "steps[1]: the text is missing"),
    (lambda d: d["steps"][-1].update(wait="next"), "the last step, and only it"),
    (lambda d: d["deal"]["hangars"].append("Y1-99"), "deal:"),
    (lambda d: d.pop("chapters"), "needs 'deal', 'chapters' and 'steps'"),
])
def test_a_broken_script_says_what_is_wrong(change, message):
    raw = shipped_raw()
    change(raw)
    with pytest.raises(ScriptError, match=re.escape(message)):
        load_script(json.dumps(raw))


def test_a_script_that_is_not_json_says_so():
    with pytest.raises(ScriptError, match="not JSON"):
        load_script("{")
