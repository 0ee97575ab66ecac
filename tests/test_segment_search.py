"""The one-turn planner and the sampling search that Careful, Normal and Skilled are, with the
tournament's variants of them: legal whole games at every table size, the same game from the
same seeds, a segment enumerator that finds exactly what trying every action finds, views turned back into positions the seat cannot tell
from the real one, and the tournament's name@seconds seats."""
from __future__ import annotations

import json
import random

import pytest
from builders import bank, fresh, set_astronaut, square_to_complete

from humanity_desktop.bots.base import Budget, Cancelled
from humanity_desktop.bots.plans import plans as bot_plans
from humanity_desktop.bots.determinize import Sampler
from humanity_desktop.bots.hidden import consistent, unseen_cards
from humanity_desktop.bots.judge import Judge, Memo
from humanity_desktop.bots.judge import RICH
from humanity_desktop.bots.sampling_search import SamplerBot
from humanity_desktop.bots.segment_plans import Segment, all_ends_brute_force, play_plan, plans
from humanity_desktop.engine import Kind, apply_action, legal_actions, new_game, observe
from humanity_desktop.engine.payment import can_pay
from humanity_desktop.engine.rules import supply_of
from humanity_desktop.engine.state import PLACE, RETURNING, TURN
from tournament import BUILDER, RUSH, VARIANTS, logged_games, main as tournament_main, parse_seat, play_game

# The one-turn planner on three weightings and the sampling search, as the tournament seats them.
PLAYED = {name: VARIANTS[name] for name in ("ref-rich", "ref-builder", "ref-rush", "sampler")}
# A search player is made exactly reproducible (and quick) by an iteration cap.
QUICK = 6


def budget_for(name: str) -> Budget | None:
    return Budget(iterations=QUICK) if name == "sampler" else None


def play(name: str, players: int, seed: int) -> tuple[list, list[int]]:
    """A whole game with the reference in seat 0 and ref-rich in the others; every action is
    checked against the legal ones. Returns the actions and the scores."""
    s = new_game(players, seed)
    bots = [PLAYED[name](seed)] + [PLAYED["ref-rich"](seed + i) for i in range(1, players)]
    actions = []
    while not s.game_over:
        p = s.current
        legal = legal_actions(s)
        action = bots[p].decide(observe(s, p), legal, budget_for(name) if p == 0 else None)
        assert action in legal, f"{name} chose {action}, not a legal action"
        apply_action(s, action)
        actions.append(action)
    return actions, s.scores


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(PLAYED))
def test_each_reference_plays_whole_games_legally(name, players) -> None:
    _, scores = play(name, players, seed=10 + players)
    assert len(scores) == players and all(score >= 0 for score in scores)


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_each_reference_plays_the_same_game_from_the_same_seeds(name) -> None:
    assert play(name, 2, seed=7) == play(name, 2, seed=7)


# ---------------------------------------------------------------- the segment enumerator

def end_keys(states) -> list[str]:
    return [json.dumps(s.to_json(), sort_keys=True) for s in states]


def placing_two() -> object:
    """Seat 0 places two returning astronauts of different work; seat 1 places one after it."""
    s = fresh(2, 1)
    set_astronaut(s, 0, 0, work=3, where=RETURNING)
    set_astronaut(s, 0, 2, work=2, where=RETURNING)
    set_astronaut(s, 1, 0, where=RETURNING)
    s.phase = PLACE
    s.placing = [0, 1]
    s.current = 0
    return s


def with_stock() -> object:
    """The first turn, with electricity and insects banked: many ways to pay, many things to buy."""
    s = fresh(2, 2)
    bank(s, 0, "electricity", 2)
    bank(s, 0, "insect", 2)
    return s


def mid_turn() -> object:
    """A deploy chosen, its cost not yet paid: the segment starts in the payment."""
    s = with_stock()
    apply_action(s, next(a for a in legal_actions(s) if a.kind == Kind.SELECT_ASTRONAUT))
    apply_action(s, next(a for a in legal_actions(s) if a.kind == Kind.CHOOSE_MODULE))
    return s


BUILT = {"first turn": lambda: fresh(2, 0), "a square to complete": square_to_complete,
         "placements": placing_two, "stock to spend": with_stock, "in a payment": mid_turn}


@pytest.mark.parametrize("name", sorted(BUILT))
def test_the_enumerator_finds_exactly_the_ends_that_trying_every_action_finds(name) -> None:
    s = BUILT[name]()
    found = plans(s)
    keys = end_keys(p.end for p in found)
    assert len(set(keys)) == len(keys), "an end position is listed twice"
    assert set(keys) == set(end_keys(all_ends_brute_force(s)))
    seg = Segment.of(s)
    for plan in found:  # each plan's actions reach its end from the start, and only at the last one
        t = s.copy()
        for i, a in enumerate(plan.actions):
            assert not seg.over(t)
            play_plan(t, (a,), until_turn_end=True)
        assert end_keys([t]) == end_keys([plan.end])


