"""What the page's forms and cards show is what the engine resolves: the envelope's
``turn.scenario`` is the scenario the acting combatant's attack on its default target is resolved
with (the Attacker and Target forms fill from it), and a card's damage reads the running total the
next hit counts from (seed 004, Step Five: critical damage accumulated; the reading in
rules/encounter/criticals.py: a critical total the GM set by hand counts as one dealt by attacks)."""

from __future__ import annotations

import re
from typing import Any

from auspex_web.render_encounter import render_encounter
from encounter_helpers import dh2_fight
from test_render_encounter import card

from rules.encounter.run import run_encounter


def test_critical_damage_set_by_hand_reads_the_same_on_the_card_the_target_form_and_the_engine() -> None:
    f = dh2_fight()  # round 1, the Guard's turn; the Cultist: 10 Wounds, nothing taken
    out = f.do({"type": "adjust", "who": "c", "critical": 3})  # the GM sets critical damage 3 by hand
    # hand count: the next hit counts from Wounds 10 + critical damage 3 = 13 (seed 004, Step Five)
    scenario = out["turn"]["scenario"]
    assert out["turn"]["who"] == "g" and out["turn"]["target"] == "c"
    assert scenario["target"]["damage_taken"] == 13
    preview = run_encounter({"encounter": f.file, "preview": {"who": "g", "at": "c", "action": {}}})
    assert scenario == preview["scenario"]  # what the Odds panel and Resolve read
    assert "13 taken: all 10 wounds, critical damage 3" in card(render_encounter(out["state"]), "c")


def test_the_forms_scenario_is_the_one_the_attack_is_resolved_with() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})  # +10 held (seed 003, Aim)
    f.do({"type": "adjust", "who": "c", "damage_taken": 4, "fatigue": 1})
    out = f.do({"type": "adjust", "who": "g", "rounds": 7})
    scenario = out["turn"]["scenario"]
    assert scenario["action"]["aim"] == "half"
    assert scenario["attacker"]["weapon"]["clip"] == 7  # 7 of the Autogun's 30 left
    assert scenario["target"]["damage_taken"] == 4 and scenario["target"]["fatigue"] == 1
    # Fatigue's -10 on the Cultist's Dodge (seed 001, Fatigue): 0 typed, -10 in all
    assert scenario["target"]["evasion"]["modifier"] == -10
    assert scenario["target"]["name"] == "Cultist" and scenario["attacker"]["name"] == "Guard"


def _pair(out: dict[str, Any], who: str, at: str) -> dict[str, Any]:
    return dict(run_encounter({"encounter": out["encounter"], "forms": {"who": who, "at": at}}))


def test_the_forms_of_another_pair_come_from_the_engine_too() -> None:
    f = dh2_fight()
    out = f.do({"type": "adjust", "who": "g", "critical": 2, "damage_taken": 5})
    # the Guard: 12 Wounds, critical damage 2: the next hit on it counts from 12 + 2 = 14
    answer = _pair(out, "c", "g")
    assert answer["status"] == "ok" and answer["scenario"]["target"]["damage_taken"] == 14
    assert answer["scenario"]["attacker"]["weapon"]["name"] == "Knife"


def test_a_jammed_weapon_still_fills_the_forms_and_the_attack_says_why_not() -> None:
    f = dh2_fight()
    out = f.do({"type": "adjust", "who": "g", "jammed": True, "rounds": 12})
    assert out["turn"]["allowed"]["attack"] is not None and "jammed" in out["turn"]["allowed"]["attack"]
    assert out["turn"]["scenario"]["attacker"]["weapon"]["clip"] == 12


def test_no_pair_no_scenario() -> None:
    f = dh2_fight()
    answer = _pair(f.last, "g", "g")
    assert answer["status"] == "ok" and answer["scenario"] is None
    assert re.search("cannot attack itself", answer["reason"])
