"""Deathwatch, Step One: the modifiers to the attack test.

Seed 001: Combat Actions (Standard Attack, Called Shot -20, All Out Attack +20, Charge +10, Guarded
Attack -10, Semi-Auto Burst +10, Full Auto Burst +20, Suppressing Fire -20, Aim +10 half / +20 full),
Test Difficulty (Trivial +60 ... Hellish -60), Combat Difficulty Summary (Point Blank +30, Short +10,
Long -10, Extreme -30, Stunned +20, Fatigued -10, shooting into melee -20, Hulking +10, Puny -20, an
unarmed attack against an armed foe -20, a weapon without its talent -20, an unbraced heavy weapon
-30), Gyro-Stabilised (-20 unbraced), Two-Weapon Fighting (-20 off-hand; both -20, -10 with
Ambidextrous; only one-handed weapons), Weapon Craftsmanship (Poor -10, Good +5, Best +10 and +1
damage, for every weapon). The range distances (Point Blank <= 2 m, Short < half, Long > 2x, Extreme
> 3x, nothing beyond 4x) and the +/-60 cap are the DW Core's (rules/data/dw/tables.json, range_bands).

Most tests roll a 93: a miss against every target here, and no jam (a single shot jams on 96-00, a
burst on 94-00), so only the modifiers matter.
"""

from __future__ import annotations

from typing import Any

import pytest
from dw_scenarios import (
    AUTOGUN,
    BOLT_PISTOL,
    FISTS,
    KNIFE,
    LASCANNON,
    attack,
    errors_of,
    locations,
    mod_values,
    mods_of,
    scenario,
    step_text,
    weapon,
)

HEAVY_BOLTER: dict[str, Any] = {
    # seed 001: Astartes Heavy Bolter Heavy 150m -/-/10 2d10+10 X Pen 6 Clip 60 Tearing
    "name": "Astartes Heavy Bolter",
    "class": "Heavy",
    "range": 150,
    "rof": "-/-/10",
    "damage": "2d10+10",
    "damage_type": "X",
    "pen": 6,
    "clip": 60,
    "qualities": ["Tearing"],
}

# --- actions -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wpn", "action", "distance", "target"),
    [
        (AUTOGUN, "Standard Attack", 60, 40),  # BS 40 + 0 (Standard Attack) + 0 (60 m: Standard band) = 40
        (KNIFE, "Standard Attack", 60, 40),  # WS 40 + 0 = 40
        (KNIFE, "All Out Attack", 60, 60),  # WS 40 + 20 = 60
        (KNIFE, "Charge", 8, 50),  # WS 40 + 10 = 50 (8 m: within 4 m and the 12 m Charge move of AB 4)
        (KNIFE, "Guarded Attack", 60, 30),  # WS 40 - 10 = 30
        (AUTOGUN, "Semi-Auto Burst", 60, 50),  # BS 40 + 10 = 50
        (AUTOGUN, "Full Auto Burst", 60, 60),  # BS 40 + 20 = 60
        (AUTOGUN, "Suppressing Fire", 45, 20),  # BS 40 - 20 + 0 (45 m is not under half of 90 m) = 20
    ],
)
def test_action_modifier(wpn: dict[str, Any], action: str, distance: float, target: int) -> None:
    res = attack(scenario(wpn, action=action, distance=distance, dice=[93]))
    assert res["target_number"] == target
    assert res["modifiers"][0]["label"] == action
    assert res["outcome"] == "miss"


def test_called_shot_minus_20_and_the_named_location() -> None:
    # BS 40 - 20 = 20; roll 15 -> (20 - 15) // 10 = 0 DoS, a hit. Reversed 51 would be the Body, but the
    # Called Shot puts it on the Head. Autogun d10 5 + 3 = 8 - TB 4 = 4 wounds.
    res = attack(scenario(action="Called Shot", called="Head", dice=[15, 5]))
    assert mods_of(res)[0] == ("Called Shot", -20)
    assert (res["target_number"], res["degrees"]) == (20, 0)
    assert locations(res) == ["Head"]
    assert res["total_wounds"] == 4


