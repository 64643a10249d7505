"""Devastating (X), in each ruleset.

- DH2 and DH1: not their quality: refused.
- Deathwatch (seed 001, Weapon Qualities: Devastating (X): "If the target is a Horde, the Horde suffers additional
  hits equal to the number in parenthesis"): X more hits against a Horde.
"""

from __future__ import annotations

import dw_scenarios as dw
from dh2_scenarios import weapon

from .readings import refused


def test_devastating_dw() -> None:
    # a knife with Devastating (2): WS 40, roll 40 -> 0 DoS -> max(1, 0 // 2) = 1 hit + 2 = 3.
    # d10 1 + 2 + SB 4 = 7 - AP 0 - TB 4 = 3 each
    res = dw.attack(
        dw.scenario(weapon(dw.KNIFE, qualities=["Devastating (2)"]), horde={"magnitude": 20}, dice=[40, 1, 1, 1])
    )
    assert res["horde"]["hits"] == 3


def test_devastating_dh2() -> None:
    refused("dh2", "Devastating (2)")


def test_devastating_dh1() -> None:
    refused("dh1", "Devastating (2)")
