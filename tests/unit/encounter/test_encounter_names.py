"""The names the table reads in the encounter: the result, the evasion line and the refusals name
the combatants as they were added, never the names left on the forms' profiles (a profile made
from the Attacker form still reads "Cultist (stub)" though the combatant is "Guardsman")."""

from __future__ import annotations

import copy

from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD, Fight

from rules.encounter.run import run_encounter


def _fight() -> Fight:
    """The Guard added as "Guardsman" with profiles still named from the forms ("Cultist (stub)"
    and "Cultist"), and the Cultist added as "Cultist 1" with profiles named "Adept"."""
    f = Fight("dh2")
    guard = {**copy.deepcopy(GUARD), "name": "Cultist (stub)"}
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guardsman",
                "attacker": guard,
                "target": {"name": "Cultist", "wounds": 12},
            },
        }
    )
    cultist = {**copy.deepcopy(CULTIST_TARGET), "name": "Adept"}
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "c",
                "name": "Cultist 1",
                "attacker": {**CULTIST_ATTACKER, "name": "Adept"},
                "target": cultist,
            },
        }
    )
    f.do({"type": "initiative", "dice": [7, 2]})  # Guard 7 + AgB 3 = 10 before 2 + 3 = 5
    return f


def test_the_result_names_the_attacker_and_target_as_added_not_the_forms_profiles() -> None:
    f = _fight()
    # BS 40 + Standard Attack +10 + Short range +10 = 60; 30 hits; the Dodge 30: 50 fails; 1d10+3 = 8
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "reaction": True,
            "dice": [30, 50, 5],
        }
    )
    res = out["resolution"]
    assert (res["attacker"], res["target"]) == ("Guardsman", "Cultist 1")
    assert all("Adept" not in s["detail"] and "Cultist (stub)" not in s["detail"] for s in res["steps"])
    assert any(s["detail"].startswith("Cultist 1 tests Dodge") for s in res["steps"])


def test_the_preview_scenario_names_the_combatants() -> None:
    f = _fight()
    scenario = f.run_preview("g", "c")
    assert (scenario["attacker"]["name"], scenario["target"]["name"]) == ("Guardsman", "Cultist 1")


def test_break_free_without_the_controllers_strength_is_refused_in_the_games_words() -> None:
    # The Guardsman's attempt: WS 30 + Standard Attack +10 - 20 (unarmed against the armed Cultist)
    # = 20; 10 hits, the Dodge 30 rolls 90. Break Free is an opposed Strength test (seed 004, Grappled Target
    # Options) and the Guardsman was added without a Strength.
    f = _fight()
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Grapple", "grapple": {"option": "attempt"}},
            "dice": [10, 90],
        }
    )
    f.end("g")
    errors = f.refused(
        {
            "type": "attack",
            "who": "c",
            "at": "g",
            "action": {"type": "Grapple", "grapple": {"option": "break_free"}},
            "dice": [10, 90],
        }
    )
    assert errors[0]["field"] == "then.at"
    message = errors[0]["message"]
    assert "Break Free" in message and "Guardsman's Strength (S)" in message
    assert "characteristics" not in message and "profile," not in message


def test_undo_names_what_it_undid() -> None:
    f = _fight()
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"type": "Semi-Auto Burst", "distance": 20}, "dice": [95]})
    out = run_encounter({"encounter": f.file, "undo": True})
    assert out["undone_text"] == "Undone: Guardsman's Semi-Auto Burst at Cultist 1"
    f.file = out["encounter"]
    f.do({"type": "aim", "who": "g", "aim": "full"})
    out = run_encounter({"encounter": f.file, "undo": True})
    assert out["undone_text"] == "Undone: Guardsman's Aim (Full Action)"
    f.file = out["encounter"]
    f.do({"type": "condition", "who": "c", "condition": "Stunned", "rounds": 1})
    assert run_encounter({"encounter": f.file, "undo": True})["undone_text"] == "Undone: Stunned on Cultist 1"
    f.do({"type": "end_turn", "who": "g"})
    assert run_encounter({"encounter": f.file, "undo": True})["undone_text"] == "Undone: Guardsman's End turn"


def test_undo_of_an_add_names_the_combatant() -> None:
    f = _fight()
    out = run_encounter({"encounter": {**f.file, "events": f.file["events"][:1]}, "undo": True})
    assert out["undone_text"] == "Undone: adding Guardsman"