@pytest.mark.parametrize(("aim", "target"), [("none", 40), ("half", 50), ("full", 60)])
def test_aim_half_plus_10_full_plus_20(aim: str, target: int) -> None:
    # BS 40 + 10 (half Aim) or + 20 (full Aim)
    res = attack(scenario(aim=aim, dice=[93]))
    assert res["target_number"] == target


# --- range bands (Autogun, 90 m: half 45, twice 180, three times 270, four times 360) -------------------------


@pytest.mark.parametrize(
    ("distance", "band", "modifier"),
    [
        (1, "Point Blank", 30),
        (2, "Point Blank", 30),  # 2 m or less
        (2.5, "Short", 10),  # past 2 m and under 45 m
        (44, "Short", 10),
        (45, "Standard", 0),  # not under half the range
        (180, "Standard", 0),  # not more than twice
        (181, "Long", -10),  # more than twice
        (270, "Long", -10),  # not more than three times
        (271, "Extreme", -30),  # more than three times
        (360, "Extreme", -30),  # four times, the furthest shot
    ],
)
def test_range_band(distance: float, band: str, modifier: int) -> None:
    res = attack(scenario(distance=distance, dice=[93]))
    assert res["range_band"] == band
    assert mod_values(res)[1] == modifier
    assert res["target_number"] == 40 + modifier  # BS 40 + the band


def test_range_beyond_four_times_refused() -> None:
    # 4 x 90 = 360 m is the furthest shot: 361 m is out of range
    assert "action.distance" in errors_of(scenario(distance=361, dice=[93]))


def test_range_band_not_applied_in_melee() -> None:
    # A knife at "60 m" (the default distance) gets no range modifier: WS 40 + 0 = 40
    res = attack(scenario(KNIFE, dice=[93]))
    assert res["range_band"] is None
    assert mods_of(res) == [("Standard Attack", 0)]


# --- test difficulty ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "modifier"),
    [
        ("Trivial", 60),
        ("Elementary", 50),
        ("Simple", 40),
        ("Easy", 30),
        ("Routine", 20),
        ("Ordinary", 10),
        ("Challenging", 0),
        ("Difficult", -10),
        ("Hard", -20),
        ("Very Hard", -30),
        ("Arduous", -40),
        ("Punishing", -50),
        ("Hellish", -60),
    ],
)
def test_difficulty_table(difficulty: str, modifier: int) -> None:
    # BS 30 + the difficulty: at most 30 + 60 = 90, so 93 misses every time
    res = attack(scenario(BS=30, difficulty=difficulty, dice=[93]))
    assert res["target_number"] == 30 + modifier
    if modifier:
        assert (f"Difficulty: {difficulty}", modifier) in mods_of(res)


def test_difficulty_unknown_refused() -> None:
    assert "action.difficulty" in errors_of(scenario(difficulty="Impossible", dice=[93]))


# --- combat circumstances ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wpn", "circumstance", "target"),
    [
        (AUTOGUN, "Stunned Target", 60),  # BS 40 + 20
        (KNIFE, "Stunned Target", 60),  # WS 40 + 20
        (AUTOGUN, "Fatigued", 30),  # BS 40 - 10
        (KNIFE, "Fatigued", 30),  # WS 40 - 10
        (AUTOGUN, "Shooting into Melee", 20),  # BS 40 - 20
    ],
)
def test_circumstance_modifier(wpn: dict[str, Any], circumstance: str, target: int) -> None:
    res = attack(scenario(wpn, circumstances=[circumstance], dice=[93]))
    assert res["target_number"] == target
    assert (circumstance, target - 40) in mods_of(res)


def test_circumstance_shooting_into_melee_not_applied_to_ws() -> None:
    # Shooting into melee is a BS penalty only: a knife keeps WS 40 + 0 = 40
    res = attack(scenario(KNIFE, circumstances=["Shooting into Melee"], dice=[93]))
    assert res["target_number"] == 40
    assert mods_of(res) == [("Standard Attack", 0)]
    assert step_text(res, "Circumstance: Shooting into Melee") == "Does not apply to a WS test."


