"""Flexible, in each ruleset.

- DH2 (DH2 Core, Ch. V, Flexible) and DH1 (seed 003, Weapon Qualities): the weapon's attack cannot be Parried (a
  Parry against it is refused); it can be Dodged.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.
"""

from __future__ import annotations

import dh1_scenarios as dh1
from dh2_scenarios import SWORD, errors_of, resolve_ok, scenario, weapon

from .readings import dh1_parry, refused

PARRY_40 = {"reaction": "Parry", "skill": 40}


def test_flexible_dh2() -> None:
    errors = errors_of(scenario(weapon(SWORD, name="Whip", qualities=["Flexible"]), evasion=PARRY_40, dice=[23, 10]))
    assert errors == {"target.evasion.reaction": "The Whip is Flexible: it cannot be Parried"}


def test_flexible_dh2_can_be_dodged() -> None:
    # Dodge 40 rolls 10 -> DoS 4-1+1 = 4 -> the hit is negated
    whip = weapon(SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(scenario(whip, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 10]))
    assert res["outcome"] == "evaded"


def test_flexible_dh1() -> None:
    errors = errors_of(dh1_parry(40, [], 25, attacker=weapon(dh1.SWORD, name="Whip", qualities=["Flexible"])))
    assert errors == {"target.evasion.reaction": "The Whip is Flexible: it cannot be Parried"}


def test_flexible_dh1_can_be_dodged() -> None:
    whip = weapon(dh1.SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(dh1.scenario(whip, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 25]))
    assert res["outcome"] == "evaded"


def test_flexible_dw() -> None:
    refused("dw", "Flexible")
