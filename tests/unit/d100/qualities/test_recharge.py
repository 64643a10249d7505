"""Recharge, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Recharge): After attacking it cannot attack again until the end of the next round.
- DH1 (DH1 Core, Ch. V, Recharge (not in seed 003)): It spends the round after firing recharging: it fires every
  other round.
- Deathwatch (seed 001, Weapon Qualities (Recharge)): Can only fire every other round.
"""

from __future__ import annotations

from .readings import gm_only


def test_recharge_dh2() -> None:
    gm_only("dh2", "Recharge")


def test_recharge_dh1() -> None:
    gm_only("dh1", "Recharge")


def test_recharge_dw() -> None:
    gm_only("dw", "Recharge")
