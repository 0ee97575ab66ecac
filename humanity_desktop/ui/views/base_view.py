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

from ...language import _

from ...engine import State
from ...engine.catalogue import RESOURCES, SIDES, load
from ...engine.rules import placement_cells, supply_of
from ...engine.state import ACTIVE, EXHAUSTED, RETURNING
from .. import icons, theme, tile_art
from ..anim import ease, lerp
from ..drawn import Fact, place
from ..fonts import draw_text, fonts
from ..surface_cache import cached
from ...table.targets import ASTRO, CELL, DONE_EXPERIMENT, RETURNING_ASTRONAUT, Target
from .board_view import _shade
from .view import View

MAX_CELL = 132  # design pixels
EDGE = 12  # design pixels between the header's or footer's ends and what they hold
ZOOM_RANGE = (0.6, 2.5)  # of the fitted cell; at the least, 0.6 of a cell that would show the whole base
WHEEL_STEP = 1.15  # the zoom a notch of the mouse wheel makes
GLIDE = 0.3  # seconds the view takes to move by itself (fitted again, or a piece brought into view)


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

    @property
    def box(self) -> pygame.Rect:
        """The whole grid on screen."""
        return pygame.Rect(self.origin, (self.cols * self.cell, self.rows * self.cell))

    def around(self, cells) -> pygame.Rect:
        """The screen box round `cells`."""
        rects = [self.rect(cell) for cell in cells]
        return rects[0].unionall(rects[1:])

    def cells(self):
        for y in range(self.rows):
            for x in range(self.cols):
                yield (x + self.min_cell[0], y + self.min_cell[1])


def base_cells(state: State, seat: int) -> set:
    player = state.players[seat]
    return set(player.base) | {pos for _work, where, pos in player.astros if where in (ACTIVE, EXHAUSTED)}


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
    """How one seat's base is viewed: fitted, then zoomed and panned by the player."""

    zoom: float
    pan: tuple[float, float]  # screen pixels the grid is moved by, from its fitted place
    framed: frozenset  # the cells the view was fitted to
    shown: frozenset  # the cells of the base when the view last showed it
    fitted: bool  # neither zoomed nor panned by the player since it was fitted


