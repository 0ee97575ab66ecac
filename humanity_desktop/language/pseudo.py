"""The pseudo-language: each message made 40% longer, its letters accented and its ends
marked, its placeholders kept. Its catalogue is made from the template with the others
(tools/catalogues.py), so a text that did not come from the catalogue shows unmarked.

It is for testing, never offered to players: a screen in it shows at once any text that
bypassed the catalogue and any box too small for a longer language.
"""
from __future__ import annotations

import re

PSEUDO = "pseudo"
OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: drawn by the bundled font, found in no real message
GROWTH = 0.4  # German and French run up to about 40% longer than English
_ACCENTED = str.maketrans("AEIOUYaeiouycnsCNS", "ÀÉÎÖÛÝàéîöûýçñšÇÑŠ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """`message` in the pseudo-language."""
    parts = _PLACEHOLDER.split(message)
    words = "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    padding = "~" * round(len("".join(_PLACEHOLDER.split(message)[::2])) * GROWTH)  # the words' own length
    return f"{OPEN}{words}{padding}{CLOSE}"
