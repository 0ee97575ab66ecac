"""The game screen is laid out from the window size: nothing overlaps or leaves the window,
from 1280x720 to 3840x2160."""
from __future__ import annotations

import itertools

import pygame
import pytest

from humanity_desktop.ui.layout import game_layout, seat_card_rects

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024)]


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
