"""The rules controller: applying and refusing actions, undo within a turn, bots, resets,
the end of the game, the log and saves."""
from __future__ import annotations

import random
import threading
import time

import pytest

from humanity_desktop.controller.match import Hooks, Pacing
from humanity_desktop.controller import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    BotThinking,
    Bus,
    CancelPaymentRequested,
    ConfirmRequested,
    GameOver,
    HintReady,
    HintRequested,
    Match,
    ReselectRequested,
    RoundReset,
    Seat,
    TurnStarted,
    TurnToConfirm,
    Undone,
    UndoRequested,
    parse_seats,
    default_level,
)
from humanity_desktop.controller.saves import read_match, save_list, write_save
from humanity_desktop.storage.save_files import new_save_path
from humanity_desktop.bots import evaluate
from humanity_desktop.controller import thinking
from humanity_desktop.table.reset_info import reset_infos
from humanity_desktop.engine import Action, apply_action, auto_pay, legal_actions, new_game, payment
from humanity_desktop.engine.events import MissionTaken
from humanity_desktop.engine.ring import arm_move, clockwise, slot_spot
from humanity_desktop.engine.state import ACTION, BOARD, PAY, RETURNING, TURN


class Recorder:
    def __init__(self, bus: Bus) -> None:
        self.events = []
        bus.subscribe(object, self.events.append)

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def table():
    """A human (seat 0) against a random bot, with everything the bus says recorded."""
    bus = Bus()
    match = Match(parse_seats("human,bot:random"), bus, seed=7, pacing=Pacing(pace=0.0))
    yield match, Recorder(bus)
    match.close()


def finish_turn(match: Match, seat: int = 0) -> None:
    """Play the seat's first legal choices until the turn passes."""
    while match.state.current == seat and not match.state.game_over:
        match.bus.publish(ActionRequested(seat, legal_actions(match.state)[0]))


def test_an_applied_action_changes_the_state_and_is_reported(table):
    match, rec = table
    before = match.state.copy()
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    assert match.state.phase == ACTION and match.state.sel == 0
    [applied] = rec.of(ActionApplied)
    assert applied.action == Action("select_astronaut", 0)
    assert applied.before == before and applied.after == match.state
    assert applied.after is not match.state  # a snapshot the screens may keep


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(table):
    match, rec = table
    before = match.state.copy()
    match.bus.publish(ActionRequested(0, Action("work")))  # an astronaut must be chosen first
    assert match.state == before
    [refused] = rec.of(ActionRefused)
    assert refused.rule == "Turn order" and refused.values == {"kind": "work", "phase": "turn"}
    assert not rec.of(ActionApplied)


def test_playing_out_of_turn_or_for_a_bot_is_refused(table):
    match, rec = table
    before = match.state.copy()
    match.bus.publish(ActionRequested(1, Action("select_astronaut", 0)))
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0), source="bot"))
    assert match.state == before
    assert [e.rule for e in rec.of(ActionRefused)] == ["Turn order", "Turn order"]


def test_undo_takes_back_choices_within_the_turn_only(table):
    match, rec = table
    start = match.state.copy()
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    match.bus.publish(ActionRequested(0, Action("work")))
    logged = len(match.log)
    assert logged and match.can_undo
    match.bus.publish(UndoRequested(0))
    match.bus.publish(UndoRequested(0))
    assert match.state == start and match.log == []
    assert len(rec.of(Undone)) == 2
    assert not match.can_undo
    match.bus.publish(UndoRequested(0))
    assert rec.of(ActionRefused)[-1].rule == "Undo"


def test_undo_is_refused_once_the_turn_has_passed(table):
    match, rec = table
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    finish_turn(match)
    after = match.state.copy()
    match.bus.publish(UndoRequested(0))
    assert match.state == after
    assert rec.of(TurnStarted)[-1].seat == 1


@pytest.fixture
def confirming():
    """As `table`, with the end of a human's turn waiting for confirmation, as on screen."""
    bus = Bus()
    match = Match(parse_seats("human,bot:random"), bus, seed=7, pacing=Pacing(pace=0.0, confirm_turns=True))
    yield match, Recorder(bus)
    match.close()


