"""The Load screen's list against the number of saves: N saves of a game some moves in. First as
the screen opens it (the first page read at once, the rest by a thread: the time to the first
page, then to the whole list), then listed whole at once (each file read), then again with
nothing changed (each file's size and time looked at), then after one file changed.

    python benchmarks/save_list_bench.py 1000 5000
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from humanity_desktop.controller import ActionRequested, Bus, parse_seats  # noqa: E402
from humanity_desktop.controller.record import RecordedMatch  # noqa: E402
from humanity_desktop.controller.saves import save_list, save_text  # noqa: E402
from humanity_desktop.storage.save_files import SAVES_DIR  # noqa: E402
from humanity_desktop.ui.scenes.load import SHOWN  # noqa: E402


def a_save() -> str:
    match = RecordedMatch(parse_seats("human,human"), Bus(), seed=3)
    for _ in range(300):  # most of a game
        if match.state.game_over:
            break
        match.bus.publish(ActionRequested(match.current, match.legal()[0]))
    return save_text(match)


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main(sizes: list[int]) -> None:
    text = a_save()
    for count in sizes:
        with tempfile.TemporaryDirectory() as folder:
            saves = Path(folder) / SAVES_DIR
            saves.mkdir()
            for i in range(count):
                (saves / f"game_{i:05d}.json").write_text(text)
            screen = save_list(Path(folder))
            page, opened = timed(lambda: screen.open(SHOWN))
            start = time.perf_counter()
            while opened.reading:
                time.sleep(0.01)
                opened = screen.poll() or opened
            whole = time.perf_counter() - start + page
            listing = save_list(Path(folder))
            first, shown = timed(listing.refresh)
            again, _ = timed(listing.refresh)
            (saves / "game_00000.json").write_text(text + " ")
            changed, _ = timed(listing.refresh)
            print(f"{count} saves of {len(text) // 1024} KB: first page {page:.2f} s, whole in the background "
                  f"{whole:.2f} s ({len(opened)} listed); at once {first:.2f} s, again {again:.3f} s, "
                  f"one changed {changed:.3f} s ({len(shown)} listed)", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 5000])
