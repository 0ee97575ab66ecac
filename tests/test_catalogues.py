"""The message catalogues: the template holds what the code declares, every language
translates every message with the same placeholders, the compiled files are their sources',
the pseudo-language marks and lengthens everything, and the fonts draw every letter."""
from __future__ import annotations

import re
import string

import pygame.freetype
import pytest

import catalogues
from humanity_desktop import language
from humanity_desktop.language import LANGUAGES, N_, SYSTEM, _, ngettext, set_language, spoken
from humanity_desktop.language.pseudo import CLOSE, GROWTH, OPEN, PSEUDO, pseudo
from humanity_desktop.ui.fonts import font_path

TRANSLATED = catalogues.translated()


@pytest.fixture(autouse=True)
def english():
    yield
    set_language("en")


def ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def forms(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def test_the_template_holds_every_message_the_code_declares_and_no_other():
    assert ids(catalogues.extracted()) == ids(catalogues.read_catalog(catalogues.TEMPLATE)), \
        "the template is stale: run python tools/catalogues.py"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_translates_every_message_with_its_placeholders(code):
    template = catalogues.read_catalog(catalogues.TEMPLATE)
    catalog = catalogues.read_catalog(catalogues.po_path(code), code)
    assert ids(catalog) == ids(template)
    for message in catalog:
        if not message.id:
            continue
        source = message.id if message.pluralizable else (message.id,)
        wanted = set().union(*(placeholders(s) for s in source))
        assert "fuzzy" not in message.flags, f"{code}: {message.id!r} is marked fuzzy"
        for said in forms(message):
            assert said, f"{code}: {message.id!r} has no translation"
            assert placeholders(said) == wanted, f"{code}: {message.id!r} becomes {said!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalogue_is_its_source_compiled(code):
    compiled = catalogues.mo_bytes(catalogues.read_catalog(catalogues.po_path(code), code))
    assert catalogues.mo_path(code).read_bytes() == compiled, "run python tools/catalogues.py compile"


def test_the_pseudo_catalogue_is_the_template_made_pseudo():
    made = catalogues.pseudo_catalog(catalogues.read_catalog(catalogues.TEMPLATE))
    assert catalogues.mo_path(PSEUDO).read_bytes() == catalogues.mo_bytes(made)


def test_pseudo_words_are_marked_longer_and_keep_their_placeholders():
    for message in ("Back", "{least} to {most} players", "Text size"):
        said = pseudo(message)
        assert said.startswith(OPEN) and said.endswith(CLOSE)
        words = len(re.sub(r"\{[^{}]*\}", "", message))
        assert len(said) - 2 - len(message) >= words * GROWTH - 0.5
        assert placeholders(said) == placeholders(message)


def test_the_language_in_force_gives_each_message_its_words():
    assert _("New game") == "New game"
    set_language("fr")
    assert _("New game") == "Nouvelle partie"
    assert _("not a message of the game") == "not a message of the game"  # passes through
    assert _("") == ""  # not the catalogue's header
    set_language(PSEUDO)
    assert _("New game") == pseudo("New game")
    set_language("de")
    assert _(N_("Main menu")) == "Hauptmenü"


def test_plurals_follow_the_language():
    assert ngettext("{n} player", "{n} players", 1) == "{n} player"
    assert ngettext("{n} player", "{n} players", 2) == "{n} players"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        set_language("xx")
    assert language.language() == "en"


@pytest.mark.parametrize("said,expected", [
    ("fr_FR.UTF-8", "fr"), ("de_AT", "de"), ("es", "es"), ("pt_BR.UTF-8", "en"), ("C.UTF-8", "en"),
    ("nl_NL:de_DE", "de"),
])
def test_the_system_language_is_read_from_the_environment(monkeypatch, said, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", said) if ":" not in said else monkeypatch.setenv("LANGUAGE", said)
    monkeypatch.setattr("sys.platform", "linux")
    assert spoken(SYSTEM) == expected
    assert spoken("es") == "es"


def test_numbers_and_lists_are_written_as_the_language_writes_them():
    assert language.percent(0.5) == "50%" and language.number(1.5) == "1.5"
    assert language.listed(["A", "B", "C"]) == "A, B, and C"
    set_language("fr")
    assert language.number(1.5) == "1,5" and language.listed(["A", "B", "C"]) == "A, B et C"
    assert language.percent(0.5).startswith("50") and language.percent(0.5).endswith("%")


@pytest.mark.parametrize("bold", [False, True])
def test_the_fonts_draw_every_letter_of_every_language(bold):
    pygame.freetype.init()
    font = pygame.freetype.Font(font_path(bold), 20)
    letters = set(OPEN + CLOSE)
    for code in TRANSLATED:
        for message in catalogues.read_catalog(catalogues.po_path(code), code):
            letters.update("".join(forms(message)))
    for share in (0.5, 1.5):
        for code in LANGUAGES:
            set_language(code)
            letters.update(language.percent(share) + language.number(share))
    missing = sorted(ch for ch, metrics in zip(sorted(letters), font.get_metrics("".join(sorted(letters))))
                     if metrics is None and ch.isprintable() and not ch.isspace())
    assert not missing, f"{font_path(bold)} lacks {missing}"
