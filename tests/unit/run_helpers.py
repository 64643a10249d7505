"""Running a scenario in a unit test through the engine's one entry point (``rules.run``): one that
must resolve (with every scripted die used, or a given number left over), one that must be
refused, one whose dice run out; and the command line (``cli``). Shared by every ruleset's tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from rules import run

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m rules ARGS`` from the project's root, as a player runs it; never raises on its
    exit status (the tests check it)."""
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def resolve(data: dict[str, Any], unused: int = 0) -> dict[str, Any]:
    """Run a scenario that must resolve; return the resolution dict. ``unused`` is how many of the
    scripted dice must be left over (0: every die given is consumed), so each test also pins down
    how many dice the engine asks for."""
    out = run(data)
    assert out["status"] == "ok", out
    res: dict[str, Any] = out["resolution"]
    left = [s["detail"] for s in res["steps"] if s["rule"] == "Unused dice"]
    if unused:
        assert left and left[0].startswith(f"{unused} die/dice"), left
    else:
        assert not left, left
    return res


def errors_of(data: dict[str, Any]) -> dict[str, str]:
    """Run a scenario that must be refused; return {field: message}."""
    out = run(data)
    assert out["status"] == "invalid", out
    return {e["field"]: e["message"] for e in out["errors"]}


def needs(data: dict[str, Any]) -> dict[str, Any]:
    """Run a scenario whose scripted dice run out; return the envelope (``needs`` and ``dice``)."""
    out = run(data)
    assert out["status"] == "needs", out
    return out
