"""Deathwatch, the test and its hits: degrees, jams, Reliable, Poor craftsmanship, semi- and full-auto
hits, the Multiple Hits table, and a burst's extra hits moved onto nearby foes.

Seed 001: Weapon Jams ("An unmodified roll of 96-00 weapon Jams ... Semi- and Full Auto Fire Jams on a
94-00"; Suppressive Fire: "Result of 94-00 on BS test indicates weapon has Jammed"), Weapon Qualities
(Reliable: "If Jam, roll 1d10 and only on roll of 10 has it Jammed"), Weapon Craftsmanship (Poor: "Jam
on any failed to hit roll"), Semi-Automatic Weapons ("for every 2 degrees of success gain another hit
... or can be allocated to another target within 2m"), Full Automatic Weapons ("for every degree of
success gain another hit"), the Multiple Hits table (columns Location, Second, Third, Fourth, Fifth,
Each Additional Hit; rows Head: Head Head Arm Body Arm Body, Arm: Arm Arm Body Head Body Arm, Body:
Body Body Arm Head Arm Body, Leg: Leg Leg Body Arm Head Body). Degrees: DW Core, Ch. VIII (whole tens).
"""

from __future__ import annotations

import pytest
from dw_scenarios import (
    AUTOGUN,
    BOLTER,
    KNIFE,
    LASGUN,
    attack,
    die_order,
    locations,
    purposes,
    rules_applied,
    scenario,
    step_text,
    weapon,
)

# --- degrees of success ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "success", "degrees"),
    [
        (40, True, 0),  # equal to the target: a bare success, (40 - 40) // 10 = 0 degrees
        (31, True, 0),  # 9 points of margin: still 0
        (30, True, 1),  # (40 - 30) // 10 = 1
        (12, True, 2),  # (40 - 12) // 10 = 2
        (1, True, 3),  # (40 - 1) // 10 = 3
        (41, False, 0),  # 1 over: a failure of 0 degrees
        (51, False, -1),  # (51 - 40) // 10 = 1 degree of failure
        (95, False, -5),  # (95 - 40) // 10 = 5
    ],
)
def test_degrees_whole_tens_of_margin(roll: int, success: bool, degrees: int) -> None:
    # Autogun, BS 40 at 60 m (+0): target 40. A hit needs one damage die (5).
    res = attack(scenario(dice=[roll, 5] if success else [roll]))
    assert res["target_number"] == 40
    assert (res["success"], res["degrees"]) == (success, degrees)
    assert res["outcome"] == ("hit" if success else "miss")


# --- jams --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "distance", "roll", "jammed"),
    [
        ("Standard Attack", 60, 95, False),  # a single shot jams on 96-00
        ("Standard Attack", 60, 96, True),
        ("Standard Attack", 60, 100, True),
        ("Semi-Auto Burst", 60, 93, False),  # bursts jam on 94-00
        ("Semi-Auto Burst", 60, 94, True),
        ("Full Auto Burst", 60, 93, False),
        ("Full Auto Burst", 60, 94, True),
        ("Suppressing Fire", 40, 93, False),  # Suppressing Fire too (within half the 90 m range)
        ("Suppressing Fire", 40, 94, True),
    ],
)
def test_jam_range(action: str, distance: float, roll: int, jammed: bool) -> None:
    # Autogun S/3/10, BS 40: every roll here misses; a jam turns the miss into a jam
    res = attack(scenario(action=action, distance=distance, dice=[roll]))
    assert res["jammed"] is jammed
    assert res["outcome"] == ("jam" if jammed else "miss")


def test_jam_on_a_roll_under_the_target() -> None:
    # BS 70 + Point Blank (2 m) 30 = 100: an unmodified 96 would hit, but a single shot jams on 96
    res = attack(scenario(BS=70, distance=2, dice=[96]))
    assert res["target_number"] == 100
    assert (res["outcome"], res["jammed"], res["success"], res["hits"]) == ("jam", True, False, [])


def test_jam_never_in_melee() -> None:
    res = attack(scenario(KNIFE, dice=[100]))
    assert (res["outcome"], res["jammed"]) == ("miss", False)


