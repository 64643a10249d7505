"""Deathwatch: a Flame weapon against a Horde (a reading: see the ruleset's Readings).

DW Core, Ch. XIII, Hordes (Flame Weapons): a Flame weapon attacking a Horde makes no Agility test of it; it
hits the Horde a number of times equal to the weapon's range in metres divided by four (rounded down), plus
1d5 (read in a public Deathwatch rules thread, "flame weapons deal 1/4x(range) + 1d5 vs hordes ... hordes do
not test against flame weapons"). Today's reading (one Agility test, a pass taking no hit) is replaced.

Seed 001, Flame Weapons: Astartes Flamer Basic 20m S/-/- 2d10+2 E Pen 3 Clip 6, Flame; Astartes Hand Flamer
Pistol 10m, the same damage. A d5 is asked for as a d10 and halved, rounded up (7 -> 4). The Orks: Magnitude
20, armour 3, TB 4. Each hit of 2d10+2 with dice 5 and 5: 12 - (3 - Pen 3 = 0) - 4 = 8 damage: 1 Magnitude.
"""

from __future__ import annotations

from typing import Any

from dw_scenarios import attack, die_order, scenario

FLAMER: dict[str, Any] = {
    "name": "Astartes Flamer",
    "class": "Basic",
    "range": 20,
    "rof": "S/-/-",
    "damage": "2d10+2",
    "damage_type": "E",
    "pen": 3,
    "clip": 6,
    "qualities": ["Flame"],
}
ORKS = {"magnitude": 20, "armour": 3}


def test_flame_hits_a_horde_range_over_four_plus_d5_dw() -> None:
    # 20 // 4 = 5, + 1d5 (d10 7 -> 4) = 9 hits, each 8 damage: Magnitude 20 - 9 = 11. No Agility test is rolled,
    # so the Horde's Agility is not asked for.
    res = attack(scenario(FLAMER, distance=10, horde=ORKS, target_T=30, dice=[7] + [5] * 18))
    assert die_order(res)[0].startswith("Flame: hits on the Horde")
    assert res["hits_scored"] == 9
    assert (res["horde"]["magnitude_lost"], res["horde"]["magnitude_after"]) == (9, 11)
    assert res["outcome"] == "hit"


def test_hand_flamer_range_over_four_rounds_down_dw() -> None:
    # Hand Flamer, 10 m: 10 // 4 = 2, + 1d5 (d10 1 -> 1) = 3 hits.
    hand = {**FLAMER, "name": "Astartes Hand Flamer", "class": "Pistol", "range": 10}
    res = attack(scenario(hand, distance=5, horde=ORKS, dice=[1] + [5] * 6))
    assert (res["hits_scored"], res["horde"]["magnitude_lost"]) == (3, 3)


def test_flame_on_a_single_target_still_tests_agility_dw() -> None:
    # Against one creature nothing changes: it tests Agility (Ag 30, roll 50 fails) and is struck once, Body.
    data = scenario(FLAMER, distance=10, target_T=30, dice=[50, 5, 5, 50])  # then its catch-fire test: 50
    data["target"]["characteristics"]["Ag"] = 30
    res = attack(data)
    assert res["hits_scored"] == 1
    assert res["target_tests"][0]["characteristic"] == "Ag"
