"""Corrosive, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Corrosive): The struck location's armour loses 1d10 AP (cumulative); AP driven below 0, or
  no armour, passes the excess to the target as damage not reduced by TB.
- DH1: not its quality: refused.
- Deathwatch: not its quality: refused.
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_corrosive_dh2() -> None:
    gm_only("dh2", "Corrosive")


def test_corrosive_dh1() -> None:
    refused("dh1", "Corrosive")


def test_corrosive_dw() -> None:
    refused("dw", "Corrosive")
