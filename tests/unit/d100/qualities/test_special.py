"""Special, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2: not its quality: refused.
- DH1: not its quality: refused.
- Deathwatch (seed 001, Melee Weapons ('Special' in the weapon tables)): Its rule is in the weapon's description
  (the armoury's note); the GM applies it.
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_special_dh2() -> None:
    refused("dh2", "Special")


def test_special_dh1() -> None:
    refused("dh1", "Special")


def test_special_dw() -> None:
    gm_only("dw", "Special")