@pytest.mark.parametrize(
    ("roll", "outcome"),
    [
        (30, "hit"),  # BS 40 - 10 (Poor) = 30: 30 succeeds
        (31, "jam"),  # 31 fails, and a Poor weapon jams on any failed to-hit roll
        (60, "jam"),
    ],
)
def test_poor_ranged_jams_on_any_failure(roll: int, outcome: str) -> None:
    # a hit: reversed 03 Head; d10 5 + 3 = 8 - TB 4 = 4
    res = attack(scenario(weapon(AUTOGUN, craftsmanship="Poor"), dice=[roll, 5] if outcome == "hit" else [roll]))
    assert res["target_number"] == 30
    assert res["outcome"] == outcome
    assert res["jammed"] is (outcome == "jam")


@pytest.mark.parametrize(("d10", "outcome"), [(3, "miss"), (10, "jam")])
def test_poor_reliable_jam_rolls_the_reliable_d10(d10: int, outcome: str) -> None:
    # Poor Lasgun (Reliable): BS 40 - 10 = 30; roll 50 fails, which jams a Poor weapon; Reliable rolls 1d10:
    # only a 10 jams it, anything else leaves a plain miss
    res = attack(scenario(weapon(LASGUN, craftsmanship="Poor"), dice=[50, d10]))
    assert purposes(res) == [("to-hit d100", 100, 50), ("Reliable jam d10", 10, d10)]
    assert res["outcome"] == outcome


def test_poor_melee_never_jams() -> None:
    # a Poor knife: WS 40 - 10 = 30; roll 60 is a plain miss
    res = attack(scenario(weapon(KNIFE, craftsmanship="Poor"), dice=[60]))
    assert (res["outcome"], res["jammed"]) == ("miss", False)


# --- hits by action ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "degrees", "where"),
    [
        (70, 0, ["Head"]),  # BS 60 + 10 = 70; bare success: 1 + 0 // 2 = 1; reversed 07 Head
        (63, 0, ["Body"]),  # (70 - 63) // 10 = 0 -> 1 hit; reversed 36 Body
        (52, 1, ["Left Arm"]),  # 1 DoS -> 1 + 1 // 2 = 1; reversed 25 Left Arm
        (47, 2, ["Right Leg", "Right Leg"]),  # 2 DoS -> 1 + 1 = 2; reversed 74 Right Leg; Leg row: Leg
        (18, 5, ["Right Leg", "Right Leg", "Body"]),  # 5 -> 1 + 2 = 3; reversed 81 Right Leg; Leg, Leg, Body
        (1, 6, ["Head", "Head", "Right Arm"]),  # 6 -> 1 + 3 = 4, capped at the semi RoF 3; 10 Head: Head, Head, Arm
    ],
)
def test_semi_auto_one_hit_plus_one_per_two_degrees_capped_at_rof(roll: int, degrees: int, where: list[str]) -> None:
    # Autogun S/3/10, BS 60 + 10 (Semi-Auto Burst) = 70. Damage dice 1: 1 + 3 = 4 - TB 4 = 0 each
    res = attack(scenario(action="Semi-Auto Burst", BS=60, dice=[roll] + [1] * len(where)))
    assert (res["target_number"], res["degrees"]) == (70, degrees)
    assert res["hits_scored"] == len(where)
    assert locations(res) == where
    assert (res["rounds_fired"], res["rounds_left"]) == (3, 27)  # the semi burst is 3 rounds of 30


@pytest.mark.parametrize(
    ("roll", "degrees", "hits"),
    [
        (60, 0, 1),  # BS 40 + 20 = 60: bare success -> 1 + 0 = 1
        (50, 1, 2),  # 1 -> 2
        (23, 3, 4),  # 3 -> 4
        (1, 5, 6),  # (60 - 1) // 10 = 5 -> 6 (RoF 10)
    ],
)
def test_full_auto_one_hit_plus_one_per_degree(roll: int, degrees: int, hits: int) -> None:
    # Autogun full auto: 10 rounds of 30; damage dice 1 (0 wounds each)
    res = attack(scenario(action="Full Auto Burst", dice=[roll] + [1] * hits))
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (60, degrees, hits)
    assert (res["rounds_fired"], res["rounds_left"]) == (10, 20)


