"""Bots: legal, reproducible, honest, interruptible, and a tournament that runs."""
from __future__ import annotations

import gzip
import json
import random
import threading
import time

import pytest

from humanity_desktop.bots import Budget, Cancelled, available_levels, make_bot
from greedy_bot import GreedyBot, tally
from humanity_desktop.bots.hints import describe_plan, explain, gain, hints, in_points
from humanity_desktop.bots.evaluate import DEFAULT, Weights, seat_value
from humanity_desktop.bots.determinize import sample_state
from humanity_desktop.bots.planner import PlanningBot, wastes_work
from humanity_desktop.bots.scripted import ScriptedBot
from humanity_desktop.bots.plans import plans
from humanity_desktop.bots.judge import Judge
from humanity_desktop.bots.judge import RICH
from tournament import main as tournament_main, wilson
from humanity_desktop.engine import apply_action, legal_actions, new_game, observe
from humanity_desktop.engine.state import ACTIVE, OVER, TURN
from humanity_desktop.engine.segment import Segment

LEVELS = ["random", "beginner", "easy", "casual", "careful", "normal", "skilled", "hard", "expert"]


def small_budget(level: str) -> Budget | None:
    """Search bots get an iteration cap, which keeps them fast and exactly reproducible."""
    return Budget(iterations=12) if level in ("normal", "skilled", "hard", "expert") else None


def random_position(players: int, seed: int, steps: int):
    """A position reached by random play, stopping short of the game's end."""
    s = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        nxt = s.copy()
        apply_action(nxt, rng.choice(legal_actions(nxt)))
        if nxt.game_over:
            break
        s = nxt
    return s


POSITIONS = [random_position(2 + seed % 3, seed, 40 + 97 * seed) for seed in range(6)]


def first_position_where(players: int, seed: int, holds) -> object:
    """The first position `s` of a random game where `holds(s)`."""
    s = new_game(players, seed)
    rng = random.Random(seed)
    while not holds(s):
        apply_action(s, rng.choice(legal_actions(s)))
        assert not s.game_over
    return s


def first_position_with(players: int, seed: int, wanted) -> object:
    """The first position of a random game where `wanted(legal kinds)` holds."""
    return first_position_where(players, seed, lambda s: wanted({a.kind for a in legal_actions(s)}))


def test_easy_never_stops_working_while_a_tile_could_still_be_used() -> None:
    for seed in range(12):
        s = first_position_with(2, seed, lambda kinds: {"end_work", "activate"} <= kinds)
        end = next(a for a in legal_actions(s) if a.kind == "end_work")
        assert wastes_work(s, (end,))
        assert any(not wastes_work(s, plan) for plan, _ in plans(s))  # using the tiles first is no waste
        for bot_seed in range(5):
            assert make_bot("easy", bot_seed).decide(observe(s, s.current), legal_actions(s)).kind != "end_work"


def test_every_level_is_available() -> None:
    assert set(LEVELS) <= set(available_levels())


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_actions(level: str) -> None:
    for i, s in enumerate(POSITIONS):
        bot = make_bot(level, seed=i)
        state = s.copy()
        for _ in range(25):  # several decisions, following the bot's own plans
            legal = legal_actions(state)
            action = bot.decide(observe(state, state.current), legal, small_budget(level))
            assert action in legal
            apply_action(state, action)
            if state.game_over:
                break


@pytest.mark.parametrize("level", LEVELS)
def test_seeded_decisions_are_reproducible(level: str) -> None:
    s = POSITIONS[3]
    view, legal = observe(s, s.current), legal_actions(s)
    first = make_bot(level, seed=7).decide(view, legal, small_budget(level))
    again = make_bot(level, seed=7).decide(view, legal, small_budget(level))
    assert first == again


def hidden_twin(s):
    """The same position except for what the seat to move cannot see."""
    twin = s.copy()
    for deck in twin.decks + twin.exp_decks:
        deck.reverse()
    for q, player in enumerate(twin.players):
        if q != s.current:
            player.science += 5
    twin.seed = s.seed + 1
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_sees_only_its_own_seat(level: str) -> None:
    s = random_position(3, 11, 200)
    twin = hidden_twin(s)
    assert twin.to_json() != s.to_json()  # the hidden parts really differ
    seat = s.current
    assert observe(twin, seat) == observe(s, seat)
    a = make_bot(level, seed=3).decide(observe(s, seat), legal_actions(s), small_budget(level))
    b = make_bot(level, seed=3).decide(observe(twin, seat), legal_actions(twin), small_budget(level))
    assert a == b


def test_a_search_can_be_cancelled_from_another_thread() -> None:
    s = POSITIONS[2]
    budget = Budget(seconds=60)
    outcome: dict = {}

    def think() -> None:
        try:
            outcome["action"] = make_bot("expert", 1).decide(observe(s, s.current), legal_actions(s), budget)
        except Cancelled:
            outcome["cancelled"] = True

    worker = threading.Thread(target=think)
    worker.start()
    budget.cancel()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert outcome == {"cancelled": True}


