"""What the game screen's parts share: the scene's state in a few parts, the positions on
show (`Shown`), the guide a game may have (`Guide`, the Learn to play coach), and the screen
as each part sees it.

game.py's GameScene holds its state in these parts: `views` (the panels' views), `hand`
(the pointer, what it rests on, the gesture under way), `frame` (the layout, the cached
layers, the buttons, the hint, the toasts, the clock), `cast` (the seats' names), `modes`
(fast-forward, the reset preview), `seat` (who is at the screen, and what is on show for
them) and `orders` (the player's requests, and the table model they come from).

game_input, game_draw, game_buttons, game_dialogs, table_story, tutorial and final_board
take the scene as a small protocol naming the parts they read and the methods they call
(`InputScreen`, `DrawScreen`, `ButtonScreen`, ...), so none of them imports the scene's
module and each says what it may touch; GameScene is every one of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

import pygame

from ...controller import ActionRequested, ConfirmRequested, Match, UndoRequested
from ...table.payment_plan import PaymentPlan
from ...table.model import Table
from ...table.targets import Target
from ...engine import Action, State
from .. import theme
from ..base_editor import BaseEditor
from ..beats import Director
from ..layer import Layer
from ..layout import GameLayout
from ..views.base_view import BaseView
from ..views.board_view import BoardView
from ..views.hint_overlay import HintOverlay
from ..views.log_view import LogView
from ..views.prompt_panel import PromptPanel
from ..views.seats_view import SeatsView
from ..views.tracks_view import TracksView
from ..widgets import Button, Toasts

LAYERS = ("board", "base", "seats", "tracks", "log")  # the panels drawn through a cached layer each


class Shown(NamedTuple):
    board: State  # the position the main board shows (its year and round head the screen)
    base: State  # the position the bases, cards and tracks show
    seat: int  # whose base is large
    turn: int | None  # whose turn the header and the cards name (None: the game is over)


class Guide(Protocol):
    """A game's guide (Learn to play): it vets the player's requests, may answer input
    first, paces the bots, says how it would pay a cost, and draws over the table."""

    hidden: bool  # put away: the log is uncovered

    def vet(self, request) -> str | None:
        """None to let `request` through, else the nudge to show instead."""

    def bot_pace(self, chosen: float) -> float:
        """Seconds between two bot actions, given the player's chosen pace."""

    def update(self, screen: Guided) -> None: ...

    def next_change(self, screen: Guided) -> float | None:
        """When what the guide draws changes with no input (see Scene.next_change)."""

    def log_area(self, area: pygame.Rect) -> pygame.Rect:
        """What the guide leaves the game log of `area`: the part below its note."""

    def payment(self) -> list[Action]:
        """The spends the guide asks for in the payment under way, in its order (none: no payment)."""

    def handle(self, intent, screen: Guided) -> bool:
        """True when the guide used the input and the table must not."""

    def draw(self, surface: pygame.Surface, screen: Guided) -> None: ...


@dataclass
class Views:
    """The table's views: each lays out and draws a panel, and says what lies under a point in it."""
    board: BoardView
    base: BaseView  # the large base on show
    popup: BaseView  # a rival's base, enlarged beside its card
    seats_view: SeatsView
    tracks: TracksView
    log: LogView
    prompt: PromptPanel


@dataclass
class Hand:
    """The player's hand on the table: the gesture under way (a drag, a turn), where the
    pointer is and what it rests on, what Tab lit, and the returning astronaut picked up."""
    editor: BaseEditor
    pos: tuple[int, int] = (0, 0)
    hover: Target | None = None
    hover_time: float = 0.0  # seconds the pointer has rested on `hover`: tooltips wait for it
    focus: Target | None = None  # the lit target Tab moved to, for Space to use
    returning: int | None = None  # the returning astronaut picked up for placing


