"""Tearing, in each ruleset.

- DH2 (DH2 Core, Ch. V, Tearing): roll one extra damage die and drop the lowest; the degrees of success may
  still replace a die (seed 004, Step Four).
- DH1 (seed 003, Weapon Qualities: "Roll twice for damage and choose highest"): the whole damage roll is made
  twice and the higher total kept; a 10 on the dropped roll is no Righteous Fury (test_dh1_damage.py).
- Deathwatch (seed 001, Weapon Qualities: "Roll two dice for Damage, take the best result"; DW Core, Ch. V,
  Tearing): one extra die, the lowest dropped, as DH2 (rules/data/dw/qualities.json's _note).

The order of Tearing with Proven, Primitive, Maximal's and Accurate's dice is in test_quality_order.py.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios
import dw_scenarios
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import BUILD, PLAIN


def test_tearing_dh2() -> None:
    # Lasgun 23 -> DoS 4, Body. Without Tearing, d10 3: the 4 DoS replace it -> 4 + 3 - 3 = 4.
    # Tearing: d10 3, Tearing d10 7 -> drop the 3 -> 7 + 3 - 3 = 7 (replacing the dropped 3 gains nothing)
    assert resolve_ok(scenario(LASGUN, dice=[23, 3]))["total_wounds"] == 4
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Tearing"]), dice=[23, 3, 7]))
    assert [(d["value"], d["kept"]) for d in res["hits"][0]["dice"]] == [(3, False), (7, True)]
    assert res["total_wounds"] == 7


def test_tearing_dh1() -> None:
    # 2d10 Tearing: first roll 1 + 9 = 10, second 6 + 6 = 12 -> keep the second: 12 - 3 = 9.
    # (Keeping the best two dice of the four would give 9 + 6 = 15; DH2's extra die dropping the
    # lowest would give 9 + 6 = 15 too.)
    gun = weapon(dh1_scenarios.LASGUN, damage="2d10", qualities=["Tearing"])
    res = resolve_ok(dh1_scenarios.scenario(gun, dice=[23, 1, 9, 6, 6]))
    assert [(d["value"], d["kept"]) for d in res["hits"][0]["dice"]] == [(1, False), (9, False), (6, True), (6, True)]
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (12, 9)
    assert [p for p, _, _ in dh1_scenarios.purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10 (1 of 2)",
        "hit 1 damage d10 (2 of 2)",
        "hit 1 Tearing second roll d10 (1 of 2)",
        "hit 1 Tearing second roll d10 (2 of 2)",
    ]


@pytest.mark.parametrize(
    ("dice", "kept"),
    [
        ([2, 7, 9], [False, True, True]),  # the first die is the lowest
        ([7, 9, 2], [True, True, False]),  # the Tearing die is the lowest
    ],
)
def test_tearing_dw(dice: list[int], kept: list[bool]) -> None:
    # Bolter 2d10+5 Tearing, BS 40, roll 33 -> Body, AP 8 - Pen 5 = 3. Three d10, the 2 dropped:
    # 7 + 9 + 5 = 21 - 3 - TB 4 = 14
    res = dw_scenarios.attack(dw_scenarios.scenario(dw_scenarios.BOLTER, armour={"Body": 8}, dice=[33, *dice]))
    hit = res["hits"][0]
    assert [d["kept"] for d in hit["dice"]] == kept
    assert (hit["damage"], hit["effective_armour"], hit["wounds"]) == (21, 3, 14)


@pytest.mark.parametrize(
    ("system", "kept", "damage", "wounds"),
    [
        # DH2: 40 + 10 = 50, roll 23 -> DoS 4. d10 1, 9 and Tearing 6: the 1 goes -> 15 (the 4 DoS replacing the
        # dropped 1 would be dropped in turn: no gain). 15 - TB 3 = 12.
        ("dh2", [False, True, True], 15, 12),
        # DH1: the roll 1 + 9 = 10, then again 6 + 6 = 12: the second is kept -> 12 - TB 3 = 9.
        ("dh1", [False, False, True, True], 12, 9),
        # Deathwatch: as DH2 without the degrees -> 15 - TB 4 = 11.
        ("dw", [False, True, True], 15, 11),
    ],
)
def test_tearing_the_same_dice_in_each_ruleset(system: str, kept: list[bool], damage: int, wounds: int) -> None:
    # A 2d10 Pen 0 Tearing gun, the same dice in each ruleset (DH1 takes a fourth for its second roll).
    gun: dict[str, Any] = weapon(PLAIN[system], damage="2d10", pen=0, qualities=["Tearing"])
    res = resolve_ok(BUILD[system](gun, dice=[23, *[1, 9, 6, 6][: len(kept)]]))
    hit = res["hits"][0]
    assert [d["kept"] for d in hit["dice"]] == kept
    assert (hit["damage"], hit["wounds"]) == (damage, wounds)
