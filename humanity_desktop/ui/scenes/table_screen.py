"""What the game screen's parts share: the screen as its input, drawing, buttons and dialogs
see it (`TableScreen`), the positions on show (`Shown`), and the guide a game may have
(`Guide`, the Learn to play coach).

game.py's GameScene is the one TableScreen; game_input, game_draw, game_buttons and
game_dialogs take it as this protocol, so none of them imports the scene's module.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Protocol

import pygame

from ...controller import Match
from ...table.payment_plan import PaymentPlan
from ...table.model import Table
from ...table.targets import Target
from ...engine import Action, State
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

    def update(self, screen: TableScreen) -> None: ...

    def next_change(self, screen: TableScreen) -> float | None:
        """When what the guide draws changes with no input (see Scene.next_change)."""

    def log_area(self, area: pygame.Rect) -> pygame.Rect:
        """What the guide leaves the game log of `area`: the part below its note."""

    def payment(self) -> list[Action]:
        """The spends the guide asks for in the payment under way, in its order (none: no payment)."""

    def handle(self, intent, screen: TableScreen) -> bool:
        """True when the guide used the input and the table must not."""

    def draw(self, surface: pygame.Surface, screen: TableScreen) -> None: ...


class TableScreen(Protocol):
    """The game screen as its parts use it."""

    app: Any  # the window's App (its stack, audio, settings); typed loosely, as the app imports the screens
    match: Match
    guide: Guide | None
    names: tuple[str, ...]
    chars: tuple[str, ...]
    labels: tuple[str, ...]
    L: GameLayout
    board: BoardView
    base: BaseView
    popup: BaseView
    seats_view: SeatsView
    tracks: TracksView
    log: LogView
    prompt: PromptPanel
    director: Director
    editor: BaseEditor
    toasts: Toasts
    layers: dict[str, Layer]
    static: pygame.Surface | None  # the frame's background and panels, drawn once per size
    top_buttons: list[Button]
    action_buttons: list[Button]
    hint: HintOverlay | None
    pointer: tuple[int, int]
    hover: Target | None
    hover_time: float
    focus: Target | None  # the lit target Tab moved to, for Space to use
    returning: int | None  # the returning astronaut picked up for placing
    previewing: bool
    fast: bool
    thinking: int | None  # the seat whose bot is thinking
    clock: float

    def table(self) -> Table: ...

    def handle(self, intent) -> bool: ...

    def update(self, dt: float) -> None: ...

    def next_change(self) -> float | None: ...

    def payment_plan(self) -> PaymentPlan: ...

    def cycle_payment(self, chip: int) -> None: ...

    def shown(self) -> Shown: ...

    def can_act(self) -> bool:
        """Whether the player at the screen may act now (their turn, handed over)."""

    def science_visible(self) -> tuple[bool, ...]: ...

    def log_covered(self) -> bool: ...

    def prompt_text(self) -> tuple[str, str]: ...

    def request(self, action: Action) -> None: ...

    def send(self, request) -> None: ...

    def undo(self) -> None: ...

    def confirm(self) -> None: ...

    def pause(self) -> None: ...

    def toggle_fast(self) -> None: ...

    def toggle_preview(self) -> None: ...
