"""What the machine itself does to frame times, so a benchmark can tell the game's own
cost from time the system gave to others.

On a virtual machine the host may run other guests on our cores ("steal"); a frame that
loses its core for a few milliseconds is slow however little work it does. `floor` runs
a loop of fixed CPU work per frame and reports its wall-clock times: what a perfectly
steady frame of that cost looks like on this machine right now.
"""
from __future__ import annotations

import time

from humanity_desktop.ui.app import median_ms, p99_ms


def cpu_ticks() -> tuple[int, int] | None:
    """(stolen, total) CPU ticks since boot, where Linux reports them (/proc/stat)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def steal_share(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """Share of all CPU time between two readings that the host gave to other guests."""
    if before is None or after is None or after[1] == before[1]:
        return None
    return round((after[0] - before[0]) / (after[1] - before[1]), 3)


def summary(wall: list[float], cpu: list[float] | None = None) -> dict:
    report = {"frames": len(wall), "median_ms": median_ms(wall), "p99_ms": p99_ms(wall)}
    if cpu is not None:
        report |= {"cpu_median_ms": median_ms(cpu), "cpu_p99_ms": p99_ms(cpu)}
    return report


def floor(work_ms: float, frames: int = 2000) -> dict:
    """Wall-clock times of `frames` frames that each do exactly `work_ms` of CPU work."""
    wall = []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        while (time.thread_time() - c0) * 1000 < work_ms:
            pass
        wall.append((time.perf_counter() - t0) * 1000)
    return summary(wall)
