"""Dark Heresy 1st edition, damage: the roll (+SB in melee), armour less Pen, TB, wounds and Critical
damage; Tearing; Righteous Fury; unarmed combat.

Seed 003, Attack steps (3. Determine Damage: "Roll damage of the weapon. For Melee: add Strength
Bonus"; 4. Apply Damage: "Subtract Toughness Bonus and Armour Points from Damage"), Weapon
Characteristics (Pen: "Reduce targets Armour Points by weapon's Pen"), Weapon Qualities (Tearing:
"Roll twice for damage and choose highest"); DH1 Core, Ch. VIII: Righteous Fury (a 10 on a damage
die: test again; on a success 1d10 more damage, another on each 10; no critical table), Critical
Damage, Unarmed Combat (1d5-3+SB, armour doubled, a level of Fatigue a hit, -20 against an armed foe).
Degrees of success never replace a damage die in DH1 (a DH2 rule).
"""

from __future__ import annotations

import pytest
from dh1_scenarios import (
    FISTS,
    LASGUN,
    SWORD,
    locations,
    needs,
    purposes,
    resolve_ok,
    scenario,
    step_text,
    weapon,
)

# --- damage, armour, toughness -----------------------------------------------------------------------------


def test_melee_damage_adds_strength_bonus() -> None:
    # Sword 1d10, S 40 (SB 4). WS 40, roll 23 -> DoS 1; reversed 32 Body (AP 2). d10 6 + 4 = 10 - 2 - TB 3 = 5
    res = resolve_ok(scenario(SWORD, S=40, armour={"Body": 2}, dice=[23, 6]))
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["effective_armour"], hit["toughness_bonus"]) == ("Body", 10, 2, 3)
    assert hit["wounds"] == 5


def test_ranged_damage_does_not_add_strength_bonus() -> None:
    # Lasgun 1d10+2 with S 40: d10 6 + 2 = 8 - Body 2 - TB 3 = 3
    res = resolve_ok(scenario(LASGUN, S=40, armour={"Body": 2}, dice=[23, 6]))
    assert (res["hits"][0]["damage"], res["hits"][0]["wounds"]) == (8, 3)


def test_thrown_weapon_adds_strength_bonus() -> None:
    # seed 003, Weapon Characteristics, Class rows in order Melee ("Only in close combat. Add SB to
    # damage"), Thrown ("Add SB to damage"), Pistol, Basic, Heavy. A throwing knife 1d5 R, range 9 m,
    # thrown at 5 m (Standard: not under 4.5 m). S 40 (SB 4). BS 40, roll 23 -> Body.
    # d10 6 -> d5 3 + SB 4 = 7 - TB 3 = 4 (without SB: 3 - 3 = 0)
    knife = {"name": "Throwing Knife", "class": "Thrown", "range": 9, "damage": "1d5", "damage_type": "R"}
    res = resolve_ok(scenario(knife, S=40, distance=5, dice=[23, 6]))
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (7, 4)


@pytest.mark.parametrize(
    ("armour", "pen", "effective", "wounds"),
    [
        (6, 0, 6, 0),  # 9 - 6 - 3 = 0
        (6, 4, 2, 4),  # 9 - (6 - 4) - 3 = 4
        (6, 6, 0, 6),  # 9 - 0 - 3 = 6
        (6, 9, 0, 6),  # Pen beyond the armour: never below 0 armour
        (0, 5, 0, 6),
    ],
)
def test_armour_less_pen_never_below_zero_then_toughness(armour: int, pen: int, effective: int, wounds: int) -> None:
    # Lasgun, roll 23 Body; d10 7 + 2 = 9
    res = resolve_ok(scenario(weapon(LASGUN, pen=pen), armour={"Body": armour}, dice=[23, 7]))
    hit = res["hits"][0]
    assert (hit["armour"], hit["penetration"], hit["effective_armour"]) == (armour, pen, effective)
    assert hit["wounds"] == wounds


def test_damage_never_below_zero() -> None:
    # 1d10-5, d10 2 -> -3 -> 0 damage, 0 wounds
    res = resolve_ok(scenario(weapon(LASGUN, damage="1d10-5"), dice=[23, 2]))
    assert (res["hits"][0]["damage"], res["hits"][0]["wounds"]) == (0, 0)


