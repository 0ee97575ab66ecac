"""Yardsticks for the tournament: seats written apart from the game's bots, sharing none of
their code (they import the engine and the standard library only; tests/test_structure.py
holds them to it), so that a level beating them says something.

    yard-tally    one turn ahead: each action, the turn finished greedily, a hand tally (tally.py)
    yard-rollout  flat Monte Carlo: each action, random playouts to the game's end (rollout.py)

Both fill the view's hidden cards in at random first (fill.py).
"""
