"""Each seat's last turn marked on the table, in the seat's colour: on the ring the hangar or
bay it emptied and the astronaut it sent out; on its base the module it deployed, the tiles
it worked or paid from, the obstacle it cleared, the astronauts it set down and the squares
it completed. Thin lines and small markers, so the table stays readable under them.

A mark lasts as long as what it points at: a hangar's until the reset refills the ring, a
bay's until the year's end, an astronaut's while it stands where it went. The story
(controller/story.py) drops a seat's marks when the seat moves again.
"""
from __future__ import annotations

import pygame

from ...controller.story import Story
from ...table.played_turn import PlayedTurn
from ...engine import State
from ...engine.grid import square
from ...engine.state import BOARD
from .. import icons, theme
from .base_view import BaseView
from .board_view import BoardView, side_by_side

TONE = 0.2  # how far a mark's colour is toned down toward the panels'


def seat_colour(char: int) -> tuple:
    return theme.mix(theme.PLAYER_COLOURS[char], theme.PANEL, TONE)


def _line(scale: float) -> int:
    return max(2, round(2 * scale))


def draw_ring_marks(surface: pygame.Surface, board: BoardView, state: State, story: Story, chars: tuple,
                    skip: int | None = None) -> None:
    """Every seat's last turn on the ring, but `skip`'s (the seat whose move is being played out)."""
    places = {(p, i): (space, k, of) for p, i, space, k, of in side_by_side(board.ring_astronauts(state))}
    for seat in range(state.n):
        turn = story.last(seat)
        if turn is None or seat == skip:
            continue
        colour, width = seat_colour(chars[seat]), _line(board.scale)
        for rect in taken_rects(board, state, turn):
            pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=max(3, rect.w // 10))
            marker = icons.player_marker(chars[seat], max(8, rect.w // 4))
            surface.blit(marker, marker.get_rect(center=rect.center))
        astronaut = rim_astronaut(state, turn)
        if astronaut is not None and (seat, astronaut) in places:
            centre = board.astro_point(*places[(seat, astronaut)])
            pygame.draw.circle(surface, colour, centre, board.astro * 0.66, width)


def taken_rects(board: BoardView, state: State, turn: PlayedTurn) -> list[pygame.Rect]:
    """The hangar and the bay the turn emptied, while they stay empty where they were."""
    rects = []
    slot, bay = turn.slot, turn.bay
    if slot is not None and state.arm == turn.before.arm and state.hangars[slot - 1] is None:
        rects.append(board.hangar_rect(state, slot))
    if bay is not None and state.year == turn.before.year and state.wheel[bay] is None:
        rects.append(board.bay_rect(state, bay))
    return rects


def rim_astronaut(state: State, turn: PlayedTurn) -> int | None:
    """The astronaut the turn sent beside the board, while it still stands where it went."""
    if turn.rim is None:
        return None
    i, spot = turn.rim
    _, where, pos = state.players[turn.seat].astros[i]
    return i if where == BOARD and pos == spot else None


def draw_base_marks(surface: pygame.Surface, base: BaseView, state: State, turn: PlayedTurn, char: int) -> None:
    """The turn's marks on its seat's base, as `base` shows `state`: a thin outline round each
    tile it worked or paid from; a bold one, with the seat's marker on its corner, round the
    module it deployed, a cell it cleared or set an astronaut on, the experiment it carried
    out and each square it completed."""
    seat = turn.seat
    colour, width = seat_colour(char), _line(base.scale)
    clip = surface.get_clip()
    surface.set_clip(base.rect)
    bold = []
    for corner in turn.squares:
        bold.append(base.cell_rect(state, seat, corner).union(base.cell_rect(state, seat, square(corner)[3]))
                    .inflate(width * 3, width * 3))
    built = (turn.deployed.cell,) if turn.deployed else ()
    for cell in dict.fromkeys(built + turn.cleared + turn.placed):
        bold.append(base.cell_rect(state, seat, cell).inflate(width, width))
    if turn.experiment is not None:
        bold.append(base.experiment_rect(state, seat, turn.experiment.experiment).inflate(width * 2, width * 2))
    for cell in turn.used:
        if cell in state.players[seat].base and cell not in built:
            rect = base.cell_rect(state, seat, cell)
            pygame.draw.rect(surface, colour, rect, max(1, width // 2), border_radius=max(3, rect.w // 12))
    for rect in bold:
        pygame.draw.rect(surface, colour, rect, width + 1, border_radius=max(3, rect.w // 12))
        marker = icons.player_marker(char, max(10, round(18 * base.scale)))
        surface.blit(marker, marker.get_rect(center=rect.topleft))
    surface.set_clip(clip)

