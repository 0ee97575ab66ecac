"""Normal: the reference panel's information-set sampling search (references/sampler.py),
given 30 ms a decision.

At that time it searches little: most of its strength is the hand-written judgement it
ranks every plan of its segment by, and the candidates it can play out in the time (a
world of them when the turn is narrow). In 200 games each it beat the one-turn player on
the same judgement (`ref-rich`) in 56.5%, the other references in about 92% and Casual in
78%, with a median decision of about 37 ms (docs/bots.md, "The ladder").
"""
from __future__ import annotations

from .references.sampler import SamplerBot

NORMAL_SECONDS = 0.03


def normal(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=NORMAL_SECONDS, name="normal")
