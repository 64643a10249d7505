"""Shocking, in each ruleset: a Toughness test the struck target takes when damaged.

- DH2 (DH2 Core, Ch. V, Shocking): at +0; on a failure 1 level of Fatigue and Stunned for half the degrees of
  failure (rounded up) in rounds.
- DH1 (seed 003, Weapon Qualities: Shocking; DH1 Core, Ch. V) and Deathwatch (seed 001, Weapon Qualities: "If
  weapon causes Damage, Test Toughness or Stunned (+10 bonus per AP)"): at +10 per armour point of the location
  struck.

A Righteous Fury wound counts as damage (test_dh2_qualities.py).
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import with_fields

SHOCK_MAUL = weapon(dh1.SWORD, name="Shock Maul", damage="1d10+1", damage_type="I", qualities=["Shocking"])


@pytest.mark.parametrize(("t_roll", "success"), [(60, True), (65, False)])
def test_shocking_dh1(t_roll: int, success: bool) -> None:
    # WS 40, roll 23 Body (AP 2). d10 8 + 1 + SB 3 = 12 - 2 - 3 = 7 wounds: the target tests T 40
    # + 10 x 2 = 60, or is Stunned
    res = resolve_ok(dh1.scenario(SHOCK_MAUL, armour={"Body": 2}, target_T=40, dice=[23, 8, t_roll]))
    assert res["total_wounds"] == 7
    (tt,) = res["target_tests"]
    assert (tt["quality"], tt["hit"], tt["characteristic"]) == ("Shocking", 1, "T")
    assert (tt["modifier"], tt["target"], tt["roll"], tt["success"]) == (20, 60, t_roll, success)
    assert tt["effect"].startswith("Stunned")
    assert dh1.purposes(res)[2] == ("Shocking Toughness test d100", 100, t_roll)


def test_shocking_dh1_only_when_the_hit_deals_damage() -> None:
    # Body AP 10: 12 - 10 - 3 -> 0: no test, no die
    res = resolve_ok(dh1.scenario(SHOCK_MAUL, armour={"Body": 10}, target_T=40, dice=[23, 8]))
    assert (res["total_wounds"], res["target_tests"], len(res["dice"])) == (0, [], 2)


def test_shocking_dh1_left_to_the_gm_without_toughness() -> None:
    res = resolve_ok(dh1.scenario(SHOCK_MAUL, armour={"Body": 2}, dice=[23, 8]))
    (tt,) = res["target_tests"]
    assert (tt["modifier"], tt["roll"], tt["success"]) == (20, None, None)
    assert len(res["dice"]) == 2
    assert "the GM rolls this test" in dh1.step_text(res, "Quality: Shocking")


def target_test(res: dict[str, Any]) -> tuple[object, ...]:
    """The one test the struck target took: (quality, characteristic, modifier, target, roll, success, degrees)."""
    [tt] = res["target_tests"]
    return tuple(tt[k] for k in ("quality", "characteristic", "modifier", "target", "roll", "success", "degrees"))


def test_shocking_dh2() -> None:
    # Lasgun with Shocking, Body AP 2: roll 23 hits (DoS 4, Body), d10 6 + 3 - 2 - TB 3 = 4 wounds; T 40 + 0 (no
    # armour bonus in DH2): roll 45 -> DoF 4 - 4 + 1 = 1 -> Stunned 1 round and 1 Fatigue.
    gun = weapon(LASGUN, qualities=["Shocking"])
    res = resolve_ok(with_fields(scenario(gun, armour={"Body": 2}, dice=[23, 6, 45]), target_T=40))
    assert res["total_wounds"] == 4
    assert target_test(res) == ("Shocking", "T", 0, 40, 45, False, -1)


def test_shocking_dw() -> None:
    # Knife Pen 2 against Body AP 2: roll 33 -> Body, d10 6 + 2 + SB 4 - (2 - 2) - TB 4 = 8 wounds; T 30 + 10 x 2
    # (the location's armour points) = 50: roll 45 passes (0 degrees).
    gun = weapon(dw.KNIFE, qualities=["Shocking"])
    res = dw.attack(dw.scenario(gun, armour={"Body": 2}, target_T=30, dice=[33, 6, 45]))
    assert res["total_wounds"] == 8
    assert target_test(res) == ("Shocking", "T", 20, 50, 45, True, 0)
