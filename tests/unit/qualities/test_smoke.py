"""Smoke, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Smoke (X)): The hit raises a smokescreen of X metres radius for 1d10+10 rounds.
- DH1 (DH1 Core, Ch. V, Smoke (not in seed 003)): Raises a smokescreen 3d10 metres across where it lands, for 2d10
  rounds.
- Deathwatch (seed 001, Weapon Qualities (Smoke)): Creates a smokescreen 3d10 metres across for 2d10 rounds.
"""

from __future__ import annotations

from .readings import gm_only


def test_smoke_dh2() -> None:
    gm_only("dh2", "Smoke (3)")


def test_smoke_dh1() -> None:
    gm_only("dh1", "Smoke")


def test_smoke_dw() -> None:
    gm_only("dw", "Smoke")