def test_degrees_of_success_never_replace_a_damage_die() -> None:
    # DH1 has no such rule: BS 60, roll 11 -> DoS (60 - 11) // 10 = 4; reversed 11 Right Arm.
    # d10 2 stays 2 (DH2 would make it 4): 2 + 2 = 4 - 3 = 1
    res = resolve_ok(scenario(BS=60, dice=[11, 2]))
    die = res["hits"][0]["dice"][0]
    assert res["degrees"] == 4
    assert (die["natural"], die["value"], die["replaced_by_degrees"], die["kept"]) == (2, 2, False, True)
    assert res["total_wounds"] == 1


def test_wounds_add_to_damage_already_taken() -> None:
    # taken 3 of 10; d10 5 + 2 = 7 - 3 = 4 -> 7 of 10, no Critical damage
    res = resolve_ok(scenario(wounds=10, taken=3, dice=[23, 5]))
    assert (res["damage_taken_after"], res["critical_damage"], res["hits"][0]["critical"]) == (7, 0, None)


def test_damage_beyond_wounds_is_critical_damage() -> None:
    # taken 8 of 10; d10 9 + 2 = 11 - 3 = 8 -> 16: 6 Critical, Energy (the lasgun's E), Body
    res = resolve_ok(scenario(wounds=10, taken=8, dice=[23, 9]))
    assert res["damage_taken_after"] == 16
    assert res["hits"][0]["critical"] == {"amount": 6, "total": 6, "damage_type": "Energy", "location": "Body"}
    assert res["critical_damage"] == 6


def test_critical_damage_running_total_over_hits() -> None:
    # Semi-Auto: BS 40 + 10 = 50, roll 10 -> DoS 4 -> 3 hits Head, Head, Right Arm; wounds 10, taken 9.
    # d10 4, 3, 5: 6 - 3 = 3 -> 12 (2 critical, Head); 5 - 3 = 2 -> 14 (2 more, 4, Head);
    # 7 - 3 = 4 -> 18 (4 more, 8, Right Arm)
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", wounds=10, taken=9, dice=[10, 4, 3, 5]))
    assert [(h["critical"]["amount"], h["critical"]["total"], h["critical"]["location"]) for h in res["hits"]] == [
        (2, 2, "Head"),
        (2, 4, "Head"),
        (4, 8, "Right Arm"),
    ]
    assert (res["damage_taken_after"], res["critical_damage"], res["total_wounds"]) == (18, 8, 9)


# --- Tearing --------------------------------------------------------------------------------------------------

TEARING = weapon(LASGUN, qualities=["Tearing"])


def test_tearing_rolls_the_damage_twice_and_keeps_the_higher_roll() -> None:
    # 1d10 Tearing = 2d10 keep the highest: 3, then 7 -> keep 7: 7 + 2 = 9 - 3 = 6
    res = resolve_ok(scenario(TEARING, dice=[23, 3, 7]))
    dice = res["hits"][0]["dice"]
    assert [(d["value"], d["kept"]) for d in dice] == [(3, False), (7, True)]
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (9, 6)
    assert purposes(res)[1:] == [("hit 1 damage d10", 10, 3), ("hit 1 Tearing second roll d10", 10, 7)]


def test_tearing_keeps_the_first_roll_when_higher() -> None:
    # 8, then 2 -> keep 8: 10 - 3 = 7
    res = resolve_ok(scenario(TEARING, dice=[23, 8, 2]))
    assert [d["kept"] for d in res["hits"][0]["dice"]] == [True, False]
    assert res["total_wounds"] == 7


def test_tearing_on_a_tie_keeps_one_roll() -> None:
    # 5 and 5: either way 5 + 2 = 7 - 3 = 4
    res = resolve_ok(scenario(TEARING, dice=[23, 5, 5]))
    assert sum(d["kept"] for d in res["hits"][0]["dice"]) == 1
    assert res["total_wounds"] == 4


def test_tearing_a_ten_on_the_dropped_roll_is_no_righteous_fury() -> None:
    # 2d10 Tearing: first 10 + 1 = 11, second 6 + 6 = 12 -> the 10 is dropped: no Fury, no confirmation d100
    gun = weapon(LASGUN, damage="2d10", qualities=["Tearing"])
    res = resolve_ok(scenario(gun, dice=[23, 10, 1, 6, 6]))
    assert res["hits"][0]["righteous_fury"] is None
    assert len(res["dice"]) == 5
    assert res["total_wounds"] == 9


