"""rules.party on CPython: the exported party file, checked with the engine's own models before the
page imports anything; and the worker's check_party, which never raises."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from auspex_web import bridge

import rules.party
from rules.epic.models import parse_weapons
from rules.party import MAX_ERRORS, check_party, describe

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SCENARIOS = {
    "dh2": "lasgun.json",
    "dh1": "dh1-storm-bolter.json",
    "dw": "dw-bolter-horde.json",
    "wh40krp": "wh40krp-autogun-round.json",
    "epic": "epic-tactical-shooting.json",
}


def example(system: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / SCENARIOS[system]).read_text())
    return data


def party_of_examples() -> dict[str, Any]:
    """Every example's attacker, weapon (not Epic's: its weapons are its units') and target."""
    party: dict[str, Any] = {"auspex_party": 1, "attackers": [], "weapons": [], "targets": []}
    for system in SCENARIOS:
        s = example(system)
        party["attackers"].append({"name": s["attacker"]["name"], "system": system, "data": s["attacker"]})
        party["targets"].append({"name": s["target"]["name"], "system": system, "data": s["target"]})
        if system != "epic":
            weapon = copy.deepcopy(s["attacker"]["weapon"])
            party["weapons"].append({"name": weapon["name"], "system": system, "data": weapon})
    return party


def check(party: Any) -> dict[str, Any]:
    return check_party(party if isinstance(party, str) else json.dumps(party))


def errors_of(party: Any) -> list[tuple[str, str]]:
    answer = check(party)
    assert answer["status"] == "invalid"
    return [(e["field"], e["message"]) for e in answer["errors"]]


def test_every_rulesets_examples_pass_as_given() -> None:
    party = party_of_examples()
    answer = check(party)
    assert answer["status"] == "ok"
    assert answer["party"] == party  # nothing added, renamed or dropped
    assert [e["system"] for e in answer["party"]["attackers"]] == list(SCENARIOS)


def test_an_empty_party_and_missing_lists_are_fine() -> None:
    answer = check({"auspex_party": 1})
    assert answer == {"status": "ok", "party": {"auspex_party": 1, "attackers": [], "weapons": [], "targets": []}}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "Not a JSON file"),
        ("", "Not a JSON file"),
        ("[1, 2]", "Not an Auspex party file"),
        ('{"attackers": []}', "Not an Auspex party file"),
        ('{"scenario": 1}', "Not an Auspex party file"),
    ],
)
def test_a_file_that_is_not_a_party_is_refused_whole(text: str, message: str) -> None:
    (error,) = check(text)["errors"]
    assert error["field"] == "file"
    assert error["message"].startswith(message)


def test_the_file_itself_is_checked() -> None:
    assert errors_of({"auspex_party": 2}) == [("auspex_party", "Must be one of 1")]
    assert errors_of({"auspex_party": 1, "friends": []}) == [("friends", "Not a field of this form")]
    errors = errors_of({"auspex_party": 1, "attackers": [{"name": "", "system": "dh3", "data": []}]})
    assert [field for field, _ in errors] == ["attackers.0.name", "attackers.0.system", "attackers.0.data"]


def test_a_bad_field_is_named_with_its_entry_and_ruleset() -> None:
    party = party_of_examples()
    party["attackers"][0]["data"]["characteristics"]["BS"] = 140
    answer = check(party)
    assert answer["status"] == "invalid"
    assert answer["errors"] == [
        {
            "field": "attackers.0.data.characteristics.BS",
            "message": "A whole number from 0 to 100",
            "where": 'Attacker 1 "Guardsman" (Dark Heresy 2nd edition), characteristics.BS',
        }
    ]


def test_each_ruleset_validates_with_its_own_models() -> None:
    party = party_of_examples()
    # a fan-ruleset attacker has BS at its top level, not in characteristics; wounded is its own word
    party["attackers"][3]["data"]["wounded"] = "badly"
    # Epic: a target unit's save is a d6 value
    party["targets"][4]["data"]["units"][0]["armour"] = 9
    # a d100 target does not know the fan ruleset's exposure
    party["targets"][0]["data"]["exposure"] = "open"
    fields = [field for field, _ in errors_of(party)]
    assert fields == ["attackers.3.data.wounded", "targets.0.data.exposure", "targets.4.data.units.0.armour"]


def test_weapon_qualities_are_checked_against_the_rulesets_table() -> None:
    party = party_of_examples()
    party["weapons"][0]["data"]["qualities"] = ["Reliable", "Warp Thing"]  # dh2's lasgun
    party["attackers"][1]["data"]["weapon"]["qualities"] = ["Tearing (3)"]  # dh1: Tearing takes no value
    errors = errors_of(party)
    assert errors == [
        ("attackers.1.data.weapon.qualities.0", "Tearing takes no value"),
        ("weapons.0.data.qualities.1", "'Warp Thing' is not a Dark Heresy 2nd edition weapon quality"),
    ]


