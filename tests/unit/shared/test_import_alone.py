"""Each module of the encounter and of the d100 family imports on its own, in a fresh interpreter:
an import cycle between them (families -> moves -> fate -> families) breaks the first import of
one of them, which a test run importing them in another order never sees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for folder in ("rules/encounter", "rules/d100", "rules/wh40krp", "rules/epic")
    for p in (ROOT / folder).rglob("*.py")
)


def test_every_encounter_and_d100_module_imports_alone() -> None:
    # one interpreter per module, all started at once (each is a fresh import of that module first)
    procs = {
        m: subprocess.Popen(
            [sys.executable, "-c", f"import {m}"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for m in MODULES
    }
    failed = {m: p.communicate()[1].strip().splitlines()[-1:] for m, p in procs.items() if p.wait() != 0}
    assert not failed, failed
