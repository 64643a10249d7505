"""Deathwatch pinning: Suppressing Fire and bursts fired from Overwatch make their target test
Willpower (Hard, -20) or be Pinned; a Horde adds its Magnitude to that test.

Seed 001: Suppressive Fire ("You can suppress an area ... up to half the Range of the weapon. Targets
within this area must make a Hard (-20) Willpower Test or become Pinned"), Overwatch ("You may take the
Full Auto Burst Action, Semi-Auto Burst Action, or Suppressing Fire to shoot any targets entering the
zone, targets must make a Hard (-20) Willpower Test or become Pinned"), Hordes ("Hordes gain a bonus to
their Willpower Tests to resist pinning equal to its Magnitude"), Combat Actions (Overwatch: "Shoot
targets coming into a set kill zone, -20 to BS"). The pinning test is rolled after every damage die
(rules/d100/stages/finish.py); the Magnitude added is the Horde's after the attack (tables.json, hordes).
"""

from __future__ import annotations

import pytest
from dw_scenarios import attack, die_order, errors_of, locations, scenario


def test_suppressing_fire_within_half_range() -> None:
    # Autogun 90 m: suppresses up to 45 m. At 45 m (not under half: Standard) BS 40 - 20 = 20; 93 misses
    res = attack(scenario(action="Suppressing Fire", distance=45, dice=[93]))
    assert res["target_number"] == 20


def test_suppressing_fire_beyond_half_range_refused() -> None:
    errors = errors_of(scenario(action="Suppressing Fire", distance=46, dice=[93]))
    assert list(errors) == ["action.distance"]


@pytest.mark.parametrize(("pin_roll", "pinned"), [(15, False), (16, True)])
def test_suppressing_fire_pinning_test_after_the_damage(pin_roll: int, pinned: bool) -> None:
    # Autogun at 40 m (Short +10): BS 40 - 20 + 10 = 30; roll 10 -> 2 DoS -> 1 + 2 // 2 = 2 hits,
    # reversed 01 Head: Head, Head. d10 5 each: 5 + 3 = 8 - TB 4 = 4, 8 wounds.
    # Then the Ork (WP 35) tests Willpower 35 - 20 = 15: 15 succeeds, 16 fails and is Pinned.
    res = attack(scenario(action="Suppressing Fire", distance=40, target_WP=35, dice=[10, 5, 5, pin_roll]))
    assert die_order(res) == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "Pinning: Willpower test d100",
    ]
    assert (locations(res), res["total_wounds"]) == (["Head", "Head"], 8)
    (tt,) = res["target_tests"]
    assert (tt["quality"], tt["characteristic"], tt["modifier"], tt["target"]) == ("Pinning", "WP", -20, 15)
    assert (tt["roll"], tt["success"]) == (pin_roll, not pinned)


def test_suppressing_fire_pins_even_when_it_misses() -> None:
    # Everyone in the area tests, hit or not: BS 30 against roll 80 misses; WP 35 - 20 = 15, roll 50 fails
    res = attack(scenario(action="Suppressing Fire", distance=40, target_WP=35, dice=[80, 50]))
    assert res["outcome"] == "miss"
    assert [(t["target"], t["success"]) for t in res["target_tests"]] == [(15, False)]


@pytest.mark.parametrize(("pin_roll", "pinned"), [(28, False), (29, True)])
def test_horde_adds_its_magnitude_after_the_attack(pin_roll: int, pinned: bool) -> None:
    # Horde of Magnitude 20 (no size bonus), AP 0, WP 30. Suppressing Fire at 40 m: BS 40 - 20 + 10 = 30;
    # roll 10 -> 2 DoS -> 2 hits; d10 5 each: 8 - 4 = 4, both damaging: Magnitude 20 -> 18.
    # Willpower 30 + 18 (the Magnitude after the attack) - 20 = 28: 28 resists, 29 is Pinned
    # (against the Magnitude before, 30 + 20 - 20 = 30, a 29 would have resisted).
    res = attack(
        scenario(
            action="Suppressing Fire",
            distance=40,
            target_WP=30,
            horde={"magnitude": 20, "armour": 0},
            dice=[10, 5, 5, pin_roll],
        )
    )
    assert res["horde"]["magnitude_after"] == 18
    (tt,) = res["target_tests"]
    assert (tt["target"], tt["success"]) == (28, not pinned)


@pytest.mark.parametrize(
    ("action", "roll", "hits", "pin_roll", "pinned"),
    [
        # Full Auto BS 40 + 20 - 20 (Overwatch) = 40; roll 30 -> 1 DoS -> 2 hits. WP 40 - 20 = 20: 21 is Pinned
        ("Full Auto Burst", 30, 2, 21, True),
        # Semi-Auto BS 40 + 10 - 20 (Overwatch) = 30; roll 30 -> 0 DoS -> 1 hit. 20 resists
        ("Semi-Auto Burst", 30, 1, 20, False),
    ],
)
def test_overwatch_burst_pins(action: str, roll: int, hits: int, pin_roll: int, pinned: bool) -> None:
    # d10 1 a hit (1 + 3 - 4 = 0 wounds); the pinning d100 last
    res = attack(scenario(action=action, overwatch=True, target_WP=40, dice=[roll] + [1] * hits + [pin_roll]))
    assert res["hits_scored"] == hits
    assert die_order(res)[-1] == "Pinning: Willpower test d100"
    assert [(t["target"], t["success"]) for t in res["target_tests"]] == [(20, not pinned)]


def test_overwatch_shot_minus_20_bs() -> None:
    # Full Auto from Overwatch: BS 40 + 20 (Full Auto) - 20 (Overwatch) = 40; 93 misses (no jam: 94-00)
    res = attack(scenario(action="Full Auto Burst", overwatch=True, dice=[93]))
    assert res["target_number"] == 40


def test_overwatch_standard_attack_refused() -> None:
    # from Overwatch the shot is a Semi-Auto Burst, a Full Auto Burst or Suppressing Fire
    assert list(errors_of(scenario(overwatch=True, dice=[93]))) == ["action.overwatch"]


def test_burst_without_overwatch_pins_no_one() -> None:
    # an ordinary Full Auto Burst at a target with WP: no pinning test. Roll 60 -> 0 DoS -> 1 hit, d10 1
    res = attack(scenario(action="Full Auto Burst", target_WP=40, dice=[60, 1]))
    assert res["target_tests"] == []


def test_pinning_without_wp_left_to_the_gm() -> None:
    # no WP given: the test is named (WP -20) but not rolled. Roll 80 misses the Suppressing Fire (BS 30)
    res = attack(scenario(action="Suppressing Fire", distance=40, dice=[80]))
    assert die_order(res) == ["to-hit d100"]
    (tt,) = res["target_tests"]
    assert (tt["quality"], tt["characteristic"], tt["modifier"]) == ("Pinning", "WP", -20)
    assert (tt["target"], tt["roll"], tt["success"]) == (None, None, None)


def test_jam_pins_no_one() -> None:
    # Suppressing Fire jams on 94: no pinning test even with the WP given
    res = attack(scenario(action="Suppressing Fire", distance=40, target_WP=35, dice=[94]))
    assert (res["outcome"], res["target_tests"]) == ("jam", [])
    assert die_order(res) == ["to-hit d100"]
