"""Deathwatch Suppressing Fire pins everyone in its area, not only the target.

Seed 001, Suppressive Fire: "You can suppress an area 45-degrees ... Targets within this area must make
a Hard (-20) Willpower Test or become Pinned." With ``action.random_targets`` the others in the area are
listed in ``target.nearby`` (in the encounter: the attack event's ``area``): after the target's test,
each of them tests Willpower -20 with its own die, in the order listed, and a failure Pins it.

The hand count shared by these tests: the Astartes Heavy Bolter (seed 001: Heavy 150 m -/-/10 2d10+10
X Pen 6 Clip 60 Tearing) suppresses up to 75 m; at 40 m (Short, under half the range: +10), braced,
BS 40 - 20 + 10 = 30, so a roll of 80 misses and no hit is placed. Cultist B (the target) and Cultist C
(in the area) have WP 30: each tests 30 - 20 = 10.
"""

from __future__ import annotations

from typing import Any

from dw_scenarios import attack, die_order, scenario, step_text
from encounter_helpers import Fight
from test_dw_step_one import HEAVY_BOLTER
from test_encounter_dw_epic import MARINE

CULTIST_C = {"name": "Cultist C", "toughness_bonus": 3, "wounds": 10, "hits": 1, "characteristics": {"WP": 30}}


def _area(nearby: list[dict[str, Any]], dice: list[int], **kw: Any) -> dict[str, Any]:
    data = scenario(HEAVY_BOLTER, action="Suppressing Fire", distance=40, target_WP=30, nearby=nearby, dice=dice, **kw)
    data["target"]["name"] = "Cultist B"
    data["action"]["random_targets"] = True
    return data


def _tests(res: dict[str, Any]) -> list[tuple[int, int | None, bool | None]]:
    return [(t["person"], t["target"], t["success"]) for t in res["target_tests"] if t["quality"] == "Pinning"]


def test_everyone_listed_in_the_area_tests_willpower_with_its_own_die() -> None:
    # roll 80 misses (BS 30). B: WP 30 - 20 = 10, roll 05 passes. C: 30 - 20 = 10, roll 11 fails: Pinned.
    # Three dice where the target alone took two.
    res = attack(_area([CULTIST_C], [80, 5, 11]))
    assert res["target_number"] == 30
    assert die_order(res) == ["to-hit d100", "Pinning: Willpower test d100", "Pinning: Cultist C Willpower test d100"]
    assert _tests(res) == [(0, 10, True), (1, 10, False)]
    pinning = step_text(res, "Pinning")
    assert "Cultist B tests Willpower 30 \u221220 = 10" in pinning
    assert "Cultist C tests Willpower 30 \u221220 = 10; rolled 11: failure: Pinned" in pinning


def test_each_of_the_others_in_order() -> None:
    # C (roll 50 fails against 10) before D (WP 45 - 20 = 25, roll 25 passes)
    d = {**CULTIST_C, "name": "Cultist D", "characteristics": {"WP": 45}}
    res = attack(_area([CULTIST_C, d], [80, 5, 50, 25]))
    assert die_order(res)[2:] == ["Pinning: Cultist C Willpower test d100", "Pinning: Cultist D Willpower test d100"]
    assert _tests(res) == [(0, 10, True), (1, 10, False), (2, 25, True)]


def test_one_in_the_area_without_wp_is_named_for_the_gm() -> None:
    # C's WP is not given: its test is the GM's, and no die is rolled for it
    c = {k: v for k, v in CULTIST_C.items() if k != "characteristics"}
    res = attack(_area([c], [80, 5]))
    assert _tests(res) == [(0, 10, True), (1, None, None)]
    assert "Cultist C tests Willpower \u221220" in step_text(res, "Pinning")


def test_a_burst_with_nearby_foes_pins_only_its_target() -> None:
    # a Full Auto Burst from Overwatch lists foes within 2 m for its extra hits, not an area: only the target
    # tests. Full Auto BS 40 + 20 - 20 (Overwatch) + 10 (Short) = 50: 90 misses (no jam: 94-00 jams).
    data = scenario(
        HEAVY_BOLTER, action="Full Auto Burst", overwatch=True, distance=40, target_WP=30, nearby=[CULTIST_C]
    )
    data["dice"] = [90, 5]
    res = attack(data)
    assert _tests(res) == [(0, 10, True)]


def _fight() -> Fight:
    f = Fight("dw")
    marine = {**MARINE, "weapon": HEAVY_BOLTER}
    f.do({"type": "add", "combatant": {"id": "m", "name": "Castor", "attacker": marine, "target": {"wounds": 20}}})
    for cid, name in (("b", "Cultist B"), ("c", "Cultist C")):
        cultist = {"name": name, "wounds": 10, "toughness_bonus": 3, "characteristics": {"WP": 30, "Ag": 30}}
        f.do({"type": "add", "combatant": {"id": cid, "name": name, "target": cultist}})
    f.do({"type": "initiative", "dice": [9, 4, 1]})
    return f


def _pinned(f: Fight, cid: str) -> bool:
    return any(c["name"] == "Pinned" for c in f.who(cid)["conditions"])


def test_encounter_pins_each_combatant_in_the_area_that_fails() -> None:
    # as above: B passes on 05, C fails on 11 and is Pinned though no hit fell on it
    f = _fight()
    action = {"type": "Suppressing Fire", "distance": 40, "braced": True}
    out = f.do({"type": "attack", "who": "m", "at": "b", "action": action, "area": ["c"], "dice": [80, 5, 11]})
    assert [d["purpose"] for d in out["resolution"]["dice"]][2] == "Pinning: Cultist C Willpower test d100"
    assert (_pinned(f, "b"), _pinned(f, "c")) == (False, True)


def test_encounter_pins_the_target_and_the_others_when_all_fail() -> None:
    f = _fight()
    action = {"type": "Suppressing Fire", "distance": 40, "braced": True}
    f.do({"type": "attack", "who": "m", "at": "b", "action": action, "area": ["c"], "dice": [80, 60, 70]})
    assert (_pinned(f, "b"), _pinned(f, "c")) == (True, True)
