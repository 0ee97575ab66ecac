"""The words the player reads, in the player's language.

Every text the game shows is a message of the gettext catalogue `humanity_desktop`: the
English is the message id, and the `.mo` file of the language in force gives its words
(locale/<code>/LC_MESSAGES/). Values go in as named placeholders ("{count} players"),
which every language keeps, so a translator can move them where the language needs them.

- `_(message)`: the message in the language in force. Call it when the text is shown, not
  when a module loads, so that a language chosen in Options applies at once.
- `N_(message)`: marks a message declared in a table or a class for the extractor; `_` of
  it is taken where it is shown.
- `ngettext(one, many, n)`: the form for the count `n` ("1 player", "2 players"), by the
  language's own plural rule.
- `set_language(code)`: the language in force (LANGUAGES), or PSEUDO, the test language
  that lengthens and marks every message (pseudo.py); `spoken(choice)` the one an option
  names (SYSTEM: the system's, when the game speaks it).
"""
from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path

from .pseudo import PSEUDO
from .system import system_language

DOMAIN = "humanity_desktop"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE = "en"  # the language the messages are written in
# The languages the game speaks, each named in its own words (as a language list shows them).
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
SYSTEM = "system"  # the option that follows the system's language

_in_force: list = [_gettext.NullTranslations(), SOURCE]  # the translations and their code


@lru_cache(maxsize=None)
def translations(code: str) -> _gettext.NullTranslations:
    """The catalogue of language `code`, read once; the messages themselves for the source."""
    if code == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def set_language(code: str) -> None:
    """Speak `code` from now on (a key of LANGUAGES, or PSEUDO); ValueError for another."""
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(code)  # no catalogue for it
    _in_force[:] = [translations(code), code]


def spoken(choice: str) -> str:
    """The language an option's `choice` names: itself, or for SYSTEM the system's."""
    return system_language(tuple(LANGUAGES), SOURCE) if choice == SYSTEM else choice


def language() -> str:
    """The code of the language in force."""
    return _in_force[1]


def _(message: str) -> str:
    return _in_force[0].gettext(message) if message else message  # gettext("") is the catalogue's header


def N_(message: str) -> str:
    return message


def ngettext(one: str, many: str, n: int) -> str:
    return _in_force[0].ngettext(one, many, n)


def _babel_locale() -> str:
    return SOURCE if language() == PSEUDO else language()


def number(value: float) -> str:
    """`value` written as the language writes numbers ("1.5", "1,5")."""
    from babel.numbers import format_decimal  # Babel's data loads when a number is first shown
    return format_decimal(value, locale=_babel_locale())


def percent(share: float) -> str:
    """`share` (0.5) as the language writes a percentage ("50%", "50 %")."""
    from babel.numbers import format_percent
    return format_percent(share, locale=_babel_locale())


def listed(items: list[str]) -> str:
    """`items` as the language lists them ("A, B and C", "A, B et C")."""
    from babel.lists import format_list
    return format_list(items, locale=_babel_locale())


def moment(timestamp: float) -> str:
    """The local day and time of `timestamp` as the language writes them ("Dec 4  14:05", "4 déc.  14:05")."""
    from datetime import datetime

    from babel.dates import format_skeleton
    when = datetime.fromtimestamp(timestamp)
    return "  ".join(format_skeleton(part, when, locale=_babel_locale()) for part in ("MMMd", "Hm"))
