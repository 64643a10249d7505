"""Unstable, in each ruleset.

- DH2: not a DH2 quality: refused.
- DH1 (DH1 Core, Ch. V, Unstable; not in seed 003): each hit rolls 1d10 after its damage dice: on a 1 half damage
  (rounded up), on a 10 double.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import pytest
from dh2_scenarios import resolve_ok, weapon

from .readings import refused

UNSTABLE = weapon(dh1.LASGUN, name="Neural Disruptor", qualities=["Unstable"])


@pytest.mark.parametrize(
    ("d10", "damage", "wounds"),
    [
        (1, 4, 1),  # half: 8 / 2 = 4 - 3 = 1
        (2, 8, 5),
        (9, 8, 5),
        (10, 16, 13),  # double: 16 - 3 = 13
    ],
)
def test_unstable_dh1(d10: int, damage: int, wounds: int) -> None:
    # roll 23 Body; d10 6 + 2 = 8, then the Unstable d10
    res = resolve_ok(dh1.scenario(UNSTABLE, dice=[23, 6, d10]))
    assert dh1.purposes(res)[1:] == [("hit 1 damage d10", 10, 6), ("hit 1 Unstable d10", 10, d10)]
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (damage, wounds)


def test_unstable_dh1_rolls_for_each_hit() -> None:
    # Semi-Auto: BS 40 + 10 = 50, roll 30 -> DoS 2 -> 2 hits (03 Head, Head).
    # Hit 1: d10 6 -> 8, Unstable 10 -> 16 - 3 = 13. Hit 2: d10 4 -> 6, Unstable 1 -> 3 - 3 = 0.
    res = resolve_ok(dh1.scenario(UNSTABLE, action="Semi-Auto Burst", wounds=40, dice=[30, 6, 10, 4, 1]))
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 1 Unstable d10",
        "hit 2 damage d10",
        "hit 2 Unstable d10",
    ]
    assert [h["wounds"] for h in res["hits"]] == [13, 0]


def test_unstable_dh2() -> None:
    refused("dh2", "Unstable")


def test_unstable_dw() -> None:
    refused("dw", "Unstable")
