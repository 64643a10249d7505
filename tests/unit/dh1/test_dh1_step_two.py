"""Dark Heresy 1st edition, the test itself: success, degrees, hits per action, ammunition and jams.

Seed 003, Attack steps (1. Test: roll WS or BS) and Actions (Semi-Auto Burst: an additional hit for
every two degrees of success; Full Auto Burst: for every degree); DH1 Core, Ch. II (degrees: one
per full 10 points of margin, so a bare success has 0; no automatic success on 01), Ch. VIII (Jams:
96-00, 94-00 for bursts and Suppressing Fire), Ch. IV (an untrained ranged weapon counts as
Unreliable) and Ch. V (Reliable, Unreliable, craftsmanship); seed 003, Weapon Qualities (Reliable:
"If it jams, roll 1d10. Only on a 10 it is jammed"; Unreliable: "On roll of 91(+) it jams").
"""

from __future__ import annotations

from typing import Any

import pytest
from dh1_scenarios import (
    AUTOGUN,
    LASGUN,
    SWORD,
    errors_of,
    locations,
    purposes,
    resolve_ok,
    rules_applied,
    scenario,
    step_text,
    weapon,
)

from rules.d100 import dh1_test, dh2_test

# --- success and degrees ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "success", "degrees"),
    [
        (12, True, 3),  # (44 - 12) // 10 = 3
        (34, True, 1),  # (44 - 34) // 10 = 1
        (35, True, 0),  # 9 points of margin: a bare success, 0 degrees
        (40, True, 0),
        (44, True, 0),  # equal to the target succeeds
        (45, False, 0),  # 1 point over: a failure with 0 degrees
        (53, False, 0),  # 9 over
        (54, False, -1),  # (54 - 44) // 10 = 1
        (71, False, -2),  # (71 - 44) // 10 = 2
        (95, False, -5),  # (95 - 44) // 10 = 5
    ],
)
def test_degrees_are_whole_tens_of_margin(roll: int, success: bool, degrees: int) -> None:
    # Lasgun, BS 44 at 60 m (+0): target 44. A success needs one damage die (5).
    res = resolve_ok(scenario(BS=44, dice=[roll, 5]))
    assert res["target_number"] == 44
    assert (res["success"], res["degrees"]) == (success, degrees)
    assert res["outcome"] == ("hit" if success else "miss")


def test_describe_degrees_in_the_step_log() -> None:
    # BS 44, roll 12: "(44 - 12) // 10 = 3"
    res = resolve_ok(scenario(BS=44, dice=[12, 5]))
    assert "(44 \u2212 12) \u00f7 10, rounded down = 3" in step_text(res, "Step Two")


def test_roll_01_does_not_succeed_automatically() -> None:
    # DH1 has no automatic success: BS 30 + Very Hard -30 = 0; roll 01 > 0 -> failure, (1 - 0) // 10 = 0 DoF.
    res = resolve_ok(scenario(BS=30, difficulty="Very Hard", dice=[1]))
    assert res["target_number"] == 0
    assert (res["success"], res["degrees"], res["outcome"]) == (False, 0, "miss")
    # BS 20 - 30 = -10: roll 01 fails by 11 -> 1 degree of failure
    res = resolve_ok(scenario(BS=20, difficulty="Very Hard", dice=[1]))
    assert (res["target_number"], res["success"], res["degrees"]) == (-10, False, -1)


def test_dh1_test_function() -> None:
    # rules.d100.dh1_test: success on roll <= target, degrees (target - roll) // 10 or -((roll - target) // 10)
    assert dh1_test(44, 12) == dh1_test(44, 12).__class__(44, 12, True, 3)
    assert (dh1_test(44, 44).success, dh1_test(44, 44).degrees) == (True, 0)
    assert (dh1_test(44, 71).success, dh1_test(44, 71).degrees) == (False, -2)
    # 01 against a target of 0: DH1 fails; DH2 (for contrast) succeeds automatically
    assert dh1_test(0, 1).success is False
    assert dh2_test(0, 1).success is True


