"""Dark Heresy 1st edition: a shot fired from Overwatch, in the single attack.

Seed 003, Actions: "| Overwatch | Varies | Shoot targets coming into a set kill zone, -20 to BS |".
The row gives the -20 BS and no pinning test (DH1 Core, Ch. VIII, Overwatch): Auspex adds the -20
to any ranged attack action fired from Overwatch and makes its targets test nothing.
"""

from __future__ import annotations

from dh1_scenarios import AUTOGUN, SWORD, errors_of, resolve_ok, scenario


def _overwatch(data: dict, on: bool = True) -> dict:
    data["action"]["overwatch"] = on
    return data


def test_dh1_overwatch_shot_is_minus_20_bs() -> None:
    # Lasgun Standard Attack at 60 m (Standard +0): BS 40 - 20 (Overwatch) = 20; roll 20 hits
    res = resolve_ok(_overwatch(scenario(dice=[20, 5])))
    assert res["target_number"] == 20
    step = next(s for s in res["steps"] if "Overwatch" in s["detail"] or "Overwatch" in s["rule"])
    assert "seed 003" in step["source"] or "seed 003" in step["detail"]
    assert res["outcome"] == "hit"


def test_dh1_overwatch_burst_adds_its_own_modifier() -> None:
    # Semi-Auto Burst +10 and Overwatch -20: BS 40 + 10 - 20 = 30; roll 31 misses
    res = resolve_ok(_overwatch(scenario(AUTOGUN, action="Semi-Auto Burst", dice=[31])))
    assert (res["target_number"], res["outcome"]) == (30, "miss")


def test_dh1_overwatch_makes_no_pinning_test() -> None:
    # The seed's row names no pinning test: a miss rolls one die and nobody tests Willpower
    res = resolve_ok(_overwatch(scenario(AUTOGUN, action="Full Auto Burst", dice=[99])))
    assert res.get("target_tests", []) == []


def test_dh1_overwatch_with_a_melee_weapon_refused() -> None:
    assert list(errors_of(_overwatch(scenario(SWORD, distance=1, dice=[20])))) == ["action.overwatch"]
