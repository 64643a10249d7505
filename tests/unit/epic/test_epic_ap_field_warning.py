"""Epic's "AP4" against a datasheet's "AP4+" (seed 002, Roll to Hit: a d6 equal or under the value
hits, a 6 always misses): a value typed with no '+' is this game's, and the forms' check warns at
the weapons field as it is left, naming both readings; one typed with '+' is converted and not
warned of."""

from __future__ import annotations

from typing import Any

from rules.api import check


def scenario(attacker_weapons: str, target_weapons: str | None = None) -> dict[str, Any]:
    target_unit: dict[str, Any] = {"name": "Boyz"}
    if target_weapons is not None:
        target_unit["weapons"] = target_weapons
    return {
        "system": "epic",
        "attacker": {
            "name": "Marines",
            "units": [
                {"name": "Tactical", "weapons": "Bolters 15 small arms"},
                {"name": "Devastator", "weapons": attacker_weapons},
            ],
        },
        "target": {"name": "Orks", "units": [{"name": "Nobz"}, target_unit]},
    }


def test_ap4_without_plus_is_warned_at_its_weapons_field_with_both_readings() -> None:
    out = check(scenario("Heavy bolter 30 AP4"))
    assert out["status"] == "ok"
    [warning] = out["warnings"]
    assert warning["field"] == "attacker.units.1.weapons"
    # AP4 here: a d6 of 1-4 hits, 4 in 6; a datasheet's AP4+ hits on 4, 5 or 6 (3 in 6), AP3 here
    assert warning["message"] == (
        "Heavy bolter AP4 (no '+') is read as this game's AP 4: hits on 1-4, 4 in 6. A datasheet's "
        "AP4+ hits on 4-6, 3 in 6, which is AP3 here: type AP4+ if that is what the datasheet says."
    )


def test_a_datasheet_value_with_plus_is_not_warned() -> None:
    out = check(scenario("Heavy bolter 30 AP4+"))
    assert out == {"status": "ok"}


def test_each_value_of_a_weapon_and_a_target_units_own_weapons_are_warned() -> None:
    # AT5 here hits on 1-5 (a 6 misses), a datasheet's AT5+ (5 or 6, 2 in 6) is AT2; AP6 hits on
    # 1-5 too; a datasheet's AP6+ (a 6, 1 in 6) is AP1
    out = check(scenario("Lascannon 45 AT5 AP6+", target_weapons="Big shoota 30 AP6"))
    fields = {w["field"]: w["message"] for w in out["warnings"]}
    assert set(fields) == {"attacker.units.1.weapons", "target.units.1.weapons"}
    assert "AT5 (no '+') is read as this game's AT 5: hits on 1-5, 5 in 6" in fields["attacker.units.1.weapons"]
    assert "AT5+ hits on 5 or 6, 2 in 6, which is AT2 here" in fields["attacker.units.1.weapons"]
    assert "AP6" not in fields["attacker.units.1.weapons"]  # typed AP6+: the datasheet's, converted
    assert "Big shoota AP6 (no '+')" in fields["target.units.1.weapons"]
    assert "A datasheet's AP6+ hits on 6, 1 in 6, which is AP1 here" in fields["target.units.1.weapons"]


def test_the_warning_comes_with_the_errors_of_another_field() -> None:
    data = scenario("Heavy bolter 30 AP4")
    data["attacker"]["units"][0]["distance"] = -1
    out = check(data)
    assert out["status"] == "invalid"
    assert [w["field"] for w in out["warnings"]] == ["attacker.units.1.weapons"]


def test_other_rulesets_have_no_warnings() -> None:
    out = check({"system": "dh2", "attacker": {"name": "A"}, "target": {"name": "T"}})
    assert "warnings" not in out
