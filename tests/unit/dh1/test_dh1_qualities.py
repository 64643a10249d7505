"""Dark Heresy 1st edition weapon qualities: the ruleset's table of them, the ones it refuses, and what no
single quality owns (each quality's own tests, its DH1 reading beside DH2's and Deathwatch's, are in
tests/unit/d100/qualities/test_<quality>.py; rules/data/dh1/qualities.json gives each reading and source).

Seed 003, Weapon Qualities (Accurate, Balanced, Blast (X), Defensive, Flexible, Inaccurate, Power
field, Primitive, Reliable, Scatter, Shocking, Tearing, Toxic, Unbalanced, Unreliable, Unwieldy);
DH1 Core, Ch. V for Flame, Overheats, Recharge, Smoke, Snare, Unstable and the numbers the seed
leaves out (Shocking, Toxic); DH1 Ascension for Storm and Twin-Linked.
"""

from __future__ import annotations

from typing import Any

import pytest
from dh1_scenarios import (
    LASGUN,
    SWORD,
    errors_of,
    purposes,
    resolve_ok,
    scenario,
    weapon,
)

from rules.d100 import tables


def test_the_dh1_quality_table() -> None:
    # seed 003's sixteen, the DH1 book's Flame, Overheats, Recharge, Smoke, Snare, Unstable, and
    # Ascension's Storm and Twin-Linked
    names = {q.name for q in tables.qualities("dh1").qualities}
    assert names == {
        "Accurate",
        "Balanced",
        "Blast",
        "Defensive",
        "Flexible",
        "Inaccurate",
        "Power Field",
        "Primitive",
        "Reliable",
        "Scatter",
        "Shocking",
        "Tearing",
        "Toxic",
        "Unbalanced",
        "Unreliable",
        "Unwieldy",
        "Flame",
        "Overheats",
        "Recharge",
        "Smoke",
        "Snare",
        "Unstable",
        "Storm",
        "Twin-Linked",
    }


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Razor Sharp", "Razor Sharp"),
        ("Proven (2)", "Proven"),
        ("Felling (1)", "Felling"),
        ("Concussive (1)", "Concussive"),
        ("Melta", "Melta"),
        ("Spray", "Spray"),
        ("Vengeful (9)", "Vengeful"),
    ],
)
def test_qualities_dh1_lacks_are_refused_naming_the_ruleset(text: str, name: str) -> None:
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Reliable", text]), dice=[23, 5]))
    assert errors == {"attacker.weapon.qualities.1": f"'{name}' is not a Dark Heresy 1st edition weapon quality"}


def test_quality_dh1_lacks_refused_on_the_parrying_weapon() -> None:
    data = scenario(SWORD, evasion={"reaction": "Parry", "skill": 40, "qualities": ["Razor Sharp"]}, dice=[23, 25])
    assert errors_of(data) == {
        "target.evasion.qualities.0": "'Razor Sharp' is not a Dark Heresy 1st edition weapon quality"
    }


@pytest.mark.parametrize("text", ["Primitive (7)", "Toxic (2)"])
def test_dh1_qualities_that_take_no_value(text: str) -> None:
    # DH2 writes Primitive (X) and Toxic (X); DH1's take no value
    name = text.split(" (")[0]
    errors = errors_of(scenario(weapon(LASGUN, qualities=[text]), dice=[23, 5]))
    assert errors == {"attacker.weapon.qualities.0": f"{name} takes no value"}


def test_quality_names_as_the_seed_spells_them() -> None:
    # seed 003 writes "Power field"; names match whatever the case
    data = scenario(SWORD, evasion={"reaction": "Parry", "skill": 40, "qualities": ["Power field"]}, dice=[23, 60, 5])
    assert resolve_ok(data)["outcome"] == "hit"


# --- the parrying weapon: Power Field on a failed parry ----------------------------------------------------


def _parry(skill: int, qualities: list[str], roll: int, attacker: dict[str, Any] | None = None) -> dict[str, Any]:
    # Sword WS 40, roll 23 hits the Body (DoS 1); the target Parries; d10 5 + SB 3 = 8 - 3 = 5 if it stands
    return scenario(
        attacker or SWORD, evasion={"reaction": "Parry", "skill": skill, "qualities": qualities}, dice=[23, roll, 5]
    )


def test_power_field_on_a_failed_parry_rolls_nothing() -> None:
    res = resolve_ok(_parry(40, ["Power Field"], 60))
    assert res["outcome"] == "hit"
    assert [p for p, _, _ in purposes(res)] == ["to-hit d100", "Parry d100 (evasion)", "hit 1 damage d10"]
