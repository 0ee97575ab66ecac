"""Easing and timing helpers for the animations."""
from __future__ import annotations


def clamp01(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def segment(t: float, start: float, end: float) -> float:
    """Progress through the part [start, end] of a beat whose progress is t."""
    return clamp01((t - start) / (end - start))


def ease(x: float) -> float:
    """Smooth start and stop."""
    x = clamp01(x)
    return x * x * (3 - 2 * x)


def ease_out(x: float) -> float:
    x = clamp01(x)
    return 1 - (1 - x) ** 3


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a, b, t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc_point(a, b, t: float, lift: float) -> tuple[float, float]:
    """A point on a flight from a to b that rises by `lift` pixels at mid-way."""
    x, y = lerp_point(a, b, t)
    return (x, y - lift * 4 * t * (1 - t))
