"""Where things go on the game screen, computed from the window size and the text size.

Three columns under a top bar: the main board (AMBS) with the game log below it; the
active player's base with the action bar; and the seats with the secondary board.
Every length is the design length (for a 1600x900 window) times the window's scale, except
where text sets it: text stops shrinking at theme.MIN_TEXT_PX, so the action panel stops
shrinking too (ACTIONS_MIN_H), and it grows with the text size, or the prompt would grow
over the base's experiments; the seats' cards are as tall as their text (seats_view).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .theme import points, text_size, ui_scale
from .views.seats_view import card_height

ACTIONS_H = 142  # the action panel's design height: a two-line title, three lines of hint, the cost
ACTIONS_MIN_H = 116  # its least height, in points: in smaller windows its text no longer shrinks (theme.MIN_TEXT_PX)


@dataclass(frozen=True)
class GameLayout:
    scale: float
    top: pygame.Rect
    board: pygame.Rect
    log: pygame.Rect
    base: pygame.Rect
    actions: pygame.Rect
    seats: pygame.Rect
    tracks: pygame.Rect


def game_layout(size: tuple[int, int], players: int) -> GameLayout:
    w, h = size
    s = ui_scale(size)
    m = int(12 * s)
    top = pygame.Rect(m, m, w - 2 * m, int(52 * s))
    body_top = top.bottom + m
    body_h = h - body_top - m
    side_w = max(int(300 * s), int(w * 0.25))
    board_side = min(int(w * 0.4), body_h - int(150 * s))
    board = pygame.Rect(m, body_top, board_side, board_side)
    log = pygame.Rect(m, board.bottom + m, board_side, h - m - board.bottom - m)
    mid_x = board.right + m
    mid_w = w - mid_x - side_w - 2 * m
    actions_h = int(max(int(ACTIONS_H * s), points(ACTIONS_MIN_H)) * max(1.0, text_size()))
    base = pygame.Rect(mid_x, body_top, mid_w, body_h - actions_h - m)
    actions = pygame.Rect(mid_x, base.bottom + m, mid_w, actions_h)
    side_x = w - m - side_w
    card_h = max(int(98 * s), card_height(s, side_w))
    seats_h = players * card_h + (players - 1) * int(8 * s)
    seats = pygame.Rect(side_x, body_top, side_w, seats_h)
    tracks = pygame.Rect(side_x, seats.bottom + m, side_w, h - m - seats.bottom - m)
    return GameLayout(s, top, board, log, base, actions, seats, tracks)
