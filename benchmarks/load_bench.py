"""Loading a state against the size of its base: `load_state` on a seat about to place an
astronaut beside rows of N communication tiles (every cell around them a legal place).
Linear loading takes twice as long for twice the tiles. A base beyond the range of
engine/ranges.py (BASE_TILES) is refused before any other work, whatever its size.

    python benchmarks/load_bench.py 20 40 80 140 60000
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.engine import new_game  # noqa: E402
from humanity_desktop.engine.state import PLACE, RETURNING  # noqa: E402
from humanity_desktop.engine.validation import StateError, load_state  # noqa: E402


ROW = 30  # tiles to a row: a base this wide stays inside the cells' range with room to grow


def placing_beside(tiles: int) -> dict:
    s = new_game(2, 1)
    player = s.players[0]
    for k in range(tiles):
        player.base[(k % ROW - ROW // 2, 3 + k // ROW)] = ("link-3:orange", 0)
    player.astros[2] = (2, RETURNING, None)
    s.phase, s.placing = PLACE, [0]
    return s.to_json()


def main(sizes: list[int]) -> None:
    for tiles in sizes:
        d = placing_beside(tiles)
        start = time.perf_counter()
        try:
            load_state(d)
            outcome = "loaded"
        except StateError as exc:
            outcome = f"refused ({str(exc)[:60]})"
        print(f"{tiles} tiles: {time.perf_counter() - start:.3f} s, {outcome}", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [20, 40, 80, 140, 60000])