def test_tearing_a_ten_on_the_kept_roll_is_righteous_fury() -> None:
    # 1d10 Tearing: 4, then 10 -> keep 10: 12. Confirmation 35 <= 40: 1d10 3 more -> 15 - 3 = 12
    res = resolve_ok(scenario(TEARING, dice=[23, 4, 10, 35, 3]))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (35, True, [3])
    assert res["total_wounds"] == 12


# --- Righteous Fury ------------------------------------------------------------------------------------------


def test_righteous_fury_confirmed_adds_a_d10() -> None:
    # Lasgun BS 40, roll 23 -> Body. d10 10 + 2 = 12. A natural 10: confirm with the test again,
    # d100 35 <= 40 -> confirmed; 1d10 4 more: 16 - TB 3 = 13 wounds. No critical d5 table in DH1.
    res = resolve_ok(scenario(dice=[23, 10, 35, 4]))
    hit = res["hits"][0]
    rf = hit["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (35, True, [4])
    assert (rf["critical_effect"], rf["table"], rf["extra_wound"], rf["slain"]) == (None, None, False, False)
    assert (hit["damage"], hit["wounds"], res["total_wounds"]) == (12, 13, 13)
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 1 Righteous Fury confirmation d100",
        "hit 1 Righteous Fury d10 (1)",
    ]


def test_righteous_fury_not_confirmed_adds_nothing() -> None:
    # confirmation 41 > 40: not confirmed; 12 - 3 = 9 and no more dice
    res = resolve_ok(scenario(dice=[23, 10, 41]))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirm_roll"], rf["confirmed"], rf["extra_damage"]) == (41, False, [])
    assert res["total_wounds"] == 9
    assert len(res["dice"]) == 3


def test_righteous_fury_confirmation_equal_to_the_target_succeeds() -> None:
    # 40 <= 40: confirmed; 1d10 1: 13 - 3 = 10
    res = resolve_ok(scenario(dice=[23, 10, 40, 1]))
    assert res["hits"][0]["righteous_fury"]["confirmed"] is True
    assert res["total_wounds"] == 10


def test_righteous_fury_confirms_against_the_same_modified_target() -> None:
    # Short range (20 m) +10 and half aim +10: target 60. Confirmation 55 succeeds against 60
    # (it would fail against the bare BS 40): d10 2 more -> 12 + 2 = 14 - 3 = 11
    res = resolve_ok(scenario(distance=20, aim="half", dice=[23, 10, 55, 2]))
    assert res["target_number"] == 60
    assert res["hits"][0]["righteous_fury"]["confirmed"] is True
    assert res["total_wounds"] == 11


def test_righteous_fury_rolls_again_on_each_ten() -> None:
    # confirmed; d10s 10, 10, 3 -> 23 more: 12 + 23 = 35 - 3 = 32 wounds (of 50)
    res = resolve_ok(scenario(wounds=50, dice=[23, 10, 35, 10, 10, 3]))
    assert res["hits"][0]["righteous_fury"]["extra_damage"] == [10, 10, 3]
    assert res["total_wounds"] == 32
    assert [p for p, _, _ in purposes(res)][3:] == [
        "hit 1 Righteous Fury d10 (1)",
        "hit 1 Righteous Fury d10 (2)",
        "hit 1 Righteous Fury d10 (3)",
    ]


def test_righteous_fury_extra_damage_goes_through_armour_and_toughness() -> None:
    # Body AP 10, TB 3: d10 10 + 2 = 12 - 13 -> 0. Confirmed, d10 4: 16 - 13 = 3 wounds.
    res = resolve_ok(scenario(armour={"Body": 10}, dice=[23, 10, 35, 4]))
    assert res["hits"][0]["wounds"] == 3


def test_righteous_fury_not_confirmed_against_armour_deals_nothing() -> None:
    # DH1 has no "1 wound ignoring armour" (a DH2 rule): 12 - 13 -> 0, not confirmed -> 0
    res = resolve_ok(scenario(armour={"Body": 10}, dice=[23, 10, 90]))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["confirmed"], rf["extra_wound"]) == (False, False)
    assert res["total_wounds"] == 0


def test_righteous_fury_needs_the_confirmation_die_next() -> None:
    # after the natural 10 the engine asks for the confirmation d100, not a d5
    assert needs(scenario(dice=[23, 10])) == {
        "purpose": "hit 1 Righteous Fury confirmation d100",
        "sides": 100,
        "index": 2,
        "count": 1,
    }


