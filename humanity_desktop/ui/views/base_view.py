"""A player's base: the grid of modules, obstacles and astronauts, the experiments done,
and the astronauts coming home.

BaseView is the seam for the base grid editor: it turns a base into cells on screen and
screen points back into cells, and draws what the frame asks; gestures live elsewhere.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from ...engine import State
from ...engine.catalogue import RESOURCES, SIDES, load
from ...engine.rules import placement_cells, supply_of
from ...engine.state import ACTIVE, EXHAUSTED, RETURNING
from .. import icons, theme, tile_art
from ..drawn import Fact, place
from ..fonts import draw_text
from ..surface_cache import cached
from ...controller.targets import ASTRO, CELL, DONE_EXPERIMENT, RETURNING_ASTRONAUT, Target
from .board_view import _shade
from .view import View

MAX_CELL = 132  # design pixels
EDGE = 12  # design pixels between the header's or footer's ends and what they hold
ZOOM_RANGE = (0.6, 2.5)


@dataclass
class BaseFrame:
    state: State
    seat: int
    chars: tuple  # seat -> character (name and colour)
    names: tuple
    hidden_cells: frozenset = frozenset()  # cells whose new tile is still in flight
    hidden_astros: frozenset = frozenset()
    pulses: dict = field(default_factory=dict)  # cell -> 0..1, a flash on activation or spending
    marked_cells: frozenset = frozenset()  # what the player may click now
    marked_astros: frozenset = frozenset()
    selected_returning: int | None = None
    hover: Target | None = None
    turn: int = 0  # the way lit tiles turn now: +1 clockwise (work), -1 counterclockwise (pay)
    symbols: bool = True  # figures carry their player's symbol (the option)


@dataclass(frozen=True)
class Grid:
    origin: tuple[int, int]  # screen position of cell (min_x, min_y)
    min_cell: tuple[int, int]
    cols: int
    rows: int
    cell: int

    def rect(self, cell: tuple[int, int]) -> pygame.Rect:
        x = self.origin[0] + (cell[0] - self.min_cell[0]) * self.cell
        y = self.origin[1] + (cell[1] - self.min_cell[1]) * self.cell
        return pygame.Rect(x, y, self.cell, self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        cx = (pos[0] - self.origin[0]) // self.cell
        cy = (pos[1] - self.origin[1]) // self.cell
        if 0 <= cx < self.cols and 0 <= cy < self.rows:
            return (int(cx) + self.min_cell[0], int(cy) + self.min_cell[1])
        return None

    def cells(self):
        for y in range(self.rows):
            for x in range(self.cols):
                yield (x + self.min_cell[0], y + self.min_cell[1])


def base_cells(state: State, seat: int) -> set:
    player = state.players[seat]
    return set(player.base) | {pos for _, where, pos in player.astros if where in (ACTIVE, EXHAUSTED)}


def bounds(cells: set, margin: int) -> tuple[tuple[int, int], int, int]:
    """The first cell, columns and rows of the box around `cells` and `margin` free cells."""
    xs = [c[0] for c in cells] or [0]
    ys = [c[1] for c in cells] or [0]
    lo = (min(xs) - margin, min(ys) - margin)
    return lo, max(xs) + margin - lo[0] + 1, max(ys) + margin - lo[1] + 1


def fit_grid(area: pygame.Rect, cells: set, margin: int, max_cell: int) -> Grid:
    """The largest square cells that show `cells` plus `margin` free cells around them."""
    lo, cols, rows = bounds(cells, margin)
    cell = max(4, min(area.w // cols, area.h // rows, max_cell))
    origin = (area.centerx - cols * cell // 2, area.centery - rows * cell // 2)
    return Grid(origin, lo, cols, rows, cell)


class Framing(NamedTuple):
    """How one seat's base is viewed: fitted once, then zoomed and panned by the player."""

    zoom: float
    pan: tuple[int, int]  # screen pixels the grid is moved by, from its fitted place
    framed: frozenset  # the cells the view was fitted to
    seen: frozenset  # the cells the view has shown, framed or come since


