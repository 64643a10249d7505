"""The forms checked while the player types.

``rules.check`` is what the page asks when a field loses focus: the scenario's validation (the
engine's own messages) and the rules' refusals made before the first die, with no die drawn; plus
the names the result reads (attacker, weapon, target), which the engine itself still defaults so a
saved scenario or share link with an empty name loads and resolves from the CLI. The messages are a
player's sentences with units ("A number from 0 m to 100,000 m"), never pydantic's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from auspex_web import bridge

import rules
from rules.api import check, run

LASGUN = {"name": "Lasgun", "class": "Basic", "range": 100, "rof": "S/3/-", "damage": "1d10+3", "clip": 60}


def d100(**parts: Any) -> dict[str, Any]:
    """A DH2 Standard Attack with a Lasgun at 20 m, ``parts`` merged into its sections."""
    data: dict[str, Any] = {
        "version": 1,
        "system": "dh2",
        "attacker": {"name": "Guardsman", "characteristics": {"BS": 40}, "weapon": LASGUN},
        "target": {"name": "Cultist"},
        "action": {"type": "Standard Attack", "distance": 20},
    }
    for section, fields in parts.items():
        data[section] = {**data.get(section, {}), **fields}
    return data


def errors(envelope: dict[str, Any]) -> dict[str, str]:
    assert envelope["status"] == "invalid", envelope
    return {e["field"]: e["message"] for e in envelope["errors"]}


# ---------------------------------------------------------------- check: validation only


def test_check_of_good_forms_is_ok_and_draws_no_die() -> None:
    # the dice and the seed are ignored: a die out of range is not the check's business
    assert check({**d100(), "dice": [999]}) == {"status": "ok"}
    assert check({**d100(), "seed": 5}) == {"status": "ok"}


def test_check_names_the_field_with_the_engines_message() -> None:
    data = d100(attacker={"name": "Guardsman", "characteristics": {"BS": 140}, "weapon": LASGUN})
    assert errors(check(data)) == {"attacker.characteristics.BS": "A whole number from 0 to 100"}
    assert errors(run({**data, "seed": 1}))["attacker.characteristics.BS"] == "A whole number from 0 to 100"


def test_check_reports_the_rules_refusals_made_before_any_die() -> None:
    # an unknown quality is refused by the ruleset's check, before the test's d100
    data = d100(attacker={"name": "G", "weapon": {**LASGUN, "qualities": ["Sparkly"]}})
    assert "attacker.weapon.qualities.0" in errors(check(data))


def test_check_works_for_the_fan_ruleset_and_epic() -> None:
    rp = {"version": 1, "system": "wh40krp", "attacker": {"name": "", "weapon": {"name": "Autogun", "range": -3}}}
    assert errors(check(rp)) == {
        "attacker.name": "Name the attacker: the result reads it",
        "attacker.weapon.range": "A number from 0 m to 100,000 m",
    }
    epic = {"version": 1, "system": "epic", "attacker": {"name": "", "units": [{"name": "Tactical 1"}, {"name": ""}]}}
    got = errors(check(epic))
    assert got["attacker.name"] == "Name the formation: the result reads it"  # the engine's own "Required", in words
    assert got["attacker.units.1.name"] == "Name the unit: the result reads it"
    assert "attacker.units.0.name" not in got


def test_the_bridge_check_answers_json_and_never_raises() -> None:
    assert json.loads(bridge.check(json.dumps(d100()))) == {"status": "ok"}
    assert json.loads(bridge.check("{not json"))["status"] == "invalid"


# ---------------------------------------------------------------- names the result reads


@pytest.mark.parametrize(
    ("section", "fields", "field", "message"),
    [
        ("attacker", {"name": " "}, "attacker.name", "Name the attacker: the result reads it"),
        (
            "attacker",
            {"weapon": {**LASGUN, "name": ""}},
            "attacker.weapon.name",
            "Name the weapon: the result reads it",
        ),
        ("target", {"name": ""}, "target.name", "Name the target: the result reads it"),
    ],
)
def test_an_empty_name_is_marked_by_the_check_and_the_forms_resolve(
    section: str, fields: dict[str, Any], field: str, message: str
) -> None:
    data = d100(**{section: fields})
    assert errors(check(data)) == {field: message}
    assert errors(bridge.respond(json.dumps({**data, "seed": 1}), forms=True)) == {field: message}


def test_an_empty_name_still_resolves_from_a_saved_scenario_or_the_cli() -> None:
    data = {**d100(target={"name": ""}), "seed": 1}
    assert run(data)["status"] == "ok"
    assert rules.run_text(json.dumps(data))["status"] == "ok"
    assert bridge.respond(json.dumps(data))["status"] == "ok"  # a share link's roll: not the forms


def test_a_name_left_out_takes_the_engines_default_and_is_not_marked() -> None:
    data = d100()
    del data["target"]["name"]
    assert check(data) == {"status": "ok"}


def test_names_are_marked_with_the_other_errors_in_one_answer() -> None:
    data = d100(target={"name": ""}, action={"type": "Standard Attack", "distance": -1})
    assert errors(bridge.respond(json.dumps({**data, "seed": 1}), forms=True)) == {
        "target.name": "Name the target: the result reads it",
        "action.distance": "A number from 0 m to 100,000 m",
    }


# ---------------------------------------------------------------- the weapon's range, like a distance


@pytest.mark.parametrize("value", [-1, 100001, "far"])
def test_the_weapons_range_is_checked_like_the_distance(value: Any) -> None:
    weapon = {**LASGUN, "range": value}
    got = errors(
        check(d100(attacker={"name": "G", "weapon": weapon}, action={"type": "Standard Attack", "distance": value}))
    )
    assert got["attacker.weapon.range"] == got["action.distance"]


def test_a_weapon_range_of_20000_m_is_taken_as_a_distance_is() -> None:
    assert check(d100(attacker={"name": "G", "weapon": {**LASGUN, "range": 20000.5}})) == {"status": "ok"}


# ---------------------------------------------------------------- messages a player reads


@pytest.mark.parametrize(
    ("section", "fields", "field", "message"),
    [
        ("attacker", {"characteristics": {"BS": -4}}, "attacker.characteristics.BS", "A whole number from 0 to 100"),
        ("attacker", {"characteristics": {"BS": 4.5}}, "attacker.characteristics.BS", "A whole number from 0 to 100"),
        (
            "attacker",
            {"characteristics": {"BS": "lots"}},
            "attacker.characteristics.BS",
            "A whole number from 0 to 100",
        ),
        ("target", {"wounds": 0}, "target.wounds", "A whole number from 1 to 1,000"),
        ("action", {"distance": -0.5}, "action.distance", "A number from 0 m to 100,000 m"),
        ("action", {"distance": "near"}, "action.distance", "A number from 0 m to 100,000 m"),
        ("attacker", {"name": "x" * 200}, "attacker.name", "Too long (at most 80 characters)"),
        ("attacker", {"psy_rating": 21}, "attacker.psy_rating", "A whole number from 0 to 20"),
        ("action", {"type": 7}, "action.type", "Must be text"),
    ],
)
def test_messages_read_as_a_players_sentence(section: str, fields: dict[str, Any], field: str, message: str) -> None:
    got = errors(check(d100(**{section: fields})))
    assert got[field] == message
    assert not any(word in got[field] for word in ("Input should", "0.0", "String should"))


def test_a_bound_without_its_model_still_reads_plainly() -> None:
    # the initiative request's own fields: no "Must be at most 10.0"
    from rules.api import error_message

    assert error_message({"type": "less_than_equal", "ctx": {"le": 10.0}, "msg": "x", "input": 11}) == "At most 10"
    assert error_message({"type": "greater_than_equal", "ctx": {"ge": 0.0}, "msg": "x", "input": -1}) == "At least 0"
