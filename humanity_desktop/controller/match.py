"""The rules controller: one match, its seats, and the only place the game state changes.

Requests arrive on the bus (ActionRequested, UndoRequested and the others in events.py)
from the screens and from the bots; the match checks them with the engine, applies them,
and publishes what happened. Bots think on a worker thread (see thinking.py); `update()` is
polled by the UI loop, so the window never waits for a bot. A bot's decision is held until
the screen showing the match is ready and the pace it asks for has passed (see Screen), then
it travels the same path as a human's click.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ..bots import Budget, Cancelled
from ..bots.evaluate import forget_evaluations
from ..engine import (
    Action,
    Kind,
    State,
    apply_action,
    legal_actions,
    new_game,
    observe,
    play_to_turn_end,
    why_illegal,
)
from ..engine import events as happened  # the engine's events; the bus's own come from .events
from ..engine.catalogue import PLAYER_COUNTS
from ..language import N_, _
from ..engine.segment import Segment
from ..engine.state import ACTION, PAY, TURN
from .bus import Bus
from .events import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    BotThinking,
    CancelPaymentRequested,
    ConfirmRequested,
    HintReady,
    HintRequested,
    ReselectRequested,
    TurnStarted,
    TurnToConfirm,
    Undone,
    UndoRequested,
    YearEnded,
)
from .calendar import ends_turn
from ..table.narration import narrate
from ..table.summary import turn_summary
from .seats import Seat
from .thinking import Decision, Thinker


class Mark(NamedTuple):
    """Where the match stood before a choice that undo may take back."""

    state: State
    log_len: int
    history_len: int
    actions_len: int
    events: tuple = ()  # what the choice did: the turn's summary sums them with the turn's last


class Hinting(NamedTuple):
    """A hint being found for a seat, at a version of the match."""

    seat: int
    version: int
    plans: Future  # a list of bots.hints.Hint
    budget: Budget


class Screen(Protocol):
    """What a match asks the screen showing it whenever a bot would start to think or play."""

    def bot_pace(self) -> float:
        """Seconds between two bot actions."""

    def holds_bots(self) -> bool:
        """Whether a bot's decision must wait: the screen is still showing earlier moves."""

    def lets_bots_think(self) -> bool:
        """False during the screen's heaviest animation, which a search would slow down on a
        small machine."""


class Headless:
    """A match no screen shows (tests, tools): its bots keep a fixed pace and never wait."""

    def __init__(self, pace: float) -> None:
        self.pace = pace

    def bot_pace(self) -> float:
        return self.pace

    def holds_bots(self) -> bool:
        return False

    def lets_bots_think(self) -> bool:
        return True


@dataclass(frozen=True)
class Pacing:
    """How the match plays: `pace`, seconds between two bot actions until a screen shows the
    match; `thinking`, bots think this many times their level's own time; `confirm_turns`, a
    human's turn-ending action waits for ConfirmRequested (see TurnToConfirm)."""

    pace: float = 0.4
    thinking: float = 1.0
    confirm_turns: bool = False


@dataclass(frozen=True)
class Hooks:
    """What the match tells its surroundings, or asks of them. `saved`: whether the last move is
    on disk (the autosaver's: a bot plays only then, so a crash or a kill loses at most one
    move, however fast the bots play). `wake`: called from the match's thread when a bot's
    decision or a hint is ready, so a loop at rest need not poll for it (see thread_at_work)."""

    on_turn_end: Callable[["Match"], None] | None = None
    saved: Callable[[], bool] = lambda: True
    wake: Callable[[], None] | None = None
    clock: Callable[[], float] = time.monotonic


@dataclass(frozen=True)
class Resumed:
    """A game taken up where it was, rather than dealt anew: its position, and what was kept of
    how it got there. `actions`: those that led to the state, for a save to replay; None when
    they are unknown, in which case none are recorded from here on either. `to_confirm`: the
    action ending the human turn in progress that waited for confirmation when the game was
    saved; it waits again (RulesError if it is illegal there, ValueError if it does not end a
    human's turn)."""

    state: State
    log: Sequence[str] = ()
    history: Sequence[tuple] | None = None
    actions: Sequence[Action] | None = None
    to_confirm: Action | None = None


