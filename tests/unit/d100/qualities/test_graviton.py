"""Graviton, in each ruleset.

- DH2 (DH2 Core, Ch. V, Graviton): extra damage equal to the struck location's armour points.
- DH1: not a DH1 quality: refused.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.

Graviton reads the armour before Pen reduces it: test_quality_order.py.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused


@pytest.mark.parametrize(("qualities", "wounds"), [([], 2), (["Graviton"], 6)])
def test_graviton_dh2(qualities: list[str], wounds: int) -> None:
    # 23 -> Body AP 4; d10 6 + 3 = 9. Without: 9 - 4 - 3 = 2. Graviton: 9 + 4 (Body AP) - 4 - 3 = 6
    res = resolve_ok(scenario(weapon(LASGUN, qualities=qualities), armour={"Body": 4}, dice=[23, 6]))
    assert res["hits"][0]["wounds"] == wounds


def test_graviton_adds_nothing_against_no_armour() -> None:
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Graviton"]), dice=[23, 6]))
    assert res["total_wounds"] == 6


def test_graviton_dh1() -> None:
    refused("dh1", "Graviton")


def test_graviton_dw() -> None:
    refused("dw", "Graviton")
