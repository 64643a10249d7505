"""Dark Heresy 1st edition's actions beyond the attack's modifiers (issue 22).

Seed 003 L26: "| Charge | Full | Must move 4 metres, +10 to WS |". DH2 Core, Ch. VII, Charge:
likewise at least 4 metres (its +20 WS is the DH2 data's). Deathwatch's Charge is checked in
test_dw_charge.py (with its Movement table's maximum).
"""

from __future__ import annotations

import dh2_scenarios
import pytest
from dh1_scenarios import SWORD, errors_of, resolve_ok, scenario


@pytest.mark.parametrize("distance", [0, 3, 3.9])
def test_dh1_charge_shorter_than_4_metres_is_refused(distance: float) -> None:
    # seed 003 L26: a Charge "must move 4 metres"
    errors = errors_of(scenario(SWORD, action="Charge", distance=distance, dice=[93]))
    assert list(errors) == ["action.distance"]
    assert "at least 4 m" in errors["action.distance"]
    assert errors["action.distance"].endswith("too short")


@pytest.mark.parametrize("distance", [4, 9, 60])
def test_dh1_charge_of_4_metres_or_more_is_made(distance: float) -> None:
    # WS 40 + 10 (Charge, seed 003 L26) = 50; 93 misses
    res = resolve_ok(scenario(SWORD, action="Charge", distance=distance, dice=[93]))
    assert res["target_number"] == 50


def test_dh2_charge_shorter_than_4_metres_is_refused() -> None:
    # DH2 Core, Ch. VII, Charge: the attacker must move at least 4 metres to the target
    data = dh2_scenarios.scenario(dh2_scenarios.SWORD, action="Charge", distance=3, dice=[93])
    errors = dh2_scenarios.errors_of(data)
    assert list(errors) == ["action.distance"]
    assert errors["action.distance"].endswith("too short")


def _evasion(res: dict[str, object]) -> str:
    steps = res["steps"]
    assert isinstance(steps, list)
    return next(str(s["detail"]) for s in steps if s["rule"] == "Evasion")


def test_dh1_difficult_terrain_takes_10_from_the_dodge_too() -> None:
    # seed 003 L63: "| Difficult Terrain | WS & Dodge -10 up to -30 |": WS 40 - 10 = 30, rolled 20
    # hits; the Cultist's Dodge 40 - 10 = 30, rolled 25: success, the hit negated
    data = scenario(
        SWORD, circumstances=["Difficult Terrain"], evasion={"reaction": "Dodge", "skill": 40}, dice=[20, 25]
    )
    res = resolve_ok(data)
    assert res["target_number"] == 30
    assert _evasion(res).startswith("Target tests Dodge 40 \u221210 (\u221210: dodging in Difficult Terrain) = 30")
    assert res["hits_negated"] == 1


def test_dh1_difficult_terrain_leaves_a_parry_alone() -> None:
    # the row names WS and Dodge only: a Parry is tested at its skill
    data = scenario(
        SWORD, circumstances=["Difficult Terrain"], evasion={"reaction": "Parry", "skill": 40}, dice=[20, 25]
    )
    assert "Parry 40 +0 = 40" in _evasion(resolve_ok(data))
