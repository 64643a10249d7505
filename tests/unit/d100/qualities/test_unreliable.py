"""Unreliable, in each ruleset: one reading.

- DH2 (DH2 Core, Ch. V, Unreliable), DH1 (seed 003, Weapon Qualities: "On roll of 91(+) it jams") and Deathwatch
  (DW Core, Ch. V, Unreliable; not on the GM screen): jams on an unmodified 91 or more, in any firing mode, even
  when the roll would hit.

A weapon counts as Unreliable when Poor (DH2, DH1) or used untrained (DH1); Good craftsmanship takes it away:
test_quality_order.py and test_dh1_step_two.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon


def test_unreliable_dh2() -> None:
    # BS 90: 100. Plain: 92 hits (DoS 2, reversed 29 Left Arm), d10 5 -> 5 wounds. Unreliable: jams.
    assert resolve_ok(scenario(LASGUN, BS=90, dice=[92, 5]))["total_wounds"] == 5
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Unreliable"]), BS=90, dice=[92]))
    assert (res["outcome"], res["success"], len(res["dice"])) == ("jam", False, 1)


@pytest.mark.parametrize(
    ("action", "roll", "jammed"),
    [
        ("Standard Attack", 90, False),
        ("Standard Attack", 91, True),  # Unreliable: jams on 91+
        ("Semi-Auto Burst", 90, False),
        ("Semi-Auto Burst", 91, True),  # bursts too: 91, not 94
    ],
)
def test_unreliable_dh1(action: str, roll: int, jammed: bool) -> None:
    res = resolve_ok(dh1.scenario(weapon(dh1.AUTOGUN, qualities=["Unreliable"]), action=action, dice=[roll]))
    assert res["jammed"] is jammed


@pytest.mark.parametrize(
    ("action", "roll", "jammed"),
    [
        ("Standard Attack", 90, False),
        ("Standard Attack", 91, True),  # a single shot jams from 91, not 96
        ("Semi-Auto Burst", 91, True),  # a burst from 91, not 94
    ],
)
def test_unreliable_dw(action: str, roll: int, jammed: bool) -> None:
    # Autogun S/3/10 with Unreliable, BS 40: every roll here misses, so the outcome is the jam or a miss.
    res = dw.attack(dw.scenario(weapon(dw.AUTOGUN, qualities=["Unreliable"]), action=action, dice=[roll]))
    assert (res["outcome"], res["jammed"]) == ("jam" if jammed else "miss", jammed)