def test_the_pruned_enumerations_are_part_of_the_full_one() -> None:
    for make in BUILT.values():
        s = make()
        full = set(end_keys(p.end for p in plans(s)))
        pruned = end_keys(p.end for p in plans(s, pay="auto", full_work=False, alike=True))
        assert pruned and set(pruned) <= full


# ---------------------------------------------------------------- views made whole

def positions(count: int):
    rng = random.Random(4)
    for g in range(count):
        s = new_game(2 + g % 3, g)
        for _ in range(rng.randrange(0, 400)):
            if s.game_over:
                break
            apply_action(s, rng.choice(legal_actions(s)))
        if not s.game_over:
            yield s


def test_a_view_made_whole_shows_the_seat_the_same_view() -> None:
    rng = random.Random(1)
    for s in positions(12):
        for seat in range(s.n):
            view = observe(s, seat)
            assert observe(consistent(view), seat) == view
            assert observe(Sampler(view).draw(rng), seat) == view
            modules, _ = unseen_cards(view, s.catalogue)
            assert [sorted(d) for d in s.decks] == modules  # the unseen cards are the deck's


# ---------------------------------------------------------------- the judgement's memo

def turns_of_played_games():
    """Positions where a seat starts its turn, early to late, in games ref-rich plays against itself."""
    for players in (2, 3, 4):
        s = new_game(players, players)
        bots = [PLAYED["ref-rich"](i) for i in range(players)]
        turns = 0
        while not s.game_over:
            if s.phase == TURN:
                if turns % 12 == 5:
                    yield s.copy()
                turns += 1
            apply_action(s, bots[s.current].decide(observe(s, s.current), legal_actions(s)))


@pytest.mark.parametrize("weights", [RICH, BUILDER, RUSH], ids=["rich", "builder", "rush"])
def test_judges_sharing_a_memo_value_every_position_as_a_fresh_judge_does(weights) -> None:
    """Layouts and payable counts are shared across positions of a game (the plans of one
    turn, the leaves of a search), and a judge keeps the rivals' values across the ends of one
    turn: whatever is kept, every value is the one a judge new to the position gives."""
    memo = Memo()
    for s in turns_of_played_games():
        ends = [plan.end for plan in plans(s, pay="auto", full_work=False, alike=True)]
        shared = Judge(s, weights, memo)
        for end in ends[:40]:
            fresh = Judge(s, weights)
            assert shared.value(end, s.current) == fresh.value(end, s.current)  # the mover's, as searches ask
            for seat in range(s.n):
                assert shared.seat_value(end, seat) == fresh.seat_value(end, seat)
    assert memo.layouts and memo.payable


def test_a_judges_remembered_terms_follow_who_holds_each_mission_and_each_seats_research() -> None:
    """A judge keeps its research and mission terms by what they read: positions alike but
    for a mission's holder, or a seat's research, are still told apart."""
    s = next(turns_of_played_games())
    judge = Judge(s, RICH)
    for seat in range(s.n):
        judge.seat_value(s, seat)
    for change in range(s.n + 1):
        other = s.copy()
        other.holders[0] = None if change == s.n else change
        other.players[change % s.n].research += 1 + change
        if other.holders == s.holders:
            other.holders[0] = (change + 1) % s.n
        for seat in range(s.n):
            assert judge.seat_value(other, seat) == Judge(s, RICH).seat_value(other, seat)


def test_a_judges_stock_term_follows_the_stock_and_the_offer() -> None:
    """A judge keeps its stock term by the seat's supply and what is on offer: positions
    alike but for a unit more in stock, or for a module the stock could buy gone from its
    hangar, are still told apart."""
    told = {"stock": 0, "offer": 0}
    for s in turns_of_played_games():
        seat, cat = s.current, s.catalogue
        judge = Judge(s, RICH)
        before = judge.seat_value(s, seat)
        base = s.players[seat].base
        supply = supply_of(base, cat)
        buyable = [i for i, m in enumerate(s.hangars) if m is not None and can_pay(cat.tiles[m].cost_vec, supply)]
        stores = [cell for cell, (tid, _) in base.items() if cat.tiles[tid].stores]
        variants = []
        if buyable:
            other = s.copy()
            other.hangars[buyable[0]] = None
            variants.append(("offer", other))
        if stores:
            other = s.copy()
            tid, stock = base[stores[0]]
            other.players[seat].base[stores[0]] = (tid, stock + 1)
            variants.append(("stock", other))
        for change, other in variants:
            fresh = Judge(s, RICH).seat_value(other, seat)
            assert fresh != before, change
            assert judge.seat_value(other, seat) == fresh, change
            told[change] += 1
    assert all(told.values()), told