# --- hits by action ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bs", "roll", "degrees", "hits", "where"),
    [
        (40, 50, 0, 1, ["Head"]),  # target 50: bare success -> 1 + 0 // 2 = 1; 05 Head
        (40, 40, 1, 1, ["Head"]),  # (50 - 40) // 10 = 1 -> 1 + 0 = 1; 04 Head
        (40, 30, 2, 2, ["Head", "Head"]),  # 2 -> 1 + 1 = 2; 03 Head
        (40, 20, 3, 2, ["Head", "Head"]),  # 3 -> 1 + 1 = 2; 20 reversed is 02: Head
        (40, 10, 4, 3, ["Head", "Head", "Right Arm"]),  # 4 -> 1 + 2 = 3; 01 Head; Head row: Head, Head, Arm
        (60, 5, 6, 3, ["Body", "Body", "Right Arm"]),  # target 70: 6 -> 1 + 3 = 4, capped at RoF 3; 50 Body
    ],
)
def test_semi_auto_burst_one_hit_plus_one_per_two_degrees_capped_at_semi_rof(
    bs: int, roll: int, degrees: int, hits: int, where: list[str]
) -> None:
    # Lasgun S/3/-, BS + Semi-Auto Burst 10 at 60 m (+0). Damage dice 1: 1 + 2 = 3 - TB 3 = 0 each.
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", BS=bs, dice=[roll, 1, 1, 1]))
    assert res["target_number"] == bs + 10
    assert (res["degrees"], res["hits_scored"]) == (degrees, hits)
    assert locations(res) == where
    assert (res["rounds_fired"], res["rounds_left"]) == (3, 57)


@pytest.mark.parametrize(
    ("roll", "degrees", "hits"),
    [
        (60, 0, 1),  # target 60: bare success -> 1 + 0 = 1
        (51, 0, 1),
        (50, 1, 2),  # (60 - 50) // 10 = 1 -> 1 + 1 = 2
        (23, 3, 4),  # 3 -> 4
        (1, 5, 6),  # 5 -> 6 (RoF 10)
    ],
)
def test_full_auto_burst_one_hit_plus_one_per_degree(roll: int, degrees: int, hits: int) -> None:
    # Autogun S/3/10, BS 40 + Full Auto Burst 20 = 60 at 60 m. Damage dice 1 (no Fury).
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", dice=[roll] + [1] * 6))
    assert res["target_number"] == 60
    assert (res["degrees"], res["hits_scored"]) == (degrees, hits)
    assert (res["rounds_fired"], res["rounds_left"]) == (10, 20)


def test_full_auto_burst_capped_at_full_rof() -> None:
    # BS 40 + Full Auto Burst 20 + Short range (20 m < 50 m) 10 = 70; roll 23 -> DoS (70 - 23) // 10 = 4
    # -> hits 1 + 4 = 5, capped at RoF 4. Reversed 32 Body: Body, Body, Right Arm, Head.
    gun = weapon(AUTOGUN, rof="S/-/4")
    res = resolve_ok(scenario(gun, action="Full Auto Burst", distance=20, dice=[23, 1, 1, 1, 1]))
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (70, 4, 4)
    assert locations(res) == ["Body", "Body", "Right Arm", "Head"]
    assert "capped at most the 4 round(s) of the burst" in step_text(res, "Hits scored")


@pytest.mark.parametrize(
    ("fire_mode", "roll", "degrees", "hits", "rounds"),
    [
        (None, 31, 0, 1, 10),  # target 40: bare success -> 1; full auto where the weapon has it: 10 rounds
        (None, 20, 2, 2, 10),  # 2 -> 1 + 1 = 2
        (None, 1, 3, 2, 10),  # (40 - 1) // 10 = 3 -> 1 + 1 = 2
        ("semi", 1, 3, 2, 3),  # a semi-auto burst: 3 rounds
    ],
)
def test_suppressing_fire_minus_20_one_hit_plus_one_per_two_degrees(
    fire_mode: str | None, roll: int, degrees: int, hits: int, rounds: int
) -> None:
    # Autogun S/3/10, BS 60 - 20 = 40 at 60 m
    res = resolve_ok(scenario(AUTOGUN, action="Suppressing Fire", BS=60, fire_mode=fire_mode, dice=[roll, 1, 1, 1]))
    assert res["target_number"] == 40
    assert (res["degrees"], res["hits_scored"], res["rounds_fired"]) == (degrees, hits, rounds)


