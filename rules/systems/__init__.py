"""One module per ruleset; ``resolver_for(system)`` returns its ``resolve(scenario, roller)``."""

from __future__ import annotations

from collections.abc import Callable

from ..dice import Roller
from ..models import Resolution, Scenario

Resolver = Callable[[Scenario, Roller], Resolution]


def resolver_for(system: str) -> Resolver:
    """The resolver of ``system`` (``"dh2"``); raises ValueError for an unknown system."""
    if system == "dh2":
        from . import dh2

        return dh2.resolve
    raise ValueError(f"unknown system {system!r}")
