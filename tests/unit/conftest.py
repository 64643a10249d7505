"""The unit tests, laid out by family (d100/, dh2/, dh1/, dw/, wh40krp/, epic/, encounter/, odds/,
web/, tooling/, shared/). The scenario helpers every family shares (``dh2_scenarios``,
``encounter_helpers``, ``run_helpers``...) stay here, beside this file; a test that builds on
another's fight or cases imports that module by its bare name (``from test_fuzz import BASES``),
whichever folder it is in. So this folder and each family's are put on ``sys.path`` once, before
any test is imported, as pytest's own path held them when every test sat here (test modules'
names stay unique across the folders).

The costliest fixtures start in a second process with the first unit test (see ``background.py``):
every collected module's ``BACKGROUND`` jobs, in the order the modules run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in [HERE, *sorted(p for p in HERE.iterdir() if p.is_dir() and any(p.glob("test_*.py")))]:
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import background  # noqa: E402  (tests/unit is on sys.path only from here)

_started = False


def pytest_runtest_setup(item: pytest.Item) -> None:
    global _started
    if _started:
        return
    _started = True
    seen: set[int] = set()
    for each in item.session.items:
        module = getattr(each, "module", None)
        if module is None or id(module) in seen:
            continue
        seen.add(id(module))
        background.submit(getattr(module, "BACKGROUND", ()))


def pytest_sessionfinish(session: pytest.Session) -> None:
    background.shutdown()
