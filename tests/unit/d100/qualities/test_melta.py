"""Melta, in each ruleset.

- DH2 (DH2 Core, Ch. V, Melta): Pen doubled at Short range or closer.
- DH1: not a DH1 quality (seed 003's table and the DH1 Core lack it): refused.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.

Melta doubles the Pen after Maximal's +2 is added: test_quality_order.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused

MELTA = weapon(LASGUN, name="Meltagun", pen=6, qualities=["Melta"])


@pytest.mark.parametrize(
    ("wpn", "distance", "target", "pen", "wounds"),
    [
        # Pen 6, Body AP 10; roll 23 -> Body; d10 8 + 3 = 11 (8 is above every DoS here)
        (MELTA, 2, 80, 12, 8),  # Point Blank +30: Pen doubled -> AP 0 -> 11 - 3 = 8
        (MELTA, 40, 60, 12, 8),  # Short (under 50) +10: doubled
        (MELTA, 60, 50, 6, 4),  # Standard: Pen 6 -> AP 4 -> 11 - 4 - 3 = 4
        (MELTA, 250, 40, 6, 4),  # Long -10: not doubled
        (weapon(MELTA, qualities=[]), 40, 60, 6, 4),  # Short, without Melta
    ],
)
def test_melta_dh2(wpn: dict[str, Any], distance: float, target: int, pen: int, wounds: int) -> None:
    res = resolve_ok(scenario(wpn, distance=distance, armour={"Body": 10}, dice=[23, 8]))
    assert res["target_number"] == target
    hit = res["hits"][0]
    assert (hit["penetration"], hit["wounds"]) == (pen, wounds)


def test_melta_dh1() -> None:
    refused("dh1", "Melta")


def test_melta_dw() -> None:
    refused("dw", "Melta")
