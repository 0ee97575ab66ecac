"""The rules' own names for actions and rules, put in the words a player uses.

Every refusal on screen goes through `refused` or `plain`, so no internal action name (such as
"choose_module") and no rulebook heading reaches the player.
"""
from __future__ import annotations

from ..controller import ActionRefused
from ..engine import PROMPTS, State
from ..engine.actions import SPECS

DOING = {
    "select_astronaut": "choose an astronaut",
    "work": "work on your base",
    "choose_module": "deploy a module",
    "choose_experiment": "carry out an experiment",
    "activate": "use a tile of your base",
    "end_work": "end the work",
    "spend": "spend a unit",
    "choose_colour": "choose a side",
    "choose_shape": "choose a shape",
    "upgrade": "give a work upgrade",
    "place_astronaut": "place an astronaut",
}
TOPICS = {
    "Turn order": "Not now",
    "End of turn": "Your turn is over",
    "End of the game": "Game over",
    "Choosing an astronaut": "That astronaut",
    "Work on the Base": "Working",
    "Deploy a Module": "Deploying",
    "Carry out an Experiment": "Experiment",
    "Spending resources": "Paying",
    "Communication modules": "Communication module",
    "Greenhouses": "Greenhouses",
    "Upgrading an astronaut": "Work upgrade",
    "Returning astronauts": "Placing",
    "Bot": "Bot",
    "Undo": "Undo",
}


def refused(ev: ActionRefused, state: State) -> str:
    """One line for a move the match refused in `state`: a move of the wrong moment says
    what the moment asks for instead."""
    action = ev.action
    if action is not None and ev.seat == state.current_player and action.kind in SPECS and SPECS[action.kind].phase != state.phase:
        return f"You cannot {DOING[action.kind]} now: {PROMPTS[state.phase]}"
    return plain(ev.rule, ev.reason)


def plain(rule: str, reason: str) -> str:
    """A rule's refusal under a heading a player understands."""
    return f"{TOPICS.get(rule, rule)}: {reason}"
