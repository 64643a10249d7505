"""Every weapon quality of the d100 rulesets has its file here, with one test per ruleset (adding a
quality is one hook entry plus one test file that shows its readings in every ruleset side by side)."""

from __future__ import annotations

import ast
from pathlib import Path

from rules.d100 import tables

HERE = Path(__file__).parent
SYSTEMS = ("dh2", "dh1", "dw")


def snake(name: str) -> str:
    return name.lower().replace(" ", "_").replace("-", "_")


def all_qualities() -> set[str]:
    return {q.name for s in SYSTEMS for q in tables.qualities(s).qualities}


def test_every_quality_has_a_file_with_a_test_per_ruleset() -> None:
    missing = []
    for name in sorted(all_qualities()):
        path = HERE / f"test_{snake(name)}.py"
        if not path.exists():
            missing.append(f"{path.name} (no file)")
            continue
        defined = {n.name for n in ast.parse(path.read_text()).body if isinstance(n, ast.FunctionDef)}
        missing += [f"{path.name}: test_{snake(name)}_{s}" for s in SYSTEMS if f"test_{snake(name)}_{s}" not in defined]
    assert missing == []


def test_no_file_for_a_quality_no_ruleset_has() -> None:
    files = {p.stem.removeprefix("test_") for p in HERE.glob("test_*.py")} - {"every_quality"}
    assert files == {snake(n) for n in all_qualities()}
