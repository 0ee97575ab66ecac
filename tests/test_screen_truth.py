"""What the table says is true, at every window size and text size the game offers.

Seeded games of 2, 3 and 4 seats, humans and bots mixed (hot-seat included), are played
through the real match and game screen: the bots by the match's own thread, the humans by a
random hand that asks as a click would. At a spread of their moments (a human mid-turn, paying,
at the confirm step, a bot between its moves, the hand-off, the final board and the results)
the whole stack is drawn at each size and text size, and every text on it is held to the
rules in tests/screen_truth.py: no smaller than 11 px at 100% (more at larger text sizes),
inside its box, over no other text, and every fact it states (a score, the round, whose
turn, a stock, the points a confirm will give) equal to the engine's; a seat's hidden values
never drawn while another seat's eyes, or nobody's, are on the screen.

The default run plays one short slice; `--runslow` the whole sweep.
"""
from __future__ import annotations

import random

import pytest

from humanity_desktop.controller import parse_seats
from humanity_desktop.engine import State
from humanity_desktop.engine.state import ACTION, PAY, TURN, UPGRADE, WORK
from humanity_desktop.language import LANGUAGES, SOURCE
from humanity_desktop.language.pseudo import PSEUDO
from humanity_desktop.ui import theme
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.drawn import FACTS
from humanity_desktop.ui.views import seats_view
from humanity_desktop.ui.scenes.dialog import HandoffScene
from humanity_desktop.ui.scenes.final_board import FinalBoardScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.table_screen import ScreenSeat
from humanity_desktop.ui.scenes.title import TitleScene
from screen_truth import Truth, draw_frame, facts_seen, problems
from ui_driver import run_until

SIZES = ((1024, 576), (1366, 768), (1920, 1080), (2560, 1440))
TEXT_SIZES = theme.TEXT_SIZES


class ManualClock:
    """The match's clock: a bot waits out its pace until the test moves the clock on."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A game on the real screen, its humans played by a seeded random hand."""

    def __init__(self, app: App, seats: str, seed: int) -> None:
        self.app, self.rng, self.clock = app, random.Random(seed), ManualClock()
        self.match = app.session.new_match(parse_seats(seats), seed)
        self.match._clock = self.clock  # bots keep their pace on this clock, so the table can be caught between moves
        self.game = GameScene(app, self.match)
        app.stack.push(TitleScene(app))
        app.stack.push(self.game)
        self.humans = [i for i, s in enumerate(self.match.seats) if not s.is_bot]
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None  # whose eyes are on the screen
        self.turn_start: tuple[int, State] | None = None
        self.settle()

    def settle(self) -> None:
        assert run_until(self.app, lambda: not self.game.director.busy and not self.game.hand.editor.active
                         and not self.game.views.base.moving and not self.match.thread_at_work), \
            "the table never came to rest"
        m = self.match
        if self.holder is None and m.state.current in self.humans and not isinstance(self.app.stack.top, HandoffScene):
            self.holder = m.state.current  # the first human to play sits down without a hand-off

    def truth(self) -> Truth:
        m = self.match
        state = m.pending.preview if m.pending is not None else m.state
        turn = None if m.state.game_over else (m.pending.seat if m.pending is not None else m.state.current)
        if m.state.game_over or not self.humans:
            may_see = frozenset(range(state.n))
        elif len(self.humans) == 1:
            may_see = frozenset(self.humans)
        else:
            may_see = frozenset({turn} if turn in self.humans and turn == self.holder else ())
        start = self.turn_start[1] if self.turn_start and m.pending is not None else None
        return Truth(state, tuple(m.names), turn, may_see, start)

    def step(self) -> None:
        """One move of the game: a hand-off taken, a human's choice or confirm, or a bot's move."""
        app, m = self.app, self.match
        top = app.stack.top
        if m.state.game_over:
            assert run_until(app, lambda: isinstance(app.stack.top, FinalBoardScene)), "the final board never showed"
        elif isinstance(top, HandoffScene):
            seat = m.current
            assert top.name == m.names[seat], "the hand-off names another seat than the one to play"
            top._ready()
            self.holder = seat
        elif m.state.current in self.humans and not m.state.game_over:
            seat = m.state.current
            if self.turn_start is None or self.turn_start[0] != seat:
                self.turn_start = (seat, m.state.copy())
            if m.pending is not None:
                self.game.orders.confirm()
                self.turn_start = None
            else:
                self.game.orders.request(self.rng.choice(m.legal()))
        else:
            self.clock.now += 10.0  # the bot's pace has passed
            version = m.version
            assert run_until(app, lambda: m.version != version or m.state.game_over
                             or isinstance(app.stack.top, HandoffScene)), "the bot never moved"
        self.settle()

    def moment(self) -> str:
        m = self.match
        if isinstance(self.app.stack.top, HandoffScene):
            return "hand-off"
        if isinstance(self.app.stack.top, ResultsScene):
            return "results"
        if isinstance(self.app.stack.top, FinalBoardScene):
            return "over"
        if m.state.game_over:
            return "ending"
        if m.pending is not None:
            return "confirm"
        if m.state.current not in self.humans:
            return "bot"
        return f"human {m.state.phase}"  # each step of a human's turn: choosing, working, paying, upgrading...


