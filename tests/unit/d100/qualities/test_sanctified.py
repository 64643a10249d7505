"""Sanctified, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Sanctified): Its damage is Holy, with effects on daemons and warp creatures.
- DH1: not its quality: refused.
- Deathwatch (seed 001, Weapon Qualities (Sanctified)): Deals Holy damage, with effects on daemonic and warp
  creatures.
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_sanctified_dh2() -> None:
    gm_only("dh2", "Sanctified")


def test_sanctified_dh1() -> None:
    refused("dh1", "Sanctified")


def test_sanctified_dw() -> None:
    gm_only("dw", "Sanctified")