class BaseView(View):
    """The base on screen. Each seat's base is fitted once (on its first sight, and on Home);
    the player's zoom and pan then apply to that fit, and the view of each seat is kept while
    another's is shown. A base that grows or shrinks keeps its view, so nothing moves under
    the pointer after a placement and the scale stays from turn to turn, unless a new piece
    would land outside the panel: then the view fits the whole base again."""

    zoom = 1.0
    pan = (0, 0)  # screen pixels the grid is moved by, from its fitted place
    seat: int | None = None  # whose base the view is fitted to; None: fit afresh
    framed: frozenset = frozenset()  # the cells the view was fitted to
    seen: frozenset = frozenset()  # the cells the view has shown, framed or come since

    def __init__(self) -> None:
        super().__init__()
        self._kept: dict[int, Framing] = {}  # the view of each seat not on show

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.place(rect, scale)
        s = scale
        self.header = pygame.Rect(rect.x, rect.y, rect.w, int(40 * s))
        self.footer = pygame.Rect(rect.x, rect.bottom - int(78 * s), rect.w, int(78 * s))
        self.area = pygame.Rect(rect.x + int(10 * s), self.header.bottom,
                                rect.w - int(20 * s), self.footer.top - self.header.bottom - int(4 * s))

    def grid(self, state: State, seat: int) -> Grid:
        cells = frozenset(base_cells(state, seat))
        if seat != self.seat:
            self._show(seat, cells)
        grid = self._viewed(cells)
        new = cells - self.seen
        if all(self.area.contains(grid.rect(cell)) for cell in new):
            self.seen |= new
            return grid
        self.reset_view()
        return self.grid(state, seat)

    def _show(self, seat: int, cells: frozenset) -> None:
        """Keep the view of the base on show, and take up `seat`'s: as it was left, or fitted afresh."""
        if self.seat is not None:
            self._kept[self.seat] = Framing(self.zoom, self.pan, self.framed, self.seen)
        kept = self._kept.pop(seat, None) or Framing(1.0, (0, 0), cells, cells)
        self.seat = seat
        self.zoom, self.pan, self.framed, self.seen = kept

    def _viewed(self, cells: frozenset) -> Grid:
        """The grid over `cells` (and a free cell around them) as the view shows it: the fit
        of the framed cells, zoomed and panned."""
        fitted = fit_grid(self.area, self.framed, 1, int(MAX_CELL * self.scale))
        cell = max(8, round(fitted.cell * self.zoom))
        left = self.area.centerx + self.pan[0] - fitted.cols * cell // 2
        top = self.area.centery + self.pan[1] - fitted.rows * cell // 2
        lo, cols, rows = bounds(cells, 1)
        origin = (left + (lo[0] - fitted.min_cell[0]) * cell, top + (lo[1] - fitted.min_cell[1]) * cell)
        return Grid(origin, lo, cols, rows, cell)

    # ------------------------------------------------------------ the view: pan and zoom

    def zoom_at(self, pos, factor: float) -> None:
        """Zoom by `factor`, keeping the point under `pos` where it is."""
        new = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], self.zoom * factor))
        f = new / self.zoom
        ox, oy = pos[0] - self.area.centerx, pos[1] - self.area.centery
        self.pan = (round(ox - (ox - self.pan[0]) * f), round(oy - (oy - self.pan[1]) * f))
        self.zoom = new

    def pan_by(self, dx: float, dy: float) -> None:
        # The grid may not leave the area entirely: half of it stays in reach.
        limit_x, limit_y = self.area.w * self.zoom / 2, self.area.h * self.zoom / 2
        self.pan = (round(max(-limit_x, min(limit_x, self.pan[0] + dx))),
                    round(max(-limit_y, min(limit_y, self.pan[1] + dy))))

    @property
    def view_key(self) -> tuple:
        """Changes whenever the view moves, so a cached drawing of it is redrawn."""
        return self.zoom, self.pan, self.seat, self.framed

    def refit(self) -> None:
        """Fit the view to the whole base again at the next sight of it; zoom and pan apply to
        the new fit."""
        self.seat = None

    def reset_view(self) -> None:
        """Home: the whole base fitted to the panel, neither zoomed nor panned."""
        self.zoom, self.pan = 1.0, (0, 0)
        if self.seat is not None:
            self._kept.pop(self.seat, None)
        self.refit()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, f: BaseFrame) -> None:
        s, seat = f.state, f.seat
        self._draw_header(surface, f)
        grid = self.grid(s, seat)
        player = s.players[seat]
        free = set(placement_cells(player, load()))
        gap = max(2, grid.cell // 22)
        radius = max(3, grid.cell // 12)
        clip = surface.get_clip()
        surface.set_clip(self.area)  # a zoomed or panned grid stays inside its panel
        for cell in grid.cells():
            rect = grid.rect(cell).inflate(-gap * 2, -gap * 2)
            if cell in player.base and cell not in f.hidden_cells:
                tid, stock = player.base[cell]
                surface.blit(tile_art.module_tile(tid, rect.w, stock, player.wild.get(cell)), rect)
                if f.marked_cells and cell not in f.marked_cells:
                    surface.blit(_shade(rect.size), rect)  # not something the player may use now
            elif cell in free:
                pygame.draw.rect(surface, (34, 33, 43), rect, border_radius=radius)
                pygame.draw.rect(surface, (62, 58, 74), rect, max(1, int(self.scale)), border_radius=radius)
            else:
                pygame.draw.circle(surface, (46, 44, 56), rect.center, max(2, grid.cell // 30))
            pulse = f.pulses.get(cell)
            if pulse:
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*theme.HIGHLIGHT, int(110 * pulse)))
                surface.blit(glow, rect)
            if cell in f.marked_cells:
                hovered = f.hover == Target(CELL, seat, cell)
                pygame.draw.rect(surface, theme.HIGHLIGHT if hovered else theme.ACCENT, rect.inflate(4, 4),
                                 max(2, int(3 * self.scale)), border_radius=radius)
                if f.turn and cell in player.base:
                    handle = turn_handle(max(12, grid.cell // 4), f.turn)
                    surface.blit(handle, handle.get_rect(center=self.handle_center(rect)))
        self._draw_astronauts(surface, f, grid)
        surface.set_clip(clip)
        self._draw_footer(surface, f)

    def _draw_header(self, surface: pygame.Surface, f: BaseFrame) -> None:
        sc = self.scale
        h = self.header
        marker = icons.player_marker(f.chars[f.seat], int(24 * sc))
        surface.blit(marker, marker.get_rect(midleft=(h.x + int(EDGE * sc), h.centery)))
        draw_text(surface, f"{f.names[f.seat]}'s base".upper(), int(16 * sc), theme.TEXT,
                  (h.x + int(44 * sc), h.centery), "midleft", bold=True)
        draw_stored(surface, f.state.players[f.seat].base, f.seat, (h.right - int(EDGE * sc), h.centery), sc)

    def _draw_astronauts(self, surface: pygame.Surface, f: BaseFrame, grid: Grid) -> None:
        player = f.state.players[f.seat]
        size = int(grid.cell * 0.74)
        for i, (work, where, pos) in enumerate(player.astros):
            if where not in (ACTIVE, EXHAUSTED) or i in f.hidden_astros:
                continue
            rect = grid.rect(pos)
            img = tile_art.astronaut(f.chars[f.seat], size, work, where == ACTIVE, f.symbols)
            place(surface, img, img.get_rect(center=rect.center), fact=Fact("astronaut_work", f.seat, i))
            if i == f.state.sel and f.state.current == f.seat:
                pygame.draw.circle(surface, theme.HIGHLIGHT, rect.center, int(grid.cell * 0.46), max(2, int(3 * self.scale)))
            elif i in f.marked_astros:
                hovered = f.hover == Target(ASTRO, f.seat, i)
                pygame.draw.circle(surface, theme.HIGHLIGHT if hovered else theme.ACCENT, rect.center,
                                   int(grid.cell * 0.46), max(2, int(3 * self.scale)))
            elif f.marked_astros and where == ACTIVE:
                surface.blit(_shade(rect.size), rect)

    def _footer_items(self, s: State, seat: int) -> tuple[list, list]:
        """Rects of the experiments done (grouped by side) and of the returning astronauts."""
        sc = self.scale
        size = int(46 * sc)
        gap = int(6 * sc)
        y = self.footer.y + int(24 * sc)
        x = self.footer.x + int(EDGE * sc)
        cat = load()
        done = []
        for side in SIDES:
            for eid in (e for e in s.players[seat].experiments if cat.experiments[e].side == side):
                done.append((eid, pygame.Rect(x, y, size, size)))
                x += size + gap // 2
            x += gap * 2
        back = []
        x = self.footer.right - int(EDGE * sc)
        for i, (_, where, _) in reversed(list(enumerate(s.players[seat].astros))):
            if where == RETURNING:
                x -= size
                back.append((i, pygame.Rect(x, y, size, size)))
                x -= gap
        return done, back

    def _draw_footer(self, surface: pygame.Surface, f: BaseFrame) -> None:
        sc = self.scale
        s, seat = f.state, f.seat
        done, back = self._footer_items(s, seat)
        label_y = self.footer.y + int(4 * sc)
        draw_text(surface, "EXPERIMENTS" if done else "NO EXPERIMENTS YET", int(12 * sc), theme.TEXT_FAINT,
                  (self.footer.x + int(EDGE * sc), label_y), bold=True)
        for eid, rect in done:
            surface.blit(tile_art.experiment_tile(eid, rect.w), rect)
        if back:
            draw_text(surface, "RETURNING", int(12 * sc), theme.TEXT_FAINT,
                      (self.footer.right - int(EDGE * sc), label_y), "topright", bold=True)
        for i, rect in back:
            if i in f.hidden_astros:
                continue  # in the player's hand
            work = s.players[seat].astros[i][0]
            place(surface, tile_art.astronaut(f.chars[seat], rect.w, work, True, f.symbols), rect, fact=Fact("astronaut_work", seat, i))
            if f.selected_returning == i:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=6)

    # ------------------------------------------------------------ geometry for others

    def handle_center(self, tile: pygame.Rect) -> tuple[int, int]:
        """Where a lit tile's turn handle sits: its top-right corner."""
        inset = tile.w // 8
        return tile.right - inset, tile.top + inset

    def cell_rect(self, state: State, seat: int, cell) -> pygame.Rect:
        grid = self.grid(state, seat)
        gap = max(2, grid.cell // 22)
        return grid.rect(cell).inflate(-gap * 2, -gap * 2)

    def returning_rect(self, state: State, seat: int, index: int) -> pygame.Rect | None:
        _, back = self._footer_items(state, seat)
        return next((rect for i, rect in back if i == index), None)

    def cell_center(self, state: State, seat: int, cell) -> tuple[int, int]:
        return self.grid(state, seat).rect(cell).center

    def cell_size(self, state: State, seat: int) -> int:
        return self.grid(state, seat).cell

    def experiment_center(self, state: State, seat: int, eid: str) -> tuple[int, int]:
        done, _ = self._footer_items(state, seat)
        return next((rect.center for e, rect in done if e == eid), self.footer.center)

    def experiment_rect(self, state: State, seat: int, eid: str) -> pygame.Rect:
        """Where a carried-out experiment is shown in the footer."""
        done, _ = self._footer_items(state, seat)
        return next((rect for e, rect in done if e == eid), pygame.Rect(self.footer.center, (0, 0)))

    def returning_center(self, state: State, seat: int) -> tuple[int, int]:
        _, back = self._footer_items(state, seat)
        return back[0][1].center if back else (self.footer.right - int(40 * self.scale), self.footer.centery)

    def hit(self, pos, state: State, seat: int) -> Target | None:
        if not self.rect.collidepoint(pos):
            return None
        done, back = self._footer_items(state, seat)
        for eid, rect in done:
            if rect.collidepoint(pos):
                return Target(DONE_EXPERIMENT, seat, eid)
        for i, rect in back:
            if rect.collidepoint(pos):
                return Target(RETURNING_ASTRONAUT, seat, i)
        if not self.area.collidepoint(pos):
            return None
        cell = self.grid(state, seat).cell_at(pos)
        if cell is None:
            return None
        for i, (_, where, at) in enumerate(state.players[seat].astros):
            if where in (ACTIVE, EXHAUSTED) and at == cell:
                return Target(ASTRO, seat, i)
        return Target(CELL, seat, cell)


def stored(base: dict) -> list[tuple[tuple[str, ...], int]]:
    """The units a base holds, by what each may be spent as: (resource names, count)."""
    return [(tuple(RESOURCES[r] for r in kinds), count) for kinds, count in supply_of(base, load())]


def draw_stored(surface: pygame.Surface, base: dict, seat: int, midright: tuple, sc: float) -> pygame.Rect:
    """The units a base holds, right-aligned at `midright`: a count after the resource's
    token (two tokens for a unit of either kind). Returns the area drawn."""
    size, gap = int(18 * sc), int(10 * sc)
    x, y = midright
    area = pygame.Rect(x, y, 0, 0)
    for names, count in reversed(stored(base)):
        label = draw_text(surface, str(count), int(15 * sc), theme.TEXT, (x, y), "midright", bold=True,
                          fact=Fact("stock", seat, "/".join(names)))
        x = label.x - int(3 * sc)
        area.union_ip(label)
        for name in reversed(names):
            icon = icons.resource(name, size)
            area.union_ip(surface.blit(icon, icon.get_rect(midright=(x, y))))
            x -= size - int(4 * sc)
        x -= gap
    return area


@cached
def turn_handle(size: int, direction: int) -> pygame.Surface:
    """A round badge with a three-quarter arrow: the way a lit tile turns (+1 clockwise)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surf, (*theme.ACCENT_DARK, 235), (c, c), c)
    r = size * 0.3
    width = max(2, size // 9)
    # Screen y points down, so the arc's angles run the other way round from pygame's.
    start, end = math.radians(-60), math.radians(210)
    pygame.draw.arc(surf, theme.TEXT, pygame.Rect(c - r, c - r, 2 * r, 2 * r), start, end, width)
    tip_angle = -start if direction > 0 else -end  # the arrow's head at the end it turns towards
    tx, ty = c + r * math.cos(tip_angle), c + r * math.sin(tip_angle)
    along = tip_angle + direction * math.pi / 2  # the tangent in the turning direction
    head = size * 0.2
    points = [(tx + head * math.cos(along), ty + head * math.sin(along)),
              (tx + head * 0.8 * math.cos(along + 2.2), ty + head * 0.8 * math.sin(along + 2.2)),
              (tx + head * 0.8 * math.cos(along - 2.2), ty + head * 0.8 * math.sin(along - 2.2))]
    pygame.draw.polygon(surf, theme.TEXT, points)
    return surf


def draw_mini_base(surface: pygame.Surface, rect: pygame.Rect, state: State, seat: int, char: int) -> None:
    """A miniature of a base: tile colours and astronaut markers, nothing else."""
    grid = fit_grid(rect, base_cells(state, seat), 0, rect.w)
    player = state.players[seat]
    size = max(3, grid.cell - max(1, grid.cell // 8))
    for cell, (tid, _) in player.base.items():
        surface.blit(tile_art.mini_tile(tid, size), grid.rect(cell).topleft)
    for _, where, pos in player.astros:
        if where in (ACTIVE, EXHAUSTED):
            marker = icons.player_marker(char, max(4, int(size * 0.8)))
            surface.blit(marker, marker.get_rect(center=grid.rect(pos).center))
