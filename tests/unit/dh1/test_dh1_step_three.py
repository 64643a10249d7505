"""Dark Heresy 1st edition: hit location, multiple hits, Called Shot, and Evasion.

Seed 003, Attack steps (2. Determine Hit Location: "Reverse the order of the dice (roll of 32
becomes 23)") and Hit Locations (01-10 Head, 11-20 Right Arm, 21-30 Left Arm, 31-70 Body, 71-85
Right Leg, 86-00 Left Leg); DH1 Core, Ch. VIII, Multiple Hits (rows by the first hit: Head: Head,
Arm, Body, Arm, then Body; Arm: Arm, Body, Head, Body, then Arm; Body: Body, Arm, Head, Arm, then
Body; Leg: Leg, Body, Arm, Head, then Body) and Dodge (a success negates the hit and one more per
degree of success). The table names only "Arm"/"Leg": the engine reads them as the first hit's
side, the right one otherwise (rules/data/dh1/tables.json, multiple_hits._note).
"""

from __future__ import annotations

import pytest
from dh1_scenarios import (
    AUTOGUN,
    LASGUN,
    SWORD,
    errors_of,
    locations,
    purposes,
    resolve_ok,
    scenario,
    step_text,
    weapon,
)

# --- the first hit's location ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "location"),
    [
        (1, "Head"),  # 01 -> 10
        (10, "Head"),  # 10 -> 01
        (90, "Head"),  # 90 -> 09
        (11, "Right Arm"),  # 11 -> 11
        (2, "Right Arm"),  # 02 -> 20
        (12, "Left Arm"),  # 12 -> 21
        (3, "Left Arm"),  # 03 -> 30
        (13, "Body"),  # 13 -> 31
        (23, "Body"),  # 23 -> 32 (the seed's example)
        (32, "Left Arm"),  # 32 -> 23 (the seed's example the other way)
        (7, "Body"),  # 07 -> 70
        (17, "Right Leg"),  # 17 -> 71
        (58, "Right Leg"),  # 58 -> 85
        (68, "Left Leg"),  # 68 -> 86
        (99, "Left Leg"),  # 99 -> 99
    ],
)
def test_hit_location_is_the_roll_reversed(roll: int, location: str) -> None:
    # Sword, WS 80 + All Out Attack 20 = 100: every roll up to 99 hits, and melee never jams.
    # d10 5 + SB 3 = 8 - TB 3 = 5 wounds at the location.
    res = resolve_ok(scenario(SWORD, action="All Out Attack", WS=80, dice=[roll, 5]))
    assert res["outcome"] == "hit"
    assert locations(res) == [location]
    assert res["total_wounds"] == 5


def test_hit_location_step_names_the_reversed_roll() -> None:
    res = resolve_ok(scenario(SWORD, action="All Out Attack", WS=80, dice=[23, 5]))
    assert step_text(res, "Step Three") == "The roll 23 reversed is 32: Body."


def test_armour_is_taken_at_the_struck_location() -> None:
    # Lasgun BS 40, roll 10 -> DoS 3, reversed 01 Head (AP 4; Body AP 1): d10 8 + 2 = 10 - 4 - 3 = 3
    res = resolve_ok(scenario(armour={"Head": 4, "Body": 1}, dice=[10, 8]))
    hit = res["hits"][0]
    assert (hit["location"], hit["armour"], hit["effective_armour"], hit["wounds"]) == ("Head", 4, 4, 3)


# --- multiple hits ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bs", "roll", "expected"),
    [
        # Autogun Full Auto: BS + 20. Row by the first hit.
        (60, 23, ["Body", "Body", "Right Arm", "Head", "Right Arm", "Body"]),  # 80: DoS 5 -> 6; 32 Body
        (60, 10, ["Head", "Head", "Right Arm", "Body", "Right Arm", "Body", "Body", "Body"]),  # DoS 7 -> 8; 01
        (60, 12, ["Left Arm", "Left Arm", "Body", "Head", "Body", "Left Arm", "Left Arm"]),  # DoS 6 -> 7; 21
        (60, 11, ["Right Arm", "Right Arm", "Body", "Head", "Body", "Right Arm", "Right Arm"]),  # DoS 6; 11
        (60, 17, ["Right Leg", "Right Leg", "Body", "Right Arm", "Head", "Body", "Body"]),  # DoS 6 -> 7; 71
        (78, 68, ["Left Leg", "Left Leg", "Body", "Left Arm"]),  # 98: DoS 3 -> 4; 86 Left Leg
    ],
)
def test_multiple_hits_follow_the_table_row_of_the_first_hit(bs: int, roll: int, expected: list[str]) -> None:
    # The Arm or Leg of a later hit is on the first hit's side when it struck a limb, else the right.
    # d10 1 each: 1 + 2 = 3 - TB 3 = 0 (no Righteous Fury to interleave dice).
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", BS=bs, dice=[roll] + [1] * 10))
    assert res["hits_scored"] == len(expected)
    assert locations(res) == expected
    assert [h["number"] for h in res["hits"]] == list(range(1, len(expected) + 1))


def test_each_hit_rolls_its_own_damage_in_order() -> None:
    # Lasgun Semi-Auto: BS 40 + 10 = 50; roll 10 -> DoS 4 -> 3 hits: Head, Head, Right Arm.
    # d10s 7, 3, 9: 9 - 3 = 6, 5 - 3 = 2, 11 - 3 = 8 -> 16
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", dice=[10, 7, 3, 9]))
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "hit 3 damage d10",
    ]
    assert [h["damage"] for h in res["hits"]] == [9, 5, 11]
    assert [h["wounds"] for h in res["hits"]] == [6, 2, 8]
    assert res["total_wounds"] == 16


