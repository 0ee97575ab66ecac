"""Imports point one way: language <- engine <- bots <- storage <- table <- controller <- ui;
only ui touches pygame or pymunk; storage (every file the game reads or writes) and the table
model (what the screens show and what a gesture means) need nothing but the engine and the
words (language)."""
from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "humanity_desktop"
TOOLS = PACKAGE.parent / "tools"
LAYERS = ["language", "engine", "bots", "storage", "table", "controller", "ui"]


def imported_modules(path: pathlib.Path) -> set[str]:
    """Absolute names of every module a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module or "")
    return names


@pytest.mark.parametrize("layer", LAYERS[:-1])
def test_lower_layers_never_import_higher_ones_or_pygame(layer: str) -> None:
    higher = LAYERS[LAYERS.index(layer) + 1:]
    for path in (PACKAGE / layer).rglob("*.py"):
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top not in ("pygame", "pymunk"), f"{path} imports {name}"
            for h in higher:
                assert not name.startswith(f"humanity_desktop.{h}"), f"{path} imports {name}"


@pytest.mark.parametrize("layer", ["storage", "table"])
def test_storage_and_the_table_model_import_only_the_engine_the_words_and_themselves(layer: str) -> None:
    """The files' safety, and what the table says, are the same whichever match, bot or
    screen asks."""
    allowed = ("humanity_desktop.engine", "humanity_desktop.language", f"humanity_desktop.{layer}")
    for path in (PACKAGE / layer).rglob("*.py"):
        for name in imported_modules(path):
            if name.startswith("humanity_desktop"):
                assert name == "humanity_desktop" or name.startswith(allowed), f"{path} imports {name}"


def test_all_but_the_ui_load_with_pygame_absent() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['pymunk'] = None\n"
        "import humanity_desktop.engine, humanity_desktop.bots, humanity_desktop.storage, humanity_desktop.table\n"
        "import humanity_desktop.controller\n"
        f"sys.path.insert(0, {str(TOOLS)!r}); import json; from tournament import play_game\n"
        "print(json.dumps(play_game(['easy', 'random'], 3)['places']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert sorted(json.loads(done.stdout)) in ([1, 2], [1, 1])
