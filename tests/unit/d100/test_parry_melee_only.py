"""A target whose Reaction is Parry can be shot, and struck with a Flexible weapon: the attack goes
ahead and the target makes no Parry (it has no Dodge to fall back on: its Reaction is Parry).

Seed 003, Actions: "Parry | Reaction | Test Weapon Skill to negate a hit" (a melee blow: the books'
Parry, DH1 Core Ch. VIII, DH2 Core Ch. VII, DW Core Ch. VIII); Weapon Qualities: "Flexible | Cannot be
Parried". Seed 001, Combat Actions, the same for Deathwatch. The step log says why no Parry was made;
no evasion die is rolled, and in an encounter the target's Reaction is not spent.
"""

from __future__ import annotations

import json
from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, SWORD, resolve_ok, scenario, weapon
from encounter_helpers import CULTIST_TARGET, dh2_fight
from run_helpers import cli

PARRY_40 = {"reaction": "Parry", "skill": 40}


def _evasion_step(res: dict[str, Any]) -> dict[str, Any]:
    (step,) = [s for s in res["steps"] if s["rule"] == "Evasion"]
    return step


def test_dh2_lasgun_shot_at_a_parrying_target_hits_with_no_parry() -> None:
    # BS 40 + Standard Attack 10 + Standard range (60 m of 100) 0 = 50; 23 hits, DoS 1 + 5 - 2 = 4.
    # 23 reversed is 32: Body. d10 5 (DoS 4 replaces no die) + 3 = 8 - TB 3 = 5 wounds. No Parry d100.
    res = resolve_ok(scenario(LASGUN, evasion=PARRY_40, dice=[23, 5]))
    assert (res["outcome"], res["hits_negated"], res["total_wounds"]) == ("hit", 0, 5)
    assert [d["purpose"] for d in res["dice"]] == ["to-hit d100", "hit 1 damage d10"]
    step = _evasion_step(res)
    assert "Parry, which meets only melee attacks, not the Lasgun's ranged attack" in step["detail"]
    assert step["source"].startswith("seed 004, Evasion Reactions")
    assert "evasion_test" not in res


def test_dh2_flexible_whip_on_a_parrying_target_is_not_parried() -> None:
    # WS 40 + Standard Attack 10 = 50; 23 hits, DoS 4. Body; d10 9 (DoS 4 replaces no die) + SB 3 = 12
    # - TB 3 = 9 wounds. The Parry is not rolled: the Whip is Flexible.
    whip = weapon(SWORD, name="Whip", qualities=["Flexible"])
    res = resolve_ok(scenario(whip, evasion=PARRY_40, dice=[23, 9]))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 9)
    assert len(res["dice"]) == 2
    assert "the Whip is Flexible: it cannot be Parried" in _evasion_step(res)["detail"]


def test_dh1_lasgun_shot_at_a_parrying_target_hits_with_no_parry() -> None:
    # DH1: BS 40, Standard Attack +0, 60 m of 100 (Standard) +0 = 40; 23 hits. 32: Body.
    # d10 5 + 2 = 7 - TB 3 = 4 wounds. No Parry d100.
    res = resolve_ok(dh1.scenario(dh1.LASGUN, evasion=PARRY_40, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 4)
    assert len(res["dice"]) == 2
    step = _evasion_step(res)
    assert "not the Lasgun's ranged attack" in step["detail"] and step["source"].startswith("seed 003, Actions")


def test_dw_lasgun_shot_at_a_parrying_target_hits_with_no_parry() -> None:
    # DW: BS 40 + Standard Attack 10 = 50 at 60 m (Standard); 23 hits. 32: Body.
    # d10 5 + 3 = 8 - TB 4 = 4 wounds. No Parry d100.
    res = dw.attack(dw.scenario(dw.LASGUN, evasion=PARRY_40, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 4)
    assert len(res["dice"]) == 2
    assert _evasion_step(res)["source"].startswith("seed 001, Combat Actions (Parry")


def test_dh2_sword_on_a_parrying_target_is_still_parried() -> None:
    # Unchanged against a melee blow: WS 50, 23 hits; Parry 40 rolls 10: DoS 4, the hit negated.
    res = resolve_ok(scenario(SWORD, evasion=PARRY_40, dice=[23, 10]))
    assert res["outcome"] == "evaded" and res["dice"][1]["purpose"] == "Parry d100 (evasion)"


PARRYING_CULTIST = {**CULTIST_TARGET, "evasion": PARRY_40}
SHOT = {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}, "dice": [23, 5]}


def test_encounter_guard_shoots_a_parrying_cultist() -> None:
    # Autogun BS 40 + Standard Attack 10 + Short range (20 m, under 45) 10 = 60; 23 hits, DoS 1 + 6 - 2 = 5.
    # 32: Body; d10 5 (DoS 5 gives no more) + 3 = 8 - TB 3 = 5 wounds: 5 of the Cultist's 10.
    f = dh2_fight(cultist=PARRYING_CULTIST)
    out = f.do(SHOT)
    res = out["resolution"]
    assert (res["outcome"], res["total_wounds"]) == ("hit", 5)
    assert "no Reaction is made" in _evasion_step(res)["detail"]
    cultist = f.who("c")
    assert cultist["damage_taken"] == 5 and cultist["reaction_used"] is False


def test_cli_encounter_shot_at_a_parrying_cultist(tmp_path: Any) -> None:
    f = dh2_fight(cultist=PARRYING_CULTIST)
    (tmp_path / "fight.json").write_text(json.dumps(f.file))
    (tmp_path / "shot.json").write_text(json.dumps(SHOT))
    proc = cli("encounter", str(tmp_path / "fight.json"), "--then", str(tmp_path / "shot.json"))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)["resolution"]
    assert (res["outcome"], res["total_wounds"]) == ("hit", 5)  # as counted above


def test_cli_resolve_shot_at_a_parrying_target() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(scenario(LASGUN, evasion=PARRY_40, dice=[23, 5])))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total_wounds"] == 5  # as counted in the first test
