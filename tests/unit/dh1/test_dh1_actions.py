"""Dark Heresy 1st edition's actions beyond the attack's modifiers.

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


@pytest.mark.parametrize(
    ("grade", "value"), [("Difficult Terrain", -10), ("Difficult Terrain (-20)", -20), ("Difficult Terrain (-30)", -30)]
)
def test_dh1_difficult_terrain_grades_take_from_ws_and_dodge(grade: str, value: int) -> None:
    # seed 003 L63: "| Difficult Terrain | WS & Dodge -10 up to -30 |": each grade from -10 to -30 counts
    # against the WS test and the Dodge alike. WS 40 + value, rolled 05: a hit (40-10=30, 40-20=20,
    # 40-30=10, each over 05); Dodge 40 + value, rolled 05: negated at each grade.
    data = scenario(SWORD, circumstances=[grade], evasion={"reaction": "Dodge", "skill": 40}, dice=[5, 5])
    res = resolve_ok(data)
    assert res["target_number"] == 40 + value
    assert (grade, value) in [(m["label"], m["value"]) for m in res["modifiers"]]
    minus = f"\u2212{-value}"
    assert _evasion(res).startswith(f"Target tests Dodge 40 {minus} ({minus}: dodging in {grade}) = {40 + value}")
    assert res["hits_negated"] == 1


def test_dh1_difficult_terrain_harsher_grade_at_the_dodge_edge() -> None:
    # Difficult Terrain (-30): WS 40 - 30 = 10, rolled 10 hits; Dodge 40 - 30 = 10, rolled 11 fails
    # (it would pass at -10: 11 <= 30), so the hit stands
    data = scenario(
        SWORD, circumstances=["Difficult Terrain (-30)"], evasion={"reaction": "Dodge", "skill": 40}, dice=[10, 11, 5]
    )
    res = resolve_ok(data)
    assert res["target_number"] == 10
    assert res["hits_negated"] == 0


def test_dh1_difficult_terrain_takes_one_grade_only() -> None:
    # one terrain, one grade: two grades ticked together are refused at the second
    data = scenario(SWORD, circumstances=["Difficult Terrain", "Difficult Terrain (-30)"], dice=[5, 5])
    errors = errors_of(data)
    assert list(errors) == ["action.circumstances.1"]
    assert "one grade of Difficult Terrain" in errors["action.circumstances.1"]


def test_dh1_catalogue_offers_the_three_difficult_terrain_grades_each_cited() -> None:
    # the page's choices come from the catalogue: -10, -20 and -30, each with its WS and Dodge and the seed line
    from rules.catalogue import catalogue

    rows = [c for c in catalogue()["rulesets"]["dh1"]["circumstances"] if c["name"].startswith("Difficult Terrain")]
    assert [(c["name"], c["ws"], c["dodge"]) for c in rows] == [
        ("Difficult Terrain", -10, -10),
        ("Difficult Terrain (-20)", -20, -20),
        ("Difficult Terrain (-30)", -30, -30),
    ]
    # the -10 row cites the table as it always has; the harsher grades the seed line that gives them
    assert [c["source"].split(" (")[0] for c in rows] == [
        "seed 003, Combat Circumstances",
        "seed 003 L63, Combat Circumstances",
        "seed 003 L63, Combat Circumstances",
    ]
