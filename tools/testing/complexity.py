"""Size and branching of every function and class under ``rules/`` (the complexity limits).

``python tools/testing/complexity.py`` prints what is over the limits (a function over 60 lines or 20
branches, a class over 400 lines), longest first; ``--all`` prints every function. Folders given
as arguments (relative to the repository) are measured instead of ``rules/``:
``python tools/testing/complexity.py rules static/auspex_web``. A branch is an
``if`` / ``elif`` / conditional expression, ``for``, ``while``, each extra operand of ``and`` /
``or``, a comprehension's ``for`` and ``if``, ``except``, ``with``, ``match`` case, plus one for
the function itself (a McCabe-like count). Lines run from the ``def`` (or first decorator) to the
last line of the body, docstring included. Nested functions count in their own right and in the
function that holds them.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_FUNCTION_LINES = 60
MAX_CLASS_LINES = 400
MAX_BRANCHES = 20


@dataclass(frozen=True)
class Measure:
    """One function or class: ``kind`` ("def" / "class"), where, its ``lines`` and ``branches``."""

    kind: str
    path: str
    name: str
    line: int
    lines: int
    branches: int

    def over(self) -> list[str]:
        """What of the complexity limits this one breaks (empty when none)."""
        out = []
        if self.kind == "def" and self.lines > MAX_FUNCTION_LINES:
            out.append(f"{self.lines} lines > {MAX_FUNCTION_LINES}")
        if self.kind == "class" and self.lines > MAX_CLASS_LINES:
            out.append(f"{self.lines} lines > {MAX_CLASS_LINES}")
        if self.kind == "def" and self.branches > MAX_BRANCHES:
            out.append(f"{self.branches} branches > {MAX_BRANCHES}")
        return out


_BRANCHING = (
    ast.If,
    ast.IfExp,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.ExceptHandler,
    ast.With,
    ast.AsyncWith,
    ast.match_case,
)


def branches(node: ast.AST) -> int:
    """The branch count of ``node``'s body (see the module docstring), plus one."""
    n = 1
    for sub in ast.walk(node):
        if isinstance(sub, _BRANCHING):
            n += 1
        elif isinstance(sub, ast.BoolOp):
            n += len(sub.values) - 1
        elif isinstance(sub, ast.comprehension):
            n += 1 + len(sub.ifs)
    return n


def measure(path: Path) -> Iterator[Measure]:
    """Every function and class of the Python file at ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    rel = str(path.relative_to(ROOT))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = (node.end_lineno or node.lineno) - first + 1
            kind = "class" if isinstance(node, ast.ClassDef) else "def"
            count = 0 if kind == "class" else branches(node)
            yield Measure(kind, rel, node.name, node.lineno, lines, count)


def measures(folder: str = "rules") -> list[Measure]:
    """Every function and class under ``folder`` (relative to the repository)."""
    return [m for path in sorted((ROOT / folder).rglob("*.py")) for m in measure(path)]


def main(argv: list[str]) -> int:
    everything = "--all" in argv
    folders = [a.rstrip("/") for a in argv if not a.startswith("-")] or ["rules"]
    missing = [f for f in folders if not (ROOT / f).is_dir()]
    if missing:
        print(f"complexity: no folder {', '.join(missing)} in {ROOT}", file=sys.stderr)
        return 2
    found = [m for folder in folders for m in measures(folder)]
    shown = found if everything else [m for m in found if m.over()]
    for m in sorted(shown, key=lambda m: (-m.lines, m.path)):
        flag = "; ".join(m.over())
        print(f"{m.path}:{m.line}: {m.kind} {m.name}: {m.lines} lines, {m.branches} branches {flag}".rstrip())
    over = [m for m in found if m.over()]
    print(f"{len(over)} over the limits, of {len(found)} functions and classes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