# --- Called Shot ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"])
def test_called_shot_strikes_the_named_location(where: str) -> None:
    # BS 60 - 20 = 40; roll 23 -> DoS 1 (reversed 32 would be Body); one hit at the called location
    res = resolve_ok(scenario(LASGUN, action="Called Shot", called=where, BS=60, dice=[23, 5]))
    assert res["target_number"] == 40
    assert locations(res) == [where]
    assert step_text(res, "Step Three") == f"Called Shot: the hit strikes the {where}."


def test_called_shot_in_melee() -> None:
    # Sword WS 40 - 20 = 20; roll 20 hits (0 DoS) the called Left Leg (reversed 02 would be Head)
    res = resolve_ok(scenario(SWORD, action="Called Shot", called="Left Leg", dice=[20, 5]))
    assert (res["target_number"], locations(res)) == (20, ["Left Leg"])


# --- Evasion ---------------------------------------------------------------------------------------------------

FULL6 = dict(action="Full Auto Burst", BS=60)
# Autogun Full Auto: BS 60 + 20 = 80; roll 23 -> DoS 5 -> 6 hits: Body, Body, Right Arm, Head, Right Arm, Body


@pytest.mark.parametrize(
    ("dodge_roll", "negated"),
    [
        (41, 0),  # Dodge 40: a failure negates nothing
        (40, 1),  # a bare success (0 DoS): the hit only, 1 + 0 = 1
        (30, 2),  # (40 - 30) // 10 = 1 -> 1 + 1 = 2
        (15, 3),  # (40 - 15) // 10 = 2 -> 1 + 2 = 3
    ],
)
def test_dodge_negates_one_hit_plus_one_per_degree(dodge_roll: int, negated: int) -> None:
    # The negated hits are the last ones placed; the remaining ones roll damage (d10 1: 0 wounds)
    res = resolve_ok(
        scenario(AUTOGUN, **FULL6, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, dodge_roll] + [1] * 6)
    )
    assert (res["hits_scored"], res["hits_negated"]) == (6, negated)
    assert locations(res) == ["Body", "Body", "Right Arm", "Head", "Right Arm", "Body"][: 6 - negated]
    assert purposes(res)[1] == ("Dodge d100 (evasion)", 100, dodge_roll)


def test_dodge_negating_every_hit_is_evaded() -> None:
    # Dodge 40 + 20 modifier = 60; roll 05 -> DoS 5 -> 6 negated of 6: no damage dice
    res = resolve_ok(
        scenario(AUTOGUN, **FULL6, evasion={"reaction": "Dodge", "skill": 40, "modifier": 20}, dice=[23, 5])
    )
    assert (res["outcome"], res["hits_negated"], res["hits"], res["total_wounds"]) == ("evaded", 6, [], 0)
    assert len(res["dice"]) == 2


def test_dodge_against_a_single_shot_negates_it() -> None:
    # Lasgun BS 40, roll 23 hits; Dodge 35, roll 35 (0 DoS) -> 1 + 0 = 1: the one hit is negated
    res = resolve_ok(scenario(LASGUN, evasion={"reaction": "Dodge", "skill": 35}, dice=[23, 35]))
    assert (res["outcome"], res["hits_scored"], res["hits_negated"]) == ("evaded", 1, 1)


def test_dodge_modifier_is_added_to_the_skill() -> None:
    # Dodge 30 + 10 = 40; roll 40 succeeds (without the +10 it would fail)
    res = resolve_ok(scenario(LASGUN, evasion={"reaction": "Dodge", "skill": 30, "modifier": 10}, dice=[23, 40]))
    assert res["outcome"] == "evaded"


def test_no_evasion_roll_after_a_miss() -> None:
    res = resolve_ok(scenario(LASGUN, evasion={"reaction": "Dodge", "skill": 40}, dice=[60]))
    assert (res["outcome"], len(res["dice"])) == ("miss", 1)


def test_parry_negates_a_melee_hit() -> None:
    # Sword WS 40, roll 23 hits (DoS 1); the armed target Parries 40, roll 25 -> DoS 1 -> negates 2, of 1
    res = resolve_ok(scenario(SWORD, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 25]))
    assert (res["outcome"], res["hits_negated"]) == ("evaded", 1)
    assert purposes(res)[1] == ("Parry d100 (evasion)", 100, 25)


def test_unarmed_target_parries_an_armed_foe_at_minus_20() -> None:
    # Parry 40 - 20 = 20: roll 25 fails; the hit stands: d10 5 + SB 3 = 8 - 3 = 5
    res = resolve_ok(scenario(SWORD, armed=False, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 25, 5]))
    assert (res["outcome"], res["hits_negated"], res["total_wounds"]) == ("hit", 0, 5)


def test_parry_against_a_gun_not_made() -> None:
    # BS 40, 23 hits (32: Body); no Parry d100 against a shot: d10 5 + 2 = 7 - TB 3 = 4 wounds
    res = resolve_ok(scenario(LASGUN, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"], len(res["dice"])) == ("hit", 4, 2)


def test_pistol_shot_at_an_engaged_foe_has_no_range_band() -> None:
    # seed 003, Pistol: "For close combat". A pistol fired while engaged: no range band (would be Point Blank)
    pistol = weapon(LASGUN, name="Laspistol", klass="Pistol", range=30, rof="S/-/-", clip=30)
    data = scenario(pistol, distance=1, dice=[90])
    data["action"]["engaged"] = True
    res = resolve_ok(data)
    assert res["target_number"] == 40
    # a Basic weapon may not
    data = scenario(LASGUN, distance=1, dice=[90])
    data["action"]["engaged"] = True
    assert "action.engaged" in errors_of(data)
