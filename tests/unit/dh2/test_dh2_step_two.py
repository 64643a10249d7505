"""Step Two: the roll-under test, DH2 degrees, 01 and 100, and weapon jams.

Seed 004, Step Two ("equal to or less than the modified characteristic ... hits") and Weapon Jams
(96-100 on a ranged attack; bursts and Suppressing Fire more likely); DH2 Core, Ch. VII for the
94-100 of bursts and Ch. V for Reliable (only 100) and Unreliable (91+).
"""

from __future__ import annotations

import pytest
from dh2_scenarios import AUTOGUN, LASGUN, SWORD, resolve_ok, scenario, weapon


def test_roll_under_target_hits_with_dh2_degrees() -> None:
    # BS 40 +10 Standard = 50; roll 23 -> DoS 5-2+1 = 4; reversed 32 Body; d10 6 (4 DoS < 6): 6+3-3 = 6
    res = resolve_ok(scenario(dice=[23, 6]))
    assert (res["target_number"], res["roll"], res["success"], res["degrees"]) == (50, 23, True, 4)
    assert res["outcome"] == "hit"
    assert res["total_wounds"] == 6


def test_roll_equal_to_target_hits_one_degree() -> None:
    # target 50, roll 50 -> DoS 5-5+1 = 1; reversed 05 Head
    res = resolve_ok(scenario(dice=[50, 6]))
    assert res["success"] and res["degrees"] == 1
    assert res["hits"][0]["location"] == "Head"


def test_roll_over_target_misses_with_degrees_of_failure() -> None:
    # target 50, roll 51 -> DoF 5-5+1 = 1 (degrees -1); roll 87 -> DoF 8-5+1 = 4
    res = resolve_ok(scenario(dice=[51]))
    assert (res["outcome"], res["success"], res["degrees"]) == ("miss", False, -1)
    assert res["hits"] == [] and res["total_wounds"] == 0
    assert len(res["dice"]) == 1
    assert resolve_ok(scenario(dice=[87]))["degrees"] == -4


def test_roll_01_always_succeeds_even_below_zero() -> None:
    # BS 20; Full Auto -10, Extreme (350 m) -30, Blind -30 = -70 -> capped -60; target -40.
    # roll 01 still succeeds: 1 degree -> 1 hit; reversed 10 Head; d10 5 + 3 - TB 3 = 5
    res = resolve_ok(
        scenario(AUTOGUN, action="Full Auto Burst", BS=20, distance=350, mods=[("Blind", -30)], dice=[1, 5])
    )
    assert res["target_number"] == -40
    assert res["success"] and res["degrees"] == 1
    assert res["hits_scored"] == 1
    assert res["hits"][0]["location"] == "Head"
    assert res["total_wounds"] == 5


def test_roll_100_always_fails_even_above_100() -> None:
    # WS 90 +30 All Out = 120; roll 100 still misses; melee so no jam
    res = resolve_ok(scenario(SWORD, action="All Out Attack", WS=90, dice=[100]))
    assert res["target_number"] == 120
    assert (res["outcome"], res["success"], res["jammed"]) == ("miss", False, False)
    assert res["degrees"] <= -1


# --- jams -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "wpn", "qualities", "roll", "jams"),
    [
        # a standard ranged attack jams on 96-100
        ("Standard Attack", LASGUN, [], 95, False),
        ("Standard Attack", LASGUN, [], 96, True),
        ("Standard Attack", LASGUN, [], 100, True),
        ("Called Shot", LASGUN, [], 95, False),
        ("Called Shot", LASGUN, [], 96, True),
        ("Guarded Attack", LASGUN, [], 96, True),
        # bursts and Suppressing Fire on 94-100
        ("Semi-Auto Burst", AUTOGUN, [], 93, False),
        ("Semi-Auto Burst", AUTOGUN, [], 94, True),
        ("Full Auto Burst", AUTOGUN, [], 93, False),
        ("Full Auto Burst", AUTOGUN, [], 94, True),
        ("Suppressing Fire", AUTOGUN, [], 93, False),
        ("Suppressing Fire", AUTOGUN, [], 94, True),
        # Reliable only on 100, even on full auto
        ("Standard Attack", LASGUN, ["Reliable"], 99, False),
        ("Standard Attack", LASGUN, ["Reliable"], 100, True),
        ("Semi-Auto Burst", AUTOGUN, ["Reliable"], 99, False),
        ("Full Auto Burst", AUTOGUN, ["Reliable"], 96, False),
        ("Full Auto Burst", AUTOGUN, ["Reliable"], 99, False),
        ("Full Auto Burst", AUTOGUN, ["Reliable"], 100, True),
        ("Suppressing Fire", AUTOGUN, ["Reliable"], 99, False),
        # Unreliable from 91
        ("Standard Attack", LASGUN, ["Unreliable"], 90, False),
        ("Standard Attack", LASGUN, ["Unreliable"], 91, True),
        ("Semi-Auto Burst", AUTOGUN, ["Unreliable"], 90, False),
        ("Semi-Auto Burst", AUTOGUN, ["Unreliable"], 91, True),
        ("Full Auto Burst", AUTOGUN, ["Unreliable"], 91, True),
    ],
)
def test_jam_ranges(action: str, wpn: dict, qualities: list[str], roll: int, jams: bool) -> None:
    # BS 40 at most +10: every one of these rolls misses; the question is only miss or jam
    gun = weapon(wpn, qualities=qualities)
    res = resolve_ok(scenario(gun, action=action, called="Body" if action == "Called Shot" else None, dice=[roll]))
    assert res["jammed"] is jams
    assert res["outcome"] == ("jam" if jams else "miss")
    assert res["success"] is False
    assert len(res["dice"]) == 1