def test_circumstance_unknown_refused() -> None:
    assert "action.circumstances.0" in errors_of(scenario(circumstances=["Bad Mood"], dice=[93]))


# --- size --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "target"), [("Puny", 20), ("Scrawny", 30), ("Hulking", 50), ("Enormous", 60)])
def test_size_modifier(size: str, target: int) -> None:
    # BS 40 + Puny -20 / Scrawny -10 / Hulking +10 / Enormous +20
    res = attack(scenario(size=size, dice=[93]))
    assert res["target_number"] == target
    assert (f"Target size: {size}", target - 40) in mods_of(res)


# --- the +/-60 cap -----------------------------------------------------------------------------------------


def test_modifier_cap_plus_60() -> None:
    # WS 40: All Out +20, Aim (full) +20, Stunned +20, Hulking +10, Easy +30 = +100 -> capped +60 -> 100.
    # Roll 93 succeeds, (100 - 93) // 10 = 0 DoS; reversed 39 Body; knife d10 5 + 2 + SB 4 = 11 - TB 4 = 7
    res = attack(
        scenario(
            KNIFE,
            action="All Out Attack",
            aim="full",
            circumstances=["Stunned Target"],
            size="Hulking",
            difficulty="Easy",
            dice=[93, 5],
        )
    )
    assert sum(mod_values(res)) == 100
    assert (res["modifier_total"], res["target_number"]) == (60, 100)
    assert (res["degrees"], locations(res), res["total_wounds"]) == (0, ["Body"], 7)


def test_modifier_cap_minus_60() -> None:
    # BS 40: Called Shot -20, Long (181 m) -10, Puny -20, Hellish -60 = -110 -> capped -60 -> -20
    res = attack(
        scenario(action="Called Shot", called="Body", distance=181, size="Puny", difficulty="Hellish", dice=[93])
    )
    assert sum(mod_values(res)) == -110
    assert (res["modifier_total"], res["target_number"]) == (-60, -20)


# --- two-weapon fighting -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("two_weapon", "ambidextrous", "target"),
    [
        ("none", False, 40),  # BS 40
        ("off_hand", False, 20),  # a single attack with the off-hand weapon: -20
        ("both", False, 20),  # Two-Weapon Wielder, one attack with each: -20 each
        ("both", True, 30),  # ... with Ambidextrous: -10
    ],
)
def test_two_weapon_modifier(two_weapon: str, ambidextrous: bool, target: int) -> None:
    # Bolt pistol (30 m) at 20 m: not under 15 m, so Standard (+0)
    res = attack(scenario(BOLT_PISTOL, distance=20, two_weapon=two_weapon, ambidextrous=ambidextrous, dice=[93]))
    assert res["target_number"] == target


def test_two_weapon_melee_both_ambidextrous() -> None:
    # A knife in each hand, Ambidextrous: WS 40 - 10 = 30
    res = attack(scenario(KNIFE, two_weapon="both", ambidextrous=True, dice=[93]))
    assert res["target_number"] == 30


def test_two_weapon_off_hand_ambidextrous_no_penalty() -> None:
    # BS 40 + 0: an ambidextrous fighter has no off hand
    res = attack(scenario(BOLT_PISTOL, distance=20, two_weapon="off_hand", ambidextrous=True, dice=[93]))
    assert res["target_number"] == 40


@pytest.mark.parametrize("two_weapon", ["off_hand", "both"])
def test_two_weapon_refused_for_a_basic_weapon(two_weapon: str) -> None:
    # "Only one-handed weapons": an Autogun is a Basic weapon
    assert "action.two_weapon" in errors_of(scenario(AUTOGUN, two_weapon=two_weapon, dice=[93]))


# --- unarmed, untrained, unbraced --------------------------------------------------------------------------


