"""Vengeful (X), in each ruleset.

- DH2 (DH2 Core, Ch. V, Vengeful (X)): Righteous Fury on a damage die of X or more instead of a natural 10.
- DH1: not a DH1 quality: refused.
- Deathwatch: not on seed 001's list of Weapon Qualities (its Volatile is the nearest: test_volatile.py): refused.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused


@pytest.mark.parametrize(
    ("qualities", "die", "fury"),
    [
        # Lasgun 23 -> Body; d10 + 3 - 3 = the die; Fury d5 from d10 3 -> 2
        ([], 8, False),
        (["Vengeful (8)"], 8, True),
        (["Vengeful (8)"], 7, False),
        ([], 10, True),
    ],
)
def test_vengeful_dh2(qualities: list[str], die: int, fury: bool) -> None:
    res = resolve_ok(scenario(weapon(LASGUN, qualities=qualities), dice=[23, die] + ([3] if fury else [])))
    hit = res["hits"][0]
    assert hit["wounds"] == die
    if fury:
        assert hit["righteous_fury"]["critical_effect"] == 2
    else:
        assert hit["righteous_fury"] is None
        assert len(res["dice"]) == 2


def test_vengeful_dh1() -> None:
    refused("dh1", "Vengeful (9)")


def test_vengeful_dw() -> None:
    refused("dw", "Vengeful (9)")
