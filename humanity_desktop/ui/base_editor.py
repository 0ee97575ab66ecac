"""Working on the base by hand: turning tiles, carrying pieces, moving the view.

The editor turns pointer presses, motions and releases over the table into gestures.
A gesture ends in engine actions for the game scene to request (in the Sandbox, edits of
its position), or in nothing: the piece springs home. A press that does not move is
still a click, so every gesture has its click alternative. The rules are never
second-guessed: a tile the rules will not let turn budges and springs back, and a drop the
engine would refuse is sent to it anyway, so the player reads which rule forbids it.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ..table.model import ON_BASE, Drop
from ..engine import State
from . import tile_art
from .physics import Carry, TileTurn
from .surface_cache import cached
from ..table.targets import ASTRO, CELL, EXPERIMENT, HANGAR, RETURNING_ASTRONAUT, Target
from .views.base_view import BaseView
from .views.board_view import BoardView

CLICK_SLOP = 6  # pixels a press may wander and still count as a click
TURN_SLOP = math.radians(4)  # how far round a tile that turns either way is pulled before it takes a way
GROW = 10.0  # 1/s: how fast a carried piece takes the size of where it is over


class Bench(Protocol):
    """What the editor asks of the table it works on: the game's (table.model.Table),
    whose actions are the rules', or the Sandbox's, whose actions are its edits."""

    state: State
    seat: int

    def turning(self, cell) -> dict[int, tuple[list, list]]: ...

    def carries(self, target: Target | None) -> bool: ...

    def landing(self, carried: Target) -> frozenset | None: ...

    def drop(self, carried: Target, cell, on_base: bool) -> Drop: ...


@dataclass
class Outcome:
    """What a finished gesture asks for: actions to take (several: the player picks one),
    a refusal the screen shows itself, or a plain click to treat as before."""

    actions: list = field(default_factory=list)
    refusal: tuple[str, str] | None = None  # (the rules' name of the rule, reason)
    click: tuple[int, int] | None = None
    sound: str | None = None  # what the hand's motion sounds like as it ends
    carried: bool = False  # the hand has put the actions' piece where they take it


class TurnGesture:
    def __init__(self, cell, rect: pygame.Rect, ways: dict, image: pygame.Surface, press: tuple[int, int]) -> None:
        self.cell, self.ways, self.image = cell, ways, image  # ways: as Table.turning gives them
        self.press = press
        self.rect = rect
        self.options: list = []
        self.refused: list = []  # what the tile's turn would ask of the rules, when they forbid it
        self.physics: TileTurn | None = None  # once the way it turns is known
        self.moved = False
        if len(ways) == 1:
            self.choose(next(iter(ways)))

    def choose(self, way: int) -> None:
        """The tile turns `way`: what that takes, and the spring it turns on."""
        self.options, self.refused = self.ways[way]
        self.physics = TileTurn(self.rect.center, self.rect.w, way, allowed=bool(self.options))
        self.physics.grab(self.press)

    def way(self, pos) -> int | None:
        """Which way the pointer at `pos` has begun to turn the tile (None: not far enough yet)."""
        angle = math.remainder(math.atan2(pos[1] - self.rect.centery, pos[0] - self.rect.centerx)
                               - math.atan2(self.press[1] - self.rect.centery, self.press[0] - self.rect.centerx),
                               math.tau)
        return None if abs(angle) < TURN_SLOP else (1 if angle > 0 else -1)


class CarryGesture:
    def __init__(self, kind: str, ref, seat: int, image: pygame.Surface, home: tuple[float, float],
                 press: tuple[int, int]) -> None:
        self.kind, self.ref, self.image = kind, ref, image  # kind: HANGAR, EXPERIMENT, RETURNING_ASTRONAUT...
        self.seat = seat  # whose base it is carried to
        self.home, self.press = home, press
        self.size = float(image.get_width())
        self.physics = Carry(home, image.get_size(), press)
        self.moved = False
        self.landing: list = []  # the actions taken once the piece has settled


class PanGesture:
    def __init__(self, press: tuple[int, int]) -> None:
        self.press = self.last = press
        self.moved = False


class BaseEditor:
    def __init__(self, board: BoardView | None, base: BaseView, chars: tuple, symbols: Callable[[], bool],
                 pieces: Callable[[Target], tuple[pygame.Surface, tuple]] | None = None) -> None:
        """`pieces`: the picture and resting place of a piece other than the board's and the
        returning astronauts (the Sandbox's catalogue tiles)."""
        self.board, self.base, self.chars = board, base, chars
        self.symbols = symbols  # whether figures carry their player's symbol (the option)
        self.pieces = pieces
        self.gesture: TurnGesture | CarryGesture | PanGesture | None = None

    # ------------------------------------------------------------ what the views hide and light

    @property
    def active(self) -> bool:
        return self.gesture is not None

    @property
    def carrying(self) -> bool:
        return isinstance(self.gesture, CarryGesture)

    def key(self) -> tuple:
        """Changes whenever the cached base drawing must change."""
        g = self.gesture
        return (self.base.view_key, self.hidden_cells, self.hidden_returning, type(g).__name__ if g else None)

    @property
    def hidden_cells(self) -> frozenset:
        g = self.gesture
        return frozenset((g.cell,)) if isinstance(g, TurnGesture) else frozenset()

    @property
    def hidden_returning(self) -> frozenset:
        g = self.gesture
        return frozenset((g.ref,)) if isinstance(g, CarryGesture) and g.kind == RETURNING_ASTRONAUT else frozenset()

    @property
    def hidden_slots(self) -> frozenset:
        g = self.gesture
        return frozenset((g.ref,)) if isinstance(g, CarryGesture) and g.kind == HANGAR else frozenset()

    @property
    def hidden_exps(self) -> frozenset:
        g = self.gesture
        return frozenset((g.ref,)) if isinstance(g, CarryGesture) and g.kind == EXPERIMENT else frozenset()

    def lit_cells(self, table: Bench) -> frozenset | None:
        """While a piece is carried, the cells it may land on (None: no piece in hand, or it
        lands anywhere on the base)."""
        g = self.gesture
        if not isinstance(g, CarryGesture):
            return None
        return table.landing(Target(g.kind, table.seat, g.ref))

    # ------------------------------------------------------------ pointer

    def press(self, pos, target: Target | None, table: Bench) -> bool:
        """Start a gesture if the press is on something that can be turned, carried or
        panned. False: the press is not the editor's (the scene treats it as a click)."""
        self.gesture = self._start(pos, target, table)
        return self.gesture is not None

    def _start(self, pos, target: Target | None, table: Bench):
        state, seat = table.state, table.seat
        if target is not None and target.kind == CELL and target.seat == seat and table.turning(target.ref):
            return self._turn(pos, target.ref, table)
        if table.carries(target):
            return CarryGesture(target.kind, target.ref, seat, *self._piece(target, state), pos)
        if self.base.area.collidepoint(pos) and (target is None or target.kind in (CELL, ASTRO)):
            return PanGesture(pos)
        return None

    def _piece(self, target: Target, state: State) -> tuple[pygame.Surface, tuple]:
        """The picture of a piece to carry, and where it rests."""
        if target.kind == HANGAR:
            image = tile_art.module_tile(state.hangars[target.ref - 1], self.board.tile)
            return image, self.board.hangar_center(state, target.ref)
        if target.kind == EXPERIMENT:
            image = tile_art.experiment_tile(state.wheel[target.ref], self.board.exp)
            return image, self.board.experiment_center(state, target.ref)
        if target.kind != RETURNING_ASTRONAUT:
            return self.pieces(target)
        rect = self.base.returning_rect(state, target.seat, target.ref)
        work = state.players[target.seat].astros[target.ref][0]
        return tile_art.astronaut(self.chars[target.seat], rect.w, work, True, self.symbols()), rect.center

    def _turn(self, pos, cell, table: Bench) -> TurnGesture:
        state = table.state
        player = state.players[table.seat]
        rect = self.base.cell_rect(state, table.seat, cell)
        tid, stock = player.base[cell]
        image = tile_art.module_tile(tid, rect.w, stock, player.wild.get(cell))
        return TurnGesture(cell, rect, table.turning(cell), image, pos)

    def move(self, pos) -> None:
        g = self.gesture
        if g is None:
            return
        if math.dist(pos, g.press) > CLICK_SLOP:
            g.moved = True
        if isinstance(g, TurnGesture):
            if g.moved and g.physics is None and g.way(pos) is not None:
                g.choose(g.way(pos))  # a tile that turns either way turns the way the pointer goes
            if g.moved and g.physics is not None:
                g.physics.point(pos)
        elif isinstance(g, CarryGesture):
            g.physics.point(pos)
        elif g.moved:
            self.base.pan_by(pos[0] - g.last[0], pos[1] - g.last[1])
            g.last = pos

    def release(self, pos, target: Target | None, table: Bench) -> Outcome | None:
        """The button came up: finish the gesture, or let its physics finish it (update)."""
        g = self.gesture
        if g is None:
            return None
        if isinstance(g, PanGesture):
            self.gesture = None
            return None if g.moved else Outcome(click=g.press)
        if isinstance(g, TurnGesture):
            if g.physics is None:  # turning either way and not turned yet: a still press is a click
                self.gesture = None
                return None if g.moved else Outcome(click=g.press)
            g.physics.release() if g.moved else g.physics.snap()
            return None
        if not g.moved:
            self.gesture = None
            return Outcome(click=g.press)
        return self._drop(g, target, table)

    def _drop(self, g: CarryGesture, target: Target | None, table: Bench) -> Outcome | None:
        """Land the carried piece where it may go, or send it home."""
        state = table.state
        drop = table.drop(Target(g.kind, table.seat, g.ref), target_cell(target, state, table.seat),
                          self.base.rect.collidepoint(g.physics.position))
        if drop.lands is not None:
            g.landing = [drop.action]
            g.physics.land(self.base.footer.center if drop.lands == ON_BASE
                           else self.base.cell_center(state, table.seat, drop.lands))
            return None
        g.physics.land(g.home)
        if drop.refusal is not None:
            return Outcome(refusal=drop.refusal)
        return Outcome(actions=[drop.action]) if drop.action else None  # the controller refuses it, naming the rule

    def cancel(self) -> bool:
        """Esc: put back what is in the hand. False when nothing was."""
        g = self.gesture
        if g is None:
            return False
        if isinstance(g, CarryGesture) and g.physics.target is None:
            g.physics.land(g.home)
            g.landing = []
        elif isinstance(g, TurnGesture) and g.physics is not None:
            g.options, g.refused = [], []
            g.physics.release()
            g.physics.spring.rest_angle = 0.0
        else:
            self.gesture = None
        return True

    # ------------------------------------------------------------ keys

    def turn_now(self, cell, table: Bench, way: int) -> bool:
        """R (`way` 1) or Shift+R (-1) on a tile: the same quarter turn as a click on its handle."""
        if self.gesture or way not in table.turning(cell):
            return False
        g = self._turn(self.base.cell_center(table.state, table.seat, cell), cell, table)
        g.choose(way)
        g.physics.snap()
        self.gesture = g
        return True

    # ------------------------------------------------------------ time

    def update(self, dt: float, state: State) -> Outcome | None:
        g = self.gesture
        if isinstance(g, TurnGesture) and g.physics is not None:
            g.physics.step(dt)
            if g.physics.turned:
                self.gesture = None
                return Outcome(actions=list(g.options))
            if g.physics.back:
                self.gesture = None
                # The tile would not turn: the rules say why.
                return Outcome(actions=g.refused) if g.refused else None
        elif isinstance(g, CarryGesture):
            g.physics.step(dt)
            over_base = self.base.area.collidepoint(g.physics.position) and g.kind != EXPERIMENT
            goal = self.base.cell_size(state, g.seat) * 0.9 if over_base else g.image.get_width()
            g.size += (goal - g.size) * min(1.0, GROW * dt)
            if g.physics.settled:
                self.gesture = None
                return Outcome(actions=g.landing, sound="snap", carried=True) if g.landing else None
        return None

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        g = self.gesture
        if isinstance(g, TurnGesture):
            angle = g.physics.angle if g.physics is not None else 0.0
            _blit_turned(surface, g.image, g.rect.center, angle, g.rect.w, lifted=False)
        elif isinstance(g, CarryGesture):
            _blit_turned(surface, g.image, g.physics.position, g.physics.angle, g.size, lifted=True)


def target_cell(target: Target | None, state: State, seat: int):
    """The cell of `seat`'s base a pointer target stands for (an astronaut stands on its cell)."""
    if target is None or target.seat != seat:
        return None
    if target.kind == CELL:
        return target.ref
    if target.kind == ASTRO:
        return state.players[target.seat].astros[target.ref][2]
    return None


@cached
def _shadow(size: int) -> pygame.Surface:
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 90))
    return shadow


def _blit_turned(surface: pygame.Surface, image: pygame.Surface, centre, angle: float, size: float,
                 lifted: bool) -> None:
    """A piece at `centre`, turned by `angle` (clockwise, radians), `size` pixels wide; a
    lifted piece casts a soft shadow below it."""
    scale = size / image.get_width()
    turned = pygame.transform.rotozoom(image, -math.degrees(angle), scale)
    rect = turned.get_rect(center=(round(centre[0]), round(centre[1])))
    if lifted:
        shadow = _shadow(int(size))
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + size * 0.08, rect.centery + size * 0.12)))
    surface.blit(turned, rect)
