"""Public seams in rules/: no module imports another's private name (``from X import _name`` or
``X._name``), and the modules' imports form no cycle: neither their top-level imports (an import
cycle breaks the first import of one of its modules) nor those inside functions, which only hide a
cycle (a module imported alone then works until the function runs). Imports under
``if TYPE_CHECKING:`` never run and are not counted. All read the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "rules").rglob("*.py"))


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in FILES}


def _absolute(node: ast.ImportFrom, module: str, package: bool) -> str:
    """The module an ``ImportFrom`` names, relative imports resolved from ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path: Path, top_level: bool) -> list[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for each import of ``path``: all of them, or
    only those run when the module is imported (not inside a function, nor under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text())
    module, package = _module(path), path.name == "__init__.py"
    nodes: list[ast.stmt] = []
    if top_level:
        todo = list(tree.body)
        while todo:
            n = todo.pop()
            if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
                todo.extend(n.orelse)
            elif isinstance(n, (ast.If, ast.Try)):
                todo.extend(n.body + n.orelse + getattr(n, "finalbody", []))
                todo.extend(s for h in getattr(n, "handlers", []) for s in h.body)
            else:
                nodes.append(n)
    else:
        nodes = [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]
    out: list[tuple[str, str | None]] = []
    for n in nodes:
        if isinstance(n, ast.Import):
            out += [(a.name, None) for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            src = _absolute(n, module, package)
            for a in n.names:
                sub = f"{src}.{a.name}"
                out.append((sub, None) if sub in MODULES else (src, a.name))
    return out


def _runtime_imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module imported, line, inside a function) for each import of ``path`` that can run: at the
    top level or inside a function or method, not under ``if TYPE_CHECKING:``."""
    module, package = _module(path), path.name == "__init__.py"
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            children: list[ast.AST] = list(node.orelse)
        else:
            children = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            out.extend((a.name, node.lineno, in_function) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            src = _absolute(node, module, package)
            for a in node.names:
                sub = f"{src}.{a.name}"
                out.append((sub if sub in MODULES else src, node.lineno, in_function))
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in children:
            visit(child, inner)

    visit(ast.parse(path.read_text()), False)
    return out


def test_no_module_in_rules_imports_anothers_private_name() -> None:
    crossing = []
    for path in FILES:
        module = _module(path)
        aliases: dict[str, str] = {}
        for src, name in _imports(path, top_level=False):
            if name is None and src in MODULES:
                aliases[src.rsplit(".", 1)[-1]] = src
            elif name and name.startswith("_") and src != module and src.startswith("rules"):
                crossing.append(f"{module}: from {src} import {name}")
        for n in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id in aliases
                and n.attr.startswith("_")
                and not n.attr.startswith("__")
            ):
                crossing.append(f"{module}: {aliases[n.value.id]}.{n.attr}")
    assert crossing == []


def _graph(top_level: bool) -> dict[str, set[str]]:
    """Each module of rules/ and the modules of rules/ it imports: at the top level only, or
    (``top_level`` False) wherever the import can run, inside functions too."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for m, path in MODULES.items():
        if top_level:
            found = [src for src, _ in _imports(path, top_level=True)]
        else:
            found = [src for src, _, _ in _runtime_imports(path)]
        # a package's own __init__ run before its modules is Python's, not an import of ours
        graph[m] |= {src for src in found if src in MODULES and src != m}
    return graph


def _cycles(top_level: bool = True) -> list[list[str]]:
    """The import cycles among the modules of rules/ (each once, from its smallest module)."""
    graph = _graph(top_level)
    found: set[tuple[str, ...]] = set()

    def walk(node: str, path: list[str], on: set[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in on:
                cyc = path[path.index(nxt) :]
                i = cyc.index(min(cyc))
                found.add(tuple(cyc[i:] + cyc[:i]))
            elif nxt not in done:
                on.add(nxt)
                walk(nxt, [*path, nxt], on)
                on.discard(nxt)
        done.add(node)

    done: set[str] = set()
    for m in sorted(graph):
        if m not in done:
            walk(m, [m], {m})
    return [list(c) for c in sorted(found)]


def test_no_import_cycle_between_modules_of_rules() -> None:
    assert _cycles() == []


def _named(cycle: list[str]) -> str:
    """A cycle as its imports, each with the line doing it (``(in a function)`` when it is inside
    one): ``rules.a:12 -> rules.b:30 (in a function) -> rules.a``."""
    parts = []
    for here, there in zip(cycle, [*cycle[1:], cycle[0]], strict=True):
        lines = [
            f"{n}{' (in a function)' if fn else ''}" for src, n, fn in _runtime_imports(MODULES[here]) if src == there
        ]
        parts.append(f"{here}:{', '.join(lines)}")
    return " -> ".join([*parts, cycle[0]])


def test_no_import_cycle_even_through_imports_inside_functions() -> None:
    # each family's shared piece sits below its users (the d100 dice roles in rules.d100.roles, the
    # effect words in rules.critical.effect_words, what an event does to the one acting in
    # rules.encounter.acting...), or the upper module passes it in (the engine's spend_action)
    assert [_named(c) for c in _cycles(top_level=False)] == []