# The rulebook's sections the match's own refusals come under, as the engine's do: the table
# shows each under its plain heading (language/data/words.json, "topics"), or as it is.
# Translators: a section of the rulebook, the heading of a move refused.
GAME_END = N_("End of the game")
# Translators: a section of the rulebook, the heading of a move refused.
TURN_ORDER = N_("Turn order")
# Translators: a section of the rulebook, the heading of a move refused.
TURN_END = N_("End of turn")
# Translators: a section of the rulebook, the heading of a move refused.
PAYING = N_("Spending resources")
# Translators: a section of the rulebook, the heading of a move refused.
CHOOSING = N_("Choosing an astronaut")
BOT_TOPIC, UNDO_TOPIC = N_("Bot"), N_("Undo")  # the table's words for them already


class Match:
    records = False  # whether a new deal's actions are kept from the deal on (RecordedMatch)

    def __init__(self, seats: list[Seat], bus: Bus, seed: int = 0, resumed: Resumed | None = None,
                 pacing: Pacing = Pacing(), hooks: Hooks = Hooks(),
                 scripted: dict[int, dict[Segment, list[Action]]] | None = None) -> None:
        """A new deal from `seed`, or the game `resumed`. `scripted`: set moves for bot seats, by
        segment, played before their level's own."""
        if len(seats) not in PLAYER_COUNTS:
            raise ValueError(_("a match has 2 to 4 seats"))
        self.seats = list(seats)
        self.bus = bus
        self.pacing, self.hooks = pacing, hooks
        start = resumed or Resumed(new_game(len(seats), seed), actions=[] if self.records else None)
        self.state = start.state
        if self.state.n != len(self.seats):
            raise ValueError(_("the state's player count differs from the seats"))
        self.log: list[str] = list(start.log)
        # Log line index -> why the bot whose move it tells chose its plan (this session only).
        self.reasons: dict[int, str] = {}
        self._reason: tuple[int, str] | None = None  # a bot's reasons, until its plan writes a line
        history = start.history
        self.history: list[tuple] = list(history or [tuple(self.state.scores)])
        # The (year, round) beside each score, noted as turns end; None when the past is unknown.
        self.dates: list[tuple[int, int]] | None = [(self.state.year, self.state.round)] if history is None else None
        # Changed only by _apply and _take_back, together with the state, the log and the history.
        self.actions: list[Action] | None = None if start.actions is None else list(start.actions)
        self._unseen: Screen = Headless(pacing.pace)  # the pace while no screen polls the match
        self.pending: TurnToConfirm | None = None
        # Bumped whenever the position or the turn waiting for confirmation changes, so that
        # what is worked out from them (the legal actions, a hint, a screen's drawing) is
        # kept until then.
        self.version = 0
        self._legal: tuple[int, list[Action]] = (-1, [])
        self._undo: list[Mark] = []
        if history is not None and start.actions is not None:
            self._read_back(replay_past(self.state.n, self.state.seed, start.actions))
        if start.to_confirm is not None:
            self.pending = turn_to_confirm(self.seats, self.state, start.to_confirm, self._turn_events())
            if self.pending is None:
                raise ValueError(_("the action waiting for confirmation does not end a human's turn"))
        # What the rules and the bots memoised for another deal is of little use to this
        # one: dropped, so a session of many games holds one game's worth.
        forget_evaluations()
        self._thinker = Thinker(self.seats, self.state.seed, scripted)
        self._thinking: tuple[int, Future, Budget | None] | None = None  # seat, decision, its budget
        self._hinting: Hinting | None = None
        self._last_action_at = float("-inf")
        self._unsubscribe = [
            bus.subscribe(ActionRequested, self._on_request),
            bus.subscribe(UndoRequested, self._on_undo),
            bus.subscribe(ConfirmRequested, self._on_confirm),
            bus.subscribe(CancelPaymentRequested, self._on_cancel_payment),
            bus.subscribe(ReselectRequested, self._on_reselect),
            bus.subscribe(HintRequested, self._on_hint),
        ]

    def _read_back(self, past: Past) -> None:
        """A game read back with its moves: its turns dated, and the choices already made in a
        human's turn in progress as undoable as they were before it was saved."""
        if len(past.dates) == len(self.history):
            self.dates = past.dates
        if not self.human_turn:
            return
        lines = [len(narrate(events, self.names)) for _before, events in past.turn]
        log_len = len(self.log) - sum(lines)
        for k, ((before, events), count) in enumerate(zip(past.turn, lines)):
            self._undo.append(Mark(before, max(0, log_len), len(self.history), len(self.actions) - len(past.turn) + k,
                                   tuple(events)))
            log_len += count

    # ------------------------------------------------------------ questions

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def current(self) -> int | None:
        return self.state.current_player

    @property
    def human_turn(self) -> bool:
        return self.current is not None and not self.seats[self.current].is_bot

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def legal(self) -> list[Action]:
        """The legal actions now, worked out once per version; not to be changed."""
        if self._legal[0] != self.version:
            self._legal = (self.version, legal_actions(self.state))
        return self._legal[1]

    @property
    def undo_trail(self) -> list[State]:
        """The positions each Undo goes back to, in order: the turn's end waiting for
        confirmation first, alone (to the position on hand), then each earlier choice of the
        human turn in progress."""
        if not self.human_turn:
            return []
        return [self.state] * (self.pending is not None) + [mark.state for mark in reversed(self._undo)]

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_trail)

    def _turn_events(self) -> list:
        """What the choices of the human turn in progress did, in order."""
        return [e for mark in self._undo for e in mark.events]

    @property
    def turn_start(self) -> State | None:
        """The position the human turn in progress can be taken back to (None: nothing to take back)."""
        trail = self.undo_trail
        return trail[-1] if trail else None

    @property
    def hinting(self) -> bool:
        """Whether a hint is being found (see HintRequested)."""
        return self._hinting is not None

    @property
    def thread_at_work(self) -> bool:
        """Whether the match's thread is busy: a bot's decision or a hint still being found."""
        thinking = self._thinking is not None and not self._thinking[1].done()
        return thinking or (self._hinting is not None and not self._hinting.plans.done())

    # ------------------------------------------------------------ the loop's poll

    def update(self, screen: Screen | None = None) -> None:
        """Report a hint once found; start a bot's thinking when it is its turn; play its
        decision when the time comes, as the `screen` showing the match allows (none: at the
        match's own pace)."""
        screen = screen or self._unseen
        if self._hinting is not None:
            self._poll_hint()
        if self.state.game_over or self.human_turn:
            return
        seat = self.current
        if self._thinking is None:
            if screen.lets_bots_think():
                self._start_thinking(seat)
            return
        _seat, future, _budget = self._thinking
        if not future.done() or screen.holds_bots() or not self.hooks.saved() \
                or self.hooks.clock() - self._last_action_at < screen.bot_pace():
            return
        self._thinking = None
        self.bus.publish(BotThinking(seat, False))
        try:
            decision, fault = future.result(), None
        except Cancelled:
            return  # thinking was called off; it restarts on the next poll
        except Exception as exc:  # noqa: BLE001 - any bot failure is reported, never fatal
            decision, fault = Decision(None, None), (N_("the bot failed ({problem})"), {"problem": repr(exc)})
        action = decision.action
        err = why_illegal(self.state, action) if fault is None else None
        if fault or err:
            # A faulty bot must not stall the table: say so, then play its first legal move.
            self._refuse(seat, action, BOT_TOPIC, *(fault or (N_("the bot chose an illegal move ({problem})"),
                                                          {"problem": err.sentence})))
            action = self.legal()[0]
        elif decision.why:
            self._reason = (seat, decision.why)
        self.bus.publish(ActionRequested(seat, action, source="bot"))

    def _start_thinking(self, seat: int) -> None:
        legal = self.legal()
        budget = None
        if len(legal) == 1:
            future: Future = Future()  # a forced move needs no thought
            future.set_result(Decision(legal[0], None))
        else:
            budget, future = self._thinker.think(seat, observe(self.state, seat), legal, self.pacing.thinking)
            self._wake_when_done(future)
        self._thinking = (seat, future, budget)
        self.bus.publish(BotThinking(seat, True))

    def _wake_when_done(self, future: Future) -> None:
        wake = self.hooks.wake
        if wake is not None:
            future.add_done_callback(lambda _: wake())

    def _poll_hint(self) -> None:
        hinting = self._hinting
        if hinting.version != self.version:  # the player moved on: the plans are for a position gone
            hinting.budget.cancel()
            self._hinting = None
        elif hinting.plans.done():
            self._hinting = None
            self.bus.publish(HintReady(hinting.seat, hinting.version, tuple(hinting.plans.result())))

    def _cancel_thinking(self) -> None:
        if self._thinking is not None:
            seat, _future, budget = self._thinking
            if budget is not None:
                budget.cancel()
            self._thinking = None
            self.bus.publish(BotThinking(seat, False))

    def close(self) -> None:
        """Stop any thinking, end the bots' worker thread and let go of the bus."""
        self._cancel_thinking()
        if self._hinting is not None:
            self._hinting.budget.cancel()
        self._thinker.close()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    # ------------------------------------------------------------ requests

    def _refuse(self, seat: int, action: Action | None, rule: str, reason: str, values: dict | None = None) -> None:
        self.bus.publish(ActionRefused(seat, action, rule, reason, values or {}))

    def _on_request(self, ev: ActionRequested) -> None:
        s = self.state
        if s.game_over:
            self._refuse(ev.seat, ev.action, GAME_END, N_("the game is over"))
            return
        if ev.seat != s.current:
            self._refuse(ev.seat, ev.action, TURN_ORDER, N_("it is {name}'s turn"), {"name": self.names[s.current]})
            return
        if (ev.source == "bot") != self.seats[ev.seat].is_bot:
            self._refuse(ev.seat, ev.action, TURN_ORDER, N_("{who} plays this seat"),
                         {"who": self.seats[ev.seat].who_plays()})
            return
        if self.pending is not None:
            self._refuse(ev.seat, ev.action, TURN_END, N_("confirm the end of your turn, or take it back, first"))
            return
        err = why_illegal(s, ev.action)
        if err is not None:
            self._refuse(ev.seat, ev.action, err.rule, err.reason, err.values)
            return
        human = ev.source == "human"
        if human and self.pacing.confirm_turns and self._hold_for_confirmation(ev.action):
            return
        self._apply(ev.seat, ev.action, human=human)

    def _on_hint(self, ev: HintRequested) -> None:
        if ev.seat != self.current or not self.human_turn or self.pending is not None:
            self._refuse(ev.seat, None, TURN_ORDER, N_("a hint is for your own turn, before its end waits for Confirm"))
            return
        if self._hinting is not None and self._hinting.version != self.version:
            self._poll_hint()  # drops the one for a position gone
        if self._hinting is None:  # else the one for this position, still coming, answers this too
            budget, plans = self._thinker.hint(observe(self.state, ev.seat), seed=self.state.turn)
            self._wake_when_done(plans)
            self._hinting = Hinting(ev.seat, self.version, plans, budget)

    def _hold_for_confirmation(self, action: Action) -> bool:
        """If `action` ends the turn, keep it pending and say what it would do."""
        self.pending = turn_to_confirm(self.seats, self.state, action, self._turn_events())
        if self.pending is None:
            return False
        self.version += 1
        self.bus.publish(self.pending)
        return True

    def _on_confirm(self, ev: ConfirmRequested) -> None:
        pending = self.pending
        if pending is None or ev.seat != pending.seat:
            self._refuse(ev.seat, None, TURN_END, N_("there is no turn waiting to be confirmed"))
            return
        self.pending = None  # _apply moves the version on
        self._apply(pending.seat, pending.action, human=True)

    def _apply(self, seat: int, action: Action, human: bool) -> None:
        s = self.state
        before = s.copy()
        events = apply_action(s, action)
        mark = Mark(before, len(self.log), len(self.history), len(self.actions or ()), tuple(events))
        lines = narrate(events, self.names, before)
        if lines and self._reason is not None and self._reason[0] == seat:
            self.reasons[len(self.log)] = self._reason[1]
            self._reason = None
        self.log.extend(lines)
        if self.actions is not None:
            self.actions.append(action)
        turn_over = ends_turn(events)
        if turn_over:
            self.history.append(tuple(s.scores))
            if self.dates is not None:
                self.dates.append((s.year, s.round))
            self._undo.clear()
            self._reason = None
        elif human:
            self._undo.append(mark)
        self._last_action_at = self.hooks.clock()
        self.version += 1
        self.bus.publish(ActionApplied(seat, action, tuple(events), tuple(lines), before, s.copy()))
        self._publish_consequences(events, before)
        if turn_over and self.hooks.on_turn_end is not None:
            self.hooks.on_turn_end(self)

    def _publish_consequences(self, events: list, before: State) -> None:
        s = self.state
        for e in events:
            if isinstance(e, happened.RoundReset):
                self.bus.publish(e)
        science = {e.player: e.tokens for e in events if isinstance(e, happened.Science)}
        if science:
            self.bus.publish(YearEnded(before.year, science))
        for e in events:
            if isinstance(e, happened.MissionTaken):  # the screens and sounds hear it as it is
                self.bus.publish(e)
        over = [e for e in events if isinstance(e, happened.GameOver)]
        if over:
            self.bus.publish(over[0])
        elif ends_turn(events):
            self.bus.publish(TurnStarted(s.current, self.human_turn))

    def _on_undo(self, ev: UndoRequested) -> None:
        if ev.seat != self.current or not self.can_undo:
            self._refuse(ev.seat, None, UNDO_TOPIC, N_("only choices made in the current turn can be taken back"))
            return
        # The unconfirmed end of the turn goes first, alone.
        self._take_back(ev.seat, len(self._undo) - (self.pending is None))

    def _on_cancel_payment(self, ev: CancelPaymentRequested) -> None:
        """Every undo back to before what is being paid for was chosen, as one."""
        paying = ev.seat == self.current and self.human_turn and self.state.phase == PAY
        before = [k for k, mark in enumerate(self._undo) if mark.state.phase != PAY] if paying else []
        if not before:
            self._refuse(ev.seat, None, PAYING, N_("there is no payment of yours to cancel"))
            return
        self._take_back(ev.seat, before[-1])

    def _on_reselect(self, ev: ReselectRequested) -> None:
        """The astronaut just chosen goes back unused and another is chosen, as one move."""
        chosen = (ev.seat == self.current and self.human_turn and self.pending is None
                  and self.state.phase == ACTION and bool(self._undo) and self._undo[-1].state.phase == TURN)
        if not chosen:
            self._refuse(ev.seat, None, CHOOSING,
                         N_("only the astronaut just chosen can be swapped for another"))
            return
        action = Action(Kind.SELECT_ASTRONAUT, ev.astronaut)
        err = why_illegal(self._undo[-1].state, action)
        if err is not None:
            self._refuse(ev.seat, action, err.rule, err.reason, err.values)
            return
        self._take_back(ev.seat, len(self._undo) - 1)
        self._apply(ev.seat, action, human=True)

    def _take_back(self, seat: int, keep: int) -> None:
        """Drop the turn waiting for confirmation, and go back to undo mark `keep` (none when it
        is past the last), which goes with those after it."""
        self.pending = None
        if keep < len(self._undo):
            mark = self._undo[keep]
            del self._undo[keep:]
            self.state = mark.state
            del self.log[mark.log_len:]
            del self.history[mark.history_len:]
            if self.dates is not None:
                del self.dates[mark.history_len:]
            if self.actions is not None:
                del self.actions[mark.actions_len:]
        self.version += 1
        self.bus.publish(Undone(seat, self.state.copy()))


