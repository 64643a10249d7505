"""Blinded: a condition added as one record (rules/encounter/conditions.py) and this test file.

The seeds are silent on blindness; the record reads the published books' Blind trait (DH1 Core and
Deathwatch Core: "automatically fail all Ballistic Skill Tests ... a \u221230 penalty to Weapon Skill
Tests"; DH2 read the same), a reading not checked against the books here. In the
encounter: its bearer's ranged attacks are refused (a BS test it cannot pass), its melee attacks
take \u221230 WS.
"""

from __future__ import annotations

import pytest
from encounter_helpers import dh2_fight, modifiers

from rules.catalogue import catalogue
from rules.encounter import conditions


@pytest.mark.parametrize("system", ["dh2", "dh1", "dw"])
def test_a_blinded_combatant_cannot_shoot(system: str) -> None:
    f = dh2_fight(system=system)  # the Guard's turn, its Autogun in hand
    f.do({"type": "condition", "who": "g", "condition": "Blinded"})
    errors = f.refused(
        {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}, "dice": [5]}
    )
    assert errors[0]["field"] == "then.who"
    assert "Guard is Blinded: no ranged attacks" in errors[0]["message"]


def test_a_blinded_combatant_strikes_at_minus_30_ws() -> None:
    f = dh2_fight()
    f.do({"type": "condition", "who": "c", "condition": "Blinded"})
    f.end("g")  # the Cultist's turn, its knife in hand
    out = f.do(
        {"type": "attack", "who": "c", "at": "g", "action": {"type": "Standard Attack", "distance": 1}, "dice": [15]}
    )
    # WS 30 + Standard Attack 10 (DH2 Table 7-1) - Blinded 30 = 10: the 15 misses (it would hit at 40 unblinded)
    assert modifiers(out)["Blinded (attacker): Cultist is Blinded"] == -30
    assert out["resolution"]["target_number"] == 10 and out["resolution"]["outcome"] == "miss"


def test_blinded_is_the_condition_that_refuses_ranged_attacks_and_the_page_is_told() -> None:
    assert [r.name for r in conditions.having("no_ranged_attacks")] == ["Blinded"]
    blinded = next(x for x in catalogue()["conditions"] if x["name"] == "Blinded")
    assert blinded["categories"] == ["no_ranged_attacks"] and "unchecked" in blinded["source"]