def to_the_end_of_the_turn(match: Match) -> Action:
    """Play seat 0's first legal choices until its next one would end the turn; that one."""
    while True:
        action = legal_actions(match.state)[0]
        match.bus.publish(ActionRequested(0, action))
        if match.pending is not None:
            return action


def test_the_end_of_a_humans_turn_waits_for_confirmation_and_reveals_nothing(confirming):
    match, rec = confirming
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    last = to_the_end_of_the_turn(match)
    before = match.state.copy()
    [pending] = rec.of(TurnToConfirm)
    assert pending.action == last and pending.seat == 0 and pending.summary
    assert match.state == before and match.state.current == 0  # nothing applied yet
    assert pending.preview.current != 0 or pending.preview.turn != before.turn
    match.bus.publish(ActionRequested(0, legal_actions(match.state)[0]))  # anything else waits too
    assert rec.of(ActionRefused)[-1].rule == "End of turn" and match.state == before
    match.bus.publish(ConfirmRequested(0))
    assert rec.of(ActionApplied)[-1].action == last and match.pending is None
    assert rec.of(TurnStarted)[-1].seat == 1


def test_undo_takes_back_an_unconfirmed_end_of_turn_then_the_turns_choices(confirming):
    match, rec = confirming
    start = match.state.copy()
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    to_the_end_of_the_turn(match)
    choices = len(rec.of(ActionApplied))
    assert match.can_undo
    match.bus.publish(UndoRequested(0))
    assert match.pending is None and len(rec.of(Undone)) == 1
    for _ in range(choices):
        match.bus.publish(UndoRequested(0))
    assert match.state == start and not match.can_undo
    match.bus.publish(ConfirmRequested(0))
    assert rec.of(ActionRefused)[-1].rule == "End of turn"  # nothing left to confirm


def test_the_version_moves_with_the_position_and_the_legal_actions_with_it(confirming):
    match, _ = confirming
    versions = [match.version]
    legal = match.legal()
    assert match.legal() is legal  # worked out once for the version
    match.bus.publish(ActionRequested(0, Action("work")))  # refused: nothing changes
    assert match.version == versions[-1] and match.legal() is legal
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    versions.append(match.version)
    assert match.legal() == legal_actions(match.state) != legal
    to_the_end_of_the_turn(match)
    versions.append(match.version)  # the end of the turn waiting is a change too
    match.bus.publish(UndoRequested(0))
    versions.append(match.version)
    match.bus.publish(ActionRequested(0, match.legal()[0]))
    match.bus.publish(ConfirmRequested(0))
    versions.append(match.version)
    assert versions == sorted(set(versions))
    assert match.legal() == legal_actions(match.state)


def test_cancelling_a_payment_puts_back_the_units_and_the_choice_at_once(confirming):
    match, rec = confirming
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    before, log = match.state.copy(), list(match.log)
    match.bus.publish(ActionRequested(0, next(a for a in match.legal() if a.kind == "choose_module")))
    for action in auto_pay(match.state):
        match.bus.publish(ActionRequested(0, action))
    assert match.state.phase == PAY and match.pending is not None  # paid in full, waiting for Confirm
    undone = len(rec.of(Undone))
    match.bus.publish(CancelPaymentRequested(1))  # not seat 1's payment
    assert rec.of(ActionRefused)[-1].rule == "Spending resources" and match.pending is not None
    match.bus.publish(CancelPaymentRequested(0))
    assert match.state == before and match.log == log and match.pending is None
    assert len(rec.of(Undone)) == undone + 1  # one move back, reported once
    version = match.version
    match.bus.publish(CancelPaymentRequested(0))  # nothing is being paid for now
    assert rec.of(ActionRefused)[-1].rule == "Spending resources"
    assert match.state == before and match.version == version


