"""Snare, in each ruleset: an Agility test the struck target takes when hit, even without damage.

- DH2 (DH2 Core, Ch. V, Snare (X)): at -10 x X; on a failure Immobilised and Helpless until it escapes.
- DH1 (DH1 Core, Ch. V, Snare; not in seed 003) and Deathwatch (seed 001, Weapon Qualities: "The target must make
  an Agility Test or be immobilised"): at +0, no value.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import with_fields

SNARE = weapon(dh1.LASGUN, name="Webber", qualities=["Snare"])


@pytest.mark.parametrize(("ag_roll", "success"), [(30, True), (50, False)])
def test_snare_dh1(ag_roll: int, success: bool) -> None:
    # Body AP 10: 7 - 10 - 3 -> 0 wounds, yet the struck target tests Ag 30 or is Immobilised
    res = resolve_ok(dh1.scenario(SNARE, armour={"Body": 10}, target_Ag=30, dice=[23, 5, ag_roll]))
    (tt,) = res["target_tests"]
    assert (tt["quality"], tt["characteristic"], tt["modifier"], tt["target"]) == ("Snare", "Ag", 0, 30)
    assert (tt["roll"], tt["success"]) == (ag_roll, success)
    assert tt["effect"].startswith("Immobilised")
    assert res["total_wounds"] == 0


def test_snare_dh1_no_test_on_a_miss() -> None:
    res = resolve_ok(dh1.scenario(SNARE, target_Ag=30, dice=[60]))
    assert res["target_tests"] == []


def target_test(res: dict[str, Any]) -> tuple[object, ...]:
    """The one test the struck target took: (quality, characteristic, modifier, target, roll, success, degrees)."""
    [tt] = res["target_tests"]
    return tuple(tt[k] for k in ("quality", "characteristic", "modifier", "target", "roll", "success", "degrees"))


def test_snare_dh2() -> None:
    # Lasgun with Snare (2): roll 23 hits (DoS 4, Body); Ag 40 - 20 = 20: roll 15 -> DoS 2 - 1 + 1 = 2, it slips
    # the net.
    gun = weapon(LASGUN, qualities=["Snare (2)"])
    res = resolve_ok(with_fields(scenario(gun, dice=[23, 6, 15]), target_Ag=40))
    assert target_test(res) == ("Snare", "Ag", -20, 20, 15, True, 2)


def test_snare_dw() -> None:
    # Autogun with Snare against Body AP 20: roll 33 -> Body, d10 6 + 3 -> no wound; still tested (when hit):
    # Ag 40 + 0, roll 45 fails -> immobilised.
    data = with_fields(
        dw.scenario(weapon(dw.AUTOGUN, qualities=["Snare"]), armour={"Body": 20}, dice=[33, 6, 45]), target_Ag=40
    )
    res = dw.attack(data)
    assert res["total_wounds"] == 0
    assert target_test(res) == ("Snare", "Ag", 0, 40, 45, False, 0)
