"""The game screen: the table, the prompt, and the player's clicks.

The scene draws what the bus reports, through the animation director, and sends the
player's clicks to the match as action requests. It never changes the game itself. It
coordinates; game_buttons, game_input, game_draw and game_dialogs do those jobs for it.
"""
from __future__ import annotations

import pygame

from ...controller import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    BotThinking,
    ConfirmRequested,
    GameOver,
    HintReady,
    Match,
    TurnStarted,
    TurnToConfirm,
    Undone,
    UndoRequested,
    YearEnded,
)
from ...engine import Action
from .. import theme
from ..base_editor import BaseEditor
from ..beats import Director
from ..layer import Layer
from ..layout import game_layout
from ..reset_steps import reset_steps
from ..scene import Scene, soonest
from ...table.payment_plan import PaymentPlan
from ...table.reset_info import ResetInfo, reset_infos
from ...table.model import Table, refused
from ...table.targets import MINI_BASE, Target
from ..tooltips import describe_target, magnified
from ..views.base_view import BaseView
from ..views.board_view import BoardView
from ..views.hint_overlay import HintOverlay, target_rect
from ..views.log_view import LogView
from ..views.prompt_panel import PromptPanel
from ..views.seats_view import SeatsView, next_dot_step, who_plays
from ..views.tracks_view import TracksView
from ..widgets import Button, Toasts, draw_focus_ring, draw_tooltip, hovered
from . import game_input
from .game_buttons import action_buttons, prompt_text, top_buttons
from .game_draw import draw_header, draw_popup, draw_prompt, draw_reset_preview, draw_table, paint_static
from . import routes
from .table_screen import Guide, Shown
from .table_story import TableStory

TOOLTIP_DELAY = 0.35
MAGNIFIED = 180  # design pixels: a ring tile in its tooltip, its cost icons at least 14 px at 1280x720
FAST_SPEED = 5.0
# Seconds: how often the resting table looks for a bot's decision already in (waiting for its
# pace or the last autosave) or a hint; one still being found wakes the loop itself.
BOT_POLL = 1 / 30