@dataclass
class Frame:
    """What the screen lays out and draws around and over the table, and its clock."""
    L: GameLayout | None = None  # laid out on entering and on each resize
    static: pygame.Surface | None = None  # the background and panels, drawn once per size
    layers: dict[str, Layer] = field(default_factory=lambda: {name: Layer() for name in LAYERS})
    top_buttons: list[Button] = field(default_factory=list)
    action_buttons: list[Button] = field(default_factory=list)
    hint: HintOverlay | None = None  # the hint drawn on the table, until the player acts
    toasts: Toasts = field(default_factory=Toasts)
    clock: float = 0.0  # seconds on show: what pulses or swells keeps time by it


@dataclass(frozen=True)
class Cast:
    """Who sits at the table, as the screen names them."""
    names: tuple[str, ...]
    chars: tuple[str, ...]  # each seat's character
    labels: tuple[tuple[str, ...], ...]  # who plays each seat, longest wording first (views.seats_view.who_plays)


@dataclass
class Modes:
    """The player's switches on how the table plays out."""
    fast: bool = False  # bot moves at top speed
    previewing: bool = False  # the coming reset stays drawn on the board (Preview reset, P)

    def toggle_fast(self) -> None:
        self.fast = not self.fast

    def toggle_preview(self) -> None:
        self.previewing = not self.previewing


class ScreenSeat:
    """Who is at the screen, and what follows: the positions on show, whether the player may
    act, whose science tokens the eyes on the screen may see."""

    def __init__(self, match: Match, director: Director) -> None:
        self.match = match
        self.director = director
        humans = match.humans
        self.viewer = (match.current if match.human_turn else humans[0]) if humans else None  # whose eyes these are
        self.handoff_to: int | None = None  # the seat the screen waits to be handed to
        self.thinking: int | None = None  # the seat whose bot is thinking

    def shown(self) -> Shown:
        """The positions and seats on show this frame."""
        beat = self.director.beat
        if beat is not None:
            # The turn shown is the one the beat plays out, even when it ended that turn.
            return Shown(beat.board_state, beat.base_state, beat.seat, None if beat.base_state.game_over else beat.seat)
        s = self.match.state
        seat = s.current_player if s.current_player is not None else (self.viewer or 0)
        pending = self.match.pending
        if pending is not None:
            # The table as the waiting turn leaves it; the reset it may bring waits for Confirm.
            return Shown(pending.preview, pending.preview, seat, seat)
        return Shown(s, s, seat, s.current_player)

    def can_act(self) -> bool:
        """Whether the player at the screen may act now: their turn, handed over, and no
        earlier seat's turn still playing out on the table (the header names that one)."""
        m = self.match
        beat = self.director.beat
        if beat is not None and beat.seat != m.current:
            return False
        return m.human_turn and m.current == self.viewer and self.handoff_to is None

    def science_visible(self) -> tuple[bool, ...]:
        """Whose science tokens the eyes on the screen may see: the one human's own; in
        hot-seat, the player whose turn it is once handed the screen, and nobody's while a bot
        plays or the screen waits to be handed over; everyone's at the end, or with no human."""
        n = self.match.state.n
        if self.viewer is None or self.match.state.game_over:
            return (True,) * n
        if len(self.match.humans) > 1 and not self.can_act():
            return (False,) * n
        return tuple(seat == self.viewer for seat in range(n))


