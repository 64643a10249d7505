"""Fate points in an encounter (rules/encounter/fate.py): a combatant's Fate on its state, spent by
an attack's ``fate_reroll`` on the test of the combatant whose test it is, set by the GM's adjust.
DH2 Core, Ch. I, Fate Points: spend a Fate point to re-roll a failed test; the re-roll stands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD, Fight

from rules.encounter.run import run_encounter

ROOT = Path(__file__).resolve().parents[3]


def _fight(guard_fate: int | None = 2, cultist_fate: int | None = None) -> Fight:
    """The Guard ("g", BS 40, Autogun) and the Cultist ("c", 10 Wounds, TB 3, Dodge 30), each with
    the Fate given; initiative Guard 7 + 3 before Cultist 2 + 3: the Guard's turn."""
    f = Fight("dh2")
    guard: dict[str, Any] = {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"name": "Guard", "wounds": 12}}
    cultist: dict[str, Any] = {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET}
    for c, fate in ((guard, guard_fate), (cultist, cultist_fate)):
        f.do({"type": "add", "combatant": {**c, **({"fate": fate} if fate is not None else {})}})
    f.do({"type": "initiative", "dice": [7, 2]})
    return f


ATTACK = {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}}


def test_fate_starts_full_and_shows_on_the_state() -> None:
    f = _fight()
    assert (f.who("g")["fate"], f.who("g")["fate_max"]) == (2, 2)
    assert "fate" not in f.who("c") and "fate_max" not in f.who("c")  # unknown: left out


