"""Public seams in rules/: no module imports another's private name (``from X import _name`` or
``X._name``), and the modules' top-level imports form no cycle (an import cycle breaks the first
import of one of its modules; imports inside functions hid them). Both read the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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


def _cycles() -> list[list[str]]:
    """The import cycles among the modules of rules/ (each once, from its smallest module)."""
    graph = {m: set() for m in MODULES}
    for m, path in MODULES.items():
        for src, _ in _imports(path, top_level=True):
            # a package's own __init__ run before its modules is Python's, not an import of ours
            if src in MODULES and src != m:
                graph[m].add(src)
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
