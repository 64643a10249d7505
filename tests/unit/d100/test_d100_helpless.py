"""Helpless Targets in the d100 rulesets (``action.helpless``), hand-worked with scripted dice.

How each ruleset reads it (the ruleset modules say so: ``rules/dh2|dh1|dw/__init__.py``):

- DH2 (DH2 Core, Ch. VII, Combat Circumstances): a melee attack succeeds automatically with 1 degree
  of success (the least a DH2 success has); its damage is rolled twice and the two added (dice and
  flat part); a natural 10 on either roll is Righteous Fury (a d5).
- DH1 (seed 003 line 70, "Automatic success. Roll twice for damage"; DH1 Core, Ch. VIII, for melee
  only): 0 degrees; the two rolls added (not Tearing's keep-the-better); the Fury's confirmation
  succeeds automatically with no die.
- Deathwatch (DW Core, Ch. VIII): as DH1.

In every ruleset the d100 is still rolled (its reverse is the hit location), the helpless target
makes no Reaction, and a ranged attack at it is tested as usual.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1s
import dh2_scenarios as dh2s
import dw_scenarios as dws
from dh2_scenarios import SWORD, resolve_ok

from rules.api import load_scenario
from rules.dh2 import DH2Attack
from rules.odds.d100 import outcomes

DODGE = {"reaction": "Dodge", "skill": 60}


def helpless(data: dict[str, Any]) -> dict[str, Any]:
    data["action"]["helpless"] = True
    return data


def dice(res: dict[str, Any]) -> list[tuple[str, int]]:
    return [(d["purpose"], d["value"]) for d in res["dice"]]


def test_dh2_helpless_targets_melee_succeeds_automatically_and_adds_two_damage_rolls() -> None:
    # WS 30 + Standard +10 = 40; the d100 shows 99 (a miss any other time): automatic success, 1 DoS.
    # 99 reversed is 99: Left Leg. Damage 1d10 + SB 4, rolled twice: (7 + 4) + (5 + 4) = 20;
    # the DoS die (1) replaces nothing; TB 3, no armour: 17 wounds. The Dodge is never rolled.
    res = resolve_ok(helpless(dh2s.scenario(SWORD, WS=30, S=40, wounds=30, evasion=DODGE, dice=[99, 7, 5])))
    assert (res["success"], res["degrees"], res["outcome"]) == (True, 1, "hit")
    assert dice(res) == [
        ("to-hit d100", 99),
        ("hit 1 damage d10", 7),
        ("hit 1 damage second roll d10 (Helpless Targets)", 5),
    ]
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["wounds"]) == ("Left Leg", 20, 17)
    assert [d["value"] for d in hit["dice"]] == [7, 5] and all(d["kept"] for d in hit["dice"])
    assert res["hits_negated"] == 0
    sources = {s["rule"]: s["source"] for s in res["steps"]}
    assert "Helpless Targets" in sources["Step Two: test"]
    assert "Helpless Targets" in sources["Evasion"]


def test_dh2_helpless_targets_a_natural_ten_on_the_second_roll_is_righteous_fury() -> None:
    # (3 + 3) + (10 + 3) = 19 - TB 3 = 16 wounds; the second roll's natural 10: 1d5 critical (d10 4 -> 2)
    res = resolve_ok(helpless(dh2s.scenario(SWORD, S=30, wounds=30, dice=[50, 3, 10, 4])))
    hit = res["hits"][0]
    assert (hit["damage"], hit["wounds"]) == (19, 16)
    assert hit["righteous_fury"]["critical_effect"] == 2


def test_dh2_helpless_targets_does_not_give_a_ranged_attack_an_automatic_hit() -> None:
    # BS 40 + Standard +10 = 50; 80 misses, though the target is helpless; its Dodge is not rolled either way
    res = resolve_ok(helpless(dh2s.scenario(BS=40, evasion=DODGE, dice=[80])))
    assert (res["success"], res["outcome"]) == (False, "miss")
    assert any(s["rule"] == "Helpless target" for s in res["steps"])
    # a hit: one damage roll (1d10+3 = 9 - TB 3 = 6), and no Dodge die
    res = resolve_ok(helpless(dh2s.scenario(BS=40, evasion=DODGE, dice=[30, 6])))
    assert dice(res) == [("to-hit d100", 30), ("hit 1 damage d10", 6)]
    assert res["total_wounds"] == 6


def test_dh1_helpless_targets_adds_both_rolls_and_confirms_the_fury_without_a_die() -> None:
    # DH1: 0 degrees. 1d10 + SB 4 twice: (10 + 4) + (2 + 4) = 20 - TB 3 = 17; the 10 calls the Fury,
    # confirmed automatically (no d100), 1d10 = 3 more: 20 wounds.
    res = resolve_ok(helpless(dh1s.scenario(SWORD, WS=20, S=40, wounds=40, dice=[97, 10, 2, 3])))
    assert (res["success"], res["degrees"]) == (True, 0)
    assert dice(res) == [
        ("to-hit d100", 97),
        ("hit 1 damage d10", 10),
        ("hit 1 damage second roll d10 (Helpless Targets)", 2),
        ("hit 1 Righteous Fury d10 (1)", 3),
    ]
    hit = res["hits"][0]
    assert (hit["damage"], hit["wounds"]) == (20, 20)
    assert hit["righteous_fury"]["extra_damage"] == [3]
    assert hit["righteous_fury"]["confirm_roll"] is None


def test_dw_helpless_targets_melee_hits_and_the_target_makes_no_reaction() -> None:
    # Deathwatch: WS 40 + Standard +10; the d100 95 would miss. 0 degrees, one hit; 95 reversed is 59: Body.
    # 1d10 + SB 4 twice: (6 + 4) + (8 + 4) = 22 - TB 4 = 18.
    res = resolve_ok(helpless(dws.scenario(SWORD, S=40, wounds=40, evasion=DODGE, dice=[95, 6, 8])))
    assert (res["success"], res["degrees"], res["hits_scored"]) == (True, 0, 1)
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["wounds"]) == ("Body", 22, 18)
    assert len(res["dice"]) == 3  # no Dodge d100


def test_helpless_defaults_to_false_and_changes_nothing_when_unset() -> None:
    plain = dh2s.scenario(SWORD, WS=30, dice=[99])
    assert load_scenario(plain).action.helpless is False  # type: ignore[union-attr]
    assert resolve_ok(plain)["outcome"] == "miss"


def test_odds_of_a_helpless_melee_attack_are_computed_exactly() -> None:
    # the odds engine walks the resolver's own stages: the attack always hits, and every outcome
    # adds the two damage rolls (brute force agrees: test_odds_brute_force.py, helpless case)
    scenario = load_scenario(helpless(dh2s.scenario(SWORD, WS=1, S=30, wounds=100, evasion=DODGE)))
    dist = outcomes(scenario, DH2Attack)  # type: ignore[arg-type]
    assert dist.chance(lambda o: o.outcome == "hit") == 1
    # 2d10 + 6 - TB 3, no Fury: wounds from 5 to 21; 5 only on (1, 1): 1/100
    assert dist.chance(lambda o: o.wounds == 5) == dist.chance(lambda o: o.wounds == 5 and not o.fury)
    assert float(dist.chance(lambda o: o.wounds == 5)) == 0.01
