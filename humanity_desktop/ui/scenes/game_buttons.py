"""The game screen's buttons: the top bar (hint, pace, fast-forward, menu, preview reset), and
the action panel's words and buttons for the phase on hand, with what the larger ones do."""
from __future__ import annotations

import pygame

from ...controller import CancelPaymentRequested, HintRequested
from ...table.model import AUTO_PAY, CANCEL_PAYMENT
from ...controller.thinking import HINT_LEVEL
from ...table import model as on_table
from ..drawn import Fact, Stated
from ..settings import PACES
from ..widgets import Button, button_height, label_width
from .game_dialogs import answer, choose_among
from .options import ROWS, option_text
from .table_screen import ButtonScreen

HINT_BOT = HINT_LEVEL.capitalize()  # the level whose judgement the Hint button gives


def top_buttons(scene: ButtonScreen) -> list[Button]:
    sc = scene.frame.L.scale
    pace_names = list(PACES)
    pace = scene.app.settings.pace

    def next_pace() -> None:
        scene.app.settings.pace = pace_names[(pace_names.index(pace) + 1) % len(pace_names)]
        scene.app.save_settings()

    buttons = [
        Button(option_text("pace", pace), next_pace, style="quiet", tooltip=ROWS["pace"][2]),
        Button("Fast-forward", scene.modes.toggle_fast, selected=scene.modes.fast, tooltip="Play bot moves at top speed (F)"),
        Button("Menu", scene.pause, tooltip="Pause, save, options (Esc)"),
    ]
    # Each as wide as its design or its label needs, whichever is more: the pace's widest
    # value and "Thinking…" are measured, so the bar keeps still as they change.
    widths = [max(int(180 * sc), *(label_width(option_text("pace", p), sc) for p in pace_names)),
              max(int(150 * sc), label_width("Fast-forward", sc)), max(int(96 * sc), label_width("Menu", sc))]
    if scene.app.settings.hints and scene.seat.can_act() and scene.match.pending is None:
        buttons.insert(0, _hint_button(scene))
        widths.insert(0, max(int(112 * sc), label_width("Thinking…", sc)))
    x = scene.frame.L.top.right - int(8 * sc)
    h = scene.frame.L.top.h - int(14 * sc)
    for b, w in reversed(list(zip(buttons, widths))):
        x -= w
        b.rect = pygame.Rect(x, scene.frame.L.top.y + int(7 * sc), w, h)
        x -= int(8 * sc)
    if scene.seat.can_act():
        buttons.append(_preview_button(scene))
    return buttons


def _hint_button(scene: ButtonScreen) -> Button:
    m = scene.match
    if m.hinting:
        return Button("Thinking…", lambda: None, enabled=False, tooltip=f"The {HINT_BOT} bot is looking at your turn")
    return Button("Hint", lambda: scene.orders.send(HintRequested(m.current)), tooltip=f"What the {HINT_BOT} bot would do in your place")


def _preview_button(scene: ButtonScreen) -> Button:
    """Preview reset, in the board's top left corner, clear of the ring."""
    sc = scene.frame.L.scale
    b = Button("Preview reset", scene.modes.toggle_preview, style="quiet", selected=scene.modes.previewing,
               tooltip="What the reset would do if the round ended now; a click or P keeps it shown")
    b.rect = pygame.Rect(scene.frame.L.board.x, scene.frame.L.board.y, max(int(132 * sc), label_width(b.label, sc)),
                         max(int(30 * sc), button_height(sc, 30)))
    return b


def action_buttons(scene: ButtonScreen) -> list[Button]:
    m = scene.match
    s = m.state
    buttons: list[Button] = []
    if s.game_over:
        return buttons
    choosing = False
    if scene.seat.can_act():
        if m.pending is not None:
            buttons.append(Button("Confirm turn", scene.orders.confirm, style="primary",
                                  tooltip="End your turn (Enter); until then Undo takes it back"))
        else:
            table = scene.orders.table()
            buttons += [_button(scene, b) for b in table.buttons]
            choosing = table.choosing
        buttons.append(Button("Undo", scene.orders.undo, style="quiet", enabled=m.can_undo,
                              tooltip="Take back a choice made this turn (Ctrl+Z)"))
    scene.views.prompt.place_buttons(buttons, choices=choosing)
    return buttons


def _button(scene: ButtonScreen, b: on_table.Button) -> Button:
    """The table model's button, made to act."""
    if b.command is not None:
        act = {AUTO_PAY: lambda: _auto_pay(scene),
               CANCEL_PAYMENT: lambda: scene.orders.send(CancelPaymentRequested(scene.match.current))}[b.command]
    elif b.choices:
        act = lambda: choose_among(scene, [a for _, a in b.choices])  # noqa: E731
    else:
        act = answer(scene, b.action)
    return Button(b.label, act, style="normal" if b.style == on_table.CHOICE else b.style, tooltip=b.tooltip)


def prompt_text(scene: ButtonScreen) -> tuple[str, str]:
    """The action panel's title and instruction: whose turn it is and what it asks for."""
    m = scene.match
    s = m.state
    if s.game_over:
        return "Game over", "Counting the final scores…"
    if scene.director.resetting:  # the position already moved on; the table has not yet
        return "The round ends", "Watch the ring: modules leave and slide, the arm turns, and the astronauts it passes come home."
    seat = scene.seat.shown().turn  # the turn the table shows: an earlier bot's, still played out, or the one to play
    if m.seats[seat].is_bot:
        return (Stated(f"{scene.cast.names[seat]} is playing", Fact("whose_turn", seat)),
                f"Bot, level {m.seats[seat].level}. Press F or Fast-forward to speed it up.")
    name = scene.cast.names[seat]
    if not scene.seat.can_act():
        return Stated(f"{name}'s turn", Fact("whose_turn", seat)), "Waiting for the hand-off."
    if m.pending is not None:
        return "Confirm your turn", Stated(m.pending.summary, Fact("turn_points", seat))
    table = scene.orders.table()
    title, hint = table.prompt(name)
    stated = table.prompt_states()
    return (Stated(title, Fact(stated[0], seat)) if stated else title), hint


def _auto_pay(scene: ButtonScreen) -> None:
    """Pay the rest as the cost shows it."""
    for action in scene.orders.payment_plan().spends:
        scene.orders.request(action)