def test_another_astronaut_replaces_the_one_just_chosen_as_one_move(confirming):
    match, rec = confirming
    start = match.state.copy()
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    match.bus.publish(ReselectRequested(0, 1))
    assert match.state.phase == ACTION and match.state.sel == 1
    assert [type(e) for e in rec.events[-2:]] == [Undone, ActionApplied]
    chosen = match.state.copy()
    match.bus.publish(ReselectRequested(0, 2))  # astronaut 3 is out on the board
    match.bus.publish(ReselectRequested(0, 9))
    assert [e.reason for e in rec.of(ActionRefused)] == ["only an active astronaut in your base can act",
                                                         "there is no such astronaut"]
    assert match.state == chosen
    match.bus.publish(ActionRequested(0, Action("work")))
    match.bus.publish(ReselectRequested(0, 0))  # it has started to work: too late
    assert rec.of(ActionRefused)[-1].rule == "Choosing an astronaut" and match.state.sel == 1
    match.bus.publish(UndoRequested(0))
    assert match.state == chosen
    match.bus.publish(UndoRequested(0))
    assert match.state == start  # the first choice left with the swap


@pytest.fixture
def held_hints(monkeypatch):
    """Hints found as usual, once the test sets the event; the names of the threads they ran on."""
    release, threads = threading.Event(), []
    found = thinking.hints

    def held(*args):
        threads.append(threading.current_thread().name)
        release.wait(10)
        return found(*args)

    monkeypatch.setattr(thinking, "hints", held)
    return release, threads


def test_a_hint_is_found_off_the_ui_thread_while_update_goes_on(table, held_hints):
    match, rec = table
    release, threads = held_hints
    match.bus.publish(HintRequested(0))
    match.bus.publish(HintRequested(0))  # asked again meanwhile: the same search answers
    assert match.hinting and match.thread_at_work
    started = time.monotonic()
    match.update()
    assert time.monotonic() - started < 1 and not rec.of(HintReady)  # no wait for the search
    release.set()
    wait_for(match, lambda: rec.of(HintReady))
    assert not match.thread_at_work
    [ready] = rec.of(HintReady)
    assert ready.seat == 0 and ready.version == match.version and len(ready.hints) == 3
    assert len(threads) == 1 and threads[0] != threading.current_thread().name
    assert not match.hinting
    match.bus.publish(HintRequested(1))  # a bot's seat
    assert rec.of(ActionRefused)[-1].rule == "Turn order" and not match.hinting


def test_a_hint_for_a_position_since_left_is_dropped(table, held_hints):
    match, rec = table
    release, _ = held_hints
    match.bus.publish(HintRequested(0))
    search = match._hinting.plans
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))  # the player moves on
    release.set()
    search.result(timeout=10)
    match.update()
    assert not match.hinting and not rec.of(HintReady)
    match.bus.publish(HintRequested(0))  # asked again: for the position now
    wait_for(match, lambda: rec.of(HintReady))
    assert rec.of(HintReady)[0].version == match.version


def test_bots_never_wait_for_confirmation(confirming):
    match, rec = confirming
    match.bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    to_the_end_of_the_turn(match)
    match.bus.publish(ConfirmRequested(0))
    wait_for(match, lambda: match.state.current == 0 or match.state.game_over)
    assert not rec.of(TurnToConfirm)[1:]  # the bot's turn ended without one


def wait_for(match: Match, predicate, seconds: float = 10.0, screen=None) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the bot did not move in time"
        match.update(screen)
        time.sleep(0.001)


def bots_play(seats: str, turns: int) -> Match:
    """A match of bots only, played to the start of turn `turns` and closed."""
    match = Match(parse_seats(seats), Bus(), seed=4, pacing=Pacing(pace=0.0))
    try:
        wait_for(match, lambda: match.state.turn >= turns)
    finally:
        match.close()
    return match


def test_each_bot_turn_in_the_log_keeps_the_bots_own_reasons() -> None:
    match = bots_play("bot:normal,bot:normal", 6)
    assert match.reasons, "no bot move was explained"
    for line, why in match.reasons.items():
        assert match.log[line].startswith(tuple(match.names)), match.log[line]
        assert why.startswith("Its choice: ") and "VP" in why
    # one explanation per plan, at the first line it writes: about one per turn played
    assert 5 <= len(match.reasons) <= 2 * match.state.turn


