"""Illegal actions: refused with a RulesError naming the rule, the state unchanged."""
import random

import pytest

from builders import (
    A, CAT, ICE, OXYGEN, bank, experiment_where, fresh, module_where,
    play, put, refused, solo_base, spend,
)
from humanity_desktop.engine import Action, RulesError, apply_action, legal_actions, why_illegal
from humanity_desktop.engine.catalogue import SHAPES


def at_action():
    s = fresh(2)
    play(s, A("select_astronaut", 0))
    return s


def at_work():
    s = fresh(2)
    play(s, A("select_astronaut", 0), A("work"))
    return s


def at_pay():
    s = fresh(2)
    solo_base(s, 0)
    eid = experiment_where(cost={"ice": 1, "methane": 1})
    s.wheel[0] = eid
    bank(s, 0, "ice", 1)
    bank(s, 0, "methane", 1)
    put(s, 0, (70, 0), module_where(produces="oxygen", year=1), 2)
    play(s, A("select_astronaut", 0), A("choose_experiment", 0))
    return s


CASES = [
    # (name, position, action, rule, words in the reason)
    ("select_missing", fresh, A("select_astronaut", 7), "Choosing an astronaut", "no such"),
    ("select_board", fresh, A("select_astronaut", 2), "Choosing an astronaut", "active"),
    ("work_in_turn", fresh, A("work"), "Turn order", ""),
    ("spend_in_turn", fresh, A("spend", (0, 1), ICE, ICE), "Turn order", ""),
    ("upgrade_in_turn", fresh, A("upgrade", 0), "Turn order", ""),
    ("place_in_turn", fresh, A("place_astronaut", 0, (3, 1)), "Turn order", ""),
    ("colour_in_turn", fresh, A("choose_colour", "blue"), "Turn order", ""),
    ("module_slot_0", at_action, A("choose_module", 0), "Deploy a Module", "no module"),
    ("module_slot_8", at_action, A("choose_module", 8), "Deploy a Module", "no module"),
    ("experiment_7", at_action, A("choose_experiment", 7), "Carry out an Experiment", "no experiment"),
    ("experiment_neg", at_action, A("choose_experiment", -1), "Carry out an Experiment", "no experiment"),
    ("activate_empty", at_work, A("activate", (9, 9)), "Work on the Base", "no tile"),
    ("select_during_work", at_work, A("select_astronaut", 1), "Turn order", ""),
    ("spend_wrong_unit", at_pay, A("spend", (70, 0), OXYGEN, ICE), "Spending resources", "not allowed"),
    ("spend_no_tile", at_pay, A("spend", (5, 5), ICE, ICE), "Spending resources", "no tile"),
    ("spend_elec_not_owed", at_pay, A("spend", (70, 0), OXYGEN, OXYGEN), "Spending resources", "owed"),
    ("end_work_in_pay", at_pay, A("end_work"), "Turn order", ""),
    ("unknown_kind", fresh, Action("fly"), "Actions", ""),
]


@pytest.mark.parametrize("name,make,action,rule,words", CASES, ids=[c[0] for c in CASES])
def test_refused_with_the_rule_named_and_state_unchanged(name, make, action, rule, words):
    s = make()
    err = refused(s, action, rule=rule, reason=words or None)
    assert isinstance(err, RulesError) and err.reason
    assert str(err).startswith(rule)
    assert action not in legal_actions(s)


def test_why_illegal_returns_the_error_without_raising():
    s = fresh(2)
    err = why_illegal(s, A("select_astronaut", 2))
    assert isinstance(err, RulesError) and err.rule == "Choosing an astronaut"
    assert why_illegal(s, A("select_astronaut", 0)) is None


def test_something_that_is_not_an_action_is_refused():
    s = fresh(2)
    assert why_illegal(s, ("select_astronaut", 0)).rule == "Actions"


