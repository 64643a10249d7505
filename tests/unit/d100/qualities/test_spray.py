"""Spray, in each ruleset.

- DH2 (DH2 Core, Ch. V, Spray): no attack test; everyone in the cone tests Agility (+20 against an untrained
  wielder, +30 against an unbraced heavy one) or is hit in the Body, each damaged separately; no degrees replace a
  die; the weapon jams on a natural 9 on a damage die.
- DH1 and Deathwatch: not their quality (their Flame is the no-test cone: test_flame.py): refused.
"""

from __future__ import annotations

from typing import Any

from dh2_scenarios import LASGUN, errors_of, purposes, resolve_ok, scenario, weapon

from .readings import refused, with_fields

FLAMER = weapon(
    LASGUN, name="Flamer", range=20, rof="S/-/-", damage="1d10+4", pen=2, clip=6, qualities=["Spray"], damage_type="E"
)


def spray(wpn: dict[str, Any] = FLAMER, ag: int | None = 30, others: int = 0, **kw: Any) -> dict[str, Any]:
    data = scenario(wpn, distance=10, armour={"Body": 4}, **kw)
    data = with_fields(data, others=others)
    return data if ag is None else with_fields(data, target_Ag=ag)


def test_spray_dh2() -> None:
    # No BS test: the target tests Ag 30 + 0 = 30; rolls 45 -> DoF 4-3+1 = 2 -> hit in the Body.
    # d10 6 + 4 = 10; Pen 2 vs Body AP 4 -> 2; 10 - 2 - 3 = 5. One round used, 5 left.
    res = resolve_ok(spray(dice=[45, 6]))
    assert (res["characteristic"], res["characteristic_value"], res["target_number"], res["roll"]) == (
        "Ag (target)",
        30,
        30,
        45,
    )
    assert (res["outcome"], res["hits_scored"], res["degrees"]) == ("hit", 1, 0)
    assert [p for p, _, _ in purposes(res)] == ["Spray Agility test d100", "hit 1 damage d10"]
    [tt] = res["target_tests"]
    assert (tt["quality"], tt["characteristic"], tt["modifier"], tt["target"], tt["success"], tt["degrees"]) == (
        "Spray",
        "Ag",
        0,
        30,
        False,
        -2,
    )
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["effective_armour"], hit["wounds"]) == ("Body", 10, 2, 5)
    assert (res["rounds_fired"], res["rounds_left"]) == (1, 5)
    assert res["jammed"] is False


def test_spray_dh2_righteous_fury_d5_follows_its_hit_and_no_degrees_replace_a_die() -> None:
    # No attack test, so no degrees of success to replace a damage die (seed 004, Step Four, speaks of
    # the attack roll). Ag 30: 45 fails -> Body; d10 10 + 4 = 14 - 2 - 3 = 9 wounds; a natural 10 and
    # damage through: Righteous Fury, its d5 (d10 5 -> 3) straight after the hit's die.
    res = resolve_ok(spray(dice=[45, 10, 5]))
    assert [p for p, _, _ in purposes(res)] == [
        "Spray Agility test d100",
        "hit 1 damage d10",
        "hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)",
    ]
    assert not [s for s in res["steps"] if s["rule"] == "Degrees of success"]
    hit = res["hits"][0]
    assert (hit["wounds"], hit["righteous_fury"]["critical_effect"]) == (9, 3)
    [fury] = [s["detail"] for s in res["steps"] if s["rule"].startswith("Righteous Fury")]
    assert "rolled after" not in fury


def test_spray_dh2_target_passing_agility_is_not_hit() -> None:
    # Ag 30: 25 -> success; no damage dice
    res = resolve_ok(spray(dice=[25]))
    assert (res["outcome"], res["hits"], res["total_wounds"]) == ("evaded", [], 0)
    assert len(res["dice"]) == 1


def test_spray_dh2_untrained_wielder_gives_the_target_plus_20() -> None:
    # Ag 30 + 20 = 50: 45 -> success (trained: 45 > 30 is a failure, as above)
    res = resolve_ok(spray(weapon(FLAMER, trained=False), dice=[45]))
    assert res["target_tests"][0]["modifier"] == 20
    assert (res["target_number"], res["outcome"]) == (50, "evaded")


