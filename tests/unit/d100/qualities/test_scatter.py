"""Scatter, in each ruleset: two rules under one name.

- DH2 (DH2 Core, Ch. V, Scatter): at Point Blank +10 to hit and +3 damage; at Short range +10 to hit; at any
  longer range -3 damage.
- DH1 (seed 003, Weapon Qualities: "At point blank range: every 2 degrees of success +1 hit, Long/Extreme Range:
  all armour points double") and Deathwatch (seed 001, Weapon Qualities: "At Point Blank range, each 2 degrees of
  success scores another hit. AP doubled at Long and Extreme ranges"): the same.

With Storm, Scatter's Point Blank hits are capped by the rounds fired (a rule bug, a strict xfail in
test_quality_order.py).
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

SHOTGUN = weapon(LASGUN, name="Shotgun", range=30)


@pytest.mark.parametrize(
    ("distance", "band", "target", "plain_target", "damage"),
    [
        # roll 13 -> reversed 31 Body; d10 9 (above every DoS here). 1d10+3: 12 without Scatter.
        (2, "Point Blank", 90, 80, 15),  # 40 + 10 + 30 + Scatter 10; damage 9 + 3 + 3 = 15
        (10, "Short", 70, 60, 12),  # 40 + 10 + 10 + 10; damage unchanged
        (20, "Standard", 50, 50, 9),  # no bonus; damage 12 - 3 = 9
        (70, "Long", 40, 40, 9),  # -10; -3 damage
        (100, "Extreme", 20, 20, 9),  # -30; -3 damage
    ],
)
def test_scatter_dh2(distance: float, band: str, target: int, plain_target: int, damage: int) -> None:
    res = resolve_ok(scenario(weapon(SHOTGUN, qualities=["Scatter"]), distance=distance, dice=[13, 9]))
    assert (res["range_band"], res["target_number"]) == (band, target)
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (damage, damage - 3)
    plain = resolve_ok(scenario(SHOTGUN, distance=distance, dice=[13, 9]))
    assert (plain["target_number"], plain["hits"][0]["damage"]) == (plain_target, 12)


def test_scatter_dh1() -> None:
    # Shotgun 1d10+4, range 30, at 2 m: BS 40 + Point Blank 30 = 70; roll 23 -> DoS (70 - 23) // 10 = 4
    # -> 1 + 4 // 2 = 3 hits from one shell; reversed 32 Body: Body, Body, Right Arm.
    # d10 5 each: 9 - 3 = 6 -> 18
    res = resolve_ok(dh1.scenario(dh1.SHOTGUN, distance=2, dice=[23, 5, 5, 5]))
    assert res["hits_scored"] == 3
    assert dh1.locations(res) == ["Body", "Body", "Right Arm"]
    assert res["total_wounds"] == 18
    assert res["rounds_fired"] == 1


def test_scatter_dh1_one_degree_scores_one_hit() -> None:
    # 70, roll 55 -> DoS 1 -> 1 // 2 = no extra hit; reversed 55 Body: 9 - 3 = 6
    res = resolve_ok(dh1.scenario(dh1.SHOTGUN, distance=2, dice=[55, 5]))
    assert (res["degrees"], res["hits_scored"], res["total_wounds"]) == (1, 1, 6)


@pytest.mark.parametrize(
    ("distance", "bs", "band", "effective", "wounds"),
    [
        (10, 40, "Short", 2, 7),  # under 15 m: 12 - 2 - 3 = 7
        (40, 40, "Standard", 2, 7),
        (70, 40, "Long", 4, 5),  # over 60 m: armour 2 x 2 = 4: 12 - 4 - 3 = 5
        (100, 60, "Extreme", 4, 5),  # over 90 m
    ],
)
def test_scatter_dh1_doubles_armour_at_long_and_extreme_range(
    distance: float, bs: int, band: str, effective: int, wounds: int
) -> None:
    # Shotgun range 30. Roll 23 hits each time (target at least 30), reversed 32 Body (AP 2), one hit;
    # d10 8 + 4 = 12.
    res = resolve_ok(dh1.scenario(dh1.SHOTGUN, distance=distance, BS=bs, armour={"Body": 2}, dice=[23, 8]))
    assert res["range_band"] == band
    assert res["hits_scored"] == 1
    assert (res["hits"][0]["effective_armour"], res["total_wounds"]) == (effective, wounds)


def test_scatter_dh1_and_primitive_doublings_do_not_stack() -> None:
    # Long range, AP 2: doubled once (4), not twice (8): 12 - 4 - 3 = 5
    gun = weapon(dh1.SHOTGUN, qualities=["Scatter", "Primitive"])
    res = resolve_ok(dh1.scenario(gun, distance=70, armour={"Body": 2}, dice=[23, 8]))
    assert (res["hits"][0]["effective_armour"], res["total_wounds"]) == (4, 5)


DW_SHOTGUN = weapon(dw.AUTOGUN, name="Shotgun", range=30, rof="S/-/-", qualities=["Scatter"])


def test_scatter_dw() -> None:
    # At 2 m: BS 40 + Point Blank 30 = 70; roll 23 -> (70 - 23) // 10 = 4 -> 1 + 4 // 2 = 3 hits from one round.
    # d10 5 each: 5 + 3 - TB 4 = 4 -> 12.
    res = dw.attack(dw.scenario(DW_SHOTGUN, distance=2, dice=[23, 5, 5, 5]))
    assert (res["target_number"], res["degrees"], res["hits_scored"], res["rounds_fired"]) == (70, 4, 3, 1)
    assert res["total_wounds"] == 12


@pytest.mark.parametrize(("distance", "band", "effective", "wounds"), [(40, "Standard", 2, 5), (70, "Long", 4, 3)])
def test_scatter_dw_doubles_armour_at_long_range(distance: float, band: str, effective: int, wounds: int) -> None:
    # Range 30: Long beyond 60 m. BS 60 so that 23 hits at Long (-10) too; reversed 32 Body (AP 2); d10 8 + 3 = 11.
    # Standard: 11 - 2 - TB 4 = 5. Long: AP 2 x 2 = 4 -> 11 - 4 - 4 = 3.
    res = dw.attack(dw.scenario(DW_SHOTGUN, distance=distance, BS=60, armour={"Body": 2}, dice=[23, 8]))
    assert res["range_band"] == band
    assert (res["hits"][0]["effective_armour"], res["total_wounds"]) == (effective, wounds)
