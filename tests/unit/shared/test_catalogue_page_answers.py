"""What the catalogue and the engine answer the page so that its scripts hold no rule: a weapon's
fire modes (its RoF read by the rules), the melee attacks offered beside a melee weapon, which
fields each action shows, which forms a ruleset uses and what its group may save. Each expected
value is written out by hand from the seed or the data file named beside it."""

from __future__ import annotations

import json

import pytest
from auspex_web.bridge import fire_modes as bridge_fire_modes
from pydantic import ValidationError

from rules.catalogue import catalogue
from rules.d100.fire_modes import fire_modes, melee_actions
from rules.d100.tables import ActionTable

RULESETS = catalogue()["rulesets"]


def labels(modes: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [(m["action"], m["label"]) for m in modes]


def test_fire_modes_of_an_autogun_s_3_10_are_a_single_shot_and_both_bursts() -> None:
    # seed 001, Ranged Weapons: Autogun RoF S/3/10: S fires single shots (Standard Attack), 3 a
    # semi-auto burst of 3, 10 a full-auto burst of 10 (seed 004, Step One: RoF single/semi/full)
    assert labels(fire_modes("dh2", "Basic", "S/3/10")) == [
        ("Standard Attack", "Single shot"),
        ("Semi-Auto Burst", "Semi-Auto Burst (3)"),
        ("Full Auto Burst", "Full Auto Burst (10)"),
    ]


def test_fire_modes_of_a_laspistol_s_dash_dash_are_a_single_shot_only() -> None:
    # S/-/-: single shots, no burst (the dashes)
    assert labels(fire_modes("dh2", "Pistol", "S/-/-")) == [("Standard Attack", "Single shot")]


def test_fire_modes_of_a_full_auto_only_weapon_dash_dash_6_are_one_burst() -> None:
    # -/-/6: no single shot, no semi-auto burst, a full-auto burst of 6
    assert labels(fire_modes("dw", "Heavy", "-/-/6")) == [("Full Auto Burst", "Full Auto Burst (6)")]
    # the same in DH1, whose bursts are Full Actions (the action is its table's all the same)
    assert labels(fire_modes("dh1", "Heavy", "-/-/6")) == [("Full Auto Burst", "Full Auto Burst (6)")]


@pytest.mark.parametrize("rof", ["", "S/3", "auto", "S/0/-", "S/999/-"])
def test_a_rof_the_rules_refuse_gives_no_fire_mode(rof: str) -> None:
    # RateOfFire.parse refuses these (the engine says why at the field); no button is offered
    assert fire_modes("dh2", "Basic", rof) == []


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        # DH2 Core, Ch. VII: Standard, Swift, Lightning, All Out Attack and Charge are melee Attacks
        ("dh2", ["Standard Attack", "Swift Attack", "Lightning Attack", "All Out Attack", "Charge"]),
        # DH1 and Deathwatch: Swift and Lightning Attack are talents of Multiple Attacks, not actions
        ("dh1", ["Standard Attack", "All Out Attack", "Charge"]),
        ("dw", ["Standard Attack", "All Out Attack", "Charge"]),
    ],
)
def test_the_melee_attacks_offered_beside_a_melee_weapon_per_ruleset(system: str, expected: list[str]) -> None:
    assert melee_actions(system) == expected
    assert RULESETS[system]["melee_actions"] == expected
    # a melee or unarmed weapon's modes are those attacks, whatever its RoF field holds
    for klass, rof in (("Melee", ""), ("Unarmed", "S/-/-"), ("Melee", "\u2014")):
        assert labels(fire_modes(system, klass, rof)) == [(name, name) for name in expected]


def test_melee_attacks_naming_no_action_of_the_table_are_refused() -> None:
    table = {
        "melee_attacks": {"source": "x", "names": ["Standard Attack", "Swift Attack"]},
        "actions": [
            {
                "name": "Standard Attack",
                "type": "Half",
                "subtypes": ["Attack"],
                "kind": "any",
                "modifier": 10,
                "hits": "single",
                "source": "x",
            }
        ],
    }
    with pytest.raises(ValidationError, match="Swift Attack"):
        ActionTable.model_validate(table)