def test_budget_counts_iterations_and_time() -> None:
    assert Budget(iterations=3).expired(3) and not Budget(iterations=3).expired(2)
    assert Budget(seconds=0).expired() and not Budget(seconds=60).expired()


def test_each_walk_of_the_search_is_counted_once_in_every_node_it_passes() -> None:
    bot = make_bot("expert", seed=2)  # three levels deep, so walks pass inner nodes
    state = POSITIONS[1]
    root = bot._expand(state)
    for _ in range(40):
        bot._iterate(root, state.copy(), depth=0)

    def check(node, depth: int) -> None:
        children = [c for c in node.children.values() if c is not None]
        if children and depth < bot.depth - 1:
            # an inner node's visits are its children's, plus walks its sample could not play on
            assert sum(c.visits for c in children) <= node.visits
            assert node.visits - sum(c.visits for c in children) <= 1 + len(node.plans)
        for child in children:
            check(child, depth + 1)

    assert root.visits == 40
    check(root, 0)


def test_search_stops_early_once_the_leading_plan_cannot_be_caught() -> None:
    from humanity_desktop.bots.mcts import Node, settled

    root = Node(0, [], 2)
    lead, second = Node(1, [], 2), Node(1, [], 2)
    lead.visits, second.visits = 30, 10
    root.children = {("a",): lead, ("b",): second}
    assert settled(root, Budget(iterations=100), done=81, started=0.0)  # 19 left: 20 cannot be made up
    assert not settled(root, Budget(iterations=100), done=79, started=0.0)
    assert not settled(root, Budget(), done=81, started=0.0)  # an unbounded search never settles


@pytest.mark.parametrize("level", ["casual", "hard"])
def test_hints_give_three_described_plans_starting_legally(level: str) -> None:
    s = POSITIONS[1]
    found = hints(make_bot(level, 2), observe(s, s.current), Budget(iterations=30))
    assert 1 <= len(found) <= 3
    assert found[0].plan[0] in legal_actions(s)
    assert all(h.text for h in found)
    if level == "casual":
        assert [h.value for h in found] == sorted((h.value for h in found), reverse=True)


def test_casual_judges_its_best_plans_again_after_the_next_reply() -> None:
    """Look-ahead reorders the `width` best plans by where the next segment leaves them;
    the others keep their places behind."""
    from humanity_desktop.bots.evaluate import relative_value
    from humanity_desktop.bots.planner import ranked_plans
    s = random_position(2, 36, 90)  # a rival's reply reorders the four best here
    view = observe(s, s.current)
    bot = make_bot("casual")
    bot.cap = None
    plain = ranked_plans(sample_state(view, random.Random(0)), bot.weights)  # what the bot sees
    assert len(plain) > bot.width
    searched = bot.search(view)
    top = {tuple(plan) for _, plan, _ in plain[:bot.width]}
    assert [plan for _, plan, _ in searched[:bot.width]] != [plan for _, plan, _ in plain[:bot.width]]
    assert {tuple(plan) for _, plan, _ in searched[:bot.width]} == top
    assert [plan for _, plan, _ in searched[bot.width:]] == [plan for _, plan, _ in plain[bot.width:]]
    values = [value for value, _, _ in searched[:bot.width]]
    assert values == sorted(values, reverse=True)
    for value, plan, _ in searched[:bot.width]:
        after = next(a for _, p, a in plain if p == plan)
        reply = after if after.game_over else ranked_plans(after, bot.weights)[0][2]
        assert value == pytest.approx(relative_value(reply, s.current, bot.weights))


def test_a_capped_casual_answers_even_with_no_time_left() -> None:
    s = POSITIONS[5]
    bot = make_bot("casual")
    bot.cap = 0.0
    ranked = bot.search(observe(s, s.current))
    assert ranked and ranked[0][1][0] in legal_actions(s)


def test_a_plans_gain_is_what_it_adds_to_the_seats_expected_final_score() -> None:
    s = POSITIONS[2]
    view = observe(s, s.current)
    bot = make_bot("casual")
    for _, plan, _ in bot.search(view)[:3]:
        state = sample_state(view, random.Random(0))
        before = seat_value(state, s.current, bot.weights)
        for action in plan:
            apply_action(state, action)
        assert gain(view, plan, bot.worth) == pytest.approx(seat_value(state, s.current, bot.weights) - before)


@pytest.mark.parametrize("points, said", [
    (2.6, "about +3 VP by the end of the game"), (-1.5, "about -2 VP by the end of the game"),
    (0.4, "less than 1 VP by the end of the game"), (None, "its worth depends on cards still face down"),
])
def test_gains_are_told_in_whole_points(points, said) -> None:
    assert in_points(points) == said


