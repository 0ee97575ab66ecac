"""The feel of the pieces: a small pymunk world for what the player's hand holds.

A carried piece (a module, an experiment, an astronaut) hangs from the pointer on a damped
spring, grabbed above its centre so that air drag tilts it as it moves; let go, it is
pulled by the same spring to where it lands (its cell, or home when the drop is refused)
and settles. A tile being turned pivots on its centre and follows a rotary spring whose
rest angle the pointer sets; let go, it snaps to the nearest allowed quarter.

Positions are screen pixels (y down), so a positive angle turns clockwise on screen. The
world steps at a fixed rate, whatever the frame rate, so a piece moves the same on a slow
machine as on a fast one.
"""
from __future__ import annotations

import math
import random

import pymunk

STEP = 1 / 240  # seconds per physics step
MAX_STEPS = 24  # a long stall (a dragged window) skips time instead of spiralling
QUARTER = math.pi / 2

# Springs are given as (angular frequency in rad/s, damping ratio), so a piece of any size
# moves the same. Carrying: a critically damped pull from the hand, the grab point above
# the centre, air drag that makes the piece lean into its motion (about 12 degrees at
# 1,000 px/s), and a springy pull back upright. Turning: a quick detent, a little overshoot.
HAND_SPRING = (30.0, 1.0)
UPRIGHT_SPRING = (22.0, 0.6)
TURN_SPRING = (40.0, 0.55)
GRAB_ABOVE = 0.32  # of the piece's height
AIR_DRAG = 0.054  # per pixel of the piece's height
# A spring only damps along its own line, so a piece let go while swinging would orbit its
# landing place; once let go it is also damped in every direction (per pixel of height).
LANDING_DAMPING = 0.25
# Settled: close enough, and still enough, to call the motion over.
SETTLE_DISTANCE = 0.75
SETTLE_SPEED = 12.0
SETTLE_ANGLE = 0.02


class StepClock:
    """Turns frame times into whole fixed steps."""

    def __init__(self) -> None:
        self._owed = 0.0

    def steps(self, dt: float) -> int:
        self._owed += max(0.0, dt)
        n = int(self._owed / STEP)
        self._owed -= n * STEP
        return min(n, MAX_STEPS)


class Carry:
    """A piece in the hand: follows the pointer, tilts with its motion, settles where it lands."""

    def __init__(self, start: tuple[float, float], size: tuple[float, float], grab: tuple[float, float]) -> None:
        w, h = size
        self.space = pymunk.Space()
        self.space.damping = 0.9
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (w, h)))
        self.body.position = start
        self.hand = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        # The grab point sits above the centre: a piece hangs from where it is held.
        anchor = (max(-w / 2, min(w / 2, grab[0] - start[0])), -GRAB_ABOVE * h)
        self.hand.position = self.body.local_to_world(anchor)
        self.spring = pymunk.DampedSpring(self.hand, self.body, (0, 0), anchor, 0,
                                          *_spring(self.body.mass, HAND_SPRING))
        upright = pymunk.DampedRotarySpring(self.space.static_body, self.body, 0,
                                            *_spring(self.body.moment, UPRIGHT_SPRING))
        self.drag = AIR_DRAG * h
        self.landing_damping = LANDING_DAMPING * h
        self.space.add(self.body, self.hand, self.spring, upright)
        self._offset = (grab[0] - self.hand.position.x, grab[1] - self.hand.position.y)
        self.target: tuple[float, float] | None = None  # where it lands once let go
        self.clock = StepClock()

    def point(self, pos: tuple[float, float]) -> None:
        """The pointer moved: the hand follows it, keeping the grab offset."""
        if self.target is None:
            self.hand.position = (pos[0] - self._offset[0], pos[1] - self._offset[1])

    def land(self, target: tuple[float, float]) -> None:
        """Let go: the spring now pulls the piece's centre onto `target`."""
        self.target = target
        self.spring.anchor_b = (0, 0)
        self.hand.position = target

    def step(self, dt: float) -> None:
        damping = self.drag + (self.landing_damping if self.target is not None else 0.0)
        for _ in range(self.clock.steps(dt)):
            self.body.apply_force_at_world_point(-damping * self.body.velocity, self.body.position)
            self.space.step(STEP)

    @property
    def position(self) -> tuple[float, float]:
        return tuple(self.body.position)

    @property
    def angle(self) -> float:
        return self.body.angle

    @property
    def settled(self) -> bool:
        if self.target is None:
            return False
        gap = self.body.position.get_distance(self.target)
        return gap < SETTLE_DISTANCE and self.body.velocity.length < SETTLE_SPEED \
            and abs(self.body.angle) < SETTLE_ANGLE