def test_suppressing_fire_capped_at_the_burst() -> None:
    # BS 90 - 20 = 70; roll 01 -> DoS 6 -> 1 + 3 = 4; semi fire: capped at 3; full: 4
    semi = resolve_ok(scenario(AUTOGUN, action="Suppressing Fire", BS=90, fire_mode="semi", dice=[1, 1, 1, 1, 1]))
    full = resolve_ok(scenario(AUTOGUN, action="Suppressing Fire", BS=90, fire_mode="full", dice=[1, 1, 1, 1, 1]))
    assert (semi["degrees"], semi["hits_scored"], full["hits_scored"]) == (6, 3, 4)


def test_suppressing_fire_forces_the_targets_to_take_cover_which_the_gm_resolves() -> None:
    # seed 003 L38: "Suppressing Fire | Full | Force opponents to take cover, -20 to BS": the seed
    # gives no test for taking cover, so the step asks it of the GM (hit or miss alike)
    for roll in (20, 90):  # a hit and a miss (94-100 would jam: no step after a jam)
        res = resolve_ok(scenario(AUTOGUN, action="Suppressing Fire", BS=60, dice=[roll, 1, 1, 1]))
        cover = [s for s in res["steps"] if s["rule"] == "Taking cover"]
        assert len(cover) == 1 and "the GM" in cover[0]["detail"], res["steps"]
        assert cover[0]["source"].startswith("seed 003, Actions (Suppressing Fire")


@pytest.mark.parametrize(
    ("wpn", "action"),
    [(LASGUN, "Standard Attack"), (SWORD, "Standard Attack"), (SWORD, "All Out Attack"), (SWORD, "Charge")],
)
def test_single_attacks_score_one_hit_whatever_the_degrees(wpn: dict[str, Any], action: str) -> None:
    # WS/BS 90 (+20 All Out, +10 Charge): roll 05 -> at least (90 - 5) // 10 = 8 DoS, still one hit
    res = resolve_ok(scenario(wpn, action=action, WS=90, BS=90, dice=[5, 1]))
    assert res["degrees"] >= 8
    assert res["hits_scored"] == 1
    assert len(res["hits"]) == 1


def test_a_burst_never_scores_more_hits_than_rounds_in_the_clip() -> None:
    # Autogun with 4 rounds left: BS 60 + 20 = 80; roll 01 -> DoS 7 -> 8 hits, capped at the 4 rounds fired
    res = resolve_ok(scenario(weapon(AUTOGUN, clip=4), action="Full Auto Burst", BS=60, dice=[1, 1, 1, 1, 1]))
    assert (res["degrees"], res["hits_scored"], res["rounds_fired"], res["rounds_left"]) == (7, 4, 4, 0)


def test_single_shot_uses_one_round() -> None:
    res = resolve_ok(scenario(LASGUN, dice=[90]))
    assert (res["rounds_fired"], res["rounds_left"]) == (1, 59)


def test_empty_clip_refused() -> None:
    assert "attacker.weapon.clip" in errors_of(scenario(weapon(LASGUN, clip=0), dice=[23, 5]))


@pytest.mark.parametrize(
    ("wpn", "action", "message"),
    [
        (LASGUN, "Full Auto Burst", "The Lasgun has no full-auto fire (RoF S/3/-)"),
        (weapon(AUTOGUN, rof="S/-/10"), "Semi-Auto Burst", "The Autogun has no semi-auto fire (RoF S/-/10)"),
        (
            weapon(AUTOGUN, rof="-/-/10"),
            "Standard Attack",
            "The Autogun cannot fire single shots (RoF -/-/10): use a burst",
        ),
    ],
)
def test_fire_mode_the_weapon_lacks_refused(wpn: dict[str, Any], action: str, message: str) -> None:
    assert errors_of(scenario(wpn, action=action, dice=[23, 5]))["action.type"] == message


# --- jams --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "roll", "jammed"),
    [
        ("Standard Attack", 95, False),  # a single shot jams on 96-00
        ("Standard Attack", 96, True),
        ("Standard Attack", 100, True),
        ("Called Shot", 95, False),  # a single shot
        ("Called Shot", 96, True),
        ("Semi-Auto Burst", 93, False),  # bursts jam on 94-00
        ("Semi-Auto Burst", 94, True),
        ("Full Auto Burst", 93, False),
        ("Full Auto Burst", 94, True),
        ("Suppressing Fire", 93, False),
        ("Suppressing Fire", 94, True),
    ],
)
def test_jam_ranges(action: str, roll: int, jammed: bool) -> None:
    # Autogun S/3/10, BS 40: every roll here misses anyway; a jam turns the miss into a jam.
    res = resolve_ok(scenario(AUTOGUN, action=action, called="Body" if action == "Called Shot" else None, dice=[roll]))
    assert res["jammed"] is jammed
    assert res["outcome"] == ("jam" if jammed else "miss")
    assert res["success"] is False


