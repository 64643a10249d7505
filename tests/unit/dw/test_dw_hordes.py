"""Deathwatch Hordes: Magnitude in place of wounds, one armour value, no hit locations, and the extra hits.

Seed 001, Hordes: "Characters must still roll to hit a Horde, but the appropriate size bonus should apply
... based on the Horde's Magnitude"; "Weapons that can fire on full, or semi-auto will cause additional
hits. These hits must be allocated against the Horde"; "Each hit that causes any amount of damage reduces
a Horde's Magnitude by one"; "Weapons that inflict Explosive Damage (X) ... count as having inflicted one
additional Hit"; "Locations are not used"; "A Horde has a single armour value"; Melee: "one hit for every
two Degrees of Success ... Power Field ... one additional hit"; Blast Weapons: "hits a number of times
equal to its Blast value". Weapon Qualities: Storm ("Doubles the number of hits"), Devastating (X).
The readings (at least one melee hit; Explosive +1 per attack; the Magnitude sizes 30 Massive, 60 Immense,
90 Monumental, 120 Titanic from the DW Core) are rules/data/dw/tables.json's hordes._note.
"""

from __future__ import annotations

from typing import Any

import pytest
from dw_scenarios import (
    AUTOGUN,
    BOLTER,
    KNIFE,
    LASGUN,
    MISSILE_LAUNCHER,
    POWER_SWORD,
    STORM_BOLTER,
    attack,
    errors_of,
    mods_of,
    scenario,
    weapon,
)

ORKS = {"magnitude": 20, "armour": 3}  # below 30: no size bonus from Magnitude


def test_full_auto_burst_into_a_horde() -> None:
    # Autogun full auto: BS 40 + 20 = 60 (Magnitude 20 gives no size bonus); roll 40 -> 2 DoS -> 3 hits,
    # every one on the Horde, no locations, the Horde's single AP 3 (the target's Body AP 20 is not used).
    # d10 5: 5 + 3 = 8 - 3 - TB 4 = 1 -> 1 Magnitude; d10 1: 4 - 3 - 4 -> 0, none; d10 9: 12 - 7 = 5 -> 1.
    # Magnitude 20 - 2 = 18.
    res = attack(scenario(action="Full Auto Burst", horde=ORKS, armour={"Body": 20}, dice=[40, 5, 1, 9]))
    assert res["target_number"] == 60
    assert [h["location"] for h in res["hits"]] == ["Horde", "Horde", "Horde"]
    assert [h["armour"] for h in res["hits"]] == [3, 3, 3]
    assert [(h["wounds"], h["magnitude"]) for h in res["hits"]] == [(1, 1), (0, 0), (5, 1)]
    assert res["horde"] == {
        "magnitude_before": 20,
        "hits": 3,
        "damaging_hits": 2,
        "magnitude_lost": 2,
        "magnitude_after": 18,
        "destroyed": False,
    }


def test_horde_takes_no_wounds_and_has_no_damage_state() -> None:
    # the same kind of burst: the damage goes to Magnitude, not to the target's wounds
    res = attack(scenario(action="Full Auto Burst", horde=ORKS, dice=[40, 9, 9, 9]))
    assert (res["damage_taken_after"], res["damage_state"]) == (0, None)
    assert res["horde"]["magnitude_after"] == 17  # 12 - 3 - 4 = 5 each: 3 damaging hits, 20 - 3


def test_horde_hit_without_damage_takes_no_magnitude() -> None:
    # Horde AP 10: Autogun single shot BS 40, roll 33; d10 9 + 3 = 12 - 10 - 4 = -2 -> 0: no Magnitude
    res = attack(scenario(horde={"magnitude": 20, "armour": 10}, dice=[33, 9]))
    assert res["hits"][0]["magnitude"] == 0
    assert (res["horde"]["hits"], res["horde"]["damaging_hits"], res["horde"]["magnitude_after"]) == (1, 0, 20)


def test_horde_destroyed() -> None:
    # Magnitude 2, no armour: 3 hits (roll 40) of 9 + 3 = 12 - 4 = 8 each; 2 - 3 stops at 0
    res = attack(scenario(action="Full Auto Burst", horde={"magnitude": 2, "armour": 0}, dice=[40, 9, 9, 9]))
    assert res["horde"] == {
        "magnitude_before": 2,
        "hits": 3,
        "damaging_hits": 3,
        "magnitude_lost": 2,
        "magnitude_after": 0,
        "destroyed": True,
    }


# --- Blast and Explosive -----------------------------------------------------------------------------------