def turn_to_confirm(seats: Sequence[Seat], state: State, action: Action, earlier: Sequence = ()) -> TurnToConfirm | None:
    """What `action` would do if it ends the turn of the human seat to move, held for their
    confirmation, its line summing the turn's `earlier` events too; None if a bot is to move or
    it does not end the turn, RulesError if it is illegal."""
    seat = state.current_player
    if seat is None or seats[seat].is_bot:
        return None
    events = apply_action(state.copy(), action)
    if not ends_turn(events):
        return None
    left = state.copy()
    play_to_turn_end(left, action)
    return TurnToConfirm(seat, action, turn_summary([*earlier, *events], seat), left, tuple(events))


class Past(NamedTuple):
    """What playing a game's moves again from its seed tells of it."""

    dates: list[tuple[int, int]]  # the (year, round) at the deal, then after every turn
    turn: list[tuple[State, list]]  # the turn in progress: the position before each of its moves, and its events


def replay_past(players: int, seed: int, actions: Sequence[Action]) -> Past:
    """Play `actions` again from the deal of `seed`, noting what the match would have noted."""
    state = new_game(players, seed)
    past = Past([(state.year, state.round)], [])
    for action in actions:
        before = state.copy()
        events = apply_action(state, action)
        past.turn.append((before, events))
        if ends_turn(events):
            past.dates.append((state.year, state.round))
            past.turn.clear()
    return past
