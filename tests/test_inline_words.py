"""No player-facing English written inline: every text a screen draws, a button says or a
notice tells comes from the catalogue (language._ and its kin).

The scan reads the package's code for literal words outside a catalogue call: the text
argument of each call that puts text before the player (SINKS), the titles and texts screens
declare, and anywhere else any string of two words or more, which is a sentence for someone
(docstrings and the log's lines, for the engineer, aside). The few modules that speak only
to engineers are listed, each with why, in FOR_ENGINEERS.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "humanity_desktop"
CATALOGUE_CALLS = {"_", "N_", "ngettext"}
# A call's name -> the positions and keywords of its arguments that the player reads.
SINKS = {
    "Button": ((0,), ("tooltip",)), "draw_text": ((1,), ()), "draw_panel": ((3,), ("title",)),
    "draw_tooltip": ((2, 3), ()), "notify": ((0,), ()), "show": ((0,), ()), "surface": ((0,), ()),
    "wrap": ((0,), ()), "fit": ((0,), ()), "label_width": ((0,), ()),
}
DECLARED = {"title", "text"}  # class attributes a screen shows
LETTERS = re.compile(r"[A-Za-z]{2}")
SENTENCE = re.compile(r"[A-Za-z]{2,}[,.:;!?]? +[A-Za-z]{2,}")
LOG_CALLS = {"debug", "info", "warning", "error", "exception"}  # the log is for engineers, in English
# Words no language translates: the game's name as its title screen and its windows spell it,
# and a font file's name.
ALLOWED = {"HUMANITY", "Humanity Desktop", "Arial Bold.ttf"}
# Modules that speak to engineers, not players, in English: the engine's line protocol for
# other programs (docs/protocol.md), the invariants the tests check, the build's self-check,
# the checks of the game's own catalogue file (it ships with the game: a player meets them
# only in a damaged install, and their report goes to an engineer), the bots' checks of what
# their callers pass them, and the New game table's reasons for forgetting a remembered table,
# which only the log hears (the settings file stays, the table starts afresh).
FOR_ENGINEERS = {"engine/protocol.py", "engine/invariants.py", "selftest.py", "engine/catalogue.py",
                 "bots/__init__.py", "bots/evaluate.py", "bots/hidden.py", "bots/segment_plans.py",
                 "ui/table_setup.py"}


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _texts(node: ast.AST) -> list[ast.AST]:
    """The strings and f-strings `node` is made of: a method's receiver ("...".upper()) is,
    a call's arguments are not (a call's words are its own function's, which the scan reads
    where they are written)."""
    if isinstance(node, ast.Call):
        method = isinstance(node.func, ast.Attribute) and _name(node) not in CATALOGUE_CALLS
        return _texts(node.func.value) if method else []
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return [node]
    return [text for child in ast.iter_child_nodes(node) for text in _texts(child)]


def _literal(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        return node.value
    return "".join(v.value for v in node.values if isinstance(v, ast.Constant))


def _excused(tree: ast.AST) -> set[int]:
    """The strings the player never reads: docstrings, the log's lines, catalogue calls' ids."""
    excused = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            excused.add(id(body[0].value))
        if isinstance(node, ast.Call) and (_name(node) in CATALOGUE_CALLS or _name(node) in LOG_CALLS):
            excused.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.JoinedStr):
            excused.update(id(n) for n in ast.walk(node) if n is not node)
    return excused


def inline_words(path: Path) -> list[str]:
    """Where `path` writes words for the player inline: "line: text"."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    shown: set[int] = set()  # the strings a sink draws or a screen declares: one word is enough
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in SINKS:
            places, keywords = SINKS[_name(node)]
            args = [node.args[i] for i in places if i < len(node.args)]
            args += [k.value for k in node.keywords if k.arg in keywords]
        elif isinstance(node, ast.ClassDef):
            args = [s.value for s in node.body if isinstance(s, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id in DECLARED for t in s.targets)]
        else:
            continue
        shown.update(id(text) for arg in args for text in _texts(arg))
    excused = _excused(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in excused or not (isinstance(node, ast.JoinedStr) or
                                       (isinstance(node, ast.Constant) and isinstance(node.value, str))):
            continue
        words = _literal(node)
        if words in ALLOWED:
            continue
        if (LETTERS if id(node) in shown else SENTENCE).search(words):
            found.append((node.lineno, f"{node.lineno}: {ast.unparse(node)[:60]}"))
    return [said for _, said in sorted(found)]


@lru_cache(maxsize=1)
def scanned() -> dict[str, list[str]]:
    return {path.relative_to(PACKAGE).as_posix(): inline_words(path) for path in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_for_players_writes_words_inline():
    offenders = {name: found for name, found in scanned().items() if found and name not in FOR_ENGINEERS}
    assert not offenders, f"words not from the catalogue: {offenders}"


def test_every_module_for_engineers_has_words_of_its_own():
    silent = sorted(name for name in FOR_ENGINEERS if not scanned()[name])
    assert not silent, f"take these off FOR_ENGINEERS, so the scan reads them: {silent}"


def test_the_scan_finds_words_written_inline(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('Button("Quit", quit)\nButton(_("Quit"), quit, tooltip=f"Leave {x}")\n'
                       'draw_text(s, _("Back"), 12)\nclass S:\n    title = "Paused"\n    text = N_("ok")\n'
                       'draw_text(s, "Year {n}".format(n=1), 12)\nButton(label("pace"), go)\n')
    assert [line.split(":")[0] for line in inline_words(planted)] == ["1", "2", "5", "7"]


def _binds_underscore(tree: ast.AST) -> list[int]:
    """The lines of `tree` that bind the name `_` (a throwaway variable hides the catalogue's)."""
    return sorted({node.lineno for node in ast.walk(tree)
                   if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)})


def test_no_module_that_takes_words_from_the_catalogue_hides_its_underscore():
    hidden = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = any(isinstance(node, ast.ImportFrom) and any(a.name == "_" for a in node.names)
                      for node in ast.walk(tree))
        if imports and _binds_underscore(tree):
            hidden[path.relative_to(PACKAGE).as_posix()] = _binds_underscore(tree)
    assert not hidden, f"`_` is the catalogue's; name these throwaways otherwise: {hidden}"
