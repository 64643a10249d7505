"""One module per ruleset; ``resolver_for(system)`` returns its ``resolve(scenario, roller)``.

The rulesets themselves are listed once, in :mod:`rules.registry`: :data:`RULESETS` and
:data:`D100_RULESETS` here are views of it, kept for the modules that read names from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import registry
from ..dice import Roller

Resolver = Callable[[Any, Roller], Any]

# The d100 rulesets of the FFG family share one scenario (rules.models.Scenario) and one procedure
# (rules.d100); the fan-made Warhammer 40,000 Roleplay (rules.wh40krp) and Epic
# (rules.epic) have their own.
D100_RULESETS = registry.in_family("d100")
RULESETS = registry.names()


def ruleset_name(system: str) -> str | None:
    """The ruleset's name for messages (``"dh2"`` -> ``"Dark Heresy 2nd edition"``), None if unknown."""
    ruleset = registry.find(system)
    return None if ruleset is None else ruleset.name


def resolver_for(system: str) -> Resolver:
    """The resolver of ``system`` (``"dh2"``); raises ValueError for an unknown system."""
    resolver: Resolver = registry.load(registry.get(system).resolver)
    return resolver
