"""Accurate, in each ruleset.

- DH2 (DH2 Core, Ch. V, Accurate): +10 to hit when aiming; an aimed single shot from a Basic weapon adds one d10
  of damage per two degrees of success beyond the first, at most two, which cannot cause Righteous Fury.
- DH1 (seed 003, Weapon Qualities; DH1 Core, Ch. V): +10 when aiming, no extra dice.
- Deathwatch (seed 001, Weapon Qualities: "+10 to hit with an Aim action"; DW Core, Ch. V, Accurate for the extra
  dice): +10 when aiming; one d10 per two degrees (not beyond the first), at most two.

Accurate's dice are added after Tearing drops its lowest die: test_quality_order.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, purposes, resolve_ok, scenario, weapon

from .readings import details, mods

PISTOL = weapon(LASGUN, name="Laspistol", klass="Pistol", range=30, rof="S/2/-", clip=30)


ACCURATE_DH1 = weapon(dh1.LASGUN, qualities=["Accurate"])


def test_accurate_dh2() -> None:
    # BS 40 + Standard 10 + Aim (half) 10 + Accurate 10 + Standard range 0 = 70; roll 32 -> DoS 7-3+1 = 5;
    # reversed 23 Left Arm. Accurate d10s: (5 - 1) // 2 = 2. Dice 6, Accurate 7, 8 (5 DoS replace none):
    # 6 + 7 + 8 + 3 = 24 - TB 3 = 21
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Accurate"]), aim="half", wounds=100, dice=[32, 6, 7, 8]))
    assert mods(res) == [
        ("Standard Attack", 10),
        ("Aim (half)", 10),
        ("Accurate (aiming)", 10),
        ("Standard range (60 m, weapon 100 m)", 0),
    ]
    assert (res["target_number"], res["degrees"]) == (70, 5)
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 1 Accurate d10 (1 of 2)",
        "hit 1 Accurate d10 (2 of 2)",
    ]
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["wounds"]) == ("Left Arm", 24, 21)
    # The same aimed shot without Accurate: 60, roll 32 -> DoS 6-3+1 = 4; d10 6 + 3 = 9 - 3 = 6
    plain = resolve_ok(scenario(LASGUN, aim="half", wounds=100, dice=[32, 6]))
    assert (plain["target_number"], plain["degrees"], plain["total_wounds"]) == (60, 4, 6)


def test_accurate_dh2_without_aim_changes_nothing() -> None:
    # No aim: BS 40 + 10 = 50 either way; roll 32 -> DoS 5-3+1 = 3, reversed 23 Left Arm; d10 6 + 3 - 3 = 6.
    # No +10 and no Accurate d10 (only two dice consumed).
    acc = resolve_ok(scenario(weapon(LASGUN, qualities=["Accurate"]), dice=[32, 6]))
    plain = resolve_ok(scenario(LASGUN, dice=[32, 6]))
    for res in (acc, plain):
        assert (res["target_number"], res["degrees"], res["total_wounds"]) == (50, 3, 6)
        assert len(res["dice"]) == 2
    assert details(acc, "Quality: Accurate") == ["No bonus: Accurate adds to hit only when the attacker aimed."]


@pytest.mark.parametrize(
    ("roll", "degrees", "extra"),
    [
        (69, 2, 0),  # 7-6+1 = 2: (2-1)//2 = 0
        (59, 3, 1),  # (3-1)//2 = 1
        (49, 4, 1),  # (4-1)//2 = 1
        (39, 5, 2),  # (5-1)//2 = 2
        (19, 7, 2),  # (7-1)//2 = 3 -> at most 2
        (9, 8, 2),  # 7-0+1 = 8: (8-1)//2 = 3 -> at most 2
    ],
)
def test_accurate_dh2_extra_dice_at_most_two(roll: int, degrees: int, extra: int) -> None:
    # Aimed (half) Accurate Lasgun: 40 + 10 + 10 + 10 = 70. Every die 9 (above any DoS here, so the
    # degrees replace none): 9 x (1 + extra) + 3 - TB 3 = 9 x (1 + extra)
    res = resolve_ok(
        scenario(weapon(LASGUN, qualities=["Accurate"]), aim="half", wounds=100, dice=[roll] + [9] * (1 + extra))
    )
    assert res["degrees"] == degrees
    assert sum(1 for p, _, _ in purposes(res) if "Accurate d10" in p) == extra
    assert res["total_wounds"] == 9 * (1 + extra)


def test_accurate_dh2_extra_d10_cannot_cause_righteous_fury() -> None:
    # Aimed Accurate Lasgun 70; roll 59 -> DoS 3 -> one Accurate d10; reversed 95 Left Leg.
    # Weapon d10 5, Accurate d10 10: 5 + 10 + 3 = 18 - 3 = 15, and no Fury (no d5 rolled).
    gun = weapon(LASGUN, qualities=["Accurate"])
    res = resolve_ok(scenario(gun, aim="half", wounds=100, dice=[59, 5, 10]))
    hit = res["hits"][0]
    assert (hit["location"], hit["wounds"], hit["righteous_fury"]) == ("Left Leg", 15, None)
    assert len(res["dice"]) == 3
    # The same two values the other way round: the 10 is on the weapon's die -> Fury, d5 from d10 7 = 4
    fury = resolve_ok(scenario(gun, aim="half", wounds=100, dice=[59, 10, 5, 7]))
    assert fury["hits"][0]["wounds"] == 15
    assert fury["hits"][0]["righteous_fury"]["critical_effect"] == 4
    assert fury["hits"][0]["righteous_fury"]["table"] == "Energy Critical Effects, Left Leg"


def test_accurate_dh2_aimed_burst_no_extra_dice() -> None:
    # Semi-Auto Burst: BS 40 + 0 + Aim 10 + Accurate 10 = 60; roll 15 -> DoS 6-1+1 = 6 -> 1 + 5//2 = 3 hits
    # (RoF 3); reversed 51 Body: Body, Body, Right Arm. d10 7 each (6 DoS < 7): 7 + 3 - 3 = 7, x3 = 21.
    # Only a single shot gets Accurate dice: 4 dice consumed in all.
    res = resolve_ok(
        scenario(
            weapon(LASGUN, qualities=["Accurate"]),
            action="Semi-Auto Burst",
            aim="half",
            wounds=100,
            dice=[15, 7, 7, 7],
        )
    )
    assert res["target_number"] == 60
    assert res["hits_scored"] == 3
    assert res["total_wounds"] == 21
    assert not any("Accurate" in p for p, _, _ in purposes(res))


def test_accurate_dh2_pistol_no_extra_dice() -> None:
    # Laspistol at 20 m (Standard for 30 m): 40 + 10 + Aim 10 + Accurate 10 = 70; roll 32 -> DoS 5, which
    # would give a Basic weapon 2 d10s; a Pistol gets none. d10 6 + 3 - 3 = 6.
    res = resolve_ok(scenario(weapon(PISTOL, qualities=["Accurate"]), distance=20, aim="half", dice=[32, 6]))
    assert res["target_number"] == 70
    assert res["total_wounds"] == 6
    assert len(res["dice"]) == 2


@pytest.mark.parametrize(("aim", "target"), [("half", 60), ("full", 70)])
def test_accurate_dh1(aim: str, target: int) -> None:
    # BS 40 + Aim (10 or 20) + Accurate 10; roll 90 misses
    res = resolve_ok(dh1.scenario(ACCURATE_DH1, aim=aim, dice=[90]))
    assert ("Accurate (aiming)", 10) in dh1.mods_of(res)
    assert res["target_number"] == target


def test_accurate_dh1_adds_nothing_without_aiming() -> None:
    res = resolve_ok(dh1.scenario(ACCURATE_DH1, dice=[90]))
    assert res["target_number"] == 40
    assert dh1.step_text(res, "Quality: Accurate") == "No bonus: Accurate adds to hit only when the attacker aimed."


def test_accurate_dh1_rolls_no_extra_damage_dice() -> None:
    # BS 60 + full aim 20 + Accurate 10 = 90; roll 10 -> DoS 8 (DH2 would add Accurate d10s to an aimed
    # Basic single shot). Reversed 01 Head; d10 5 + 2 = 7 - 3 = 4; no other die is rolled.
    res = resolve_ok(dh1.scenario(ACCURATE_DH1, aim="full", BS=60, dice=[10, 5]))
    assert (res["target_number"], res["degrees"]) == (90, 8)
    assert len(res["dice"]) == 2
    assert len(res["hits"][0]["dice"]) == 1
    assert res["total_wounds"] == 4


@pytest.mark.parametrize(
    ("roll", "aim", "dice", "degrees", "wounds"),
    [
        # Autogun 1d10+3, full Aim: BS 40 + 20 + Accurate 10 = 70. Roll 23 -> (70 - 23) // 10 = 4 -> 4 // 2 = 2 d10s:
        # 6 + 7 + 8 + 3 = 24 - TB 4 = 20. (DH2 counts beyond the first: its 4 degrees would give one.)
        (23, "full", [6, 7, 8], 4, 20),
        (43, "full", [6, 7], 2, 12),  # 2 degrees -> one d10: 6 + 7 + 3 - 4 = 12
        (23, "none", [6], 1, 5),  # no aim: 40, roll 23 -> 1 degree, no bonus, no d10: 6 + 3 - 4 = 5
    ],
)
def test_accurate_dw(roll: int, aim: str, dice: list[int], degrees: int, wounds: int) -> None:
    res = dw.attack(dw.scenario(weapon(dw.AUTOGUN, qualities=["Accurate"]), aim=aim, wounds=100, dice=[roll, *dice]))
    assert res["degrees"] == degrees
    assert sum(1 for d in res["dice"] if "Accurate d10" in d["purpose"]) == len(dice) - 1
    assert res["total_wounds"] == wounds
    assert (("Accurate (aiming)", 10) in mods(res)) is (aim != "none")
