"""The encounter in Deathwatch (Pinned, a Horde's Magnitude over two bursts) and Epic (a formation
over two shots: destroyed units gone, Shock carried, Broken), worked by hand."""

from __future__ import annotations

import dw_scenarios
from encounter_helpers import Fight, modifiers

BOLTER = {**dw_scenarios.BOLTER, "reload": "Full"}  # seed 001: Astartes Bolter, Clip 28, Rld Full
MARINE = {"name": "Brother Castor", "characteristics": {"BS": 40, "Ag": 40}, "weapon": BOLTER}


def dw_fight(target: dict) -> Fight:
    f = Fight("dw")
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "m",
                "name": "Castor",
                "attacker": MARINE,
                "target": {"wounds": 20, "toughness_bonus": 8},
            },
        }
    )
    f.do({"type": "add", "combatant": {"id": "h", "name": "Ork mob", "target": target}})
    # a target's Ag is given for initiative: Castor 9 + AB 4 = 13, the mob 4 + 3 = 7
    f.do({"type": "initiative", "dice": [9, 4]})
    return f


HORDE = {"name": "Ork mob", "toughness_bonus": 4, "horde": {"magnitude": 30}, "characteristics": {"Ag": 30}}


def test_horde_magnitude_over_two_full_auto_bursts_is_one_number() -> None:
    f = dw_fight(HORDE)
    # BS 40; Full Auto +20, Magnitude 30 counts as Massive +30: +50 (under the 60 cap): 90. A 10 scores
    # 8 DoS ((90 - 10) // 10): 1 + 8 hits, at most RoF 4; Explosive (X) damage counts one more (seed 001,
    # Hordes): 5 hits, each of 2d10+5 Pen 5 against TB 4 deals damage: Magnitude 30 - 5 = 25.
    f.do(
        {
            "type": "attack",
            "who": "m",
            "at": "h",
            "action": {"type": "Full Auto Burst", "distance": 60},
            "dice": [10] + [5] * 40,
        }
    )
    h = f.who("h")
    assert (h["magnitude"], h["magnitude_start"]) == (25, 30)
    assert "Ork mob: Magnitude \u22125, 25 of 30 left" in f.state()["log"][-1]["text"]
    f.end("m")
    f.end("h")
    # round 2: Magnitude 25 is under 30, so Average size (+0): BS 40 + 20 = 60; a 45 scores 1 DoS: 2 hits
    # and the Explosive one: 3 more: 22 of the 30 it started with
    f.do(
        {
            "type": "attack",
            "who": "m",
            "at": "h",
            "action": {"type": "Full Auto Burst", "distance": 60},
            "dice": [45] + [5] * 40,
        }
    )
    assert f.who("h")["magnitude"] == 22
    assert f.who("m")["weapon"]["rounds"] == 28 - 4 - 4


def test_pinned_attacker_minus_20_bs_and_half_actions_only() -> None:
    f = dw_fight({"name": "Ork", "wounds": 15, "toughness_bonus": 4, "characteristics": {"Ag": 30}})
    f.do({"type": "condition", "who": "m", "condition": "Pinned"})
    errors = f.refused(
        {"type": "attack", "who": "m", "at": "h", "action": {"type": "Full Auto Burst", "distance": 60}, "dice": [5]}
    )
    assert errors[0]["field"] == "then.type"
    assert errors[0]["message"].startswith("Castor is Pinned: Half Actions only, and Full Auto Burst is a Full Action")
    out = f.do(
        {"type": "attack", "who": "m", "at": "h", "action": {"type": "Standard Attack", "distance": 60}, "dice": [95]}
    )
    # seed 001, Combat Difficulty Summary: a Standard Attack is Challenging (+0), 60 m is Standard range
    # for the 100 m Bolter (+0), Attacker is Pinned -20 (seed 001, Pinned): 40 - 20 = 20
    assert modifiers(out)["Attacker is Pinned"] == -20
    assert out["resolution"]["target_number"] == 20


def epic_fight() -> Fight:
    f = Fight("epic")
    squads = [
        {"name": f"Squad {i}", "weapons": [{"name": "Heavy bolter", "range": 30, "use": "AP", "AP": 4}]} for i in (1, 2)
    ]
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "a",
                "name": "Marines",
                "attacker": {"name": "Marines", "units": squads},
                "target": {"name": "Marines", "units": [{}, {}]},
            },
        }
    )
    guards = [{"name": f"Guard {i}", "distance": 10 + i} for i in range(1, 5)]
    f.do(
        {
            "type": "add",
            "combatant": {"id": "t", "name": "Guard company", "target": {"name": "Guard company", "units": guards}},
        }
    )
    f.do({"type": "initiative"})
    return f


def test_epic_formation_over_two_shots_keeps_its_losses_and_shock_and_breaks() -> None:
    f = epic_fight()
    # shot 1: two Heavy bolters (AP4) roll 2 and 5: one hit (a roll equal or under 4), on the closest unit
    # (Guard 1, no save): destroyed. Shock: +1 for coming under fire, +1 for the unit destroyed: 2.
    # 3 units left: Shock 2 < 3, not broken (seed 002).
    f.do({"type": "attack", "who": "a", "at": "t", "action": {}, "dice": [2, 5]})
    t = f.who("t")
    assert (t["units"], t["lost"], t["shock"]) == (3, [0], 2)
    assert t["conditions"] == []
    f.end("a")
    f.end("t")
    # shot 2 at the 3 units left with Shock 2: rolls 1 and 3, two hits on Guard 2 and Guard 3: destroyed.
    # Shock 2 + 1 + 2 = 5 >= 1 unit left: broken.
    out = f.do({"type": "attack", "who": "a", "at": "t", "action": {}, "dice": [1, 3]})
    res = out["resolution"]
    assert res["formations"][0]["shock_before"] == 2 and len(res["formations"][0]["units"]) == 3
    t = f.who("t")
    assert (t["units"], t["lost"], t["shock"]) == (1, [0, 1, 2], 5)
    assert [c["name"] for c in t["conditions"]] == ["Broken"]


def test_one_ruleset_per_encounter() -> None:
    f = epic_fight()
    errors = f.refused(
        {"type": "add", "combatant": {"id": "x", "name": "Guard", "attacker": {"characteristics": {"BS": 40}}}}
    )
    assert errors and all(e["field"].startswith("then.combatant.attacker") for e in errors)
