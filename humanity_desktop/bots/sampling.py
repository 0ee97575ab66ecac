"""Normal and Skilled: the reference panel's information-set sampling search
(references/sampler.py), given 20 ms and 0.1 s a decision.

At that time it searches little: most of its strength is the hand-written judgement it
ranks every plan of its segment by, and the rival's best reply it plays out for as many of
the best candidates as the time allows, compared on the same sampled worlds.

At 20 ms a decision most of Normal's searches would play out a single candidate on a slow
machine, the judgement's first choice and so Careful's: at 20 ms alone it beat Careful in
only 59.5% of 200 games on the build machine of 2026-11-30. So it plays out its best two
candidates however slow the machine (NORMAL_LEAST), and beats Careful in 72.5% there; that
floor is then its decision time, about 40 ms (docs/bots.md, "Why each level is set as it is").

Skilled is the step between Normal and Hard: with five times Normal's time the search plays
out more candidates in more worlds. It beats Normal in 69.5% of 200 games and Hard beats it
in 70.0% (docs/bots.md, "The ladder").
"""
from __future__ import annotations

from .references.sampler import SamplerBot

NORMAL_SECONDS = 0.02
NORMAL_LEAST = 2  # candidates Normal plays out however slow the machine (SamplerBot.least)
SKILLED_SECONDS = 0.1


def normal(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=NORMAL_SECONDS, name="normal", least=NORMAL_LEAST)


def skilled(seed: int = 0) -> SamplerBot:
    return SamplerBot(seed, seconds=SKILLED_SECONDS, name="skilled")
