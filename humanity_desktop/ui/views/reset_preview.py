"""The coming reset on the main board: a marker at the spot where the arm would stop if the
round ended now and, while the player looks closer, a ghost of the arm there, the modules that
would leave and the astronauts it would send home, with the reason in a few words."""
from __future__ import annotations

import pygame

from ...engine import State
from ...language import _, listed, ngettext
from ...table.reset_info import ResetInfo
from ...engine.ring import FULL_TURN, HANGARS
from .. import theme
from ..reset_steps import astronaut_name
from ..fonts import draw_text, fonts
from ..widgets import draw_panel
from .board_view import R_ASTRO, BoardView, side_by_side

GHOST_ALPHA = 120


def preview_lines(preview: ResetInfo, names: tuple) -> list[str]:
    """What the reset would do now, and why the arm would stop there."""
    if preview.advance == FULL_TURN:
        swing = _("The arm would go all the way round ({spots} spots): no module would be left.").format(spots=FULL_TURN)
    else:
        k = len(preview.sliding)
        # Translators: {move} is 2 or more: the white crosses' modules always leave.
        swing = ngettext("The arm would swing {move} spots: {hangars} hangars minus the {n} module left.",
                         "The arm would swing {move} spots: {hangars} hangars minus the {n} modules left.",
                         k).format(move=preview.advance, hangars=HANGARS, n=k)
    n = len(preview.leaving)
    leaving = (ngettext("{n} module under the white crosses would leave the ring.",
                        "{n} modules under the white crosses would leave the ring.", n).format(n=n)
               if n else _("No module would leave the ring."))
    who = [astronaut_name(names[seat], i) for seat, i, _x in preview.returned]
    home = _("Going home: {who}.").format(who=listed(who)) if who else _("No astronaut would be overtaken.")
    return [swing, leaving, home]


def draw_stop_marker(surface: pygame.Surface, board: BoardView, preview: ResetInfo) -> pygame.Rect:
    """A bright ring round the spot's socket on the rim where the arm would stop (round an
    astronaut there too, which would stay, in front of the arm)."""
    centre = board.point(preview.arm_to, R_ASTRO)
    w = max(2, int(3 * board.scale))
    pygame.draw.circle(surface, theme.ACCENT_DARK, centre, board.astro * 0.85 + w, w)
    return pygame.draw.circle(surface, theme.HIGHLIGHT, centre, board.astro * 0.85, w)


def draw_preview(surface: pygame.Surface, board: BoardView, state: State, preview: ResetInfo) -> list[tuple]:
    """The whole preview over the board; returns what it marked as (what, key, rect): the
    arm's stop, each leaving module's slot, each overtaken astronaut."""
    _draw_ghost_arm(surface, board, preview.arm_to)
    marked = [("stop", preview.arm_to, draw_stop_marker(surface, board, preview))]
    w = max(2, int(3 * board.scale))
    label = max(10, int(13 * board.scale))
    for _x, space in preview.leaving:
        rect = board.tile_rect(space).inflate(8, 8)
        pygame.draw.rect(surface, theme.BAD, rect, w, border_radius=8)
        # Translators: the mark under a module the reset would take off the ring.
        draw_text(surface, _("leaves"), label, theme.BAD, rect.midbottom, "midtop", bold=True)
        marked.append(("leaving", space, rect))
    going = {(seat, i) for seat, i, _x in preview.returned}
    for seat, i, space, k, of in side_by_side(board.ring_astronauts(state)):
        if (seat, i) in going:
            centre = board.astro_point(space, k, of)
            rect = pygame.draw.circle(surface, theme.BAD, centre, board.astro * 0.62, w)
            marked.append(("home", (seat, i), rect))
    return marked


def _draw_ghost_arm(surface: pygame.Surface, board: BoardView, arm: int) -> None:
    """A see-through arm where the real one would stop, shaped as the real one is."""
    ghost = pygame.Surface(board.rect.size, pygame.SRCALPHA)
    ox, oy = board.rect.topleft
    at = [(x - ox, y - oy) for x, y in board.arm_points(arm)]
    w = max(4, int(board.r * 0.045))
    pygame.draw.lines(ghost, theme.HIGHLIGHT, False, at, w)
    for point in at[1:]:
        pygame.draw.circle(ghost, theme.HIGHLIGHT, point, w)
    ghost.set_alpha(GHOST_ALPHA)
    surface.blit(ghost, board.rect.topleft)


def draw_preview_words(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scale: float) -> None:
    """The preview in words, in a panel over `rect` (the game log's, beside the board)."""
    inner = draw_panel(surface, rect, scale, _("If the round ended now"), fill=theme.PANEL_HI, edge=theme.ACCENT)
    size = int(15 * scale)
    y = inner.y
    for line in lines:
        for part in fonts().wrap(line, size, inner.w):
            draw_text(surface, part, size, theme.TEXT, (inner.x, y))
            y += fonts().height(size)
