"""Gyro-Stabilised, in each ruleset.

- DH2 and DH1: not their quality: refused.
- Deathwatch (seed 001, Weapon Qualities: "This weapon never counts its target as being further than Long Range.
  Heavy Weapons only suffer a -20 when not braced"): Extreme range counts as Long; an unbraced Heavy weapon -20
  instead of -30 (test_dw_step_one.py).
"""

from __future__ import annotations

import dw_scenarios as dw
from dh2_scenarios import weapon

from .readings import refused


def test_gyro_stabilised_dw() -> None:
    # Autogun 90 m at 300 m (more than three times): Extreme -30, but Gyro-Stabilised makes it Long -10
    res = dw.attack(dw.scenario(weapon(dw.AUTOGUN, qualities=["Gyro-Stabilised"]), distance=300, dice=[93]))
    assert (res["range_band"], res["target_number"]) == ("Long", 30)


def test_gyro_stabilised_dh2() -> None:
    refused("dh2", "Gyro-Stabilised")


def test_gyro_stabilised_dh1() -> None:
    refused("dh1", "Gyro-Stabilised")
