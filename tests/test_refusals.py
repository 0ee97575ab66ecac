"""Every refusal the rules can give is a message of the catalogue with its values: the rule
and the reason are messages declared (N_) in the engine, and the values fill exactly the
reason's placeholders, so every screen can give it in the player's language."""
from __future__ import annotations

import ast
import json
import random
import string
from pathlib import Path

from humanity_desktop.engine import Action, RulesError, legal_actions, new_game, why_illegal
from humanity_desktop.engine.actions import SPECS, random_action
from humanity_desktop.engine.rules import apply_legal

ENGINE = Path(__file__).resolve().parents[1] / "humanity_desktop" / "engine"
REFUSING = ("rules.py", "payment.py")  # where the rules' names and reasons are written


def declared(path: Path) -> set[str]:
    """The messages `path` marks with N_."""
    return {node.args[0].value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"}


def placeholders(message: str) -> set[str]:
    return {name for _text, name, _spec, _conversion in string.Formatter().parse(message) if name is not None}


def probes(s, rng: random.Random, count: int) -> list[Action]:
    """Actions to try at `s`: a kind the rules do not know, every candidate of the kinds the
    phase offers (legal or not), and random ones of any kind, arguments mostly out of range."""
    offered = [] if s.game_over else [
        a for spec in SPECS.values() if spec.phase == s.phase
        for a in spec.candidates(s, s.players[s.current], s.catalogue)]
    return [Action("teleport"), *offered, *(random_action(rng) for _probe in range(count))]


def refusals(seed: int, count: int = 8):
    """The refusals of the probes at every position of one random game, its end included."""
    rng = random.Random(seed)
    s = new_game(2 + seed % 3, seed)
    while True:
        for action in probes(s, rng, count):
            err = why_illegal(s, action)
            if err is not None:
                yield err
        if s.game_over:
            return
        apply_legal(s, rng.choice(legal_actions(s)))


def test_every_refusal_is_a_declared_message_whose_values_fill_its_placeholders():
    messages = set().union(*(declared(ENGINE / name) for name in REFUSING))
    seen = set()
    for seed in range(12):
        for err in refusals(seed):
            assert isinstance(err, RulesError)
            assert err.rule in messages and err.reason in messages, (err.rule, err.reason)
            assert placeholders(err.reason) == set(err.values), (err.reason, err.values)
            assert json.loads(json.dumps(err.values)) == err.values
            seen |= {err.rule, err.reason}
    assert len(seen) >= 0.75 * len(messages), sorted(messages - seen)  # the sweep reaches most of them