def test_blast_3_into_a_horde_three_hits() -> None:
    # A Blast (3) missile with Impact damage (not Explosive): the hit counts 3 hits. Heavy 250 m, braced,
    # at 200 m (Standard): BS 40, roll 33 hits. Horde AP 4 - Pen 2 = 2. 2d10 (5, 5) each: 10 - 2 - 4 = 4.
    # 3 damaging hits: 20 -> 17
    missile = weapon(MISSILE_LAUNCHER, damage_type="I")
    res = attack(scenario(missile, distance=200, horde={"magnitude": 20, "armour": 4}, dice=[33] + [5] * 6))
    assert res["horde"]["hits"] == 3
    assert res["horde"]["magnitude_after"] == 17


def test_blast_3_explosive_into_a_horde_four_hits() -> None:
    # The frag missile deals Explosive damage: 3 hits + 1 = 4. 2d10 each: (3, 3) 6 - 2 - 4 = 0, none;
    # (5, 5) 10 - 6 = 4; (1, 2) 3 - 6 -> 0, none; (6, 4) 10 - 6 = 4. 2 damaging: 20 -> 18
    res = attack(
        scenario(
            MISSILE_LAUNCHER, distance=200, horde={"magnitude": 20, "armour": 4}, dice=[33, 3, 3, 5, 5, 1, 2, 6, 4]
        )
    )
    assert res["horde"]["hits"] == 4
    assert [h["magnitude"] for h in res["hits"]] == [0, 1, 0, 1]
    assert res["horde"]["magnitude_after"] == 18


@pytest.mark.parametrize(
    ("action", "roll", "hits"),
    [
        ("Standard Attack", 33, 2),  # BS 40: one hit + 1 (Explosive) = 2
        ("Semi-Auto Burst", 10, 3),  # BS 40 + 10 = 50: 4 DoS -> 1 + 2 = 3, capped at S/2 -> 2; + 1 = 3
    ],
)
def test_explosive_adds_one_hit_per_attack(action: str, roll: int, hits: int) -> None:
    # Bolter 2d10+5 X Tearing, Pen 5; Horde AP 0. Three d10 of 1 a hit: 1 + 1 + 5 = 7 - TB 4 = 3, damaging.
    res = attack(scenario(BOLTER, action=action, horde={"magnitude": 20, "armour": 0}, dice=[roll] + [1] * 3 * hits))
    assert res["horde"]["hits"] == hits
    assert res["horde"]["magnitude_after"] == 20 - hits


@pytest.mark.parametrize(
    ("roll", "degrees", "hits"),
    [
        # BS 40 + 20 = 60; roll 50 -> 1 DoS -> 2 hits; Storm doubles: 4 (8 rounds fired); Explosive +1 = 5
        (50, 1, 5),
        # roll 10 -> 5 DoS -> 6, capped at the RoF 4; Storm 8 (no more than the 8 rounds); Explosive +1 = 9
        (10, 5, 9),
    ],
)
def test_storm_full_auto_into_a_horde(roll: int, degrees: int, hits: int) -> None:
    # Storm Bolter S/2/4, Storm doubles the rounds: 4 x 2 = 8 of 60. Horde AP 6 - Pen 5 = 1.
    # Three d10 of 1 a hit: 1 + 1 + 5 = 7 - 1 - TB 4 = 2, damaging.
    res = attack(
        scenario(
            STORM_BOLTER, action="Full Auto Burst", horde={"magnitude": 20, "armour": 6}, dice=[roll] + [1] * 3 * hits
        )
    )
    assert res["degrees"] == degrees
    assert (res["rounds_fired"], res["rounds_left"]) == (8, 52)
    assert res["horde"]["hits"] == hits
    assert res["horde"]["magnitude_after"] == 20 - hits


# --- melee -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("WS", "roll", "degrees", "hits"),
    [
        (40, 40, 0, 2),  # 0 DoS: max(1, 0 // 2) = 1, + 1 Power Field = 2
        (40, 20, 2, 2),  # 2 DoS: 2 // 2 = 1, + 1 = 2
        (60, 15, 4, 3),  # (60 - 15) // 10 = 4: 2, + 1 = 3
        (60, 5, 5, 3),  # 5: 5 // 2 = 2, + 1 = 3
    ],
)
def test_power_sword_melee_into_a_horde(WS: int, roll: int, degrees: int, hits: int) -> None:
    # Power Sword 1d10+6 Pen 6 (Power Field); Horde AP 5 - 6 -> 0. d10 1 + 6 + SB 4 = 11 - TB 4 = 7 each
    res = attack(scenario(POWER_SWORD, WS=WS, horde={"magnitude": 20, "armour": 5}, dice=[roll] + [1] * hits))
    assert res["degrees"] == degrees
    assert res["horde"]["hits"] == hits
    assert res["horde"]["magnitude_after"] == 20 - hits


