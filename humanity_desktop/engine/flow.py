"""The flow of play between actions: turn order, the round reset, the year's end, the game's end."""
from __future__ import annotations

from typing import NamedTuple

from .catalogue import ELECTRICITY, LAST_YEAR, Catalogue
from .events import GameOver, RoundReset, RoundStart, Science, Skipped, Turn, TurnEnded, YearStart
from .phases import enter
from .scoring import check_missions, gain_vp
from .ring import HANGARS, WHEEL_BAYS, WHITE_CROSSES, arm_move, clockwise, overtaken
from .state import ACTIVE, BOARD, EXHAUSTED, OVER, PLACE, RETURNING, TURN, State

LEFTOVERS_PER_VP = 5


def has_active(s: State, p: int) -> bool:
    return any(where == ACTIVE for _, where, _ in s.players[p].astros)


class UntilTurnEnd(list):
    """The events of an action played only as far as the end of its seat's turn (rules'
    play_to_turn_end): the flow stops there, before the next seat plays or the round resets."""


def finish_turn(s: State, ev: list) -> None:
    """Step 2 and 3 of a turn: the mission check, then the next player (or the reset)."""
    check_missions(s, s.current, ev)
    ev.append(TurnEnded(s.current))
    s.turn += 1
    s.sel = None
    s.target = None
    s.work_left = 0
    s.upgrades = 0
    enter(s, TURN)
    if isinstance(ev, UntilTurnEnd):
        return
    for step in range(1, s.n + 1):
        p = (s.current + step) % s.n
        if has_active(s, p):
            if step > 1:
                ev.append(Skipped(tuple((s.current + k) % s.n for k in range(1, step))))
            s.current = p
            ev.append(Turn(p))
            return
    end_round(s, ev)


def first_to_play(s: State) -> int | None:
    """Who opens a round: the patch holder, or the first seat after them who can act (None: nobody can)."""
    return next(((s.patch + step) % s.n for step in range(s.n) if has_active(s, (s.patch + step) % s.n)), None)


def start_round(s: State, ev: list) -> None:
    """A new round opens with the patch holder, or the first player after them who can act."""
    enter(s, TURN)
    p = first_to_play(s)
    if p is None:  # nobody has an astronaut in a base: the round is over before it starts
        end_round(s, ev)
        return
    s.current = p
    ev.append(RoundStart(s.round, s.year, p))


class ResetPlan(NamedTuple):
    """What the reset does to the main board of a position: all of it is known before the
    round ends, except the modules the deck deals into the empty hangars."""
    arm_from: int
    arm_to: int
    advance: int  # spots the arm turns (a full turn when no module stays)
    left: tuple[tuple[int, str], ...]  # (hangar, tile) under the white crosses: they leave the game
    kept: tuple[tuple[int, str], ...]  # (hangar, tile) the modules that stay, sliding to hangars 1, 2, ...
    sent_home: tuple[tuple[int, int, int], ...]  # (seat, astronaut, spot) the arm overtakes


def plan_reset(s: State) -> ResetPlan:
    """What the reset would do to the main board of `s` if the round ended now."""
    left = tuple((k, s.hangars[k - 1]) for k in WHITE_CROSSES if s.hangars[k - 1] is not None)
    kept = tuple((k, tile) for k, tile in enumerate(s.hangars, start=1)
                 if tile is not None and k not in WHITE_CROSSES)
    # The modules left slide to the far end and the arm follows onto the last empty hangar,
    # so they end up in the new slots 1..k; with none left the arm goes all the way round.
    advance = arm_move(len(kept))
    sent_home = tuple((p, i, spot) for p, player in enumerate(s.players)
                      for i, (_, where, spot) in enumerate(player.astros)
                      if where == BOARD and overtaken(s.arm, spot, advance))
    return ResetPlan(s.arm, clockwise(s.arm, advance), advance, left, kept, sent_home)


def end_round(s: State, ev: list) -> None:
    """The reset, step by step (docs/rules-interpretation.md, 'Reset')."""
    plan = plan_reset(s)
    s.patch = (s.patch + 1) % s.n
    s.removed.extend(tile for _, tile in plan.left)
    for p, i, _ in plan.sent_home:
        astros = s.writable(p).astros
        astros[i] = (astros[i][0], RETURNING, None)
    s.arm = plan.arm_to
    s.hangars = [tile for _, tile in plan.kept] + [None] * (HANGARS - len(plan.kept))
    deck = s.decks[s.year - 1]
    # The year's deck may not fill every hangar: its last modules go in first, then the year ends.
    year_over = len(deck) < HANGARS - len(plan.kept)
    arrived = _fill(s, deck)
    ev.append(RoundReset(s.round, s.patch, plan.arm_from, plan.arm_to, plan.advance, plan.left, plan.kept,
                         plan.sent_home, arrived))
    if year_over:
        _score_research(s, ev)
        if s.year == LAST_YEAR:
            _end_game(s, ev)  # the round just ended was the last: no other begins
            return
    s.round += 1
    if year_over:
        _next_year(s, ev)
    _wake_and_recall(s, ev)


