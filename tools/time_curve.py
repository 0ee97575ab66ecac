"""Strength against thinking time: a level's share of games against one opponent at several
multiples of its own time per decision, read from tournament logs, printed and plotted.

    python tools/time_curve.py benchmarks/logs/time/*.jsonl.gz --plot docs/time-curves.png

A log's games count for a curve when one seat is `LEVEL@seconds` and the other has no `@`
or keeps its own time: the curve of LEVEL, one point per time. Each point is the level's
share of those games (a draw counts half) with its 95% interval (Wilson), at the time as
a multiple of the level's own (`--own LEVEL=SECONDS`, Normal's 0.02, Hard's 0.8 and
Expert's 2.5 by default).
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match_log import LogError, games_of  # noqa: E402
from tournament import wilson  # noqa: E402

OWN = {"normal": 0.02, "skilled": 0.1, "hard": 0.8, "expert": 2.5}


def points(games: list[dict], own: dict[str, float]) -> dict[str, dict[float, dict]]:
    """{level: {multiple of its own time: {share, ci95, games, opponent}}} for two-seat games."""
    tally: dict[tuple[str, float, str], list[float]] = defaultdict(list)
    for game in games:
        if len(game.get("levels", [])) != 2:
            continue
        for i, seat in enumerate(game["levels"]):
            name, at, seconds = seat.partition("@")
            other = game["levels"][1 - i]
            if not at or name not in own or other.partition("@")[0] == name:
                continue
            mine, theirs = game["places"][i], game["places"][1 - i]
            share = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            tally[(name, round(float(seconds) / own[name], 3), other)].append(share)
    out: dict[str, dict[float, dict]] = defaultdict(dict)
    for (name, multiple, other), won in sorted(tally.items()):
        lo, hi = wilson(sum(won), len(won))
        out[name][multiple] = {"share": sum(won) / len(won), "ci95": (lo, hi), "games": len(won), "opponent": other}
    return dict(out)


def plot(curves: dict[str, dict[float, dict]], path: Path) -> None:
    """Each level's share against its time (log scale), the intervals as bars."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    w, h, left, right, top, bottom = 900, 520, 80, 30, 60, 70
    surf = pygame.Surface((w, h))
    surf.fill((24, 26, 34))
    font = pygame.font.Font(None, 24)
    multiples = sorted({m for curve in curves.values() for m in curve}) or [1.0]
    lo_m, hi_m = math.log2(min(multiples)) - 0.3, math.log2(max(multiples)) + 0.3

    def x_of(m: float) -> int:
        return int(left + (math.log2(m) - lo_m) / (hi_m - lo_m) * (w - left - right))

    def y_of(share: float) -> int:
        return int(top + (1 - share) * (h - top - bottom))

    surf.blit(font.render("Share of games won against a fixed opponent, by thinking time (95% intervals)",
                          True, (235, 235, 240)), (20, 16))
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_of(share)
        pygame.draw.line(surf, (55, 58, 70), (left, y), (w - right, y))
        label = font.render(f"{share:.0%}", True, (150, 150, 160))
        surf.blit(label, label.get_rect(midright=(left - 8, y)))
    for m in multiples:
        label = font.render(f"{m:g}x", True, (150, 150, 160))
        surf.blit(label, label.get_rect(midtop=(x_of(m), h - bottom + 10)))
    colours = [(240, 170, 60), (120, 170, 230), (150, 210, 120), (220, 120, 160)]
    for k, (name, curve) in enumerate(sorted(curves.items())):
        colour = colours[k % len(colours)]
        dots = [(x_of(m), y_of(p["share"])) for m, p in sorted(curve.items())]
        if len(dots) > 1:
            pygame.draw.lines(surf, colour, False, dots, 2)
        for (m, p), dot in zip(sorted(curve.items()), dots):
            lo, hi = p["ci95"]
            pygame.draw.line(surf, colour, (dot[0] + 3 * k, y_of(lo)), (dot[0] + 3 * k, y_of(hi)), 1)
            pygame.draw.circle(surf, colour, dot, 5)
        opponent = next(iter(curve.values()))["opponent"]
        surf.blit(font.render(f"{name} against {opponent}", True, colour), (left + 10 + 260 * k, h - 30))
    pygame.image.save(surf, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/time_curve.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--own", action="append", default=[], metavar="LEVEL=SECONDS",
                    help="a level's own time per decision, the curve's 1x")
    ap.add_argument("--plot", type=Path, default=None, help="draw the curves into this PNG")
    args = ap.parse_args(argv)
    own = dict(OWN)
    for item in args.own:
        name, _, seconds = item.partition("=")
        try:
            own[name] = float(seconds)
        except ValueError:
            ap.error(f"--own {item!r}: write LEVEL=SECONDS, such as hard=0.8")
    try:
        games = games_of(args.logs)
    except LogError as exc:
        ap.error(str(exc))
    curves = points(games, own)
    for name, curve in curves.items():
        for m, p in sorted(curve.items()):
            lo, hi = p["ci95"]
            print(f"{name} at {m:g}x ({m * own[name]:g} s) against {p['opponent']}: "
                  f"{p['share']:.1%} (95% {lo:.1%}-{hi:.1%}) of {p['games']}")
    if args.plot:
        plot(curves, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
