"""The game screen: the table, the prompt, and the player's clicks.

The scene draws what the bus reports, through the animation director, and sends the
player's clicks to the match as action requests. It never changes the game itself. It
coordinates; game_buttons, game_input, game_draw and game_dialogs do those jobs for it,
each through a small protocol, and its state is held in the parts table_screen.py declares.
"""
from __future__ import annotations

import pygame

from ...controller import (
    ActionApplied,
    ActionRefused,
    BotThinking,
    GameOver,
    HintReady,
    Match,
    TurnStarted,
    TurnToConfirm,
    Undone,
    YearEnded,
)
from .. import theme
from ..base_editor import BaseEditor
from ..beats import Director
from ..layout import game_layout
from ..reset_steps import reset_steps
from ..scene import Scene, soonest
from ...language import _
from ...table.reset_info import ResetInfo, reset_infos
from ...table.model import refused
from ...table.targets import MINI_BASE
from ..tooltips import describe_target, magnified
from ..views.base_view import BaseView
from ..views.board_view import BoardView
from ..views.hint_overlay import HintOverlay, target_rect
from ..views.log_view import LogView
from ..views.prompt_panel import PromptPanel
from ..views.seats_view import SeatsView, next_dot_step, who_plays
from ..views.tracks_view import TracksView
from ..widgets import Button, draw_focus_ring, draw_tooltip, hovered
from . import game_input
from .game_buttons import action_buttons, prompt_text, top_buttons
from .game_draw import draw_header, draw_popup, draw_prompt, draw_reset_preview, draw_table, paint_static
from . import routes
from .table_screen import Cast, Frame, Guide, Hand, Modes, Orders, ScreenSeat, Views
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
        self.cast = Cast(tuple(match.names), tuple(seat.character for seat in match.seats),
                         tuple(who_plays(s) for s in match.seats))
        self.views = Views(BoardView(), BaseView(glides=True), BaseView(), SeatsView(), TracksView(), LogView(),
                           PromptPanel())
        v, chars = self.views, self.cast.chars
        symbols = lambda: app.settings.colour_symbols  # noqa: E731 - read as each figure is drawn
        self.director = Director(v.board, v.base, chars, symbols, v.tracks)
        self.hand = Hand(BaseEditor(v.board, v.base, chars, symbols))
        self.frame = Frame()
        self.modes = Modes()
        self.seat = ScreenSeat(match, self.director)
        self.orders = Orders(match, guide, self.hand, self.frame.toasts)
        self._view_seat: int | None = None  # whose base the pan and zoom belong to
        self.game_over: GameOver | None = None
        self._last_after = match.state.copy()  # the position after the latest action
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
        self._view_seat = self.seat.shown().seat
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
        for layer in self.frame.layers.values():
            layer.invalidate()  # an option changed meanwhile may change how pieces look

    def on_pause(self) -> None:
        self.hand.hover, self.hand.hover_time = None, 0.0  # no tooltip lingers over what covers the table

    def on_resize(self, size) -> None:
        L = game_layout(size, self.match.state.n)
        self.frame.L = L
        sc = L.scale
        self.views.board.layout(L.board, sc)
        self.views.base.layout(L.base, sc)
        self.views.seats_view.layout(L.seats, sc, self.match.state.n)
        self.views.prompt.place(L.actions, sc)
        for layer in self.frame.layers.values():
            layer.invalidate()
        self.frame.top_buttons = self.make_top_buttons()
        self.frame.action_buttons = self.make_action_buttons()
        static = pygame.Surface(size)
        self.views.log.layout(paint_static(self, static), sc)
        self.story.layout(self.views.log.rect, sc)
        self.frame.static = static.convert()

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
        steps = reset_steps(info, round_, self.cast.names) if slow else None
        self.director.reset(info, self._last_after, self.director.queue[-1].seat if self.director.queue else 0, steps)

    def _on_refused(self, ev: ActionRefused) -> None:
        self.frame.toasts.show(refused(ev.seat, ev.action, ev.rule, ev.reason, ev.values, self.match.state), theme.BAD)

    def _on_undone(self, ev: Undone) -> None:
        self.director.clear()
        self.frame.toasts.show(_("Taken back"), theme.TEXT_DIM)

    def _on_turn(self, ev: TurnStarted) -> None:
        if ev.human and len(self.match.humans) > 1 and ev.seat != self.seat.viewer:
            self.seat.handoff_to = ev.seat

    def _on_thinking(self, ev: BotThinking) -> None:
        self.seat.thinking = ev.seat if ev.thinking else None

    def _on_year(self, ev: YearEnded) -> None:
        self.frame.toasts.show(_("Year {year} is over: the research track pays out science tokens").format(year=ev.year),
                               theme.ACCENT)

    def _on_game_over(self, ev: GameOver) -> None:
        self.game_over = ev

    def _on_hint(self, ev: HintReady) -> None:
        """The hint bot's best plans for the rest of this turn, from this seat's view only."""
        if ev.hints:
            self.frame.hint = HintOverlay(list(ev.hints), ev.version)
        else:
            self.frame.toasts.show(_("No plan to suggest here"), theme.TEXT_DIM)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.frame.clock += dt
        notices = self.app.take_notices()
        if notices:  # rare and important (a full disk): a dialog the player must close
            self.app.stack.push(routes.make(routes.CHOICE, self.app, _("Saving"), " ".join(notices), [(_("OK"), lambda: None)], cancel=None))
        self.frame.toasts.update(dt)
        self.director.speed = self.app.config.anim_speed * (FAST_SPEED if self.modes.fast else 1.0)
        self.director.update(dt)
        self.views.base.update(dt * self.director.speed)
        self._follow_seat()
        outcome = self.hand.editor.update(dt, self.match.state)
        if outcome is not None:
            game_input.finish(self, outcome)
        m = self.match
        if self.guide is not None:
            self.guide.update(self)
        m.update(self)
        game_input.track_hover(self, dt)
        self.frame.top_buttons = self.make_top_buttons()
        self.frame.action_buttons = self.make_action_buttons()
        self._place_log()
        if self.frame.hint is not None and (self.frame.hint.closed or self.frame.hint.version != m.version):
            self.frame.hint = None  # closed, or the player has acted since
        if self.director.busy:
            return
        if self.game_over is not None:
            if not self.ended:  # the final board stays on show until the player asks for the results
                self.ended = True
                self.app.stack.push(routes.make(routes.FINAL_BOARD, self.app, self, self.game_over))
        elif self.seat.handoff_to is not None:
            seat = self.seat.handoff_to
            self.app.stack.push(routes.make(routes.HANDOFF, self.app, self.cast.names[seat], self.cast.chars[seat], lambda: self._handed(seat),
                                             on_back=self.pause))

    def _place_log(self) -> None:
        """The log keeps what the recap strip and the guide's note leave of its panel, and
        draws whole lines there only."""
        area = self.story.log_area(self)
        if self.guide is not None:
            area = self.guide.log_area(area)
        if area != self.views.log.rect:
            self.views.log.place(area, self.frame.L.scale)

    def next_change(self) -> float | None:
        """When the table changes with no input (see Scene.next_change)."""
        if self.director.busy or self.hand.editor.active or self.views.base.moving:
            return 0.0
        waiting = self.seat.thinking is not None or self.match.hinting  # a bot's move, or a hint, to pick up
        if waiting and self.match.thread_at_work:
            # Its thread wakes the loop when done (App.wake): till then only the dots change.
            poll = next_dot_step(self.frame.clock) if self.seat.thinking is not None else None
        else:
            poll = BOT_POLL if waiting else None
        tip = TOOLTIP_DELAY - self.hand.hover_time if self.hand.hover_time <= TOOLTIP_DELAY else None
        guide = self.guide.next_change(self) if self.guide is not None else None
        return soonest(self.frame.toasts.next_change(), tip, poll, guide)

    # The match asks these (controller.match.Screen) before its bots think or play. A covered
    # screen is not updated, and so does not poll its match: bots wait while it is paused.

    def bot_pace(self) -> float:
        if self.modes.fast:
            return 0.0
        pace = self.app.settings.pace_seconds
        return pace if self.guide is None else self.guide.bot_pace(pace)

    def holds_bots(self) -> bool:
        return self.director.busy

    def lets_bots_think(self) -> bool:
        return not self.director.resetting

    def _follow_seat(self) -> None:
        """Another base on show (it keeps its own view): a gesture from another turn is dropped."""
        seat = self.seat.shown().seat
        if seat != self._view_seat:
            self._view_seat = seat
            self.hand.editor.gesture = None

    def _handed(self, seat: int) -> None:
        self.seat.viewer = seat
        self.seat.handoff_to = None

    # ------------------------------------------------------------ buttons and requests

    # Methods, not plain calls, so that the replay screen can offer its own.
    def make_top_buttons(self) -> list[Button]:
        return top_buttons(self)

    def make_action_buttons(self) -> list[Button]:
        return action_buttons(self)

    def prompt_text(self) -> tuple[str, str]:
        return prompt_text(self)

    def log_covered(self) -> bool:
        """Whether a hint, a reset step, the reset preview's words or a guide's note hides the log."""
        return (self.frame.hint is not None or self.director.telling or self.modes.previewing
                or (self.guide is not None and not self.guide.hidden))

    def pause(self) -> None:
        self.app.stack.push(routes.make(routes.PAUSE, self.app, self))

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        """The first to use the input has it: the recap strip, a reset's steps, the guide, the
        screen's commands, then the table."""
        return (self.story.handle(self, intent) or game_input.next_reset_step(self, intent)
                or (self.guide is not None and self.guide.handle(intent, self))
                or game_input.command(self, intent) or game_input.handle(self, intent))

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.seat.shown()
        focus = game_input.focused(self)
        hover = focus or self.hand.hover
        draw_table(self, surface, shown, hover)
        self.story.draw(self, surface, shown)
        draw_prompt(self, surface, self.prompt_text())
        draw_header(self, surface, shown)
        draw_reset_preview(self, surface, shown.board)
        views, L = self.views, self.frame.L
        if self.frame.hint is not None:
            self.frame.hint.draw(surface, views.board, views.base, shown.base, shown.seat, L.log, self.hand.pos, L.scale)
        self.director.draw_flights(surface)
        self.director.draw_caption(surface, L.log)
        if self.guide is not None:  # over the table, under what the hand carries and what it asks to see
            self.guide.draw(surface, self)
        if focus is not None:  # the keys' choice, ringed as in the menus, unlike the pointer's amber
            draw_focus_ring(surface, target_rect(views.board, views.base, shown.base, shown.seat, focus), L.scale)
        self.hand.editor.draw(surface)
        if hover is not None and hover.kind == MINI_BASE:
            draw_popup(self, surface, shown.base, hover.seat)
            self.story.draw_popup(self, surface, shown.base, hover.seat)
        self.frame.toasts.draw(surface, L.base.centerx, L.top.bottom + int(10 * L.scale), L.scale)
        self._draw_tooltip(surface, shown.base)

    def _draw_tooltip(self, surface: pygame.Surface, s) -> None:
        pos, hover, L = self.hand.pos, self.hand.hover, self.frame.L
        button = hovered(self.frame.top_buttons + self.frame.action_buttons, pos)
        if self.hand.hover_time < TOOLTIP_DELAY:
            return
        if button is not None:
            if button.tooltip:
                draw_tooltip(surface, pos, button.label, [button.tooltip], L.scale)
            return
        if hover is None and L.log.collidepoint(pos) and not self.log_covered():
            if self.views.log.line_at(pos) in self.match.reasons:
                draw_tooltip(surface, pos, _("Why this move?"), [_("Click the line to read the bot's reasons.")], L.scale)
            return
        if hover is None or hover.kind == MINI_BASE:
            return
        tip = describe_target(hover, s, self.cast.names, self.seat.science_visible())
        if tip is not None:
            picture = magnified(hover, s, int(MAGNIFIED * L.scale))
            draw_tooltip(surface, pos, tip[0], tip[1], L.scale, picture)