def _fill(s: State, deck: list) -> tuple[tuple[int, str], ...]:
    """Deal from `deck` into the empty hangars, in order; returns (hangar, tile) for each."""
    dealt = []
    for k in range(HANGARS):
        if s.hangars[k] is None and deck:
            s.hangars[k] = deck.pop()
            dealt.append((k + 1, s.hangars[k]))
    return tuple(dealt)


def _score_research(s: State, ev: list) -> None:
    """Science tokens for the research track, then every marker goes back to the start."""
    levels = [p.research for p in s.players]
    for i in range(s.n):
        player = s.writable(i)
        tokens = science_tokens(s.catalogue, s.n, levels[i], levels)
        player.science += tokens
        player.research = 0
        ev.append(Science(i, tokens, levels[i]))


def science_tokens(cat: Catalogue, n: int, research: int, levels: list[int]) -> int:
    """The year-end tokens for `research` among every seat's `levels`: the track's threshold,
    plus a bonus for each player strictly behind (larger with two players)."""
    behind = sum(1 for r in levels if r < research)
    return cat.tokens_for(research) + cat.tokens_per_player_behind[n] * behind


def _next_year(s: State, ev: list) -> None:
    s.year += 1
    retired = tuple(s.wheel)
    s.removed.extend(e for e in retired if e is not None)
    deck = s.exp_decks[s.year - 1]
    s.wheel = deck[:WHEEL_BAYS]
    s.exp_decks[s.year - 1] = deck[WHEEL_BAYS:]
    arrived = _fill(s, s.decks[s.year - 1])
    ev.append(YearStart(s.year, retired, tuple(s.wheel), arrived))


def _wake_and_recall(s: State, ev: list) -> None:
    """Astronauts in bases wake; those that came home are placed by their owners."""
    for p, player in enumerate(s.players):
        if any(where == EXHAUSTED for _, where, _ in player.astros):
            astros = s.writable(p).astros
            for i, (w, where, pos) in enumerate(astros):
                if where == EXHAUSTED:
                    astros[i] = (w, ACTIVE, pos)
    s.placing = [
        (s.patch + k) % s.n for k in range(s.n)
        if any(where == RETURNING for _, where, _ in s.players[(s.patch + k) % s.n].astros)
    ]
    if s.placing:
        enter(s, PLACE)
        s.current = s.placing[0]
    else:
        start_round(s, ev)


def _end_game(s: State, ev: list) -> None:
    cat = s.catalogue
    for i, player in enumerate(s.players):
        if player.science:
            gain_vp(s, i, player.science, "science", ev)
        if left := leftover_vp(player, cat):
            gain_vp(s, i, left, "leftovers", ev)
    enter(s, OVER)
    s.sel = None
    s.target = None
    ev.append(GameOver(tuple(s.scores), tuple(ranking(s)), tuple(places(s))))


def leftover_vp(player, cat) -> int:
    """The points a base's stock left at the game's end is worth."""
    return sum(st for tid, st in player.base.values() if cat.tiles[tid].stores) // LEFTOVERS_PER_VP


def resources_left(s: State, p: int) -> tuple[int, int, int]:
    """Stock by class for the tie-breaks: (electricity, advanced, basic)."""
    cat = s.catalogue
    elec = adv = basic = 0
    for tid, st in s.players[p].base.values():
        spec = cat.tiles[tid]
        if not spec.stores or not st:
            continue
        r = spec.produces[0]
        if r == ELECTRICITY:
            elec += st
        elif r >= 3:
            adv += st
        else:
            basic += st
    return elec, adv, basic


def _standing_key(s: State, p: int) -> tuple:
    return (s.players[p].score,) + resources_left(s, p)


def ranking(s: State) -> list[int]:
    """Seats best first: score, then electricity, advanced and basic resources left."""
    return sorted(range(s.n), key=lambda p: tuple(-k for k in _standing_key(s, p)))


def places(s: State) -> list[int]:
    """Each seat's place (1 = winner); seats level on every tie-break share a place."""
    keys = [_standing_key(s, p) for p in range(s.n)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]
