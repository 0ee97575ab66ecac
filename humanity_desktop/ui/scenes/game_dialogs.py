"""The game screen's dialogs: a choice the table cannot show by itself (which astronaut to
upgrade, how a unit is spent), and a bot's reasons for a line of the log."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from ...engine.catalogue import BASIC, BASICS_PER_ADVANCED, RESOURCES, load
from ...engine.state import ACTIVE, BOARD, EXHAUSTED, RETURNING
from .dialog import ChoiceScene

if TYPE_CHECKING:
    from .game import GameScene


def answer(scene: GameScene, action: Action):
    """A button's or a dialog row's click: request `action`."""
    return lambda: scene._request(action)


def choose_upgrade(scene: GameScene) -> None:
    """The upgrades as a list, for players who prefer it to clicking the astronauts."""
    s = scene.match.state
    player = s.players[s.current]
    options = []
    for a in scene.match.legal():
        work, where, _ = player.astros[a.astronaut]
        options.append((f"Astronaut {a.astronaut + 1} ({_where(where)}): work {work} → {work + 1}", answer(scene, a)))
    if scene.match.can_undo:
        options.append(("Take back the last choice", scene._undo))
    message = f"{s.upgrades} upgrade(s) to give. Which astronaut works harder from now on?"
    scene.app.stack.push(ChoiceScene(scene.app, "Work upgrade", message, options, cancel=None))


def choose_spend(scene: GameScene, options: list[Action]) -> None:
    spec = load().tiles[scene.match.state.players[scene.match.current].base[options[0].cell][0]]
    choices = []
    for a in options:
        unit, toward = RESOURCES[a.unit], RESOURCES[a.toward]
        direct = a.unit == a.toward or a.toward in BASIC
        text = f"Spend 1 {unit} as {toward}" if direct else f"Spend 1 {unit} toward {toward} ({BASICS_PER_ADVANCED} make 1)"
        choices.append((text, answer(scene, a)))
    scene.app.stack.push(ChoiceScene(scene.app, spec.name, "How is this unit spent?", choices))


def show_reasons(scene: GameScene, line: int | None) -> None:
    """A bot's line in the log, clicked: the reasons it chose that plan, in its own figures."""
    why = scene.match.reasons.get(line)
    if why is not None:
        told = scene.match.log[line]
        who = next((n for n in scene.names if told.startswith(n)), "the bot")
        scene.app.stack.push(ChoiceScene(scene.app, f"Why {who} did that", f"{told}.  {why}",
                                         [("Close", lambda: None)], cancel=None))


def _where(where: str) -> str:
    return {ACTIVE: "ready", EXHAUSTED: "resting", BOARD: "at the board", RETURNING: "coming home"}[where]
