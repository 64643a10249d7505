"""A combatant is one whole profile: the ``whole`` request of the encounter's entry point builds the
side a saved profile lacks from that profile's own numbers (rules/encounter/profiles.py ``whole``),
never from another combatant's, and the ``add`` made of it resolves with those defences."""

from __future__ import annotations

from typing import Any

from encounter_helpers import AUTOGUN, Fight

from rules.encounter.run import run_encounter

ADEPT = {
    "name": "Adept (attacker entry)",
    "characteristics": {"WS": 30, "BS": 35, "S": 30, "T": 35, "Ag": 42, "WP": 45},
    "weapon": {"name": "Laspistol", "class": "Pistol", "range": 30, "rof": "S/2/-", "damage": "1d10+2", "clip": 30},
}


def _whole(system: str, **ask: Any) -> dict[str, Any]:
    return run_encounter({"encounter": {"auspex_encounter": 1, "system": system, "events": []}, "whole": ask})


def test_defences_from_an_attacker_are_its_own_tb_and_dodge_at_its_ag_with_no_armour() -> None:
    # T 35: TB 3 (the tens digit, seed 004 Damage); Dodge at its Ag 42; no armour; both sides named Adept
    out = _whole("dh2", name="Adept", attacker=ADEPT)
    assert out["status"] == "ok"
    assert out["state"]["combatants"] == []  # the state as every ok envelope has it (the page renders it)
    assert out["attacker"]["name"] == "Adept"
    assert out["target"] == {
        "name": "Adept",
        "toughness_bonus": 3,
        "characteristics": {"WS": 30, "S": 30, "T": 35, "Ag": 42, "WP": 45},
        "evasion": {"reaction": "Dodge", "skill": 42},
    }
    assert out["notes"] == [
        "Adept's defences from its own profile: TB 3 (T 35), no armour, Dodge 42 (its Ag), wounds 10 until set on its card"
    ]


def test_an_unarmed_attacker_is_an_unarmed_target() -> None:
    fists = {**ADEPT, "characteristics": {"T": 41, "Ag": 25}, "weapon": {"name": "Fists", "class": "Unarmed"}}
    out = _whole("dh1", name="Brawler", attacker=fists)
    assert out["target"]["armed"] is False
    assert out["target"]["toughness_bonus"] == 4  # T 41: TB 4
    assert out["target"]["evasion"] == {"reaction": "Dodge", "skill": 25}


def test_attacks_from_a_target_are_its_characteristics_and_the_armourys_unarmed() -> None:
    # DH2's armoury's Unarmed: 1d5-3 I, Pen 0 (seed 004, Unarmed Combat)
    cultist = {"name": "Cultist", "wounds": 8, "toughness_bonus": 3, "characteristics": {"S": 35, "T": 35, "Ag": 30}}
    out = _whole("dh2", name="Cultist", target=cultist)
    assert out["target"] == cultist
    assert out["attacker"]["characteristics"] == {"S": 35, "T": 35, "Ag": 30}
    assert (out["attacker"]["weapon"]["class"], out["attacker"]["weapon"]["damage"]) == ("Unarmed", "1d5-3")
    # Deathwatch's armoury has no Unarmed entry: the same bare hands, from seed 004's words
    dw = _whole("dw", name="Cultist", target=cultist)
    assert dw["attacker"]["weapon"]["damage"] == "1d5-3"


def test_both_sides_given_are_kept_but_named_as_the_combatant() -> None:
    target = {"name": "Other name", "wounds": 12}
    out = _whole("dh2", name="Adept", attacker=ADEPT, target=target)
    assert out["target"] == {"name": "Adept", "wounds": 12}
    assert out["notes"] == []


def test_a_request_without_a_name_or_profile_is_refused_at_its_field() -> None:
    assert _whole("dh2", attacker=ADEPT)["errors"][0]["field"] == "whole.name"
    assert _whole("dh2", name="X")["errors"][0]["field"] == "whole"


def test_an_added_whole_profile_is_hit_through_its_own_tb_not_another_combatants_armour() -> None:
    # The Guard (BS 40) shoots the Adept built from its attacker entry: Standard Attack +10, Short
    # range (20 m of 90) +10: 60; d100 11 hits, reversed 11: Right Arm (seed 004, Hit Locations).
    # Dodge 42 (its Ag) rolled 99: fails. Damage d10 7 + 3 = 10, less its own TB 3 and no armour
    # (none carried from any form): 7 of its 10 wounds.
    adept = _whole("dh2", name="Adept", attacker=ADEPT)
    f = Fight()
    f.do(
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guard",
                "attacker": {"name": "Guard", "characteristics": {"BS": 40, "Ag": 35}, "weapon": AUTOGUN},
                "target": {"name": "Guard"},
            },
        }
    )
    f.do(
        {
            "type": "add",
            "combatant": {"id": "a", "name": "Adept", "attacker": adept["attacker"], "target": adept["target"]},
        }
    )
    f.do({"type": "initiative", "dice": [9, 1]})
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "a",
            "action": {"type": "Standard Attack", "distance": 20},
            "dice": [11, 99, 7],
        }
    )
    adept_state = next(c for c in f.state()["combatants"] if c["id"] == "a")
    assert adept_state["damage_taken"] == 7


def test_the_pages_bridge_answers_a_whole_request_with_the_state_rendered() -> None:
    # the page's worker renders every ok envelope's state: a whole request's too (it failed on it)
    import json

    from auspex_web import bridge

    file = {"auspex_encounter": 1, "system": "dh2", "events": []}
    out = json.loads(bridge.encounter(json.dumps({"encounter": file, "whole": {"name": "Adept", "attacker": ADEPT}})))
    assert out["status"] == "ok", out
    assert out["target"]["evasion"] == {"reaction": "Dodge", "skill": 42}