def test_full_auto_capped_at_rof() -> None:
    # Bolter S/2/4: BS 40 + 20 = 60; roll 12 -> (60 - 12) // 10 = 4 DoS -> 1 + 4 = 5, capped at 4.
    # Reversed 21 Left Arm; Arm row: Left Arm, Left Arm, Body, Head. Bolter 2d10+5 Tearing: three d10 a
    # hit, all 1: 1 + 1 (one 1 dropped) + 5 = 7 - TB 4 = 3 wounds each; the 4 DoS are the minimum of one die
    # of the attack (DW Core, Ch. VIII, Attacker Determines Damage): hit 1's first die counts 4,
    # 4 + 1 + 5 = 10 - 4 = 6 wounds; 6 + 3 + 3 + 3 = 15 in all.
    res = attack(scenario(BOLTER, action="Full Auto Burst", dice=[12] + [1] * 12))
    assert (res["degrees"], res["hits_scored"]) == (4, 4)
    assert locations(res) == ["Left Arm", "Left Arm", "Body", "Head"]
    assert (res["rounds_fired"], res["total_wounds"]) == (4, 15)


def test_suppressing_fire_one_hit_plus_one_per_two_degrees() -> None:
    # Autogun at 40 m (Short +10): BS 60 - 20 + 10 = 50; roll 12 -> (50 - 12) // 10 = 3 -> 1 + 1 = 2 hits.
    # The target's WP is not given: no pinning die. Reversed 21 Left Arm: Left Arm, Left Arm.
    res = attack(scenario(action="Suppressing Fire", distance=40, BS=60, dice=[12, 1, 1]))
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (50, 3, 2)
    assert res["rounds_fired"] == 10  # full auto where the weapon has it


# --- the Multiple Hits table -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bs", "distance", "roll", "where"),
    [
        # Head row: Head, Head, Arm, Body, Arm, then Body. BS 60 + 20 = 80; roll 10 -> 7 DoS -> 8 hits;
        # reversed 01 Head (not a limb: the Arm is the right one)
        (
            60,
            60,
            10,
            ["Head", "Head", "Right Arm", "Body", "Right Arm", "Body", "Body", "Body"],
        ),
        # Arm row: Arm, Arm, Body, Head, Body, then Arm. BS 90 + 20 = 110; roll 42 -> 6 DoS -> 7 hits;
        # reversed 24 Left Arm: the left one
        (
            90,
            60,
            42,
            ["Left Arm", "Left Arm", "Body", "Head", "Body", "Left Arm", "Left Arm"],
        ),
        # Body row: Body, Body, Arm, Head, Arm, then Body. BS 90 + 20 = 110; roll 33 -> 7 DoS -> 8 hits
        (
            90,
            60,
            33,
            ["Body", "Body", "Right Arm", "Head", "Right Arm", "Body", "Body", "Body"],
        ),
        # Leg row: Leg, Leg, Body, Arm, Head, then Body. BS 100 + 20 + Point Blank 30 = 150; roll 87 ->
        # (150 - 87) // 10 = 6 DoS -> 7 hits; reversed 78 Right Leg: the Arm on the same side
        (
            100,
            2,
            87,
            ["Right Leg", "Right Leg", "Body", "Right Arm", "Head", "Body", "Body"],
        ),
    ],
)
def test_multiple_hits_table_rows(bs: int, distance: float, roll: int, where: list[str]) -> None:
    res = attack(scenario(action="Full Auto Burst", BS=bs, distance=distance, dice=[roll] + [1] * len(where)))
    assert res["hits_scored"] == len(where)
    assert locations(res) == where


# --- a burst's extra hits on nearby foes -------------------------------------------------------------------

GRETCHIN = {"name": "Gretchin", "toughness_bonus": 2, "wounds": 5, "hits": 1}


