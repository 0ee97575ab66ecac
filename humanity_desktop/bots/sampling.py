"""Normal and Skilled: the reference panel's information-set sampling search
(references/sampler.py), given 30 ms and 0.1 s a decision.

At that time it searches little: most of its strength is the hand-written judgement it
ranks every plan of its segment by, and the rival's best reply it plays out for as many of
the best candidates as the time allows, compared on the same sampled worlds. In 200 games
each on fresh deals it beat the one-turn player on the same judgement (`ref-rich`, which is
also the level below, Careful) in 73.0%, the other references in 98-99.5% and Casual in 88%,
with a median decision of about 37 ms (docs/bots.md, "The ladder").

Skilled is the step between Normal and Hard, which beat Normal in 84% of 200 games: with more
than three times Normal's time the search plays out more candidates in more worlds. It beat
Normal in 73.0% of 200 games and Hard beat it in 67.0%; at 0.15 s Hard won only 59.5%
(docs/bots.md, "Eight levels").
"""
from __future__ import annotations

from .references.sampler import SamplerBot

NORMAL_SECONDS = 0.03
SKILLED_SECONDS = 0.1


def normal(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=NORMAL_SECONDS, name="normal")


def skilled(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=SKILLED_SECONDS, name="skilled")
