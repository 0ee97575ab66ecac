"""The rules of Humanity, headless: standard library only, deterministic from a seed.

    state = new_game(players=3, seed=7)
    while not state.game_over:
        action = legal_actions(state)[0]
        events = apply_action(state, action)   # engine/events.py records; RulesError if illegal, state unchanged
"""
from .actions import Action, ActionError
from .autopay import auto_pay
from .catalogue import Catalogue, CatalogueError, load as load_catalogue
from .errors import RulesError
from .flow import places, ranking
from .observation import observe
from .rules import Kind, apply_action, legal_actions, play_to_turn_end, why_illegal
from .setup import new_game
from .state import State

__all__ = [
    "Action", "ActionError", "auto_pay", "Catalogue", "CatalogueError", "Kind", "RulesError", "State",
    "apply_action", "legal_actions", "load_catalogue", "play_to_turn_end", "new_game", "observe", "places", "ranking",
    "replay", "why_illegal",
]


def replay(players: int, seed: int, actions) -> State:
    """The state reached by playing `actions` from a new game (RulesError on an illegal one)."""
    state = new_game(players, seed)
    for action in actions:
        apply_action(state, action)
    return state
