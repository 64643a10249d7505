"""The encounter's non-attack actions of the DH1 and Deathwatch tables, worked by hand
with the fighters of encounter_helpers (the Guard: Ag 35, so AB 3; BS 40; the Cultist).

Seed 003 (DH1) L41-57 and seed 001 (Deathwatch) Combat Actions: "Move | Half/Full | Move up to your
movement as a Half Action or twice your movement as a Full Action"; "Disengage | Full | Break off
from melee and move"; "Tactical Advantage | Full | Move from cover to cover" (DW: Tactical
Advance); "Use Skill | Varies | You may use a Skill"; "Jump/Leap | Full | Leap or Jump"; "Focus
Power | Varies | Use a Psychic Power"; seed 001 "Brace Heavy Weapon ... Prepare to fire a heavy
weapon" and Combat Difficulty Summary "Firing a heavy weapon that has not been Braced" (-30).
"""

from __future__ import annotations

from typing import Any

import pytest
from encounter_helpers import GUARD, dh2_fight


def _log(out: dict[str, Any]) -> str:
    return str(out["state"]["log"][-1]["text"])


def _names(f: Any, cid: str) -> list[str]:
    return [c["name"] for c in f.who(cid)["conditions"]]


@pytest.mark.parametrize(("system", "full", "metres"), [("dh1", False, 3), ("dh1", True, 6), ("dw", True, 6)])
def test_move_half_is_ab_metres_and_full_twice_that(system: str, full: bool, metres: int) -> None:
    # Ag 35: AB 3. Half Move 3 m, Full Move 6 m (seed 001 Movement table, row AB 3: 3 / 6; DH1 Core)
    f = dh2_fight(system=system)
    out = f.do({"type": "move", "who": "g", **({"full": True} if full else {})})
    assert f"up to {metres} m" in _log(out)
    assert "Move" in _log(out) and ("seed 003" in _log(out) or "seed 001" in _log(out))
    if full:  # a Full Action: nothing left this turn
        assert f.refused({"type": "ready", "who": "g"})[0]["field"] == "then.type"
    else:
        f.do({"type": "ready", "who": "g"})


def test_disengage_is_a_full_action_that_leaves_melee_with_no_free_attack() -> None:
    f = dh2_fight(system="dh1")
    out = f.do({"type": "disengage", "who": "g"})
    assert "breaks off from melee" in _log(out) and "no free attack" in _log(out)
    assert "seed 003, Actions (Disengage" in _log(out)
    assert f.refused({"type": "ready", "who": "g"})[0]["field"] == "then.type"  # Full: the turn is spent


def test_tactical_advance_counts_as_in_cover_until_its_next_turn_and_the_attack_shows_it() -> None:
    f = dh2_fight(system="dw")
    out = f.do({"type": "tactical_advance", "who": "g"})
    assert "In Cover" in _names(f, "g") and "seed 001, Combat Actions (Tactical Advance" in _log(out)
    f.end("g")
    att = f.do({"type": "attack", "who": "c", "at": "g", "action": {"distance": 2}, "dice": [95]})
    assert any("In Cover" in s["detail"] for s in att["resolution"]["steps"])
    f.end("c")
    f.end("g")  # its next turn came: the cover of the advance is over
    assert "In Cover" not in _names(f, "g")


def test_brace_until_it_moves_and_an_unbraced_heavy_weapon_takes_the_penalty() -> None:
    heavy = {
        **GUARD,
        "weapon": {
            "name": "Heavy Stubber",
            "class": "Heavy",
            "range": 120,
            "rof": "-/-/10",
            "damage": "1d10+4",
            "clip": 80,
            "reload": "2 Full",
        },
    }
    f = dh2_fight(guard={**heavy, "characteristics": {"WS": 30, "BS": 40, "Ag": 35}}, system="dw")
    # unbraced: seed 001, Combat Difficulty Summary, a heavy weapon not Braced: Very Hard (-30); a
    # burst from it is refused (DW Core, Heavy)
    unbraced = {"type": "Full Auto Burst", "distance": 50, "braced": False}
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "action": unbraced, "dice": [95]})
    assert errors[0]["field"].endswith("braced")
    f.do({"type": "brace", "who": "g"})  # a Half Action: the Full Action burst waits for its next turn
    assert "Braced" in _names(f, "g")
    f.end("g")
    f.end("c")
    # braced by its action though the form's box says not (an encounter saved before the action was carried, with
    # no braced given, keeps the scenario's default: braced)
    f.do({"type": "attack", "who": "g", "at": "c", "action": unbraced, "dice": [95]})
    f.end("g")
    f.end("c")
    f.do({"type": "move", "who": "g"})
    assert "Braced" not in _names(f, "g")  # braced until it moves


