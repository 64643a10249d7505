"""Epic weapons typed as a datasheet prints them (rules/epic/models.py: parse_weapons, format_weapons).

``[Nx] Name RANGE [AP n] [AT n] [AA n] [BP n] [MW] [small arms | assault] [use AP|AT|AA]``, weapons
separated by ``;`` or new lines; the two functions are a matched pair (``parse_weapons(format_weapons(w))``
gives ``w``). This game hits on a d6 equal or UNDER the value (seed 002: "A roll of 6 is always
considered a miss"), so a value typed ``AP4+`` (a datasheet's: 4, 5 or 6 hits) is converted to the
same three faces equal or under, ``AP3``, and a step says so (converted, never mistranslated;
before it, refused with its conversion). ``AT7+`` cannot be rolled and is refused.
"""

from __future__ import annotations

import string
from typing import Any

import pytest
from epic_scenarios import errors_of, resolve, scenario, shooter
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.epic.models import EpicWeapon, format_weapons, parse_weapons

# --- parsing ---------------------------------------------------------------------------------------------------


def test_parse_the_docstrings_example() -> None:
    assert parse_weapons("2x Lascannon 45 AT5 AP2 use AT; Heavy bolter 30 AP4") == [
        {"count": 2, "name": "Lascannon", "range": 45, "AT": 5, "AP": 2, "use": "AT"},
        {"name": "Heavy bolter", "range": 30, "AP": 4},
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 x Autocannon 45t AP 5 AT6", {"count": 3, "name": "Autocannon", "range": 45, "AP": 5, "AT": 6}),
        ("Earthshaker 120 BP3", {"name": "Earthshaker", "range": 120, "BP": 3}),
        ("Volcano cannon 90 AT2 MW", {"name": "Volcano cannon", "range": 90, "AT": 2, "macro": True}),
        ("Power fist 0 assault", {"name": "Power fist", "range": 0, "kind": "assault"}),
        ("Lasgun 15 AP5 small arms", {"name": "Lasgun", "range": 15, "AP": 5, "kind": "small arms"}),
        ("Hydra 30tiles aa5 use aa", {"name": "Hydra", "range": 30, "AA": 5, "use": "AA"}),
        ("4\u00d7 Multilaser 30 AP5, AT6", {"count": 4, "name": "Multilaser", "range": 30, "AP": 5, "AT": 6}),
    ],
)
def test_parse_one_weapon_each_form(text: str, expected: dict[str, Any]) -> None:
    assert parse_weapons(text) == [expected]


def test_weapons_separated_by_new_lines() -> None:
    assert [w["name"] for w in parse_weapons("Heavy bolter 30 AP4\nLascannon 45 AT5\n\n")] == [
        "Heavy bolter",
        "Lascannon",
    ]


# --- errors name the bad token -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Lascannon 45 AT7+", ["'AT7+'", "cannot be rolled on a d6"]),
        ("Lascannon 45 AT 0+", ["'AT 0+'"]),
        ("Heavy bolter 30 AP4 rending", ["'rending'"]),
        ("Heavy bolter", ["range"]),
        ("30 AP4", ["name"]),
    ],
)
def test_errors_name_the_bad_token(text: str, says: list[str]) -> None:
    with pytest.raises(ValueError) as exc:
        parse_weapons(text)
    for part in says:
        assert part in str(exc.value)


def test_bad_weapon_text_in_a_scenario_is_reported_at_its_unit_via_run() -> None:
    errors = errors_of(scenario([shooter(name="A"), shooter("Heavy bolter 30 AP7+", name="B")], dice=[1]))
    assert list(errors) == ["attacker.units.1.weapons"]
    assert "AP7+" in errors["attacker.units.1.weapons"]
    assert "cannot be rolled on a d6" in errors["attacker.units.1.weapons"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Gun 30 AP7", "attacker.units.0.weapons.0.AP"),  # a d6 value: at most 6
        ("Heavy bolter 30 AP4 use AT", "attacker.units.0.weapons.0"),  # no AT value to use
        ("Gun 30", "attacker.units.0.weapons.0"),  # a ranged weapon needs a value or BP
        ("", "attacker.units.0.weapons"),  # no weapon at all
    ],
)
def test_weapon_text_that_parses_but_is_invalid_is_reported_at_its_field(text: str, field: str) -> None:
    assert field in errors_of(scenario([shooter(text)], dice=[1]))


