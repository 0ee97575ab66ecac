"""The game screen's input: the pointer, the wheel and the keys, what lies under the pointer,
what is lit for the player to use, and what a click or a finished gesture on the table asks
of the match."""
from __future__ import annotations

import pygame

from ...controller import ReselectRequested
from ...language import _
from ...table.model import plain
from ...table.targets import CELL, HANGAR, EXPERIMENT, ASTRO, MINI_BASE, SEAT, Target
from .. import theme
from ..base_editor import Outcome
from ..input import Back, Click, FastForward, Key, Point, Release, Undo, Wheel
from ..keyboard import NUMBERS, astronaut_target, next_focus
from ..widgets import Button
from . import routes
from .game_dialogs import choose_among, show_reasons
from .table_screen import Commanding, InputScreen, Pointing


def handle(scene: InputScreen, intent) -> bool:
    """The pointer, the wheel and the keys on the table."""
    if isinstance(intent, Point):
        scene.hand.pos = intent.pos
        scene.hand.focus = None  # the pointer takes over from the keys
        scene.hand.editor.move(intent.pos)
    elif isinstance(intent, Click):
        scene.hand.pos = intent.pos
        _press(scene, intent)
    elif isinstance(intent, Release):
        _release(scene, intent.pos)
    elif isinstance(intent, Wheel):
        _wheel(scene, intent)
    elif isinstance(intent, Key):
        return _key(scene, intent)
    else:
        return False
    return True


def command(scene: Commanding, intent) -> bool:
    """The screen's commands: Esc drops the gesture under way or pauses, Undo takes back a
    choice, F fast-forwards, P keeps the reset preview drawn."""
    if isinstance(intent, Back):
        if not scene.hand.editor.cancel():
            scene.pause()
    elif isinstance(intent, Undo):
        if scene.seat.can_act() and not scene.hand.editor.active:
            scene.orders.undo()
    elif isinstance(intent, FastForward):
        scene.modes.toggle_fast()
    elif isinstance(intent, Key) and intent.key == pygame.K_p:
        scene.modes.toggle_preview()
    else:
        return False
    return True


def next_reset_step(scene: InputScreen, intent) -> bool:
    """A click off the buttons, or Space, ends the reset step on show at once."""
    clicked = isinstance(intent, Click) and not _button_at(scene, intent.pos)
    spaced = isinstance(intent, Key) and intent.key == pygame.K_SPACE
    return (clicked or spaced) and scene.director.next_step()


def _press(scene: InputScreen, intent: Click) -> None:
    """A button acts at once; on the table the press may start a gesture instead."""
    if intent.button == 1 and not _button_at(scene, intent.pos) and _may_gesture(scene) \
            and scene.hand.editor.press(intent.pos, hit(scene, intent.pos), scene.orders.table()):
        if scene.hand.editor.carrying:
            scene.app.audio.play("pick_up")
        return
    _click(scene, intent.pos)


def _release(scene: InputScreen, pos) -> None:
    if scene.hand.editor.active:
        outcome = scene.hand.editor.release(pos, hit(scene, pos), scene.orders.table())
        if outcome is not None:
            finish(scene, outcome)


def _may_gesture(scene: Pointing) -> bool:
    return scene.seat.can_act() and not scene.director.busy and not scene.hand.editor.active and scene.match.pending is None


def finish(scene: InputScreen, outcome: Outcome) -> None:
    """What a finished gesture asks for reaches the match, as a click's would."""
    if outcome.sound is not None:
        scene.app.audio.play(outcome.sound)
    if outcome.click is not None:
        _click(scene, outcome.click)
    elif outcome.refusal is not None:
        scene.app.audio.play("illegal")
        scene.frame.toasts.show(plain(*outcome.refusal), theme.BAD)
    elif outcome.actions:
        if outcome.carried:
            scene.director.carried(outcome.actions[0])
        _take(scene, outcome.actions)


def _wheel(scene: InputScreen, intent: Wheel) -> None:
    pos = scene.hand.pos  # where the last motion put it: the wheel's own report may lag behind
    if scene.frame.L.log.collidepoint(pos):
        scene.views.log.scroll_by(intent.dy, len(scene.match.log))
    elif scene.views.base.area.collidepoint(pos):
        scene.views.base.wheel(pos, intent.dy)


def _key(scene: InputScreen, intent: Key) -> bool:
    """Keys for every gesture: arrows pan the base, Home fits it back, R and Shift+R turn
    the tile under the pointer, 1 to 3 name an astronaut, Tab and Shift+Tab walk through
    what is lit and Space uses it, Enter presses the main button (P is a command)."""
    shown = scene.seat.shown()
    step = scene.views.base.cell_size(shown.base, shown.seat) // 2
    pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
    if intent.key in pans:
        scene.views.base.pan_by(*pans[intent.key])
    elif intent.key == pygame.K_HOME:
        scene.views.base.reset_view()
    elif intent.key == pygame.K_r:
        _turn_hovered(scene, -1 if intent.text == "R" else 1)
    elif intent.key in NUMBERS and scene.seat.can_act():
        _use(scene, astronaut_target(scene.match.state, scene.match.current, NUMBERS[intent.key]))
    elif intent.key == pygame.K_TAB:
        scene.hand.focus = next_focus(_lit(scene), scene.hand.focus, -1 if intent.shift else 1)
    elif intent.key == pygame.K_SPACE:
        _use(scene, focused(scene))
    elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        primary = next((b for b in scene.frame.action_buttons if b.style == "primary" and b.enabled), None)
        if primary is not None:
            primary.on_click()
    else:
        return False
    return True


