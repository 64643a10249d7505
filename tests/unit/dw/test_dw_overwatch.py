"""Deathwatch's Overwatch held over turns in the encounter.

Seed 001, Overwatch: "You take a Full Action to establish a kill zone 45-degrees from your facing and
up to the Range of the weapon. You may spend subsequent Turns waiting for targets to enter the zone.
You may take the Full Auto Burst Action, Semi-Auto Burst Action, or Suppressing Fire to shoot any
targets entering the zone, targets must make a Hard (-20) Willpower Test or become Pinned. Overwatch
may be maintained up to your WP Bonus in hours, or until the Full Burst Action has been used."
Seed 001, Combat Actions: "Overwatch ... Shoot targets coming into a set kill zone, -20 to BS".
"""

from __future__ import annotations

from encounter_helpers import Fight, modifiers
from test_encounter_dw_epic import MARINE

ORK = {"name": "Ork", "wounds": 15, "toughness_bonus": 4, "characteristics": {"Ag": 30, "WP": 30}}
CHOPPA = {
    "name": "Ork",
    "characteristics": {"WS": 35, "BS": 20, "Ag": 30},
    "weapon": {"name": "Choppa", "class": "Melee", "damage": "1d10+3"},
}


def fight(system: str = "dw") -> Fight:
    f = Fight(system)
    marine = {**MARINE, "characteristics": {**MARINE["characteristics"], "WP": 45}}
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "m",
                "name": "Castor",
                "attacker": marine,
                "target": {"wounds": 20, "toughness_bonus": 8},
            },
        }
    )
    f.do({"type": "add", "combatant": {"id": "o", "name": "Ork", "attacker": CHOPPA, "target": ORK}})
    # Castor 9 + AB 4 = 13 before the Ork 4 + 3 = 7
    f.do({"type": "initiative", "dice": [9, 4]})
    return f


def _held(f: Fight, cid: str = "m") -> dict | None:
    return next((c for c in f.who(cid)["conditions"] if c["name"] == "On Overwatch"), None)


def test_overwatch_is_a_full_action_setting_the_kill_zone() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "m", "fire": "Full Auto Burst", "zone": "the corridor"})
    m = f.who("m")
    assert m["half_actions"] == 2
    held = _held(f)
    assert held is not None and held["fire"] == "Full Auto Burst"
    # WP 45: WP Bonus 4 hours
    assert "the corridor" in held["detail"] and "4 hour(s)" in held["detail"]
    assert "seed 001, Overwatch" in f.state()["log"][-1]["text"]


def test_overwatch_held_over_a_turn_then_fired_on_the_foes_turn_at_minus_20() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "m", "fire": "Full Auto Burst"})
    f.end("m")
    f.end("o")
    assert f.state()["round"] == 2 and _held(f) is not None  # "subsequent Turns waiting"
    f.end("m")
    assert f.state()["turn"] == "o"
    # On the Ork's turn: Full Auto Burst +20, Overwatch -20, 60 m Standard (+0): BS 40. A 90 misses (no
    # jam: 94-00); the Ork tests WP 30 - 20 = 10: 50 fails, Pinned.
    out = f.do(
        {"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 60}, "dice": [90, 50]}
    )
    assert modifiers(out)["Fired from Overwatch"] == -20
    assert out["resolution"]["target_number"] == 40
    assert _held(f) is None
    log = f.state()["log"][-1]["text"]
    assert log.startswith("Castor attacks Ork (Full Auto Burst from Overwatch, \u221220 BS): miss")
    assert log.endswith(
        "Castor's Overwatch ends: its shot is fired (seed 001, Overwatch (a kill zone; later turns spent waiting; up to WP Bonus hours))"
    )
    assert f.who("m")["half_actions"] == 0  # the shot costs Castor no action
    assert f.state()["turn"] == "o"
    assert out["encounter"]["events"][-1]["action"]["type"] == "Full Auto Burst"


def test_overwatch_shot_refused_when_not_on_overwatch() -> None:
    f = fight()
    f.end("m")
    errors = f.refused(
        {"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 60}, "dice": [90, 50]}
    )
    assert errors[0]["field"] == "then.action.overwatch"
    assert "not On Overwatch" in errors[0]["message"]


def test_overwatch_shot_must_be_the_burst_chosen() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "m", "fire": "Semi-Auto Burst"})
    f.end("m")
    action = {"overwatch": True, "type": "Full Auto Burst", "distance": 60}
    errors = f.refused({"type": "attack", "who": "m", "at": "o", "action": action, "dice": [90, 50]})
    assert errors[0]["field"] == "then.action.type"


def test_overwatch_fire_must_be_a_burst_in_deathwatch() -> None:
    f = fight()
    errors = f.refused({"type": "overwatch", "who": "m", "fire": "Standard Attack"})
    assert errors[0]["field"] == "then.fire"


def test_another_action_ends_the_overwatch() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "m"})
    f.end("m")
    f.end("o")
    f.do({"type": "aim", "who": "m", "aim": "half"})
    assert _held(f) is None
    assert "its Overwatch ends" in f.state()["log"][-1]["text"]


def test_stunned_overwatcher_cannot_fire() -> None:
    # seed 001, Stunned: "cannot take Actions (including free ones)"
    f = fight()
    f.do({"type": "overwatch", "who": "m"})
    f.end("m")
    f.do({"type": "condition", "who": "m", "condition": "Stunned", "rounds": 1})
    errors = f.refused(
        {"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 60}, "dice": [90, 50]}
    )
    assert "Stunned" in errors[0]["message"]


def test_dh1_overwatch_in_the_encounter_any_ranged_attack_no_pinning() -> None:
    # seed 003: "Overwatch | Varies | Shoot targets coming into a set kill zone, -20 to BS"
    f = fight("dh1")
    f.do({"type": "overwatch", "who": "m", "fire": "Standard Attack"})
    f.end("m")
    # DH1 Standard Attack +0, Overwatch -20, 60 m Short/Standard for a 100 m Bolter: BS 40 - 20 = 20; 90 misses
    out = f.do({"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 60}, "dice": [90]})
    assert modifiers(out)["Fired from Overwatch"] == -20
    assert out["resolution"].get("target_tests", []) == []