class BaseView(View):
    """The base on screen. Each seat's base is fitted on its first sight and on Home, and the
    view of each seat is kept while another's is shown. The zoom and the pan are the
    player's: nothing else changes the zoom, and the view moves by itself only to bring a
    new piece that landed out of sight into view, by the least pan. A view still as fitted
    keeps every cell the player may click (the base and a free cell around it) inside the
    panel: when the base outgrows it, it is fitted again, the piece just placed kept as near
    its place on screen as the panel allows."""

    zoom = 1.0
    pan = (0, 0)  # screen pixels the grid is moved by, from its fitted place
    seat: int | None = None  # whose base the view is fitted to; None: fit afresh
    framed: frozenset = frozenset()  # the cells the view was fitted to
    shown: frozenset = frozenset()  # the cells of the base when the view last showed it
    fitted = True  # neither zoomed nor panned by the player since it was fitted

    def __init__(self, follows: bool = True, glides: bool = False) -> None:
        """`follows`: a view still as fitted is fitted again as the base outgrows it. The
        Sandbox's is not: its base is edited by pointing, and the cell pointed at stays put.
        `glides`: the view moves by itself in a short glide rather than at once, as `update`
        plays it (the game's base; a view shown for a moment moves at once)."""
        super().__init__()
        self.follows, self.glides = follows, glides
        self._snap = False  # the panel has just been laid out: the next move of the view is at once
        self._kept: dict[int, Framing] = {}  # the view of each seat not on show
        self._glide: tuple[Grid, float] | None = None  # the grid the view glides from, and the time it has glided

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        """The panel at a new size: the view fits it at once (a glide would start in the old
        window's places)."""
        self.place(rect, scale)
        self._glide, self._snap = None, True
        s = scale
        self.header = pygame.Rect(rect.x, rect.y, rect.w, int(40 * s))
        self.footer = pygame.Rect(rect.x, rect.bottom - int(78 * s), rect.w, int(78 * s))
        self.area = pygame.Rect(rect.x + int(10 * s), self.header.bottom,
                                rect.w - int(20 * s), self.footer.top - self.header.bottom - int(4 * s))

    def grid(self, state: State, seat: int) -> Grid:
        """The grid `seat`'s base is drawn in now (on its way, while the view glides)."""
        grid = self._glided(self._settled(state, seat))
        self._snap = False
        return grid

    def _settled(self, state: State, seat: int) -> Grid:
        """The grid the view shows `seat`'s base in, once any glide is over."""
        cells = frozenset(base_cells(state, seat))
        if seat != self.seat:
            self._show(seat, cells)
        grid = self._viewed(cells)
        new, self.shown = cells - self.shown, cells
        if self.fitted and self.follows and (self.framed != cells or self.pan != (0, 0)) \
                and not self.area.contains(grid.box):
            self._refit(cells, grid, new)
            return self._moved(grid, cells)
        hidden = [cell for cell in new if not self.area.colliderect(grid.rect(cell))]
        if hidden:
            box = grid.around(hidden)
            shown = box.clamp(self.area)  # the least move that brings it in
            self.pan = (self.pan[0] + shown.x - box.x, self.pan[1] + shown.y - box.y)
            return self._moved(grid, cells)
        return grid

    def _moved(self, was: Grid, cells: frozenset) -> Grid:
        """The view has moved by itself from `was`: the grid it shows now, glided to if it glides."""
        if self.glides and not self._snap:
            self._glide = (self._glided(was), 0.0)
        return self._viewed(cells)

    def _glided(self, grid: Grid) -> Grid:
        """`grid`, or on the way to it while the view glides: the size of a cell and the place
        of the first one each part of the way from where the glide began."""
        if self._glide is None:
            return grid
        was, t = self._glide
        p = ease(t / GLIDE)
        start = was.rect(grid.min_cell).topleft
        return Grid((round(lerp(start[0], grid.origin[0], p)), round(lerp(start[1], grid.origin[1], p))),
                    grid.min_cell, grid.cols, grid.rows, round(lerp(was.cell, grid.cell, p)))

    def update(self, dt: float) -> None:
        """Play the glide under way, if any, by `dt` seconds."""
        if self._glide is not None:
            was, t = self._glide
            self._glide = (was, t + dt) if t + dt < GLIDE else None

    @property
    def moving(self) -> bool:
        """Whether the view is gliding."""
        return self._glide is not None

    def _show(self, seat: int, cells: frozenset) -> None:
        """Keep the view of the base on show, and take up `seat`'s: as it was left, or fitted afresh."""
        if self.seat is not None:
            self._kept[self.seat] = Framing(self.zoom, self.pan, self.framed, self.shown, self.fitted)
        kept = self._kept.pop(seat, None) or Framing(1.0, (0, 0), cells, cells, True)
        self.seat, self._glide = seat, None
        self.zoom, self.pan, self.framed, self.shown, self.fitted = kept

    def _refit(self, cells: frozenset, was: Grid, new: frozenset) -> None:
        """Fit the view to `cells` again, the `new` ones kept as near where `was` showed them
        as a grid inside the panel allows."""
        self.framed, self.zoom, self.pan = cells, 1.0, (0, 0)
        fitted = self._viewed(cells)
        if new:
            before, after, room = was.around(new).center, fitted.around(new).center, fitted.box
            self.pan = (_clamp(before[0] - after[0], self.area.left - room.left, self.area.right - room.right),
                        _clamp(before[1] - after[1], self.area.top - room.top, self.area.bottom - room.bottom))

    def _fit(self) -> Grid:
        """The grid fitted to the framed cells, neither zoomed nor panned."""
        return fit_grid(self.area, self.framed, 1, int(MAX_CELL * self.scale))

    def _cell(self, zoom: float) -> int:
        return max(8, round(self._fit().cell * zoom))

    def _viewed(self, cells: frozenset) -> Grid:
        """The grid over `cells` (and a free cell around them) as the view shows it: the fit
        of the framed cells, zoomed and panned."""
        fitted = self._fit()
        cell = self._cell(self.zoom)
        left, top = self._corner(fitted, cell)
        lo, cols, rows = bounds(cells, 1)
        origin = (round(left) + (lo[0] - fitted.min_cell[0]) * cell, round(top) + (lo[1] - fitted.min_cell[1]) * cell)
        return Grid(origin, lo, cols, rows, cell)

    def _corner(self, fitted: Grid, cell: int) -> tuple[float, float]:
        """Where the fitted grid's first cell lies, at `cell` pixels a cell (drawn at the nearest pixel)."""
        return (self.area.centerx + self.pan[0] - fitted.cols * cell // 2,
                self.area.centery + self.pan[1] - fitted.rows * cell // 2)

    # ------------------------------------------------------------ the view: pan and zoom

    def zoom_at(self, pos, factor: float) -> None:
        """Zoom by `factor`, keeping the point under `pos` where it is."""
        fitted = self._fit()
        whole = fit_grid(self.area, self.framed | self.shown, 1, int(MAX_CELL * self.scale))
        low = ZOOM_RANGE[0] * min(1.0, whole.cell / fitted.cell)
        zoom = max(low, min(ZOOM_RANGE[1], self.zoom * factor))
        old, new = self._cell(self.zoom), self._cell(zoom)
        corner = self._corner(fitted, old)
        self.zoom, self.fitted, self._glide = zoom, False, None
        # The first cell's corner moves so the point under `pos` keeps its place at the new size.
        self.pan = tuple(self.pan[k] + (pos[k] - corner[k]) * (1 - new / old) + size * new // 2 - size * old // 2
                         for k, size in enumerate((fitted.cols, fitted.rows)))

    def wheel(self, pos, notches: float) -> None:
        """The mouse wheel over the base: zoom about the pointer, a step a notch."""
        self.zoom_at(pos, WHEEL_STEP ** notches)

    def make_room(self, rect: pygame.Rect, pos) -> None:
        """Zoom out about `pos` (the pointer) until `rect`, a piece just put there, lies
        wholly in the panel, by one step of the wheel at most."""
        area = self.area
        needs = [(pos[0] - area.left) / (pos[0] - rect.left) if rect.left < area.left else 1.0,
                 (area.right - pos[0]) / (rect.right - pos[0]) if rect.right > area.right else 1.0,
                 (pos[1] - area.top) / (pos[1] - rect.top) if rect.top < area.top else 1.0,
                 (area.bottom - pos[1]) / (rect.bottom - pos[1]) if rect.bottom > area.bottom else 1.0]
        factor = max(min(needs), 1 / WHEEL_STEP)
        if factor < 1:
            self.zoom_at(pos, factor)

    def pan_by(self, dx: float, dy: float) -> None:
        # The grid may not leave the area entirely: half of it stays in reach.
        limit_x, limit_y = self.area.w * self.zoom / 2, self.area.h * self.zoom / 2
        self.pan = (max(-limit_x, min(limit_x, self.pan[0] + dx)), max(-limit_y, min(limit_y, self.pan[1] + dy)))
        self.fitted, self._glide = False, None

    @property
    def view_key(self) -> tuple:
        """Changes whenever the view moves, so a cached drawing of it is redrawn."""
        return self.zoom, self.pan, self.seat, self.framed, self._glide and self._glide[1]

    def reset_view(self) -> None:
        """Home: the whole base fitted to the panel afresh at its next sight, neither zoomed nor panned."""
        self.zoom, self.pan, self.fitted, self._glide = 1.0, (0, 0), True, None
        if self.seat is not None:
            self._kept.pop(self.seat, None)
        self.seat = None

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
        stored_at = draw_stored(surface, f.state.players[f.seat].base, f.seat, (h.right - int(EDGE * sc), h.centery), sc)
        name, left = f.names[f.seat].upper(), h.x + int(44 * sc)
        room = stored_at.left - int(EDGE * sc) - left
        title = _("{name}'s base").format(name=f.names[f.seat]).upper()
        if fonts().width(title, fonts().size_to_fit(title, int(16 * sc), room, bold=True), bold=True) > room:
            title = name  # the seat's marker beside the name says whose base it is where the words have no room
        shown, size = fonts().fitted(title, int(16 * sc), room, bold=True)
        draw_text(surface, shown, size, theme.TEXT, (left, h.centery), "midleft", bold=True, cut=shown != title)

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
        for i, (_work, where, _cell) in reversed(list(enumerate(s.players[seat].astros))):
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
        room = self.footer.w - 2 * int(EDGE * sc)
        if back:
            returning = draw_text(surface, _("RETURNING"), int(12 * sc), theme.TEXT_FAINT,
                                  (self.footer.right - int(EDGE * sc), label_y), "topright", bold=True)
            room = returning.left - int(2 * EDGE * sc) - self.footer.x
        label = _("EXPERIMENTS") if done else _("NO EXPERIMENTS YET")
        if fonts().width(label, fonts().size_to_fit(label, int(12 * sc), room, bold=True), bold=True) > room:
            label = _("EXPERIMENTS")  # the heading alone where the returning astronauts' leave no room
        shown, size = fonts().fitted(label, int(12 * sc), room, bold=True)
        draw_text(surface, shown, size, theme.TEXT_FAINT, (self.footer.x + int(EDGE * sc), label_y), bold=True,
                  cut=shown != label)
        for eid, rect in done:
            surface.blit(tile_art.experiment_tile(eid, rect.w), rect)
        for i, rect in back:
            if i in f.hidden_astros:
                continue  # in the player's hand
            work = s.players[seat].astros[i][0]
            place(surface, tile_art.astronaut(f.chars[seat], rect.w, work, True, f.symbols), rect, fact=Fact("astronaut_work", seat, i))
            if f.selected_returning == i:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=6)

    # ------------------------------------------------------------ geometry for others
    # Where the cells are once the view is still: what flies or is carried to a cell lands
    # where the cell ends up, while the drawing and the pointer follow the glide (grid).

    def handle_center(self, tile: pygame.Rect) -> tuple[int, int]:
        """Where a lit tile's turn handle sits: its top-right corner."""
        inset = tile.w // 8
        return tile.right - inset, tile.top + inset

    def cell_rect(self, state: State, seat: int, cell) -> pygame.Rect:
        grid = self._settled(state, seat)
        gap = max(2, grid.cell // 22)
        return grid.rect(cell).inflate(-gap * 2, -gap * 2)

    def returning_rect(self, state: State, seat: int, index: int) -> pygame.Rect | None:
        _done, back = self._footer_items(state, seat)
        return next((rect for i, rect in back if i == index), None)

    def cell_center(self, state: State, seat: int, cell) -> tuple[int, int]:
        return self._settled(state, seat).rect(cell).center

    def cell_size(self, state: State, seat: int) -> int:
        return self._settled(state, seat).cell

    def experiment_center(self, state: State, seat: int, eid: str) -> tuple[int, int]:
        done, _back = self._footer_items(state, seat)
        return next((rect.center for e, rect in done if e == eid), self.footer.center)

    def experiment_rect(self, state: State, seat: int, eid: str) -> pygame.Rect:
        """Where a carried-out experiment is shown in the footer."""
        done, _back = self._footer_items(state, seat)
        return next((rect for e, rect in done if e == eid), pygame.Rect(self.footer.center, (0, 0)))

    def returning_center(self, state: State, seat: int) -> tuple[int, int]:
        _done, back = self._footer_items(state, seat)
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
        for i, (_work, where, at) in enumerate(state.players[seat].astros):
            if where in (ACTIVE, EXHAUSTED) and at == cell:
                return Target(ASTRO, seat, i)
        return Target(CELL, seat, cell)


def _clamp(value: float, low: float, high: float) -> int:
    return round(max(low, min(high, value)))


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
    for cell, (tid, _turns) in player.base.items():
        surface.blit(tile_art.mini_tile(tid, size), grid.rect(cell).topleft)
    for _work, where, pos in player.astros:
        if where in (ACTIVE, EXHAUSTED):
            marker = icons.player_marker(char, max(4, int(size * 0.8)))
            surface.blit(marker, marker.get_rect(center=grid.rect(pos).center))
