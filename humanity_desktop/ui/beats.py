"""The animation director: each thing the bus reports becomes a beat, played in order.

A beat knows which position each view shows while it plays, what flies across the
screen, and what stays hidden until it lands. While beats play the match holds bot
moves back, so the table on screen never runs ahead of what the player has seen.
"""
from __future__ import annotations

import math
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from ..controller.events import ActionApplied, TurnToConfirm
from ..table.reset_info import ResetInfo
from ..engine import Action, State
from ..engine.catalogue import load
from ..engine.events import (
    VP, AstronautPlaced, ExperimentDone, MissionTaken, ModuleDeployed, ObstacleDestroyed, ObstacleWeakened, Produced,
    Research, RoundReset, Spent, Time, TimeModule, TurnEnded,
)
from ..engine.grid import module_colours, square, squares_at
from ..engine.scoring import MISSION_VP
from ..engine.state import BOARD
from ..language import _
from ..table.describe import mission_name
from . import tile_art
from .drawn import scaled
from .anim import arc_point, ease, segment
from .floaters import RESEARCH, Banner, Float, apart, banner_rect, draw_banner, draw_float, float_colour, points
from .physics import Crumble
from .reset_steps import ResetStep
from .views.board_view import QUICK, STEPS, Timeline
from .views.reset_caption import draw_caption

# Seconds a beat lasts at the least: any action, a pulse, a flight, an astronaut settling, a crumble.
SHORT, PULSE, FLIGHT, SETTLE, CRUMBLE = 0.2, 0.32, 0.8, 0.45, 0.7
SCORED, MISSION = 1.1, 1.9  # seconds the points a move scored rise where they were scored; a mission's banner shows
ON_BASE = ("square", "greenhouse", "module_vp", "experiment_group", "experiment_vp")  # points scored on the base
RESET, YEAR_EXTRA = 2.2, 0.9
STEP_HOLD = 1.8  # seconds a reset step holds, long enough to read its caption
QUEUE_HURRY = 3  # beats waiting beyond this play twice as fast


@dataclass
class Flight:
    image: pygame.Surface
    start: tuple
    end: tuple
    size_from: int
    size_to: int
    t0: float = 0.0  # the flight takes off at this fraction of its beat and lands at the end


class Move(NamedTuple):
    """What a beat plays: a seat's action and its engine events, from one position to another."""

    seat: int
    action: Action
    engine_events: tuple
    before: State
    after: State


@dataclass
class Beat:
    duration: float
    seat: int  # whose base is shown large
    board_state: State
    base_state: State
    reset: ResetInfo | None = None
    timeline: Timeline = QUICK
    step: ResetStep | None = None  # one step of a reset played step by step
    moves: tuple = ()
    flights: list = field(default_factory=list)
    hidden_slots: set = field(default_factory=set)
    hidden_exps: set = field(default_factory=set)
    hidden_ring: set = field(default_factory=set)
    hidden_cells: set = field(default_factory=set)
    hidden_astros: set = field(default_factory=set)
    pulses: set = field(default_factory=set)
    crumbles: list = field(default_factory=list)  # (obstacle face, its Crumble)
    floats: list = field(default_factory=list)  # floaters.Float: points rising where they were scored
    banners: list = field(default_factory=list)  # floaters.Banner: a mission taken, over its card
    t: float = 0.0

    def pulse(self) -> float:
        return math.sin(math.pi * self.t)

    @property
    def board_t(self) -> float:
        """How far the board's reset animation has played: a step plays only its own part."""
        if self.step is None:
            return self.t
        start, end = self.step.span
        return start + (end - start) * self.t