def test_a_jam_under_the_target_still_loses_the_attack() -> None:
    # BS 70 + Point Blank (2 m) 30 = 100: roll 96 would succeed, but a single shot jams on 96
    res = resolve_ok(scenario(LASGUN, BS=70, distance=2, dice=[96]))
    assert res["target_number"] == 100
    assert (res["outcome"], res["jammed"], res["success"], res["hits"]) == ("jam", True, False, [])
    assert "Weapon jam" in rules_applied(res)


@pytest.mark.parametrize("roll", [96, 100])
def test_melee_never_jams(roll: int) -> None:
    res = resolve_ok(scenario(SWORD, dice=[roll]))
    assert (res["outcome"], res["jammed"]) == ("miss", False)


@pytest.mark.parametrize(("roll", "jammed"), [(90, False), (91, True)])
def test_untrained_ranged_weapon_counts_as_unreliable(roll: int, jammed: bool) -> None:
    # DH1 Core, Ch. IV: BS 40 - 20 = 20, and the lasgun jams on 91+
    res = resolve_ok(scenario(weapon(LASGUN, trained=False), dice=[roll]))
    assert res["target_number"] == 20
    assert res["jammed"] is jammed
    assert "Untrained" in rules_applied(res)


def test_untrained_melee_weapon_never_jams() -> None:
    res = resolve_ok(scenario(weapon(SWORD, trained=False), dice=[96]))
    assert (res["target_number"], res["jammed"]) == (20, False)


@pytest.mark.parametrize(("roll", "jammed"), [(90, False), (91, True)])
def test_poor_ranged_weapon_counts_as_unreliable(roll: int, jammed: bool) -> None:
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Poor"), dice=[roll]))
    assert res["jammed"] is jammed


@pytest.mark.parametrize(("roll", "outcome"), [(40, "hit"), (41, "jam"), (75, "jam")])
def test_poor_and_unreliable_jams_on_any_failed_roll(roll: int, outcome: str) -> None:
    # BS 40: 40 hits (reversed 04 Head, d10 5 + 2 - 3 = 4); 41 and 75 fail, and every failure jams
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Poor", qualities=["Unreliable"]), dice=[roll, 5]))
    assert res["outcome"] == outcome


def test_poor_and_untrained_jams_on_any_failed_roll() -> None:
    # untrained counts as Unreliable, and Poor on an Unreliable weapon jams on any failure: BS 40 - 20 = 20; 21 jams
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Poor", trained=False), dice=[21]))
    assert (res["target_number"], res["outcome"]) == (20, "jam")


def test_good_ranged_weapon_counts_as_reliable() -> None:
    # Good: roll 96 would jam; as Reliable it rolls a d10: 3 -> no jam (a miss against 40)
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Good"), dice=[96, 3]))
    assert purposes(res) == [("to-hit d100", 100, 96), ("Reliable jam d10", 10, 3)]
    assert (res["outcome"], res["jammed"]) == ("miss", False)


@pytest.mark.parametrize(("roll", "jammed"), [(95, False), (96, True)])
def test_good_unreliable_weapon_loses_unreliable(roll: int, jammed: bool) -> None:
    # Good on an Unreliable weapon: it jams only on the ordinary 96+ (and no Reliable d10)
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Good", qualities=["Unreliable"]), dice=[roll]))
    assert res["jammed"] is jammed
    assert len(res["dice"]) == 1


@pytest.mark.parametrize(
    "wpn",
    [
        weapon(LASGUN, craftsmanship="Best"),
        weapon(LASGUN, craftsmanship="Best", qualities=["Unreliable"]),
        weapon(LASGUN, craftsmanship="Best", trained=False),
        weapon(AUTOGUN, craftsmanship="Best"),
    ],
)
def test_best_ranged_weapon_never_jams(wpn: dict[str, Any]) -> None:
    for roll in (91, 94, 96, 100):
        res = resolve_ok(scenario(wpn, action="Semi-Auto Burst", dice=[roll]))
        assert (res["outcome"], res["jammed"]) == ("miss", False)
        assert len(res["dice"]) == 1
