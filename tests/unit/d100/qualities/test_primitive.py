"""Primitive, in each ruleset: two different rules under one name.

- DH2 (DH2 Core, Ch. V, Primitive (X)): a damage die over X counts as X; a natural 10 still causes Righteous
  Fury.
- DH1 (seed 003, Weapon Qualities: "All armour points are double, unless the armour is also Primitive") and
  Deathwatch (seed 001, Weapon Qualities: "AP doubled, unless armour also has Primitive quality"): the armour
  counts double, before Pen reduces it; Primitive takes no value.

The order with the degrees' die, Tearing and Pen is in test_quality_order.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, SWORD, errors_of, resolve_ok, scenario, weapon

from .readings import BUILD, PLAIN

CLUB_DH1 = weapon(dh1.SWORD, name="Club", damage_type="I", qualities=["Primitive"])


@pytest.mark.parametrize(
    ("qualities", "die", "value", "wounds"),
    [
        # Lasgun 23 -> DoS 4, Body; 1d10 + 3 - TB 3 = the die
        ([], 9, 9, 9),
        (["Primitive (7)"], 9, 7, 7),  # a die over 7 counts as 7
        (["Primitive (7)"], 5, 5, 5),  # under 7: unchanged
    ],
)
def test_primitive_dh2(qualities: list[str], die: int, value: int, wounds: int) -> None:
    hit = resolve_ok(scenario(weapon(LASGUN, qualities=qualities), dice=[23, die]))["hits"][0]
    assert (hit["dice"][0]["natural"], hit["dice"][0]["value"], hit["wounds"]) == (die, value, wounds)


def test_primitive_natural_10_counts_as_x_but_still_causes_righteous_fury() -> None:
    # d10 10 -> 7: 7 + 3 - 3 = 7 wounds; Fury d5 from d10 4 -> 2
    hit = resolve_ok(scenario(weapon(LASGUN, qualities=["Primitive (7)"]), dice=[23, 10, 4]))["hits"][0]
    assert (hit["dice"][0]["value"], hit["wounds"]) == (7, 7)
    assert hit["righteous_fury"]["critical_effect"] == 2


def test_primitive_dh1() -> None:
    # WS 40, roll 23 Body (AP 3 -> 6). d10 8 + SB 3 = 11 - 6 - 3 = 2
    res = resolve_ok(dh1.scenario(CLUB_DH1, armour={"Body": 3}, dice=[23, 8]))
    hit = res["hits"][0]
    assert (hit["armour"], hit["effective_armour"], hit["wounds"]) == (3, 6, 2)
    assert dh1.step_text(res, "Armour doubled") == "Armour points count double: Primitive."


def test_primitive_dh1_not_against_primitive_armour() -> None:
    # 11 - 3 - 3 = 5
    res = resolve_ok(dh1.scenario(CLUB_DH1, armour={"Body": 3}, primitive_armour=True, dice=[23, 8]))
    assert (res["hits"][0]["effective_armour"], res["total_wounds"]) == (3, 5)


def test_primitive_dh1_doubles_the_armour_before_pen() -> None:
    # (3 x 2) - Pen 2 = 4: 11 - 4 - 3 = 4
    res = resolve_ok(dh1.scenario(weapon(CLUB_DH1, pen=2), armour={"Body": 3}, dice=[23, 8]))
    assert (res["hits"][0]["effective_armour"], res["total_wounds"]) == (4, 4)


@pytest.mark.parametrize(
    ("primitive_armour", "effective", "wounds"),
    [
        (False, 8, 1),  # Body AP 4 doubled = 8: 13 - 8 - TB 4 = 1
        (True, 4, 5),  # Primitive armour is not doubled: 13 - 4 - 4 = 5
    ],
)
def test_primitive_dw(primitive_armour: bool, effective: int, wounds: int) -> None:
    # a Primitive club 1d10 Pen 0, WS 40, roll 33 -> Body; d10 9 + SB 4 = 13
    res = dw.attack(dw.scenario(dw.CLUB, armour={"Body": 4}, primitive_armour=primitive_armour, dice=[33, 9]))
    hit = res["hits"][0]
    assert (hit["effective_armour"], hit["wounds"]) == (effective, wounds)


@pytest.mark.parametrize(
    ("system", "text", "value", "effective", "wounds"),
    [
        # DH2: WS 40 + 10 = 50, roll 23 -> DoS 4, Body. The 9 counts 7: 7 + SB 3 = 10 - AP 3 - TB 3 = 4
        ("dh2", "Primitive (7)", 7, 3, 4),
        # DH1: WS 40, roll 23 -> Body. 9 + SB 3 = 12; AP 3 doubled = 6 -> 12 - 6 - TB 3 = 3
        ("dh1", "Primitive", 9, 6, 3),
        # Deathwatch: 9 + SB 4 = 13 - 6 - TB 4 = 3
        ("dw", "Primitive", 9, 6, 3),
    ],
)
def test_primitive_the_same_club_in_each_ruleset(
    system: str, text: str, value: int, effective: int, wounds: int
) -> None:
    # A 1d10 Pen 0 club against Body AP 3, damage d10 9.
    club = weapon(SWORD, name="Club", damage_type="I", qualities=[text])
    hit = resolve_ok(BUILD[system](club, armour={"Body": 3}, dice=[23, 9]))["hits"][0]
    assert (hit["dice"][0]["value"], hit["effective_armour"], hit["wounds"]) == (value, effective, wounds)


@pytest.mark.parametrize(("system", "text"), [("dh1", "Primitive (7)"), ("dw", "Primitive (7)")])
def test_primitive_takes_no_value_outside_dh2(system: str, text: str) -> None:
    data = BUILD[system](weapon(PLAIN[system], qualities=[text]), dice=[23, 5])
    assert errors_of(data) == {"attacker.weapon.qualities.0": "Primitive takes no value"}
