"""The game screen's dialogs: a choice the table cannot show by itself (which astronaut to
upgrade, how a unit is spent), and a bot's reasons for a line of the log."""
from __future__ import annotations

from ...engine import Action
from ...language import N_, _
from . import routes
from .table_screen import DialogScreen

TAKE_BACK = N_("Take back the last choice")  # a forced choice's way out, which Esc takes too


def answer(scene: DialogScreen, action: Action):
    """A button's or a dialog row's click: request `action`."""
    return lambda: scene.orders.request(action)


def choose_among(scene: DialogScreen, actions: list[Action]) -> None:
    """A dialog to pick one of several actions (how a unit is spent, which astronaut is
    upgraded). When they are all the turn allows, one must be picked, or the last choice
    taken back; otherwise the dialog can be closed."""
    table = scene.orders.table()
    title, question, rows = table.list_of(actions)
    options = [(text, answer(scene, a)) for text, a in rows]
    forced = set(table.legal) <= set(actions)
    if forced and scene.match.can_undo:
        options.append((_(TAKE_BACK), scene.orders.undo))
    undo = _(TAKE_BACK) if forced and scene.match.can_undo else None
    scene.app.stack.push(routes.make(routes.CHOICE, scene.app, title, question, options,
                                     cancel=None if forced else _("Cancel"), escape=undo))


def show_reasons(scene: DialogScreen, line: int | None) -> None:
    """A bot's line in the log, clicked: the reasons it chose that plan, in its own figures."""
    why = scene.match.reasons.get(line)
    if why is not None:
        told = scene.match.log[line]
        who = next((n for n in scene.cast.names if told.startswith(n)), None)
        title = _("Why {name} did that").format(name=who) if who else _("Why the bot did that")
        scene.app.stack.push(routes.make(routes.CHOICE, scene.app, title, f"{told}.  {why}",
                                         [(_("Close"), lambda: None)], cancel=None))
