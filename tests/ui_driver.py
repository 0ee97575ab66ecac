"""Driving the real application with posted pygame events, as a player's hands would."""
from __future__ import annotations

import math
import random
import time
from collections import deque

import pygame
import pytest

from humanity_desktop.controller.match import Pacing, Resumed
from humanity_desktop.controller import ActionApplied, ActionRequested, Bus, ConfirmRequested, Match, parse_seats
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene


# A wait is bounded by wall time, not by a count of steps: the bots, hints and saving work on
# threads of their own, and the time a count of fast steps leaves them shrinks on a busy machine.
WAIT_SECONDS = 60.0


def run_until(app: App, done, seconds: float = WAIT_SECONDS) -> bool:
    """Step the app's loop until `done()` holds; False if it still does not after `seconds`."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        app.step()
    return True


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1600, 900), max_fps=0, pace="instant", anim_speed=50.0))
    yield app
    app.close()


def start(app: App, seats: str, seed: int = 7) -> GameScene:
    match = app.session.new_match(parse_seats(seats), seed)
    game = GameScene(app, match)
    app.stack.push(TitleScene(app))
    app.stack.push(game)
    app.step()
    return game


def start_at(app: App, seats: str, state) -> GameScene:
    """The game screen on a match from `state` (of unknown history: no actions recorded)."""
    match = Match(parse_seats(seats), Bus(), resumed=Resumed(state, history=[tuple(state.scores)], actions=None),
                  pacing=Pacing(pace=0.0, confirm_turns=True))
    game = GameScene(app, match)
    app.stack.push(TitleScene(app))
    app.stack.push(game)
    app.step()
    return game


def reach(app: App, seats: str, until, seed: int = 1) -> GameScene:
    """A game brought by random play to a position where `until(state)` holds, from the first
    seed from `seed` on whose game gets there before it ends."""
    while True:
        game = start(app, seats, seed)
        m, rng = game.match, random.Random(seed)
        while not until(m.state) and not m.state.game_over:
            play(m, rng.choice(m.legal()))
        if not m.state.game_over:
            return game
        app.stack.pop()
        app.stack.pop()
        seed += 1


def _at(pos) -> tuple[int, int]:
    return (round(pos[0]), round(pos[1]))


def move(app: App, pos, held: bool = False) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=_at(pos), rel=(0, 0), buttons=(int(held), 0, 0)))
    app.step()


def click(app: App, pos, button: int = 1) -> None:
    pos = _at(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def drag(app: App, path) -> None:
    """Button down at the first point, through the others a frame apart, up at the last."""
    move(app, path[0])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_at(path[0]), button=1))
    app.step()
    for point in path[1:]:
        move(app, point, held=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_at(path[-1]), button=1))
    app.step()


def line(a, b, steps: int = 12) -> list:
    return [(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps) for k in range(steps + 1)]


def arc(centre, radius: float, degrees: float, steps: int = 12) -> list:
    """Points on a circle from its right edge, turning `degrees` (positive: clockwise on screen)."""
    return [(centre[0] + radius * math.cos(math.radians(degrees * k / steps)),
             centre[1] + radius * math.sin(math.radians(degrees * k / steps))) for k in range(steps + 1)]


def wheel(app: App, pos, notches: int) -> None:
    """The pointer to `pos`, then the mouse wheel turned by `notches` (positive: away from the player)."""
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                         precise_y=float(notches)))
    app.step()


def key(app: App, k: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    app.step()


def settle(app: App, game: GameScene) -> None:
    """Let the animations, the pieces in motion and the view's glide finish."""
    assert run_until(app, lambda: not (game.director.busy or game.hand.editor.active or game.views.base.moving)), \
        "the table never came to rest"


class BeatsSeen(deque):
    """The director's queue, noting every beat it is given, however soon it plays out."""

    def __init__(self, beats) -> None:
        super().__init__(beats)
        self.given: list = []

    def append(self, beat) -> None:
        self.given.append(beat)
        super().append(beat)


def beats_seen(game: GameScene) -> BeatsSeen:
    """From now on, every beat the director is given (in `given`)."""
    game.director.queue = BeatsSeen(game.director.queue)
    return game.director.queue


def applied(game: GameScene) -> list:
    seen: list = []
    game.match.bus.subscribe(ActionApplied, lambda e: seen.append(e.action))
    return seen


def button(game: GameScene, label: str):
    return next(b for b in game.frame.action_buttons if b.label.startswith(label))


def astronaut_pos(game: GameScene, i: int):
    s = game.match.state
    return game.views.base.cell_center(s, s.current, s.players[s.current].astros[i][2])




def play_out(match, rng: random.Random) -> None:
    """Random legal moves, requested as the seats would, to the end of the game."""
    while not match.state.game_over:
        play(match, rng.choice(match.legal()))


def play(match, action) -> None:
    """Request `action` for the seat to play, as a bot or a human there would, confirming
    the end of a human's turn if it asks."""
    seat = match.current
    match.bus.publish(ActionRequested(seat, action, "bot" if match.seats[seat].is_bot else "human"))
    if match.pending is not None:
        match.bus.publish(ConfirmRequested(seat))
