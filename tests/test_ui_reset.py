"""The reset on the table: step by step, each step held with its caption and told in the
log, a click or Space going on at once; or quick, in one short beat."""
from __future__ import annotations

import pygame
import pytest

from humanity_desktop.table.reset_info import ResetInfo
from humanity_desktop.engine.flow import plan_reset
from humanity_desktop.engine.ring import slot_spot
from humanity_desktop.engine.state import TURN
from humanity_desktop.ui import theme
from humanity_desktop.ui.input import Click, Key
from humanity_desktop.ui.views.reset_preview import draw_preview

from ui_driver import app, click, key, move, reach, run_until, settle, start  # noqa: F401 - app is a fixture


def at_reset(app, mode: str):
    """Two bots play until a round ends; the game screen with that reset queued, not yet shown."""
    app.settings.reset_steps = mode
    game = start(app, "bot:random,bot:random", seed=3)
    assert run_until(app, lambda: reset_queued(game)), "no round ended"
    return game


def reset_queued(game) -> bool:
    return any(b.reset is not None for b in game.director.queue)


def steps_queued(game) -> list:
    return [b.step for b in game.director.queue if b.step is not None]


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_the_slow_reset_plays_its_steps_in_order_each_held_long_enough_to_read(app, speed):
    game = at_reset(app, "always")
    app.config.anim_speed = speed
    queued = steps_queued(game)
    assert [s.number for s in queued] == [1, 2, 3, 4, 5]
    assert all(s.caption for s in queued) and len({s.caption for s in queued}) == 5
    position, log_before = game.match.state.copy(), len(game.match.log)
    held: dict[int, float] = {}
    dt = 0.02
    while steps_queued(game):
        beat = game.director.beat
        if beat.step is not None:
            held[beat.step.number] = held.get(beat.step.number, 0.0) + dt
            assert game.match.state == position  # the bots wait while the reset is told
        game.update(dt)
    assert list(held) == [1, 2, 3, 4, 5]
    assert all(1.5 / speed <= t <= 2.0 / speed + dt for t in held.values())
    assert not any(line.startswith("Reset, step") for line in game.match.log[log_before:])  # shown, never logged


def test_a_click_or_space_goes_to_the_next_step_at_once(app):
    game = at_reset(app, "always")
    while game.director.beat.step is None:  # the move that ended the round plays first
        game.update(0.01)
    _, second, third = steps_queued(game)[:3]
    game.handle(Click(game.views.base.area.center))
    assert game.director.beat.step == second
    game.handle(Key(pygame.K_SPACE))
    assert game.director.beat.step == third


def test_the_quick_reset_is_one_short_beat_and_writes_no_steps(app):
    game = at_reset(app, "never")
    [reset] = [b for b in game.director.queue if b.reset is not None]
    assert reset.step is None and reset.duration <= 3.2
    log_before = len(game.match.log)
    while any(b.reset is not None for b in game.director.queue):
        game.update(0.05)
    assert not any(line.startswith("Reset, step") for line in game.match.log[log_before:])


def test_while_learning_the_first_resets_go_step_by_step_and_then_quick(app):
    game = at_reset(app, "learning")
    assert len(steps_queued(game)) == 5 and app.settings.resets_seen == 1
    app.settings.resets_seen = 3
    game.director.clear()
    assert run_until(app, lambda: reset_queued(game)) and not steps_queued(game)


def previewing_position(app):
    """A human's turn where the coming reset would take modules off and send astronauts home."""
    def wanted(s) -> bool:
        p = plan_reset(s)
        return s.phase == TURN and s.turn > 6 and bool(p.left) and bool(p.sent_home)
    game = reach(app, "human,human", wanted)
    game.seat.viewer, game.seat.handoff_to = game.match.current, None
    move(app, game.views.base.area.center)  # the pointer away from the board and its buttons
    settle(app, game)
    return game


def test_the_preview_marks_the_stop_the_leaving_modules_and_the_astronauts_going_home(app):
    game = previewing_position(app)
    s = game.match.state
    plan = plan_reset(s)
    marked = draw_preview(app.screen, game.views.board, s, ResetInfo.coming(s))
    assert [key for what, key, _ in marked if what == "stop"] == [plan.arm_to]
    assert [key for what, key, _ in marked if what == "leaving"] == [slot_spot(s.arm, slot) for slot, _ in plan.left]
    assert sorted(key for what, key, _ in marked if what == "home") == sorted((p, i) for p, i, _ in plan.sent_home)
    for what, key, rect in marked:
        if what == "leaving":
            assert rect.contains(game.views.board.tile_rect(key))


def test_the_preview_shows_on_the_board_while_asked_for(app):
    game = previewing_position(app)
    s = game.match.state
    edges = [(rect.centerx, rect.top + 1) for what, _, rect in draw_preview(app.screen, game.views.board, s, ResetInfo.coming(s))
             if what == "leaving"]

    def marked() -> bool:
        app.step()
        return all(tuple(app.screen.get_at(p))[:3] == theme.BAD for p in edges)

    assert not marked()  # on the player's turn, only the arm's stop is marked
    key(app, pygame.K_p)
    assert game.modes.previewing and marked()
    key(app, pygame.K_p)
    assert not marked()
    move(app, game.views.board.arm_points(s.arm)[2])  # pointing at the arm's claw
    assert marked()
    move(app, game.views.base.area.center)
    click(app, next(b for b in game.frame.top_buttons if b.label == "Preview reset").rect.center)
    move(app, game.views.base.area.center)
    assert marked()