def check_everywhere(table: Table, sizes=SIZES, text_sizes=TEXT_SIZES) -> tuple[list[str], set[str]]:
    """Every problem of the stack drawn at each size and text size, and the kinds of fact checked."""
    found, facts = [], set()
    truth, window = table.truth(), table.app.size
    for text_size in text_sizes:
        theme.set_text_size(text_size)
        for size in sizes:
            record = draw_frame(table.app, size)
            facts |= facts_seen([record])
            found += [f"{size[0]}x{size[1]} at {text_size:.0%}, {table.moment()}: {p}"
                      for p in problems(record, text_size, truth)]
    theme.set_text_size(1.0)
    table.app._resized(window)
    return found, facts


def play_and_check(app: App, seats: str, seed: int, moments: int, every: int, sizes=SIZES, text_sizes=TEXT_SIZES,
                   to_end: bool = False):
    """Play a game, checking the screen at up to `moments` of its moments `every` moves apart,
    and at each kind of moment the first time it comes (each step of a human's turn, a bot's
    move, the hand-off, the confirm step); with `to_end`, on to the final board and the
    results, checked too. The problems found, the kinds of moment seen, and the facts checked."""
    table = Table(app, seats, seed)
    found, seen, facts, moves = [], set(), set(), 0
    while moments > 0 or to_end:
        kind = table.moment()
        spread = moments > 0 and moves % every == 0
        if kind != "ending" and (spread or kind not in seen or kind in ("over", "results")):
            problems_here, stated = check_everywhere(table, sizes, text_sizes)
            found += problems_here
            facts |= stated
            seen.add(kind)
            moments -= spread
        if kind == "results":
            break
        if kind == "over":
            table.app.stack.top.see_results()  # the final board, then what the player asks for next
        else:
            table.step()
        moves += 1
    return found, seen, facts


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1366, 768), max_fps=0, pace="normal", anim_speed=1000.0))
    yield app
    app.close()


def report(found: list[str]) -> str:
    return "\n".join(found[:40]) + f"\n... {len(found)} in all"


def test_a_hot_seat_game_says_only_what_is_so_at_every_size(app):
    """The quick slice: a few moments of a game of two humans and a bot, hand-off included."""
    found, seen, _ = play_and_check(app, "human,bot:random,human", seed=5, moments=6, every=9)
    assert not found, report(found)
    assert {f"human {TURN}", "bot", "hand-off"} <= seen


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE] + [PSEUDO])
def test_the_table_says_only_what_is_so_in_every_language(tmp_path, code):
    """The quick slice in each other language at the smallest and the largest text size, and in
    the pseudo-language (two fifths longer than English already) at the usual one: what a text
    states is read from it whatever the words around its numbers."""
    app = App(AppConfig(data_dir=tmp_path, size=(1366, 768), max_fps=0, pace="normal", anim_speed=1000.0,
                        language=code))
    try:
        found, seen, _ = play_and_check(app, "human,bot:random,human", seed=5, moments=4, every=9,
                                        text_sizes=(1.0,) if code == PSEUDO else (TEXT_SIZES[0], TEXT_SIZES[-1]))
    finally:
        app.close()
    assert not found, report(found)
    assert {f"human {TURN}", "bot", "hand-off"} <= seen