def test_righteous_fury_on_a_burst_comes_right_after_its_hit() -> None:
    # Semi-Auto: BS 40 + 10 = 50, roll 10 -> DoS 4 -> 3 hits: Head, Head, Right Arm.
    # Hit 1: d10 4 -> 6 - 3 = 3. Hit 2: d10 10 -> 12, confirmation 45 <= 50, d10 6 -> 18 - 3 = 15.
    # Hit 3: d10 1 -> 3 - 3 = 0. Total 18.
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", wounds=30, dice=[10, 4, 10, 45, 6, 1]))
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "hit 2 Righteous Fury confirmation d100",
        "hit 2 Righteous Fury d10 (1)",
        "hit 3 damage d10",
    ]
    assert [h["wounds"] for h in res["hits"]] == [3, 15, 0]
    assert res["hits"][0]["righteous_fury"] is None
    assert res["total_wounds"] == 18


def test_righteous_fury_only_on_a_natural_ten() -> None:
    # 1d10+2 showing 9 -> 11: no Fury, even though damage 11 > 10
    res = resolve_ok(scenario(dice=[23, 9]))
    assert res["hits"][0]["righteous_fury"] is None
    assert len(res["dice"]) == 2


def test_righteous_fury_extra_damage_counts_toward_critical_damage() -> None:
    # wounds 10, taken 5: 12 + 4 = 16 - 3 = 13 -> 18: 8 Critical
    res = resolve_ok(scenario(wounds=10, taken=5, dice=[23, 10, 35, 4]))
    assert (res["damage_taken_after"], res["critical_damage"]) == (18, 8)


# --- unarmed ---------------------------------------------------------------------------------------------------


def test_unarmed_armour_counts_double() -> None:
    # Fists 1d5-3 Impact, S 50 (SB 5). WS 40 - 20 (armed foe) = 20; roll 13 -> 0 DoS; reversed 31 Body (AP 1).
    # d10 9 -> d5 5: 5 - 3 + 5 = 7 - armour 1 x 2 - TB 3 = 2 (with plain armour it would be 3). 1 Fatigue.
    res = resolve_ok(scenario(FISTS, S=50, armour={"Body": 1}, dice=[13, 9]))
    hit = res["hits"][0]
    assert res["target_number"] == 20
    assert (hit["dice"][0]["natural"], hit["dice"][0]["value"]) == (9, 5)
    assert (hit["damage"], hit["armour"], hit["effective_armour"], hit["wounds"]) == (7, 1, 2, 2)
    assert res["fatigue"] == 1
    assert purposes(res)[1] == ("hit 1 damage d5 (d5: d10 halved, rounding up)", 10, 9)


def test_unarmed_hit_inflicts_fatigue_even_without_damage() -> None:
    # Against an unarmed foe: WS 40, roll 23 hits; S 10 (SB 1): d10 1 -> d5 1: 1 - 3 + 1 = -1 -> 0 damage,
    # 0 wounds, but every unarmed hit inflicts a level of Fatigue
    res = resolve_ok(scenario(FISTS, S=10, armed=False, dice=[23, 1]))
    assert (res["target_number"], res["hits"][0]["damage"], res["total_wounds"]) == (40, 0, 0)
    assert res["fatigue"] == 1


def test_unarmed_miss_or_evaded_hit_inflicts_no_fatigue() -> None:
    miss = resolve_ok(scenario(FISTS, armed=False, dice=[60]))
    assert miss["fatigue"] == 0
    dodged = resolve_ok(scenario(FISTS, armed=False, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 30]))
    assert (dodged["outcome"], dodged["fatigue"]) == ("evaded", 0)


def test_armour_is_not_doubled_for_an_armed_blow() -> None:
    # Sword S 50 (SB 5), Body AP 1: d10 2 + 5 = 7 - 1 - 3 = 3, no Fatigue
    res = resolve_ok(scenario(SWORD, S=50, armour={"Body": 1}, dice=[23, 2]))
    assert (res["hits"][0]["effective_armour"], res["total_wounds"], res["fatigue"]) == (1, 3, 0)
    assert "Armour doubled" not in [s["rule"] for s in res["steps"]]


def test_unarmed_armour_doubling_is_in_the_step_log() -> None:
    res = resolve_ok(scenario(FISTS, S=50, armour={"Body": 1}, dice=[13, 9]))
    assert step_text(res, "Armour doubled") == "Armour points count double: unarmed."
    assert locations(res) == ["Body"]
