"""Deathwatch, Steps Four and Five: damage, the qualities that change it, cover, unarmed blows,
Critical damage and the damage states.

Seed 001: Melee Weapons ("Characters using melee weapons add their SB to the Damage they inflict";
"Chainfists and Power Fists double the wielder's Strength Bonus"), Weapon Qualities (Tearing; Volatile,
Razor Sharp, Primitive and Felling (X) have their files in tests/unit/d100/qualities/), Cover Types ("Adds extra AP to locations hidden by cover"; Heavy
Wood, Flakboard, Sandbags, Ice 8), Unarmed Combat ("1d5-3 I+SB. Armour Points count as double ...
inflicting damage greater than or equal to your target's Toughness Bonus also inflicts 1 level of
Fatigue"), Damage ("Critical Damage is cumulative"; Heavily Damaged: "If Damage taken is more than twice
TB"). Righteous Fury: DW Core, Ch. VIII (a natural 10 on a damage die: roll the attack test again; on
a success 1d10 more damage, again on each 10). Tearing's reading (one extra die, the lowest dropped) is
rules/data/dw/qualities.json's _note.
"""

from __future__ import annotations

import pytest
from dw_scenarios import (
    AUTOGUN,
    CHAINSWORD,
    FISTS,
    KNIFE,
    POWER_FIST,
    attack,
    die_order,
    locations,
    scenario,
)

# --- Tearing -----------------------------------------------------------------------------------------------


def test_tearing_one_extra_die_drop_lowest() -> None:
    # Chainsword 1d10+3 Tearing, WS 40, roll 32 -> (40 - 32) // 10 = 0 DoS; reversed 23 Left Arm.
    # d10 3 and the Tearing d10 8: the 3 is dropped. 8 + 3 + SB 4 = 15 - TB 4 = 11
    res = attack(scenario(CHAINSWORD, dice=[32, 3, 8]))
    hit = res["hits"][0]
    assert locations(res) == ["Left Arm"]
    assert [(d["natural"], d["kept"]) for d in hit["dice"]] == [(3, False), (8, True)]
    assert (hit["damage"], hit["wounds"]) == (15, 11)


# --- Strength bonus ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("S", "strength_bonus", "damage"),
    [
        (40, None, 12),  # d10 6 + 2 + SB 4 = 12
        (55, None, 13),  # SB 5: 6 + 2 + 5 = 13
        (40, 8, 16),  # strength_bonus 8 (Unnatural Strength) overrides S // 10 = 4: 6 + 2 + 8 = 16
    ],
)
def test_melee_adds_strength_bonus(S: int, strength_bonus: int | None, damage: int) -> None:
    # Knife 1d10+2, WS 40, roll 33 -> Body; less TB 4
    res = attack(scenario(KNIFE, S=S, strength_bonus=strength_bonus, dice=[33, 6]))
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (damage, damage - 4)


def test_ranged_adds_no_strength_bonus() -> None:
    # Autogun 1d10+3 with S 90 and strength_bonus 8: d10 6 + 3 = 9 - TB 4 = 5
    res = attack(scenario(AUTOGUN, S=90, strength_bonus=8, dice=[33, 6]))
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (9, 5)


@pytest.mark.parametrize(
    ("strength_bonus", "damage"),
    [
        (None, 15),  # 2d10 3 + 4 = 7 + SB 4 x 2 = 15
        (8, 23),  # 7 + SB 8 x 2 = 23
    ],
)
def test_power_fist_doubles_strength_bonus(strength_bonus: int | None, damage: int) -> None:
    # Power Fist 2d10 Pen 9, WS 40, roll 33 -> Body, AP 8 - Pen 9 -> 0; less TB 4
    res = attack(scenario(POWER_FIST, strength_bonus=strength_bonus, armour={"Body": 8}, dice=[33, 3, 4]))
    hit = res["hits"][0]
    assert (hit["damage"], hit["effective_armour"], hit["wounds"]) == (damage, 0, damage - 4)


# --- Righteous Fury ----------------------------------------------------------------------------------------


def test_righteous_fury_confirmed_adds_a_d10() -> None:
    # Knife, WS 40, roll 32 -> Left Arm. d10 10 + 2 + SB 4 = 16. The 10 calls for Fury: the test again,
    # 25 against 40 succeeds; 1d10 = 4 more: 16 + 4 = 20 - TB 4 = 16
    res = attack(scenario(KNIFE, dice=[32, 10, 25, 4]))
    assert die_order(res) == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 1 Righteous Fury confirmation d100",
        "hit 1 Righteous Fury d10 (1)",
    ]
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (25, True, [4])
    assert res["total_wounds"] == 16


