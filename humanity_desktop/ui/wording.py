"""The rules' own names for actions and rules, put in the words a player uses.

Every refusal on screen goes through `refused` or `plain`, so no internal action name (such as
"choose_module") and no rulebook heading reaches the player. The words are data
(controller/data/words.json).
"""
from __future__ import annotations

from ..controller import ActionRefused
from ..controller.table import WORDS
from ..engine import PROMPTS, State
from ..engine.actions import SPECS


def refused(ev: ActionRefused, state: State) -> str:
    """One line for a move the match refused in `state`: a move of the wrong moment says
    what the moment asks for instead."""
    action = ev.action
    if action is not None and ev.seat == state.current_player and action.kind in SPECS \
            and SPECS[action.kind].phase != state.phase:
        return f"You cannot {WORDS['doing'][action.kind]} now: {PROMPTS[state.phase]}"
    return plain(ev.rule, ev.reason)


def plain(rule: str, reason: str) -> str:
    """A rule's refusal under a heading a player understands."""
    return f"{WORDS['topics'].get(rule, rule)}: {reason}"