def test_a_judge_counts_each_point_knocked_off_an_obstacle() -> None:
    """The shape term pays for every point of resistance knocked off an obstacle still
    standing, read from the layout's obstacles and the base's stock."""
    s = new_game(2, 1)
    tiles = s.catalogue.tiles
    base = s.players[0].base
    obstacles = [cell for cell, (tid, _) in base.items() if tiles[tid].kind == "obstacle"]
    assert obstacles
    judge = Judge(s, RICH)
    before = judge.seat_value(s, 0)
    for hits in range(1, len(obstacles) + 1):
        other = s.copy()
        for knocked in obstacles[:hits]:
            t, r = other.players[0].base[knocked]
            other.players[0].base[knocked] = (t, r - 1)
        assert judge.seat_value(other, 0) - before == pytest.approx(hits * RICH.obstacle)


def test_a_judge_values_forked_ends_as_it_values_copies_of_them() -> None:
    """The bots' plan search forks positions, so an end shares the seats its plan left alone
    (State.shares) and a judge keeps their Layouts by seat. A seat a state may still change
    is looked up afresh each time."""
    shared = 0
    for s in turns_of_played_games():
        judge = Judge(s, RICH, Memo())
        for _, end in bot_plans(s)[:40]:
            shared += sum(end.shares(seat) for seat in range(s.n))
            own, fresh = end.copy(), Judge(s, RICH)
            assert judge.value(end, s.current) == fresh.value(own, s.current)
            for seat in range(s.n):
                assert judge.seat_value(end, seat) == fresh.seat_value(own, seat)
        mover, rng = s.current, random.Random(s.turn)
        while not s.game_over and s.current == mover:  # its seat changed in place, not forked
            judge.layout(s, mover)
            apply_action(s, rng.choice(legal_actions(s)))
            mine, fresh = judge.layout(s, mover), Judge(s, RICH).layout(s, mover)
            assert (mine.colours, mine.measures, mine.shorts) == (fresh.colours, fresh.measures, fresh.shorts)
    assert shared


# ---------------------------------------------------------------- the sampler's budget

def test_the_sampler_stops_when_its_budget_is_cancelled() -> None:
    s = new_game(2, 3)
    budget = Budget(seconds=30)
    budget.cancel()
    with pytest.raises(Cancelled):
        SamplerBot(1).decide(observe(s, 0), legal_actions(s), budget)


def turn_ten_position():
    """A year-1 position, a seat to choose its turn, where no two of the sampler's candidates tie."""
    s = new_game(2, 3)
    rng = random.Random(0)
    while s.turn < 10 or s.phase != TURN:
        apply_action(s, rng.choice(legal_actions(s)))
    return s


def test_the_sampler_halves_its_candidates_and_keeps_the_better_of_the_last_two() -> None:
    s = turn_ten_position()
    bot = SamplerBot(1, keep=8)
    result = bot.search(consistent(observe(s, s.current)), Budget(iterations=64))
    assert len(result) == 8
    counts = [n for _, _, n in result]
    assert sum(counts) == bot.playouts >= 64
    finalists = [i for i, n in enumerate(counts) if n == max(counts)]
    assert len(finalists) == 2 and finalists[0] == 0  # 8, 4, 2: the last round plays two
    assert result[0][0] >= result[finalists[1]][0]
    assert counts.count(min(counts)) == 4


@pytest.fixture
def listing_in_no_time(monkeypatch):
    """The clock the listing and judging of plans read stands still, long before any
    deadline (the budget's own clock runs on): however short the budget, every candidate is
    listed and judged, and what is left to test is the search's use of the time."""
    import types

    import humanity_desktop.bots.sampling_search as sampling_search
    import humanity_desktop.bots.segment_plans as segment_plans

    still = types.SimpleNamespace(monotonic=lambda: 0.0)
    monkeypatch.setattr(sampling_search, "time", still)
    monkeypatch.setattr(segment_plans, "time", still)


def test_the_sampler_stops_inside_a_world_once_its_deadline_has_passed(listing_in_no_time) -> None:
    s = turn_ten_position()
    bot = SamplerBot(1, keep=8)
    result = bot.search(consistent(observe(s, s.current)), Budget(seconds=0.0))
    assert len(result) == 8  # every candidate is still ranked, by its judgement if unplayed
    assert bot.playouts == 1 == sum(n for _, _, n in result)


