"""A Fatigued target takes -10 on its own tests: the pinning test and the quality tests the engine rolls
for it (Shocking, Toxic, Concussive on T; Snare, Flame on Ag).

Seed 001, Fatigue: "Fatigued characters -10 all Tests"; seed 003 (DH1): "Fatigued | All tests -10"; DH2
(seed 004 is silent): DH2 Core, Ch. VII, Fatigue (a Fatigued character suffers -10 to all tests). In a
single scenario the target's ``fatigue`` (levels) says so; in the encounter its Fatigue fills it, as it
already takes -10 from its Dodge or Parry.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon
from encounter_helpers import Fight
from qualities.readings import with_fields
from test_dw_step_one import HEAVY_BOLTER
from test_encounter_dw_epic import MARINE


def _fatigued(data: dict[str, Any], levels: int = 1) -> dict[str, Any]:
    data["target"]["fatigue"] = levels
    return data


def _test(res: dict[str, Any], quality: str) -> tuple[object, ...]:
    tt = next(t for t in res["target_tests"] if t["quality"] == quality)
    return tt["modifier"], tt["target"], tt["roll"], tt["success"]


def test_dw_fatigued_target_pinning_test() -> None:
    # Heavy Bolter Suppressing Fire at 40 m: BS 40 - 20 + 10 = 30, roll 80 misses. The Fatigued cultist tests
    # WP 30 - 20 - 10 = 0 and fails on 05 (unfatigued: 10, and 05 would pass).
    data = dw.scenario(HEAVY_BOLTER, action="Suppressing Fire", distance=40, target_WP=30, dice=[80, 5])
    res = dw.attack(_fatigued(data))
    assert _test(res, "Pinning") == (-30, 0, 5, False)
    assert "30 \u221220 \u221210 (Fatigued" in dw.step_text(res, "Pinning")


def test_dw_unfatigued_target_pinning_test_unchanged() -> None:
    data = dw.scenario(HEAVY_BOLTER, action="Suppressing Fire", distance=40, target_WP=30, dice=[80, 5])
    res = dw.attack(_fatigued(data, 0))
    assert _test(res, "Pinning") == (-20, 10, 5, True)


def test_dw_fatigued_snare() -> None:
    # Autogun with Snare: roll 33 -> Body, d10 6 + 3 against AP 20: no wound; still tested (when hit):
    # Ag 40 + 0 - 10 = 30, roll 35 fails (40 unfatigued would pass)
    gun = weapon(dw.AUTOGUN, qualities=["Snare"])
    data = with_fields(dw.scenario(gun, armour={"Body": 20}, dice=[33, 6, 35]), target_Ag=40)
    assert _test(dw.attack(_fatigued(data)), "Snare") == (-10, 30, 35, False)


def test_dh2_fatigued_snare() -> None:
    # Lasgun with Snare (2): roll 23 hits; Ag 40 - 20 - 10 = 10: roll 15 fails (20 unfatigued: passes)
    data = with_fields(scenario(weapon(LASGUN, qualities=["Snare (2)"]), dice=[23, 6, 15]), target_Ag=40)
    assert _test(resolve_ok(_fatigued(data)), "Snare") == (-30, 10, 15, False)


def test_dh1_fatigued_toxic() -> None:
    # Needle Rifle (Toxic): roll 23, Body AP 2: 8 - 2 - 3 = 3 wounds; T 40 - 5 x 3 - 10 = 15: roll 20 fails
    # (25 unfatigued would pass) and costs 1d10 7 more wounds
    toxic = weapon(dh1.LASGUN, name="Needle Rifle", qualities=["Toxic"])
    res = resolve_ok(_fatigued(dh1.scenario(toxic, armour={"Body": 2}, target_T=40, dice=[23, 6, 20, 7])))
    assert _test(res, "Toxic") == (-25, 15, 20, False)
    assert res["total_wounds"] == 3 + 7


def test_dh1_fatigued_flame_agility_test() -> None:
    # DH1 Flamer at 10 m: no attack test; the target's Ag 30 - 10 = 20 area test: roll 25 fails and it is
    # struck (unfatigued, 30 evades); d10 6 -> damaged; the catch-fire test Ag 20 again, 15 passes
    res = resolve_ok(_fatigued(dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[25, 6, 15])))
    first, second = (t for t in res["target_tests"] if t["quality"] == "Flame")
    assert (first["target"], first["success"]) == (20, False)
    assert (second["target"], second["success"]) == (20, True)


def test_fatigue_is_not_a_second_penalty_on_the_dodge() -> None:
    # the target's Reaction keeps its typed modifier: the encounter already puts Fatigue there (-10), and the
    # attack adds no second -10 from ``fatigue``. The Lasgun's roll 23 hits; Dodge 30 + 0 = 30 (40 fails),
    # then the hit's damage d10
    data = scenario(LASGUN, dice=[23, 40, 6])
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 30}
    res = resolve_ok(_fatigued(data))
    assert res["evasion_test"]["target"] == 30


def _fight(*names: str) -> Fight:
    f = Fight("dw")
    marine = {**MARINE, "weapon": HEAVY_BOLTER}
    f.do({"type": "add", "combatant": {"id": "m", "name": "Castor", "attacker": marine, "target": {"wounds": 20}}})
    for name in names:
        cultist = {"name": name, "wounds": 10, "toughness_bonus": 3, "characteristics": {"WP": 30, "Ag": 30}}
        f.do({"type": "add", "combatant": {"id": name[-1].lower(), "name": name, "target": cultist}})
    f.do({"type": "initiative", "dice": [9, 4, 1][: len(names) + 1]})
    return f


def test_encounter_fatigued_cultist_is_pinned_on_05() -> None:
    # as the first test, in an encounter: the Cultist with a level of Fatigue tests 30 - 20 - 10 = 0; 05 fails
    f = _fight("Cultist B")
    f.do({"type": "adjust", "who": "b", "fatigue": 1})
    action = {"type": "Suppressing Fire", "distance": 40, "braced": True}
    out = f.do({"type": "attack", "who": "m", "at": "b", "action": action, "dice": [80, 5]})
    assert _test(out["resolution"], "Pinning") == (-30, 0, 5, False)
    assert any(c["name"] == "Pinned" for c in f.who("b")["conditions"])


def test_encounter_fatigued_one_in_the_area_tests_at_minus_ten() -> None:
    # Cultist C in the area, Fatigued: 30 - 20 - 10 = 0, fails on 05; the target B (not Fatigued) passes on 05
    f = _fight("Cultist B", "Cultist C")
    f.do({"type": "adjust", "who": "c", "fatigue": 1})
    action = {"type": "Suppressing Fire", "distance": 40, "braced": True}
    out = f.do({"type": "attack", "who": "m", "at": "b", "action": action, "area": ["c"], "dice": [80, 5, 5]})
    tests = [(t["person"], t["target"], t["success"]) for t in out["resolution"]["target_tests"]]
    assert tests == [(0, 10, True), (1, 0, False)]
    assert any(x["name"] == "Pinned" for x in f.who("c")["conditions"])


def test_encounter_dh2_fatigued_target_snare_test() -> None:
    # DH2: the Guard's Autogun with Snare (2) at 20 m: BS 40 + 10 (Standard) + 10 (Short) = 60, roll 23 hits
    # (Body); d10 6 + 3 - TB 3 = 6 wounds. The Cultist, Fatigued, tests Ag 40 - 20 - 10 = 10: 15 fails, and it
    # is Immobilised (20 unfatigued would pass)
    from encounter_helpers import AUTOGUN, CULTIST_TARGET, GUARD, dh2_fight

    guard = {**GUARD, "weapon": {**AUTOGUN, "qualities": ["Snare (2)"]}}
    cultist = {k: v for k, v in CULTIST_TARGET.items() if k != "evasion"} | {"characteristics": {"Ag": 40}}
    f = dh2_fight(guard, cultist)
    f.do({"type": "adjust", "who": "c", "fatigue": 1})
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [23, 6, 15]})
    assert _test(out["resolution"], "Snare") == (-30, 10, 15, False)
    assert any(x["name"] == "Immobilised" for x in f.who("c")["conditions"])