@pytest.mark.parametrize(("armed", "target"), [(True, 20), (False, 40)])
def test_unarmed_against_an_armed_foe_minus_20(armed: bool, target: int) -> None:
    # WS 40 - 20 against an armed foe; + 0 against an unarmed one
    res = attack(scenario(FISTS, armed=armed, dice=[93]))
    assert res["target_number"] == target


def test_armed_attacker_against_an_armed_foe_no_penalty() -> None:
    # the -20 is for the unarmed attacker only: a knife against an armed foe, WS 40
    assert attack(scenario(KNIFE, armed=True, dice=[93]))["target_number"] == 40


@pytest.mark.parametrize(("wpn", "target"), [(AUTOGUN, 20), (KNIFE, 20)])
def test_untrained_minus_20(wpn: dict[str, Any], target: int) -> None:
    # BS / WS 40 - 20 without the weapon's talent
    res = attack(scenario(weapon(wpn, trained=False), dice=[93]))
    assert res["target_number"] == target
    assert ("Used without its Weapon Training talent", -20) in mods_of(res)


@pytest.mark.parametrize(
    ("qualities", "braced", "target"),
    [
        ([], True, 40),  # braced: BS 40
        ([], False, 10),  # not braced: 40 - 30
        (["Gyro-Stabilised"], False, 20),  # Gyro-Stabilised: 40 - 20
    ],
)
def test_unbraced_heavy(qualities: list[str], braced: bool, target: int) -> None:
    # Lascannon (300 m) at 200 m: not under 150 m, so Standard (+0)
    res = attack(scenario(weapon(LASCANNON, qualities=qualities), distance=200, braced=braced, dice=[93]))
    assert res["target_number"] == target


def test_unbraced_heavy_burst_refused() -> None:
    # an unbraced Heavy weapon fires no bursts (the heavy bolter is -/-/10)
    assert "action.braced" in errors_of(scenario(HEAVY_BOLTER, action="Full Auto Burst", braced=False, dice=[93]))


# --- craftsmanship (every weapon) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wpn", "craft", "target"),
    [
        (AUTOGUN, "Poor", 30),  # BS 40 - 10
        (AUTOGUN, "Common", 40),
        (AUTOGUN, "Good", 45),  # BS 40 + 5
        (AUTOGUN, "Best", 50),  # BS 40 + 10
        (KNIFE, "Poor", 30),  # WS 40 - 10
        (KNIFE, "Good", 45),  # WS 40 + 5
        (KNIFE, "Best", 50),  # WS 40 + 10
    ],
)
def test_craftsmanship_to_hit(wpn: dict[str, Any], craft: str, target: int) -> None:
    res = attack(scenario(weapon(wpn, craftsmanship=craft), dice=[93]))
    assert res["target_number"] == target


def test_craftsmanship_best_ranged_plus_1_damage() -> None:
    # BS 40 + 10 = 50; roll 32 -> (50 - 32) // 10 = 1 DoS; reversed 23 Left Arm.
    # Autogun d10 6 + 3 + 1 (Best) = 10 - TB 4 = 6
    res = attack(scenario(weapon(AUTOGUN, craftsmanship="Best"), dice=[32, 6]))
    assert locations(res) == ["Left Arm"]
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (10, 6)


def test_craftsmanship_best_melee_plus_1_damage() -> None:
    # WS 40 + 10 = 50; roll 32 -> Left Arm. Knife d10 6 + 2 + SB 4 + 1 (Best) = 13 - TB 4 = 9
    res = attack(scenario(weapon(KNIFE, craftsmanship="Best"), dice=[32, 6]))
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (13, 9)


def test_craftsmanship_good_adds_no_damage() -> None:
    # WS 40 + 5 = 45; roll 32 -> Left Arm. Knife d10 6 + 2 + SB 4 = 12 - TB 4 = 8
    res = attack(scenario(weapon(KNIFE, craftsmanship="Good"), dice=[32, 6]))
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (12, 8)
