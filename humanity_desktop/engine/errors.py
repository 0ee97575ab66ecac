"""Typed errors: an illegal action names the rule it breaks."""
from __future__ import annotations


class RulesError(Exception):
    """An action the rules forbid in this state. The state is left unchanged."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
