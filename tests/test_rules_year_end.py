"""End of the Year (rulebook p. 13-14, steps 6-11, and the Science token example)."""
import pytest

from builders import CAT, end_round_now, fresh, on_ring, quiet_missions
from humanity_desktop.engine.events import Research
from humanity_desktop.engine.scoring import gain_research
from humanity_desktop.engine.state import ACTIVE, BOARD, TURN


def position(n, year=1, research=None, deck_left=0):
    s = fresh(n, seed=11)
    quiet_missions(s)
    s.year = year
    if year > 1:
        s.wheel = [e for e in sorted(CAT.experiments_by_year[year])][:7]
    s.decks[year - 1] = s.decks[year - 1][:deck_left]
    for p in s.players:  # nobody comes home: keeps the reset simple
        w, _, _ = p.astros[2]
        p.astros[2] = (w, BOARD, on_ring(s, 7))
    for p, r in zip(s.players, research or []):
        p.research = r
    return s


def marks():
    (p1, t1), (p2, t2) = CAT.research_marks[:2]
    assert (t1, t2) == (1, 2) and p1 >= 2 and p2 > p1 + 1
    return p1, p2


def science_gained(s, before):
    return [p.science - b for p, b in zip(s.players, before)]


def test_rulebook_science_token_example_four_three_one_zero():
    # green reached the "1" mark with pink, yellow and blue behind: 1 + 3 = 4
    # pink reached the "1" mark with yellow and blue behind: 1 + 2 = 3
    # yellow is below the first mark with blue behind: 0 + 1 = 1; blue earns nothing
    p1, _ = marks()
    green, pink, yellow, blue = p1 + 1, p1, p1 - 1, 0
    s = position(4, research=[green, pink, yellow, blue])
    before = [p.science for p in s.players]
    end_round_now(s)
    assert s.year == 2
    assert science_gained(s, before) == [4, 3, 1, 0]


def test_science_tokens_three_players_ties_are_not_behind():
    _, p2 = marks()
    s = position(3, research=[p2 + 1, p2, p2])
    end_round_now(s)
    t = CAT.tokens_for
    assert [p.science for p in s.players] == [t(p2 + 1) + 2, t(p2), t(p2)]


def test_science_tokens_use_the_highest_mark_reached():
    for level in range(0, CAT.research_cap + 1, 3):
        s = position(3, research=[level, level, level])
        end_round_now(s)
        best = max([tok for pos, tok in CAT.research_marks if level >= pos], default=0)
        assert [p.science for p in s.players] == [best] * 3


@pytest.mark.parametrize("research,tokens", [
    (0, 0), (7, 0), (8, 1), (14, 1), (15, 2), (20, 2), (21, 3), (25, 3), (26, 4), (29, 4),
    (30, 5), (33, 5), (34, 6), (37, 6), (38, 7), (41, 7), (42, 8), (45, 8), (46, 9), (49, 9), (50, 10),
])
def test_the_published_research_thresholds(research, tokens):
    s = position(3, research=[research] * 3)
    end_round_now(s)
    assert [p.science for p in s.players] == [tokens] * 3


def test_research_never_passes_fifty_gains_beyond_are_lost():
    s = position(2, research=[48, 0])
    s.current = 0
    gain_research(s, 0, 5, "experiment", [])
    assert s.players[0].research == 50
    ev = []
    gain_research(s, 0, 3, "experiment", ev)
    assert s.players[0].research == 50 and ev == [Research(0, 0, "experiment")]


def test_two_players_the_leader_earns_two_tokens_for_the_player_behind():
    p1, p2 = marks()
    s = position(2, research=[p1, p2])
    end_round_now(s)
    t = CAT.tokens_for
    # thresholds reached, plus 2 for the one player behind in a 2-player game (not 1 + 2)
    assert [p.science for p in s.players] == [t(p1), t(p2) + 2]


@pytest.mark.parametrize("n", [3, 4])
def test_with_three_or_four_players_each_player_behind_is_worth_one_token(n):
    s = position(n, research=[20 - 5 * i for i in range(n)])
    end_round_now(s)
    t = CAT.tokens_for
    assert [p.science for p in s.players] == [t(20 - 5 * i) + (n - 1 - i) for i in range(n)]


def test_two_players_tied_nobody_leads():
    _, p2 = marks()
    s = position(2, research=[p2, p2])
    end_round_now(s)
    assert [p.science for p in s.players] == [CAT.tokens_for(p2)] * 2


def test_research_markers_go_back_to_the_start_science_is_kept():
    s = position(3, research=[12, 7, 3])
    for p in s.players:
        p.science = 5
    end_round_now(s)
    assert [p.research for p in s.players] == [0, 0, 0]
    assert all(p.science >= 5 for p in s.players)


def test_no_end_of_year_science_before_the_year_ends():
    s = position(2, research=[12, 7], deck_left=5)
    end_round_now(s)
    assert s.year == 1
    assert [p.research for p in s.players] == [12, 7]
    assert [p.science for p in s.players] == [0, 0]


@pytest.mark.parametrize("year", [1, 2])
def test_experiments_are_replaced_by_seven_of_the_new_year(year):
    s = position(2, year=year)
    s.wheel[0] = None
    old = [e for e in s.wheel if e is not None]
    deck = list(s.exp_decks[year])
    end_round_now(s)
    assert s.year == year + 1
    assert len(s.wheel) == 7 and all(CAT.experiments[e].year == year + 1 for e in s.wheel)
    assert set(s.wheel) <= set(deck) and len(s.exp_decks[year]) == len(deck) - 7
    assert set(old) <= set(s.removed)


@pytest.mark.parametrize("year", [1, 2])
def test_modules_of_the_previous_year_remain_and_empty_hangars_get_new_year_modules(year):
    s = position(2, year=year)
    old = list(s.hangars)
    new_deck = list(s.decks[year])
    end_round_now(s)
    # two white crosses removed, five previous-year modules stay, two new-year modules added
    assert s.hangars[:5] == old[2:]
    assert all(CAT.tiles[t].year == year + 1 for t in s.hangars[5:])
    assert set(s.hangars[5:]) <= set(new_deck)
    assert len(s.decks[year]) == len(new_deck) - 2


def test_the_last_modules_of_the_old_year_are_placed_before_the_new_year_fills_the_rest():
    # board model: "decide and document whether the last few current-year modules are placed
    # first"; the engine places them first.
    s = position(2, deck_left=1)
    last = s.decks[0][0]
    old = list(s.hangars)
    end_round_now(s)
    assert s.year == 2
    assert s.hangars[:6] == old[2:] + [last]
    assert CAT.tiles[s.hangars[6]].year == 2


def test_a_new_round_of_the_new_year_begins_with_every_base_astronaut_active():
    s = position(3)
    end_round_now(s)
    assert s.year == 2 and s.phase == TURN and s.current == s.patch == 1
    for p in s.players:
        assert [a[1] for a in p.astros[:2]] == [ACTIVE, ACTIVE]
