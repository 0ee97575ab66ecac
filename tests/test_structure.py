"""The code's shape, read from its source: the screens import each other in no circle, no
import hides inside a function to break one, and the kinds of action and the phases are
named only by the engine and the table model (table/model.py), which the screens read."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

from humanity_desktop.engine.phases import PHASES
from humanity_desktop.engine.actions import SPECS

PACKAGE = Path(__file__).resolve().parent.parent / "humanity_desktop"
UI = PACKAGE / "ui"
# Where kinds of action and phases may be named: the rules, and the table model that puts them on the table.
NAMERS = (PACKAGE / "engine", PACKAGE / "table" / "model.py")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, tree: ast.Module, local_only: bool = False) -> list[tuple[str, ast.AST]]:
    """(module, node) for each project module the file imports; with `local_only`, only the
    imports made inside functions."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    inside = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
              for n in ast.walk(f) if n is not f}
    found = []
    for node in ast.walk(tree):
        if local_only != (id(node) in inside):
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + (node.module.split(".") if node.module else []))
            submodules = [f"{target}.{a.name}" for a in node.names if _is_module(f"{target}.{a.name}")]
            found += [(n, node) for n in (submodules or [target]) if n.startswith("humanity_desktop")]
        elif isinstance(node, ast.Import):
            found += [(a.name, node) for a in node.names if a.name.startswith("humanity_desktop")]
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def sources(root: Path) -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py"))}


def test_the_screens_import_each_other_in_no_circle():
    files = sources(UI)
    modules = {module_name(p): p for p in files}
    graph = {m: set() for m in modules}
    for p, tree in files.items():
        for target, _ in imported(p, tree):
            if target in modules and target != module_name(p):
                graph[module_name(p)].add(target)
    circles = _cycles(graph)
    assert not circles, "import circles in ui/: " + "; ".join(" -> ".join(c) for c in circles)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_of_the_project_hides_inside_a_function():
    files = sources(UI)
    local = [f"{p.relative_to(PACKAGE)}:{node.lineno} {target}" for p, tree in files.items()
             for target, node in imported(p, tree, local_only=True)]
    assert not local, "function-local imports: " + ", ".join(local)


def _names_used(tree: ast.Module, names: set[str]) -> list[int]:
    """Lines where code tells kinds or phases apart by a string literal among `names`: compared
    with (`phase == "work"`, `kind in ("spend", ...)`), made into an action (`Action("work")`),
    or keyed on (`{"work": ...}`)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Action":
            operands = node.args[:1]
        elif isinstance(node, ast.Dict):
            operands = [k for k in node.keys if k is not None]
        else:
            continue
        for operand in operands:
            literals = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
            found += [x.lineno for x in literals if isinstance(x, ast.Constant) and x.value in names]
    return found


def test_kinds_of_action_and_phases_are_named_only_by_the_engine_and_the_table_model():
    names = set(SPECS) | set(PHASES)
    naming = []
    for p, tree in sources(PACKAGE).items():
        if any(p == n or n in p.parents for n in NAMERS):
            continue
        naming += [f"{p.relative_to(PACKAGE)}:{line}" for line in _names_used(tree, names)]
    assert not naming, "kinds or phases named outside the engine and the table model: " + ", ".join(naming)


def test_the_screens_never_touch_a_kind_or_a_phase_even_by_its_declared_value():
    typed = {"Kind", "TURN", "ACTION", "WORK", "PAY", "COLOUR", "SHAPE", "UPGRADE", "PLACE", "OVER", "PHASES", "SPECS"}
    touching = []
    for p, tree in sources(UI).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and "engine" in node.module:
                touching += [f"{p.relative_to(PACKAGE)}:{node.lineno} {a.name}" for a in node.names if a.name in typed]
    assert not touching, "the screens import kinds or phases: " + ", ".join(touching)


# The tournament's tooling: in tools/, never in what players download.
TOOLING = {"tournament", "match_log", "training", "greedy_bot", "ladder", "pacing", "time_curve", "yardsticks"}


def test_the_shipped_package_holds_no_tournament_tooling_and_imports_none():
    tools = PACKAGE.parent / "tools"
    assert TOOLING <= {p.stem for p in tools.iterdir()}, "the tooling is not where this test looks"
    inside = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*") if p.stem in TOOLING)
    assert not inside, "tournament tooling inside the package: " + ", ".join(inside)
    reaching = [f"{p.relative_to(PACKAGE)}:{node.lineno}" for p, tree in sources(PACKAGE).items()
                for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                for name in ([node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names])
                if name.split(".")[0] in TOOLING | {"tools"}]
    assert not reaching, "the package imports the tooling: " + ", ".join(reaching)


YARDSTICKS = PACKAGE.parent / "tools" / "yardsticks"


def _outside_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) for each import that is neither the engine, the standard library nor
    the yardsticks' own modules."""
    names: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # a module of the yardsticks' own
                continue
            names.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            names += [(node.lineno, a.name) for a in node.names]
    allowed = set(sys.stdlib_module_names) | {"__future__", "yardsticks"}
    return [(line, name) for line, name in names
            if not (name == "humanity_desktop.engine" or name.startswith("humanity_desktop.engine.")
                    or name.split(".")[0] in allowed)]


