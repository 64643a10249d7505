"""Crippling, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Crippling (X)): A target that takes a wound is Crippled for the encounter: each turn it
  takes more than a Half Action it suffers X Rending damage to that location, ignoring armour and TB.
- DH1: not its quality: refused.
- Deathwatch: not its quality: refused.
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_crippling_dh2() -> None:
    gm_only("dh2", "Crippling (2)")


def test_crippling_dh1() -> None:
    refused("dh1", "Crippling")


def test_crippling_dw() -> None:
    refused("dw", "Crippling")
