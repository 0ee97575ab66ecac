"""`humanity-desktop`: start the game.

Until the windowed screens land, the game runs in the terminal: each human seat picks
from the numbered legal choices; bot seats play random legal moves.
"""
from __future__ import annotations

import argparse
import random
import sys

from .engine import PROMPTS, apply_action, legal_actions, new_game, ranking


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="humanity-desktop", description=__doc__)
    ap.add_argument("--seats", default="human,bot", help="comma-separated 'human' or 'bot', 2 to 4 seats")
    ap.add_argument("--seed", type=int, default=None, help="game seed (random if omitted)")
    ap.add_argument("--demo", action="store_true", help="every seat is a bot")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    seats = args.seats.split(",")
    if args.demo:
        seats = ["bot"] * len(seats)
    if not 2 <= len(seats) <= 4 or any(x not in ("human", "bot") for x in seats):
        print("--seats takes 2 to 4 entries, each 'human' or 'bot'", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    state = new_game(len(seats), seed)
    bot_rng = random.Random(seed ^ 0x5EED)
    print(f"Humanity, {len(seats)} players, seed {seed}")
    while not state.game_over:
        choices = legal_actions(state)
        p = state.current
        if seats[p] == "bot":
            action = bot_rng.choice(choices)
        else:
            action = _ask(state, choices)
            if action is None:
                print("Game left.")
                return 0
        for ev in apply_action(state, action):
            if ev["type"] in ("vp", "mission_taken", "round_reset", "year_start", "science"):
                print("  ", ev)
    print("Final scores:", state.scores)
    print("Ranking (best first):", [f"seat {p + 1}" for p in ranking(state)])
    return 0


def _ask(state, choices):
    p = state.current
    print(f"\nSeat {p + 1}, year {state.year}, round {state.round}: {PROMPTS[state.phase]}")
    for i, a in enumerate(choices):
        print(f"  {i:3d}. {a}")
    while True:
        try:
            line = input("choice> ").strip()
        except EOFError:
            return None
        if line in ("q", "quit"):
            return None
        if line.isdigit() and int(line) < len(choices):
            return choices[int(line)]
        print(f"Type a number from 0 to {len(choices) - 1}, or q to leave.")


if __name__ == "__main__":
    sys.exit(main())
