"""Concussive, in each ruleset: a Toughness test the struck target takes when hit.

- DH2 (DH2 Core, Ch. V, Concussive (X)): at -10 x X; on a failure Stunned for 1 round per degree of failure (and
  knocked Prone if the damage exceeded its SB).
- DH1: not a DH1 quality: refused.
- Deathwatch (seed 001, Weapon Qualities: Concussive): takes no value; the test is at -10 per degree of success of
  the attack; on a failure Stunned for 1 round (and Prone if the damage exceeded its SB).

How a target's tests are rolled (after every hit's damage dice, one per hit, alphabetical), left to the GM without
the characteristic, when hit or when damaged: test_dh2_qualities.py.
"""

from __future__ import annotations

from typing import Any

import dw_scenarios as dw
from dh2_scenarios import LASGUN, errors_of, resolve_ok, scenario, weapon

from .readings import refused, with_fields


def target_test(res: dict[str, Any]) -> tuple[object, ...]:
    """The one test the struck target took: (quality, characteristic, modifier, target, roll, success, degrees)."""
    [tt] = res["target_tests"]
    return tuple(tt[k] for k in ("quality", "characteristic", "modifier", "target", "roll", "success", "degrees"))


def test_concussive_dh2() -> None:
    # Lasgun with Concussive (1): roll 23 hits (DoS 4, Body), d10 6 + 3 - TB 3 = 6 wounds; then T 50 - 10 = 40:
    # roll 35 -> DoS 4 - 3 + 1 = 2, not Stunned.
    data = with_fields(scenario(weapon(LASGUN, qualities=["Concussive (1)"]), dice=[23, 6, 35]), target_T=50)
    res = resolve_ok(data)
    assert target_test(res) == ("Concussive", "T", -10, 40, 35, True, 2)


def test_concussive_dh1() -> None:
    refused("dh1", "Concussive (1)")


def test_concussive_dw() -> None:
    # Knife, WS 60, roll 23 -> (60 - 23) // 10 = 3 DoS, Body; d10 6 + 2 + SB 4 - TB 4 = 8 wounds. The target tests
    # T 40 - 10 x 3 (the attack's degrees) = 10: 25 fails by (25 - 10) // 10 = 1 degree -> Stunned.
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Concussive"]), WS=60, target_T=40, dice=[23, 6, 25]))
    assert (res["degrees"], res["total_wounds"]) == (3, 8)
    assert target_test(res) == ("Concussive", "T", -30, 10, 25, False, -1)


def test_concussive_takes_no_value_in_dw() -> None:
    data = dw.scenario(weapon(dw.KNIFE, qualities=["Concussive (2)"]), dice=[23, 6])
    assert errors_of(data) == {"attacker.weapon.qualities.0": "Concussive takes no value"}