def _turn_hovered(scene: InputScreen, direction: int) -> None:
    """R turns clockwise (to produce while working), Shift+R counterclockwise (to spend)."""
    target = hit(scene, scene.hand.pos)
    if target is None or target.kind != CELL or target.seat != scene.match.current or not _may_gesture(scene):
        return
    if direction > 0 and not _prelude(scene, target):
        return
    way = scene.orders.table().turn
    if way and way != direction:
        scene.frame.toasts.show(_("Turn: R turns it clockwise to produce") if way > 0 else
                                _("Turn: Shift+R turns it counterclockwise to spend"), theme.TEXT_DIM)
        return
    scene.hand.editor.turn_now(target.ref, scene.orders.table(), direction)


def _buttons(scene: InputScreen) -> list[Button]:
    return scene.frame.top_buttons + scene.frame.action_buttons + (scene.frame.hint.buttons if scene.frame.hint is not None else [])


def _button_at(scene: InputScreen, pos) -> bool:
    return any(b.rect.collidepoint(pos) for b in _buttons(scene))


def _click(scene: InputScreen, pos) -> None:
    for b in _buttons(scene):
        if b.click(pos):
            return
    chip = scene.views.prompt.owed_chip_at(pos) if scene.seat.can_act() and scene.orders.table().paying else None
    if chip is not None:
        scene.orders.cycle_payment(chip)
        return
    if scene.frame.L.log.collidepoint(pos):
        if not scene.log_covered():
            show_reasons(scene, scene.views.log.line_at(pos))
        return
    target = hit(scene, pos)
    if target is not None and target.kind in (SEAT, MINI_BASE) and target.seat != scene.seat.shown().seat:
        scene.app.stack.push(routes.make(routes.BASE, scene.app, scene.seat.shown().base, target.seat, scene.cast.chars, scene.cast.names))
    else:
        _use(scene, target)


def _use(scene: InputScreen, target: Target | None) -> None:
    """What a click on `target` means now, whether a click or a key names it."""
    if target is None or target.kind == MINI_BASE:
        return
    m = scene.match
    if not scene.seat.can_act():
        if target.seat is None or target.kind in (ASTRO,):
            if m.current is not None:
                scene.frame.toasts.show(_("It is {name}'s turn").format(name=scene.cast.names[m.current]), theme.TEXT_DIM)
        return
    table = scene.orders.table()
    if table.picks_up(target):
        scene.hand.returning = target.ref
        return
    if table.reselects(target):
        scene.orders.send(ReselectRequested(m.current, target.ref))  # another astronaut in place of the one chosen
        return
    if not _prelude(scene, target):
        return
    actions = scene.orders.table().actions_at(target)
    if actions:
        _take(scene, actions)


def _take(scene: InputScreen, actions: list) -> None:
    """One of `actions`, which a click or a gesture asks for: the only one; while paying, the
    one the proposed payment makes (changed on the cost itself, never in a dialog per unit);
    else the player's pick in a dialog."""
    if len(actions) == 1:
        scene.orders.request(actions[0])
    elif scene.orders.table().paying:
        scene.orders.request(scene.orders.payment_plan().spend_at(actions[0].cell, actions))
    else:
        choose_among(scene, actions)


def hit(scene: Pointing, pos) -> Target | None:
    if scene.views.prompt.drawn.collidepoint(pos):  # grown over the base, the panel hides what is under it
        return None
    shown = scene.seat.shown()
    return (scene.views.board.hit(pos, shown.board) or scene.views.base.hit(pos, shown.base, shown.seat)
            or scene.views.seats_view.hit(pos, shown.base) or scene.views.tracks.hit(pos))


def _prelude(scene: InputScreen, target: Target) -> bool:
    """Take what a click on `target` takes first (a tile clicked before Work: the work);
    False if the rules refuse it (the toast says why)."""
    first = scene.orders.table().prelude(target)
    if first is None:
        return True
    version = scene.match.version
    scene.orders.request(first)
    return scene.match.version != version


def marks(scene: Pointing) -> dict[str, frozenset]:
    """What the player may click now, by kind of target, for the views to light up."""
    if not scene.seat.can_act() or scene.director.busy or scene.match.pending is not None:
        return {}
    table = scene.orders.table()
    landing = scene.hand.editor.lit_cells(table)
    if landing is not None:
        return {CELL: landing}
    return {kind: table.lit(kind) for kind in (HANGAR, EXPERIMENT, CELL, ASTRO)}


def _lit(scene: Pointing) -> list[Target]:
    """Everything lit, in the order Tab visits it: modules, experiments, cells, astronauts."""
    seat = scene.match.current
    return [Target(kind, None if kind in (HANGAR, EXPERIMENT) else seat, ref)
            for kind, refs in marks(scene).items() for ref in sorted(refs)]


def focused(scene: Pointing) -> Target | None:
    """The target Tab chose, while it is still lit."""
    return scene.hand.focus if scene.hand.focus in _lit(scene) else None


def track_hover(scene: Pointing, dt: float) -> None:
    target = hit(scene, scene.hand.pos)
    if target == scene.hand.hover and not scene.hand.editor.active:  # a hand busy with a piece wants no tooltip
        scene.hand.hover_time += dt
    else:
        scene.hand.hover, scene.hand.hover_time = target, 0.0
