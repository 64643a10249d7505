"""Deathwatch Charge: +10 WS, and the charger must cover at least 4 m and at most his Charge move.

Seed 001: Combat Actions (Charge: "Must move 4 metres, +10 to WS"), Movement (metres/round) by Agility
Bonus (Charge column: AB 0 2, 1 3, 2 6, 3 9, 4 12, 5 15 ... 10 30).
"""

from __future__ import annotations

import pytest
from dw_scenarios import KNIFE, attack, errors_of, scenario


@pytest.mark.parametrize(
    ("Ag", "distance"),
    [
        (40, 4),  # the 4 m minimum
        (40, 12),  # AB 4: Charge move 12 m
        (49, 12),  # Ag 49 is still AB 4
        (30, 9),  # AB 3: 9 m
        (50, 15),  # AB 5: 15 m
    ],
)
def test_charge_within_its_length(Ag: int, distance: float) -> None:
    # WS 40 + 10 (Charge) = 50; 93 misses
    res = attack(scenario(KNIFE, action="Charge", Ag=Ag, distance=distance, dice=[93]))
    assert res["target_number"] == 50


@pytest.mark.parametrize(
    ("Ag", "distance", "why"),
    [
        (40, 3.9, "too short"),  # under 4 m
        (40, 12.5, "too far"),  # past AB 4's 12 m
        (30, 10, "too far"),  # past AB 3's 9 m
        (50, 0, "too short"),
    ],
)
def test_charge_length_refused(Ag: int, distance: float, why: str) -> None:
    errors = errors_of(scenario(KNIFE, action="Charge", Ag=Ag, distance=distance, dice=[93]))
    assert list(errors) == ["action.distance"]
    assert errors["action.distance"].endswith(why)


def test_charge_is_a_melee_action() -> None:
    # a Charge ends in a melee attack: not with an Autogun
    assert list(errors_of(scenario(action="Charge", distance=8, dice=[93]))) == ["action.type"]
