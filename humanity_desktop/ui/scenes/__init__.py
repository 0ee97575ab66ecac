"""The screens: title, new game, game, pause, results, and the dialogs between them.

Importing the package declares every screen (see routes.py).
"""
from . import (  # noqa: F401 - each declares its screen
    base_overlay, crash, data_folder, dialog, final_board, game, last_turn, load, new_game, options, pause, replay, results, rules,
    sandbox, stats, title, tutorial,
)