def test_righteous_fury_not_confirmed() -> None:
    # the same blow; the confirmation 41 fails against 40: no extra die, 16 - 4 = 12
    res = attack(scenario(KNIFE, dice=[32, 10, 41]))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (41, False, [])
    assert res["total_wounds"] == 12


def test_righteous_fury_another_d10_on_each_10() -> None:
    # confirmed (25); the Fury d10s 10 then 3: 16 + 10 + 3 = 29 - 4 = 25
    res = attack(scenario(KNIFE, dice=[32, 10, 25, 10, 3]))
    assert res["hits"][0]["righteous_fury"]["extra_damage"] == [10, 3]
    assert res["total_wounds"] == 25


def test_righteous_fury_confirmation_against_the_modified_target() -> None:
    # All Out Attack: WS 40 + 20 = 60; roll 32 -> 2 DoS, Left Arm. d10 10 -> 16. The confirmation 55 would
    # fail against WS 40 but the test is the attack's, 60: confirmed. d10 1: 16 + 1 = 17 - 4 = 13
    res = attack(scenario(KNIFE, action="All Out Attack", dice=[32, 10, 55, 1]))
    assert res["hits"][0]["righteous_fury"]["confirmed"] is True
    assert res["total_wounds"] == 13


def test_righteous_fury_not_on_a_9() -> None:
    # d10 9: no confirmation roll; 9 + 2 + 4 = 15 - 4 = 11
    res = attack(scenario(KNIFE, dice=[32, 9]))
    assert res["hits"][0]["righteous_fury"] is None
    assert (len(res["dice"]), res["total_wounds"]) == (2, 11)


# --- cover -------------------------------------------------------------------------------------------------


def test_cover_ap_on_the_covered_locations_only() -> None:
    # Sandbags (AP 8) hide the legs. Autogun full auto BS 40 + 20 = 60; roll 17 -> (60 - 17) // 10 = 4 DoS ->
    # 5 hits; reversed 71 Right Leg; Leg row: Right Leg, Right Leg, Body, Right Arm, Head. d10 9 each: 12.
    # Legs: 12 - 8 - TB 4 = 0; the other three 12 - 0 - 4 = 8 each: 24
    cover = {"name": "Sandbags", "ap": 8, "locations": ["Right Leg", "Left Leg"]}
    res = attack(scenario(action="Full Auto Burst", cover=cover, dice=[17, 9, 9, 9, 9, 9]))
    assert locations(res) == ["Right Leg", "Right Leg", "Body", "Right Arm", "Head"]
    assert [h["armour"] for h in res["hits"]] == [8, 8, 0, 0, 0]
    assert [h["wounds"] for h in res["hits"]] == [0, 0, 8, 8, 8]
    assert res["total_wounds"] == 24


def test_cover_adds_to_armour_every_location_by_default() -> None:
    # Light wood (AP 4) over everything; Body AP 2 + 4 = 6. BS 40, roll 33 -> Body; d10 9 + 3 = 12 - 6 - 4 = 2
    res = attack(scenario(armour={"Body": 2}, cover={"ap": 4}, dice=[33, 9]))
    assert (res["hits"][0]["armour"], res["total_wounds"]) == (6, 2)


# --- unarmed -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("d10", "damage", "wounds", "fatigue"),
    [
        (9, 6, 2, 1),  # d5 = d10 9 halved up = 5: 5 - 3 + SB 4 = 6 - TB 4 = 2; 6 >= TB 4: one level of Fatigue
        (7, 5, 1, 1),  # d5 4: 4 - 3 + 4 = 5 >= 4: Fatigue
        # d5 3: 3 - 3 + 4 = 4, equal to TB 4: Fatigue ("greater than or equal to"), though 4 - TB 4 = 0 wounds:
        # the damage compared is the blow's, before armour and TB (rules/dw/__init__.py's reading)
        (5, 4, 0, 1),
        (3, 3, 0, 0),  # d5 2: 2 - 3 + 4 = 3 < 4: no Fatigue
    ],
)
def test_unarmed_1d5_minus_3_plus_sb_and_fatigue(d10: int, damage: int, wounds: int, fatigue: int) -> None:
    # Fists against an unarmed foe (no -20): WS 40, roll 33 -> Body, no armour
    res = attack(scenario(FISTS, armed=False, dice=[33, d10]))
    assert res["target_number"] == 40
    assert (res["hits"][0]["damage"], res["total_wounds"], res["fatigue"]) == (damage, wounds, fatigue)


def test_unarmed_armour_counts_double() -> None:
    # Body AP 2 counts 4: d10 9 -> d5 5: 5 - 3 + 4 = 6 - 4 - TB 4 = 0
    res = attack(scenario(FISTS, armed=False, armour={"Body": 2}, dice=[33, 9]))
    hit = res["hits"][0]
    assert (hit["armour"], hit["effective_armour"], hit["wounds"]) == (2, 4, 0)


