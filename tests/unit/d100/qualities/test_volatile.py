"""Volatile, in each ruleset.

- DH2 and DH1: not their quality: refused.
- Deathwatch (seed 001, Weapon Qualities: "If a 10 is rolled for Damage on a weapon with the Volatile Quality,
  Rightous Fury occurs automatically"): the Righteous Fury needs no confirmation test.
"""

from __future__ import annotations

import dw_scenarios as dw
from dh2_scenarios import weapon

from .readings import refused


def test_volatile_dw() -> None:
    # Plasma gun 1d10+9 Pen 8, Volatile; BS 40, roll 33 -> Body. d10 10 + 9 = 19: Fury at once, no d100;
    # 1d10 = 6: 19 + 6 = 25 - TB 4 = 21 (no armour)
    res = dw.attack(dw.scenario(dw.PLASMA_GUN, dice=[33, 10, 6]))
    assert dw.die_order(res) == ["to-hit d100", "hit 1 damage d10", "hit 1 Righteous Fury d10 (1)"]
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["extra_damage"]) == (None, [6])
    assert res["total_wounds"] == 21


def test_volatile_dh2() -> None:
    refused("dh2", "Volatile")


def test_volatile_dh1() -> None:
    refused("dh1", "Volatile")


def test_volatile_dw_without_it_the_fury_is_confirmed() -> None:
    # The same plasma gun without Volatile: d10 10 calls for the confirmation, the attack's test again: BS 40 + 10
    # = 50, d100 35 confirms -> 1d10 = 6 more: 10 + 9 + 6 = 25 - TB 4 = 21.
    res = dw.attack(dw.scenario(weapon(dw.PLASMA_GUN, qualities=[]), dice=[33, 10, 35, 6]))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (35, True, [6])
    assert res["total_wounds"] == 21
