"""Blast (X), in each ruleset.

- DH2 (DH2 Core, Ch. V, Blast (X)): everyone within X metres of the hit is hit once, each with a location of its
  own; the damage is rolled once (the degrees' die included) and applied to each; a missed shot scatters.
- DH1 (seed 003, Weapon Qualities: Blast (X); DH1 Core, Ch. V, Blast) and Deathwatch (seed 001, Weapon Qualities:
  Blast (X)): each person hit rolls a location and damage of its own. Against a Horde (Deathwatch, seed 001,
  Hordes: "hits a number of times equal to its Blast value"): test_dw_hordes.py.

Blast multiplies a Horde's hits after Twin-Linked's and before Explosive's: test_quality_order.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, errors_of, purposes, resolve_ok, scenario, weapon

from .readings import details, rolled, with_fields

LAUNCHER = weapon(LASGUN, name="Grenade Launcher", qualities=["Blast (3)"])


LAUNCHER_DH1 = weapon(dh1.LASGUN, name="Grenade Launcher", damage_type="X", qualities=["Blast (3)"])


def test_blast_dh2() -> None:
    # 40 + 10 = 50, roll 23 -> DoS 4, Body. Two others: d100 12 -> 21 Left Arm; d100 50 -> 05 Head.
    # Damage rolled once: d10 6 + 3 = 9 (4 DoS < 6) for everyone.
    #   target Body AP 0: 9 - 3 = 6; person 1 Left Arm AP 0: 6; person 2 Head AP 4: 9 - 4 - 3 = 2.
    # Only the target's wounds count for the target: 6.
    data = with_fields(scenario(LAUNCHER, armour={"Head": 4}, dice=[23, 12, 50, 6]), others=2)
    res = resolve_ok(data)
    assert [(h["number"], h["person"], h["location"], h["damage"], h["wounds"]) for h in res["hits"]] == [
        (1, 0, "Body", 9, 6),
        (2, 1, "Left Arm", 9, 6),
        (3, 2, "Head", 9, 2),
    ]
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "Blast: person 1 hit location d100",
        "Blast: person 2 hit location d100",
        "hit 1 damage d10",
    ]
    assert res["total_wounds"] == 6
    assert res["damage_taken_after"] == 6
    assert res["hits_scored"] == 1
    assert "2 other(s) within 3 m are hit too" in details(res, "Quality: Blast (3)")[0]


def test_blast_dh2_others_nearby_without_it_are_not_hit() -> None:
    # The same attack without Blast: one hit on the target, no location d100s for the others
    data = with_fields(scenario(LASGUN, armour={"Head": 4}, dice=[23, 6]), others=2)
    res = resolve_ok(data)
    assert [(h["person"], h["wounds"]) for h in res["hits"]] == [(0, 6)]
    assert len(res["dice"]) == 2
    assert details(res, "Others nearby")


def test_blast_dh2_others_location_d100s_come_after_the_evasion_d100() -> None:
    # Pins the order the engine asks for (its docstring lists Blast locations before Evasion; the code
    # rolls the Evasion d100 first). Dodge 40 rolls 41: fails. Person 1: d100 12 -> Left Arm. d10 6.
    data = with_fields(scenario(LAUNCHER, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 41, 12, 6]), others=1)
    res = resolve_ok(data)
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "Dodge d100 (evasion)",
        "Blast: person 1 hit location d100",
        "hit 1 damage d10",
    ]
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [(0, "Body", 6), (1, "Left Arm", 6)]


def test_blast_dh2_damage_rolled_once_even_when_the_target_dodges() -> None:
    # Roll 23 hits (DoS 4, Body); Dodge 40 rolls 10 -> DoS 4-1+1 = 4 -> the target's one hit is negated.
    # The two others are still hit: d100 12 -> Left Arm, d100 50 -> Head. Damage rolled ONCE: d10 6 + 3 = 9
    # each -> 6 wounds each (AP 0). Five dice in all; the sixth (2) must stay unused.
    data = with_fields(
        scenario(LAUNCHER, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 10, 12, 50, 6, 2]), others=2
    )
    res = resolve_ok(data)
    assert res["outcome"] == "evaded"
    assert [(h["person"], h["damage"], h["wounds"]) for h in res["hits"]] == [(1, 9, 6), (2, 9, 6)]
    assert rolled(res) == [23, 10, 12, 50, 6]


def test_blast_dh2_degrees_replacement_is_part_of_the_one_damage_roll() -> None:
    # Roll 23: DoS 4, Body. One other: d100 12 -> Left Arm. d10 2: the 4 DoS replace it (4 + 3 = 7 beats 5)
    # -> damage 7 for the target AND for the other (one damage roll): 7 - 3 = 4 wounds each.
    data = with_fields(scenario(LAUNCHER, dice=[23, 12, 2]), others=1)
    res = resolve_ok(data)
    assert [(h["person"], h["damage"], h["wounds"]) for h in res["hits"]] == [(0, 7, 4), (1, 7, 4)]


def test_blast_dh2_missed_shot_scatters_on_the_diagram() -> None:
    # BS 40 + 10 = 50, roll 60: a miss by 6 - 5 + 1 = 2 degrees of failure (DH2 tens digits). Scatter
    # Diagram d10 = 3 (the direction); distance 1d5 per degree of failure x 2: d10 7 -> d5 4, d10 2 -> d5 1
    # = 5 metres. No d100 for the others: the GM sees who is within 3 m where it lands.
    data = with_fields(scenario(LAUNCHER, dice=[60, 3, 7, 2]), others=2)
    res = resolve_ok(data)
    assert (res["outcome"], res["target_number"]) == ("miss", 50)
    assert res["scatter"] == {"direction": 3, "metres": 5}
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "Scatter Diagram: direction d10",
        "Scatter: metres d5 (1 of 2) (d5: d10 halved, rounding up)",
        "Scatter: metres d5 (2 of 2) (d5: d10 halved, rounding up)",
    ]
    (detail,) = details(res, "Quality: Blast (3)")
    assert "Scatter Diagram d10 = 3" in detail
    assert "1d5 per degree of failure \u00d7 2: 2d5 = 4 + 1 = 5 metres" in detail


def test_blast_dh2_missed_shot_placed_by_the_gm_rolls_no_scatter() -> None:
    # options.gm_scatters: the GM places the round; only the test's d100 is drawn
    data = with_fields(scenario(LAUNCHER, dice=[60]), others=2)
    data["options"] = {"gm_scatters": True}
    res = resolve_ok(data)
    assert res["outcome"] == "miss"
    assert "scatter" not in res
    assert rolled(res) == [60]
    assert "The GM places it" in details(res, "Quality: Blast (3)")[0]


def test_blast_dh1() -> None:
    # BS 40, roll 23 hits the target's Body. Two others within 3 m: location d100s 45 (-> 54 Body) and
    # 100 (00 -> 00: Left Leg). Damage: target d10 5 -> 7 - 3 = 4; person 1 d10 8 -> 10 - 3 = 7;
    # person 2 d10 2 -> 4 - 3 = 1. The target's wounds are its own: 4.
    res = resolve_ok(dh1.scenario(LAUNCHER_DH1, others=2, dice=[23, 45, 100, 5, 8, 2]))
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [
        (0, "Body", 4),
        (1, "Body", 7),
        (2, "Left Leg", 1),
    ]
    assert (res["total_wounds"], res["damage_taken_after"]) == (4, 4)
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "to-hit d100",
        "Blast: person 1 hit location d100",
        "Blast: person 2 hit location d100",
        "hit 1 damage d10",
        "person 1 hit 2 damage d10",
        "person 2 hit 3 damage d10",
    ]


def test_blast_dh1_others_still_hit_when_the_target_dodges() -> None:
    # Dodge 40, roll 30 -> DoS 1 -> negates the target's one hit; person 1 (d100 45 -> Body) still
    # takes d10 8 + 2 = 10 - 3 = 7
    res = resolve_ok(
        dh1.scenario(LAUNCHER_DH1, others=1, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 30, 45, 8])
    )
    assert res["outcome"] == "evaded"
    assert [(h["person"], h["location"], h["wounds"]) for h in res["hits"]] == [(1, "Body", 7)]
    assert res["total_wounds"] == 0


def test_blast_dh1_others_nearby_without_it_are_not_hit() -> None:
    res = resolve_ok(dh1.scenario(dh1.LASGUN, others=2, dice=[23, 5]))
    assert [h["person"] for h in res["hits"]] == [0]
    assert len(res["dice"]) == 2
    assert "Others nearby" in dh1.rules_applied(res)


def test_blast_dh1_miss_scatters_1d10_metres() -> None:
    # roll 60 misses; Scatter Diagram d10 = 9, distance 1d10 = 4 metres (DH1 Core, Ch. VIII, Scatter Diagram)
    res = resolve_ok(dh1.scenario(LAUNCHER_DH1, others=2, dice=[60, 9, 4]))
    assert res["outcome"] == "miss"
    assert res["scatter"] == {"direction": 9, "metres": 4}
    assert "Scatter Diagram d10 = 9" in dh1.step_text(res, "Quality: Blast (3)")
    assert "distance 1d10 = 4 metres" in dh1.step_text(res, "Quality: Blast (3)")


def test_blast_dw_miss_scatters_1d10_metres() -> None:
    # seed 001 L362 (Scatter Diagram): BS 40, roll 95 misses (not a jam: 96-00); d10 = 1, 1d10 = 10 metres
    launcher = weapon(dw.AUTOGUN, name="Grenade Launcher", qualities=["Blast (3)"])
    res = dw.attack(dw.scenario(launcher, dice=[95, 1, 10]))
    assert res["outcome"] == "miss"
    assert res["scatter"] == {"direction": 1, "metres": 10}


def test_blast_dh1_needs_its_radius() -> None:
    errors = errors_of(dh1.scenario(weapon(dh1.LASGUN, qualities=["Blast"]), dice=[23, 5]))
    assert errors == {"attacker.weapon.qualities.0": "Blast takes a value, e.g. Blast (2)"}


def test_blast_dw() -> None:
    # Frag missile 2d10 X Pen 2 Blast (3), BS 40 + 10 = 50; roll 23 -> Body. One other: d100 12 -> 21 Left Arm.
    # Each rolls its own damage: target 5 + 5 = 10 - TB 4 = 6; person 1: 6 + 6 = 12 - 4 = 8 (no armour).
    data = with_fields(dw.scenario(dw.MISSILE_LAUNCHER, dice=[23, 12, 5, 5, 6, 6]), others=1)
    res = dw.attack(data)
    assert [(h["person"], h["location"], h["damage"], h["wounds"]) for h in res["hits"]] == [
        (0, "Body", 10, 6),
        (1, "Left Arm", 12, 8),
    ]
    assert dw.die_order(res)[:2] == ["to-hit d100", "Blast: person 1 hit location d100"]
    assert res["total_wounds"] == 6
