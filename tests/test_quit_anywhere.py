"""Quit anywhere, lose nothing: random games of 2, 3 and 4 seats, humans and bots mixed, played
through the session and match the window plays, are quit at random moments (mid-turn, while
paying, at the end of a turn waiting for Confirm, while a bot thinks, just after a reset) as
the window quits, and continued in a new session on the same data folder: the position, the
turn's end waiting for Confirm, what each Undo takes back and the prompt are as they were."""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import NamedTuple

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from humanity_desktop.controller import (
    ActionRequested,
    BotThinking,
    CancelPaymentRequested,
    ConfirmRequested,
    ReselectRequested,
    RoundReset,
    UndoRequested,
    parse_seats,
)
from humanity_desktop.controller.match import Headless
from humanity_desktop.controller.session import Session
from humanity_desktop.table.model import Table
from humanity_desktop.engine import replay
from humanity_desktop.engine.state import ASTRONAUTS, PAY
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene

from ui_driver import run_until

SEATS = ("human", "bot:random", "bot:beginner")  # the quickest bots: the sweep is of quitting, not of play
UNSEEN = Headless(0.0)  # a match no screen shows, its bots playing as soon as they have decided
BOT_SECONDS = 60.0  # at most this long for one bot move (its thinking, and the autosave it waits for)


