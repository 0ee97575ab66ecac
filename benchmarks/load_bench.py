"""Loading a state against the size of its base: `load_state` on a seat about to place an
astronaut beside a row of N communication tiles (every cell along the row a legal place).
Linear loading takes twice as long for twice the tiles.

    python benchmarks/load_bench.py 3750 7500 15000 30000 60000
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.engine import new_game  # noqa: E402
from humanity_desktop.engine.state import PLACE, RETURNING  # noqa: E402
from humanity_desktop.engine.validation import load_state  # noqa: E402


def placing_beside(tiles: int) -> dict:
    s = new_game(2, 1)
    player = s.players[0]
    for x in range(tiles):
        player.base[(x + 2, 5)] = ("link-3:orange", 0)
    player.astros[2] = (2, RETURNING, None)
    s.phase, s.placing = PLACE, [0]
    return s.to_json()


def main(sizes: list[int]) -> None:
    for tiles in sizes:
        d = placing_beside(tiles)
        start = time.perf_counter()
        load_state(d)
        print(f"{tiles} tiles: {time.perf_counter() - start:.3f} s", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [3750, 7500, 15000, 30000, 60000])
