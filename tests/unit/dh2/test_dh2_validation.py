"""Invalid scenarios: ``run`` returns ``{"status": "invalid", "errors": [...]}`` with a message at the
field concerned (a dotted path into the scenario JSON), never an exception."""

from __future__ import annotations

from typing import Any

import pytest
from dh2_scenarios import AUTOGUN, LASGUN, SWORD, errors_of, scenario, weapon

from rules import ScenarioError, load_scenario, run, run_json


def _with(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """Set ``a.b.c`` in the scenario dict."""
    *parents, last = path.split(".")
    node = data
    for p in parents:
        node = node[p]
    node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("attacker.characteristics.BS", 140, "attacker.characteristics.BS"),
        ("attacker.characteristics.WS", -1, "attacker.characteristics.WS"),
        ("attacker.weapon.damage", "2x10", "attacker.weapon.damage"),
        ("attacker.weapon.damage", "1d7", "attacker.weapon.damage"),
        ("attacker.weapon.rof", "S/x/-", "attacker.weapon.rof"),
        ("attacker.weapon.rof", "S/0/-", "attacker.weapon.rof"),
        ("attacker.weapon.damage_type", "Sonic", "attacker.weapon.damage_type"),
        ("attacker.weapon.pen", -2, "attacker.weapon.pen"),
        ("target.armour", {"Body": -1}, "target.armour.Body"),
        ("target.armour", {"Tail": 2}, "target.armour.Tail"),
        ("target.wounds", 0, "target.wounds"),
        ("action.called_location", "Tail", "action.called_location"),
        ("action.aim", "double", "action.aim"),
        ("action.distance", -5, "action.distance"),
        ("action.fire_mode", "burst", "action.fire_mode"),
    ],
)
def test_invalid_field_value_reported_at_its_path(path: str, value: Any, field: str) -> None:
    errors = errors_of(_with(scenario(dice=[23, 4]), path, value))
    assert field in errors
    assert errors[field]  # a message for the player


def test_bs_140_message() -> None:
    errors = errors_of(scenario(BS=140, dice=[23, 4]))
    assert errors == {"attacker.characteristics.BS": "A whole number from 0 to 100"}


def test_unknown_quality_at_its_index() -> None:
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Explodey"]), dice=[23, 4]))
    assert list(errors) == ["attacker.weapon.qualities.0"]
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Tearing", "Explodey"]), dice=[23, 4]))
    assert list(errors) == ["attacker.weapon.qualities.1"]


def test_unknown_quality_reported_with_the_other_field_errors() -> None:
    # One answer lists every field to fix: BS 140 (a model check) and an unknown quality (a ruleset
    # check), not the quality only after BS is fixed.
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Tearing", "Explodey"]), BS=140, dice=[23, 4]))
    assert errors == {
        "attacker.characteristics.BS": "A whole number from 0 to 100",
        "attacker.weapon.qualities.1": "'Explodey' is not a Dark Heresy 2nd edition weapon quality",
    }


def test_quality_value_checked() -> None:
    # Proven takes a value, Tearing takes none
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Proven", "Tearing (2)"]), dice=[23, 4]))
    assert set(errors) == {"attacker.weapon.qualities.0", "attacker.weapon.qualities.1"}


def test_reliable_and_unreliable_together_refused() -> None:
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Reliable", "Unreliable"]), dice=[23, 4]))
    assert "attacker.weapon.qualities" in errors


def test_unknown_action_refused_at_action_type() -> None:
    errors = errors_of(scenario(action="Overwatch", dice=[23, 4]))
    assert list(errors) == ["action.type"]


@pytest.mark.parametrize(
    ("action", "rof"),
    [
        ("Full Auto Burst", "S/3/-"),  # no full auto
        ("Semi-Auto Burst", "S/-/10"),  # no semi-auto
        ("Semi-Auto Burst", "S/-/-"),
        ("Suppressing Fire", "S/-/-"),  # no bursts at all
        ("Standard Attack", "-/3/10"),  # no single shots
        ("Called Shot", "-/-/10"),
    ],
)
def test_burst_action_without_that_rof_refused_at_action_type(action: str, rof: str) -> None:
    data = scenario(
        weapon(AUTOGUN, rof=rof), action=action, called="Body" if action == "Called Shot" else None, dice=[23, 4]
    )
    assert "action.type" in errors_of(data)


def test_suppressing_fire_mode_the_weapon_lacks_refused_at_fire_mode() -> None:
    data = scenario(weapon(AUTOGUN, rof="S/-/10"), action="Suppressing Fire", fire_mode="semi", dice=[23])
    assert "action.fire_mode" in errors_of(data)


def test_empty_clip_refused() -> None:
    errors = errors_of(scenario(weapon(LASGUN, clip=0), dice=[23, 4]))
    assert "attacker.weapon.clip" in errors


@pytest.mark.parametrize("action", ["All Out Attack", "Charge", "Swift Attack", "Lightning Attack"])
def test_melee_action_with_ranged_weapon_refused(action: str) -> None:
    assert "action.type" in errors_of(scenario(LASGUN, action=action, dice=[23, 4]))


@pytest.mark.parametrize("action", ["Semi-Auto Burst", "Full Auto Burst", "Suppressing Fire"])
def test_ranged_action_with_melee_weapon_refused(action: str) -> None:
    assert "action.type" in errors_of(scenario(SWORD, action=action, dice=[23, 4]))


def test_called_shot_needs_a_location() -> None:
    assert "action.called_location" in errors_of(scenario(action="Called Shot", dice=[23, 4]))


def test_ranged_weapon_needs_a_range() -> None:
    assert "attacker.weapon.range" in errors_of(scenario(weapon(LASGUN, range=0), dice=[23, 4]))


def test_unknown_field_refused() -> None:
    data = scenario(dice=[23, 4])
    data["attacker"]["luck"] = 3
    assert "attacker.luck" in errors_of(data)


def test_several_errors_reported_together() -> None:
    data = scenario(weapon(LASGUN, damage="2x10", rof="S/x/-"), BS=140, dice=[23, 4])
    assert {"attacker.weapon.damage", "attacker.weapon.rof", "attacker.characteristics.BS"} <= set(errors_of(data))


def test_load_scenario_raises_scenario_error_a_value_error() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(scenario(BS=140, dice=[1]))
    assert isinstance(info.value, ValueError)
    assert [e.field for e in info.value.errors] == ["attacker.characteristics.BS"]


def test_run_json_not_json_and_not_object() -> None:
    import json

    assert json.loads(run_json("{not json"))["status"] == "invalid"
    assert json.loads(run_json("[1, 2]"))["status"] == "invalid"
    ok = json.loads(run_json(json.dumps(scenario(dice=[23, 4]))))
    assert ok["status"] == "ok"


def test_run_never_raises_for_bad_input() -> None:
    for bad in ({"system": "dh1"}, {"attacker": "x"}, {"dice": "abc"}, {"version": 2}):
        assert run(bad)["status"] == "invalid"