class Play:
    """Random play of a session's match, a step at a time, as the window's players would: a
    human chooses among the legal moves, now and then takes one back, swaps the astronaut
    just chosen, cancels a payment or confirms the end of the turn; a bot plays through the
    match's own thinking thread. Notes what the quit points ask about."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.match = None
        self.thinking = False  # a bot's thinking started, its move not played yet
        self.reset = False  # the last step ended a round

    def follow(self, match) -> None:
        self.match, self.thinking, self.reset = match, False, False
        match.bus.subscribe(BotThinking, lambda ev: setattr(self, "thinking", ev.thinking))
        match.bus.subscribe(RoundReset, lambda ev: setattr(self, "reset", True))

    def step(self) -> None:
        self.reset = False
        if self.match.human_turn:
            self.match.bus.publish(self._human_request())
        elif not self.thinking:
            self.match.update(UNSEEN)  # the bot starts to think
        else:
            self._bot_moves()

    def _human_request(self):
        m, roll = self.match, self.rng.random()
        seat = m.current
        if m.pending is not None:
            return ConfirmRequested(seat) if roll < 0.75 else UndoRequested(seat)
        if roll < 0.08 and m.can_undo:
            return UndoRequested(seat)
        if roll < 0.12 and m.state.phase == PAY:
            return CancelPaymentRequested(seat)
        if roll < 0.15:
            return ReselectRequested(seat, self.rng.randrange(ASTRONAUTS))  # refused unless one was just chosen
        return ActionRequested(seat, self.rng.choice(m.legal()))

    def _bot_moves(self) -> None:
        version, deadline = self.match.version, time.monotonic() + BOT_SECONDS
        while self.match.version == version:
            assert time.monotonic() < deadline, "a bot never played"
            self.match.update(UNSEEN)
            time.sleep(0.0005)  # the thinking and saving threads' turn


def play_to(play: Play, point: str, passed: int) -> bool:
    """Play on until the match stands at `point` after passing it `passed` times; False if the
    game ends first."""
    m = play.match
    while not m.state.game_over:
        if QUIT_POINTS[point](m, play):
            if not passed:
                return True
            passed -= 1
        play.step()
    return False


# Where a quit can fall: each asks of the match (and the play) whether it stands there now.
QUIT_POINTS = {
    "any step": lambda m, play: True,
    "mid-turn": lambda m, play: m.human_turn and m.pending is None and m.can_undo,
    "mid-payment": lambda m, play: m.human_turn and m.state.phase == PAY,
    "at the confirm step": lambda m, play: m.pending is not None,
    "during a bot's turn": lambda m, play: play.thinking,
    "just after a reset": lambda m, play: play.reset,
}
# The seat a point needs at the table, for a game sure to come to it.
NEEDS = {"mid-turn": "human", "mid-payment": "human", "at the confirm step": "human", "during a bot's turn": "bot"}


class Seen(NamedTuple):
    """What the player has before them: the position, the record, the turn's end waiting for
    Confirm, what each Undo would take back, and the prompt."""

    state: dict
    actions: list
    log: list
    history: list
    to_confirm: object
    undo_trail: list
    prompt: tuple


def seen(m) -> Seen:
    prompt = Table(m.state, m.legal()).prompt(m.names[m.current]) if m.current is not None else None
    return Seen(m.state.to_json(), [a.to_json() for a in m.actions], list(m.log), list(m.history), m.pending,
                [s.to_json() for s in m.undo_trail], (prompt, m.pending and m.pending.summary))


def session_in(folder: Path) -> Session:
    # Each autosave is not read back as it is written (check_saves): every quit reads back the last one.
    return Session(folder, saving=True, notify=lambda message: None, thinking=lambda: 1.0, on_start=lambda match: None)


def quit_as_the_window(session: Session, crash: bool) -> None:
    """Close the match as the window does on Quit, its close or SIGTERM (the game screen saves
    its match as it closes, App.close then closes the session), or as the crash screen does
    (the screens dropped unclosed)."""
    if not crash:
        session.autosave(session.match)
        session.close_match(session.match)
    session.close_match()


def takes_back_as_it_said(m) -> None:
    """Undo, again and again, goes back through the trail the match shows, and the record it
    keeps replays to each position."""
    for position in [s.to_json() for s in m.undo_trail]:
        m.bus.publish(UndoRequested(m.current))
        assert m.state.to_json() == position and m.pending is None
        assert replay(m.state.n, m.state.seed, m.actions) == m.state


def quit_and_continue(folder: Path, seats: list[str], seed: int, quits: list[tuple[str, int, bool]]) -> int:
    """Play a game in `folder`, quitting at each of `quits` (a point, how many times it is passed
    first, and whether as a crash) and continuing, from the start of the turn once each Undo
    was tried; the number of quits that came before the game ended."""
    play = Play(random.Random(seed))
    session = session_in(folder)
    play.follow(session.new_match(parse_seats(",".join(seats)), seed))
    done = 0
    for point, passed, crash in quits:
        if not play_to(play, point, passed):
            break
        before = seen(session.match)
        quit_as_the_window(session, crash)
        session = session_in(folder)  # the window opened again
        resumed = session.resume()
        play.follow(resumed)
        assert seen(resumed) == before, f"quit {point}"
        takes_back_as_it_said(resumed)
        done += 1
    session.close_match()
    return done


def games(seeds, passes: int, most_quits: int, first=st.sampled_from(sorted(QUIT_POINTS)), crash=st.booleans(),
          needs: str = ""):
    """Games to quit: 2 to 4 seats, each a human or a bot (one of them `needs`, if given);
    where and how they are quit, the first time at a point of `first`, as a crash or not as
    `crash` draws."""
    def quit(point):
        return st.tuples(point, st.integers(0, passes), crash)
    seats = st.integers(2, 4).flatmap(lambda n: st.lists(st.sampled_from(SEATS), min_size=n, max_size=n))
    seats = seats.filter(lambda names: any(name.startswith(needs) for name in names))
    quits = st.tuples(quit(first), st.lists(quit(st.sampled_from(sorted(QUIT_POINTS))), max_size=most_quits - 1))
    return st.tuples(seats, seeds, quits.map(lambda q: [q[0], *q[1]]))


@pytest.mark.parametrize("crash", [False, True], ids=["closed", "crashed"])
@pytest.mark.parametrize("point", sorted(QUIT_POINTS))
def test_a_game_quit_at_any_moment_continues_as_it_was(tmp_path_factory, point, crash):
    @settings(max_examples=4, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(games(st.integers(0, 2**16), passes=3, most_quits=2, first=st.just(point), crash=st.just(crash),
                 needs=NEEDS.get(point, "")))
    def quit_there(game):
        assert quit_and_continue(tmp_path_factory.mktemp("data"), *game) >= 1, "the game ended before the quit"
    quit_there()


@pytest.mark.slow
@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games(st.integers(0, 2**31), passes=40, most_quits=6))
def test_games_quit_again_and_again_deep_into_them_continue_as_they_were(tmp_path_factory, game):
    quit_and_continue(tmp_path_factory.mktemp("data"), *game)


# ------------------------------------------------------------ the screen


def window(folder: Path) -> App:
    return App(AppConfig(data_dir=folder, size=(1280, 720), max_fps=0, pace="instant", anim_speed=50.0))


def test_the_game_screen_continues_at_the_confirm_step_it_was_closed_at(tmp_path):
    app = window(tmp_path)
    match = app.session.new_match(parse_seats("human,bot:random"), 5)
    game = GameScene(app, match)
    app.stack.push(TitleScene(app))
    app.stack.push(game)
    app.step()
    while match.pending is None:
        match.bus.publish(ActionRequested(match.current, match.legal()[0]))
    assert run_until(app, lambda: not game.director.busy)
    shown = game.prompt_text()
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
    app.run([])

    app = window(tmp_path)
    title = TitleScene(app)
    app.stack.push(title)
    app.step()
    next(b for b in title.buttons if b.label == "Continue").on_click()
    game = app.stack.top
    app.step()
    try:
        assert isinstance(game, GameScene) and game.prompt_text() == shown and shown[0] == "Confirm your turn"
    finally:
        app.close()
