"""Balanced, in each ruleset: the parrying weapon's quality.

- DH2 (DH2 Core, Ch. V, Balanced), DH1 (seed 003, Weapon Qualities) and Deathwatch (seed 001, Weapon Qualities):
  +10 to Parry with it; no help to a Dodge. (DH2's Lightning Attack is open to it, closed to Unbalanced and
  Unwieldy weapons.)

With Defensive and Unbalanced in one table: test_dh2_qualities.py, test_parrying_weapon_qualities_change_the_parry.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon

from .readings import details, dh1_parry, dw_parry


def test_balanced_dh2() -> None:
    # Dodge 40 against a Sword hit (roll 23, DoS 4, Body): 45 fails, Balanced or not -> 5 wounds
    res = resolve_ok(
        scenario(SWORD, evasion={"reaction": "Dodge", "skill": 40, "qualities": ["Balanced"]}, dice=[23, 45, 5])
    )
    assert res["outcome"] == "hit"
    assert "= 40; rolled 45" in details(res, "Evasion")[0]
    assert res["total_wounds"] == 5


def test_balanced_dh2_sword_may_make_a_lightning_attack() -> None:
    # WS 40 - 10 = 30; roll 95 misses
    res = resolve_ok(scenario(weapon(SWORD, qualities=["Balanced"]), action="Lightning Attack", dice=[95]))
    assert (res["target_number"], res["outcome"]) == (30, "miss")


@pytest.mark.parametrize(
    ("qualities", "outcome"),
    [
        ([], "hit"),  # Parry 30: 35 fails
        (["Balanced"], "evaded"),  # 30 + 10 = 40: 35 succeeds
    ],
)
def test_balanced_dh1(qualities: list[str], outcome: str) -> None:
    res = resolve_ok(dh1_parry(30, qualities, 35))
    assert res["outcome"] == outcome
    if qualities:
        assert "+10: the parrying weapon is Balanced" in dh1.step_text(res, "Evasion")


@pytest.mark.parametrize(("qualities", "outcome", "wounds"), [([], "hit", 7), (["Balanced"], "evaded", 0)])
def test_balanced_dw(qualities: list[str], outcome: str, wounds: int) -> None:
    # Parry 30 against the knife: 35 fails; with a Balanced weapon 30 + 10 = 40 and 35 succeeds (seed 001).
    res = resolve_ok(dw_parry(30, qualities, 35))
    assert (res["outcome"], res["total_wounds"]) == (outcome, wounds)
