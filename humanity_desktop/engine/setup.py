"""A new game: every shuffle happens here, from the seed, so a game replays exactly."""
from __future__ import annotations

import random

from ..language import N_
from .catalogue import MISSION_TYPES, PLAYER_COUNTS, YEARS, Catalogue, load
from .errors import Unfit
from .phases import enter
from .ranges import SEED
from .ring import HANGARS, WHEEL_BAYS
from .rules import START_WORK
from .state import ACTIVE, BOARD, EVERY_SEAT, TURN, Player, State


def new_game(players: int, seed: int, catalogue: Catalogue | None = None) -> State:
    """A game for `players` dealt from `seed`, with `catalogue`'s tiles, experiments and missions
    (by default the published edition's)."""
    if players not in PLAYER_COUNTS:
        raise Unfit(N_("Humanity is played by {least} to {most} players"),
                    {"least": PLAYER_COUNTS[0], "most": PLAYER_COUNTS[-1]})
    if not SEED.holds(seed):
        raise Unfit(N_("the seed must be an integer from {least} to {most}"), {"least": SEED.lo, "most": SEED.hi})
    cat = catalogue or load()
    rng = random.Random(seed)
    s = State.__new__(State)
    s.catalogue = cat
    s.n = players
    s.seed = seed
    s.year = 1
    s.round = 1
    s.turn = 0
    s.arm = 0
    # Decks are drawn from the end of each list; their order is hidden from every seat.
    s.decks = []
    for year in YEARS:
        deck = sorted(cat.modules_by_year[year])
        rng.shuffle(deck)
        s.decks.append(deck)
    s.exp_decks = []
    for year in YEARS:
        deck = sorted(cat.experiments_by_year[year])
        rng.shuffle(deck)
        s.exp_decks.append(deck)
    s.missions = [rng.choice(sorted(cat.missions_by_type[t])) for t in MISSION_TYPES]
    s.holders = [None] * len(MISSION_TYPES)
    s.hangars = [s.decks[0].pop() for _ in range(HANGARS)]
    s.wheel = s.exp_decks[0][:WHEEL_BAYS]
    s.exp_decks[0] = s.exp_decks[0][WHEEL_BAYS:]
    s.removed = []
    s.patch = 0
    s.current = 0
    enter(s, TURN)
    s.sel = None
    s.work_left = 0
    s.target = None
    s.need = [0] * 7
    s.progress = [0, 0, 0]
    s.upgrades = 0
    s.placing = []
    s.players = []
    s.owned = EVERY_SEAT
    third = cat.third_astronaut_spot[players]  # the arm starts on spot 0
    for seat in range(players):
        p = Player()
        for cell, tid, stock in cat.start_tiles:
            p.base[cell] = (tid, stock)
        p.astros = [(START_WORK, ACTIVE, cell) for cell in cat.start_astronauts]
        p.astros.append((START_WORK, BOARD, third[seat]))
        s.players.append(p)
    return s
