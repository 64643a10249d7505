"""One module per ruleset; ``resolver_for(system)`` returns its ``resolve(scenario, roller)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dice import Roller

Resolver = Callable[[Any, Roller], Any]

# The d100 rulesets of the FFG family share one scenario (rules.models.Scenario) and one procedure
# (rules.attack); the fan-made Warhammer 40,000 Roleplay (rules.wh40krp) and Epic
# (rules.epic) have their own.
D100_RULESETS = {"dh2": "Dark Heresy 2nd edition", "dh1": "Dark Heresy 1st edition", "dw": "Deathwatch"}
RULESETS = {
    **D100_RULESETS,
    "wh40krp": "Warhammer 40,000 Roleplay (fan-made, WFRP)",
    "epic": "Epic formation shooting",
}


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
    if system == "wh40krp":
        from .. import wh40krp

        return wh40krp.resolve
    if system == "epic":
        from .. import epic

        return epic.resolve
    raise ValueError(f"unknown system {system!r}")
