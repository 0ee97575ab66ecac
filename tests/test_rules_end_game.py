"""End of the Game: the last science tokens, VP for science and leftovers, tie-breaks."""
import pytest

from builders import (
    A, end_round_now, fresh, module_where, on_ring, put, quiet_missions, refused, solo_base,
    store, vp_by,
)
from humanity_desktop.engine import legal_actions, ranking, why_illegal
from humanity_desktop.engine.catalogue import RES
from humanity_desktop.engine.events import GameOver, RoundReset
from humanity_desktop.engine.state import BOARD, OVER

ELEC, OXY, ICE = store("electricity"), store("oxygen"), store("ice")
# A variable advanced module: its units count as advanced resources for the tie-break.
ADV2 = module_where(kind="production", pred=lambda s: len(s.produces) == 2 and RES["oxygen"] in s.produces)


def last_round(n=2, research=None):
    s = fresh(n, seed=21)
    quiet_missions(s)
    s.year = 3
    s.decks[2] = []
    for p in s.players:
        w, _, _ = p.astros[2]
        p.astros[2] = (w, BOARD, on_ring(s, 7))
        solo_base(s, s.players.index(p))
    for p, r in zip(s.players, research or []):
        p.research = r
    return s


def test_year_three_ends_the_game():
    s = last_round()
    ev = end_round_now(s)
    assert s.phase == OVER and s.game_over
    assert s.current_player is None
    assert isinstance(ev[-1], GameOver)
    assert legal_actions(s) == []


def test_the_last_round_played_is_the_round_the_game_ends_in():
    s = last_round()
    s.round = 14
    ev = end_round_now(s)
    assert s.game_over and s.round == 14 and s.year == 3
    assert [e.round for e in ev if isinstance(e, RoundReset)] == [14]


def test_a_round_that_ends_a_year_before_the_last_starts_the_next_round():
    s = last_round()
    s.year, s.round = 2, 9
    s.decks[1] = []  # year 2's deck is out: this reset ends the year
    end_round_now(s)
    assert not s.game_over and (s.year, s.round) == (3, 10)


def test_no_action_after_the_end():
    s = last_round()
    end_round_now(s)
    refused(s, A("select_astronaut", 0), rule="End of the game")
    assert why_illegal(s, A("work")).rule == "End of the game"


@pytest.mark.parametrize("research, science, expected", [
    # research 9 reaches the 8 mark (1 token); with 2 players, 2 tokens per player behind
    ([9, 2], [4, 1], [4 + 1 + 2, 1 + 0]),
    # 3 players: 1 token per player strictly behind; tied players are not behind each other
    ([16, 9, 16], [0, 0, 0], [2 + 1, 1, 2 + 1]),
    # 4 players: the top mark, 50, gives 10 tokens; 7 is one short of the first mark
    ([50, 0, 0, 7], [0, 0, 0, 0], [10 + 3, 0, 0, 0 + 2]),
])
def test_the_research_track_is_scored_one_last_time_then_one_vp_per_science_token(research, science, expected):
    s = last_round(n=len(research), research=research)
    for p, tokens in zip(s.players, science):
        p.science = tokens
    ev = end_round_now(s)
    seats = range(len(research))
    assert [p.science for p in s.players] == expected
    assert [p.ledger["science"] for p in s.players] == expected
    assert [vp_by(ev, "science", i) for i in seats] == expected
    assert [p.research for p in s.players] == [0] * len(research)


@pytest.mark.parametrize("units,vp", [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3)])
def test_one_vp_for_every_five_resources_left_of_any_kind(units, vp):
    s = last_round()
    kinds = [(ICE, 3), (ELEC, 2), (OXY, 2), (ADV2, 2)]
    x = 0
    while units:
        tid, cap = kinds[x % len(kinds)]
        k = min(cap, units)
        put(s, 0, (3 * x, 0), tid, k)
        units -= k
        x += 1
    ev = end_round_now(s)
    assert s.players[0].ledger["leftovers"] == vp
    assert vp_by(ev, "leftovers", 0) == vp


def test_final_score_is_the_sum_of_the_score_track():
    s = last_round()
    s.players[0].ledger["square"] = 4
    s.players[0].ledger["mission"] = 3
    s.players[0].ledger["mission_lost"] = -3
    s.players[0].science = 2
    end_round_now(s)
    assert s.players[0].score == 4 + 3 - 3 + 2
    assert s.scores[0] == s.players[0].score


def tie(stocks0, stocks1):
    s = last_round()
    for seat, stocks in ((0, stocks0), (1, stocks1)):
        for x, (tid, k) in enumerate(stocks):
            put(s, seat, (3 * x, 0), tid, k)
    end_round_now(s)
    assert s.scores[0] == s.scores[1]
    return ranking(s)


def test_the_highest_score_wins():
    s = last_round()
    s.players[1].ledger["greenhouse"] = 1
    end_round_now(s)
    assert ranking(s) == [1, 0]


def test_tie_broken_by_electricity_first():
    # seat 0: 1 electricity, 0 advanced, 3 basic; seat 1: 0 electricity, 2 advanced, 2 basic
    assert tie([(ELEC, 1), (ICE, 3)], [(OXY, 2), (ICE, 2)]) == [0, 1]
    assert tie([(OXY, 2), (ICE, 2)], [(ELEC, 1), (ICE, 3)]) == [1, 0]


def test_tie_then_broken_by_advanced_resources():
    assert tie([(ELEC, 1), (OXY, 1), (ICE, 2)], [(ELEC, 1), (ICE, 3)]) == [0, 1]
    assert tie([(ELEC, 1), (ICE, 3)], [(ELEC, 1), (ADV2, 1), (ICE, 2)]) == [1, 0]


def test_tie_then_broken_by_basic_resources():
    assert tie([(ELEC, 1), (OXY, 1), (ICE, 2)], [(ELEC, 1), (OXY, 1), (ICE, 1)]) == [0, 1]
    assert tie([(ICE, 1)], [(ICE, 3)]) == [1, 0]