def test_a_refused_action_in_the_middle_of_a_payment_leaves_the_payment_as_it_was():
    s = at_pay()
    ice = next(c for c, (t, _) in s.players[0].base.items() if CAT.tiles[t].produces == (ICE,))
    play(s, spend(ice, ICE, ICE))
    assert s.need[ICE] == 0
    refused(s, spend(ice, ICE, ICE), rule="Spending resources")


# ---- legal_actions and why_illegal never disagree, and refusals never change the state

def pool(s):
    cells = sorted(s.players[s.current].base) + [(99, 99), (-1, 1), (3, 1), (1, 3)]
    out = [Action("select_astronaut", i) for i in range(-1, 4)]
    out += [Action("work"), Action("end_work")]
    out += [Action("choose_module", k) for k in range(0, 9)]
    out += [Action("choose_experiment", i) for i in range(-1, 8)]
    out += [Action("activate", c) for c in cells]
    out += [Action("spend", c, u, t) for c in cells[:5] for u in range(7) for t in range(7)]
    out += [Action("choose_colour", c) for c in ("blue", "orange", "green")]
    out += [Action("choose_shape", sh) for sh in SHAPES + ("wild",)]
    out += [Action("upgrade", i) for i in range(-1, 4)]
    out += [Action("place_astronaut", i, c) for i in range(3) for c in cells]
    return out


@pytest.mark.parametrize("seed", range(3))
def test_legal_actions_agree_with_why_illegal_and_refusals_keep_the_state(seed):
    rng = random.Random(seed)
    s = fresh(2 + seed % 3, seed=seed)
    steps = 0
    while not s.game_over and steps < 400:
        legal = legal_actions(s)
        if steps % 5 == 0:
            before = s.to_json()
            for a in pool(s):
                err = why_illegal(s, a)
                assert (err is None) == (a in legal), (a, err)
                if err is not None:
                    with pytest.raises(RulesError):
                        apply_action(s, a)
            assert s.to_json() == before  # no refusal changed anything
        apply_action(s, rng.choice(legal))
        steps += 1
    assert steps > 50


def test_every_phase_offers_at_least_one_legal_action_until_the_end():
    for seed in range(3):
        rng = random.Random(seed)
        s = fresh(3, seed=seed)
        while not s.game_over:
            legal = legal_actions(s)
            assert legal, (s.phase, s.current)
            apply_action(s, rng.choice(legal))
        assert legal_actions(s) == []


def test_applying_a_listed_action_unchecked_does_what_the_checked_apply_does():
    """engine.rules.apply_legal skips the check for actions taken from legal_actions of the
    very position; the effect and the events are those of apply_action."""
    import random

    from humanity_desktop.engine import legal_actions, new_game
    from humanity_desktop.engine.events import to_json
    from humanity_desktop.engine.rules import apply_legal

    for seed in range(3):
        checked, unchecked = new_game(2 + seed, seed), new_game(2 + seed, seed)
        rng = random.Random(seed)
        while not checked.game_over:
            action = rng.choice(legal_actions(checked))
            assert [to_json(e) for e in apply_action(checked, action)] == \
                [to_json(e) for e in apply_legal(unchecked, action)]
            assert checked.to_json() == unchecked.to_json()


def test_playing_a_listed_action_unchecked_to_the_turn_end_does_what_the_checked_play_does():
    """engine.rules.play_legal_to_turn_end is play_to_turn_end without the check: from every
    position of a game, every listed action leaves the same position and the same events."""
    import random

    from humanity_desktop.engine import legal_actions, new_game, play_to_turn_end
    from humanity_desktop.engine.events import to_json
    from humanity_desktop.engine.rules import play_legal_to_turn_end

    for seed in range(2):
        s = new_game(2 + seed, seed)
        rng = random.Random(seed)
        while not s.game_over:
            legal = legal_actions(s)
            for action in legal:
                checked, unchecked = s.copy(), s.fork()
                assert [to_json(e) for e in play_to_turn_end(checked, action)] == \
                    [to_json(e) for e in play_legal_to_turn_end(unchecked, action)]
                assert checked.to_json() == unchecked.to_json()
            apply_action(s, rng.choice(legal))