def fields(system: str) -> dict[str, list[str]]:
    return {a["name"]: a["fields"] for a in RULESETS[system]["actions"] if a["fields"]}


def test_the_fields_each_d100_action_shows() -> None:
    # DH2: a Psychic Attack's Focus Power test (seed 004 L40) and Grapple's choice (seed 004, Grappling)
    assert fields("dh2") == {"Grapple": ["action.grapple"], "Psychic Attack": ["action.psychic"]}
    # DH1: Multiple Attacks' talent (seed 003 L33); Feint and Manoeuvre are opposed WS tests, so the
    # opponent's WS; Knock-Down is an opposed S test (no WS field), Stun none
    assert fields("dh1") == {
        "Multiple Attacks": ["action.talent"],
        "Feint": ["target.characteristics.WS"],
        "Manoeuvre": ["target.characteristics.WS"],
        "Grapple": ["action.grapple"],
    }
    dw = fields("dw")
    assert dw["Psychic Attack"] == ["action.psychic"] and dw["Feint"] == ["target.characteristics.WS"]
    assert dw["Multiple Attacks"] == ["action.talent"] and "Standard Attack" not in dw


def test_the_fan_rulesets_fire_actions_ask_the_shots_and_its_round_is_four_actions() -> None:
    rp = RULESETS["wh40krp"]
    # seed 000: single shot, semi-automatic and automatic fire (the fire modes table's rows)
    assert [k for k, f in rp["action_fields"].items() if f] == ["single", "semi", "auto"]
    assert rp["action_fields"]["single"] == ["shots", "moving", "follow"]
    assert rp["action_fields"]["aim"] == [] and rp["action_fields"]["melee"] == []
    assert rp["actions_per_round"] == 4  # seed 000: four actions a round


def test_the_fields_each_epic_action_kind_shows() -> None:
    f = RULESETS["epic"]["action_fields"]
    # seed 002: a barrage cannot ignore cover and needs each target unit's tiles from the centre;
    # overwatch fire names what set it off; an assault has CC/FF and no crossfire
    assert f["shoot"] == ["action.ignore_cover", "action.crossfire"]
    assert f["barrage"] == ["target.units.from_centre", "action.crossfire"]
    assert f["overwatch"] == ["action.trigger", "action.ignore_cover", "action.crossfire"]
    assert f["overwatch barrage"] == ["action.trigger", "target.units.from_centre", "action.crossfire"]
    assert f["assault"] == ["attacker.units.cc", "attacker.units.ff", "action.cc_hits", "action.ff_hits"]


def test_each_ruleset_says_its_forms_and_what_its_group_saves() -> None:
    assert {s: (r["layout"], r["saved_tables"]) for s, r in RULESETS.items()} == {
        "dh2": ("d100", "critical"),
        "dh1": ("d100", "critical"),
        "dw": ("d100", "critical"),
        "wh40krp": ("fan", "charts"),
        "epic": ("formation", None),
    }


def test_the_engine_answers_the_pages_fire_modes_question() -> None:
    answer = json.loads(bridge_fire_modes("dh2", "Basic", "S/3/-"))
    assert answer == {
        "status": "ok",
        "modes": [
            {"action": "Standard Attack", "label": "Single shot"},
            {"action": "Semi-Auto Burst", "label": "Semi-Auto Burst (3)"},
        ],
    }
    assert json.loads(bridge_fire_modes("epic", "Basic", "S/3/-")) == {"status": "ok", "modes": []}
    refused = json.loads(bridge_fire_modes("<b>x</b>", "Basic", "S/3/-"))
    assert refused["status"] == "invalid" and refused["errors"][0]["field"] == "system"