def test_a_mission_taken_is_heard_on_the_bus_as_the_engines_own_record() -> None:
    bus = Bus()
    rec = Recorder(bus)
    match = Match(parse_seats("bot:normal,bot:normal"), bus, seed=4, pacing=Pacing(pace=0.0))
    try:
        wait_for(match, lambda: rec.of(MissionTaken) or match.state.game_over, seconds=60.0)
    finally:
        match.close()
    heard = rec.of(MissionTaken)
    assert heard, "no mission was taken in the whole game"
    applied = [ev for ev in rec.of(ActionApplied) if any(isinstance(e, MissionTaken) for e in ev.engine_events)]
    assert heard[0] in applied[0].engine_events  # the same record the rules reported, not a copy in other words
    assert rec.events.index(applied[0]) < rec.events.index(heard[0])


def test_a_random_bot_gives_no_reasons() -> None:
    match = bots_play("bot:random,bot:random", 4)
    assert match.log and not match.reasons


def test_a_bot_thinks_off_the_main_thread_and_its_move_travels_the_bus(table):
    match, rec = table
    finish_turn(match)
    assert match.state.current == 1
    turn = match.state.turn
    wait_for(match, lambda: match.state.turn != turn)
    bot_moves = [e for e in rec.of(ActionApplied) if e.seat == 1]
    assert bot_moves
    thinking = rec.of(BotThinking)
    assert thinking[0].seat == 1 and thinking[0].thinking


def test_the_match_says_when_its_thread_works_on_a_bots_decision(table, monkeypatch):
    """The unpaced loop (tests, benchmarks) leaves the thread time while it works."""
    match, _ = table
    release, found = threading.Event(), thinking.decide
    monkeypatch.setattr(thinking, "decide", lambda *args: release.wait(10) and found(*args))
    finish_turn(match)
    match.update()  # the bot starts thinking
    assert match.current == 1 and match.thread_at_work
    release.set()
    match._thinking[1].result(timeout=10)
    assert not match.thread_at_work  # decided: the rest is the main thread's
    wait_for(match, lambda: match.current != 1)
    assert not match.thread_at_work


def test_the_match_wakes_its_loop_when_a_hint_or_a_bots_decision_is_ready():
    woken = threading.Event()
    match = Match(parse_seats("human,bot:random"), Bus(), seed=7, pacing=Pacing(pace=0.0), hooks=Hooks(wake=woken.set))
    try:
        match.bus.publish(HintRequested(0))
        assert woken.wait(10) and match._hinting.plans.done()
        woken.clear()
        finish_turn(match)
        match.update()  # the bot starts thinking
        assert match.current == 1 and woken.wait(10)
        assert match._thinking[1].done()
    finally:
        match.close()


def test_each_level_thinks_its_own_time_scaled_by_the_players_setting():
    from humanity_desktop.controller.thinking import Thinker
    from humanity_desktop.engine import observe

    thinker = Thinker(parse_seats("bot:casual,bot:normal,bot:hard,bot:expert"), seed=1)
    state = new_game(4, 1)
    view, legal = observe(state, 0), legal_actions(state)

    def allowed(seat: int, factor: float) -> float | None:
        started = time.monotonic()
        budget, future = thinker.think(seat, view, legal, factor)
        budget.cancel()
        future.exception()  # let the worker finish before the next decision
        return None if budget.deadline is None else budget.deadline - started

    try:
        assert allowed(0, 1.0) is None  # Casual needs no time limit, only a way to be called off
        near = lambda seconds: pytest.approx(seconds, abs=0.01)  # noqa: E731
        assert allowed(1, 1.0) == near(0.02) and allowed(1, 4.0) == near(0.08)  # Normal's 20 ms, scaled too
        assert allowed(2, 1.0) == near(0.8) and allowed(3, 1.0) == near(2.5)  # Expert: Hard given longer
        assert allowed(2, 2.0) == near(1.6) and allowed(3, 0.5) == near(1.25)
    finally:
        thinker.close()


class Screen:
    """A stand-in for the game screen, as the match asks it (controller.match.Screen)."""

    def __init__(self, pace: float) -> None:
        self.pace, self.animating, self.resetting = pace, False, False

    def bot_pace(self) -> float:
        return self.pace

    def holds_bots(self) -> bool:
        return self.animating

    def lets_bots_think(self) -> bool:
        return not self.resetting


