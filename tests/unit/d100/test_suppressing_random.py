"""Suppressing Fire's hits given to random targets in the area.

Seed 001, Suppressing Fire: "Make a Hard (-20) Ballistic Skill Test to determine if anyone in area
has been hit, GM assigns hit to random target. An extra hit is scored for every 2 degrees of
success." With ``action.random_targets`` and the others in the area in ``target.nearby``, each hit
goes to a die-chosen one of them (1: the target, 2: the first listed...); in the encounter the
attack event's ``area`` lists the combatants.

The hand count shared by these tests (as tests/unit/dw/test_dw_pinning.py): Autogun at 40 m (Short
+10): BS 40 - 20 + 10 = 30; roll 10 -> 2 DoS -> 1 + 2 // 2 = 2 hits; reversed 01: Head, then Head.
Each damage d10 5: 5 + 3 = 8.
"""

from __future__ import annotations

from typing import Any

from dw_scenarios import attack, die_order, errors_of, locations, scenario
from encounter_helpers import Fight

GROT = {"name": "Grot", "toughness_bonus": 2, "wounds": 6}


def _random(**kw: Any) -> dict[str, Any]:
    data = scenario(action="Suppressing Fire", distance=40, **kw)
    data["action"]["random_targets"] = True
    return data


def test_each_hit_to_the_target_or_the_one_listed_by_a_die() -> None:
    # d2 for hit 1: 1 (the target), hit 2: 2 (the Grot). The Grot's hit: d100 33 reversed 33: Body.
    # Ork: 8 - TB 4 = 4; Grot: 8 - TB 2 = 6
    res = attack(_random(nearby=[{**GROT, "hits": 1}], dice=[10, 1, 2, 33, 5, 5]))
    assert die_order(res)[:4] == [
        "to-hit d100",
        "Suppressing Fire: which target (hit 1)",
        "Suppressing Fire: which target (hit 2)",
        "Grot: hit location d100",
    ]
    assert [d["sides"] for d in res["dice"][1:3]] == [2, 2]
    assert locations(res) == ["Head"]
    grot = [h for h in res["hits"] if h["person"] != 0]
    assert [(h["name"], h["location"], h["wounds"]) for h in grot] == [("Grot", "Body", 6)]
    step = next(s for s in res["steps"] if s["rule"] == "Suppressing Fire: random targets")
    assert step["source"].startswith("seed 001, Suppressing Fire")


def test_every_hit_may_fall_on_the_others() -> None:
    # both d2s 2: the Grot takes both (Body, then the Body row's second hit: Arm), the target none
    res = attack(_random(nearby=[{**GROT, "hits": 1}], dice=[10, 2, 2, 33, 5, 5]))
    assert locations(res) == []
    grot = [h["location"] for h in res["hits"] if h["person"] != 0]
    assert len(grot) == 2 and grot[0] == "Body"


def test_three_in_the_area_roll_a_d3() -> None:
    res = attack(_random(nearby=[{**GROT, "hits": 1}, {**GROT, "name": "Snot", "hits": 1}], dice=[10, 3, 3, 33, 5, 5]))
    assert [d["sides"] for d in res["dice"][1:3]] == [3, 3]
    assert {h["name"] for h in res["hits"] if h["person"] != 0} == {"Snot"}


def test_without_a_list_every_hit_stays_on_the_target() -> None:
    res = attack(_random(dice=[10, 5, 5]))
    assert locations(res) == ["Head", "Head"]


def test_random_targets_is_suppressing_fires_only() -> None:
    data = scenario(action="Full Auto Burst", distance=40, nearby=[{**GROT, "hits": 1}], dice=[10])
    data["action"]["random_targets"] = True
    assert list(errors_of(data)) == ["action.random_targets"]


def test_without_the_field_suppressing_fire_keeps_todays_hits() -> None:
    # the list alone changes nothing (the golden corpus): every hit on the target
    res = attack(scenario(action="Suppressing Fire", distance=40, nearby=[{**GROT, "hits": 1}], dice=[10, 5, 5]))
    assert locations(res) == ["Head", "Head"]


def _area_fight() -> Fight:
    from test_dw_overwatch import MARINE

    f = Fight("dw")
    autogun = {"name": "Autogun", "class": "Basic", "range": 90, "rof": "S/3/10", "damage": "1d10+3", "clip": 30}
    marine = {**MARINE, "weapon": autogun}
    f.do({"type": "add", "combatant": {"id": "m", "name": "Castor", "attacker": marine, "target": {"wounds": 20}}})
    ork = {"name": "Ork", "wounds": 20, "toughness_bonus": 4, "characteristics": {"Ag": 30}}
    f.do({"type": "add", "combatant": {"id": "o", "name": "Ork", "target": ork}})
    f.do({"type": "add", "combatant": {"id": "g", "name": "Grot", "target": {**GROT, "characteristics": {"Ag": 20}}}})
    f.do({"type": "initiative", "dice": [9, 4, 1]})
    return f


def test_encounter_area_gives_each_hit_to_a_random_combatant() -> None:
    # as above: d2s 1 then 2: the Ork takes a Head hit (8 - 4 = 4), the Grot a Body hit (8 - 2 = 6)
    f = _area_fight()
    action = {"type": "Suppressing Fire", "distance": 40}
    out = f.do({"type": "attack", "who": "m", "at": "o", "action": action, "area": ["g"], "dice": [10, 1, 2, 33, 5, 5]})
    assert out["encounter"]["events"][-1]["area"] == ["g"]
    assert f.who("o")["damage_taken"] == 4
    assert f.who("g")["damage_taken"] == 6
    assert f.who("g")["shot_at"] is True


def test_encounter_area_is_suppressing_fires_only() -> None:
    f = _area_fight()
    action = {"type": "Full Auto Burst", "distance": 40}
    errors = f.refused({"type": "attack", "who": "m", "at": "o", "action": action, "area": ["g"], "dice": [10]})
    assert errors[0]["field"] == "then.area"