def test_a_bots_reasons_come_from_its_own_figures() -> None:
    s = POSITIONS[4]  # a turn's start: several plans
    view = observe(s, s.current)
    bot = make_bot("casual")
    (v1, plan1, _), (_, plan2, _) = bot.search(view)[:2]
    ranked = [(v1, plan1, 30), (v1 - 1.25, plan2, 10)]
    why = explain(view, ranked, bot.worth)
    assert why.startswith(f"Its choice: {describe_plan(plan1, view)}, {in_points(gain(view, plan1, bot.worth))}.")
    assert "played this plan out 30 of 40 times, more than any other" in why
    assert "only this plan, once" in explain(view, [(v1, plan1, 1), (v1 - 1.25, plan2, 0)], bot.worth)
    assert f"Next best for it: {describe_plan(plan2, view)}, 1.2 VP worse" in why  # 1.25 rounds to even
    assert "about as good" in explain(view, [(v1, plan1, 0), (v1, plan2, 0)], bot.worth)
    assert "played" not in explain(view, [(v1, plan1, 0)], bot.worth)


def test_hints_and_reasons_quote_the_judging_bots_own_evaluation() -> None:
    s = POSITIONS[4]
    view = observe(s, s.current)
    odd = Weights(production=9.0, stock=3.0, work=0.0)  # far from every shipped set
    bot = PlanningBot("casual", 0, odd, noise=0.0)

    def by(weights):
        return lambda state, seat: seat_value(state, seat, weights)

    found = hints(bot, view, Budget())
    assert found
    for hint in found:
        assert hint.gain == pytest.approx(gain(view, hint.plan, by(odd)))
    assert any(hint.gain != pytest.approx(gain(view, hint.plan, by(DEFAULT))) for hint in found)
    ranked = bot.search(view, Budget())
    assert in_points(gain(view, ranked[0][1], by(odd))) in explain(view, ranked, bot.worth)


def _judged_order(state, listed):
    """`listed` (plan, after) pairs in the order of the hand-written judgement, ties kept in place."""
    judge = Judge(state, RICH)
    return sorted(listed, key=lambda entry: -judge.value(entry[1], state.current))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_keep_the_plans_the_hand_written_judgement_rates_best(level: str) -> None:
    from humanity_desktop.bots.mcts import MAX_CHILDREN
    from humanity_desktop.bots.planner import ranked_plans
    s = POSITIONS[4]
    bot = make_bot(level, 0)
    listed = plans(s)
    assert len(listed) > MAX_CHILDREN
    expected = [plan for plan, _ in _judged_order(s, listed)[:MAX_CHILDREN]]
    learned = [plan for _, plan, _ in ranked_plans(s, bot.weights)[:MAX_CHILDREN]]
    assert expected != learned  # the learned evaluation would keep others here
    assert bot._ranked(s) == expected


def test_the_judgement_ranks_only_what_its_deadline_allows_and_every_plan_it_gives_plays() -> None:
    s = wide_position()
    bot = make_bot("hard", 0)
    ranked = bot._rank(s, deadline=time.monotonic() - 1.0)  # already past
    assert 1 <= len(ranked) < len(plans(s)) / 10
    assert all(replays_to_its_end(s, plan, after) for _, plan, after in ranked)
    judge = Judge(s, RICH)
    values = [value for value, _, _ in ranked]
    assert values == pytest.approx([judge.value(after, s.current) for _, _, after in ranked])
    assert values == sorted(values, reverse=True)


def finished_game(players: int, seed: int):
    s = new_game(players, seed)
    rng = random.Random(seed)
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
    return s


@pytest.mark.parametrize("position", [POSITIONS[2], finished_game(3, 8)], ids=["in play", "over"])
def test_hard_values_its_leaves_and_its_plans_worth_by_the_hand_written_judgement(position) -> None:
    bot = make_bot("hard", 0)
    judge = Judge(position, RICH)
    expected = [judge.seat_value(position, q) for q in range(position.n)]
    assert bot._leaf(position) == pytest.approx(expected)
    assert bot.worth(position, 0) == pytest.approx(expected[0])
    plain = make_bot("hard", 0)
    plain.judgement = None  # the search as it was: the learned judgement throughout
    assert plain._leaf(position) == pytest.approx([seat_value(position, q, plain.weights) for q in range(position.n)])


def test_normal_is_the_sampling_search_and_gives_its_reasons_in_its_own_judgement() -> None:
    s = POSITIONS[4]
    view = observe(s, s.current)
    bot = make_bot("normal", 1)
    assert bot.seconds <= 0.05
    action = bot.decide(view, legal_actions(s), Budget(iterations=24))
    assert action in legal_actions(s)
    value, plan, played = bot.last_search[0]
    assert plan[0] == action and played > 0
    state = sample_state(view, random.Random(0))
    assert bot.worth(state, s.current) == pytest.approx(Judge(state, RICH).seat_value(state, s.current))
    why = explain(view, bot.last_search, bot.worth)
    assert why.startswith(f"Its choice: {describe_plan(plan, view)}, {in_points(gain(view, plan, bot.worth))}.")
    assert gain(view, plan, bot.worth) is not None