@pytest.mark.parametrize(
    ("WS", "roll", "hits"),
    [
        (40, 40, 1),  # 0 DoS: at least one hit
        (40, 30, 1),  # 1 DoS: 1 // 2 = 0 -> at least one
        (60, 15, 2),  # 4 DoS: 2
        (80, 15, 3),  # (80 - 15) // 10 = 6: 3
    ],
)
def test_melee_into_a_horde_one_hit_per_two_degrees(WS: int, roll: int, hits: int) -> None:
    # Knife (no Power Field, Rending): d10 1 + 2 + 4 = 7 - AP 0 - TB 4 = 3 each
    res = attack(scenario(KNIFE, WS=WS, horde={"magnitude": 20, "armour": 0}, dice=[roll] + [1] * hits))
    assert res["horde"]["hits"] == hits


# --- size from Magnitude -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("magnitude", "bonus", "size"),
    [
        (29, 0, None),  # below 30: the creature's own size (Average +0)
        (30, 30, "Massive"),
        (59, 30, "Massive"),
        (60, 40, "Immense"),
        (90, 50, "Monumental"),
        (120, 60, "Titanic"),
    ],
)
def test_horde_size_bonus_from_magnitude(magnitude: int, bonus: int, size: str | None) -> None:
    # BS 30 + the bonus: at most 90, so 93 misses
    res = attack(scenario(BS=30, horde={"magnitude": magnitude, "armour": 0}, dice=[93]))
    assert res["target_number"] == 30 + bonus
    if size is not None:
        assert (f"Horde of Magnitude {magnitude}: counts as {size}", bonus) in mods_of(res)


@pytest.mark.parametrize(
    ("size", "magnitude", "target"),
    [
        ("Enormous", 20, 50),  # Magnitude 20 gives nothing: the creatures' own Enormous +20
        ("Hulking", 30, 60),  # Magnitude 30 (Massive +30) beats Hulking +10
        ("Enormous", 30, 60),  # +30 beats +20
        ("Immense", 30, 70),  # Immense +40 beats Magnitude 30's +30 (the larger counts: not in the _note)
    ],
)
def test_horde_size_the_larger_of_creature_and_magnitude(size: str, magnitude: int, target: int) -> None:
    res = attack(scenario(BS=30, size=size, horde={"magnitude": magnitude, "armour": 0}, dice=[93]))
    assert res["target_number"] == target


def test_horde_size_bonus_in_melee() -> None:
    # the size bonus is to hit, melee too: knife WS 30 + 30 (Magnitude 30) = 60
    res = attack(scenario(KNIFE, WS=30, horde={"magnitude": 30, "armour": 0}, dice=[93]))
    assert res["target_number"] == 60


# --- refused -----------------------------------------------------------------------------------------------


def test_horde_called_shot_refused() -> None:
    # locations are not used against a Horde
    errors = errors_of(scenario(action="Called Shot", called="Head", horde=ORKS, dice=[30, 5]))
    assert list(errors) == ["action.type"]


def test_horde_nearby_foes_refused() -> None:
    # a burst's hits must all go to the Horde
    nearby: list[dict[str, Any]] = [{"name": "Nob", "hits": 1}]
    errors = errors_of(scenario(action="Full Auto Burst", horde=ORKS, nearby=nearby, dice=[40]))
    assert list(errors) == ["target.nearby"]


def test_horde_others_in_blast_refused() -> None:
    # Found by the property test: a Flame weapon's "others in the area" against a Horde were hit as
    # people apart from it while their damage took the Horde's Magnitude. Those in a Horde are the
    # Horde: a Blast counts its hits on it (seed 001, Hordes), so others in the blast are refused.
    data = scenario(MISSILE_LAUNCHER, distance=200, horde=ORKS, dice=[33] + [5] * 6)
    data["target"]["others_in_blast"] = 2
    assert list(errors_of(data)) == ["target.others_in_blast"]


def test_horde_refused_in_dh2() -> None:
    data = scenario(AUTOGUN, system="dh2", horde=ORKS, dice=[30, 5])
    assert list(errors_of(data)) == ["target.horde"]


def test_horde_quality_tests_are_left_to_the_gm() -> None:
    # Toxic calls for a Toughness test from a creature it damages; against a Horde none is rolled
    # (the Horde rules give none) and the step log says so. BS 40 + 30 (Magnitude 30: Massive) = 70
    # (60 m is Standard range for the lasgun); roll 50 hits; 1d10+3 = 8 - AP 0 - TB 4 = 4: 1 Magnitude.
    res = attack(
        scenario(
            weapon(LASGUN, qualities=["Reliable", "Toxic"]),
            horde={"magnitude": 30, "armour": 0},
            target_T=30,
            dice=[50, 5],
        )
    )
    assert res["target_tests"] == []
    assert res["horde"]["magnitude_lost"] == 1
    assert any(s["rule"] == "Horde: quality tests" and "Toxic" in s["detail"] for s in res["steps"])
