"""The reference panel: players the levels are measured against, written from the rules.

They import only the engine and bots.base, never the levels' evaluation, plans or search,
so they do not share the levels' blind spots (docs/bots.md, "The reference panel").

    ref-rich      every plan of its segment, judged by a rich hand-written evaluation
    ref-builder   the same, weighted toward stock, production and work (an economy player)
    ref-rush      the same, weighted toward missions, experiment groups and research
    sampler       information-set sampling: candidate plans played out on sampled hidden
                  cards by a fast policy, ranked by successive halving of its time
"""
from __future__ import annotations

from .profiles import builder, rich, rush
from .sampler import sampler

PANEL = {
    "ref-rich": rich,
    "ref-builder": builder,
    "ref-rush": rush,
    "sampler": sampler,
}

__all__ = ["PANEL"]
