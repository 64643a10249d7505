"""Epic, Shock and breaking (seed 002, Apply Shock; Check Whether the Target Breaks).

Seed 002: "The target formation automatically gains a point of Shock as long as at least one
attacking unit can shoot at the formation. Formations gain an additional point of Shock for each unit
destroyed. When a formation comes under fire, it gains a point of Shock even if none of the attackers
can cause any damage (e.g., armoured vehicles coming under heavy bolter fire)." "Once an attack is
completely resolved, including the removal of all destroyed units, check to see whether the defending
formation has been broken by Shock. Recall that a formation is considered broken if every unit is
suppressed" (one unit per point of Shock: broken when Shock >= units left).

Targets below are infantry with no save and integrity 1 (a hit destroys), unless said; a Heavy
bolter die of 1 hits AP4, a 5 misses.
"""

from __future__ import annotations

import pytest
from epic_scenarios import form, gains, infantry, resolve, scenario, shooter, vehicle

from rules.epic.readings import broken


def test_plus_one_shock_under_fire_even_when_no_damage_can_be_done() -> None:
    # The seed's own example: armoured vehicles under heavy bolter fire. The 1 hits but an AP hit
    # cannot go on a tank: no damage, still +1 Shock. Two tanks, Shock 1: one suppressed, not broken.
    res = resolve(scenario([shooter()], [vehicle("Tank A"), vehicle("Tank B")], dice=[1]))
    f = form(res)
    assert gains(res) == [("under fire", 1)]
    assert (f["shock_before"], f["shock_after"], f["suppressed"], f["broken"]) == (0, 1, 1, False)
    assert res["outcome"] == "no losses"


def test_plus_one_shock_per_destroyed_unit() -> None:
    # Five units; two Heavy bolter hits destroy two (one each, evenly). Shock 0 + 1 + 2 = 3; 3 units
    # left: 3 suppressed, every one: broken.
    res = resolve(scenario([shooter("2x Heavy bolter 30 AP4")], [infantry(f"U{i}") for i in range(5)], dice=[1, 1]))
    f = form(res)
    assert gains(res) == [("under fire", 1), ("losses", 2)]
    assert (f["destroyed"], f["units_left"], f["shock_after"], f["suppressed"]) == (2, 3, 3, 3)
    assert f["broken"] is True
    assert res["outcome"] == "broken"


def test_a_failed_save_that_does_not_destroy_gives_no_shock() -> None:
    # A (integrity 3) takes both unsaved hits (B is out of line of fire): 3 -> 1, not destroyed. The
    # only Shock is the +1 under fire ("an additional point of Shock for each unit destroyed").
    res = resolve(
        scenario(
            [shooter("2x Heavy bolter 30 AP4")],
            [infantry("A", integrity=3), infantry("B", line_of_fire=False)],
            dice=[1, 1],
        )
    )
    assert form(res)["units"][0]["integrity_after"] == 1
    assert gains(res) == [("under fire", 1)]
    assert form(res)["destroyed"] == 0


@pytest.mark.parametrize(
    ("units", "shock", "destroyed", "shock_after", "is_broken", "outcome"),
    [
        (3, 0, 0, 1, False, "no losses"),  # 1 < 3
        (4, 0, 1, 2, False, "losses"),  # 0 + 1 + 1 = 2 < 3 left
        (4, 1, 1, 3, True, "broken"),  # 1 + 1 + 1 = 3 >= 3 left (equal breaks)
        (3, 0, 1, 2, True, "broken"),  # 2 >= 2 left
        (2, 1, 0, 2, True, "broken"),  # no loss, but 1 + 1 = 2 >= 2: broken by Shock alone
        (5, 2, 1, 4, True, "broken"),  # 4 >= 4
        (6, 2, 1, 4, False, "losses"),  # 4 < 5
    ],
)
def test_broken_when_shock_at_least_units_left(
    units: int, shock: int, destroyed: int, shock_after: int, is_broken: bool, outcome: str
) -> None:
    # Three Heavy bolters: `destroyed` dice of 1 (each hit on its own unit, evenly), the rest 5s.
    dice = [1] * destroyed + [5] * (3 - destroyed)
    res = resolve(
        scenario(
            [shooter("3x Heavy bolter 30 AP4")],
            [infantry(f"U{i}") for i in range(units)],
            target={"shock": shock},
            dice=dice,
        )
    )
    f = form(res)
    assert (f["shock_after"], f["units_left"], f["broken"], f["wiped_out"]) == (
        shock_after,
        units - destroyed,
        is_broken,
        False,
    )
    assert f["suppressed"] == min(shock_after, units - destroyed)
    assert res["outcome"] == outcome


def test_wiped_out_when_no_unit_is_left() -> None:
    # Two units, two hits: both destroyed. Shock 0 + 1 + 2 = 3; none left: wiped out, not "broken".
    res = resolve(scenario([shooter("2x Heavy bolter 30 AP4")], [infantry("A"), infantry("B")], dice=[1, 1]))
    f = form(res)
    assert (f["units_left"], f["wiped_out"], f["broken"], f["suppressed"], f["shock_after"]) == (0, True, False, 0, 3)
    assert res["outcome"] == "wiped out"


def test_shock_after_is_shock_before_plus_gains() -> None:
    # Shock 2 before; +1 under fire, +1 for A destroyed: 4.
    res = resolve(scenario([shooter()], [infantry(f"U{i}") for i in range(6)], target={"shock": 2}, dice=[1]))
    f = form(res)
    assert (f["shock_before"], f["shock_after"]) == (2, 4)
    assert f["shock_after"] == f["shock_before"] + sum(g["amount"] for g in f["shock_gained"])


def test_broken_pure_function() -> None:
    assert broken(2, 2) is True
    assert broken(3, 2) is True
    assert broken(1, 2) is False
    assert broken(5, 0) is False  # no unit left: wiped out, not broken
