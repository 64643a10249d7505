"""Power Field, in each ruleset: the parrying weapon's quality.

- DH2 (DH2 Core, Ch. V, Power Field): a successful Parry with it against a weapon without it destroys that weapon
  on a d100 of 26-100.
- DH1 (seed 003, Weapon Qualities: Power field, "75% chance of destroying it") and Deathwatch (seed 001, Weapon
  Qualities: "there is a 75% chance of destroying the attacker's weapon"): on 01-75.

No roll when the parry fails or the attacking weapon has a Power Field too. Deathwatch also counts one more hit for
a Power Field weapon in melee against a Horde (seed 001, Hordes): test_dw_hordes.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import SWORD, purposes, resolve_ok, scenario, weapon

from .readings import details, rolled

PARRY_40 = {"reaction": "Parry", "skill": 40}


@pytest.mark.parametrize(("field_roll", "destroyed"), [(25, False), (26, True), (100, True)])
def test_power_field_dh2(field_roll: int, destroyed: bool) -> None:
    # Sword hits (23: DoS 4, Body). Parry 40 with a Power Field weapon: 10 -> DoS 4 -> negated;
    # then d100 for the field: 26-00 destroys the Sword.
    res = resolve_ok(scenario(SWORD, evasion={**PARRY_40, "qualities": ["Power Field"]}, dice=[23, 10, field_roll]))
    assert res["outcome"] == "evaded"
    assert purposes(res)[2] == ("Power Field d100 (destroys the attacker's weapon on 26-00)", 100, field_roll)
    [detail] = details(res, "Quality: Power Field (parrying weapon)")
    assert detail.endswith("the Sword is destroyed.") is destroyed
    assert detail.endswith("it survives.") is not destroyed


def test_power_field_dh2_no_roll_when_the_parry_fails() -> None:
    # Parry 40 rolls 45: fails; the hit stands (d10 5 + SB 3 - TB 3 = 5) and no field d100
    res = resolve_ok(scenario(SWORD, evasion={**PARRY_40, "qualities": ["Power Field"]}, dice=[23, 45, 5]))
    assert res["total_wounds"] == 5
    assert rolled(res) == [23, 45, 5]
    assert details(res, "Quality: Power Field (parrying weapon)") == []


def test_power_field_dh2_no_roll_against_a_power_field_weapon() -> None:
    sword = weapon(SWORD, name="Power Sword", qualities=["Power Field"])
    res = resolve_ok(scenario(sword, evasion={**PARRY_40, "qualities": ["Power Field"]}, dice=[23, 10]))
    assert res["outcome"] == "evaded"
    assert rolled(res) == [23, 10]


def test_power_field_dh2_on_the_attacking_weapon_changes_nothing() -> None:
    # Power Field acts when parrying with it; the attack itself is a plain hit: 23, Body, d10 5 -> 5 wounds
    res = resolve_ok(scenario(weapon(SWORD, qualities=["Power Field"]), dice=[23, 5]))
    assert (res["target_number"], res["total_wounds"], len(res["dice"])) == (50, 5, 2)


@pytest.mark.parametrize(("pf_roll", "destroyed"), [(1, True), (75, True), (76, False), (100, False)])
def test_power_field_dh1(pf_roll: int, destroyed: bool) -> None:
    # seed 003: "When Parrying a non-power field weapon you have 75% chance of destroying it".
    # Parry 40, roll 25 succeeds; then the d100
    res = resolve_ok(
        dh1.scenario(
            dh1.SWORD, evasion={"reaction": "Parry", "skill": 40, "qualities": ["Power Field"]}, dice=[23, 25, pf_roll]
        )
    )
    assert res["outcome"] == "evaded"
    assert dh1.purposes(res)[2][0].startswith("Power Field d100")
    text = dh1.step_text(res, "Quality: Power Field")
    assert text.endswith("the Sword is destroyed.") if destroyed else text.endswith("it survives.")


def test_power_field_dh1_no_roll_against_a_power_field_weapon() -> None:
    pf_sword = weapon(dh1.SWORD, qualities=["Power Field"])
    res = resolve_ok(
        dh1.scenario(pf_sword, evasion={"reaction": "Parry", "skill": 40, "qualities": ["Power Field"]}, dice=[23, 25])
    )
    assert (res["outcome"], len(res["dice"])) == ("evaded", 2)


@pytest.mark.parametrize(("field_roll", "destroyed"), [(1, True), (75, True), (76, False)])
def test_power_field_dw(field_roll: int, destroyed: bool) -> None:
    # Knife attack, WS 40, roll 23 hits; Parry 40 with a Power Field weapon rolls 25: succeeds, the hit is
    # negated; then the field's d100: 01-75 destroys the knife.
    parry = {**PARRY_40, "qualities": ["Power Field"]}
    res = dw.attack(dw.scenario(dw.KNIFE, evasion=parry, dice=[23, 25, field_roll]))
    assert res["outcome"] == "evaded"
    assert dw.die_order(res)[2] == "Power Field d100 (destroys the attacker's weapon on 01-75)"
    [detail] = details(res, "Quality: Power Field (parrying weapon)")
    assert detail.endswith("the Astartes Combat Knife is destroyed.") is destroyed
