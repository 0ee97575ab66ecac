"""The game screen is laid out from the window size: nothing overlaps or leaves the window,
from the smallest window (1024x576) to 3840x2160."""
from __future__ import annotations

import itertools

import pygame
import pytest

from humanity_desktop.controller.seats import CHARACTERS
from humanity_desktop.language.words import WORDS, source
from humanity_desktop.engine import load_catalogue
from humanity_desktop.ui.app import MIN_SIZE
from humanity_desktop.ui.layout import game_layout
from humanity_desktop.ui.views.seats_view import seat_card_rects
from humanity_desktop.ui.views.prompt_panel import Owed, PromptFrame, PromptPanel
from humanity_desktop.ui.widgets import Button

SIZES = [MIN_SIZE, (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_panels_fit_the_window_without_overlapping(size, players):
    L = game_layout(size, players)
    window = pygame.Rect((0, 0), size)
    panels = {"top": L.top, "board": L.board, "log": L.log, "base": L.base, "actions": L.actions,
              "seats": L.seats, "tracks": L.tracks}
    for name, rect in panels.items():
        assert window.contains(rect), name
        assert rect.w > 0 and rect.h > 0, name
    for (n1, r1), (n2, r2) in itertools.combinations(panels.items(), 2):
        assert not r1.colliderect(r2), f"{n1} overlaps {n2}"
    assert L.board.w == L.board.h
    assert L.log.h >= 100 * L.scale
    cards = seat_card_rects(L.seats, players, L.scale)
    assert all(L.seats.contains(c) for c in cards)
    assert all(not a.colliderect(b) for a, b in itertools.combinations(cards, 2))


def test_everything_grows_with_the_window():
    small, big = game_layout((1280, 720), 4), game_layout((3840, 2160), 4)
    assert big.scale == pytest.approx(3 * small.scale)
    assert big.board.w > 2.5 * small.board.w


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720), (1366, 768), (1600, 900), (1920, 1080)])
def test_a_turns_prompts_fit_the_action_panel_without_growing(size):
    """At the default text size, the prompts of a turn (paying's cost chips too) fit the action
    panel as laid out, so none grows over the experiments row at the foot of the base."""
    pygame.font.init()
    L = game_layout(size, 4)
    panel = PromptPanel()
    panel.place(L.actions, L.scale)
    buttons = [Button(label, lambda: None) for label in ("Auto-pay", "Cancel", "Undo")]
    cat = load_catalogue()
    longest = max((spec.name for spec in cat.tiles.values()), key=len)
    dearest = max((spec.cost_vec for spec in cat.tiles.values()), key=sum)
    facts = {"work_left": 4, "upgrades": 2, "astronauts": 3, "paying": longest}
    for phase in ("turn", "action", "work", "pay", "place", "upgrade"):
        title, hint = map(source, WORDS["prompts"][phase])
        cost = Owed(dearest, dearest, (0,) * len(dearest)) if phase == "pay" else None
        for name in CHARACTERS:
            frame = PromptFrame(title.format(name=name, **facts), hint.format(name=name, **facts), cost, buttons)
            assert panel.needed_height(frame) <= L.actions.h, (phase, name)
