"""The screens: title, new game, game, pause, results, and the dialogs between them."""