class TileTurn:
    """A tile turned about its centre, one way only: clockwise (+1) or counterclockwise (-1).

    `allowed` is how far it may go: a quarter when the turn means something, a few degrees
    when the rules forbid it, so the tile budges and springs back instead of turning.
    """

    REFUSED = math.radians(9)

    def __init__(self, centre: tuple[float, float], size: float, direction: int, allowed: bool) -> None:
        self.centre = centre
        self.direction = direction
        self.limit = QUARTER if allowed else self.REFUSED
        self.space = pymunk.Space()
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
        self.body.position = centre
        pin = pymunk.PivotJoint(self.space.static_body, self.body, centre)
        # (body, world): the spring's angle is the body's own, not its negative.
        self.spring = pymunk.DampedRotarySpring(self.body, self.space.static_body, 0,
                                                *_spring(self.body.moment, TURN_SPRING))
        self.space.add(self.body, pin, self.spring)
        self._grab_angle: float | None = None
        self.clock = StepClock()

    def grab(self, pos: tuple[float, float]) -> None:
        self._grab_angle = self._pointer_angle(pos)

    def point(self, pos: tuple[float, float]) -> None:
        """The pointer moved while holding the tile: the rest angle follows it, within bounds."""
        if self._grab_angle is None:
            return
        turned = _wrap(self._pointer_angle(pos) - self._grab_angle) * self.direction
        self.spring.rest_angle = self.direction * max(0.0, min(self.limit, turned))

    def release(self) -> None:
        """Let go: past half a quarter it snaps on to the quarter, otherwise back."""
        self._grab_angle = None
        done = self.limit == QUARTER and abs(self.spring.rest_angle) > QUARTER / 2
        self.spring.rest_angle = self.direction * QUARTER if done else 0.0

    def snap(self) -> None:
        """A click on the tile or its handle: turn a whole quarter (if allowed)."""
        self._grab_angle = None
        self.spring.rest_angle = self.direction * self.limit if self.limit == QUARTER else 0.0
        if self.limit != QUARTER:
            self.body.angular_velocity = self.direction * 9.0  # a nudge that springs back

    def step(self, dt: float) -> None:
        for _ in range(self.clock.steps(dt)):
            self.space.step(STEP)

    @property
    def angle(self) -> float:
        return self.body.angle

    @property
    def held(self) -> bool:
        return self._grab_angle is not None

    @property
    def turned(self) -> bool:
        """Let go and come to rest on the quarter: the turn counts."""
        return not self.held and self.spring.rest_angle != 0 and abs(self.angle - self.spring.rest_angle) < 0.05 \
            and abs(self.body.angular_velocity) < 1.0

    @property
    def back(self) -> bool:
        """Let go and come to rest where it started: nothing happened."""
        return not self.held and self.spring.rest_angle == 0 and abs(self.angle) < SETTLE_ANGLE \
            and abs(self.body.angular_velocity) < 0.5

    def _pointer_angle(self, pos: tuple[float, float]) -> float:
        return math.atan2(pos[1] - self.centre[1], pos[0] - self.centre[0])


class Crumble:
    """An obstacle breaking up: its face cut into pieces that burst out, spin and fall.

    Seeded by the caller, so the same obstacle always breaks the same way."""

    GRAVITY = 2600.0  # px/s^2 at scale 1
    PARTS = 3  # pieces a side

    def __init__(self, centre: tuple[float, float], size: int, seed: int) -> None:
        rng = random.Random(seed)
        self.space = pymunk.Space()
        self.space.gravity = (0, self.GRAVITY * size / 100)
        self.piece = size / self.PARTS
        self.bodies: list[pymunk.Body] = []
        for row in range(self.PARTS):
            for col in range(self.PARTS):
                body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (self.piece, self.piece)))
                offset = ((col - 1) * self.piece, (row - 1) * self.piece)
                body.position = (centre[0] + offset[0], centre[1] + offset[1])
                # Out from the centre and up a little, each piece its own spin.
                body.velocity = (offset[0] * rng.uniform(3, 6) + rng.uniform(-40, 40),
                                 offset[1] * rng.uniform(2, 4) - rng.uniform(150, 320) * size / 100)
                body.angular_velocity = rng.uniform(-9, 9)
                self.space.add(body)
                self.bodies.append(body)
        self.clock = StepClock()

    def step(self, dt: float) -> None:
        for _ in range(self.clock.steps(dt)):
            self.space.step(STEP)

    def pieces(self) -> list[tuple[int, int, tuple[float, float], float]]:
        """(column, row, position, angle) of every piece."""
        return [(k % self.PARTS, k // self.PARTS, tuple(b.position), b.angle) for k, b in enumerate(self.bodies)]


def _spring(inertia: float, feel: tuple[float, float]) -> tuple[float, float]:
    """(stiffness, damping) giving a body of this mass or moment the frequency and damping ratio."""
    omega, ratio = feel
    return inertia * omega * omega, 2 * ratio * inertia * omega


def _wrap(angle: float) -> float:
    """The angle brought into (-pi, pi]."""
    return (angle + math.pi) % (2 * math.pi) - math.pi
