"""Psychic attacks for Deathwatch (seed 001, Combat Actions: "Focus Power — Use a
Psychic Power."; DW Core, Ch. VI, Psychic Powers: the Focus Power test, Fettered / Unfettered /
Push, Psychic Phenomena).

The seed names Focus Power among the actions and no more; the reading (``rules/dw/__init__.py``)
is DH2's mechanism: the Focus Power test is a test of the characteristic the power names (WP by
default) with the power's modifier, as the player gives them; its hit location is the roll
reversed, as every Deathwatch attack's (seed 001, Hit Locations); damage, Pen and type are the
power's profile (the weapon fields), without SB; no ammunition, no jam.

Hand count: WP 45, the power's +10: 55. d100 34: Deathwatch degrees, one per full 10 points of
margin: 55 - 34 = 21, 2 degrees; reversed 43: Body. d10 8 + 3 = 11 (degrees replace no die in
Deathwatch); Pen 4 against Body AP 6: 2; TB 3: 11 - 2 - 3 = 6 wounds.
"""

from __future__ import annotations

from typing import Any

from dh2_scenarios import errors_of, purposes, resolve_ok, scenario

from rules.catalogue import catalogue

BOLT = {"name": "Psychic Bolt", "class": "Pistol", "range": 30, "damage": "1d10+3", "damage_type": "E", "pen": 4}


def _psychic(dice: list[int], **focus: Any) -> dict[str, Any]:
    data = scenario(BOLT, action="Psychic Attack", dice=dice, armour={"Body": 6}, S=50)
    data["system"] = "dw"
    data["attacker"]["characteristics"]["WP"] = 45
    data["attacker"]["psy_rating"] = 3
    data["action"]["psychic"] = {"power": "Psychic Bolt", "modifier": 10, **focus}
    return data


def step(res: dict[str, Any], rule: str) -> dict[str, str] | None:
    return next((s for s in res["steps"] if s["rule"] == rule), None)


def test_dw_psychic_attack_uses_the_focus_power_test_and_its_roll_reversed() -> None:
    res = resolve_ok(_psychic([34, 8]))
    assert (res["system"], res["characteristic"], res["target_number"]) == ("dw", "WP", 55)
    assert (res["roll"], res["degrees"], res["outcome"]) == (34, 2, "hit")
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["effective_armour"], hit["wounds"]) == ("Body", 11, 2, 6)
    assert purposes(res) == [("to-hit d100", 100, 34), ("hit 1 damage d10", 10, 8)]
    focus = next(m for m in res["modifiers"] if m["label"] == "Focus Power: Psychic Bolt")
    assert focus["source"].startswith("seed 001, Combat Actions (Focus Power)") and "DW Core, Ch. VI" in focus["source"]


def test_dw_psychic_attack_spends_no_ammunition_and_never_jams() -> None:
    res = resolve_ok(_psychic([97]))
    assert (res["outcome"], res["jammed"], res["rounds_fired"], res["range_band"]) == ("miss", False, 0, None)


def test_dw_unfettered_doubles_name_the_deathwatch_phenomena_table() -> None:
    ph = step(resolve_ok(_psychic([33, 8])), "Psychic Phenomena")
    assert ph is not None and "DW Core, Ch. VI" in ph["source"] and "DH2" not in ph["detail"]
    assert step(resolve_ok(_psychic([34, 8])), "Psychic Phenomena") is None
    assert step(resolve_ok(_psychic([33, 8], strength="Fettered")), "Psychic Phenomena") is None
    assert step(resolve_ok(_psychic([34, 8], strength="Push")), "Psychic Phenomena") is not None


def test_dw_psychic_righteous_fury_is_confirmed_and_adds_a_d10() -> None:
    # DW Core, Ch. VIII: a natural 10 calls for the test again (the Focus Power test, 55): 20 confirms;
    # then 1d10 more damage: 4. 10 + 3 + 4 = 17 - 2 - 3 = 12 wounds.
    res = resolve_ok(_psychic([34, 10, 20, 4]))
    hit = res["hits"][0]
    assert (hit["righteous_fury"]["confirmed"], hit["righteous_fury"]["extra_damage"], hit["wounds"]) == (True, [4], 12)


def test_dw_psychic_fields_only_with_a_psychic_attack() -> None:
    data = _psychic([34, 8])
    data["action"]["type"] = "Standard Attack"
    assert "action.psychic" in errors_of(data)


def test_catalogue_lists_the_psychic_attack_for_dw_not_dh1() -> None:
    rulesets = catalogue()["rulesets"]
    assert "Psychic Attack" in [a["name"] for a in rulesets["dw"]["actions"]]
    assert "Psychic Attack" not in [a["name"] for a in rulesets["dh1"]["actions"]]
