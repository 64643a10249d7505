"""Flame, in each ruleset: two rules under one name.

- DH2 (DH2 Core, Ch. V, Flame): the attack test stands; a target hit tests Agility or is set on fire. (DH2's
  no-test cone is Spray: test_spray.py.)
- DH1 (DH1 Core, Ch. V, Flame; not in seed 003) and Deathwatch (seed 001, Weapon Qualities: "No BS Test. All
  creatures in a 30 degree arc make Agility Test or be struck by flame and take Damage. If Damage is taken, the
  target must succeed on second Agility Test or catch fire"): no attack test; each person in the cone tests Agility
  or is struck in the Body; a damaged one tests again against catching fire; an untrained wielder gives +30 (seed
  001, Using Weapons without Talent). DH1's flamer also jams on a natural 9 on a damage die.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, errors_of, resolve_ok, scenario, weapon

from .readings import with_fields


def test_flame_dh2_still_makes_a_bs_test() -> None:
    # DH2 Flame (without Spray) does not replace the attack test: 50, roll 60 misses; no Agility test
    data = with_fields(scenario(weapon(LASGUN, qualities=["Flame"]), dice=[60]), target_Ag=40)
    res = resolve_ok(data)
    assert (res["characteristic"], res["target_number"], res["outcome"]) == ("BS", 50, "miss")
    assert res["target_tests"] == []


def test_flame_dh1() -> None:
    # Flamer 1d10+4 E Pen 2, range 20 m, at 10 m. No BS test: the target tests Ag 30, rolls 50 -> fails
    # ((50 - 30) // 10 = 2 DoF) and is struck in the Body: d10 6 + 4 = 10 - (0 - 2 -> 0) - 3 = 7.
    # Damaged, it tests Ag again: 20 <= 30 -> it does not catch fire.
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[50, 6, 20]))
    assert (res["characteristic"], res["target_number"], res["roll"]) == ("Ag (target)", 30, 50)
    assert (res["outcome"], res["hits_scored"], dh1.locations(res), res["total_wounds"]) == ("hit", 1, ["Body"], 7)
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "Flame Agility test d100",
        "hit 1 damage d10",
        "Flame Agility test d100",
    ]
    avoid, fire = res["target_tests"]
    assert (avoid["quality"], avoid["characteristic"], avoid["modifier"], avoid["target"]) == ("Flame", "Ag", 0, 30)
    assert (avoid["roll"], avoid["success"], avoid["degrees"]) == (50, False, -2)
    assert (fire["hit"], fire["target"], fire["roll"], fire["success"]) == (1, 30, 20, True)
    assert fire["effect"] == "catches fire"
    assert (res["rounds_fired"], res["rounds_left"]) == (1, 2)


def test_flame_dh1_a_passed_agility_test_avoids_it() -> None:
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[25]))
    assert (res["outcome"], res["hits"], len(res["dice"])) == ("evaded", [], 1)


def test_flame_dh1_a_damaged_target_failing_agility_catches_fire() -> None:
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[50, 6, 80]))
    fire = res["target_tests"][1]
    assert (fire["roll"], fire["success"], fire["effect"]) == (80, False, "catches fire")


def test_flame_dh1_undamaged_target_does_not_test_for_fire() -> None:
    # Body AP 12 - Pen 2 = 10: 10 - 10 - 3 -> 0 wounds: no second Agility test
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, armour={"Body": 12}, dice=[50, 6]))
    assert res["total_wounds"] == 0
    assert len(res["target_tests"]) == 1
    assert len(res["dice"]) == 2


def test_flame_dh1_untrained_wielder_gives_targets_plus_30() -> None:
    # Ag 30 + 30 = 60: 50 avoids it
    res = resolve_ok(dh1.scenario(weapon(dh1.FLAMER, trained=False), distance=10, target_Ag=30, dice=[50]))
    avoid = res["target_tests"][0]
    assert (avoid["modifier"], avoid["target"], avoid["success"]) == (30, 60, True)
    assert res["outcome"] == "evaded"


def test_flame_dh1_each_person_in_the_cone_tests_and_is_struck_in_the_body() -> None:
    # One other in the cone (same profile). Ag tests: target 50 (struck), person 1 70 (struck).
    # Target: d10 6 -> 7 wounds, fire test 20 (no fire). Person 1: d10 3 -> 7 - 3 = 4, fire test 40 (> 30: on fire).
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, others=1, dice=[50, 70, 6, 20, 3, 40]))
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [(0, "Body", 7), (1, "Body", 4)]
    assert res["total_wounds"] == 7
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "Flame Agility test d100",
        "person 1 Flame Agility test d100",
        "hit 1 damage d10",
        "Flame Agility test d100",
        "person 1 hit 2 damage d10",
        "person 1 Flame Agility test d100",
    ]
    assert [(t["person"], t["success"]) for t in res["target_tests"]] == [(0, False), (1, False), (0, True), (1, False)]


def test_flame_dh1_only_the_people_failing_are_struck() -> None:
    # target 50 (struck), person 1 10 (avoids): one hit
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, others=1, dice=[50, 10, 6, 20]))
    assert [h["person"] for h in res["hits"]] == [0]


def test_flame_dh1_jams_on_a_nine_on_a_damage_die() -> None:
    # d10 9 + 4 = 13 - 3 = 10 wounds: the hit stands, then the flamer jams
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[50, 9, 20]))
    assert (res["outcome"], res["jammed"], res["total_wounds"]) == ("hit", True, 10)
    assert "natural 9" in dh1.step_text(res, "Quality: Flame")


def test_flame_dh1_does_not_jam_on_other_damage() -> None:
    res = resolve_ok(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[50, 8, 20]))
    assert res["jammed"] is False


def test_flame_dh1_needs_the_targets_agility() -> None:
    errors = errors_of(dh1.scenario(dh1.FLAMER, distance=10, dice=[50, 6]))
    assert "target.characteristics.Ag" in errors


def test_flame_dh1_cannot_make_a_called_shot() -> None:
    errors = errors_of(
        dh1.scenario(dh1.FLAMER, action="Called Shot", called="Head", distance=10, target_Ag=30, dice=[50, 6])
    )
    assert errors["action.type"] == "The Flamer makes no attack test: it cannot make a Called Shot"


def test_flame_dh1_beyond_its_range_is_refused() -> None:
    # rules/data/dh1/qualities.json, Flame: "everyone in a 30 degree cone to the weapon's range". The
    # flamer's range is 20 m: a target 30 m away is out of the cone.
    errors = errors_of(dh1.scenario(dh1.FLAMER, distance=30, target_Ag=30, dice=[50, 6, 20]))
    assert "action.distance" in errors


def test_flame_dh2() -> None:
    # A Flame Lasgun: BS 40 + 10 = 50, roll 23 hits (DoS 4, Body); d10 6 + 3 - TB 3 = 6 wounds; then the target
    # tests Agility 40 (when hit): 60 fails -> set on fire.
    data = with_fields(scenario(weapon(LASGUN, qualities=["Flame"]), dice=[23, 6, 60]), target_Ag=40)
    res = resolve_ok(data)
    assert (res["characteristic"], res["target_number"], res["total_wounds"]) == ("BS", 50, 6)
    [fire] = res["target_tests"]
    assert (fire["quality"], fire["characteristic"], fire["target"], fire["roll"]) == ("Flame", "Ag", 40, 60)
    assert (fire["success"], fire["effect"]) == (False, "set on fire")


DW_FLAMER = weapon(
    dw.AUTOGUN,
    name="Astartes Flamer",
    range=20,
    rof="S/-/-",
    damage="2d10+2",
    damage_type="E",
    pen=3,
    clip=6,
    qualities=["Flame"],
)


def test_flame_dw() -> None:
    # No BS test: the target tests Ag 30, rolls 50 -> struck in the Body: 6 + 6 + 2 = 14 - TB 4 = 10 wounds;
    # damaged, it tests Ag again: 20 <= 30 -> no fire. No jam on a damage die in Deathwatch.
    res = dw.attack(with_fields(dw.scenario(DW_FLAMER, distance=10, dice=[50, 6, 6, 20]), target_Ag=30))
    assert (res["characteristic"], res["target_number"], res["total_wounds"]) == ("Ag (target)", 30, 10)
    avoid, fire = res["target_tests"]
    assert (avoid["roll"], avoid["success"], avoid["effect"]) == (50, False, "struck by the weapon")
    assert (fire["roll"], fire["success"], fire["effect"]) == (20, True, "catches fire")
    assert (res["jammed"], res["rounds_fired"]) == (False, 1)