def test_tournament_command_plays_a_tiny_match(capsys) -> None:
    assert tournament_main(["--seats", "casual,random", "--games", "2", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2
    assert set(out["levels"]) == {"casual", "random"}
    for stats in out["levels"].values():
        assert 0.0 <= stats["ci95"][0] <= stats["win_rate"] <= stats["ci95"][1] <= 1.0
        assert {"win_rate", "ci95", "mean_score", "decision_ms_median"} <= set(stats)
    assert out["levels"]["casual"]["win_rate"] + out["levels"]["random"]["win_rate"] == pytest.approx(1.0)


def test_a_table_of_three_is_summed_up_by_places_and_by_who_finished_ahead_of_whom() -> None:
    import tournament
    games = [
        {"levels": ["a", "b", "c"], "places": [1, 2, 3]},
        {"levels": ["b", "c", "a"], "places": [1, 1, 3]},  # b and c tie for first
        {"levels": ["c", "a", "b"], "places": [2, 1, 3]},
    ]
    ahead = tournament.ahead_of(games)
    assert ahead["a>b"]["share"] == pytest.approx(2 / 3, abs=1e-4) and ahead["b>a"]["share"] == pytest.approx(1 / 3, abs=1e-4)
    assert ahead["b>c"]["share"] == pytest.approx(0.5)  # ahead once, tied once, behind once
    assert ahead["c>a"]["games"] == 3
    assert all(st["ci95"][0] <= st["share"] <= st["ci95"][1] for st in ahead.values())
    lo, hi = tournament.mean_interval([1, 3, 3])
    assert lo < 7 / 3 < hi


def test_the_greedy_reference_sits_in_tournaments_but_is_not_a_level_of_the_game(capsys) -> None:
    assert "greedy" not in available_levels()
    assert tournament_main(["--seats", "greedy,random", "--games", "2", "--seed", "1", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["levels"]) == {"greedy", "random"}


def test_the_greedy_reference_takes_the_plan_its_tally_rates_best() -> None:
    for s in POSITIONS[:4]:
        view, legal = observe(s, s.current), legal_actions(s)
        bot = GreedyBot(seed=1)
        ranked = bot.search(view)
        assert [v for v, _, _ in ranked] == sorted((v for v, _, _ in ranked), reverse=True)
        assert GreedyBot(seed=1).decide(view, legal) == ranked[0][1][0]
        after = s.copy()
        for action in ranked[0][1]:
            apply_action(after, action)
        assert tally(after, s.current) >= max(tally(a, s.current) for _, a in plans(s)) - 1e-9


def test_the_greedy_tally_counts_banked_points_one_for_one() -> None:
    s = POSITIONS[2].copy()
    before = tally(s, 0)
    s.players[0].ledger["mission"] += 3
    assert tally(s, 0) == pytest.approx(before + 3)


def test_a_logged_tournament_resumes_without_replaying_finished_games(tmp_path, capsys, monkeypatch) -> None:
    import tournament

    log = tmp_path / "games.jsonl"
    args = ["--seats", "easy,random", "--seed", "3", "--json", "--log", str(log)]
    assert tournament_main([*args, "--games", "2"]) == 0
    first = json.loads(capsys.readouterr().out)
    with log.open("a", encoding="utf-8") as f:
        f.write('{"levels": ["easy", "ran')  # a line cut short when a run was stopped
    played: list[int] = []
    real_job = tournament._job
    monkeypatch.setattr(tournament, "_job", lambda task: played.append(task[1]) or real_job(task))
    assert tournament_main([*args, "--games", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert played == [5]  # games 3 and 4 came from the log
    assert out["games"] == 3
    assert out["levels"]["easy"]["seats_played"] == 3
    played.clear()
    assert tournament_main([*args, "--games", "3"]) == 0
    assert played == [] and json.loads(capsys.readouterr().out) == out
    # games measured on other tile values are not pooled with these: all are played again
    monkeypatch.setattr(tournament, "catalogue_fingerprint", lambda: "other tiles")
    assert tournament_main([*args, "--games", "3"]) == 0
    assert played == [3, 4, 5]
    # nor games of bots on other learned weights
    played.clear()
    monkeypatch.setattr(tournament, "learned_fingerprint", lambda: "other weights")
    assert tournament_main([*args, "--games", "3"]) == 0
    assert played == [3, 4, 5]
    assert first["games"] == 2


def test_a_gzipped_log_is_resumed_as_a_plain_one_is_and_stays_one_whole_gzipped_file(
        tmp_path, capsys, monkeypatch) -> None:
    import tournament

    def args(log):  # Careful has no clock: the same games however busy the machine
        return ["--seats", "careful,random", "--seed", "3", "--json", "--log", str(log)]

    plain, packed = tmp_path / "plain" / "games.jsonl", tmp_path / "packed" / "games.jsonl.gz"
    for log in (plain, packed):
        log.parent.mkdir()
        assert tournament_main([*args(log), "--games", "2"]) == 0
    capsys.readouterr()
    played: list[int] = []
    real_job = tournament._job
    monkeypatch.setattr(tournament, "_job", lambda task: played.append(task[1]) or real_job(task))
    assert tournament_main([*args(packed), "--games", "3"]) == 0
    assert played == [5]  # games 3 and 4 came from the gzipped log
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert tournament_main([*args(plain), "--games", "3"]) == 0

    def games(text):  # every game as logged but for its seats' thinking times
        return [{k: v for k, v in json.loads(line).items() if k != "think_ms"} for line in text.splitlines()]

    assert games(gzip.decompress(packed.read_bytes()).decode("utf-8")) == games(plain.read_text(encoding="utf-8"))
    assert [g["seed"] for g in games(plain.read_text(encoding="utf-8"))] == [3, 4, 5]
    assert [p.name for p in packed.parent.iterdir()] == ["games.jsonl.gz"]  # nothing left beside it


def test_a_damaged_gzipped_log_is_refused_and_left_as_it_is(tmp_path, capsys) -> None:
    log = tmp_path / "games.jsonl.gz"
    log.write_bytes(gzip.compress(b'{"levels": ["easy", "random"], "seed": 3}\n')[:-6])  # cut short
    before = log.read_bytes()
    with pytest.raises(SystemExit):
        tournament_main(["--seats", "easy,random", "--games", "1", "--log", str(log)])
    assert "not a whole gzipped file" in capsys.readouterr().err
    assert log.read_bytes() == before


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(71, 100)
    assert lo < 0.71 < hi and hi - lo < 0.2
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_plan_values_reuse_the_other_seats_only_where_they_are_the_same() -> None:
    """relative_values (the ranking's) equals relative_value plan by plan, exactly: the other
    seats' terms are reused only where their seat and what they read of the board are equal,
    which resets, missions taken and research gained (read by every seat's tokens) change."""
    from humanity_desktop.bots.evaluate import LEARNED, relative_value, relative_values
    from humanity_desktop.bots.planner import LEVEL_WEIGHTS

    for s in POSITIONS + [random_position(4, 9, 300), random_position(2, 8, 420)]:
        after = [a for _, a in plans(s)]
        # the same states again with other seats changed: a reset's returns, a mission's points,
        # a research level, and a base holding the same tiles in another order
        for k, a in enumerate(after[:4]):
            b = a.copy()
            q = (s.current + 1) % s.n
            if k == 0:
                b.players[q].research += 1
            elif k == 1:
                b.players[q].ledger["mission"] += 3
            elif k == 2:
                b.players[q].base = dict(reversed(list(b.players[q].base.items())))
            else:
                b.holders = [q] * len(b.holders)
            after.append(b)
        for w in (DEFAULT, LEARNED, LEVEL_WEIGHTS):
            assert relative_values(after, s.current, w) == [relative_value(a, s.current, w) for a in after]


def astronauts_beside_the_board(hangars: int, spots: list[int], active_elsewhere: int = 0):
    """A 2-player position with the arm on spot 0, `hangars` modules in the hangars (slot 1
    first), seat 0's astronauts beside the board on `spots`, and `active_elsewhere` of seat 1's
    astronauts active in its base (the rest of seat 1's resting)."""
    from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED

    s = new_game(2, 3)
    tiles = [t for t in s.hangars if t is not None] + s.decks[0]
    s.arm = 0
    s.hangars = tiles[:hangars] + [None] * (7 - hangars)
    s.players[0].astros = [(2, BOARD, spot) for spot in spots]
    cell = next(iter(s.players[1].base))
    s.players[1].astros = [(2, ACTIVE if i < active_elsewhere else EXHAUSTED, cell) for i in range(3)]
    return s


def test_an_astronaut_the_arm_will_not_pass_is_counted_as_missing_the_next_round() -> None:
    """The arm turns 7 - k spots at the reset, k the modules left off the white crosses: with
    all 7 hangars full it turns 2, so an astronaut 6 spots on stays beside the board."""
    from humanity_desktop.bots.evaluate import stranded

    full = astronauts_beside_the_board(7, [6])
    near = astronauts_beside_the_board(7, [0])
    assert stranded(full, 0) > 0.95
    assert stranded(near, 0) < 0.15
    assert stranded(full, 1) == 0.0  # seat 1 has nobody beside the board
    # The same spot with fewer modules left: the arm turns further and passes it.
    assert stranded(astronauts_beside_the_board(2, [6]), 0) < 0.25
    # Turns still to play take modules, so the arm is expected to turn further.
    waiting = astronauts_beside_the_board(7, [4])
    assert stranded(astronauts_beside_the_board(7, [4], active_elsewhere=3), 0) < stranded(waiting, 0)
    assert stranded(astronauts_beside_the_board(7, [0, 6]), 0) == pytest.approx(
        stranded(near, 0) + stranded(full, 0))


def test_normal_counts_a_round_lost_for_a_stranded_astronaut_and_the_learned_weights_do_not() -> None:
    from humanity_desktop.bots.evaluate import LEARNED, game_left, stranded
    from humanity_desktop.bots.planner import LEVEL_WEIGHTS
    from humanity_desktop.engine.state import OVER

    s = astronauts_beside_the_board(7, [6])
    cost = seat_value(s, 0, LEARNED) - seat_value(s, 0, LEVEL_WEIGHTS)
    assert cost == pytest.approx(LEVEL_WEIGHTS.stranded * stranded(s, 0) * game_left(s) ** 0.3)
    assert cost > 2.0
    s.phase = OVER  # no round is left to miss
    assert seat_value(s, 0, LEARNED) == seat_value(s, 0, LEVEL_WEIGHTS)


def wide_position():
    """The recorded late-game position with 12 usable tiles and two astronauts of work 4
    (tools/record_search_choices.py): hundreds of plans."""
    from pathlib import Path

    from humanity_desktop.engine import State

    data = json.loads((Path(__file__).parent / "data" / "search_choices.json").read_text())
    return State.from_json(next(c["state"] for c in data["positions"] if c["name"] == "2p-wide"))


def replays_to_its_end(s, plan, after) -> bool:
    t = s.copy()
    for action in plan:
        apply_action(t, action)  # checked: every step of the plan is legal
    return t.to_json() == after.to_json() and (t.game_over or Segment.of(t) != Segment.of(s))


def test_timed_plans_stop_in_time_and_still_cover_the_turns_options(monkeypatch) -> None:
    """Out of time, the plan search keeps what it found and finishes each branch it had left
    greedily, shallowest first; with time to spare it finds every plan, as without a deadline."""
    import humanity_desktop.bots.plans as plans_module
    from humanity_desktop.bots.evaluate import LEARNED, PlanValuer

    s = wide_position()
    every = plans(s)
    assert len(every) > 500
    assert [p for p, _ in plans(s, deadline=time.monotonic() + 3600)] == [p for p, _ in every]
    clock = [0.0]

    def tick() -> float:  # a clock that moves a millisecond each time it is read
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(plans_module.time, "monotonic", tick)
    short = plans(s, deadline=0.02, value=PlanValuer(s.current, LEARNED).value)
    assert 0 < len(short) < len(every) * 0.6
    # Every plan here works the base; the search, cut short in the branches of the tile
    # activated first, finished several other first tiles' branches in the time left.
    first_tiles = {plan[2] for plan, _ in short}
    assert 4 <= len(first_tiles) < len({plan[2] for plan, _ in every})
    assert len({_signature_of(after, s.current) for _, after in short}) == len(short)
    assert all(replays_to_its_end(s, plan, after) for plan, after in short)
    late = plans(s, deadline=clock[0] - 1.0)  # past already: one branch finished, at least
    assert late and all(replays_to_its_end(s, plan, after) for plan, after in late)


def _signature_of(state, p):
    from humanity_desktop.bots.plans import _signature

    return _signature(state, p)


def test_a_timed_search_ranks_the_roots_plans_within_its_share_of_the_budget(monkeypatch) -> None:
    """However many plans the root has, ranking them takes at most ROOT_SHARE of a timed
    search's budget (checked on a clock that makes every read cost a millisecond), and the
    search answers with plans that start legally."""
    import humanity_desktop.bots.planner as planner_module
    import humanity_desktop.bots.plans as plans_module
    from humanity_desktop.bots import mcts

    s = wide_position()
    clock = [time.monotonic()]
    real = time.monotonic

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]

    bot = make_bot("hard", 3)
    seen: list = []
    expand = bot._expand

    def timed_expand(state, deadline=None, shared=None):
        seen.append(deadline)
        if deadline is None:
            return expand(state, deadline, shared)
        monkeypatch.setattr(plans_module.time, "monotonic", tick)
        monkeypatch.setattr(planner_module.time, "monotonic", tick)
        clock[0] = real()
        try:
            node = expand(state, deadline, shared)
        finally:
            monkeypatch.setattr(plans_module.time, "monotonic", real)
            monkeypatch.setattr(planner_module.time, "monotonic", real)
        seen.append(clock[0])
        return node

    bot._expand = timed_expand
    started = real()
    ranked = bot.search(observe(s, s.current), Budget(seconds=0.4))
    deadline, finished = seen[0], seen[1]
    assert deadline <= started + mcts.ROOT_SHARE * 0.4 + 0.01
    assert finished <= deadline + 0.02  # a few reads of the clock past it, at most
    assert ranked and ranked[0][1][0] in legal_actions(s)


def test_a_ranking_past_its_deadline_still_answers_with_plans_that_play() -> None:
    """A timed search ranks every position by its budget's deadline: one met after the deadline
    costs a few positions opened and one branch finished, and still gives a plan to play."""
    from humanity_desktop.bots.evaluate import LEARNED
    from humanity_desktop.bots.planner import ranked_plans

    s = wide_position()
    ranked = ranked_plans(s, LEARNED, deadline=time.monotonic() - 1.0)
    assert 1 <= len(ranked) < len(plans(s)) / 10
    assert all(replays_to_its_end(s, plan, after) for _, plan, after in ranked)


def without_wild_shapes(state) -> str:
    """A position as JSON, less the shapes the wild greenhouses show (they never decide
    anything: docs/rules-interpretation.md)."""
    d = state.to_json()
    for seat in d["seats"]:
        for entry in seat["base"]:
            entry.pop("shape", None)
    return json.dumps(d, sort_keys=True)


def segment_ends(s) -> set[str]:
    """Every position that finishing the segment begun in `s` can reach, from the rules alone:
    every legal action in every order, payments begun on the way made the auto-pay way (as
    plans make them; one under way in `s` may take any first spend); as without_wild_shapes."""
    from humanity_desktop.engine.autopay import cheapest_spend
    from humanity_desktop.engine.state import PAY

    start, ends, seen, todo = Segment.of(s), set(), set(), [s]
    while todo:
        state = todo.pop()
        actions = legal_actions(state)
        for action in [cheapest_spend(state, actions)] if state.phase == PAY and state is not s else actions:
            nxt = state.copy()
            apply_action(nxt, action)
            text = json.dumps(nxt.to_json(), sort_keys=True)
            if text in seen:
                continue
            seen.add(text)
            if nxt.phase == OVER or Segment.of(nxt) != start:
                ends.add(without_wild_shapes(nxt))
            else:
                todo.append(nxt)
    return ends


def test_plans_reach_every_position_any_order_of_the_turns_actions_reaches() -> None:
    """Plans take a work's activations in the order of their cells only, and place returning
    astronauts in a fixed order; every position the rules allow at the segment's end is still
    reached, once (the wild greenhouses' shapes aside). Checked on positions of random games,
    2 to 4 players."""
    checked = 0
    for seed in range(12):
        s, rng = new_game(2 + seed % 3, seed), random.Random(seed)
        while not s.game_over:
            if rng.random() < 0.15:
                found = [without_wild_shapes(after) for _, after in plans(s)]
                assert len(found) == len(set(found))
                assert set(found) == segment_ends(s)
                checked += 1
            apply_action(s, rng.choice(legal_actions(s)))
    assert checked > 100


def test_plans_start_with_every_active_astronaut() -> None:
    """Choosing one astronaut or another changes nothing on the table until it acts, yet they
    stand on different cells with their own work: the plans keep both apart."""
    state = new_game(2, 3)
    first_choices = {plan[0] for plan, _ in plans(state)}
    assert first_choices == set(legal_actions(state)) and len(first_choices) == 2


def test_a_scripted_bot_plays_its_set_moves_then_its_fallbacks_choices() -> None:
    s = new_game(2, 5)
    view, legal = observe(s, s.current), legal_actions(s)
    first, other = legal  # the two astronauts to start with
    fallback = make_bot("easy", 1)
    bot = ScriptedBot({Segment.of_view(view): [other, first]}, fallback)
    assert bot.decide(view, legal) == other
    assert bot.decide(view, legal) == other  # asked again (a called-off decision): the same move
    later = s.copy()
    apply_action(later, other)
    later_legal = legal_actions(later)
    assert first not in later_legal  # the next set move is refused by the rules: the fallback decides
    later_view = observe(later, later.current)
    assert bot.decide(later_view, later_legal) == make_bot("easy", 1).decide(later_view, later_legal)
    unscripted = ScriptedBot({}, make_bot("easy", 1))
    assert unscripted.decide(view, legal) == make_bot("easy", 1).decide(view, legal)


def test_a_greedy_completion_takes_the_best_rated_step_until_its_segment_ends() -> None:
    from humanity_desktop.bots.plans import _steps, greedy_completion

    s = wide_position()
    judge = Judge(s, RICH)

    def value(state):
        return judge.value(state, s.current)

    plan, after = greedy_completion(s, (), Segment.of(s), value)
    assert replays_to_its_end(s, plan, after)
    assert len(plan) >= 4  # picks an astronaut, works, activates: several steps, each chosen
    state, done = s, ()
    while state.phase != OVER and Segment.of(state) == Segment.of(s):
        options = _steps(state, done)
        done, state = next((p, st) for p, st in options if plan[:len(p)] == p)
        assert value(state) == max(value(st) for _, st in options)
    assert done == plan


def test_a_stepwise_look_ahead_plays_a_ranked_positions_best_plan_and_else_chooses_step_by_step(monkeypatch) -> None:
    from humanity_desktop.bots.mcts import hard, public_key
    from humanity_desktop.bots.plans import greedy_completion

    s = wide_position()
    bot = hard(0, stepwise_above=0)
    monkeypatch.setattr(bot, "_rank", lambda *args: pytest.fail("the stepwise look-ahead ranked every plan"))
    expected_plan, expected_after = greedy_completion(s, (), Segment.of(s), bot._mover_value(s))
    assert bot._best_after(s, public_key(s)).to_json() == expected_after.to_json()
    assert bot._rollout_plans[public_key(s)] == expected_plan  # chosen once per position in a search
    other_plan, other_after = plans(s)[-1]
    assert other_plan != expected_plan
    bot._memo[public_key(s)] = [other_plan]  # the position was ranked in the tree meanwhile
    assert bot._best_after(s, public_key(s)).to_json() == other_after.to_json()


def test_a_search_with_the_stepwise_look_ahead_answers_with_a_root_plan_that_plays() -> None:
    from humanity_desktop.bots.mcts import hard

    s = POSITIONS[2]
    bot = hard(0, stepwise_above=0)
    ranked = bot.search(observe(s, s.current), Budget(iterations=30))
    assert sum(visits for _, _, visits in ranked) == 30
    listed = {plan: after for plan, after in plans(s)}
    _, plan, _ = ranked[0]
    assert replays_to_its_end(s, plan, listed[plan])


def test_the_judgements_ties_among_the_plans_kept_go_in_the_learned_order() -> None:
    from humanity_desktop.bots.evaluate import PlanValuer
    from humanity_desktop.bots.mcts import MAX_CHILDREN, hard

    s = wide_position()
    listed = hard(0)._rank(s, None)
    bot = hard(0, learned_ties=True)
    ranked = bot._rank(s, None)
    assert [value for value, _, _ in ranked] == [value for value, _, _ in listed]
    cut = listed[MAX_CHILDREN - 1][0]
    contested = [entry for entry in ranked if entry[0] >= cut]
    assert len({value for value, _, _ in contested}) < len(contested)  # ties to break here
    learned = PlanValuer(s.current, bot.weights).value
    keys = [(-value, -learned(after)) for value, _, after in contested]
    assert keys == sorted(keys)
    assert [plan for _, plan, _ in ranked[:MAX_CHILDREN]] != [plan for _, plan, _ in listed[:MAX_CHILDREN]]
    assert [plan for _, plan, _ in ranked[len(contested):]] == [plan for _, plan, _ in listed[len(contested):]]


def test_a_samplers_draws_are_fresh_states_each_as_a_sampler_made_anew_would_deal() -> None:
    from humanity_desktop.bots.determinize import Sampler

    s = POSITIONS[3]
    view = observe(s, s.current)
    sampler = Sampler(view)
    first = sampler.draw(random.Random(1))
    for action in legal_actions(first)[:1]:  # a draw is the caller's to change
        apply_action(first, action)
    first.decks[0].clear()
    again = sampler.draw(random.Random(5))
    assert again.to_json() == Sampler(view).draw(random.Random(5)).to_json()
    assert observe(again, s.current) == view
    assert list(map(len, again.decks)) == view["decks"]


class _Forgetful(dict):
    """A memo that never keeps anything: every playout worked out afresh."""

    def __setitem__(self, key, value) -> None:
        pass


# A 2-player turn whose look-ahead mostly reaches the reset and draws, and a 4-player one
# whose look-ahead mostly does not.
PLAYOUT_POSITIONS = [random_position(2, 6, 150), random_position(4, 2, 60)]


@pytest.mark.parametrize("position", PLAYOUT_POSITIONS, ids=["drawing", "not drawing"])
def test_a_remembered_playout_gives_the_values_the_sample_would_have_played_to(position) -> None:
    from humanity_desktop.bots.mcts import hard

    view = observe(position, position.current)
    remembering = hard(1)
    ranked = remembering.search(view, Budget(iterations=100))
    assert 0 < len(remembering._playouts) < 60  # remembered, and used again
    afresh = hard(1)
    afresh._playouts = _Forgetful()
    assert afresh.search(view, Budget(iterations=100)) == ranked


def next_to_last_turn_of_a_round(players: int, seed: int):
    """A turn of a random game after which one astronaut is left to act in the round: the
    plans of its last turn, in the search's tree, end the round and deal new modules."""
    return first_position_where(players, seed, lambda s: s.phase == TURN and s.turn > 8 and sum(
        where == ACTIVE for p in s.players for _, where, _ in p.astros) == 2)


@pytest.mark.parametrize("position", [next_to_last_turn_of_a_round(2, 3), PLAYOUT_POSITIONS[1]],
                         ids=["drawing", "not drawing"])
def test_a_plan_played_once_for_every_sample_leads_each_where_its_own_play_would(position) -> None:
    from humanity_desktop.bots.determinize import Sampler
    from humanity_desktop.bots.mcts import dealt, hard, public_key

    sampler, rng = Sampler(observe(position, position.current)), random.Random(7)
    bot = hard(1)
    first = sampler.draw(rng)
    root = bot._expand(first, shared=public_key(first))
    for walk in range(100):
        bot._iterate(root, first if walk == 0 else sampler.draw(rng), depth=0)
    kept = drawn = 0
    for _ in range(3):
        tried = [(root, sampler.draw(rng))]
        while tried:
            node, state = tried.pop()
            for plan, child in node.children.items():
                own = state.fork()
                for action in plan:
                    apply_action(own, action)
                kept += plan in node.afters
                drawn += dealt(own) != dealt(state)
                assert bot._play(node, plan, state).to_json() == own.to_json()
                if child is not None and child.afters is not None:
                    tried.append((child, own))
    assert kept > 0
    assert drawn > 0 or position is PLAYOUT_POSITIONS[1]  # plans that draw are played afresh
