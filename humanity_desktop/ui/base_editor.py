"""Working on the base by hand: turning tiles, carrying pieces, moving the view.

The editor turns pointer presses, motions and releases over the table into gestures.
A gesture ends in engine actions for the game scene to request, or in nothing: the piece
springs home. A press that does not move is still a click, so every gesture has its
click alternative. The rules are never second-guessed: a tile the rules will not let
turn budges and springs back, and a drop the engine would refuse is sent to it anyway, so
the player reads which rule forbids it.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ..controller.table import ON_BASE, Table
from ..engine import Action, State
from . import tile_art
from .physics import Carry, TileTurn
from .surface_cache import cached
from ..controller.targets import ASTRO, CELL, EXPERIMENT, HANGAR, RETURNING_ASTRONAUT, Target
from .views.base_view import BaseView
from .views.board_view import BoardView

CLICK_SLOP = 6  # pixels a press may wander and still count as a click
GROW = 10.0  # 1/s: how fast a carried piece takes the size of where it is over


@dataclass
class Outcome:
    """What a finished gesture asks for: actions to request (several: the player picks
    one), a refusal the screen shows itself, or a plain click to treat as before."""

    actions: list[Action] = field(default_factory=list)
    refusal: tuple[str, str] | None = None  # (the rules' name of the rule, reason)
    click: tuple[int, int] | None = None
    sound: str | None = None  # what the hand's motion sounds like as it ends


class TurnGesture:
    def __init__(self, cell, rect: pygame.Rect, direction: int, options: list[Action], image: pygame.Surface,
                 press: tuple[int, int], refused: list[Action]) -> None:
        self.cell, self.options, self.image = cell, options, image
        self.refused = refused  # what the tile's turn would ask of the rules, when they forbid it
        self.press = press
        self.rect = rect
        self.physics = TileTurn(rect.center, rect.w, direction, allowed=bool(options))
        self.physics.grab(press)
        self.moved = False


class CarryGesture:
    def __init__(self, kind: str, ref, image: pygame.Surface, home: tuple[float, float], press: tuple[int, int]) -> None:
        self.kind, self.ref, self.image = kind, ref, image  # kind: HANGAR, EXPERIMENT or RETURNING_ASTRONAUT
        self.home, self.press = home, press
        self.size = float(image.get_width())
        self.physics = Carry(home, image.get_size(), press)
        self.moved = False
        self.landing: list[Action] = []  # requested once the piece has settled


class PanGesture:
    def __init__(self, press: tuple[int, int]) -> None:
        self.press = self.last = press
        self.moved = False


class BaseEditor:
    def __init__(self, board: BoardView, base: BaseView, chars: tuple, symbols: Callable[[], bool]) -> None:
        self.board, self.base, self.chars = board, base, chars
        self.symbols = symbols  # whether figures carry their player's symbol (the option)
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

    def lit_cells(self, table: Table) -> frozenset | None:
        """While a piece is carried, the cells it may land on (None: no piece in hand, or it
        lands anywhere on the base)."""
        g = self.gesture
        if not isinstance(g, CarryGesture):
            return None
        return table.landing(Target(g.kind, table.seat, g.ref))

    # ------------------------------------------------------------ pointer

    def press(self, pos, target: Target | None, table: Table) -> bool:
        """Start a gesture if the press is on something that can be turned, carried or
        panned. False: the press is not the editor's (the scene treats it as a click)."""
        self.gesture = self._start(pos, target, table)
        return self.gesture is not None

    def _start(self, pos, target: Target | None, table: Table):
        state, seat = table.state, table.seat
        if target is not None and target.kind == CELL and target.seat == seat and table.turning(target.ref):
            return self._turn(pos, target.ref, table)
        if table.carries(target):
            return CarryGesture(target.kind, target.ref, *self._piece(target, state), pos)
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
        rect = self.base.returning_rect(state, target.seat, target.ref)
        work = state.players[target.seat].astros[target.ref][0]
        return tile_art.astronaut(self.chars[target.seat], rect.w, work, True, self.symbols()), rect.center

    def _turn(self, pos, cell, table: Table) -> TurnGesture:
        state = table.state
        player = state.players[table.seat]
        options, refused = table.turning(cell)
        rect = self.base.cell_rect(state, table.seat, cell)
        tid, stock = player.base[cell]
        image = tile_art.module_tile(tid, rect.w, stock, player.wild.get(cell))
        return TurnGesture(cell, rect, table.turn, options, image, pos, refused)

    def move(self, pos) -> None:
        g = self.gesture
        if g is None:
            return
        if math.dist(pos, g.press) > CLICK_SLOP:
            g.moved = True
        if isinstance(g, TurnGesture):
            if g.moved:
                g.physics.point(pos)
        elif isinstance(g, CarryGesture):
            g.physics.point(pos)
        elif g.moved:
            self.base.pan_by(pos[0] - g.last[0], pos[1] - g.last[1])
            g.last = pos

    def release(self, pos, target: Target | None, table: Table) -> Outcome | None:
        """The button came up: finish the gesture, or let its physics finish it (update)."""
        g = self.gesture
        if g is None:
            return None
        if isinstance(g, PanGesture):
            self.gesture = None
            return None if g.moved else Outcome(click=g.press)
        if isinstance(g, TurnGesture):
            g.physics.release() if g.moved else g.physics.snap()
            return None
        if not g.moved:
            self.gesture = None
            return Outcome(click=g.press)
        return self._drop(g, target, table)

    def _drop(self, g: CarryGesture, target: Target | None, table: Table) -> Outcome | None:
        """Land the carried piece where it may go, or send it home."""
        state = table.state
        drop = table.drop(Target(g.kind, table.seat, g.ref), target_cell(target, state),
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
        elif isinstance(g, TurnGesture):
            g.options, g.refused = [], []
            g.physics.release()
            g.physics.spring.rest_angle = 0.0
        else:
            self.gesture = None
        return True

    # ------------------------------------------------------------ keys

    def turn_now(self, cell, table: Table) -> bool:
        """R or Shift+R on a tile: the same quarter turn as a click on its handle."""
        if self.gesture or not table.turning(cell):
            return False
        g = self._turn(self.base.cell_center(table.state, table.seat, cell), cell, table)
        g.physics.snap()
        self.gesture = g
        return True

    # ------------------------------------------------------------ time

    def update(self, dt: float, state: State) -> Outcome | None:
        g = self.gesture
        if isinstance(g, TurnGesture):
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
            goal = self.base.cell_size(state, state.current) * 0.9 if over_base else g.image.get_width()
            g.size += (goal - g.size) * min(1.0, GROW * dt)
            if g.physics.settled:
                self.gesture = None
                return Outcome(actions=g.landing, sound="snap") if g.landing else None
        return None

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        g = self.gesture
        if isinstance(g, TurnGesture):
            _blit_turned(surface, g.image, g.rect.center, g.physics.angle, g.rect.w, lifted=False)
        elif isinstance(g, CarryGesture):
            _blit_turned(surface, g.image, g.physics.position, g.physics.angle, g.size, lifted=True)


def target_cell(target: Target | None, state: State):
    """The base cell a pointer target stands for (an astronaut stands on its cell)."""
    if target is None or target.seat != state.current:
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
