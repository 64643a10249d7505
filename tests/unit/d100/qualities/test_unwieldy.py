"""Unwieldy, in each ruleset: one reading.

- DH2 (DH2 Core, Ch. V, Unwieldy; and no Lightning Attack), DH1 (seed 003, Weapon Qualities) and Deathwatch
  (seed 001, Weapon Qualities: "Cannot be used to Parry"): a Parry with it is refused; an Unwieldy attack can be
  parried.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import SWORD, errors_of, resolve_ok, scenario, weapon

from .readings import dh1_parry, dw_parry

PARRY_40 = {"reaction": "Parry", "skill": 40}


def test_unwieldy_dh2() -> None:
    errors = errors_of(scenario(SWORD, evasion={**PARRY_40, "qualities": ["Unwieldy"]}, dice=[23, 10]))
    assert errors == {"target.evasion.qualities": "An Unwieldy weapon cannot be used to Parry"}


def test_unwieldy_dh2_attacking_weapon_can_be_parried() -> None:
    # Unwieldy Sword hits (23, DoS 4); Parry 40 rolls 10 -> DoS 4 -> negated
    res = resolve_ok(scenario(weapon(SWORD, qualities=["Unwieldy"]), evasion=PARRY_40, dice=[23, 10]))
    assert res["outcome"] == "evaded"


def test_unwieldy_dh1() -> None:
    errors = errors_of(dh1_parry(40, ["Unwieldy"], 25))
    assert errors == {"target.evasion.qualities": "An Unwieldy weapon cannot be used to Parry"}


def test_unwieldy_dh1_attacking_weapon_can_be_parried() -> None:
    res = resolve_ok(dh1_parry(40, [], 25, attacker=weapon(dh1.SWORD, qualities=["Unwieldy"])))
    assert res["outcome"] == "evaded"


def test_unwieldy_dw() -> None:
    assert errors_of(dw_parry(40, ["Unwieldy"], 25)) == {
        "target.evasion.qualities": "An Unwieldy weapon cannot be used to Parry"
    }
    # an Unwieldy knife's attack is parried as any other: Parry 40, 25 succeeds
    assert resolve_ok(dw_parry(40, [], 25, attacker=weapon(dw.KNIFE, qualities=["Unwieldy"])))["outcome"] == "evaded"
