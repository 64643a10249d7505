"""Where a round lands, in an encounter: a Blast weapon's miss rolls the Scatter Diagram (DH2 Core, Ch. VII,
Scatter Diagram; seed 001 L362) unless the encounter's table rules let the GM place it, and a Smoke
weapon's smokescreen is rolled (seed 001 L460-462), each in the attack's resolution and steps."""

from __future__ import annotations

from encounter_helpers import AUTOGUN, GUARD, dh2_fight

LAUNCHER = {**AUTOGUN, "name": "Grenade Launcher", "damage_type": "X", "qualities": ["Blast (3)"]}


def test_encounter_blast_miss_rolls_the_scatter_diagram() -> None:
    # BS 40 + 10 (Standard Attack) + 10 (Short range, 20 m) = 60; roll 75: 7 - 6 + 1 = 2 degrees of failure.
    # Scatter Diagram d10 = 4; 1d5 per degree of failure x 2: d10 9 -> 5, d10 1 -> 1 = 6 metres
    f = dh2_fight(guard={**GUARD, "weapon": LAUNCHER})
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [75, 4, 9, 1]})
    res = out["resolution"]
    assert (res["outcome"], res["target_number"]) == ("miss", 60)
    assert res["scatter"] == {"direction": 4, "metres": 6}


def test_encounter_gm_places_a_missed_blast_when_its_table_rules_say_so() -> None:
    # options.gm_scatters: the miss (75 over 60) draws no scatter die; the step leaves it to the GM
    f = dh2_fight(guard={**GUARD, "weapon": LAUNCHER})
    f.file["options"] = {"gm_scatters": True}
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [75]})
    res = out["resolution"]
    assert res["outcome"] == "miss"
    assert "scatter" not in res
    assert [d["value"] for d in res["dice"]] == [75]
    assert any("The GM places it" in s["detail"] for s in res["steps"])


def test_encounter_smoke_grenade_raises_its_screen() -> None:
    # DH2 Smoke (5): roll 75 misses; the screen is 5 m radius (10 across) for 1d10 + 10 = 3 + 10 = 13 rounds
    smoke = {**AUTOGUN, "name": "Smoke Launcher", "qualities": ["Smoke (5)"]}
    f = dh2_fight(guard={**GUARD, "weapon": smoke})
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [75, 3]})
    assert out["resolution"]["smoke"] == {"metres_across": 10, "rounds": 13}