def test_a_sampler_told_to_play_out_at_least_two_does_so_whatever_the_time(listing_in_no_time) -> None:
    """Normal's floor (SamplerBot.least): the best two candidates are played out in the
    first world even when the time is gone before the first playout, and only they stay in
    the race; the rest are ranked behind them by their judgement."""
    s = turn_ten_position()
    whole = consistent(observe(s, s.current))
    bot = SamplerBot(1, keep=8, least=2)
    result = bot.search(whole, Budget(seconds=0.0))
    assert bot.playouts == 2
    assert [n for _, _, n in result] == [1, 1] + [0] * 6
    judged = [plan for _, plan in bot.candidates(whole)]
    assert {plan.actions for _, plan, _ in result[:2]} == {plan.actions for plan in judged[:2]}
    assert [plan.actions for _, plan, _ in result[2:]] == [plan.actions for plan in judged[2:8]]


class Countdown(Budget):
    """A budget that runs out after a given number of the sampler's playouts."""

    def __init__(self, bot: SamplerBot, playouts: int, value=None) -> None:
        super().__init__()
        self.left = playouts
        play = bot.playout

        def counted(state, plan, seat, world):
            self.left -= 1
            return play(state, plan, seat, world) if value is None else value(plan)
        bot.playout = counted

    def expired(self, done: int = 0) -> bool:
        return self.left <= 0


def test_when_the_first_world_is_cut_short_only_the_candidates_it_reached_stay_in_the_race() -> None:
    s = consistent(observe(turn_ten_position(), 0))
    bot = SamplerBot(1, keep=8)
    # Every playout ends far below any judgement: a candidate left unplayed must not win by it.
    result = bot.search(s, Countdown(bot, 3, value=lambda plan: -100.0))
    reached = [plan for _, plan, n in result if n == 1]
    assert len(reached) == 3 and all(n == 0 for _, _, n in result[3:])
    assert result[0][1] in reached


def test_a_later_world_cut_short_does_not_count() -> None:
    s = consistent(observe(turn_ten_position(), 0))
    bot = SamplerBot(1, keep=8)
    # The first world plays all eight, the second reaches two of the four kept and is dropped.
    result = bot.search(s, Countdown(bot, 8 + 2))
    assert [n for _, _, n in result] == [1] * 8
    assert bot.playouts == 10


# ---------------------------------------------------------------- name@seconds seats

def test_a_seat_may_carry_its_own_thinking_time() -> None:
    assert parse_seat("sampler@1.5") == ("sampler", 1.5)
    assert parse_seat("expert@2") == ("expert", 2.0)
    assert parse_seat("normal") == ("normal", None)


@pytest.mark.parametrize("seat, words", [
    ("sampler@", "thinking time in seconds"), ("sampler@fast", "thinking time in seconds"),
    ("sampler@0", "above 0"), ("sampler@-1", "above 0"), ("sampler@nan", "above 0"),
    ("sampler@inf", "above 0"), ("nobody@1", "unknown seat"),
])
def test_a_bad_seat_time_is_refused_with_a_clear_message(seat, words, capsys) -> None:
    with pytest.raises(ValueError, match=words):
        parse_seat(seat)
    with pytest.raises(SystemExit):
        tournament_main(["--seats", f"ref-rich,{seat}", "--games", "1"])
    assert words in capsys.readouterr().err


def test_a_seats_own_time_is_its_budget_and_is_logged() -> None:
    game = play_game(["ref-rich@0.5", "ref-rush"], 3)
    assert game["budgets"] == [0.5, None]
    assert play_game(["ref-rich", "ref-rush"], 3, seconds=0.2)["budgets"] == [0.2, 0.2]  # --seconds wins


def test_logged_games_at_other_times_are_not_pooled(monkeypatch) -> None:
    import tournament
    monkeypatch.setattr(tournament, "measured_on", lambda: {"catalogue": "c", "weights": "w"})
    game = {"levels": ["sampler@1", "ref-rich"], "budgets": [1.0, None], "seed": 4, "seconds": None,
            "catalogue": "c", "weights": "w"}
    line = json.dumps(game)
    assert set(logged_games(line, ["sampler@1", "ref-rich"], None)) == {4}
    assert logged_games(line, ["sampler@2", "ref-rich"], None) == {}
    assert logged_games(line, ["sampler", "ref-rich"], None) == {}
    assert logged_games(line, ["sampler@1", "ref-rich"], 0.5) == {}