class Director:
    def __init__(self, board, base, chars: tuple, symbols: Callable[[], bool], tracks=None) -> None:
        """`tracks`: the secondary board, where research, missions and the game's last points
        are scored (without it, only the points scored on a base are shown); `symbols` says
        whether figures carry their player's symbol (the option)."""
        self.board, self.base, self.tracks = board, base, tracks
        self.chars = chars  # seat -> character, for the figures in flight
        self.symbols = symbols
        self.queue: deque[Beat] = deque()
        self.speed = 1.0
        self._previewed: TurnToConfirm | None = None  # the turn's end waiting for Confirm, already shown
        self._carried: Action | None = None  # asked for by a piece the player's hand put in place

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def telling(self) -> bool:
        """A reset step with its caption is on show."""
        beat = self.beat
        return beat is not None and beat.step is not None

    @property
    def resetting(self) -> bool:
        """A reset animation, the heaviest one, is playing or waiting to play."""
        return any(b.reset is not None for b in self.queue)

    @property
    def beat(self) -> Beat | None:
        return self.queue[0] if self.queue else None

    def clear(self) -> None:
        self.queue.clear()
        self._previewed = self._carried = None  # taken back, or jumped: nothing shown ahead of the moves any more

    def update(self, dt: float) -> None:
        # A backlog of moves plays faster; the steps of a reset, there to be read, never do.
        hurry = 2.0 if sum(1 for b in self.queue if b.step is None) > QUEUE_HURRY else 1.0
        budget = dt * self.speed * hurry
        while self.queue and budget > 0:
            beat = self.queue[0]
            need = (1 - beat.t) * beat.duration
            for _cell, crumble in beat.crumbles:
                crumble.step(min(budget, need))
            if budget < need:
                beat.t += budget / beat.duration
                return
            budget -= need
            self.queue.popleft()

    # ------------------------------------------------------------ beats from bus events

    def action(self, ev: ActionApplied) -> None:
        p, self._previewed = self._previewed, None
        if p is not None and (p.seat, p.action) == (ev.seat, ev.action):
            # Confirmed: its preview played the turn; only what comes after the turn's end plays now.
            self._play(Move(ev.seat, ev.action, turn_and_after(ev.engine_events)[1], p.preview, ev.after))
        else:
            self._play(Move(ev.seat, ev.action, ev.engine_events, ev.before, ev.after))

    def preview(self, ev: TurnToConfirm, before: State) -> None:
        """A turn's end held for Confirm, from the position `before` it: the base shows it at
        once, so the turn plays out now (a module flies in, an obstacle breaks up), once."""
        self._previewed = ev
        self._play(Move(ev.seat, ev.action, turn_and_after(ev.events)[0], before, ev.preview))

    def held(self, ev: TurnToConfirm) -> None:
        """A turn's end already waiting for Confirm when the table opens (a game continued at
        its confirm step): the base shows it as it is, so Confirm plays only what follows."""
        self._previewed = ev

    def carried(self, action: Action) -> None:
        """The player's hand has put the piece `action` moves where it goes (a returning
        astronaut on its cell): its beat does not fly it there again."""
        self._carried = action

    def _play(self, move: Move) -> None:
        """The beat of `move`, and the beat of the points it scored rising once it has landed."""
        carried, self._carried = self._carried == move.action, None
        resets = any(isinstance(e, RoundReset) for e in move.engine_events)
        beat = Beat(SHORT, move.seat, move.before if resets else move.after, move.after)
        for e in move.engine_events:
            match e:
                case Produced(cell=cell) | ObstacleWeakened(cell=cell) | Spent(cell=cell) | TimeModule(cell=cell):
                    beat.pulses.add(cell)
                    beat.duration = max(beat.duration, PULSE)
                case ModuleDeployed():
                    self._deployed(beat, move, e)
                case ObstacleDestroyed(cell=cell):
                    self._crumbles(beat, move.before, move.seat, cell)
                case ExperimentDone():
                    self._experiment(beat, move, e)
                case AstronautPlaced() if not carried:
                    self._placed(beat, move, e)
                case Time():
                    beat.moves = ring_moves(move.before, move.after, move.seat)
                    beat.duration = max(beat.duration, SETTLE)
        self.queue.append(beat)
        scored = Beat(SCORED, move.seat, beat.board_state, move.after)
        self._scored(scored, move)
        if scored.floats or scored.banners:
            self.queue.append(scored)  # once what scored has landed, its points rise from it

    def reset(self, info: ResetInfo, state: State, seat: int, steps: list[ResetStep] | None = None) -> None:
        """The reset in one quick beat, or one beat for each of its `steps`."""
        if steps is None:
            duration = RESET + (YEAR_EXTRA if info.experiments_from else 0.0)
            self.queue.append(Beat(duration, seat, state, state, reset=info))
            return
        for step in steps:
            self.queue.append(Beat(STEP_HOLD, seat, state, state, reset=info, timeline=STEPS, step=step))

    def next_step(self) -> bool:
        """End the reset step on show at once (a click or Space); False if none is on show."""
        beat = self.beat
        if beat is None or beat.step is None:
            return False
        self.queue.popleft()
        return True

    def _astronaut_leaves(self, beat: Beat, ev: Move, seat: int) -> None:
        """The acting astronaut goes from its base cell to its space beside the board."""
        i = ev.before.sel
        _work, _where, cell = ev.before.players[seat].astros[i]
        work, where, space = ev.after.players[seat].astros[i]
        if where != BOARD:
            return
        size = self.board.astro
        img = tile_art.astronaut(self.chars[seat], size, work, True, self.symbols())
        start = self.base.cell_center(ev.before, seat, cell)
        beat.flights.append(Flight(img, start, self.board.astro_point(space), size, size, 0.2))
        beat.hidden_ring.add((seat, i))

    def _deployed(self, beat: Beat, ev: Move, e: ModuleDeployed) -> None:
        seat, slot, cell = ev.seat, e.slot, e.cell
        stock = ev.after.players[seat].base[cell][1]
        size_to = self.base.cell_size(ev.after, seat)
        img = tile_art.module_tile(e.tile, size_to, stock, ev.after.players[seat].wild.get(cell))
        start = self.board.hangar_center(ev.before, slot)
        end = self.base.cell_center(ev.after, seat, cell)
        beat.flights.append(Flight(img, start, end, self.board.tile, size_to))
        beat.hidden_slots.add(slot)
        beat.hidden_cells.add(cell)
        self._astronaut_leaves(beat, ev, seat)
        beat.duration = max(beat.duration, FLIGHT)

    def _crumbles(self, beat: Beat, before: State, seat: int, cell) -> None:
        """The last point of resistance gone: the obstacle breaks up where it stood."""
        tid, _stock = before.players[seat].base[cell]
        size = self.base.cell_size(before, seat)
        face = tile_art.module_tile(tid, size, 1)
        centre = self.base.cell_center(before, seat, cell)
        beat.crumbles.append((face, Crumble(centre, size, seed=zlib.crc32(f"{tid}{cell}".encode()))))
        beat.duration = max(beat.duration, CRUMBLE)

    def _experiment(self, beat: Beat, ev: Move, e: ExperimentDone) -> None:
        seat, index = ev.seat, e.index
        size = self.board.exp
        img = tile_art.experiment_tile(e.experiment, size)
        start = self.board.experiment_center(ev.before, index)
        end = self.base.experiment_center(ev.after, seat, e.experiment)
        beat.flights.append(Flight(img, start, end, size, size))
        beat.hidden_exps.add(index)
        self._astronaut_leaves(beat, ev, seat)
        beat.duration = max(beat.duration, FLIGHT)

    def _placed(self, beat: Beat, ev: Move, e: AstronautPlaced) -> None:
        seat, i, cell = ev.seat, e.astronaut, e.cell
        size = int(self.base.cell_size(ev.after, seat) * 0.74)
        work = ev.after.players[seat].astros[i][0]
        img = tile_art.astronaut(self.chars[seat], size, work, True, self.symbols())
        start = self.base.returning_center(ev.before, seat)
        beat.flights.append(Flight(img, start, self.base.cell_center(ev.after, seat, cell), size, size))
        beat.hidden_astros.add(i)
        beat.duration = max(beat.duration, SETTLE)

    def _scored(self, beat: Beat, ev: Move) -> None:
        """The move's points and research, each where it was scored; a mission's banner."""
        deployed = next((e for e in ev.engine_events if isinstance(e, ModuleDeployed)), None)
        done = next((e for e in ev.engine_events if isinstance(e, ExperimentDone)), None)
        for e in ev.engine_events:
            if isinstance(e, VP) and e.amount:
                beat.floats += self._vp_floats(ev, e, deployed, done)
            elif isinstance(e, Research) and e.amount and self.tracks is not None:
                beat.floats.append(Float(points(e.amount, ""), self.tracks.research_point(ev.after, e.player), RESEARCH))
            elif isinstance(e, MissionTaken) and self.tracks is not None:
                self._mission(beat, ev, e)
        beat.floats = apart(beat.floats, self.board.scale)

    def _vp_floats(self, ev: Move, e: VP, deployed, done) -> list[Float]:
        """Points on the base rise from what scored them; a mission's, from its banner; the
        rest (a mission lost, the game's last points) from the seat's marker on the score track."""
        after, colour = ev.after, float_colour(e.amount)
        if e.source in ON_BASE and e.player == ev.seat and (deployed or done):
            if e.source == "square":
                corners = squares_at(module_colours(after.players[e.player].base, load()), deployed.cell)
                if len(corners) == e.amount:  # a point on each square completed
                    return [Float(points(1), self._square_centre(after, e.player, c), colour) for c in corners]
            if e.source.startswith("experiment"):
                return [Float(points(e.amount), self.base.experiment_center(after, e.player, done.experiment), colour)]
            return [Float(points(e.amount), self.base.cell_center(after, e.player, deployed.cell), colour)]
        if self.tracks is None or (e.source == "mission" and e.amount > 0):
            return []  # the mission's banner says it
        return [Float(points(e.amount), self.tracks.score_point(after, e.player), colour)]

    def _square_centre(self, state: State, seat: int, corner) -> tuple:
        a = self.base.cell_rect(state, seat, corner)
        return a.union(self.base.cell_rect(state, seat, square(corner)[3])).center

    def _mission(self, beat: Beat, ev: Move, e: MissionTaken) -> None:
        """A banner beside the mission's card tells of it while it is taken; the beat lasts long enough to read it."""
        card = self.tracks.missions[ev.after.missions.index(e.mission)]
        spec = load().missions[e.mission]
        detail = (_("Done better · +{vp} VP") if e.from_ is not None else _("Done first · +{vp} VP")).format(vp=MISSION_VP)
        beat.banners.append(Banner(mission_name(spec), detail, banner_rect(card, self.board.scale), self.chars[e.player]))
        beat.duration = max(beat.duration, MISSION)

    # ------------------------------------------------------------ drawing flights

    def draw_flights(self, surface: pygame.Surface) -> None:
        beat = self.beat
        if beat is None:
            return
        for fl in beat.flights:
            p = ease(segment(beat.t, fl.t0, 1.0))
            size = int(fl.size_from + (fl.size_to - fl.size_from) * p)
            img = fl.image if size == fl.image.get_width() else scaled(fl.image, (size, size))
            pos = arc_point(fl.start, fl.end, p, 40 * self.board.scale)
            surface.blit(img, img.get_rect(center=pos))
        for face, crumble in beat.crumbles:
            _draw_crumble(surface, face, crumble, 1.0 - beat.t)
        for banner in beat.banners:
            draw_banner(surface, banner, beat.t, self.board.scale)
        for f in beat.floats:
            draw_float(surface, f, beat.t, self.board.scale)

    def draw_caption(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The caption of the reset step on show, over `area` (the panel under the board)."""
        if self.telling:
            draw_caption(surface, area, self.beat.step, self.beat.t, self.board.scale)


def _draw_crumble(surface: pygame.Surface, face: pygame.Surface, crumble: Crumble, alpha: float) -> None:
    """Each piece of the obstacle's face where its body is, turned and fading out."""
    piece = face.get_width() // crumble.PARTS
    for col, row, pos, angle in crumble.pieces():
        part = face.subsurface(pygame.Rect(col * piece, row * piece, piece, piece))
        turned = pygame.transform.rotate(part, -math.degrees(angle))
        turned.set_alpha(int(255 * max(0.0, min(1.0, alpha * 1.6))))
        surface.blit(turned, turned.get_rect(center=(round(pos[0]), round(pos[1]))))


def turn_and_after(events) -> tuple[tuple, tuple]:
    """The engine's `events` up to the end of the seat's turn, and those after it (a reset)."""
    end = next((k + 1 for k, e in enumerate(events) if isinstance(e, TurnEnded)), len(events))
    return tuple(events[:end]), tuple(events[end:])


def ring_moves(before: State, after: State, seat: int) -> tuple:
    """Astronauts of `seat` that moved along the ring (time units): (seat, i, from, to)."""
    out = []
    for i, ((_work0, w0, p0), (_work1, w1, p1)) in enumerate(zip(before.players[seat].astros, after.players[seat].astros)):
        if w0 == BOARD and w1 == BOARD and p0 != p1:
            out.append((seat, i, p0, p1))
    return tuple(out)