# --- Critical damage and the damage states -----------------------------------------------------------------


def test_critical_damage_cumulative_from_damage_taken() -> None:
    # 10 wounds, 12 taken already (2 Critical). Knife, roll 33 -> Body; d10 5 + 2 + 4 = 11 - 4 = 7 -> 19:
    # 7 more Critical damage, 9 in all
    res = attack(scenario(KNIFE, wounds=10, taken=12, dice=[33, 5]))
    assert res["hits"][0]["critical"] == {"amount": 7, "total": 9, "damage_type": "Rending", "location": "Body"}
    assert (res["damage_taken_after"], res["critical_damage"]) == (19, 7)


def test_critical_damage_only_past_the_wounds() -> None:
    # 8 of 10 taken; 7 more -> 15: 5 of them Critical
    res = attack(scenario(KNIFE, wounds=10, taken=8, dice=[33, 5]))
    assert res["hits"][0]["critical"]["amount"] == 5
    assert res["critical_damage"] == 5


def test_critical_damage_none_at_exactly_the_wounds() -> None:
    # 3 of 10 taken; 7 more -> 10: damage equal to the wounds is not yet Critical
    res = attack(scenario(KNIFE, wounds=10, taken=3, dice=[33, 5]))
    assert (res["hits"][0]["critical"], res["critical_damage"], res["damage_taken_after"]) == (None, 0, 10)


def test_critical_damage_none_when_the_hit_deals_none() -> None:
    # 12 of 10 taken (2 Critical). Knife, roll 33 -> Body AP 10 - Pen 2 = 8; d10 1 + 2 + 4 = 7 - 8 - 4 -> 0:
    # no wound, so no new Critical damage (the running total stays 2)
    res = attack(scenario(KNIFE, wounds=10, taken=12, armour={"Body": 10}, dice=[33, 1]))
    assert (res["hits"][0]["critical"], res["critical_damage"], res["damage_taken_after"]) == (None, 0, 12)
    assert res["damage_state"] == "Critically Damaged"


def test_critical_damage_cumulative_hit_by_hit() -> None:
    # 8 of 10 taken. Autogun full auto BS 40 + 20 = 60; roll 40 -> 2 DoS -> 3 hits: reversed 04 Head:
    # Head, Head, Right Arm. d10 5 each: 5 + 3 = 8 - 4 = 4 wounds each. 8 -> 12 (2 Critical, 2 in all),
    # -> 16 (4, 6 in all), -> 20 (4, 10 in all)
    res = attack(scenario(action="Full Auto Burst", wounds=10, taken=8, dice=[40, 5, 5, 5]))
    crits = [h["critical"] for h in res["hits"]]
    assert [(c["amount"], c["total"], c["location"]) for c in crits] == [
        (2, 2, "Head"),
        (4, 6, "Head"),
        (4, 10, "Right Arm"),
    ]
    assert crits[0]["damage_type"] == "Impact"
    assert (res["damage_taken_after"], res["critical_damage"]) == (20, 10)


@pytest.mark.parametrize(
    ("tb", "taken", "d10", "after", "state"),
    [
        (4, 0, 6, 8, "Lightly Damaged"),  # knife d10 6 + 2 + 4 - TB 4 = 8 <= 2 x 4
        (4, 0, 7, 9, "Heavily Damaged"),  # 9 > 8
        (4, 5, 1, 8, "Lightly Damaged"),  # 5 taken + (1 + 2 + 4 - 4 = 3) = 8: the total counts
        (4, 6, 1, 9, "Heavily Damaged"),  # 6 + 3 = 9 > 8
        (5, 0, 9, 10, "Lightly Damaged"),  # TB 5: 9 + 2 + 4 - 5 = 10 <= 2 x 5
        (4, 14, 4, 20, "Heavily Damaged"),  # 14 + 6 = 20: at the 20 wounds, not past them
        (4, 15, 4, 21, "Critically Damaged"),  # 15 + 6 = 21 > 20 wounds
    ],
)
def test_damage_state(tb: int, taken: int, d10: int, after: int, state: str) -> None:
    # Knife, WS 40, roll 33 -> Body; 20 wounds
    res = attack(scenario(KNIFE, tb=tb, taken=taken, dice=[33, d10]))
    assert (res["damage_taken_after"], res["damage_state"]) == (after, state)


@pytest.mark.parametrize(("taken", "state"), [(0, None), (9, "Heavily Damaged")])
def test_damage_state_after_a_miss(taken: int, state: str | None) -> None:
    # a miss (roll 90 against WS 40) leaves the damage taken as it was: none, or 9 > 2 x TB 4
    res = attack(scenario(KNIFE, taken=taken, dice=[90]))
    assert res["damage_state"] == state
