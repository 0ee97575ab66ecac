"""The message catalogues: extract the messages from the code, carry them into each
language's .po file, and compile the .mo files the game reads.

    python tools/catalogues.py extract   # the template, locale/humanity_desktop.pot
    python tools/catalogues.py update    # each language's .po: new messages added, gone ones dropped
    python tools/catalogues.py compile   # each language's .mo from its .po, and the pseudo-language's
    python tools/catalogues.py           # all three, in that order

A translator edits a .po file only (docs/translating.md); tests/test_catalogues.py holds the
template to the code, every .po to the template and every .mo to its .po.
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "humanity_desktop"
sys.path.insert(0, str(ROOT))

from humanity_desktop import __version__  # noqa: E402
from humanity_desktop.language import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE  # noqa: E402
from humanity_desktop.language.pseudo import PSEUDO, pseudo  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def extract_words(fileobj, keywords, comment_tags, options):
    """Babel's extraction of a words file (language/data/words.json): each of its strings is a
    message, but the "about" that says what the file is; a plural text ({"one": ..., "other":
    ...}) is one message with its plural; the comment names its entry."""
    for part, entries in json.load(fileobj).items():
        if part == "about":
            continue
        for key, entry in entries.items():
            for text in entry if isinstance(entry, list) else [entry]:
                if isinstance(text, dict):
                    yield 1, "ngettext", (text["one"], text["other"]), [f"{part}: {key}"]
                elif text:
                    yield 1, None, text, [f"{part}: {key}"]


def extract_guide(fileobj, keywords, comment_tags, options):
    """Babel's extraction of the guide's script (controller/data/tutorial.json): each chapter's
    title and each step's text, the comment naming the chapter or step. The buttons a step
    lights are named by their own messages, declared where the buttons are made."""
    script = json.load(fileobj)
    for chapter in script["chapters"]:
        yield 1, None, chapter["title"], [f"The title of the guide's chapter {chapter['id']}"]
    for i, step in enumerate(script["steps"]):
        yield 1, None, step["text"], [f"The guide's note steps[{i}], in chapter {step['chapter']}"]


def extract_catalogue(fileobj, keywords, comment_tags, options):
    """Babel's extraction of the game's catalogue (engine/data/catalogue.json): the names of
    the modules (starting ones too) and the names and texts of the missions, which the player
    reads; ids, costs and figures stay as they are."""
    raw = json.load(fileobj)
    for module in raw["start"]["modules"] + raw["modules"]:
        yield 1, None, module["name"], [f"module {module['id']}"]
    for mission in raw["missions"]:
        yield 1, None, mission["name"], [f"mission {mission['id']}: its name"]
        yield 1, None, mission["text"], [f"mission {mission['id']}: what it asks"]


METHODS = [("**.py", "python"), ("**/data/words.json", extract_words), ("**/data/tutorial.json", extract_guide),
           ("**/data/catalogue.json", extract_catalogue)]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
COMMENT_TAG = "Translators:"  # a comment so starting, just above a message, reaches its translators
WIDTH = 100
HEADER = ("# The words of Humanity Desktop. A translator edits a language's .po file only;\n"
          "# docs/translating.md says how, and docs/glossary.md which terms to use.")


def extracted() -> Catalog:
    """Every message the code declares, with where it is (file only: lines move too often)."""
    catalog = new_catalog(None)
    for filename, _line, message, comments, context in extract_from_dir(
            PACKAGE, METHODS, keywords=KEYWORDS, comment_tags=[COMMENT_TAG], strip_comment_tags=True):
        catalog.add(message, locations=[(f"humanity_desktop/{Path(filename).as_posix()}", None)],
                    auto_comments=comments, context=context)
    return catalog


def new_catalog(code: str | None) -> Catalog:
    """An empty catalogue for language `code` (None: the template)."""
    return Catalog(locale=code, domain=DOMAIN, project="Humanity Desktop", version=__version__,
                   copyright_holder="The Humanity Desktop authors", header_comment=HEADER, charset="utf-8")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def pseudo_catalog(template: Catalog) -> Catalog:
    """Every message of `template` in the pseudo-language (English plurals)."""
    catalog = new_catalog(SOURCE)
    catalog.creation_date = catalog.revision_date = template.creation_date  # the same bytes from the same template
    for message in template:
        if not message.id:
            continue
        words = tuple(pseudo(m) for m in message.id) if message.pluralizable else pseudo(message.id)
        catalog.add(message.id, words, context=message.context)
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def read_catalog(path: Path, code: str | None = None) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=WIDTH, sort_output=True, include_previous=False)


def translated() -> list[str]:
    """The codes of the languages with a catalogue of their own."""
    return [code for code in LANGUAGES if code != SOURCE]


def _said(catalog: Catalog) -> list:
    return sorted(repr((m.id, m.context, m.locations, m.auto_comments)) for m in catalog if m.id)


def extract() -> None:
    """Write the template, unless the code declares the messages it holds already (its date would change)."""
    catalog = extracted()
    if not TEMPLATE.exists() or _said(read_catalog(TEMPLATE)) != _said(catalog):
        write_catalog(catalog, TEMPLATE)


def update() -> None:
    template = read_catalog(TEMPLATE)
    for code in translated():
        path = po_path(code)
        catalog = read_catalog(path, code) if path.exists() else new_catalog(code)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()  # git keeps what was dropped
        write_catalog(catalog, path)


def compile_all() -> None:
    for code in translated():
        mo_path(code).write_bytes(mo_bytes(read_catalog(po_path(code), code)))
    mo_path(PSEUDO).parent.mkdir(parents=True, exist_ok=True)
    mo_path(PSEUDO).write_bytes(mo_bytes(pseudo_catalog(read_catalog(TEMPLATE))))


STEPS = {"extract": extract, "update": update, "compile": compile_all}

if __name__ == "__main__":
    for step in sys.argv[1:] or list(STEPS):
        STEPS[step]()
