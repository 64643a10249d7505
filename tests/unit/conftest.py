"""The unit tests' costliest fixtures start in a second process with the first unit test (see
``background.py``): every collected module's ``BACKGROUND`` jobs, in the order the modules run."""

from __future__ import annotations

import background
import pytest

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
