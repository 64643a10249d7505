"""Psychic attacks (seed 004 L38-40; DH2 Core, Ch. VI, Focus Power).

Seed 004 L40: "Using the percentile dice result from the attacker's Weapon Skill or Ballistic Skill
test (or the Focus Power test, in the case of psychic attacks), reverse the order of the digits".

A "Psychic Attack" is tested with the Focus Power test: the characteristic the power names (WP by
default) and the power's modifier, as the player gives them (``action.psychic``); its damage, Pen
and type are the weapon fields (the power's profile); its hit location is that roll reversed; no
ammunition, no jam; Righteous Fury as any attack. Psychic Phenomena are named for the GM where the
book calls for them (DH2 Core, Ch. VI: doubles on an Unfettered test, any Push; never Fettered).

Hand count: WP 45, Psychic Attack +0, the power's modifier +10: 55. d100 34: DH2 degrees of success
5 - 3 + 1 = 3; reversed 43: Body. d10 8 + 3 = 11 (3 degrees do not replace an 8); Pen 4 against Body
AP 6: 2; TB 3: 11 - 2 - 3 = 6 wounds.
"""

from __future__ import annotations

from typing import Any

from dh2_scenarios import errors_of, purposes, resolve_ok, scenario

from rules.catalogue import catalogue

BOLT = {"name": "Psychic Bolt", "class": "Pistol", "range": 30, "damage": "1d10+3", "damage_type": "E", "pen": 4}


def _psychic(dice: list[int], **focus: Any) -> dict[str, Any]:
    data = scenario(BOLT, action="Psychic Attack", dice=dice, armour={"Body": 6}, S=50)
    data["attacker"]["characteristics"]["WP"] = 45
    data["attacker"]["psy_rating"] = 3
    data["action"]["psychic"] = {"power": "Psychic Bolt", "modifier": 10, **focus}
    return data


def step(res: dict[str, Any], rule: str) -> dict[str, str] | None:
    return next((s for s in res["steps"] if s["rule"] == rule), None)


def test_psychic_attack_uses_the_focus_power_test_and_its_roll_reversed() -> None:
    res = resolve_ok(_psychic([34, 8]))
    assert (res["characteristic"], res["characteristic_value"], res["target_number"]) == ("WP", 45, 55)
    assert (res["roll"], res["degrees"], res["outcome"]) == (34, 3, "hit")
    hit = res["hits"][0]
    assert (hit["location"], hit["damage"], hit["effective_armour"], hit["wounds"]) == ("Body", 11, 2, 6)
    assert purposes(res) == [("to-hit d100", 100, 34), ("hit 1 damage d10", 10, 8)]
    attack = step(res, "Attack")
    assert attack is not None and "Focus Power test" in attack["detail"] and "psy rating 3" in attack["detail"]


def test_psychic_attack_spends_no_ammunition_and_never_jams() -> None:
    res = resolve_ok(_psychic([97]))
    assert (res["outcome"], res["jammed"], res["rounds_fired"], res["range_band"]) == ("miss", False, 0, None)
    assert step(res, "Jam check") is None and step(res, "Ammunition") is None


def test_psychic_attack_adds_no_strength_bonus_even_as_a_melee_profile() -> None:
    data = _psychic([34, 8])
    data["attacker"]["weapon"]["class"] = "Melee"
    assert resolve_ok(data)["hits"][0]["damage"] == 11  # 8 + 3, no SB 5


def test_psychic_attack_characteristic_the_player_names() -> None:
    data = _psychic([34, 8], characteristic="Per")
    data["attacker"]["characteristics"]["Per"] = 25
    res = resolve_ok(data)
    assert (res["characteristic"], res["target_number"], res["outcome"]) == ("Per", 35, "hit")


def test_psychic_attack_righteous_fury_as_any_attack() -> None:
    # d10 10 + 3 = 13 - 2 - 3 = 8 wounds; the Fury d5 (a d10 halved): 7 -> 4.
    rf = resolve_ok(_psychic([34, 10, 7]))["hits"][0]["righteous_fury"]
    assert (rf["critical_effect"], rf["table"]) == (4, "Energy Critical Effects, Body")


def test_unfettered_doubles_name_the_psychic_phenomena_table() -> None:
    res = resolve_ok(_psychic([33, 8]))
    ph = step(res, "Psychic Phenomena")
    assert ph is not None and "Psychic Phenomena table" in ph["detail"] and "DH2 Core, Ch. VI" in ph["source"]
    assert step(resolve_ok(_psychic([34, 8])), "Psychic Phenomena") is None


def test_push_always_names_the_psychic_phenomena_table() -> None:
    res = resolve_ok(_psychic([34, 8], strength="Push"))
    ph = step(res, "Psychic Phenomena")
    assert ph is not None and "Push" in ph["detail"]


def test_fettered_never_calls_for_psychic_phenomena() -> None:
    assert step(resolve_ok(_psychic([33, 8], strength="Fettered")), "Psychic Phenomena") is None


def test_psychic_attack_needs_the_characteristic_it_tests() -> None:
    data = _psychic([34, 8])
    del data["attacker"]["characteristics"]["WP"]
    assert "attacker.characteristics.WP" in errors_of(data)


def test_psychic_fields_only_with_a_psychic_attack() -> None:
    data = _psychic([34, 8])
    data["action"]["type"] = "Standard Attack"
    assert "action.psychic" in errors_of(data)


def test_psychic_attack_not_an_action_of_dh1() -> None:
    data = _psychic([34, 8])
    data["system"] = "dh1"
    assert "action.type" in errors_of(data)


def test_catalogue_lists_the_psychic_attack_for_dh2() -> None:
    names = [a["name"] for a in catalogue()["rulesets"]["dh2"]["actions"]]
    assert "Psychic Attack" in names


def test_psychic_attack_odds_match_brute_force() -> None:
    from test_odds_brute_force import Case, assert_d100_matches_brute_force

    data = _psychic([])
    del data["dice"]
    data["attacker"]["characteristics"]["WP"] = 20  # 30 with the power's +10
    assert_d100_matches_brute_force(Case(data, lambda r: r.outcome == "hit", "a hit"))


def test_psychic_attack_in_an_encounter_spends_no_rounds() -> None:
    # The psyker's power has no clip: the encounter asks no reload and counts no rounds. WP 45 + 10:
    # 55; d100 34 Body; d10 8 + 3 = 11 - TB 3 (the Cultist has no armour) = 8 of 10.
    from encounter_helpers import dh2_fight

    psyker = {"name": "Psyker", "psy_rating": 3, "characteristics": {"WP": 45, "Ag": 35}, "weapon": BOLT}
    f = dh2_fight(guard=psyker)
    action = {"type": "Psychic Attack", "distance": 20, "psychic": {"power": "Psychic Bolt", "modifier": 10}}
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": action, "dice": [34, 8], "reaction": False})
    assert (out["resolution"]["outcome"], out["resolution"]["rounds_fired"]) == ("hit", 0)
    assert f.who("c")["damage_taken"] == 8


def test_psychic_attack_is_made_with_the_power_not_the_weapon_fields_name() -> None:
    # The weapon fields are the power's profile (damage, Pen, type); what the attack is made with, as
    # the result's headline reads it, is the power the Focus Power test names.
    data = _psychic([34, 8], power="Smite")
    data["attacker"]["weapon"]["name"] = "Lasgun"
    assert resolve_ok(data)["weapon"] == "Smite"
