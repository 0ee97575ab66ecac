"""The game screen: the table, the prompt, and the player's clicks.

The scene draws what the bus reports, through the animation director, and sends the
player's clicks to the match as action requests. It never changes the game itself.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from ...controller import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    BotThinking,
    ConfirmRequested,
    GameOver,
    Match,
    MissionTaken,
    RoundReset,
    TurnStarted,
    TurnToConfirm,
    Undone,
    UndoRequested,
    YearEnded,
)
from ...controller.preview import reset_preview
from ...bots import Budget, make_bot
from ...bots.hints import hints
from ...engine import Action, State, auto_pay, legal_actions, observe
from ...engine.catalogue import RESOURCES, load
from ...engine.state import (
    ACTION,
    ACTIVE,
    COLOUR,
    PAY,
    PLACE,
    SHAPE,
    TURN,
    UPGRADE,
    WORK,
)
from .. import icons, theme
from ..base_editor import BaseEditor, Outcome
from ..beats import Director
from ..fonts import draw_text, fonts
from ..gestures import actions_for, starts_work
from ..input import Back, Click, FastForward, Key, Point, Release, Undo, Wheel
from ..keyboard import NUMBERS, astronaut_target, lit_targets, next_focus
from ..layer import Layer
from ..layout import game_layout
from ..reset_steps import reset_steps
from ..scene import Scene
from ..settings import PACES
from ..targets import ARM, ASTRO, CELL, EXPERIMENT, HANGAR, MINI_BASE, RETURNING, SEAT, Target
from ..tooltips import describe, magnified
from ..views.base_view import BaseFrame, BaseView
from ..views.board_view import QUICK, BoardFrame, BoardView
from ..views.hint_overlay import HintOverlay
from ..views.log_view import LogView
from ..views.reset_preview import draw_preview, draw_preview_words, draw_stop_marker, preview_lines
from ..views.prompt_panel import PromptFrame, PromptPanel, owed, phase_prompt
from ..views.seats_view import SeatsFrame, SeatsView
from ..views.tracks_view import TracksFrame, TracksView
from ..widgets import Button, Toasts, draw_panel, draw_tooltip, hovered
from ..wording import plain, refused
from .base_overlay import BaseOverlayScene
from .dialog import ChoiceScene, HandoffScene
from .options import ROWS, option_text

TOOLTIP_DELAY = 0.35
MAGNIFIED = 180  # design pixels: a ring tile in its tooltip, its cost icons at least 14 px at 1280x720
FAST_SPEED = 5.0
HINT_LEVEL = "normal"  # judges every plan in a few milliseconds, so the hint answers at once


class Shown(NamedTuple):
    board: State  # the position the main board shows (its year and round head the screen)
    base: State  # the position the bases, cards and tracks show
    seat: int  # whose base is large
    turn: int | None  # whose turn the header and the cards name (None: the game is over)


class GameScene(Scene):
    def __init__(self, app, match: Match, guide=None) -> None:
        """`guide` (Learn to play) vets the player's requests, answers some input first and
        draws over the table; see ui/scenes/tutorial.py."""
        super().__init__(app)
        self.match = match
        self.guide = guide
        self.chars = tuple(seat.character for seat in match.seats)
        self.names = tuple(match.names)
        self.labels = tuple(f"bot · {s.level}" if s.is_bot else "human" for s in match.seats)
        self.board, self.base, self.popup = BoardView(), BaseView(), BaseView()
        self.seats_view, self.tracks, self.log = SeatsView(), TracksView(), LogView()
        self.prompt = PromptPanel()
        self.director = Director(self.board, self.base, self.chars, tell=match.note)
        self.editor = BaseEditor(self.board, self.base, self.chars)
        self._view_seat: int | None = None  # whose base the pan and zoom belong to
        self.toasts = Toasts()
        humans = match.humans
        self.viewer = (match.current if match.human_turn else humans[0]) if humans else None
        self.handoff_to: int | None = None
        self.returning: int | None = None  # the returning astronaut chosen for placing
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
        self._version = 0
        self._legal: tuple[int, list] = (-1, [])
        self._static: pygame.Surface | None = None
        self.layers = {name: Layer() for name in ("board", "base", "seats", "tracks", "log")}
        self._unsubscribe: list = []

    # ------------------------------------------------------------ lifecycle

    def on_enter(self) -> None:
        bus = self.match.bus
        self._unsubscribe = [
            bus.subscribe(ActionApplied, self._on_applied),
            bus.subscribe(RoundReset, self._on_reset),
            bus.subscribe(ActionRefused, self._on_refused),
            bus.subscribe(Undone, self._on_undone),
            bus.subscribe(TurnStarted, self._on_turn),
            bus.subscribe(TurnToConfirm, self._on_confirm_asked),
            bus.subscribe(BotThinking, self._on_thinking),
            bus.subscribe(MissionTaken, self._on_mission),
            bus.subscribe(YearEnded, self._on_year),
            bus.subscribe(GameOver, self._on_game_over),
        ]
        self._view_seat = self._shown().seat
        self.on_resize(self.app.size)

    def on_exit(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        if not self.match.state.game_over:
            self.app.autosave(self.match)
        self.app.close_match(self.match)

    def on_resume(self) -> None:
        for layer in self.layers.values():
            layer.invalidate()  # an option changed meanwhile may change how pieces look

    def on_pause(self) -> None:
        self.match.hold = True
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
        self.top_buttons = self._make_top_buttons()
        self.action_buttons = self._make_action_buttons()
        static = pygame.Surface(size)
        self.log.layout(self._paint_static(static), sc)
        self._static = static.convert()

    def _paint_static(self, surf: pygame.Surface) -> pygame.Rect:
        """Background and panel frames, drawn once per window size. Returns the log's area."""
        L, sc = self.L, self.L.scale
        w, h = surf.get_size()
        for y in range(0, h, 4):
            pygame.draw.rect(surf, theme.mix(theme.BG, theme.BG_GLOW, (y / h) ** 2.2), (0, y, w, 4))
        draw_panel(surf, L.top, sc, fill=theme.PANEL)
        self.board.paint_background(surf)
        log_inner = draw_panel(surf, L.log, sc, "Game log")
        draw_panel(surf, L.base, sc)
        draw_panel(surf, L.actions, sc)
        self.tracks.layout(draw_panel(surf, L.tracks, sc, "Secondary board"), sc)
        return log_inner

    # ------------------------------------------------------------ bus

    def _on_applied(self, ev: ActionApplied) -> None:
        self._version += 1
        self.director.action(ev)
        self._last_after = ev.after
        if ev.after.phase != PLACE:
            self.returning = None

    def _on_reset(self, ev: RoundReset) -> None:
        slow = self.app.settings.slow_reset()
        if slow:
            self.app.save_settings()  # the resets seen while learning are counted
        steps = reset_steps(ev.info, ev.round, self.names) if slow else None
        self.director.reset(ev.info, self._last_after, self.director.queue[-1].seat if self.director.queue else 0, steps)

    def _on_refused(self, ev: ActionRefused) -> None:
        self.toasts.show(refused(ev, self.match.state), theme.BAD)

    def _on_undone(self, ev: Undone) -> None:
        self._version += 1
        self.director.clear()
        self.toasts.show("Taken back", theme.TEXT_DIM)

    def _on_confirm_asked(self, ev: TurnToConfirm) -> None:
        self._version += 1

    def _on_turn(self, ev: TurnStarted) -> None:
        if ev.human and len(self.match.humans) > 1 and ev.seat != self.viewer:
            self.handoff_to = ev.seat

    def _on_thinking(self, ev: BotThinking) -> None:
        self.thinking = ev.seat if ev.thinking else None

    def _on_mission(self, ev: MissionTaken) -> None:
        name = load().missions[ev.mission].name
        text = f"{self.names[ev.seat]} takes the mission {name}"
        self.toasts.show(text + (f" from {self.names[ev.previous]}" if ev.previous is not None else ""), theme.ACCENT)

    def _on_year(self, ev: YearEnded) -> None:
        self.toasts.show(f"Year {ev.year} is over: the research track pays out science tokens", theme.ACCENT)

    def _on_game_over(self, ev: GameOver) -> None:
        self.game_over = ev

    # ------------------------------------------------------------ state for the views

    def _shown(self) -> Shown:
        """The positions and seats on show this frame."""
        beat = self.director.beat
        if beat is not None:
            # The turn shown is the one the beat plays out, even when it ended that turn.
            return Shown(beat.board_state, beat.base_state, beat.seat, None if beat.base_state.game_over else beat.seat)
        s = self.match.state
        seat = s.current_player if s.current_player is not None else (self.viewer or 0)
        pending = self.match.pending
        if pending is not None:
            # The base shows what the waiting action would do; the board, which the next
            # turn may change with things still hidden, stays as it is, and so does the turn.
            return Shown(s, pending.preview, seat, seat)
        return Shown(s, s, seat, s.current_player)

    def _science_visible(self) -> tuple:
        n = self.match.state.n
        if self.viewer is None or self.match.state.game_over:
            return (True,) * n
        return tuple(seat == self.viewer for seat in range(n))

    def _can_act(self) -> bool:
        m = self.match
        return m.human_turn and m.current == self.viewer and self.handoff_to is None

    def _legal_now(self) -> list[Action]:
        if self._legal[0] != self._version:
            self._legal = (self._version, legal_actions(self.match.state))
        return self._legal[1]

    def _marks(self) -> dict:
        """What the player may click now, for the views to light up."""
        if not self._can_act() or self.director.busy or self.match.pending is not None:
            return {}
        legal = self._legal_now()
        lit = self.editor.lit_cells(self.match.state, legal)
        if lit is not None:
            return {"cells": lit}
        phase = self.match.state.phase
        if phase == TURN:
            return {"astros": frozenset(a.a for a in legal)}
        if phase == ACTION:
            return {"slots": frozenset(a.a for a in legal if a.kind == "choose_module"),
                    "exps": frozenset(a.a for a in legal if a.kind == "choose_experiment")}
        if phase in (WORK, PAY):
            return {"cells": frozenset(a.a for a in legal if a.kind in ("activate", "spend"))}
        if phase == PLACE:
            chosen = self._returning_choice()
            return {"cells": frozenset(a.b for a in legal if a.a == chosen)}
        if phase == UPGRADE:
            return {"astros": frozenset(a.a for a in legal)}
        return {}

    def _lit(self) -> list[Target]:
        return lit_targets(self._marks(), self.match.current)

    def _focused(self) -> Target | None:
        """The target Tab chose, while it is still lit."""
        return self.focus if self.focus in self._lit() else None

    def _returning_choice(self) -> int | None:
        legal = self._legal_now()
        chosen = {a.a for a in legal if a.kind == "place_astronaut"}
        if self.returning in chosen:
            return self.returning
        return min(chosen) if chosen else None

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.clock += dt
        notices = self.app.take_notices()
        if notices:  # rare and important (a full disk): a dialog the player must close
            self.app.stack.push(ChoiceScene(self.app, "Saving", " ".join(notices), [("OK", lambda: None)], cancel=None))
        self.toasts.update(dt)
        self.director.speed = self.app.config.anim_speed * (FAST_SPEED if self.fast else 1.0)
        self.director.update(dt)
        self._follow_seat()
        outcome = self.editor.update(dt, self.match.state)
        if outcome is not None:
            self._finish(outcome)
        m = self.match
        m.pace = 0.0 if self.fast else self.app.settings.pace_seconds
        m.hold = self.director.busy
        m.may_think = not self.director.resetting
        if self.guide is not None:
            self.guide.update(self)
        m.update()
        self._track_hover(dt)
        self.top_buttons = self._make_top_buttons()
        self.action_buttons = self._make_action_buttons()
        if self.hint is not None and (self.hint.closed or self.hint.version != self._version):
            self.hint = None  # closed, or the player has acted since
        if self.director.busy:
            return
        if self.game_over is not None:
            from .results import ResultsScene
            self.app.stack.replace(ResultsScene(self.app, self.match, self.game_over))
        elif self.handoff_to is not None:
            seat = self.handoff_to
            self.app.stack.push(HandoffScene(self.app, self.names[seat], self.chars[seat], lambda: self._handed(seat)))

    def _follow_seat(self) -> None:
        """A new base on show starts fitted to its panel; a gesture from another turn is dropped."""
        seat = self._shown().seat
        if seat != self._view_seat:
            self._view_seat = seat
            self.base.reset_view()
            self.editor.gesture = None

    def _handed(self, seat: int) -> None:
        self.viewer = seat
        self.handoff_to = None

    def _track_hover(self, dt: float) -> None:
        target = self._hit(self.pointer)
        if target == self.hover and not self.editor.active:  # a hand busy with a piece wants no tooltip
            self.hover_time += dt
        else:
            self.hover, self.hover_time = target, 0.0

    # ------------------------------------------------------------ buttons

    def _make_top_buttons(self) -> list[Button]:
        sc = self.L.scale
        pace_names = list(PACES)
        pace = self.app.settings.pace

        def next_pace() -> None:
            self.app.settings.pace = pace_names[(pace_names.index(pace) + 1) % len(pace_names)]
            self.app.save_settings()

        buttons = [
            Button(option_text("pace", pace), next_pace, style="quiet", tooltip=ROWS["pace"][2]),
            Button("Fast-forward", self._toggle_fast, selected=self.fast, tooltip="Play bot moves at top speed (F)"),
            Button("Menu", self._pause, tooltip="Pause, save, options (Esc)"),
        ]
        widths = [180, 150, 96]
        if self.app.settings.hints and self._can_act() and self.match.pending is None:
            buttons.insert(0, Button("Hint", self._hint, tooltip="What the Normal bot would do in your place"))
            widths.insert(0, 96)
        x = self.L.top.right - int(8 * sc)
        h = self.L.top.h - int(14 * sc)
        for b, w in reversed(list(zip(buttons, widths))):
            x -= int(w * sc)
            b.rect = pygame.Rect(x, self.L.top.y + int(7 * sc), int(w * sc), h)
            x -= int(8 * sc)
        if self._can_act():
            buttons.append(self._preview_button())
        return buttons

    def _preview_button(self) -> Button:
        """Preview reset, in the board's top left corner, clear of the ring."""
        sc = self.L.scale
        b = Button("Preview reset", self._toggle_preview, style="quiet", selected=self.previewing,
                   tooltip="What the reset would do if the round ended now; a click or P keeps it shown")
        b.rect = pygame.Rect(self.L.board.x, self.L.board.y, int(132 * sc), int(30 * sc))
        return b

    def _toggle_preview(self) -> None:
        self.previewing = not self.previewing

    def _make_action_buttons(self) -> list[Button]:
        m = self.match
        s = m.state
        buttons: list[Button] = []
        if s.game_over:
            return buttons
        if self._can_act():
            phase = s.phase
            if m.pending is not None:
                buttons.append(Button("Confirm turn", self._confirm, style="primary",
                                      tooltip="End your turn (Enter); until then Undo takes it back"))
            elif phase == ACTION:
                buttons.append(Button("Work", lambda: self._request(Action("work")), style="primary",
                                      tooltip="Work on the base with this astronaut"))
            elif phase == WORK:
                buttons.append(Button(f"End work ({s.work_left} left)", lambda: self._request(Action("end_work")), style="primary"))
            elif phase == PAY:
                buttons.append(Button("Auto-pay", self._auto_pay, style="primary",
                                      tooltip="Pay the rest, spending the least valuable units first"))
                buttons.append(Button("Cancel", self._cancel_payment, style="quiet",
                                      tooltip="Put back every unit spent and the chosen tile"))
            elif phase in (COLOUR, SHAPE):
                buttons += [Button(a.a.capitalize(), self._answer(a)) for a in self._legal_now()]
            elif phase == UPGRADE:
                buttons.append(Button("Choose…", self._choose_upgrade, style="primary"))
            buttons.append(Button("Undo", self._undo, style="quiet", enabled=m.can_undo,
                                  tooltip="Take back a choice made this turn (Ctrl+Z)"))
        self.prompt.place_buttons(buttons, choices=s.phase in (COLOUR, SHAPE) and m.pending is None)
        return buttons

    def _hint(self) -> None:
        """The Normal bot's three best plans for the rest of this turn, from this seat's view only."""
        s = self.match.state
        bot = make_bot(HINT_LEVEL, seed=s.turn)
        found = hints(bot, observe(s, s.current), Budget(seconds=bot.seconds))
        if found:
            self.hint = HintOverlay(found, self._version)
        else:
            self.toasts.show("No plan to suggest here", theme.TEXT_DIM)

    def _log_covered(self) -> bool:
        """Whether a hint, a reset step, the reset preview's words or a guide's note hides the log."""
        return (self.hint is not None or self.director.telling or self.previewing
                or (self.guide is not None and not self.guide.hidden))

    def _explain(self, line: int | None) -> None:
        """A bot's line in the log, clicked: the reasons it chose that plan, in its own figures."""
        why = self.match.reasons.get(line)
        if why is not None:
            told = self.match.log[line]
            who = next((n for n in self.names if told.startswith(n)), "the bot")
            self.app.stack.push(ChoiceScene(self.app, f"Why {who} did that", f"{told}.  {why}",
                                            [("Close", lambda: None)], cancel=None))

    def _toggle_fast(self) -> None:
        self.fast = not self.fast

    def _pause(self) -> None:
        from .pause import PauseScene
        self.app.stack.push(PauseScene(self.app, self))

    def _undo(self) -> None:
        if self.match.current is not None:
            self._send(UndoRequested(self.match.current))

    def _cancel_payment(self) -> None:
        """Undo the spends and the choice of what is being paid for."""
        m = self.match
        while m.state.phase == PAY and m.can_undo:
            if not self._send(UndoRequested(m.current)):
                return

    def _confirm(self) -> None:
        self._send(ConfirmRequested(self.match.current))

    def _request(self, action: Action) -> None:
        self._send(ActionRequested(self.match.current, action))

    def _send(self, request) -> bool:
        """Every request of the player's goes out here; a guide may hold it back with a nudge."""
        nudge = self.guide.vet(request) if self.guide is not None else None
        if nudge is not None:
            self.toasts.show(nudge, theme.ACCENT)
            return False
        self.match.bus.publish(request)
        return True

    def _start_work(self) -> bool:
        """Work with the chosen astronaut; False if the rules refuse it (the toast says why)."""
        self._request(Action("work"))
        return self.match.state.phase == WORK

    def _auto_pay(self) -> None:
        for action in auto_pay(self.match.state):
            self._request(action)

    # ------------------------------------------------------------ choices

    def _choose_upgrade(self) -> None:
        """The upgrades as a list, for players who prefer it to clicking the astronauts."""
        s = self.match.state
        player = s.players[s.current]
        options = [((f"Astronaut {a.a + 1} ({_where(player.astros[a.a][1])}): work {player.astros[a.a][0]} → "
                     f"{player.astros[a.a][0] + 1}"), self._answer(a)) for a in self._legal_now()]
        if self.match.can_undo:
            options.append(("Take back the last choice", self._undo))
        message = f"{s.upgrades} upgrade(s) to give. Which astronaut works harder from now on?"
        self.app.stack.push(ChoiceScene(self.app, "Work upgrade", message, options, cancel=None))

    def _answer(self, action: Action):
        return lambda: self._request(action)

    def _choose_spend(self, options: list[Action]) -> None:
        spec = load().tiles[self.match.state.players[self.match.current].base[options[0].a][0]]
        choices = []
        for a in options:
            unit, toward = RESOURCES[a.b], RESOURCES[a.c]
            text = f"Spend 1 {unit} as {toward}" if a.b == a.c or a.c < 3 else f"Spend 1 {unit} toward {toward} (3 make 1)"
            choices.append((text, self._answer(a)))
        self.app.stack.push(ChoiceScene(self.app, spec.name, "How is this unit spent?", choices))

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        if self._next_reset_step(intent):
            return True
        if self.guide is not None and self.guide.handle(intent, self):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
            self.focus = None  # the pointer takes over from the keys
            self.editor.move(intent.pos)
        elif isinstance(intent, Click):
            self.pointer = intent.pos
            self._press(intent)
        elif isinstance(intent, Release):
            self._release(intent.pos)
        elif isinstance(intent, Back):
            if not self.editor.cancel():
                self._pause()
        elif isinstance(intent, Undo):
            if self._can_act() and not self.editor.active:
                self._undo()
        elif isinstance(intent, FastForward):
            self._toggle_fast()
        elif isinstance(intent, Wheel):
            self._wheel(intent)
        elif isinstance(intent, Key):
            return self._key(intent)
        else:
            return False
        return True

    def _next_reset_step(self, intent) -> bool:
        """A click off the buttons, or Space, ends the reset step on show at once."""
        clicked = isinstance(intent, Click) and not self._button_at(intent.pos)
        spaced = isinstance(intent, Key) and intent.key == pygame.K_SPACE
        return (clicked or spaced) and self.director.next_step()

    def _press(self, intent: Click) -> None:
        """A button acts at once; on the table the press may start a gesture instead."""
        if intent.button == 1 and not self._button_at(intent.pos) and self._may_gesture() \
                and self.editor.press(intent.pos, self._hit(intent.pos), self.match.state):
            if self.editor.carrying:
                self.app.audio.play("pick_up")
            return
        self._click(intent.pos)

    def _release(self, pos) -> None:
        if self.editor.active:
            outcome = self.editor.release(pos, self._hit(pos), self.match.state)
            if outcome is not None:
                self._finish(outcome)

    def _may_gesture(self) -> bool:
        return self._can_act() and not self.director.busy and not self.editor.active and self.match.pending is None

    def _finish(self, outcome: Outcome) -> None:
        """What a finished gesture asks for reaches the match, as a click's would."""
        if outcome.sound is not None:
            self.app.audio.play(outcome.sound)
        if outcome.click is not None:
            self._click(outcome.click)
        elif outcome.refusal is not None:
            self.app.audio.play("illegal")
            self.toasts.show(plain(*outcome.refusal), theme.BAD)
        elif len(outcome.actions) == 1:
            self._request(outcome.actions[0])
        elif outcome.actions:
            self._choose_spend(outcome.actions)

    def _wheel(self, intent: Wheel) -> None:
        pos = self.pointer  # where the last motion put it: the wheel's own report may lag behind
        if self.L.log.collidepoint(pos):
            self.log.scroll_by(intent.dy, len(self.match.log))
        elif self.base.area.collidepoint(pos):
            self.base.zoom_at(pos, 1.15 ** intent.dy)

    def _key(self, intent: Key) -> bool:
        """Keys for every gesture: arrows pan the base, Home fits it back, R and Shift+R turn
        the tile under the pointer, 1 to 3 name an astronaut, Tab and Shift+Tab walk through
        what is lit and Space uses it, Enter presses the main button."""
        shown = self._shown()
        step = self.base.cell_size(shown.base, shown.seat) // 2
        pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
        if intent.key in pans:
            self.base.pan_by(*pans[intent.key])
        elif intent.key == pygame.K_HOME:
            self.base.reset_view()
        elif intent.key == pygame.K_r:
            self._turn_hovered(-1 if intent.text == "R" else 1)
        elif intent.key in NUMBERS and self._can_act():
            self._use(astronaut_target(self.match.state, self.match.current, NUMBERS[intent.key]))
        elif intent.key == pygame.K_p:
            self._toggle_preview()
        elif intent.key == pygame.K_TAB:
            self.focus = next_focus(self._lit(), self.focus, -1 if intent.shift else 1)
        elif intent.key == pygame.K_SPACE:
            self._use(self._focused())
        elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            primary = next((b for b in self.action_buttons if b.style == "primary" and b.enabled), None)
            if primary is not None:
                primary.on_click()
        else:
            return False
        return True

    def _turn_hovered(self, direction: int) -> None:
        """R turns clockwise (to produce while working), Shift+R counterclockwise (to spend)."""
        s = self.match.state
        target = self._hit(self.pointer)
        if target is None or target.kind != CELL or target.seat != s.current or not self._may_gesture():
            return
        if direction > 0 and starts_work(s, target) and not self._start_work():
            return
        way = {WORK: 1, PAY: -1}.get(s.phase)
        if way is not None and way != direction:
            hint = "R turns it clockwise to produce" if way > 0 else "Shift+R turns it counterclockwise to spend"
            self.toasts.show(f"Turn: {hint}", theme.TEXT_DIM)
            return
        self.editor.turn_now(target.ref, s)

    def _buttons(self) -> list[Button]:
        return self.top_buttons + self.action_buttons + (self.hint.buttons if self.hint is not None else [])

    def _button_at(self, pos) -> bool:
        return any(b.rect.collidepoint(pos) for b in self._buttons())

    def _click(self, pos) -> None:
        for b in self._buttons():
            if b.click(pos):
                return
        if self.L.log.collidepoint(pos):
            if not self._log_covered():
                self._explain(self.log.line_at(pos))
            return
        target = self._hit(pos)
        if target is not None and target.kind in (SEAT, MINI_BASE) and target.seat != self._shown().seat:
            self.app.stack.push(BaseOverlayScene(self.app, self._shown().base, target.seat, self.chars, self.names))
        else:
            self._use(target)

    def _use(self, target: Target | None) -> None:
        """What a click on `target` means now, whether a click or a key names it."""
        if target is None or target.kind == MINI_BASE:
            return
        m = self.match
        if not self._can_act():
            if target.seat is None or target.kind in (ASTRO,):
                who = self.names[m.current] if m.current is not None else "nobody"
                self.toasts.show(f"It is {who}'s turn", theme.TEXT_DIM)
            return
        s = m.state
        if target.kind == RETURNING and target.seat == s.current:
            self.returning = target.ref
            return
        if s.phase == ACTION and target.kind == ASTRO and target.seat == s.current and target.ref != s.sel \
                and m.can_undo and s.players[s.current].astros[target.ref][1] == ACTIVE:
            self._send(UndoRequested(s.current))  # choosing another astronaut takes back the first
        if starts_work(s, target) and not self._start_work():
            return
        actions = actions_for(m.state, target, self._returning_choice())
        if len(actions) == 1:
            self._request(actions[0])
        elif actions:
            self._choose_spend(actions)

    def _hit(self, pos) -> Target | None:
        if self.prompt.drawn.collidepoint(pos):  # grown over the base, the panel hides what is under it
            return None
        shown = self._shown()
        return (self.board.hit(pos, shown.board) or self.base.hit(pos, shown.base, shown.seat)
                or self.seats_view.hit(pos, shown.base) or self.tracks.hit(pos))

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._static, (0, 0))
        shown = self._shown()
        board_state, base_state, seat = shown.board, shown.base, shown.seat
        beat = self.director.beat
        marks = self._marks()
        hover = self._focused() or self.hover
        moment = (self._version, id(beat), beat.t if beat else None)
        board_hover = hover if hover is not None and hover.kind in (HANGAR, EXPERIMENT) else None
        base_hover = hover if hover is not None and hover.kind in (CELL, ASTRO) else None
        carried = (self.editor.hidden_slots, self.editor.hidden_exps)
        self.layers["board"].draw(surface, self.L.board, (moment, board_hover, marks.get("slots"), marks.get("exps"), carried),
                                  lambda: self._draw_board(surface, board_state, beat, marks, board_hover))
        explained = frozenset(self.match.reasons)
        self.layers["log"].draw(surface, self.log.rect, (len(self.match.log), self.log.scroll, len(explained)),
                                lambda: self.log.draw(surface, self.match.log, self.names, self.chars, explained))
        pulses = {c: round(beat.pulse(), 2) for c in beat.pulses} if beat else {}
        base_key = (self._version, id(beat), seat, tuple(sorted(pulses.items())), base_hover, tuple(sorted(marks.items())),
                    self._returning_choice() if marks else None, self.editor.key())
        self.layers["base"].draw(surface, self.L.base, base_key,
                                 lambda: self._draw_base(surface, base_state, seat, beat, pulses, marks, base_hover))
        dots = int(self.clock * 3) % 3 if self.thinking is not None else 0
        science = self._science_visible()
        self.layers["seats"].draw(surface, self.L.seats, (self._version, id(beat), shown.turn, self.thinking, dots, science),
                                  lambda: self.seats_view.draw(surface, SeatsFrame(
                                      base_state, self.chars, self.names, self.labels, science, shown.turn, self.thinking, self.clock)))
        self.layers["tracks"].draw(surface, self.L.tracks, (self._version, id(beat)),
                                   lambda: self.tracks.draw(surface, TracksFrame(base_state, self.chars)))
        self._draw_prompt(surface)
        self._draw_top(surface, shown)
        self._draw_reset_preview(surface, board_state)
        if self.hint is not None:
            self.hint.draw(surface, self.board, self.base, base_state, seat, self.L.log, self.pointer, self.L.scale)
        self.director.draw_flights(surface)
        self.director.draw_caption(surface, self.L.log)
        self.editor.draw(surface)
        if hover is not None and hover.kind == MINI_BASE:
            self._draw_popup(surface, base_state, hover.seat)
        if self.guide is not None:
            self.guide.draw(surface, self)
        self.toasts.draw(surface, self.L.base.centerx, self.L.top.bottom + int(10 * self.L.scale), self.L.scale)
        self._draw_tooltip(surface, base_state)

    def _draw_board(self, surface, state, beat, marks, hover) -> None:
        self.board.draw(surface, BoardFrame(
            state, self.chars,
            t=beat.board_t if beat else 1.0, reset=beat.reset if beat else None, moves=beat.moves if beat else (),
            timeline=beat.timeline if beat else QUICK,
            hidden_slots=(frozenset(beat.hidden_slots) if beat else frozenset()) | self.editor.hidden_slots,
            hidden_exps=(frozenset(beat.hidden_exps) if beat else frozenset()) | self.editor.hidden_exps,
            hidden_ring=frozenset(beat.hidden_ring) if beat else frozenset(),
            playable_slots=marks.get("slots"), playable_exps=marks.get("exps"),
            hover=hover, home_of=self.seats_view.home_point))

    def _draw_reset_preview(self, surface, state) -> None:
        """On the player's own turn, where the arm would stop; all the reset would do while the
        player asks for it, points at the arm or at Preview reset."""
        if not self._can_act() or self.director.busy:
            return
        preview = reset_preview(state)
        button = hovered(self.top_buttons, self.pointer)
        if self.previewing or self.hover == Target(ARM) or (button is not None and button.label == "Preview reset"):
            draw_preview(surface, self.board, state, preview)
            draw_preview_words(surface, self.L.log, preview_lines(preview, self.names), self.L.scale)
        else:
            draw_stop_marker(surface, self.board, preview)

    def _draw_base(self, surface, state, seat, beat, pulses, marks, hover) -> None:
        own = beat is not None and beat.seat == seat
        phase = self.match.state.phase
        self.base.draw(surface, BaseFrame(
            state, seat, self.chars, self.names,
            hidden_cells=(frozenset(beat.hidden_cells) if own else frozenset()) | self.editor.hidden_cells,
            hidden_astros=(frozenset(beat.hidden_astros) if own else frozenset()) | self.editor.hidden_returning,
            pulses=pulses, marked_cells=marks.get("cells", frozenset()),
            marked_astros=marks.get("astros", frozenset()),
            selected_returning=self._returning_choice() if marks else None, hover=hover,
            turn={WORK: 1, PAY: -1}.get(phase, 0) if marks else 0))

    def _draw_top(self, surface: pygame.Surface, shown: Shown) -> None:
        sc = self.L.scale
        top = self.L.top
        x = top.x + int(16 * sc)
        logo = draw_text(surface, "HUMANITY", int(20 * sc), theme.ACCENT, (x, top.centery), "midleft", bold=True)
        when = draw_text(surface, f"Year {shown.board.year}  ·  Round {shown.board.round}", int(15 * sc), theme.TEXT_DIM,
                         (logo.right + int(18 * sc), top.centery), "midleft")
        seat = shown.turn
        if seat is not None:
            label = f"{self.names[seat]}'s turn" + (" (bot)" if self.match.seats[seat].is_bot else "")
            marker = icons.player_marker(self.chars[seat], int(24 * sc))
            # Between the round and the buttons, over the base where there is room; never under a button.
            gap = int(16 * sc)
            left = when.right + gap + marker.get_width() + int(8 * sc)
            right = min((b.rect.left for b in self.top_buttons if b.rect.left > when.right), default=top.right) - gap
            size = int(19 * sc)
            width = min(fonts().width(label, size, bold=True), right - left)
            cx = max(left + width // 2, min(self.L.base.centerx + int(14 * sc), right - width // 2))
            label = fonts().fit(label, size, right - left, bold=True)
            text = draw_text(surface, label, size, theme.TEXT, (cx, top.centery), "center", bold=True)
            surface.blit(marker, marker.get_rect(midright=(text.x - int(8 * sc), top.centery)))
        over = hovered(self.top_buttons, self.pointer)
        for b in self.top_buttons:
            b.draw(surface, sc, b is over)

    def _prompt(self) -> tuple[str, str]:
        m = self.match
        s = m.state
        if s.game_over:
            return "Game over", "Counting the final scores…"
        if self.director.resetting:  # the position already moved on; the table has not yet
            return "The round ends", "Watch the ring: modules leave and slide, the arm turns, and the astronauts it passes come home."
        seat = s.current
        name = self.names[seat]
        if m.seats[seat].is_bot:
            return f"{name} is playing", f"Bot, level {m.seats[seat].level}. Press F or Fast-forward to speed it up."
        if not self._can_act():
            return f"{name}'s turn", "Waiting for the hand-off."
        if m.pending is not None:
            done = "; ".join(m.pending.lines) or "Your turn is complete"
            return "Confirm your turn", f"{done}. Confirm to pass the turn, or Undo to take it back."
        return phase_prompt(s, name, self._legal_now())

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        title, hint = self._prompt()
        s = self.match.state
        cost = owed(s, self.match.pending is not None) if s.phase == PAY and self._can_act() else None
        self.prompt.draw(surface, PromptFrame(title, hint, cost, self.action_buttons, self.pointer))

    def _draw_popup(self, surface: pygame.Surface, s, seat: int) -> None:
        sc = self.L.scale
        card = self.seats_view.cards[seat]
        rect = pygame.Rect(0, 0, int(460 * sc), int(430 * sc))
        rect.topright = (card.x - int(10 * sc), card.y)
        rect.clamp_ip(surface.get_rect())
        draw_panel(surface, rect, sc, fill=theme.PANEL_HI, edge=theme.ACCENT_DARK)
        self.popup.layout(rect.inflate(-int(8 * sc), -int(8 * sc)), sc)
        self.popup.draw(surface, BaseFrame(s, seat, self.chars, self.names))

    def _draw_tooltip(self, surface: pygame.Surface, s) -> None:
        button = hovered(self.top_buttons + self.action_buttons, self.pointer)
        if self.hover_time < TOOLTIP_DELAY:
            return
        if button is not None:
            if button.tooltip:
                draw_tooltip(surface, self.pointer, button.label, [button.tooltip], self.L.scale)
            return
        if self.hover is None and self.L.log.collidepoint(self.pointer) and not self._log_covered():
            if self.log.line_at(self.pointer) in self.match.reasons:
                draw_tooltip(surface, self.pointer, "Why this move?", ["Click the line to read the bot's reasons."],
                             self.L.scale)
            return
        if self.hover is None or self.hover.kind == MINI_BASE:
            return
        tip = describe(self.hover, s, self.names, self._science_visible())
        if tip is not None:
            picture = magnified(self.hover, s, int(MAGNIFIED * self.L.scale))
            draw_tooltip(surface, self.pointer, tip[0], tip[1], self.L.scale, picture)


def _where(where: str) -> str:
    return {"active": "ready", "exhausted": "resting", "board": "at the board", "returning": "coming home"}[where]