def test_the_screen_holds_bot_decisions_and_sets_their_pace(clock):
    bus = Bus()
    rec = Recorder(bus)
    match = Match(parse_seats("human,bot:random"), bus, seed=7, pacing=Pacing(pace=9.0), hooks=Hooks(clock=clock))
    screen = Screen(pace=0.5)  # the screen showing the match, which it asks as it is polled

    def bot_moves() -> int:
        return sum(1 for e in rec.of(ActionApplied) if e.seat == 1)

    def decided() -> bool:
        return match._thinking is not None and match._thinking[1].done()

    try:
        screen.resetting = True
        finish_turn(match)
        match.update(screen)
        assert match._thinking is None  # no search starts during the reset's animation
        screen.resetting = False
        wait_for(match, decided, screen=screen)
        clock.now += 0.25
        match.update(screen)
        assert bot_moves() == 0  # decided, but the pace since the human's move has not passed
        screen.animating = True
        clock.now += 0.25
        match.update(screen)
        assert bot_moves() == 0  # the pace has passed; the animation keeps it back
        screen.animating = False
        match.update(screen)
        assert bot_moves() == 1 and match.current == 1
        wait_for(match, decided, screen=screen)
        clock.now += 0.25
        match.update(screen)
        assert bot_moves() == 1  # its next decision waits the pace after its own move
        clock.now += 0.25
        match.update(screen)
        assert bot_moves() == 2
        wait_for(match, decided, screen=screen)
        screen.pace = 0.0  # fast-forward: at once
        match.update(screen)
        assert bot_moves() == 3
    finally:
        match.close()


def test_a_bot_waits_until_the_last_move_is_saved():
    bus = Bus()
    rec = Recorder(bus)
    saved = False
    match = Match(parse_seats("human,bot:random"), bus, seed=7, pacing=Pacing(pace=0.0),
                  hooks=Hooks(saved=lambda: saved))
    try:
        finish_turn(match)
        wait_for(match, lambda: match._thinking is not None and match._thinking[1].done())
        for _ in range(50):
            match.update()
        assert not [e for e in rec.of(ActionApplied) if e.seat == 1]
        saved = True
        wait_for(match, lambda: any(e.seat == 1 for e in rec.of(ActionApplied)))
    finally:
        match.close()


def play_bots_to_the_end(match: Match) -> None:
    deadline = time.monotonic() + 60
    while not match.state.game_over:
        assert time.monotonic() < deadline
        match.update()


def test_a_bot_game_reports_resets_years_and_the_end():
    bus = Bus()
    rec = Recorder(bus)
    match = Match(parse_seats("bot:random,bot:random,bot:random"), bus, seed=3, pacing=Pacing(pace=0.0))
    try:
        play_bots_to_the_end(match)
    finally:
        match.close()
    resets = rec.of(RoundReset)
    # the arm stops on the last empty hangar once the kept modules have slid: a full turn with none
    assert resets and all(clockwise(r.arm_from, arm_move(len(r.kept))) == r.arm for r in resets)
    shown = [info for applied in rec.of(ActionApplied) for _, info in reset_infos(applied.engine_events)]
    assert len(shown) == len(resets) and any(info.experiments_to for info in shown)  # a year changed
    [over] = rec.of(GameOver)
    assert list(over.scores) == match.state.scores
    assert match.state.scores[over.ranking[0]] == max(match.state.scores)
    assert match.history[0] == (0, 0, 0) and match.history[-1] == tuple(match.state.scores)
    assert match.log[-1].startswith("Game over")


def test_reset_info_follows_the_modules_the_arm_and_the_astronauts():
    bus = Bus()
    rec = Recorder(bus)
    match = Match(parse_seats("bot:random,bot:random"), bus, seed=5, pacing=Pacing(pace=0.0))
    try:
        rng = random.Random(2)
        while not rec.of(RoundReset):
            s = match.state
            bus.publish(ActionRequested(s.current, rng.choice(legal_actions(s)), source="bot"))
    finally:
        match.close()
    applied = rec.of(ActionApplied)[-1]
    [(_, info)] = reset_infos(applied.engine_events)
    before, after = applied.before, applied.after
    assert info.arm_from == before.arm and info.arm_to == after.arm
    assert {t for t, _ in info.leaving} <= set(before.hangars[:2])
    for tile, _, space in info.sliding:
        assert slot_spot(after.arm, after.hangars.index(tile) + 1) == space
    assert {t for t, _ in info.arriving} == set(after.hangars) - set(before.hangars) - {None}
    for seat, i, space in info.returned:
        assert before.players[seat].astros[i][1] == BOARD and before.players[seat].astros[i][2] == space
        assert after.players[seat].astros[i][1] == RETURNING or after.players[seat].astros[i][1] != BOARD