def test_spray_dh2_unbraced_heavy_gives_the_target_plus_30() -> None:
    # Heavy flamer: braced, Ag 30: 55 fails -> hit (d10 6: 5 wounds); unbraced, Ag 30 + 30 = 60: 55 passes
    heavy = weapon(FLAMER, name="Heavy Flamer", klass="Heavy")
    braced = resolve_ok(spray(heavy, dice=[55, 6]))
    assert (braced["target_number"], braced["outcome"], braced["total_wounds"]) == (30, "hit", 5)
    data = spray(heavy, dice=[55])
    data["action"]["braced"] = False
    unbraced = resolve_ok(data)
    assert (unbraced["target_number"], unbraced["outcome"]) == (60, "evaded")


def test_spray_dh2_jams_on_a_natural_9_on_a_damage_die() -> None:
    # Hit as above; d10 9 + 4 = 13 - 2 - 3 = 8, and the Flamer jams after this attack
    res = resolve_ok(spray(dice=[45, 9]))
    assert (res["outcome"], res["total_wounds"], res["jammed"]) == ("hit", 8, True)
    # d10 10: no jam (only a 9), and a Righteous Fury d5 (d10 4 -> 2)
    res = resolve_ok(spray(dice=[45, 10, 4]))
    assert (res["jammed"], res["total_wounds"]) == (False, 9)


def test_spray_dh2_everyone_in_the_cone_tests_agility_and_is_damaged_separately() -> None:
    # Target: 45 fails; person 1: 20 passes; person 2: 70 fails (DoF 7-3+1 = 5).
    # Damage (no Blast: each struck person rolls its own): target d10 6 -> 10 - 2 - 3 = 5;
    # person 2 d10 3 -> 7 - 2 - 3 = 2.
    res = resolve_ok(spray(others=2, dice=[45, 20, 70, 6, 3]))
    assert [p for p, _, _ in purposes(res)] == [
        "Spray Agility test d100",
        "person 1 Spray Agility test d100",
        "person 2 Spray Agility test d100",
        "hit 1 damage d10",
        "person 2 hit 2 damage d10",
    ]
    assert [(t["person"], t["success"]) for t in res["target_tests"]] == [(0, False), (1, True), (2, False)]
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [(0, "Body", 5), (2, "Body", 2)]
    assert res["total_wounds"] == 5


def test_spray_dh2_refused_without_the_targets_agility() -> None:
    errors = errors_of(spray(ag=None, dice=[45, 6]))
    assert list(errors) == ["target.characteristics.Ag"]
    assert "Flamer makes no BS test" in errors["target.characteristics.Ag"]


def test_spray_dh2_cannot_make_a_called_shot() -> None:
    errors = errors_of(spray(action="Called Shot", called="Head", dice=[45, 6]))
    assert errors == {"action.type": "The Flamer makes no attack test: it cannot make a Called Shot"}


def test_spray_dh2_cannot_fire_a_burst() -> None:
    gun = weapon(FLAMER, rof="S/3/-")
    assert errors_of(spray(gun, action="Semi-Auto Burst", dice=[45, 6])) == {
        "action.type": "The Flamer makes no attack test: use a Standard Attack"
    }


def test_spray_dh2_and_flame_the_struck_target_also_tests_against_catching_fire() -> None:
    # Spray Ag 30: 45 fails -> hit, d10 6 -> 5 wounds; then Flame: Ag 30 + 0, 55 -> DoF 5-3+1 = 3
    res = resolve_ok(spray(weapon(FLAMER, qualities=["Spray", "Flame"]), dice=[45, 6, 55]))
    assert [(t["quality"], t["hit"], t["target"], t["roll"], t["degrees"]) for t in res["target_tests"]] == [
        ("Spray", None, 30, 45, -2),
        ("Flame", 1, 30, 55, -3),
    ]


def test_spray_dh1() -> None:
    refused("dh1", "Spray")


def test_spray_dw() -> None:
    refused("dw", "Spray")
