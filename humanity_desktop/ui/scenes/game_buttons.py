"""The game screen's buttons: the top bar (hint, pace, fast-forward, menu, preview reset), and
the action panel's words and buttons for the phase on hand, with what the larger ones do."""
from __future__ import annotations

import math

import pygame

from ...controller import CancelPaymentRequested, HintRequested, level_name
from ...language import _
from ...table.model import AUTO_PAY, CANCEL_PAYMENT
from ...controller.thinking import HINT_LEVEL
from ...table import model as on_table
from ..drawn import Fact, Stated
from ..settings import PACES
from ..widgets import Button, button_height, label_width
from .game_dialogs import answer, choose_among
from ..fonts import fonts
from .options import option_text, option_tip, option_value
from .table_screen import ButtonScreen

def top_buttons(scene: ButtonScreen) -> list[Button]:
    sc = scene.frame.L.scale
    pace_names = list(PACES)
    pace = scene.app.settings.pace

    def next_pace() -> None:
        scene.app.settings.pace = pace_names[(pace_names.index(pace) + 1) % len(pace_names)]
        scene.app.save_settings()

    hint = scene.app.settings.hints and scene.seat.can_act() and scene.match.pending is None
    # The pace's button says the option's name too where the bar leaves room for whose turn it is.
    pace_text = option_text if _room_left(scene, option_text, hint) >= _header_needs(scene) else option_value
    buttons = [
        Button(pace_text("pace", pace), next_pace, style="quiet", tooltip=option_tip("pace")),
        Button(_("Fast-forward"), scene.modes.toggle_fast, selected=scene.modes.fast,
               tooltip=_("Play bot moves at top speed (F)")),
        Button(_("Menu"), scene.pause, tooltip=_("Pause, save, options (Esc)")),
    ]
    widths = _widths(sc, pace_text, hint)
    if hint:
        buttons.insert(0, _hint_button(scene))
    x = scene.frame.L.top.right - int(8 * sc)
    h = scene.frame.L.top.h - int(14 * sc)
    for b, w in reversed(list(zip(buttons, widths))):
        x -= w
        b.rect = pygame.Rect(x, scene.frame.L.top.y + int(7 * sc), w, h)
        x -= int(8 * sc)
    if scene.seat.can_act():
        buttons.append(_preview_button(scene))
    return buttons


def _widths(sc: float, pace_text, hint: bool) -> list[int]:
    """The top buttons' widths, each its design's or its label's, whichever is more: the pace's
    widest value and "Thinking…" are measured, so the bar keeps still as they change."""
    widths = [max(int(180 * sc), *(label_width(pace_text("pace", p), sc) for p in PACES)),
              max(int(150 * sc), label_width(_("Fast-forward"), sc)), max(int(96 * sc), label_width(_("Menu"), sc))]
    if hint:
        widths.insert(0, max(int(112 * sc), label_width(_("Thinking…"), sc), label_width(_("Hint"), sc)))
    return widths


def _room_left(scene: ButtonScreen, pace_text, hint: bool) -> int:
    """The width the top buttons leave the bar's title and whose turn it is."""
    sc = scene.frame.L.scale
    widths = _widths(sc, pace_text, hint)
    return scene.frame.L.top.w - sum(widths) - int(8 * sc) * (len(widths) + 1)


def _header_needs(scene: ButtonScreen) -> int:
    """The width the title, a seat's marker and the longest name take, with their gaps."""
    sc = scene.frame.L.scale
    name = max(fonts().width(n, int(19 * sc), bold=True) for n in scene.cast.names)
    return fonts().width("HUMANITY", int(20 * sc), bold=True) + name + int((16 + 16 + 24 + 8 + 16) * sc)