def test_the_log_tells_a_deploy_in_plain_words():
    bus = Bus()
    match = Match(parse_seats("human,human"), bus, seed=7)
    s = match.state
    bus.publish(ActionRequested(0, Action("select_astronaut", 0)))
    choice = next(a for a in legal_actions(s) if a.kind == "choose_module")
    bus.publish(ActionRequested(0, choice))
    from humanity_desktop.engine import auto_pay
    for spend in auto_pay(s):
        bus.publish(ActionRequested(0, spend))
    while s.phase not in (TURN,) and s.current == 0:
        bus.publish(ActionRequested(0, legal_actions(s)[0]))
    deployed = [line for line in match.log if "deployed the" in line]
    assert deployed and deployed[0].startswith("Kayla deployed the ")
    match.close()


def test_a_faulty_bot_is_reported_and_the_game_goes_on(monkeypatch):
    bus = Bus()
    rec = Recorder(bus)
    match = Match(parse_seats("bot:random,human"), bus, seed=1, pacing=Pacing(pace=0.0))
    bot = match._thinker._bots[0]
    monkeypatch.setattr(bot, "decide", lambda view, legal, budget: Action("work"))
    try:
        wait_for(match, lambda: bool(rec.of(ActionApplied)))
    finally:
        match.close()
    assert rec.of(ActionRefused)[0].rule == "Bot"
    assert rec.of(ActionApplied)[0].action == Action("select_astronaut", 0)


def test_seats_from_the_command_line():
    seats = parse_seats("human,bot:random,bot")
    assert [s.kind for s in seats] == ["human", "bot", "bot"]
    assert seats[2].level == default_level()
    assert [s.name for s in seats] == ["Kayla", "Aleksander", "Gabriel"]
    assert all(s.is_bot for s in parse_seats("human,bot", all_bots=True))
    for bad in ("human", "human,bot:nobody", "robot,bot", "human,human,human,human,human"):
        with pytest.raises(ValueError):
            parse_seats(bad)


def test_a_saved_match_comes_back_the_same(tmp_path):
    bus = Bus()
    match = Match([Seat("human", 2), Seat("bot", 0, "random")], bus, seed=9)
    for action in (Action("select_astronaut", 1), Action("work")):
        bus.publish(ActionRequested(0, action))
    path = new_save_path(tmp_path)
    write_save(match, path)
    match.close()
    again = read_match(path, Bus())
    assert again.state == match.state and again.log == match.log and again.seats == match.seats
    assert [i.path for i in save_list(tmp_path).refresh()] == [path]
    again.close()
    path.write_text("{not json")
    assert save_list(tmp_path).refresh() == []


def test_a_new_match_drops_what_earlier_games_memoised():
    state, rng = new_game(4, 3), random.Random(3)
    for _ in range(200):  # judging positions fills the table
        apply_action(state, rng.choice(legal_actions(state)))
        evaluate.seat_value(state, 0)
    assert evaluate._mission_memo
    Match(parse_seats("human,bot"), Bus(), seed=4)
    assert not evaluate._mission_memo


def test_each_thread_keeps_its_own_payment_answers_and_a_new_match_clears_none():
    """The window and a bot's search both ask whether costs can still be paid: each keeps its
    own answers, so neither sees the other's nor has them cleared under it."""
    def fill() -> dict:
        state, rng = new_game(3, 5), random.Random(5)
        for _ in range(300):
            apply_action(state, rng.choice(legal_actions(state)))
        return payment._answers.memo

    mine = fill()
    seen: list = []
    worker = threading.Thread(target=lambda: seen.extend([getattr(payment._answers, "memo", None), fill()]))
    worker.start()
    worker.join()
    assert mine and seen[0] is None and seen[1] and seen[1] is not mine
    Match(parse_seats("human,bot"), Bus(), seed=4)
    assert payment._answers.memo is mine and mine