def test_weapons_typed_as_text_resolve_like_the_same_weapons_as_dicts() -> None:
    # The squad's "2x Heavy bolter 30 AP4" is one group of two dice either way: 1 hits, 5 misses.
    typed = resolve(scenario([shooter("2x Heavy bolter 30 AP4")], dice=[1, 5]))
    dicts = resolve(scenario([shooter([{"name": "Heavy bolter", "count": 2, "range": 30, "AP": 4}])], dice=[1, 5]))
    assert typed["to_hit"] == dicts["to_hit"]
    assert typed["to_hit"][0]["hits"] == 1


# --- a matched pair ------------------------------------------------------------------------------------------


def test_format_weapons_prints_what_parse_reads() -> None:
    weapons = [
        EpicWeapon(name="Lascannon", count=2, range=45, AT=5, AP=2, use="AT"),
        EpicWeapon(name="Earthshaker", range=120, BP=3),
        EpicWeapon(name="Volcano cannon", range=90, AT=2, macro=True),
        EpicWeapon(name="Lasgun", range=15, AP=5, kind="small arms"),
    ]
    text = format_weapons(weapons)
    assert (
        text
        == "2x Lascannon 45 AP2 AT5 use AT; Earthshaker 120 BP3; Volcano cannon 90 AT2 MW; Lasgun 15 AP5 small arms"
    )
    assert [EpicWeapon(**w) for w in parse_weapons(text)] == weapons  # type: ignore[arg-type]


_WORD = st.text(alphabet=string.ascii_letters + "-", min_size=1, max_size=8)
# later words of a name may hold digits ("Mk 2 lascannon"); the first is a word, not a count like "2x"
_LATER = st.text(alphabet=string.ascii_letters + string.digits + "-", min_size=1, max_size=8)
_VALUE = st.none() | st.integers(1, 6)


@st.composite
def _weapon(draw: st.DrawFn) -> EpicWeapon:
    data: dict[str, Any] = {
        "name": " ".join([draw(_WORD), *draw(st.lists(_LATER, max_size=2))]),
        "count": draw(st.integers(1, 20)),
        "range": draw(st.integers(0, 200)),
        "AP": draw(_VALUE),
        "AT": draw(_VALUE),
        "AA": draw(_VALUE),
        "BP": draw(st.sampled_from([0, 0, 1, 3, 30])),
        "macro": draw(st.booleans()),
        "kind": draw(st.sampled_from(["ranged", "ranged", "small arms", "assault"])),
        "use": draw(st.sampled_from([None, "AP", "AT", "AA"])),
    }
    try:
        return EpicWeapon(**data)
    except ValidationError:
        # a `use` it lacks, or a ranged weapon with nothing to fire: the same without them
        data["use"] = None
        data["AP"] = data["AP"] or 4
        return EpicWeapon(**data)


@settings(max_examples=60, deadline=None)
@given(st.lists(_weapon(), min_size=1, max_size=4))
def test_parse_and_format_round_trip(weapons: list[EpicWeapon]) -> None:
    assert [EpicWeapon(**w) for w in parse_weapons(format_weapons(weapons))] == weapons  # type: ignore[arg-type]


def test_round_trip_keeps_a_name_with_a_number() -> None:
    # "Mk 2 lascannon 45 AT5": the range is the first number after which everything reads as the
    # weapon's values, so the 2 stays in the name.
    weapons = [EpicWeapon(name="Mk 2 lascannon", range=45, AT=5)]
    assert [EpicWeapon(**w) for w in parse_weapons(format_weapons(weapons))] == weapons  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["Lascannon, twin-linked", "Gun; heavy"])
