"""Toxic, in each ruleset: a Toughness test the struck target takes when damaged.

- DH2 (DH2 Core, Ch. V, Toxic (X)): at -10 x X; on a failure 1d10 more damage of the weapon's type at the end of
  its turn (the GM's; no die here).
- DH1 (seed 003, Weapon Qualities: Toxic; DH1 Core, Ch. V) and Deathwatch (seed 001, Weapon Qualities: "Test
  Toughness at -5 for every point of Damage taken, if failed take extra 1d10 Impact Damage (no reduction for armour
  or Toughness)"): takes no value; the d10 is rolled at once and added to the hit's wounds.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import with_fields

TOXIC = weapon(dh1.LASGUN, name="Needle Rifle", qualities=["Toxic"])


def test_toxic_dh1() -> None:
    # Roll 23 Body (AP 2). d10 6 + 2 = 8 - 2 - 3 = 3 wounds: T 40 - 5 x 3 = 25; roll 30 fails:
    # 1d10 7 more wounds, not reduced -> 10
    res = resolve_ok(dh1.scenario(TOXIC, armour={"Body": 2}, target_T=40, dice=[23, 6, 30, 7]))
    (tt,) = res["target_tests"]
    assert (tt["quality"], tt["modifier"], tt["target"], tt["roll"], tt["success"]) == ("Toxic", -15, 25, 30, False)
    assert res["hits"][0]["wounds"] == 10
    assert res["total_wounds"] == 10
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "Toxic Toughness test d100",
        "hit 1 Toxic damage d10",
    ]


def test_toxic_dh1_passed_test_adds_nothing() -> None:
    # 25 <= 25
    res = resolve_ok(dh1.scenario(TOXIC, armour={"Body": 2}, target_T=40, dice=[23, 6, 25]))
    assert res["target_tests"][0]["success"] is True
    assert res["total_wounds"] == 3
    assert len(res["dice"]) == 3


def test_toxic_dh1_only_when_the_hit_deals_damage() -> None:
    # Body AP 10: 8 - 10 - 3 -> 0: no test
    res = resolve_ok(dh1.scenario(TOXIC, armour={"Body": 10}, target_T=40, dice=[23, 6]))
    assert (res["target_tests"], res["total_wounds"]) == ([], 0)


def test_toxic_dh1_wounds_count_toward_critical_damage() -> None:
    # wounds 10, taken 5; no armour: 8 - 3 = 5 -> T 40 - 25 = 15, roll 50 fails, d10 4 -> 9 wounds -> 14: 4 Critical
    res = resolve_ok(dh1.scenario(TOXIC, wounds=10, taken=5, target_T=40, dice=[23, 6, 50, 4]))
    assert (res["total_wounds"], res["damage_taken_after"], res["critical_damage"]) == (9, 14, 4)


def target_test(res: dict[str, Any]) -> tuple[object, ...]:
    """The one test the struck target took: (quality, characteristic, modifier, target, roll, success, degrees)."""
    [tt] = res["target_tests"]
    return tuple(tt[k] for k in ("quality", "characteristic", "modifier", "target", "roll", "success", "degrees"))


def test_toxic_dh2() -> None:
    # Lasgun with Toxic (2): roll 23 hits (DoS 4, Body), d10 6 + 3 - TB 3 = 6 wounds; T 40 - 20 = 20: roll 25 ->
    # DoF 2 - 2 + 1 = 1 -> poisoned, its 1d10 left to the end of the target's turn (no die, no wounds added).
    gun = weapon(LASGUN, qualities=["Toxic (2)"])
    res = resolve_ok(with_fields(scenario(gun, dice=[23, 6, 25]), target_T=40))
    assert target_test(res) == ("Toxic", "T", -20, 20, 25, False, -1)
    assert (res["total_wounds"], len(res["dice"])) == (6, 3)


def test_toxic_dw() -> None:
    # Knife: roll 33 -> Body, d10 6 + 2 + SB 4 - TB 4 = 8 wounds; T 40 - 5 x 8 = 0: roll 45 fails -> 1d10 = 7 more
    # wounds, through armour and TB: 15.
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Toxic"]), target_T=40, dice=[33, 6, 45, 7]))
    assert target_test(res) == ("Toxic", "T", -40, 0, 45, False, -4)
    assert dw.die_order(res)[2:] == ["Toxic Toughness test d100", "hit 1 Toxic damage d10"]
    hit = res["hits"][0]
    assert (hit["extra_wounds"], hit["wounds"], res["total_wounds"]) == (7, 15, 15)
