"""Haywire, in each ruleset: a quality whose effect the GM applies (the attack resolves as without it; a step
names it).

- DH2 (DH2 Core, Ch. V, Haywire (X)): A field of X metres radius troubles machine spirits: roll 1d10 on the Haywire
  Field Effects table; it weakens one step a round.
- DH1: not its quality: refused.
- Deathwatch (seed 001, Weapon Qualities (Haywire (X))): A field that troubles machine spirits (DW Core p. 143).
"""

from __future__ import annotations

from .readings import gm_only, refused


def test_haywire_dh2() -> None:
    gm_only("dh2", "Haywire (3)")


def test_haywire_dh1() -> None:
    refused("dh1", "Haywire")


def test_haywire_dw() -> None:
    gm_only("dw", "Haywire (3)")
