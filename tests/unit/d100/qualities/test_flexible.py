"""Flexible, in each ruleset.

- DH2 (DH2 Core, Ch. V, Flexible) and DH1 (seed 003, Weapon Qualities): the weapon's attack cannot be Parried (the
  attack goes ahead and the target whose Reaction is Parry makes none); it can be Dodged.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.
"""

from __future__ import annotations

import dh1_scenarios as dh1
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon

from .readings import refused

PARRY_40 = {"reaction": "Parry", "skill": 40}


def test_flexible_dh2() -> None:
    # WS 50, 23 hits; no Parry d100: d10 5 + SB 3 = 8 - TB 3 = 5 wounds
    res = resolve_ok(scenario(weapon(SWORD, name="Whip", qualities=["Flexible"]), evasion=PARRY_40, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"], len(res["dice"])) == ("hit", 5, 2)


def test_flexible_dh2_can_be_dodged() -> None:
    # Dodge 40 rolls 10 -> DoS 4-1+1 = 4 -> the hit is negated
    whip = weapon(SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(scenario(whip, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 10]))
    assert res["outcome"] == "evaded"


def test_flexible_dh1() -> None:
    # WS 40, 23 hits (32: Body); no Parry d100: d10 5 + SB 3 - TB 3 = 5 wounds
    whip = weapon(dh1.SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(dh1.scenario(whip, evasion=PARRY_40, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"], len(res["dice"])) == ("hit", 5, 2)


def test_flexible_dh1_can_be_dodged() -> None:
    whip = weapon(dh1.SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(dh1.scenario(whip, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 25]))
    assert res["outcome"] == "evaded"


def test_flexible_dw() -> None:
    refused("dw", "Flexible")
