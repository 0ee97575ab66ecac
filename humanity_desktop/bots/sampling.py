"""Normal and Skilled: the reference panel's information-set sampling search
(references/sampler.py), given 20 ms and 0.1 s a decision.

At that time it searches little: most of its strength is the hand-written judgement it
ranks every plan of its segment by, and the rival's best reply it plays out for as many of
the best candidates as the time allows, compared on the same sampled worlds.

Normal had 30 ms until the rules engine grew faster and it with them: on this build it beat
Careful in 81.0% of 200 games and Skilled beat it in only 65.0%. At 20 ms it beat Careful in
77.0%, `ref-rich` in 79.5%, the other references in 95.5-96.5%, and Skilled beat it in 73.0%,
with a median decision of about 25 ms (docs/bots.md, "Normal at 20 ms").

At 20 ms a decision most of Normal's searches play out a single candidate, so its strength
follows the machine: on a build machine 1.6 times slower (2026-11-30), it beat Careful in
only 59.5% of the same 200 deals. It now plays out its best two candidates however slow the
machine (NORMAL_LEAST), and beat Careful in 72.5% there (docs/bots.md, "Normal on a slower
machine"). There that floor is its decision time: about 40 ms a median decision since the
segment search stopped checking the actions it lists (docs/bots.md, "Normal's floor made
cheaper").

Skilled is the step between Normal and Hard: with five times Normal's time the search plays
out more candidates in more worlds. Hard beat it in 70.0% of 200 games (docs/bots.md,
"The ladder").
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
