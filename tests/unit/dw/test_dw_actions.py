"""Deathwatch's actions and combat difficulty beyond the attack's modifiers.

Seed 001, Combat Difficulty Summary: "Attacking or Dodging whilst in the mud or heavy rain." is
Difficult (-10) and "Attacking or Dodging in deep snow." Very Hard (-30): the target's Dodge in
them takes the same. Seed 001, Combat Actions: every row is in the catalogue
(test_action_tables.py); its Charge is checked in test_dw_charge.py.
"""

from __future__ import annotations

import pytest
from dw_scenarios import KNIFE, attack, scenario


@pytest.mark.parametrize(("circumstance", "penalty"), [("Mud or Heavy Rain", -10), ("Deep Snow", -30)])
def test_dodging_in_mud_or_snow_takes_its_penalty(circumstance: str, penalty: int) -> None:
    data = scenario(KNIFE, distance=1, dice=[5, 99, 3])
    data["action"]["circumstances"] = [circumstance]
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 50}
    res = attack(data)
    detail = next(s["detail"] for s in res["steps"] if s["rule"] == "Evasion")
    assert f"({penalty:+d}: dodging in {circumstance})".replace("-", "\u2212") in detail
    assert f"= {50 + penalty};" in detail