def test_nearby_foe_takes_the_last_hit_with_its_own_location() -> None:
    # Autogun full auto BS 40 + 20 = 60; roll 33 -> 2 DoS -> 3 hits: reversed 33 Body: Body, Body, Right Arm.
    # The Gretchin takes 1 hit, the last placed (the Right Arm); its location is its own d100: 71 ->
    # reversed 17 Right Arm. Damage: the Ork's two hits d10 1: 1 + 3 = 4 - TB 4 = 0, but the 2 DoS are the
    # minimum of one die of the attack, the Ork's first: 2 + 3 = 5 - 4 = 1; the Gretchin's
    # d10 5: 5 + 3 = 8 - TB 2 = 6.
    res = attack(scenario(action="Full Auto Burst", nearby=[GRETCHIN], dice=[33, 71, 1, 1, 5]))
    assert die_order(res) == [
        "to-hit d100",
        "Gretchin: hit location d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "Gretchin hit 3 damage d10",  # the Gretchin is person 1 (after the target, 0): its dice carry its name
    ]
    assert res["hits_scored"] == 3
    assert locations(res) == ["Body", "Body"]
    foe = [h for h in res["hits"] if h["person"] != 0]
    assert [(h["name"], h["location"], h["wounds"]) for h in foe] == [("Gretchin", "Right Arm", 6)]
    assert res["total_wounds"] == 1  # the Ork's own wounds only


def test_nearby_foe_two_hits_follow_the_multiple_hits_table() -> None:
    # Same burst, 3 hits; the Gretchin takes 2 (the last two: Body and Right Arm). Its d100 12 -> reversed
    # 21 Left Arm; its second hit by the Arm row: Left Arm. The Ork keeps its first hit, the Body.
    foe = dict(GRETCHIN, hits=2)
    res = attack(scenario(action="Full Auto Burst", nearby=[foe], dice=[33, 12, 1, 1, 1]))
    assert locations(res) == ["Body"]
    assert [h["location"] for h in res["hits"] if h["person"] != 0] == ["Left Arm", "Left Arm"]


def test_nearby_foes_in_the_order_listed() -> None:
    # roll 23 -> (60 - 23) // 10 = 3 DoS -> 4 hits: reversed 32 Body: Body, Body, Right Arm, Head.
    # Two foes take one each: the last two placed (Right Arm, Head) leave the Ork with Body, Body.
    # Their d100s in order: 50 -> 05 Head, 68 -> 86 Left Leg.
    a = dict(GRETCHIN, name="Grot A")
    b = dict(GRETCHIN, name="Grot B")
    res = attack(scenario(action="Full Auto Burst", nearby=[a, b], dice=[23, 50, 68, 1, 1, 1, 1]))
    assert die_order(res)[:3] == ["to-hit d100", "Grot A: hit location d100", "Grot B: hit location d100"]
    assert locations(res) == ["Body", "Body"]
    assert [(h["name"], h["location"]) for h in res["hits"] if h["person"] != 0] == [
        ("Grot A", "Head"),
        ("Grot B", "Left Leg"),
    ]


def test_nearby_foe_never_takes_the_first_hit() -> None:
    # roll 50 -> (60 - 50) // 10 = 1 DoS -> 2 hits; the Gretchin asks for 5 but only 1 is spare.
    # Reversed 05 Head: the Ork keeps the Head; the Gretchin's d100 33 -> Body.
    foe = dict(GRETCHIN, hits=5)
    res = attack(scenario(action="Full Auto Burst", nearby=[foe], dice=[50, 33, 1, 1]))
    assert locations(res) == ["Head"]
    assert [h["location"] for h in res["hits"] if h["person"] != 0] == ["Body"]


def test_nearby_foe_no_spare_hit_no_die() -> None:
    # roll 60 -> 0 DoS -> 1 hit: nothing to move, no d100 for the Gretchin; reversed 06 Head
    res = attack(scenario(action="Full Auto Burst", nearby=[GRETCHIN], dice=[60, 1]))
    assert die_order(res) == ["to-hit d100", "hit 1 damage d10"]
    assert locations(res) == ["Head"]


def test_nearby_foe_single_shot_moves_none() -> None:
    # a Standard Attack is one shot: BS 40, roll 33 -> Body; d10 5 + 3 = 8 - 4 = 4. No d100 for the Gretchin.
    res = attack(scenario(nearby=[GRETCHIN], dice=[33, 5]))
    assert die_order(res) == ["to-hit d100", "hit 1 damage d10"]
    assert (locations(res), res["total_wounds"]) == (["Body"], 4)
    assert "Nearby foes" in rules_applied(res)
    assert "every hit stays on the target" in step_text(res, "Nearby foes")
