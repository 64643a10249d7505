"""Indirect, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Indirect (X)): May fire without line of sight at -10 as a Full Action; each hit scatters
  1d10 - BSB metres, each missed hit Xd10 metres (the Scatter Diagram).
- DH1: not its quality: refused.
- Deathwatch: not its quality: refused.
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_indirect_dh2() -> None:
    gm_only("dh2", "Indirect (2)")


def test_indirect_dh1() -> None:
    refused("dh1", "Indirect")


def test_indirect_dw() -> None:
    refused("dw", "Indirect")