class Orders:
    """The player's requests to the match, and the table model and the payment they are made
    from. Every request (a guide's autopilot's too) goes out through `send`, where a guide may
    hold it back with a nudge."""

    def __init__(self, match: Match, guide: Guide | None, hand: Hand, toasts: Toasts) -> None:
        self.match = match
        self.guide = guide
        self.hand = hand
        self.toasts = toasts
        self._table: Table | None = None
        self._table_key: tuple | None = None
        self._plan: tuple[int, PaymentPlan] | None = None  # the payment proposed at a match version

    def table(self) -> Table:
        """The table model of the match as it stands, made once per version and placing choice."""
        key = (self.match.version, self.hand.returning)
        if self._table is None or self._table_key != key:
            self._table = Table(self.match.state, self.match.legal(), self.hand.returning)
            self._table_key = key
            self.hand.returning = self._table.returning  # a stale pick (another round's) is let go
        return self._table

    def payment_plan(self) -> PaymentPlan:
        """The payment proposed for the cost on hand, as the player has changed it."""
        if self._plan is None or self._plan[0] != self.match.version:
            guided = self.guide.payment() if self.guide is not None else []  # the cost shows the guide's way
            self._plan = (self.match.version, PaymentPlan.following(self.match.state, guided))
        return self._plan[1]

    def cycle_payment(self, chip: int) -> None:
        """Pay the unit `chip` of the cost (by its place among those owed) from its next source."""
        self._plan = (self.match.version, self.payment_plan().cycled(chip))

    def send(self, request) -> None:
        nudge = self.guide.vet(request) if self.guide is not None else None
        if nudge is not None:
            self.toasts.show(nudge, theme.ACCENT)
        else:
            self.match.bus.publish(request)

    def request(self, action: Action) -> None:
        self.send(ActionRequested(self.match.current, action))

    def undo(self) -> None:
        if self.match.current is not None:
            self.send(UndoRequested(self.match.current))

    def confirm(self) -> None:
        self.send(ConfirmRequested(self.match.current))


# The screen as each part sees it. A part's function takes the smallest protocol that covers
# it; a protocol names a part of the state above, not its pieces.
class Pointing(Protocol):
    """What lies under the pointer and what is lit for the player to use (game_input's hit and marks)."""

    match: Match
    director: Director
    views: Views
    hand: Hand
    seat: ScreenSeat
    orders: Orders


class InputScreen(Protocol):
    """What the table's input reads and does: the pointer, the wheel and the keys on the table."""

    app: Any  # the window's App (its stack, audio, settings); typed loosely, as the app imports the screens
    match: Match
    director: Director
    views: Views
    hand: Hand
    frame: Frame
    cast: Cast
    seat: ScreenSeat
    orders: Orders

    def log_covered(self) -> bool:
        """Whether something drawn over the log hides it (a hint, a reset step, a guide's note)."""


class Commanding(Protocol):
    """What the screen's commands touch: Esc, Undo, fast-forward, the reset preview."""

    hand: Hand
    seat: ScreenSeat
    orders: Orders
    modes: Modes

    def pause(self) -> None: ...


class ButtonScreen(Protocol):
    """What the top bar's and the action panel's buttons and words read and do."""

    app: Any
    match: Match
    director: Director
    views: Views
    frame: Frame
    cast: Cast
    modes: Modes
    seat: ScreenSeat
    orders: Orders

    def pause(self) -> None: ...


class DialogScreen(Protocol):
    """What the game screen's dialogs read and do."""

    app: Any
    match: Match
    cast: Cast
    orders: Orders


class DrawScreen(Protocol):
    """What drawing the table reads."""

    app: Any
    match: Match
    director: Director
    views: Views
    hand: Hand
    frame: Frame
    cast: Cast
    modes: Modes
    seat: ScreenSeat
    orders: Orders


class StoryScreen(Protocol):
    """What the last turns' marks and the recap strip read (table_story)."""

    app: Any
    match: Match
    director: Director
    views: Views
    hand: Hand
    frame: Frame
    cast: Cast
    seat: ScreenSeat

    def log_covered(self) -> bool: ...


class Guided(Protocol):
    """What a guide reads of the screen, and the requests it may send."""

    director: Director
    views: Views
    hand: Hand
    frame: Frame
    orders: Orders


class FinishedTable(Protocol):
    """The game screen under the final board's banner: read, and passed the input and the time."""

    match: Match
    hand: Hand
    frame: Frame
    cast: Cast

    def handle(self, intent) -> bool: ...

    def update(self, dt: float) -> None: ...

    def next_change(self) -> float | None: ...