def test_epic_has_no_weapon_entries() -> None:
    party = party_of_examples()
    party["weapons"].append({"name": "Lascannon", "system": "epic", "data": {"name": "Lascannon"}})
    ((field, message),) = errors_of(party)
    assert field == "weapons.4.system"
    assert "saved with its formation" in message


def test_epic_weapons_given_as_a_list_come_back_as_the_datasheets_text() -> None:
    party = party_of_examples()
    unit = party["attackers"][4]["data"]["units"][0]
    text = unit["weapons"]
    unit["weapons"] = parse_weapons(text)
    answer = check(party)
    assert answer["status"] == "ok"
    back = answer["party"]["attackers"][4]["data"]["units"][0]["weapons"]
    assert isinstance(back, str)
    assert parse_weapons(back) == parse_weapons(text)
    assert answer["party"]["attackers"][4]["data"]["units"][1] == party["attackers"][4]["data"]["units"][1]


FLAK = {"Head": 4, "Right Arm": 4, "Left Arm": 4, "Body": 4, "Right Leg": 4, "Left Leg": 4}


def test_saved_armour_of_each_d100_ruleset_passes_and_comes_back_as_given() -> None:
    # armour is a party kind of its own, the d100 target's AP by location
    party = party_of_examples()
    party["armour"] = [
        {"name": "Flak", "system": "dh2", "data": FLAK},
        {"name": "Carapace chest", "system": "dh1", "data": {"Body": 6}},
        {"name": "Nothing", "system": "dw", "data": {}},
    ]
    answer = check(party)
    assert answer["status"] == "ok", answer
    assert answer["party"] == party


def test_an_old_party_file_without_armour_loads_and_gains_no_list() -> None:
    answer = check(party_of_examples())
    assert answer["status"] == "ok" and "armour" not in answer["party"]


def test_saved_armour_is_checked_by_location_and_ap() -> None:
    party = party_of_examples()
    party["armour"] = [{"name": "Odd", "system": "dh2", "data": {"Tail": 3, "Body": 51}}]
    errors = errors_of(party)
    fields = [field for field, _ in errors]
    assert fields == ["armour.0.data.Tail", "armour.0.data.Body"], errors
    assert describe(party, "armour.0.data.Body") == 'Armour 1 "Odd" (Dark Heresy 2nd edition), Body'


@pytest.mark.parametrize("system", ["wh40krp", "epic"])
def test_only_the_d100_rulesets_have_armour_entries(system: str) -> None:
    party = party_of_examples()
    party["armour"] = [{"name": "Flak", "system": system, "data": {"Body": 4}}]
    ((field, message),) = errors_of(party)
    assert field == "armour.0.system"
    assert "saved with the target" in message


def test_errors_are_capped_and_counted() -> None:
    party = party_of_examples()
    bad = copy.deepcopy(party["attackers"][0])
    bad["data"]["characteristics"]["BS"] = -1
    party["attackers"] = [bad] * (MAX_ERRORS + 5)
    answer = check(party)
    assert len(answer["errors"]) == MAX_ERRORS
    assert answer["more"] == 5


def test_describe_names_the_entry_for_a_player() -> None:
    party = {"targets": [{"name": "Ork <b>boss</b>", "system": "wh40krp"}]}
    assert describe(party, "targets.0.data.armour.Body") == (
        'Target 1 "Ork <b>boss</b>" (Warhammer 40,000 Roleplay (fan-made, WFRP)), armour.Body'
    )
    assert describe(party, "targets.3.data.BS") == "Target 4, BS"
    assert describe({}, "auspex_party") == "auspex_party"


def test_the_workers_check_party_answers_json_and_never_raises(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ok = json.loads(bridge.check_party(json.dumps(party_of_examples())))
    assert ok["status"] == "ok"
    assert json.loads(bridge.check_party("{"))["status"] == "invalid"

    def broken(text: str) -> dict[str, object]:
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(rules.party, "check_party", broken)
    assert json.loads(bridge.check_party("{}")) == {"status": "error", "message": bridge.PARTY_ERROR_MESSAGE}
    assert "Traceback" in capsys.readouterr().err


def test_the_formats_party_example_is_a_valid_party() -> None:
    readme = (EXAMPLES.parent / "docs" / "formats.md").read_text()
    start = readme.index('{"auspex_party": 1,')
    text = readme[start : readme.index("```", start)]
    answer = check(text)
    assert answer["status"] == "ok", answer
    assert [len(answer["party"][kind]) for kind in ("attackers", "weapons", "targets")] == [1, 1, 1]