# Every table size, humans and bots mixed, hot-seat of two to four, each played to its results,
# each in a language of its own (the pseudo-language's the longest words, two fifths longer
# than English: at the usual text size only, as in the quick slice).
SWEEP = [("human,bot:random", 3, SOURCE), ("human,human", 5, "fr"), ("human,bot:random,human", 7, "de"),
         ("bot:random,human,human,bot:random", 11, "es"), ("human,human,human,human", 13, PSEUDO),
         ("bot:random,bot:random,human", 17, "de")]


@pytest.mark.slow
def test_whole_games_say_only_what_is_so_at_every_size_and_text_size(tmp_path):
    seen: set[str] = set()
    facts: set[str] = set()
    found: list[str] = []
    for seats, seed, code in SWEEP:
        app = App(AppConfig(data_dir=tmp_path / str(seed), size=(1366, 768), max_fps=0, pace="normal",
                            anim_speed=1000.0, language=code))
        try:
            wrong, kinds, stated = play_and_check(app, seats, seed, moments=7, every=53, to_end=True,
                                                  text_sizes=(1.0,) if code == PSEUDO else TEXT_SIZES)
        finally:
            app.close()
        found += [f"{seats} (seed {seed}, {code}): {problem}" for problem in wrong]
        assert {"over", "results"} <= kinds, f"{seats} (seed {seed}) was not played to its end"
        seen |= kinds
        facts |= stated
    assert not found, report(found)
    assert seen >= {f"human {phase}" for phase in (TURN, ACTION, WORK, PAY, UPGRADE)} | {
        "confirm", "bot", "hand-off", "over", "results"}
    assert facts == set(FACTS), f"never checked: {set(FACTS) - facts}"


# ---------------------------------------------------------------- the check itself, made to fail

@pytest.fixture
def hot_seat(app):
    """Two humans and a bot, the screen just handed to the second human, mid-game."""
    table = Table(app, "human,human,bot:random", 4)
    while not (table.match.state.turn > 12 and table.moment() == f"human {TURN}" and table.match.state.current == 1):
        table.step()
    return table


def one_frame(table: Table, size=(1366, 768), text_size: float = 1.0) -> list[str]:
    theme.set_text_size(text_size)
    return problems(draw_frame(table.app, size), text_size, table.truth())


def test_the_check_finds_nothing_wrong_in_the_frame_the_faults_are_planted_in(hot_seat):
    assert one_frame(hot_seat) == []


def test_a_score_off_by_one_is_caught(hot_seat, monkeypatch):
    real = seats_view.draw_text

    def off_by_one(surface, text, *args, fact=None, **kw):
        if fact is not None and fact.kind == "score":
            text = str(int(text) + 1)
        return real(surface, text, *args, fact=fact, **kw)
    monkeypatch.setattr(seats_view, "draw_text", off_by_one)
    assert any("says Fact(kind='score'" in p and "the engine says" in p for p in one_frame(hot_seat))


def test_a_hidden_value_drawn_for_another_seat_is_caught(hot_seat, monkeypatch):
    monkeypatch.setattr(ScreenSeat, "science_visible", lambda seat: (True,) * seat.match.state.n)
    assert any("hidden science" in p for p in one_frame(hot_seat))


def test_a_text_pushed_out_of_its_box_is_caught(hot_seat, monkeypatch):
    real = seats_view.draw_text

    def pushed(surface, text, size, colour, pos, *args, **kw):
        return real(surface, text, size, colour, (pos[0] + 400, pos[1]), *args, **kw)
    monkeypatch.setattr(seats_view, "draw_text", pushed)
    assert any("leaves its box" in p for p in one_frame(hot_seat))


def test_text_under_the_least_size_and_text_over_text_are_caught(hot_seat, monkeypatch):
    real = seats_view.draw_text

    def stacked(surface, text, size, colour, pos, *args, **kw):  # every word of a card in its corner
        corner = surface.get_clip().move(6, 6).topleft
        return real(surface, text, size, colour, corner, "topleft", *args[1:], **kw)
    monkeypatch.setattr(theme, "least_text_px", lambda: 6)
    monkeypatch.setattr(seats_view, "draw_text", stacked)
    found = one_frame(hot_seat, (1024, 576))
    assert any("px, under 11" in p for p in found) and any("overlaps" in p for p in found)
