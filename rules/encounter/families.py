"""Each ruleset family's part of the encounter, found by the registry's family of a ruleset
(:func:`family`). One class per family, narrow hooks, as python-chess's variants:

- **d100** (``dh2``, ``dh1``, ``dw``): :class:`rules.d100.encounter.family.D100`;
- **wh40krp** (seed 000): :class:`rules.wh40krp.family.Fan`;
- **epic** (seed 002): :class:`rules.epic.family.Epic`.

The hooks every family implements and the helpers they share are in :mod:`rules.encounter.family`.
This module also re-exports, for players' scripts that imported them from here, the names it held
before the families moved beside their rulesets (:class:`Family`, :class:`D100`, :class:`Fan`,
:class:`Epic`, :func:`put_condition`, :func:`fury_effects`, :func:`fatigue_limit`,
:func:`own_names`, :func:`profile_words`, :data:`PROFILE_WORDS`).
"""

from __future__ import annotations

from rules import registry
from rules.d100.encounter.effects import fatigue_limit, fury_effects, put_condition
from rules.d100.encounter.family import D100
from rules.encounter.family import PROFILE_WORDS, Family, Profile, own_names, profile_words
from rules.epic.family import Epic
from rules.wh40krp.family import Fan

__all__ = [
    "D100",
    "PROFILE_WORDS",
    "Epic",
    "Family",
    "Fan",
    "Profile",
    "family",
    "fatigue_limit",
    "fury_effects",
    "own_names",
    "profile_words",
    "put_condition",
]

_FAMILIES: dict[str, Family] = {f.name: f for f in (D100(), Fan(), Epic())}


def family(system: str) -> Family:
    """The hooks of ``system``'s family (:mod:`rules.registry`); raises ``KeyError`` for an
    unknown ruleset (the encounter file's ``system`` is checked before)."""
    return _FAMILIES[registry.get(system).family]