@pytest.mark.parametrize(
    ("system", "roll", "want"),
    [
        # DH1 / DW whole tens: 45 + 10 = 55, rolled 32: (55 - 32) // 10 = 2 degrees of success
        ("dh1", 32, "success, 2 degree(s) of success"),
        ("dw", 32, "success, 2 degree(s) of success"),
        # rolled 80: (80 - 55) // 10 = 2 degrees of failure
        ("dh1", 80, "failure, 2 degree(s) of failure"),
        # DH2: tens digits 5 - 3 = 2, plus 1 = 3 degrees
        ("dh2", 32, "success, 3 degree(s) of success"),
    ],
)
def test_use_a_skill_is_a_named_test_with_its_degrees(system: str, roll: int, want: str) -> None:
    f = dh2_fight(system=system)
    out = f.do(
        {
            "type": "test",
            "who": "g",
            "test": "skill",
            "skill": "Awareness",
            "value": 45,
            "modifier": 10,
            "cost": "half",
            "dice": [roll],
        }
    )
    detail = out["steps"][0]["detail"]
    assert detail.startswith("Awareness 45 +10 = 55; rolled ") and want in detail
    assert out["steps"][0]["rule"] == "Use a Skill (Awareness)"
    assert "Use" in out["steps"][0]["source"]
    f.do({"type": "ready", "who": "g"})  # a Half Action as the player said: one Half Action left


def test_use_a_skill_needs_its_percent_and_jump_is_always_full() -> None:
    f = dh2_fight(system="dh1")
    assert (
        f.refused({"type": "test", "who": "g", "test": "skill", "skill": "Awareness", "dice": [10]})[0]["field"]
        == "then.value"
    )
    assert (
        f.refused({"type": "test", "who": "g", "test": "jump", "cost": "half", "dice": [10]})[0]["field"] == "then.cost"
    )


def test_jump_is_an_agility_test_from_the_profile() -> None:
    # DH1 Core: Jump an Agility test; the Guard's Ag 35, rolled 20: (35 - 20) // 10 = 1 degree
    f = dh2_fight(system="dh1")
    out = f.do({"type": "test", "who": "g", "test": "jump", "dice": [20]})
    assert out["steps"][0]["detail"].startswith("Ag 35 +0 = 35; rolled 20: success, 1 degree(s)")
    assert "seed 003, Actions (Jump/Leap" in out["steps"][0]["source"]


def test_dh1_focus_power_is_the_threshold_roll() -> None:
    # DH1 Core, Ch. VI: 2d10 (4 + 9) + WP Bonus 4 = 17 against Threshold 15: manifested; the 9 calls
    # Psychic Phenomena
    psyker = {**GUARD, "characteristics": {"WS": 30, "BS": 40, "Ag": 35, "WP": 42}}
    f = dh2_fight(guard=psyker, system="dh1")
    out = f.do(
        {
            "type": "test",
            "who": "g",
            "test": "focus_power",
            "skill": "Smite",
            "psy_dice": 2,
            "threshold": 15,
            "cost": "half",
            "dice": [4, 9],
        }
    )
    detail = out["steps"][0]["detail"]
    assert detail.startswith("4 + 9 + WP Bonus 4 = 17 against Threshold 15: manifested") and "Phenomena" in detail
    assert f.refused({"type": "test", "who": "g", "test": "focus_power", "dice": [4]})[0]["field"] == "then.psy_dice"


def test_dw_focus_power_is_a_willpower_test() -> None:
    psyker = {**GUARD, "characteristics": {"WS": 30, "BS": 40, "Ag": 35, "WP": 50}}
    f = dh2_fight(guard=psyker, system="dw")
    out = f.do({"type": "test", "who": "g", "test": "focus_power", "skill": "Avenger", "cost": "full", "dice": [41]})
    assert out["steps"][0]["detail"].startswith("Avenger 50 +0 = 50; rolled 41: success, 0 degree(s)")
    assert "Deathwatch Core, Ch. VI, Focus Power" in out["steps"][0]["source"]


def test_a_test_event_seeded_records_its_dice() -> None:
    f = dh2_fight(system="dw")
    out = f.do({"type": "test", "who": "g", "test": "jump", "seed": 7})
    stored = out["encounter"]["events"][-1]
    assert len(stored["dice"]) == 1 and "seed" not in stored


@pytest.mark.parametrize(("system", "metres"), [("dh1", 18), ("dw", 18)])
def test_run_moves_triple_its_full_move(system: str, metres: int) -> None:
    # seed 003 L45 "Run | Full | Move triple": AB 3, Full Move 6 m, Run 18 m (seed 001 Movement, AB 3: 18)
    f = dh2_fight(system=system)
    f.do({"type": "brace", "who": "g"})
    out = f.do({"type": "ready", "who": "g"})
    f.end("g")
    f.end("c")
    out = f.do({"type": "run", "who": "g"})
    assert f"runs up to {metres} m" in _log(out)
    assert "Braced" not in _names(f, "g") and "Running" in _names(f, "g")
