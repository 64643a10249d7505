"""The Deathwatch armoury's import path, kept: the loader and models are :mod:`rules.armoury`, shared
by every ruleset with an armoury."""

from __future__ import annotations

from ..armoury import (
    MELEE_TABLE,
    Armoury,
    ArmouryArmour,
    ArmouryWeapon,
    CoverType,
    Craftsmanship,
    Secondary,
    armour_profile,
    armoury,
    armoury_catalogue,
    covered_locations,
    weapon_profile,
)

__all__ = [
    "MELEE_TABLE",
    "Armoury",
    "ArmouryArmour",
    "ArmouryWeapon",
    "CoverType",
    "Craftsmanship",
    "Secondary",
    "armour_profile",
    "armoury",
    "armoury_catalogue",
    "covered_locations",
    "weapon_profile",
]
