"""Steps Four and Five: damage per hit, degrees of success replacing a die, Tearing, Righteous Fury,
armour, Pen, toughness, wounds and Critical damage; unarmed combat.

Seed 004, Step Four (damage + SB for melee; "replace the result on a single damage die with the
number of degrees of success"; a natural 10 -> Righteous Fury), Righteous Fury (both branches; Troop
NPCs slain), Step Five (armour at the location and TB, wounds added, excess is Critical damage),
Unarmed Combat (1d5-3+SB Impact, no Pen, Fatigue, -20 against an armed foe); DH2 Core, Ch. V for
Tearing and Pen.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import FISTS, LASGUN, SWORD, locations, purposes, resolve_ok, scenario, weapon

# --- damage per hit -----------------------------------------------------------------------------------


def test_melee_damage_adds_strength_bonus() -> None:
    # Sword 1d10 Pen 0, S 40 (SB 4). WS 40 +10 = 50; roll 45 -> DoS 5-4+1 = 2; reversed 54 Body (AP 2).
    # d10 6 (2 DoS < 6): 6 + SB 4 = 10 - 2 - TB 3 = 5
    res = resolve_ok(scenario(SWORD, S=40, armour={"Body": 2}, dice=[45, 6]))
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["effective_armour"], hit["wounds"]) == ("Body", 10, 2, 5)


def test_ranged_damage_does_not_add_strength_bonus() -> None:
    # Lasgun 1d10+3 with S 40: d10 6 + 3 = 9 (no SB) - Body 2 - TB 3 = 4
    res = resolve_ok(scenario(LASGUN, S=40, armour={"Body": 2}, dice=[45, 6]))
    assert (res["hits"][0]["damage"], res["hits"][0]["wounds"]) == (9, 4)


@pytest.mark.parametrize(
    ("armour", "pen", "effective", "wounds"),
    [
        (6, 0, 6, 0),  # 9 - 6 - 3 = 0
        (6, 4, 2, 4),  # 9 - (6-4) - 3 = 4
        (6, 6, 0, 6),  # 9 - 0 - 3 = 6
        (6, 8, 0, 6),  # Pen beyond the armour: armour never below 0, still 6
        (0, 5, 0, 6),
    ],
)
def test_armour_minus_pen_never_below_zero_then_tb(armour: int, pen: int, effective: int, wounds: int) -> None:
    # target 50, roll 45 (DoS 2), Body; d10 6 + 3 = 9
    res = resolve_ok(scenario(weapon(LASGUN, pen=pen), armour={"Body": armour}, dice=[45, 6]))
    hit = res["hits"][0]
    assert (hit["armour"], hit["penetration"], hit["effective_armour"], hit["toughness_bonus"]) == (
        armour,
        pen,
        effective,
        3,
    )
    assert hit["wounds"] == wounds


def test_armour_is_taken_at_the_struck_location() -> None:
    # Head AP 4, Body AP 1: roll 10 -> reversed 01 Head (DoS 5-1+1 = 5); d10 8 + 3 = 11 - 4 - 3 = 4
    res = resolve_ok(scenario(armour={"Head": 4, "Body": 1}, dice=[10, 8]))
    assert res["hits"][0]["location"] == "Head"
    assert res["hits"][0]["armour"] == 4
    assert res["hits"][0]["wounds"] == 4


def test_damage_with_a_negative_modifier_never_below_zero() -> None:
    # 1d10-5: d10 2 -> -3 -> 0 damage, 0 wounds (DoS 1: roll 50, reversed 05 Head)
    res = resolve_ok(scenario(weapon(LASGUN, damage="1d10-5"), dice=[50, 2]))
    assert (res["hits"][0]["damage"], res["hits"][0]["wounds"]) == (0, 0)


# --- degrees of success replace a die ------------------------------------------------------------------


def test_degrees_replace_a_lower_die_when_it_gives_more_wounds() -> None:
    # BS 50 +10 = 60; roll 31 -> DoS 6-3+1 = 4; reversed 13 Right Arm (AP 0).
    # d10 2 -> replaced by 4: 4 + 3 = 7 - 0 - 3 = 4 (the 2 alone would give 2)
    res = resolve_ok(scenario(BS=50, dice=[31, 2]))
    die = res["hits"][0]["dice"][0]
    assert (die["natural"], die["value"], die["replaced_by_degrees"]) == (2, 4, True)
    assert res["hits"][0]["damage"] == 7
    assert res["total_wounds"] == 4


def test_degrees_do_not_replace_a_higher_die() -> None:
    # DoS 4, d10 5: 5 + 3 - 3 = 5; replacing with 4 would lose a wound
    res = resolve_ok(scenario(BS=50, dice=[31, 5]))
    die = res["hits"][0]["dice"][0]
    assert (die["value"], die["replaced_by_degrees"]) == (5, False)
    assert res["total_wounds"] == 5


def test_degrees_do_not_replace_when_the_hit_still_does_not_get_through() -> None:
    # DoS 4, Right Arm AP 10: d10 2 + 3 = 5 vs 10 + 3 = 13 -> 0; with 4: 7 -> still 0. No gain, no replacement.
    res = resolve_ok(scenario(BS=50, armour={"Right Arm": 10}, dice=[31, 2]))
    die = res["hits"][0]["dice"][0]
    assert (die["value"], die["replaced_by_degrees"]) == (2, False)
    assert res["total_wounds"] == 0


def test_degrees_replace_only_one_die_of_the_whole_attack() -> None:
    # 2d10+0, DoS 4: dice 1 and 2 -> replace one: the 1 (4 + 2 = 6 > 1 + 4 = 5) -> 6 - 3 = 3
    res = resolve_ok(scenario(weapon(LASGUN, damage="2d10"), BS=50, dice=[31, 1, 2]))
    dice = res["hits"][0]["dice"]
    assert [d["replaced_by_degrees"] for d in dice] == [True, False]
    assert [d["value"] for d in dice] == [4, 2]
    assert res["total_wounds"] == 3


SEMI3 = dict(action="Semi-Auto Burst", BS=70, wounds=100)
# Lasgun S/3/-, BS 70 +0 = 70; roll 13 -> DoS 7-1+1 = 7 -> 1 + 6//2 = 4, capped 3 hits;
# reversed 31 Body: Body, Body, Right Arm. Damage 1d10+3, Pen 0, TB 3.


def test_degrees_replace_the_die_giving_most_wounds_not_the_lowest_die() -> None:
    # Body AP 6 (6+3 = 9 to beat), Right Arm AP 0 (3 to beat). Dice: hit 1 2, hit 2 2, hit 3 5.
    #   hit 1: 2+3 = 5 -> 0;  with 7: 10 - 9 = 1   (+1)
    #   hit 2: same                                (+1)
    #   hit 3: 5+3 = 8 - 3 = 5; with 7: 10 - 3 = 7 (+2)   <- best, though its die is the highest
    # Total 0 + 0 + 7 = 7 (replacing the lowest die, on the Body, would give 0 + 1 + 5 = 6)
    res = resolve_ok(scenario(LASGUN, **SEMI3, armour={"Body": 6}, dice=[13, 2, 2, 5]))
    assert locations(res) == ["Body", "Body", "Right Arm"]
    replaced = [[d["replaced_by_degrees"] for d in h["dice"]] for h in res["hits"]]
    assert replaced == [[False], [False], [True]]
    assert [h["wounds"] for h in res["hits"]] == [0, 0, 7]
    assert res["total_wounds"] == 7


def test_degrees_replace_the_die_on_the_more_armoured_location_when_that_gives_most() -> None:
    # Body AP 2 (5 to beat), Right Arm AP 0 (3 to beat). Dice: hit 1 1, hit 2 3, hit 3 4.
    #   hit 1: 1+3 = 4 -> 0;       with 7: 10 - 5 = 5 (+5)   <- best
    #   hit 2: 3+3 = 6 - 5 = 1;    with 7: 5          (+4)
    #   hit 3: 4+3 = 7 - 3 = 4;    with 7: 10 - 3 = 7 (+3)
    # Total 5 + 1 + 4 = 10
    res = resolve_ok(scenario(LASGUN, **SEMI3, armour={"Body": 2}, dice=[13, 1, 3, 4]))
    replaced = [[d["replaced_by_degrees"] for d in h["dice"]] for h in res["hits"]]
    assert replaced == [[True], [False], [False]]
    assert [h["wounds"] for h in res["hits"]] == [5, 1, 4]
    assert res["total_wounds"] == 10


# --- Tearing --------------------------------------------------------------------------------------------

TEARING_PISTOL = weapon(LASGUN, klass="Pistol", range=30, rof="S/2/-", damage="1d10+2", clip=6, qualities=["Tearing"])


def test_tearing_rolls_one_extra_die_and_drops_the_lowest() -> None:
    # BS 40 +10 Standard +0 (20 m: not under 15, within 60) = 50; roll 50 -> DoS 1; reversed 05 Head.
    # d10 3, Tearing d10 7 -> drop 3 -> 7 + 2 = 9 - 3 = 6
    res = resolve_ok(scenario(TEARING_PISTOL, distance=20, dice=[50, 3, 7]))
    dice = res["hits"][0]["dice"]
    assert [(d["value"], d["kept"]) for d in dice] == [(3, False), (7, True)]
    assert res["hits"][0]["damage"] == 9
    assert res["total_wounds"] == 6
    assert purposes(res)[1:] == [("hit 1 damage d10", 10, 3), ("hit 1 Tearing d10", 10, 7)]


def test_tearing_drops_the_extra_die_when_it_is_lowest() -> None:
    # d10 8, Tearing d10 2 -> drop 2 -> 8 + 2 = 10 - 3 = 7
    res = resolve_ok(scenario(TEARING_PISTOL, distance=20, dice=[50, 8, 2]))
    assert [d["kept"] for d in res["hits"][0]["dice"]] == [True, False]
    assert res["total_wounds"] == 7


def test_tearing_with_two_dice_keeps_the_best_two_of_three() -> None:
    # 2d10+2 Tearing: 4, 9, 6 -> drop 4 -> 15 + 2 = 17 - 3 = 14
    gun = weapon(TEARING_PISTOL, damage="2d10+2")
    res = resolve_ok(scenario(gun, distance=20, dice=[50, 4, 9, 6]))
    assert [d["kept"] for d in res["hits"][0]["dice"]] == [False, True, True]
    assert res["hits"][0]["damage"] == 17
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10 (1 of 2)",
        "hit 1 damage d10 (2 of 2)",
        "hit 1 Tearing d10",
    ]


# --- Righteous Fury --------------------------------------------------------------------------------------


def test_righteous_fury_on_a_hit_that_gets_through_rolls_a_critical_d5() -> None:
    # BS 40 +10 = 50; roll 23 (DoS 5-2+1 = 4), reversed 32 Body (AP 0).
    # d10 10: 13 - 3 = 10 wounds; natural 10 -> 1d5 on Energy/Body: d10 7 -> 4
    res = resolve_ok(scenario(dice=[23, 10, 7]))
    hit = res["hits"][0]
    assert hit["wounds"] == 10
    assert hit["righteous_fury"]["critical_effect"] == 4
    assert hit["righteous_fury"]["table"] == "Energy Critical Effects, Body"
    assert hit["righteous_fury"]["extra_wound"] is False
    assert purposes(res)[2] == ("hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)", 10, 7)
    # the effect does not count as Critical damage
    assert hit["critical"] is None and res["critical_damage"] == 0


def test_righteous_fury_d5_comes_right_after_its_hits_dice() -> None:
    # Semi-auto, BS 50 +0 = 50; roll 14 -> DoS 5 -> 3 hits on Body, Body, Right Arm (AP 0).
    # Hit 1: d10 4 -> 7 - 3 = 4. Hit 2: d10 10 -> 13 - 3 = 10, fury d5 (d10 3 -> 2). Hit 3: d10 6 -> 6.
    # 5 DoS replace hit 1's 4: 8 - 3 = 5. Total 5 + 10 + 6 = 21
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", BS=50, wounds=100, dice=[14, 4, 10, 3, 6]))
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "hit 2 Righteous Fury critical d5 (d5: d10 halved, rounding up)",
        "hit 3 damage d10",
    ]
    assert res["hits"][0]["righteous_fury"] is None
    assert res["hits"][1]["righteous_fury"]["critical_effect"] == 2
    assert res["total_wounds"] == 21


def test_righteous_fury_stopped_by_armour_and_tb_deals_exactly_one_wound_and_no_d5() -> None:
    # Weapon 1d10 Pen 0; Body AP 8, TB 4 -> 12 to beat. Roll 23 (DoS 3), reversed 32 Body.
    # d10 10 -> 10 damage - 12 -> 0, but the natural 10 deals 1 wound ignoring armour and TB.
    # No d5: the scripted list ends after the d10 and the attack still resolves.
    res = resolve_ok(scenario(weapon(LASGUN, damage="1d10"), armour={"Body": 8}, tb=4, dice=[23, 10]))
    hit = res["hits"][0]
    assert hit["damage"] == 10
    assert hit["wounds"] == 1
    assert hit["righteous_fury"]["extra_wound"] is True
    assert hit["righteous_fury"]["critical_effect"] is None
    assert res["total_wounds"] == 1
    assert len(res["dice"]) == 2


def test_righteous_fury_extra_wound_is_one_not_one_more() -> None:
    # 1d10-8 vs no armour, TB 3: d10 10 -> 2 damage - 3 -> 0 -> exactly 1 wound
    res = resolve_ok(scenario(weapon(LASGUN, damage="1d10-8"), dice=[23, 10]))
    assert res["hits"][0]["wounds"] == 1


def test_righteous_fury_on_a_d5_natural_ten() -> None:
    # Fists 1d5-3 +SB 4 (S 40) against an unarmed foe: WS 40 +10 = 50; roll 23 (DoS 3), Body AP 0.
    # d10 10 -> d5 5: 5 - 3 + 4 = 6 - TB 3 = 3; natural 10 -> fury d5: d10 4 -> 2 on Impact/Body
    res = resolve_ok(scenario(FISTS, S=40, armed=False, dice=[23, 10, 4]))
    hit = res["hits"][0]
    assert (hit["dice"][0]["natural"], hit["dice"][0]["value"]) == (10, 5)
    assert hit["wounds"] == 3
    assert hit["righteous_fury"]["critical_effect"] == 2
    assert hit["righteous_fury"]["table"] == "Impact Critical Effects, Body"


def test_a_nine_on_a_d5_is_a_five_but_no_fury() -> None:
    # d10 9 -> d5 5: same damage as above, no Righteous Fury, no d5 needed
    res = resolve_ok(scenario(FISTS, S=40, armed=False, dice=[23, 9]))
    assert res["hits"][0]["wounds"] == 3
    assert res["hits"][0]["righteous_fury"] is None


def test_troop_slain_by_righteous_fury() -> None:
    # Roll 23 Body; d10 10: 13 - 3 = 10 wounds and the hit got through: a Troop is simply slain,
    # no critical d5 is rolled
    res = resolve_ok(scenario(troop=True, dice=[23, 10]))
    assert res["slain"] is True
    assert res["hits"][0]["righteous_fury"]["slain"] is True
    assert res["hits"][0]["righteous_fury"]["critical_effect"] is None
    assert len(res["dice"]) == 2


def test_troop_not_slain_when_armour_stops_the_fury_hit() -> None:
    # Pins the engine's reading (models.Target.troop: "slain ... instead of rolling a critical
    # effect"): the Troop is slain in place of the critical effect, which only comes when the hit
    # got through. A natural 10 stopped by armour and TB deals its 1 wound and nothing more.
    # 1d10 vs Body 8 + TB 4 = 12: d10 10 -> 0 -> 1 wound (seed 004, Righteous Fury, second branch)
    res = resolve_ok(scenario(weapon(LASGUN, damage="1d10"), armour={"Body": 8}, tb=4, troop=True, dice=[23, 10]))
    assert res["slain"] is False
    assert res["hits"][0]["wounds"] == 1
    assert res["hits"][0]["righteous_fury"]["extra_wound"] is True


def test_non_troop_is_not_slain_by_righteous_fury() -> None:
    res = resolve_ok(scenario(troop=False, dice=[23, 10, 5]))
    assert res["slain"] is False


def test_righteous_fury_late_d5_when_degrees_make_the_hit_get_through() -> None:
    # The engine's documented reading (rules/dh2/__init__.py docstring): a natural-10 hit that gets
    # through only because the degrees replaced one of its dice rolls its d5 after every hit's dice.
    # 2d10 Pen 0, RoF S/2/-, Body AP 10, TB 4 (14 to beat). BS 60 +0 Semi = 60; roll 14 ->
    # DoS 6-1+1 = 6 -> 1 + 5//2 = 3, capped 2 hits: Body, Body.
    #   hit 1: 10 + 1 = 11 -> 0 (fury would make it 1); replace the 1 with 6: 16 - 14 = 2 (+1)
    #   hit 2: 2 + 2 = 4 -> 0; with 6: 8 -> 0
    # So hit 1 deals 2 and its fury d5 (d10 9 -> 5) comes last.
    gun = weapon(LASGUN, damage="2d10", rof="S/2/-")
    res = resolve_ok(
        scenario(gun, action="Semi-Auto Burst", BS=60, armour={"Body": 10}, tb=4, dice=[14, 10, 1, 2, 2, 9])
    )
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10 (1 of 2)",
        "hit 1 damage d10 (2 of 2)",
        "hit 2 damage d10 (1 of 2)",
        "hit 2 damage d10 (2 of 2)",
        "hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)",
    ]
    assert [h["wounds"] for h in res["hits"]] == [2, 0]
    assert res["hits"][0]["dice"][1]["replaced_by_degrees"] is True
    assert res["hits"][0]["righteous_fury"]["critical_effect"] == 5


# --- Step Five: wounds and Critical damage ------------------------------------------------------------


def test_wounds_add_to_damage_already_taken() -> None:
    # taken 3 of 10; roll 23 Body; d10 5: 8 - 3 = 5 -> 8 of 10, no Critical damage
    res = resolve_ok(scenario(wounds=10, taken=3, dice=[23, 5]))
    assert res["damage_taken_after"] == 8
    assert res["hits"][0]["critical"] is None
    assert res["critical_damage"] == 0


def test_damage_equal_to_wounds_is_not_critical() -> None:
    # taken 5 of 10; d10 5 -> 5 wounds -> exactly 10: no excess
    res = resolve_ok(scenario(wounds=10, taken=5, dice=[23, 5]))
    assert res["damage_taken_after"] == 10
    assert res["hits"][0]["critical"] is None


def test_damage_beyond_wounds_is_critical_damage() -> None:
    # taken 8 of 10; d10 9: 12 - 3 = 9 -> 17: 7 Critical damage, Energy, Body
    res = resolve_ok(scenario(wounds=10, taken=8, dice=[23, 9]))
    assert res["damage_taken_after"] == 17
    assert res["hits"][0]["critical"] == {"amount": 7, "total": 7, "damage_type": "Energy", "location": "Body"}
    assert res["critical_damage"] == 7


def test_critical_damage_when_already_critical_keeps_a_running_total() -> None:
    # taken 12 of 10 (2 Critical already); d10 5: 5 wounds -> 17: 5 more, 7 in all
    res = resolve_ok(scenario(wounds=10, taken=12, dice=[23, 5]))
    assert res["damage_taken_after"] == 17
    crit = res["hits"][0]["critical"]
    assert (crit["amount"], crit["total"]) == (5, 7)


def test_critical_damage_hit_by_hit_with_location_and_running_total() -> None:
    # Semi-auto, autogun (Impact), BS 50; roll 14 -> 3 hits Body, Body, Right Arm; wounds 10, taken 8.
    # d10 1, 1, 1 -> 4 - 3 = 1 each; 5 DoS replace hit 1's die: 8 - 3 = 5.
    #   hit 1: 8 + 5 = 13 -> 3 critical (3 in all), Body
    #   hit 2: 14 -> 1 more (4 in all), Body
    #   hit 3: 15 -> 1 more (5 in all), Right Arm
    from dh2_scenarios import AUTOGUN

    res = resolve_ok(scenario(AUTOGUN, action="Semi-Auto Burst", BS=50, wounds=10, taken=8, dice=[14, 1, 1, 1]))
    crits = [h["critical"] for h in res["hits"]]
    assert crits == [
        {"amount": 3, "total": 3, "damage_type": "Impact", "location": "Body"},
        {"amount": 1, "total": 4, "damage_type": "Impact", "location": "Body"},
        {"amount": 1, "total": 5, "damage_type": "Impact", "location": "Right Arm"},
    ]
    assert res["damage_taken_after"] == 15
    assert res["total_wounds"] == 7


def test_total_wounds_is_the_sum_of_hit_wounds() -> None:
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", BS=50, wounds=100, dice=[14, 4, 10, 3, 6]))
    assert res["total_wounds"] == sum(h["wounds"] for h in res["hits"])


def test_righteous_fury_wound_counts_toward_critical_damage() -> None:
    # taken 10 of 10; fury stopped by armour (Body 8, TB 4, 1d10): 1 wound -> 11: 1 Critical damage
    res = resolve_ok(
        scenario(weapon(LASGUN, damage="1d10"), armour={"Body": 8}, tb=4, wounds=10, taken=10, dice=[23, 10])
    )
    assert res["damage_taken_after"] == 11
    assert res["hits"][0]["critical"]["amount"] == 1


# --- Unarmed ----------------------------------------------------------------------------------------------


def test_unarmed_damage_1d5_minus_3_plus_sb_with_fatigue() -> None:
    # Fists 1d5-3 Impact Pen 0, S 30 (SB 3), WS 40 +10 -20 (armed foe) = 30; roll 23 -> DoS 3-2+1 = 2;
    # reversed 32 Body. d10 7 -> d5 4: 4 - 3 + 3 = 4 damage - TB 3 = 1 wound; 4 >= TB 3 -> 1 Fatigue
    res = resolve_ok(scenario(FISTS, dice=[23, 7]))
    hit = res["hits"][0]
    assert res["target_number"] == 30
    assert (hit["dice"][0]["natural"], hit["dice"][0]["value"]) == (7, 4)
    assert (hit["damage"], hit["penetration"], hit["wounds"]) == (4, 0, 1)
    assert res["fatigue"] == 1
    assert purposes(res)[1] == ("hit 1 damage d5 (d5: d10 halved, rounding up)", 10, 7)


def test_unarmed_damage_below_tb_no_fatigue() -> None:
    # d10 3 -> d5 2: 2 - 3 + 3 = 2 < TB 3 -> no wounds, no Fatigue (DoS 2 does not beat the 2)
    res = resolve_ok(scenario(FISTS, dice=[23, 3]))
    assert (res["hits"][0]["damage"], res["hits"][0]["wounds"]) == (2, 0)
    assert res["fatigue"] == 0


def test_unarmed_target_parrying_an_armed_foe_minus_20() -> None:
    # Sword (armed), WS 40 +10 = 50; roll 23 hits (DoS 5-2+1 = 4), reversed 32 Body.
    # The target is unarmed and Parries: 40 - 20 = 20; roll 25 fails -> the hit stands.
    # d10 5 (4 DoS < 5) + SB 3 = 8 - TB 3 = 5 wounds. (Without the -20: 25 <= 40 would negate it.)
    res = resolve_ok(scenario(SWORD, armed=False, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 25, 5]))
    assert res["hits_negated"] == 0
    assert res["outcome"] == "hit"
    assert res["total_wounds"] == 5


def test_armed_target_parrying_has_no_unarmed_penalty() -> None:
    # Same attack; the target holds a weapon: Parry 40, roll 25 -> DoS 4-2+1 = 3 -> the hit is negated
    res = resolve_ok(scenario(SWORD, armed=True, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 25]))
    assert res["outcome"] == "evaded"


def test_unarmed_damage_never_negative() -> None:
    # S 10 (SB 1): d10 1 -> d5 1: 1 - 3 + 1 = -1 -> 0
    res = resolve_ok(scenario(FISTS, S=10, armed=False, dice=[50, 1]))
    assert res["hits"][0]["damage"] == 0
    assert res["fatigue"] == 0


def test_unarmed_fatigue_per_hit() -> None:
    # Lightning Attack unarmed, WS 45 (WSB 4) -10 = 35 vs unarmed foe; roll 05 -> DoS 3-0+1 = 4 -> 4 hits.
    # S 50 (SB 5), d10s 5, 5, 1, 1 -> d5 3, 3, 1, 1: 5, 5, 3, 3 damage; all >= TB 3 -> 4 Fatigue.
    # (4 DoS replace a d5 of 1: 4 - 3 + 5 = 6 -> the third hit)
    res = resolve_ok(scenario(FISTS, action="Lightning Attack", WS=45, S=50, armed=False, dice=[5, 5, 5, 1, 1]))
    assert res["hits_scored"] == 4
    assert res["fatigue"] == 4
    assert [h["damage"] for h in res["hits"]] == [5, 5, 6, 3]