def test_fate_rerolls_the_attackers_test_and_spends_its_point() -> None:
    # BS 40 + 10 Standard Attack + 10 Short Range (20 m of 90 m) = 60. 87 misses; the Guard spends
    # Fate: 23 hits (reversed 32: Body). The Cultist's Dodge 30 rolls 50: fails. Damage d10 5 + 3
    # = 8, no armour, TB 3: 5 wounds.
    f = _fight()
    out = f.do({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    res = out["resolution"]
    assert res["outcome"] == "hit" and res["fate"]["set_aside"] == 87 and res["fate"]["stands"] == 23
    assert f.who("c")["damage_taken"] == 5
    assert (f.who("g")["fate"], f.who("g")["fate_max"]) == (1, 2)
    assert "Guard spends a Fate point (1 of 2 left)" in out["state"]["log"][-1]["text"]
    assert out["encounter"]["events"][-1]["fate_reroll"] == "attack"
    assert out["encounter"]["events"][-1]["dice"] == [87, 23, 50, 5]


def test_fate_rerolls_the_targets_evasion_with_its_own_point() -> None:
    # 23 hits; the Cultist's Dodge 80 fails, it spends its Fate point: 10 succeeds against 30 with
    # (3 - 1 + 1) = 3 degrees, negating the one hit.
    f = _fight(guard_fate=None, cultist_fate=1)
    out = f.do({**ATTACK, "fate_reroll": "evasion", "dice": [23, 80, 10]})
    assert out["resolution"]["outcome"] == "evaded"
    assert f.who("c")["fate"] == 0 and f.who("c")["damage_taken"] == 0


def test_fate_refused_without_a_point_to_spend() -> None:
    f = _fight(guard_fate=None)
    errors = f.refused({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    assert errors == [
        {"field": "then.fate_reroll", "message": "Guard has no Fate points: the GM sets Fate with Adjust"}
    ]
    f = _fight(guard_fate=0)
    errors = f.refused({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    assert errors[0]["field"] == "then.fate_reroll" and "no Fate point left (0 of 0)" in errors[0]["message"]


def test_fate_refused_where_the_test_was_not_rolled() -> None:
    # 87 misses with no re-roll asked; an Evasion re-roll has nothing to re-roll
    f = _fight(cultist_fate=1)
    errors = f.refused({**ATTACK, "fate_reroll": "evasion", "dice": [87]})
    assert errors[0]["field"] == "then.fate_reroll" and "not rolled in this attack" in errors[0]["message"]


def test_the_gm_refreshes_and_sets_fate() -> None:
    f = _fight()
    f.do({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    out = f.do({"type": "adjust", "who": "g", "fate": 2})
    assert (f.who("g")["fate"], f.who("g")["fate_max"]) == (2, 2)
    assert "Fate 2/2" in out["state"]["log"][-1]["text"]
    f.do({"type": "adjust", "who": "c", "fate": 1, "fate_max": 3})  # the Cultist had none known
    assert (f.who("c")["fate"], f.who("c")["fate_max"]) == (1, 3)
    errors = f.refused({"type": "adjust", "who": "g", "fate": 3})
    assert errors == [{"field": "then.fate", "message": "Fate left (3) is more than its maximum (2)"}]


def test_fate_refused_in_a_ruleset_without_fate() -> None:
    f = Fight("wh40krp")
    errors = f.refused({"type": "add", "combatant": {"id": "a", "name": "A", "fate": 2}})
    assert errors[0]["field"] == "then.combatant.fate" and "no Fate points" in errors[0]["message"]


def test_an_old_encounter_file_replays_unchanged() -> None:
    # Fate absent: no fate on any state, nothing added to the file
    data = json.loads((ROOT / "examples" / "encounters" / "dh2-three-rounds.json").read_text())
    out = run_encounter({"encounter": data})
    assert out["status"] == "ok", out
    assert all("fate" not in c for c in out["state"]["combatants"])
    assert all("fate_reroll" not in e for e in out["encounter"]["events"])


def test_the_card_shows_fate_left_of_its_maximum() -> None:
    # The tracker's card (static/auspex_web/render_encounter.py): "Fate 1/2" after one point spent;
    # nothing for a combatant whose Fate is unknown
    from auspex_web.render_encounter import render_encounter

    f = _fight()
    f.do({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    html = render_encounter(f.state())
    assert '<p data-k="fate">Fate 1/2</p>' in html
    assert html.count('data-k="fate"') == 1  # the Cultist's Fate is unknown: no line


def test_the_attack_offers_the_tests_whose_combatant_has_fate_left() -> None:
    # 87 misses: only the attack test was rolled, and the Guard has Fate: it is offered, with its
    # die's index; once re-rolled, nothing more is
    f = _fight()
    out = f.do({**ATTACK, "dice": [87]})
    assert [(c["test"], c["who"], c["die"]) for c in out["fate"]] == [("attack", "g", 0)]
    f.do({"type": "adjust", "who": "g", "fate": 0})
    f2 = _fight(guard_fate=None)
    out = f2.do({**ATTACK, "dice": [23, 80, 5]})  # the Guard has no Fate, the Cultist none known
    assert "fate" not in out
    f3 = _fight(cultist_fate=1)
    out = f3.do({**ATTACK, "fate_reroll": "attack", "dice": [87, 23, 50, 5]})
    assert "fate" not in out  # the attack's re-roll is spent: one per attack


SKILL = {"type": "test", "who": "g", "test": "skill", "skill": "Awareness", "value": 45, "modifier": 10, "cost": "half"}


def test_a_named_test_rerolled_with_the_combatants_own_fate() -> None:
    # Awareness 45 +10 = 55 (DH2). 80 fails; the Guard spends Fate: 32 succeeds with 5 - 3 + 1 = 3
    # degrees of success, and the 80 is set aside
    f = _fight()
    out = f.do({**SKILL, "fate_reroll": True, "dice": [80, 32]})
    assert "rolled 32: success, 3 degree(s) of success" in out["steps"][0]["detail"]
    assert out["steps"][1]["rule"] == "Fate point: re-roll"
    assert out["steps"][1]["source"].startswith("DH2 Core, Ch. I, Fate Points")
    assert "the 80 is set aside and the new roll, 32, stands" in out["steps"][1]["detail"]
    assert (f.who("g")["fate"], f.who("g")["fate_max"]) == (1, 2)
    assert out["encounter"]["events"][-1]["dice"] == [80, 32]


def test_a_named_test_without_fate_left_is_refused() -> None:
    f = _fight(guard_fate=0)
    errors = f.refused({**SKILL, "fate_reroll": True, "dice": [80, 32]})
    assert errors[0]["field"] == "then.fate_reroll" and "no Fate point left" in errors[0]["message"]
    # DH1's Threshold roll is d10s, not a d100 test
    f1 = Fight("dh1")
    f1.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "fate": 1}})
    f1.do({"type": "initiative", "dice": [7]})
    focus = {"type": "test", "who": "g", "test": "focus_power", "psy_dice": 2, "threshold": 9, "cost": "half"}
    errors = f1.refused({**focus, "fate_reroll": True, "dice": [4, 6]})
    assert errors[0]["field"] == "then.fate_reroll" and "Threshold roll is d10s" in errors[0]["message"]
