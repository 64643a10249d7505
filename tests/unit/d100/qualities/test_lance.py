"""Lance, in each ruleset.

- DH2 (DH2 Core, Ch. V, Lance): Pen increases by its base value once per degree of success (Pen 5, 3 DoS: 20).
- DH1: not a DH1 quality (seed 003's table and the DH1 Core lack it): refused.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.

Lance multiplies the Pen after Maximal's +2 is added: test_quality_order.py.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused


@pytest.mark.parametrize(
    ("qualities", "roll", "pen", "wounds"),
    [
        # Lasgun Pen 5, AP 10 on Body and Head; d10 6 + 3 = 9
        ([], 23, 5, 1),  # 9 - (10 - 5) - 3 = 1
        (["Lance"], 23, 25, 6),  # DoS 4: Pen 5 x (1 + 4) = 25 -> AP 0 -> 9 - 3 = 6
        (["Lance"], 50, 10, 6),  # 50 -> DoS 1, reversed 05 Head: Pen 5 x 2 = 10 -> AP 0 -> 6
        ([], 50, 5, 1),
    ],
)
def test_lance_dh2(qualities: list[str], roll: int, pen: int, wounds: int) -> None:
    gun = weapon(LASGUN, pen=5, qualities=qualities)
    hit = resolve_ok(scenario(gun, armour={"Body": 10, "Head": 10}, dice=[roll, 6]))["hits"][0]
    assert (hit["penetration"], hit["wounds"]) == (pen, wounds)


def test_lance_dh1() -> None:
    refused("dh1", "Lance")


def test_lance_dw() -> None:
    refused("dw", "Lance")
