"""Keys for the table's gestures: a number names an astronaut, Tab walks through what is
lit (the table model's lit targets), Space uses it. They name the same targets a click
would, so a key does exactly what the click on that thing does."""
from __future__ import annotations

import pygame

from ..engine import State
from ..table.targets import Target, astronaut_kind

NUMBERS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}


def astronaut_target(state: State, seat: int, index: int) -> Target | None:
    """The astronaut a number key names, wherever it is now (None: the seat has no such one)."""
    astros = state.players[seat].astros
    if index >= len(astros):
        return None
    return Target(astronaut_kind(astros[index][1]), seat, index)


def next_focus(targets: list[Target], focus: Target | None, step: int) -> Target | None:
    """The target after (step 1) or before (step -1) `focus`, going round; the first or the
    last when nothing lit has the focus."""
    if not targets:
        return None
    if focus not in targets:
        return targets[0] if step > 0 else targets[-1]
    return targets[(targets.index(focus) + step) % len(targets)]