def test_the_yardsticks_import_only_the_engine_and_the_standard_library():
    """The tournament's yardsticks share no code with the bots they measure (nor with the
    rest of the package): of the project they import the engine alone."""
    files = sources(YARDSTICKS)
    assert {"__init__", "fill", "tally", "rollout"} <= {p.stem for p in files}, \
        "the yardsticks are not where this test looks"
    outside = [f"{p.relative_to(YARDSTICKS)}:{line} {name}" for p, tree in files.items()
               for line, name in _outside_imports(tree)]
    assert not outside, "the yardsticks import beyond the engine: " + ", ".join(outside)


def test_no_two_classes_of_the_package_share_a_name():
    """Two classes of one name (a Clock of the game's rounds and a Clock of animation steps)
    make a reader, and a search, take one for the other."""
    where: dict[str, list[str]] = {}
    for path, tree in sources(PACKAGE).items():
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(str(path.relative_to(PACKAGE)))
    shared = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert len(where) > 100, "the classes are not where this test looks"
    assert not shared, f"classes of the same name: {shared}"


def test_each_event_is_declared_once():
    """An event both the engine and the bus declare leaves a reader guessing which one a
    subscriber hears; the bus carries the engine's own events as they are."""
    trees = sources(PACKAGE / "engine") | sources(PACKAGE / "controller")
    declared = {path: {n.name for n in trees[path].body if isinstance(n, ast.ClassDef)}
                for path in (PACKAGE / "engine" / "events.py", PACKAGE / "controller" / "events.py")}
    engine, bus = declared.values()
    assert engine and bus, "the events are not where this test looks"
    assert not engine & bus, f"declared by both the engine and the bus: {sorted(engine & bus)}"


def test_a_scene_opens_another_modules_scene_only_through_the_routes():
    """`stack.push(SomeScene(...))` of a class from another module ties the two modules
    together; routes.make names the screen instead (a module's own scenes it opens itself)."""
    direct = []
    for path, tree in sources(UI).items():
        own = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "push"
                    and node.args and isinstance(node.args[0], ast.Call)):
                opened = node.args[0].func
                name = opened.id if isinstance(opened, ast.Name) else getattr(opened, "attr", "")
                if name.endswith("Scene") and name not in own:
                    direct.append(f"{path.relative_to(PACKAGE)}:{node.lineno} pushes {name}")
    assert not direct, "scenes opened without the routes: " + ", ".join(direct)


def test_no_ui_module_reaches_a_private_member_of_another_object():
    """`other._thing` ties a screen to what another object keeps to itself; it asks the
    object instead (a public method or property), so the object may change its insides."""
    reaching = [f"{p.relative_to(PACKAGE)}:{node.lineno} {ast.unparse(node)}"
                for p, tree in sources(UI).items() for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))]
    assert not reaching, "private members reached: " + ", ".join(reaching)


PROTOCOL_MEMBERS = 10  # past this a protocol names a god object, not what one part may use


def _protocol_members(node: ast.ClassDef) -> list[str]:
    """The attributes a Protocol class annotates and the methods it defines in its own body."""
    return ([n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
            + [n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))])


def test_every_protocol_is_small():
    """A part takes the screen (or a guide, a bot) as a protocol naming what it may read and
    do; a long one makes every part depend on all of it."""
    protocols = {f"{p.relative_to(PACKAGE)}:{node.name}": _protocol_members(node)
                 for p, tree in sources(PACKAGE).items() for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef)
                 and any(ast.unparse(base) in ("Protocol", "typing.Protocol") for base in node.bases)}
    assert len(protocols) > 5, "the protocols are not where this test looks"
    large = {name: len(members) for name, members in protocols.items() if len(members) > PROTOCOL_MEMBERS}
    assert not large, f"protocols of more than {PROTOCOL_MEMBERS} members: {large}"


def test_the_game_screens_parts_use_only_what_their_protocol_names():
    """A function that takes the screen as one of table_screen's protocols reads and calls
    only the members that protocol names (Python would not hold it to them)."""
    scenes = UI / "scenes"
    protocols = {node.name: set(_protocol_members(node)) for node in sources(scenes)[scenes / "table_screen.py"].body
                 if isinstance(node, ast.ClassDef) and any(ast.unparse(b) == "Protocol" for b in node.bases)}
    beyond, checked = [], 0
    for path, tree in sources(scenes).items():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for arg in fn.args.args:
                protocol = ast.unparse(arg.annotation) if arg.annotation is not None else None
                if protocol not in protocols:
                    continue
                checked += 1
                beyond += [f"{path.name}:{n.lineno} {fn.name} uses {arg.arg}.{n.attr}, not in {protocol}"
                           for n in ast.walk(fn) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                           and n.value.id == arg.arg and n.attr not in protocols[protocol]]
    assert checked > 40, "the parts are not where this test looks"
    assert not beyond, "; ".join(beyond)
