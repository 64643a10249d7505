"""One module per ruleset; ``resolver_for(system)`` returns its ``resolve(scenario, roller)``."""

from __future__ import annotations

from collections.abc import Callable

from ..dice import Roller
from ..models import Resolution, Scenario

Resolver = Callable[[Scenario, Roller], Resolution]


RULESETS = {"dh2": "Dark Heresy 2nd edition", "dh1": "Dark Heresy 1st edition", "dw": "Deathwatch"}


def ruleset_name(system: str) -> str | None:
    """The ruleset's name for messages (``"dh2"`` -> ``"Dark Heresy 2nd edition"``), None if unknown."""
    return RULESETS.get(system)


def resolver_for(system: str) -> Resolver:
    """The resolver of ``system`` (``"dh2"``); raises ValueError for an unknown system."""
    if system == "dh2":
        from . import dh2

        return dh2.resolve
    if system == "dh1":
        from . import dh1

        return dh1.resolve
    if system == "dw":
        from . import dw

        return dw.resolve
    raise ValueError(f"unknown system {system!r}")