def test_jam_standard_96_even_when_under_the_target() -> None:
    # BS 90 +10 Standard = 100: 95 hits (DoS 10-9+1 = 2, reversed 59 Body, d10 5: 5+3-3 = 5) ...
    hit = resolve_ok(scenario(BS=90, dice=[95, 5]))
    assert (hit["outcome"], hit["jammed"], hit["total_wounds"]) == ("hit", False, 5)
    # ... but 96, also under 100, jams: a miss, no hit location, no damage dice
    jam = resolve_ok(scenario(BS=90, dice=[96]))
    assert (jam["outcome"], jam["jammed"], jam["success"]) == ("jam", True, False)
    assert jam["hits"] == [] and jam["hits_scored"] == 0 and jam["total_wounds"] == 0
    assert [d["purpose"] for d in jam["dice"]] == ["to-hit d100"]


def test_jam_full_auto_94_under_the_target_consumes_no_damage_dice() -> None:
    # BS 100 -10 Full Auto + 20 aim = 110; roll 94 would be 10 DoS, but jams: nothing else is rolled
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", BS=100, aim="full", dice=[94]))
    assert res["target_number"] == 110
    assert res["outcome"] == "jam"
    assert res["hits"] == [] and res["total_wounds"] == 0
    assert len(res["dice"]) == 1


def test_jam_is_checked_before_evasion() -> None:
    # A jam is a miss: the target has nothing to evade, so no evasion d100 is consumed
    res = resolve_ok(scenario(BS=90, evasion={"reaction": "Dodge", "skill": 50}, dice=[97]))
    assert res["outcome"] == "jam"
    assert len(res["dice"]) == 1


def test_reliable_does_not_jam_on_99_full_auto_even_when_hitting() -> None:
    # BS 100 -10 Full Auto +20 aim = 110; roll 99: DoS 11-9+1 = 3 -> 3 hits; reversed 99 Left Leg:
    # Left Leg, Left Leg, Body; each d10 1 + 3 - TB 3 = 1, but 3 DoS replace one die: 3+3-3 = 3.
    gun = weapon(AUTOGUN, qualities=["Reliable"])
    res = resolve_ok(scenario(gun, action="Full Auto Burst", BS=100, aim="full", dice=[99, 1, 1, 1]))
    assert res["outcome"] == "hit" and not res["jammed"]
    assert res["hits_scored"] == 3
    assert [h["location"] for h in res["hits"]] == ["Left Leg", "Left Leg", "Body"]
    assert res["total_wounds"] == 3 + 1 + 1


@pytest.mark.parametrize("roll", [91, 94, 96, 99, 100])
def test_melee_never_jams(roll: int) -> None:
    # WS 40 +10 = 50: each roll misses, none jams
    res = resolve_ok(scenario(SWORD, dice=[roll]))
    assert res["jammed"] is False
    assert res["outcome"] == "miss"


def test_melee_hit_on_99_does_not_jam() -> None:
    # WS 90 +10 = 100; roll 99 hits (DoS 10-9+1 = 2), reversed 99 Left Leg; d10 5 + SB 3 - TB 3 = 5
    res = resolve_ok(scenario(SWORD, WS=90, dice=[99, 5]))
    assert (res["outcome"], res["jammed"]) == ("hit", False)
    assert res["hits"][0]["location"] == "Left Leg"
    assert res["total_wounds"] == 5
