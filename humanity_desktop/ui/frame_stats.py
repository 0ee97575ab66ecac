"""Figures for --frame-stats and the benchmarks: frame time percentiles and peak memory."""
from __future__ import annotations

import statistics
import sys


def median_ms(times: list[float]) -> float | None:
    return round(statistics.median(times), 3) if times else None


def p99_ms(times: list[float]) -> float | None:
    """The 99th percentile: one frame in a hundred is slower."""
    if not times:
        return None
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)


def max_rss_mb() -> float | None:
    """Peak resident memory of this process, where the platform tells it."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