def test_a_name_cannot_hold_the_separators(name: str) -> None:
    # ";" separates weapons and "," the values: a name with either would not read back.
    with pytest.raises(ValidationError, match="cannot hold ';' or ','"):
        EpicWeapon(name=name, range=45, AT=5)


# --- a datasheet's "n+" converted, never mistranslated ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Heavy bolter 30 AP4+", "AP", 3),  # 4+: 4-6, 3 in 6; here 1-3
        ("Lascannon 45 AT5+", "AT", 2),  # 5+: 5 or 6, 2 in 6; here 1 or 2 (not AT5: 5 in 6)
        ("Heavy bolter 30 AP2+", "AP", 5),
        ("Heavy bolter 30 AP 4+", "AP", 3),
        ("Lascannon 45 AT1+", "AT", 6),  # all six faces; here 1-5, a 6 always missing
    ],
)
def test_a_datasheets_to_hit_is_converted_to_the_seeds_convention(text: str, field: str, value: int) -> None:
    weapon = EpicWeapon.model_validate(parse_weapons(text)[0])
    assert getattr(weapon, field) == value
    assert format_weapons([weapon]) == text.replace(" 4+", "4+")  # the pair stays matched, as typed
    assert EpicWeapon.model_validate(parse_weapons(format_weapons([weapon]))[0]) == weapon


@pytest.mark.parametrize("n", range(1, 7))
def test_the_converted_value_hits_on_as_many_faces_as_the_datasheets(n: int) -> None:
    # a datasheet's n+ hits on faces n..6; the value read must hit on as many faces of a d6,
    # equal or under it with a 6 always missing (seed 002), except that 1+ (all six) can reach only five
    at = EpicWeapon.model_validate(parse_weapons(f"Lascannon 45 AT{n}+")[0]).AT
    assert at is not None
    assert len([face for face in range(1, 7) if face <= at and face != 6]) == min(7 - n, 5)


def test_a_lascannon_typed_at5_plus_hits_on_1_or_2_and_a_step_says_so() -> None:
    # the numbers: AT5+ is a 2-in-6 shot; read as AT2, the d6s 2 and 3 give one hit
    res = resolve(
        scenario([shooter("2x Lascannon 45 AT5+")], [{"name": "Tank", "type": "armoured vehicle"}], dice=[2, 3])
    )
    assert [(g["kind"], g["value"], g["hits"]) for g in res["to_hit"]] == [("AT", 2, 1)]
    notes = [s["detail"] for s in res["steps"] if s["rule"] == "Datasheet notation"]
    assert notes == [
        "Squad's Lascannon AT5+: a datasheet's 5+ hits on 5 or 6, 2 in 6; here a d6 hits equal or under: AT2 (1 or 2)."
    ]


@pytest.mark.parametrize(("field", "typed", "value"), [("AT", "5+", 2), ("AP", "AP4+", 3)])
def test_a_to_hit_field_given_as_a_datasheet_value_is_converted(field: str, typed: str, value: int) -> None:
    weapon = {"name": "Gun", "range": 30, field: typed}
    res = resolve(scenario([shooter([weapon])], dice=[6]))
    assert res["to_hit"][0]["value"] == value


@pytest.mark.parametrize(("typed", "value"), [("4+", 3), ("2+", 5), ("6+", 1), ("1+", 6), ("7+", 0)])
def test_a_save_given_as_a_datasheet_value_is_converted(typed: str, value: int) -> None:
    # one AT4 hit (d6 1) on a tank with armour typed as a datasheet prints it; its save d6 is 6
    # (7+ cannot be rolled: no save, no die)
    tank = {"name": "Tank", "type": "armoured vehicle", "armour": typed}
    res = resolve(scenario([shooter("Lascannon 45 AT4")], [tank], dice=[1, 6] if value else [1]))
    save = res["formations"][0]["units"][0]["saves"][0]
    assert (save["save"], save["value"]) == (("armour", value) if value else ("none", 0))
    assert any(s["rule"] == "Datasheet notation" and typed in s["detail"] for s in res["steps"])