def recorded_wide_position():
    """The recorded late-game position with 12 usable tiles and two astronauts of work 4
    (tools/record_search_choices.py): hundreds of ends."""
    from pathlib import Path

    from humanity_desktop.engine import State

    data = json.loads((Path(__file__).parent / "data" / "search_choices.json").read_text())
    return State.from_json(next(c["state"] for c in data["positions"] if c["name"] == "2p-wide"))


def ticking(monkeypatch, module) -> list[float]:
    """`module`'s clock moves a millisecond each time it is read; returns the clock."""
    import types

    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(module, "time", types.SimpleNamespace(monotonic=tick))
    return clock


def replays_to(s, plan) -> bool:
    t = s.copy()
    play_plan(t, plan.actions, until_turn_end=True)  # checked: every step is legal
    return t.to_json() == plan.end.to_json()


def test_a_timed_listing_stops_by_its_deadline_and_still_covers_the_first_choices(monkeypatch):
    """Out of time, the listing keeps the ends it found and completes each first choice it
    had not listed, by the first choice at every step, for as long as the time allows."""
    import humanity_desktop.bots.segment_plans as segment_plans

    s = recorded_wide_position()
    every = plans(s, pay="auto", full_work=False, alike=True)
    assert len(every) > 200
    clock = ticking(monkeypatch, segment_plans)
    short = plans(s, pay="auto", full_work=False, alike=True, deadline=0.2)
    assert clock[0] < 0.2 + 0.05  # the clock is read at every position: stopped about in time
    assert 0 < len(short) < len(every) // 2
    firsts = {plan.actions[:2] for plan in short}
    assert 3 <= len(firsts) <= len({plan.actions[:2] for plan in every})
    assert all(replays_to(s, plan) and Segment.of(s).over(plan.end) for plan in short)
    late = plans(s, pay="auto", full_work=False, alike=True, deadline=clock[0] - 1.0)
    assert len(late) >= 1 and all(replays_to(s, plan) for plan in late)


def test_the_sampler_judges_only_the_candidates_it_listed_in_its_time(monkeypatch):
    import humanity_desktop.bots.sampling_search as sampling_search
    import humanity_desktop.bots.segment_plans as segment_plans

    s = recorded_wide_position()
    every = len(SamplerBot(1).candidates(s))
    ticking(monkeypatch, segment_plans)
    clock = ticking(monkeypatch, sampling_search)
    timed = SamplerBot(1).candidates(s, span=0.1)
    assert 1 <= len(timed) < every and clock[0] <= 0.1 + 0.01


def test_a_sampler_decision_ends_by_its_cap_however_wide_the_position(monkeypatch):
    """Past its cap the search lists no further and begins no playout, though short of the
    two candidates Normal plays out however slow the machine: on a clock that moves a
    millisecond at each read, a 1 ms budget and a 60 ms cap end it within a few reads of the cap."""
    import types

    import humanity_desktop.bots.base as base
    import humanity_desktop.bots.sampling_search as sampling_search
    import humanity_desktop.bots.segment_plans as segment_plans

    s = recorded_wide_position()
    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]

    for module in (base, sampling_search, segment_plans):
        monkeypatch.setattr(module, "time", types.SimpleNamespace(monotonic=tick))
    bot = sampling_search.normal(1)
    bot.cap = 0.06
    ranked = bot.search(s, Budget(seconds=0.001))
    assert clock[0] <= 0.06 + 0.01 and bot.playouts < sampling_search.NORMAL_LEAST
    assert all(replays_to(s, plan) for _, plan, _ in ranked)


def test_a_listing_out_of_time_still_ends_the_segment_in_every_position_of_real_games(monkeypatch):
    """Stopped at its first position, with time left to complete every first choice, the
    listing gives only legal plans that end the segment, in every position of three games."""
    import types

    import humanity_desktop.bots.segment_plans as segment_plans

    reads = iter([0.0, 0.0])  # the listing's start: it may list until 0.75, then the clock says 0.8
    monkeypatch.setattr(segment_plans, "time", types.SimpleNamespace(monotonic=lambda: next(reads, 0.8)))
    tried = 0
    for seed in range(3):
        s = new_game(2 + seed, seed)
        rng = random.Random(seed)
        while not s.game_over:
            reads = iter([0.0, 0.0])
            firsts = {a for a in legal_actions(s)}
            ends = plans(s, pay="auto", full_work=False, alike=True, deadline=1.0)
            assert ends and all(replays_to(s, plan) and Segment.of(s).over(plan.end) for plan in ends)
            assert {plan.actions[0] for plan in ends} <= firsts
            tried += 1
            apply_action(s, rng.choice(legal_actions(s)))
    assert tried > 300
