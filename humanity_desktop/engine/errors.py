"""Typed errors: what the rules or an edit refuse, and why, as messages of the catalogue.

A reason is a message id (marked N_ where it is written) with named placeholders, and the
values that fill them (JSON-able), so each screen gives it in the player's language and
the line protocol and the logs in the messages' own English."""
from __future__ import annotations

from typing import NamedTuple

from ..language import _


class Why(NamedTuple):
    """Why something is refused: a message of the catalogue and the values of its placeholders."""

    reason: str
    values: dict

    @property
    def sentence(self) -> str:
        """The reason in the messages' own English, its values in place."""
        return self.reason.format(**self.values)

    @property
    def told(self) -> str:
        """The reason in the language in force, its values in place."""
        return _(self.reason).format(**self.values)


def because(reason: str, **values) -> Why:
    return Why(reason, values)


class Refusal(Exception):
    """Something refused, the state left unchanged; str() is the reason in English."""

    def __init__(self, reason: str, values: dict | None = None) -> None:
        self.why = Why(reason, values or {})
        super().__init__(self.why.sentence)

    @property
    def reason(self) -> str:
        return self.why.reason

    @property
    def values(self) -> dict:
        return self.why.values

    @property
    def sentence(self) -> str:
        return self.why.sentence


class RulesError(Refusal):
    """An action the rules forbid in this state. `rule` names the rule broken, a message of
    the catalogue too (language/data/words.json gives each the heading a player reads)."""

    def __init__(self, rule: str, reason: str, values: dict | None = None) -> None:
        super().__init__(reason, values)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.rule}: {self.sentence}"


class Unfit(Refusal, ValueError):
    """A value the engine cannot take: a player count, a seed, a seat, a state's form."""
