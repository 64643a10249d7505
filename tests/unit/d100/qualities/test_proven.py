"""Proven (X), in each ruleset.

- DH2 (DH2 Core, Ch. V, Proven (X)): a damage die under X counts as X.
- DH1: not a DH1 quality: refused.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.

Proven raises the dice before Tearing drops the lowest: test_quality_order.py.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused


@pytest.mark.parametrize(
    ("qualities", "die", "value", "wounds"),
    [
        # Lasgun 50 -> DoS 5-5+1 = 1 (replaces no die), reversed 05 Head; 1d10 + 3 - TB 3 = the die
        ([], 1, 1, 1),
        (["Proven (3)"], 1, 3, 3),  # a die under 3 counts as 3
        (["Proven (3)"], 5, 5, 5),  # over 3: unchanged
    ],
)
def test_proven_dh2(qualities: list[str], die: int, value: int, wounds: int) -> None:
    hit = resolve_ok(scenario(weapon(LASGUN, qualities=qualities), dice=[50, die]))["hits"][0]
    assert hit["location"] == "Head"
    assert (hit["dice"][0]["natural"], hit["dice"][0]["value"], hit["wounds"]) == (die, value, wounds)


def test_proven_dh1() -> None:
    refused("dh1", "Proven (2)")


def test_proven_dw() -> None:
    refused("dw", "Proven (2)")