def _hint_button(scene: ButtonScreen) -> Button:
    m = scene.match
    level = level_name(HINT_LEVEL)  # the level whose judgement the Hint button gives
    if m.hinting:
        return Button(_("Thinking…"), lambda: None, enabled=False,
                      tooltip=_("The {level} bot is looking at your turn").format(level=level))
    return Button(_("Hint"), lambda: scene.orders.send(HintRequested(m.current)),
                  tooltip=_("What the {level} bot would do in your place").format(level=level))


def _preview_button(scene: ButtonScreen) -> Button:
    """Preview reset, in the board's top left corner, clear of the ring."""
    sc, board = scene.frame.L.scale, scene.frame.L.board
    h = max(int(30 * sc), button_height(sc, 30))
    r = board.w / 2
    room = max(int(132 * sc), int(r - math.sqrt(max(0.0, r * r - (r - h) ** 2))))  # the corner outside the ring
    # Translators: the Preview reset button's label where its whole label has no room.
    label = next((words for words in (_("Preview reset"), _("Preview")) if label_width(words, sc) <= room), _("Preview"))
    b = Button(label, scene.modes.toggle_preview, style="quiet", selected=scene.modes.previewing,
               tooltip=_("What the reset would do if the round ended now; a click or P keeps it shown"))
    b.rect = pygame.Rect(board.x, board.y, max(int(132 * sc), label_width(b.label, sc)), h)
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
            buttons.append(Button(_("Confirm turn"), scene.orders.confirm, style="primary",
                                  tooltip=_("End your turn (Enter); until then Undo takes it back")))
        else:
            table = scene.orders.table()
            buttons += [_button(scene, b) for b in table.buttons]
            choosing = table.choosing
        buttons.append(Button(_("Undo"), scene.orders.undo, style="quiet", enabled=m.can_undo,
                              tooltip=_("Take back a choice made this turn (Ctrl+Z)")))
    scene.views.prompt.place_buttons(buttons, choices=choosing)
    return buttons


def _button(scene: ButtonScreen, b: on_table.Button) -> Button:
    """The table model's button, made to act."""
    if b.command is not None:
        act = {AUTO_PAY: lambda: _auto_pay(scene),
               CANCEL_PAYMENT: lambda: scene.orders.send(CancelPaymentRequested(scene.match.current))}[b.command]
    elif b.choices:
        act = lambda: choose_among(scene, [a for _row, a in b.choices])  # noqa: E731
    else:
        act = answer(scene, b.action)
    return Button(b.label, act, style="normal" if b.style == on_table.CHOICE else b.style, tooltip=b.tooltip)


def prompt_text(scene: ButtonScreen) -> tuple[str, str]:
    """The action panel's title and instruction: whose turn it is and what it asks for."""
    m = scene.match
    s = m.state
    if s.game_over:
        return _("Game over"), _("Counting the final scores…")
    if scene.director.resetting:  # the position already moved on; the table has not yet
        return _("The round ends"), _("Watch the ring: modules leave and slide, the arm turns, and the astronauts "
                                      "it passes come home.")
    seat = scene.seat.shown().turn  # the turn the table shows: an earlier bot's, still played out, or the one to play
    if m.seats[seat].is_bot:
        return (Stated(_("{name} is playing").format(name=scene.cast.names[seat]), Fact("whose_turn", seat)),
                _("Bot, level {level}. Press F or Fast-forward to speed it up.").format(
                    level=level_name(m.seats[seat].level)))
    name = scene.cast.names[seat]
    if not scene.seat.can_act():
        return Stated(_("{name}'s turn").format(name=name), Fact("whose_turn", seat)), _("Waiting for the hand-off.")
    if m.pending is not None:
        return _("Confirm your turn"), Stated(m.pending.summary, Fact("turn_points", seat))
    table = scene.orders.table()
    title, hint = table.prompt(name)
    stated = table.prompt_states()
    return (Stated(title, Fact(stated[0], seat)) if stated else title), hint


def _auto_pay(scene: ButtonScreen) -> None:
    """Pay the rest as the cost shows it."""
    for action in scene.orders.payment_plan().spends:
        scene.orders.request(action)