@routes.screen(routes.GAME)
class GameScene(Scene):
    def __init__(self, app, match: Match, guide: Guide | None = None) -> None:
        """`guide` (Learn to play) vets the player's requests, answers some input first and
        draws over the table; see ui/scenes/tutorial.py."""
        super().__init__(app)
        self.match = match
        self.guide = guide
        self.chars = tuple(seat.character for seat in match.seats)
        self.names = tuple(match.names)
        self.labels = tuple(who_plays(s) for s in match.seats)
        self.board, self.base, self.popup = BoardView(), BaseView(glides=True), BaseView()
        self.seats_view, self.tracks, self.log = SeatsView(), TracksView(), LogView()
        self.prompt = PromptPanel()
        symbols = lambda: app.settings.colour_symbols  # noqa: E731 - read as each figure is drawn
        self.director = Director(self.board, self.base, self.chars, symbols, self.tracks)
        self.editor = BaseEditor(self.board, self.base, self.chars, symbols)
        self._view_seat: int | None = None  # whose base the pan and zoom belong to
        self.toasts = Toasts()
        humans = match.humans
        self.viewer = (match.current if match.human_turn else humans[0]) if humans else None
        self.handoff_to: int | None = None
        self.returning: int | None = None  # the returning astronaut chosen for placing
        self._table: Table | None = None
        self._table_key: tuple | None = None
        self._plan: tuple[int, PaymentPlan] | None = None  # the payment proposed at a match version
        self.fast = False
        self.hint: HintOverlay | None = None  # the hint drawn on the table, until the player acts
        self.previewing = False  # the coming reset stays drawn on the board (Preview reset, P)
        self.thinking: int | None = None
        self.game_over: GameOver | None = None
        self._last_after = match.state.copy()  # the position after the latest action
        self.clock = 0.0
        self.pointer = (0, 0)
        self.hover: Target | None = None
        self.focus: Target | None = None  # the lit target Tab moved to, for Space to use
        self.hover_time = 0.0
        self.top_buttons: list[Button] = []
        self.action_buttons: list[Button] = []
        self.static: pygame.Surface | None = None
        self.layers = {name: Layer() for name in ("board", "base", "seats", "tracks", "log")}
        self._unsubscribe: list = []
        self.story = TableStory(match.bus)  # each seat's last turn, marked; the recap of the others'
        self.ended = False  # the final board is on show, under its banner

    # ------------------------------------------------------------ lifecycle

    def on_enter(self) -> None:
        bus = self.match.bus
        self._unsubscribe = [
            bus.subscribe(ActionApplied, self._on_applied),
            bus.subscribe(ActionRefused, self._on_refused),
            bus.subscribe(Undone, self._on_undone),
            bus.subscribe(TurnStarted, self._on_turn),
            bus.subscribe(BotThinking, self._on_thinking),
            bus.subscribe(YearEnded, self._on_year),
            bus.subscribe(GameOver, self._on_game_over),
            bus.subscribe(HintReady, self._on_hint),
            bus.subscribe(TurnToConfirm, lambda ev: self.director.preview(ev, self.match.state)),
        ]
        self._view_seat = self.shown().seat
        if self.match.pending is not None:  # continued at the confirm step: the turn is on the table already
            self.director.held(self.match.pending)
        self.on_resize(self.app.size)

    def on_exit(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self.story.close()
        if not self.match.state.game_over:
            self.app.session.autosave(self.match)
        self.app.session.close_match(self.match)

    def on_resume(self) -> None:
        for layer in self.layers.values():
            layer.invalidate()  # an option changed meanwhile may change how pieces look

    def on_pause(self) -> None:
        self.hover, self.hover_time = None, 0.0  # no tooltip lingers over what covers the table

    def on_resize(self, size) -> None:
        L = game_layout(size, self.match.state.n)
        self.L = L
        sc = L.scale
        self.board.layout(L.board, sc)
        self.base.layout(L.base, sc)
        self.seats_view.layout(L.seats, sc, self.match.state.n)
        self.prompt.place(L.actions, sc)
        for layer in self.layers.values():
            layer.invalidate()
        self.top_buttons = self.make_top_buttons()
        self.action_buttons = self.make_action_buttons()
        static = pygame.Surface(size)
        self.log.layout(paint_static(self, static), sc)
        self.story.layout(self.log.rect, sc)
        self.static = static.convert()

    # ------------------------------------------------------------ bus

    def _on_applied(self, ev: ActionApplied) -> None:
        self.director.action(ev)
        self._last_after = ev.after
        for round_, info in reset_infos(ev.engine_events):
            self._show_reset(round_, info)

    def _show_reset(self, round_: int, info: ResetInfo) -> None:
        slow = self.app.settings.slow_reset()
        if slow:
            self.app.save_settings()  # the resets seen while learning are counted
        steps = reset_steps(info, round_, self.names) if slow else None
        self.director.reset(info, self._last_after, self.director.queue[-1].seat if self.director.queue else 0, steps)

    def _on_refused(self, ev: ActionRefused) -> None:
        self.toasts.show(refused(ev.seat, ev.action, ev.rule, ev.reason, self.match.state), theme.BAD)

    def _on_undone(self, ev: Undone) -> None:
        self.director.clear()
        self.toasts.show("Taken back", theme.TEXT_DIM)

    def _on_turn(self, ev: TurnStarted) -> None:
        if ev.human and len(self.match.humans) > 1 and ev.seat != self.viewer:
            self.handoff_to = ev.seat

    def _on_thinking(self, ev: BotThinking) -> None:
        self.thinking = ev.seat if ev.thinking else None

    def _on_year(self, ev: YearEnded) -> None:
        self.toasts.show(f"Year {ev.year} is over: the research track pays out science tokens", theme.ACCENT)

    def _on_game_over(self, ev: GameOver) -> None:
        self.game_over = ev

    def _on_hint(self, ev: HintReady) -> None:
        """The hint bot's best plans for the rest of this turn, from this seat's view only."""
        if ev.hints:
            self.hint = HintOverlay(list(ev.hints), ev.version)
        else:
            self.toasts.show("No plan to suggest here", theme.TEXT_DIM)

    # ------------------------------------------------------------ state for the views

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

    def table(self) -> Table:
        """The table model of the match as it stands, made once per version and placing choice."""
        key = (self.match.version, self.returning)
        if self._table is None or self._table_key != key:
            self._table = Table(self.match.state, self.match.legal(), self.returning)
            self._table_key = key
            self.returning = self._table.returning  # a stale pick (another round's) is let go
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

    def science_visible(self) -> tuple:
        """Whose science tokens the eyes on the screen may see: the one human's own; in
        hot-seat, the player whose turn it is once handed the screen, and nobody's while a bot
        plays or the screen waits to be handed over; everyone's at the end, or with no human."""
        n = self.match.state.n
        if self.viewer is None or self.match.state.game_over:
            return (True,) * n
        if len(self.match.humans) > 1 and not self.can_act():
            return (False,) * n
        return tuple(seat == self.viewer for seat in range(n))

    def can_act(self) -> bool:
        """Whether the player at the screen may act now: their turn, handed over, and no
        earlier seat's turn still playing out on the table (the header names that one)."""
        m = self.match
        beat = self.director.beat
        if beat is not None and beat.seat != m.current:
            return False
        return m.human_turn and m.current == self.viewer and self.handoff_to is None

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.clock += dt
        notices = self.app.take_notices()
        if notices:  # rare and important (a full disk): a dialog the player must close
            self.app.stack.push(routes.make(routes.CHOICE, self.app, "Saving", " ".join(notices), [("OK", lambda: None)], cancel=None))
        self.toasts.update(dt)
        self.director.speed = self.app.config.anim_speed * (FAST_SPEED if self.fast else 1.0)
        self.director.update(dt)
        self.base.update(dt * self.director.speed)
        self._follow_seat()
        outcome = self.editor.update(dt, self.match.state)
        if outcome is not None:
            game_input.finish(self, outcome)
        m = self.match
        if self.guide is not None:
            self.guide.update(self)
        m.update(self)
        game_input.track_hover(self, dt)
        self.top_buttons = self.make_top_buttons()
        self.action_buttons = self.make_action_buttons()
        self._place_log()
        if self.hint is not None and (self.hint.closed or self.hint.version != m.version):
            self.hint = None  # closed, or the player has acted since
        if self.director.busy:
            return
        if self.game_over is not None:
            if not self.ended:  # the final board stays on show until the player asks for the results
                self.ended = True
                self.app.stack.push(routes.make(routes.FINAL_BOARD, self.app, self, self.game_over))
        elif self.handoff_to is not None:
            seat = self.handoff_to
            self.app.stack.push(routes.make(routes.HANDOFF, self.app, self.names[seat], self.chars[seat], lambda: self._handed(seat),
                                             on_back=self.pause))

    def _place_log(self) -> None:
        """The log keeps what the recap strip and the guide's note leave of its panel, and
        draws whole lines there only."""
        area = self.story.log_area(self)
        if self.guide is not None:
            area = self.guide.log_area(area)
        if area != self.log.rect:
            self.log.place(area, self.L.scale)

    def next_change(self) -> float | None:
        """When the table changes with no input (see Scene.next_change)."""
        if self.director.busy or self.editor.active or self.base.moving:
            return 0.0
        waiting = self.thinking is not None or self.match.hinting  # a bot's move, or a hint, to pick up
        if waiting and self.match.thread_at_work:
            # Its thread wakes the loop when done (App.wake): till then only the dots change.
            poll = next_dot_step(self.clock) if self.thinking is not None else None
        else:
            poll = BOT_POLL if waiting else None
        tip = TOOLTIP_DELAY - self.hover_time if self.hover_time <= TOOLTIP_DELAY else None
        guide = self.guide.next_change(self) if self.guide is not None else None
        return soonest(self.toasts.next_change(), tip, poll, guide)

    # The match asks these (controller.match.Screen) before its bots think or play. A covered
    # screen is not updated, and so does not poll its match: bots wait while it is paused.

    def bot_pace(self) -> float:
        if self.fast:
            return 0.0
        pace = self.app.settings.pace_seconds
        return pace if self.guide is None else self.guide.bot_pace(pace)

    def holds_bots(self) -> bool:
        return self.director.busy

    def lets_bots_think(self) -> bool:
        return not self.director.resetting

    def _follow_seat(self) -> None:
        """Another base on show (it keeps its own view): a gesture from another turn is dropped."""
        seat = self.shown().seat
        if seat != self._view_seat:
            self._view_seat = seat
            self.editor.gesture = None

    def _handed(self, seat: int) -> None:
        self.viewer = seat
        self.handoff_to = None

    # ------------------------------------------------------------ buttons and requests

    # Methods, not plain calls, so that the replay screen can offer its own.
    def make_top_buttons(self) -> list[Button]:
        return top_buttons(self)

    def make_action_buttons(self) -> list[Button]:
        return action_buttons(self)

    def prompt_text(self) -> tuple[str, str]:
        return prompt_text(self)

    def toggle_preview(self) -> None:
        self.previewing = not self.previewing

    def log_covered(self) -> bool:
        """Whether a hint, a reset step, the reset preview's words or a guide's note hides the log."""
        return (self.hint is not None or self.director.telling or self.previewing
                or (self.guide is not None and not self.guide.hidden))

    def toggle_fast(self) -> None:
        self.fast = not self.fast

    def pause(self) -> None:
        self.app.stack.push(routes.make(routes.PAUSE, self.app, self))

    def undo(self) -> None:
        if self.match.current is not None:
            self.send(UndoRequested(self.match.current))

    def confirm(self) -> None:
        self.send(ConfirmRequested(self.match.current))

    def request(self, action: Action) -> None:
        self.send(ActionRequested(self.match.current, action))

    def send(self, request) -> None:
        """Every request of the player's (and of a guide's autopilot) goes out here; a guide
        may hold it back with a nudge."""
        nudge = self.guide.vet(request) if self.guide is not None else None
        if nudge is not None:
            self.toasts.show(nudge, theme.ACCENT)
        else:
            self.match.bus.publish(request)

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        return self.story.handle(self, intent) or game_input.handle(self, intent)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        focus = game_input.focused(self)
        hover = focus or self.hover
        draw_table(self, surface, shown, hover)
        self.story.draw(self, surface, shown)
        draw_prompt(self, surface)
        draw_header(self, surface, shown)
        draw_reset_preview(self, surface, shown.board)
        if self.hint is not None:
            self.hint.draw(surface, self.board, self.base, shown.base, shown.seat, self.L.log, self.pointer, self.L.scale)
        self.director.draw_flights(surface)
        self.director.draw_caption(surface, self.L.log)
        if self.guide is not None:  # over the table, under what the hand carries and what it asks to see
            self.guide.draw(surface, self)
        if focus is not None:  # the keys' choice, ringed as in the menus, unlike the pointer's amber
            draw_focus_ring(surface, target_rect(self.board, self.base, shown.base, shown.seat, focus), self.L.scale)
        self.editor.draw(surface)
        if hover is not None and hover.kind == MINI_BASE:
            draw_popup(self, surface, shown.base, hover.seat)
            self.story.draw_popup(self, surface, shown.base, hover.seat)
        self.toasts.draw(surface, self.L.base.centerx, self.L.top.bottom + int(10 * self.L.scale), self.L.scale)
        self._draw_tooltip(surface, shown.base)

    def _draw_tooltip(self, surface: pygame.Surface, s) -> None:
        button = hovered(self.top_buttons + self.action_buttons, self.pointer)
        if self.hover_time < TOOLTIP_DELAY:
            return
        if button is not None:
            if button.tooltip:
                draw_tooltip(surface, self.pointer, button.label, [button.tooltip], self.L.scale)
            return
        if self.hover is None and self.L.log.collidepoint(self.pointer) and not self.log_covered():
            if self.log.line_at(self.pointer) in self.match.reasons:
                draw_tooltip(surface, self.pointer, "Why this move?", ["Click the line to read the bot's reasons."],
                             self.L.scale)
            return
        if self.hover is None or self.hover.kind == MINI_BASE:
            return
        tip = describe_target(self.hover, s, self.names, self.science_visible())
        if tip is not None:
            picture = magnified(self.hover, s, int(MAGNIFIED * self.L.scale))
            draw_tooltip(surface, self.pointer, tip[0], tip[1], self.L.scale, picture)
