"""The game's own words for each kind of action, phase, event and rule (data/words.json), in
the language in force: what a player is doing, each phase's prompt, the buttons, the log's
line for each event, the recap and a hint's clause for each kind. Each of the file's strings
is a message of the catalogue; a kind, a phase or an event declares its words here once, and
tests/test_words_declared.py fails for one without them."""
from __future__ import annotations

import json
from importlib import resources

from . import _, ngettext

WORDS: dict = json.loads(resources.files("humanity_desktop.language").joinpath("data", "words.json")
                         .read_text(encoding="utf-8"))


def words(part: str, key: str, n: int | None = None):
    """The words of `part`'s entry `key` in the language in force: a message, or a tuple of
    them (a title and its instruction); a plural text ({"one": ..., "other": ...}) in the form
    for the count `n`."""
    entry = WORDS[part][key]
    return _said(entry, n) if not isinstance(entry, list) else tuple(_said(text, n) for text in entry)


def _said(text, n: int | None) -> str:
    return ngettext(text["one"], text["other"], n) if isinstance(text, dict) else _(text)


def source(text) -> str:
    """An entry's text in the source language, its plural form for a plural text: the
    placeholders every language keeps."""
    return text["other"] if isinstance(text, dict) else text
