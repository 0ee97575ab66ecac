"""The main board (AMBS): 8 spots round the ring, the arm on one of them, a hangar on each of
the 7 others, the experiment wheel that turns with the arm, and the astronauts beside the board.

Three rings share the same 8 angles: experiments inside, hangars in the middle, astronauts
outside, so an experiment, its hangar and the astronaut who takes either stand in one line.
Spots are numbered clockwise from the bottom. Everything is placed by spot, so an animation
can place a module, the arm or an astronaut at a fractional spot.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from ...language import _

from ...table.reset_info import ResetInfo
from ...engine import State
from ...engine.ring import HANGARS, RING, WHITE_CROSSES, bay_slot, distance
from ...engine.state import BOARD
from .. import art, theme, tile_art
from ..anim import arc_point, ease, ease_out, lerp, segment
from ..drawn import Fact, copied, place, scaled
from ..fonts import draw_text, fonts
from ..surface_cache import cached
from ...table.targets import ARM, EXPERIMENT, HANGAR, HUB, RING_ASTRO, Target
from .view import View

# Radii and sizes as fractions of the board's radius. Tiles stay upright, so on the diagonal
# spots their corners point at each other: the radii leave room for that.
R_HANGAR, R_EXPERIMENT, R_ASTRO, R_HUB, R_DISK = 0.665, 0.31, 0.94, 0.15, 0.45
TILE_SIZE, EXP_SIZE, ASTRO_SIZE = 0.28, 0.205, 0.12
PAD = 1.08  # a hangar pad or wheel bay, around its tile
GHOST_ALPHA = 70  # a piece taken this turn, still to be taken back: this faded
SHARING_GAP = 0.2  # spots between astronauts sharing a spot
FLIGHT_HOME = 0.25  # an astronaut's flight home as the arm passes it, in fractions of the reset


class Timeline(NamedTuple):
    """When each part of a reset plays, in fractions of its animation."""

    leave: tuple  # (start, end): the white crosses' modules fly off
    slide: tuple  # the modules left slide to the far end
    arm: tuple  # the arm swings
    home: tuple | None  # overtaken astronauts fly home one after another; None: each as the arm passes it
    arrive: tuple  # (start, length, stagger): each new module drops in, one a little after the other
    swap: tuple  # (start, middle, end): last year's experiments shrink away, then the new ones grow


# The quick reset overlaps its parts; step by step, each part has its own fifth, in order.
QUICK = Timeline((0.0, 0.3), (0.12, 0.5), (0.22, 0.62), None, (0.62, 0.18, 0.05), (0.5, 0.72, 1.0))
STEPS = Timeline((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 0.1, 0.015), (0.8, 0.88, 1.0))


@dataclass
class BoardFrame:
    """What to show this frame: a position, and what is moving or hidden in it."""

    state: State
    chars: tuple  # seat -> character (colour)
    t: float = 1.0
    reset: ResetInfo | None = None
    timeline: Timeline = QUICK
    moves: tuple = ()  # (seat, astronaut, space_from, space_to): time units along the ring
    hidden_slots: frozenset = frozenset()
    hidden_exps: frozenset = frozenset()
    hidden_ring: frozenset = frozenset()  # (seat, astronaut)
    # Taken this turn, while it can still be taken back: shown faded where it was.
    ghost_slots: tuple = ()  # (hangar, tile)
    ghost_bays: tuple = ()  # (bay, experiment)
    playable_slots: frozenset | None = None  # None: no dimming (not a human's choice now)
    playable_exps: frozenset | None = None
    hover: Target | None = None
    home_of: Callable[[int], tuple] | None = None  # seat -> where its returning astronauts fly
    symbols: bool = True  # figures carry their player's symbol (the option)


class BoardView(View):
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.place(rect, scale)
        self.r = rect.w / 2
        self.c = rect.center
        self.tile = int(self.r * TILE_SIZE)
        self.exp = int(self.r * EXP_SIZE)
        self.astro = int(self.r * ASTRO_SIZE)

    # ------------------------------------------------------------ geometry

    @staticmethod
    def angle(space: float) -> float:
        """Spot 0 at the bottom, clockwise on screen (as on the printed board)."""
        return math.pi / 2 + space * 2 * math.pi / RING

    def point(self, space: float, radius: float) -> tuple[float, float]:
        a = self.angle(space)
        return (self.c[0] + radius * self.r * math.cos(a), self.c[1] + radius * self.r * math.sin(a))

    def tile_rect(self, space: float) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.tile, self.tile)
        rect.center = self.point(space, R_HANGAR)
        return rect

    def exp_rect(self, space: float) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.exp, self.exp)
        rect.center = self.point(space, R_EXPERIMENT)
        return rect

    @staticmethod
    def slot_space(arm: float, slot: int) -> float:
        """Hangar `slot` at a (possibly swinging, fractional) arm: `slot` spots past it."""
        return arm + slot

    @classmethod
    def bay_space(cls, arm: float, index: int) -> float:
        """Wheel bay `index` at a (possibly swinging, fractional) arm: in line with its hangar."""
        return cls.slot_space(arm, bay_slot(index))

    def hangar_rect(self, state: State, slot: int) -> pygame.Rect:
        return self.tile_rect(self.slot_space(state.arm, slot))

    def bay_rect(self, state: State, index: int) -> pygame.Rect:
        return self.exp_rect(self.bay_space(state.arm, index))

    def ring_astronauts(self, state: State) -> list[tuple[int, int, int]]:
        return [(p, i, pos) for p, player in enumerate(state.players)
                for i, (_work, where, pos) in enumerate(player.astros) if where == BOARD]

    def astro_point(self, space: float, k: int = 0, of: int = 1) -> tuple[float, float]:
        """Where the k-th of `of` astronauts sharing a spot stands: side by side along the rim,
        closer together when many share it, so none hides another or a neighbour spot's."""
        apart = ASTRO_SIZE * 1.05 / (R_ASTRO * 2 * math.pi / RING)  # spots from one's centre to the next: never overlapping
        step = max(min(SHARING_GAP, 0.8 / max(1, of)), apart)
        return self.point(space + step * (k - (of - 1) / 2), R_ASTRO)

    # ------------------------------------------------------------ drawing

    def paint_background(self, surface: pygame.Surface) -> None:
        """The board's fixed parts (ring with its sockets, experiment disk); the game screen
        keeps them in its static layer."""
        ring = art.image("board/ring", int(self.r * 2))
        surface.blit(ring, ring.get_rect(center=self.c))
        disk = art.image("board/disk", int(self.r * 2 * R_DISK))
        surface.blit(disk, disk.get_rect(center=self.c))

    def draw(self, surface: pygame.Surface, f: BoardFrame) -> None:
        s = f.state
        reset = f.reset
        arm = self._arm_space(f)
        self._draw_pads(surface, arm)
        self._draw_arm(surface, arm)  # under the tiles, so it never hides what they say
        self._draw_experiments(surface, f, arm)
        if reset is None:
            self._draw_modules(surface, f)
        else:
            self._draw_reset_modules(surface, reset, f.t, f.timeline)
        self._draw_crosses(surface, arm)
        self._draw_hangar_numbers(surface, arm)
        self._draw_ring_astronauts(surface, f)
        self._draw_hub(surface, s)

    def _arm_space(self, f: BoardFrame) -> float:
        if f.reset is None:
            return f.state.arm
        r = f.reset
        return r.arm_from + r.advance * ease(segment(f.t, *f.timeline.arm))

    def _draw_pads(self, surface: pygame.Surface, arm: float) -> None:
        """The hangar pads and the wheel's bays, all following the arm; the two pads right after
        it have the dashed edge of the white crosses."""
        bay = art.image("board/pad", int(self.exp * PAD))
        for k in range(1, HANGARS + 1):
            pad = art.image("board/pad-exit" if k in WHITE_CROSSES else "board/pad", int(self.tile * PAD))
            surface.blit(pad, pad.get_rect(center=self.point(self.slot_space(arm, k), R_HANGAR)))
            surface.blit(bay, bay.get_rect(center=self.point(self.bay_space(arm, k - 1), R_EXPERIMENT)))

    def _draw_crosses(self, surface: pygame.Surface, arm: float) -> None:
        """The white crosses, beside each pad's outer corner on the arm's side: clear of the tile
        even on a diagonal spot, where the tile's corner points outward."""
        cross = art.image("marks/cross", int(self.tile * 0.24))
        for k in WHITE_CROSSES:
            centre = self.point(self.slot_space(arm, k) - 0.25, R_HANGAR + TILE_SIZE * 0.62)
            surface.blit(cross, cross.get_rect(center=centre))

    def _draw_hangar_numbers(self, surface: pygame.Surface, arm: float) -> None:
        """Each hangar's number, as the guide and the tooltips call it, beside the pad's outer
        corner away from the arm (the white crosses stand at the other corner)."""
        size = theme.text_px(13, self.scale)
        radius = fonts().height(size, True) * 0.62
        for k in range(1, HANGARS + 1):
            centre = self.point(self.slot_space(arm, k) + 0.27, R_HANGAR + TILE_SIZE * 0.6)
            pygame.draw.circle(surface, theme.INSET, centre, radius)
            pygame.draw.circle(surface, theme.TEXT_DIM, centre, radius, max(1, int(self.scale)))
            draw_text(surface, str(k), size, theme.TEXT, centre, "center", bold=True)

    def _draw_modules(self, surface: pygame.Surface, f: BoardFrame) -> None:
        s = f.state
        for k, tile in f.ghost_slots:
            _ghost(surface, tile_art.module_tile(tile, self.tile), self.hangar_rect(s, k))
        for k, tile in enumerate(s.hangars, start=1):
            if tile is None or k in f.hidden_slots:
                continue
            rect = self.hangar_rect(s, k)
            surface.blit(tile_art.module_tile(tile, self.tile), rect)
            self._mark(surface, rect, f.playable_slots, k, f.hover == Target(HANGAR, None, k))
            if s.target == ("module", k):
                self._chosen(surface, rect)

    def _mark(self, surface, rect: pygame.Rect, playable, key, hovered: bool) -> None:
        """Dim what the player cannot choose now; outline what they can, brighter under the pointer."""
        if playable is None:
            if hovered:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), max(1, int(2 * self.scale)), border_radius=6)
            return
        if key in playable:
            col = theme.HIGHLIGHT if hovered else theme.ACCENT
            pygame.draw.rect(surface, col, rect.inflate(6, 6), max(2, int(3 * self.scale)), border_radius=8)
        else:
            surface.blit(_shade(rect.size), rect)

    def _chosen(self, surface, rect: pygame.Rect) -> None:
        """The tile being paid for: a bright double outline."""
        w = max(2, int(3 * self.scale))
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), w, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT_DARK, rect.inflate(8 + 2 * w, 8 + 2 * w), w, border_radius=10)

    def _draw_reset_modules(self, surface: pygame.Surface, r: ResetInfo, t: float, line: Timeline) -> None:
        out = segment(t, *line.leave)
        for tile, space in r.leaving:
            if out < 1:
                radius = R_HANGAR + 0.5 * ease(out)
                img = tile_art.module_tile(tile, self.tile).copy()
                img.set_alpha(int(255 * (1 - out)))
                surface.blit(img, img.get_rect(center=self.point(space, radius)))
        slide = ease(segment(t, *line.slide))
        for tile, a, b in r.sliding:
            space = a + distance(a, b) * slide
            surface.blit(tile_art.module_tile(tile, self.tile), self.tile_rect(space))
        start, length, stagger = line.arrive
        for i, (tile, space) in enumerate(r.arriving):
            p = ease_out(segment(t, start + stagger * i, start + length + stagger * i))
            if p <= 0:
                continue
            size = max(4, int(self.tile * lerp(1.5, 1.0, p)))
            img = scaled(tile_art.module_tile(tile, self.tile), (size, size))
            img.set_alpha(int(255 * p))
            surface.blit(img, img.get_rect(center=self.point(space, R_HANGAR)))

    def _draw_experiments(self, surface: pygame.Surface, f: BoardFrame, arm: float) -> None:
        """The wheel's experiments, turning with the (possibly swinging) arm."""
        s, r = f.state, f.reset
        if r is not None and r.experiments_from:
            self._swap_experiments(surface, r, f.t, arm - r.arm_from, f.timeline.swap)
            return
        for i, eid in f.ghost_bays:
            _ghost(surface, tile_art.experiment_tile(eid, self.exp), self.exp_rect(self.bay_space(arm, i)))
        for i, eid in enumerate(s.wheel):
            if eid is None or i in f.hidden_exps:
                continue
            rect = self.exp_rect(self.bay_space(arm, i))
            surface.blit(tile_art.experiment_tile(eid, self.exp), rect)
            self._mark(surface, rect, f.playable_exps, i, f.hover == Target(EXPERIMENT, None, i))
            if s.target == ("experiment", i):
                self._chosen(surface, rect)

    def _swap_experiments(self, surface: pygame.Surface, r: ResetInfo, t: float, turned: float, swap: tuple) -> None:
        """The year changes: last year's experiments turn with the arm and shrink away, then
        the new ones grow in where the arm stopped."""
        start, middle, end = swap
        gone, come = segment(t, start, middle), ease_out(segment(t, middle, end))
        for items, p, shift in ((r.experiments_from, 1 - gone, turned), (r.experiments_to, come, 0.0)):
            size = int(self.exp * p)
            if size < 4:
                continue
            for eid, space in items:
                img = scaled(tile_art.experiment_tile(eid, self.exp), (size, size))
                surface.blit(img, img.get_rect(center=self.point(space + shift, R_EXPERIMENT)))

    def _draw_arm(self, surface: pygame.Surface, arm: float) -> None:
        """The arm reaches over its own spot, the one without a hangar, to the rim."""
        w = max(4, int(self.r * 0.045))
        _shoulder, elbow, tip = self.arm_points(arm)
        for a, b in ((self.c, elbow), (elbow, tip)):
            length = math.hypot(b[0] - a[0], b[1] - a[1]) + w
            strut = _rotated("board/arm-strut", int(length), w, _degrees(a, b))
            surface.blit(strut, strut.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        joint = art.image("board/arm-joint", int(w * 1.9))
        surface.blit(joint, joint.get_rect(center=elbow))
        claw = _rotated("board/arm-claw", int(w * 3.2), int(w * 3.2), _degrees(elbow, tip))
        surface.blit(claw, claw.get_rect(center=tip))

    def arm_points(self, arm: float) -> tuple:
        """The arm's root, elbow and claw tip with the arm on spot `arm`."""
        return self.c, self.point(arm - 0.2, 0.46), self.point(arm, 0.8)

    def _draw_ring_astronauts(self, surface: pygame.Surface, f: BoardFrame) -> None:
        s = f.state
        moving = {(p, i): (a, b) for p, i, a, b in f.moves}
        step = ease(f.t)
        shown = [(p, i, pos) for p, i, pos in self.ring_astronauts(s) if (p, i) not in f.hidden_ring]
        for p, i, pos, k, of in side_by_side(shown):
            space: float = pos
            if (p, i) in moving:
                a, b = moving[(p, i)]
                space = a - distance(b, a) * step
            img = tile_art.astronaut(f.chars[p], self.astro, s.players[p].astros[i][0], True, f.symbols)
            place(surface, img, img.get_rect(center=self.astro_point(space, k, of)), fact=Fact("astronaut_work", p, i))
        if f.reset is not None and f.home_of is not None:
            self._draw_homecoming(surface, f)

    def _draw_homecoming(self, surface: pygame.Surface, f: BoardFrame) -> None:
        """Astronauts overtaken by the arm fly back to their players, each as the arm passes it."""
        r = f.reset
        for n, (seat, i, space, k, of) in enumerate(side_by_side(r.returned)):
            p_t = ease(segment(f.t, *_flight_home(f.timeline, r, space, n)))
            if p_t >= 1:
                continue
            start = self.astro_point(space, k, of)
            pos = arc_point(start, f.home_of(seat), p_t, self.r * 0.25)
            img = tile_art.astronaut(f.chars[seat], self.astro, f.state.players[seat].astros[i][0], True, f.symbols)
            surface.blit(img, img.get_rect(center=pos))

    def _draw_hub(self, surface: pygame.Surface, s: State) -> None:
        """The hub covers the arm's root, so the arm seems to come out from under it."""
        hub = art.image("board/hub", int(self.r * R_HUB * 2))
        surface.blit(hub, hub.get_rect(center=self.c))
        cx, cy = self.c
        f = fonts()
        room = int(2 * self.r * (R_EXPERIMENT - EXP_SIZE / 2))  # between the wheel's experiments
        year, round_ = _("YEAR {number}").format(number=s.year), _("Round {number}").format(number=s.round)
        size = f.size_to_fit(year, max(9, int(self.r * 0.065)), room, bold=True)
        round_size = f.size_to_fit(round_, int(size * 0.85), room)
        year_h, round_h = f.height(size, bold=True), f.height(round_size)
        top = cy - (year_h + round_h) // 2  # the two lines as a block on the hub's centre, at any text size
        draw_text(surface, year, size, theme.ACCENT, (cx, top), "midtop", bold=True, fact=Fact("year"))
        draw_text(surface, round_, round_size, theme.TEXT, (cx, top + year_h), "midtop", fact=Fact("round"))

    # ------------------------------------------------------------ hit test

    def hit(self, pos, state: State) -> Target | None:
        if not self.rect.collidepoint(pos):
            return None
        for k, tile in enumerate(state.hangars, start=1):
            if tile and self.hangar_rect(state, k).collidepoint(pos):
                return Target(HANGAR, None, k)
        for i, eid in enumerate(state.wheel):
            if eid and self.bay_rect(state, i).collidepoint(pos):
                return Target(EXPERIMENT, None, i)
        for p, i, space, k, of in side_by_side(self.ring_astronauts(state)):
            x, y = self.astro_point(space, k, of)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.astro * 0.55:
                return Target(RING_ASTRO, p, i)
        dx, dy = pos[0] - self.c[0], pos[1] - self.c[1]
        if math.hypot(dx, dy) <= self.r * R_HUB:
            return Target(HUB)
        tip = self.arm_points(state.arm)[2]
        if math.hypot(pos[0] - tip[0], pos[1] - tip[1]) <= self.r * 0.09:
            return Target(ARM)
        return None

    def hangar_center(self, state: State, slot: int) -> tuple[float, float]:
        return self.point(self.slot_space(state.arm, slot), R_HANGAR)

    def experiment_center(self, state: State, index: int) -> tuple[float, float]:
        return self.point(self.bay_space(state.arm, index), R_EXPERIMENT)


def _flight_home(line: Timeline, r: ResetInfo, space: int, n: int) -> tuple[float, float]:
    """When the `n`-th overtaken astronaut flies home: as the arm passes it, or in its turn
    within the timeline's own part for the flights."""
    if line.home is None:
        a, b = line.arm
        passed = a + (b - a) * distance(r.arm_from, space) / r.advance
        return passed, passed + FLIGHT_HOME
    a, b = line.home
    each = (b - a) / len(r.returned)
    return a + each * n, a + each * (n + 1)


def _ghost(surface: pygame.Surface, picture: pygame.Surface, rect: pygame.Rect) -> None:
    """A piece taken this turn, faded where it stood while the turn can still be taken back."""
    faded = copied(picture)
    faded.set_alpha(GHOST_ALPHA)
    surface.blit(faded, faded.get_rect(center=rect.center))


def side_by_side(astronauts) -> list[tuple]:
    """(seat, astronaut, spot) -> (seat, astronaut, spot, k, of): each one's place among
    those sharing its spot."""
    groups: dict[int, list] = {}
    for p, i, spot in astronauts:
        groups.setdefault(spot, []).append((p, i))
    return [(p, i, spot, k, len(members)) for spot, members in groups.items()
            for k, (p, i) in enumerate(members)]


def _degrees(a: tuple, b: tuple) -> float:
    """The on-screen angle from a to b, as pygame's rotate wants it (counter-clockwise)."""
    return -math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


@cached
def _rotated_cached(name: str, w: int, h: int, half_degrees: int) -> pygame.Surface:
    return pygame.transform.rotate(art.stretched(name, w, h), half_degrees / 2)


def _rotated(name: str, w: int, h: int, degrees: float) -> pygame.Surface:
    """An arm part turned to `degrees`; kept per half degree, so a still arm costs one blit."""
    return _rotated_cached(name, w, h, round(degrees * 2))


@cached
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """A translucent dark veil over something that cannot be chosen now."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((10, 10, 14, 115))
    return veil
