"""The bot ladder's ratings: a Bradley-Terry fit over every two-player match in tournament logs.

    python tools/ladder.py benchmarks/logs/ladder/*.jsonl.gz --anchor casual --plot docs/ladder.png

Each game counts once for the pair of seats that played it (a tie half a win each). The fit
gives every seat a strength, shown on the Elo scale (400 points: ten to one odds) with the
anchor seat at 1000; the 95% intervals come from refitting on matches resampled game by
game. For every pair that met, it prints the games, the win rate with its Wilson interval,
and the rate the fitted ratings predict, so a pair the model fits badly shows. `--plot`
draws the ratings and their intervals as a PNG. `--name SEAT=NAME` counts the seat logged as
SEAT as NAME: a level played at the time it has since been given, such as
`normal@0.02=normal`.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from match_log import LogError, games_in, read_log  # noqa: E402
from tournament import wilson  # noqa: E402

ELO = 400 / math.log(10)  # Elo points per unit of log-strength
RESAMPLES = 1000


def read_pairs(paths: list[Path], names: dict[str, str] | None = None) -> dict[tuple[str, str], list[float]]:
    """For each pair of seats (in name order), the first one's result in every game: 1, ½ or 0.
    `names`: seat as logged -> the name it is counted under."""
    names = names or {}
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    for path in paths:
        for game in games_in(read_log(path)):
            levels, places = game.get("levels", []), game.get("places", [])
            levels = [names.get(level, level) for level in levels]
            if len(levels) != 2 or len(places) != 2 or levels[0] == levels[1]:
                continue
            a, b = sorted(levels)
            first = levels.index(a)
            mine, theirs = places[first], places[1 - first]
            pairs[(a, b)].append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return pairs


def fit(pairs: dict[tuple[str, str], list[float]], iterations: int = 2000) -> dict[str, float]:
    """Log-strengths by the Bradley-Terry model (minorise-maximise updates), mean zero. A
    tiny prior of one drawn game against an average player keeps a seat that won or lost
    every game finite."""
    seats = sorted({s for pair in pairs for s in pair})
    wins = {s: 0.5 for s in seats}  # the prior's half win
    met: dict[str, list[tuple[str, int]]] = {s: [] for s in seats}
    for (a, b), results in pairs.items():
        wins[a] += sum(results)
        wins[b] += len(results) - sum(results)
        met[a].append((b, len(results)))
        met[b].append((a, len(results)))
    strength = {s: 1.0 for s in seats}
    for _ in range(iterations):
        new = {}
        for s in seats:
            denom = 1.0 / (strength[s] + 1.0)  # the prior's one game against strength 1
            denom += sum(n / (strength[s] + strength[o]) for o, n in met[s])
            new[s] = wins[s] / denom
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {s: v / scale for s, v in new.items()}
    return {s: math.log(v) for s, v in strength.items()}


def ratings(pairs: dict, anchor: str, seed: int = 1) -> dict[str, tuple[float, float, float]]:
    """Each seat's Elo rating with the anchor at 1000, and a 95% interval (2.5th and 97.5th
    percentiles of the refits on resampled games)."""
    best = fit(pairs)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(RESAMPLES):
        # pairs drawn in name order, so the intervals do not depend on the order the logs came in
        resampled = {pair: [rng.choice(r) for _ in r] for pair, r in sorted(pairs.items())}
        refit = fit(resampled, iterations=300)
        for s, v in refit.items():
            samples[s].append(1000 + ELO * (v - refit[anchor]))
    out = {}
    for s, v in best.items():
        spread = sorted(samples[s])
        out[s] = (1000 + ELO * (v - best[anchor]), spread[int(0.025 * RESAMPLES)], spread[int(0.975 * RESAMPLES) - 1])
    return out


def expected(r_a: float, r_b: float) -> float:
    return 1 / (1 + 10 ** ((r_b - r_a) / 400))


def plot(rated: dict[str, tuple[float, float, float]], path: Path) -> None:
    """Seats from strongest to weakest, each a point at its rating with its interval."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    order = sorted(rated, key=lambda s: -rated[s][0])
    w, row, left, right, top = 900, 34, 170, 40, 50
    h = top + row * len(order) + 50
    lo = min(v[1] for v in rated.values()) - 50
    hi = max(v[2] for v in rated.values()) + 50
    surf = pygame.Surface((w, h))
    surf.fill((24, 26, 34))
    font = pygame.font.Font(None, 24)

    def x_of(r: float) -> int:
        return int(left + (r - lo) / (hi - lo) * (w - left - right))

    surf.blit(font.render("Bot ladder: Elo ratings, 95% intervals (2-player games)", True, (235, 235, 240)), (20, 14))
    step = 100
    for tick in range(int(math.ceil(lo / step)) * step, int(hi) + 1, step):
        x = x_of(tick)
        pygame.draw.line(surf, (55, 58, 70), (x, top - 6), (x, h - 40))
        label = font.render(str(tick), True, (150, 150, 160))
        surf.blit(label, label.get_rect(midtop=(x, h - 34)))
    for i, s in enumerate(order):
        y = top + row * i + row // 2
        r, a, b = rated[s]
        surf.blit(font.render(s, True, (235, 235, 240)), (20, y - 9))
        pygame.draw.line(surf, (120, 170, 230), (x_of(a), y), (x_of(b), y), 3)
        pygame.draw.circle(surf, (240, 170, 60), (x_of(r), y), 6)
    pygame.image.save(surf, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", type=Path, nargs="+", help="tournament logs (--log of the tournament)")
    ap.add_argument("--anchor", default="normal", help="the seat rated 1000")
    ap.add_argument("--plot", type=Path, help="write the ratings as a PNG here")
    ap.add_argument("--name", action="append", default=[], metavar="SEAT=NAME",
                    help="count the seat logged as SEAT as NAME (repeatable)")
    args = ap.parse_args(argv)
    names = {}
    for given in args.name:
        seat, equals, name = given.partition("=")
        if not equals or not seat or not name:
            ap.error(f"--name {given!r}: write it as SEAT=NAME, such as normal@0.02=normal")
        names[seat] = name
    try:
        pairs = read_pairs(args.logs, names)
    except LogError as exc:
        ap.error(str(exc))
    seats = {s for pair in pairs for s in pair}
    if args.anchor not in seats:
        ap.error(f"no two-player game of {args.anchor!r} in the logs; seats found: {', '.join(sorted(seats))}")
    rated = ratings(pairs, args.anchor)
    print("Ratings (Elo, 95% interval):")
    for s in sorted(rated, key=lambda s: -rated[s][0]):
        r, a, b = rated[s]
        print(f"  {s:16s} {r:7.0f}  ({a:.0f} to {b:.0f})")
    print("Pairs (first seat's wins; predicted by the ratings):")
    for (a, b), results in sorted(pairs.items()):
        won = sum(results)
        low, high = wilson(won, len(results))
        print(f"  {a} vs {b}: {len(results)} games, {won / len(results):.1%} ({low:.1%}-{high:.1%}); "
              f"predicted {expected(rated[a][0], rated[b][0]):.1%}")
    if args.plot:
        plot(rated, args.plot)
        print(f"plot: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
