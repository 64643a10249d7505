"""Epic, Who Can Shoot (seed 002): line of fire, range, suppression, ammo.

Seed 002, Who Can Shoot: "Line of Fire: ... Terrain features ... do not actually block the line of
fire unless it passes through two tiles of obstructing terrain before reaching the target. The only
unit that can block lines of fire are war engines." "Range: At least one unit in the target
formation must be within shooting range. Units armed with only Small Arms or Assault Weapons cannot
attack outside of assaults." "Suppression: For every point of Shock, one unit in the attacking
formation with line of fire and within range to a target is suppressed ... from the back to the
front ... the back consisting of those units farthest from the targeted formation. If several units
are equally far ... the attacker chooses" (the engine: the unit lower in the table first). "Ammo:
Units that have run out of ammo cannot shoot." Roll to Hit: "Every time a unit shoots, it loses one
point of ammo." Apply Shock: "The target formation automatically gains a point of Shock as long as
at least one attacking unit can shoot at the formation."

Defaults (epic_scenarios): each attacking unit has one Heavy bolter (30 tiles, AP4) 10 tiles away;
the target is one infantry unit with no save. A to-hit die of 5 misses AP4, so most tests below roll
5s and only count the dice the engine asks for (one per Heavy bolter that fires).
"""

from __future__ import annotations

import pytest
from epic_scenarios import (
    gains,
    groups,
    resolve,
    scenario,
    shooter,
    statuses,
    step_text,
    unit,
    vehicle,
)

from rules.epic.readings import suppression_order

# --- line of fire ------------------------------------------------------------------------------------------


def test_line_of_fire_false_cannot_shoot() -> None:
    # A has no line of fire; B shoots its Heavy bolter alone: one die, 5 > 4 misses. The target has
    # two units, so its 1 Shock suppresses one and it is not broken.
    res = resolve(
        scenario([shooter(name="A", line_of_fire=False), shooter(name="B")], [unit("X"), unit("Y")], dice=[5])
    )
    assert statuses(res) == {"A": "no line of fire", "B": "shoots"}
    assert groups(res) == [("Heavy bolter", "AP", 4, [5], 0)]
    assert res["to_hit"][0]["units"] == ["B"]
    # one unit shoots: +1 Shock to the target though nothing hit
    assert gains(res) == [("under fire", 1)]
    assert res["outcome"] == "no losses"


@pytest.mark.parametrize(
    ("tiles", "a_status", "dice"),
    [
        (0, "shoots", [5, 5]),
        (1, "shoots", [5, 5]),  # one tile of obstructing terrain does not block
        (2, "no line of fire", [5]),  # "two tiles of obstructing terrain" block
        (3, "no line of fire", [5]),
    ],
)
def test_line_of_fire_two_obstructing_terrain_tiles_block_one_does_not(
    tiles: int, a_status: str, dice: list[int]
) -> None:
    # A's line crosses `tiles` tiles of woods; B's is clear. When A shoots, A's and B's Heavy bolters
    # are one group of two dice.
    res = resolve(scenario([shooter(name="A", terrain_tiles=tiles), shooter(name="B")], dice=dice))
    assert statuses(res) == {"A": a_status, "B": "shoots"}
    assert len(res["to_hit"][0]["rolls"]) == len(dice)


def test_line_of_fire_a_war_engine_between_blocks() -> None:
    # "The only unit that can block lines of fire are war engines": A cannot shoot, B rolls one die.
    res = resolve(scenario([shooter(name="A", war_engine_between=True), shooter(name="B")], dice=[5]))
    assert statuses(res) == {"A": "no line of fire", "B": "shoots"}
    assert "war engine" in next(s["reason"] for s in res["shooters"] if s["name"] == "A")


# --- range -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "status", "dice"), [(30, "shoots", [5]), (31, "out of range", [])])
def test_range_out_of_range(distance: int, status: str, dice: list[int]) -> None:
    # Heavy bolter range 30: at 30 tiles the target is within range; at 31 it is not, no unit
    # shoots, no die is rolled.
    res = resolve(scenario([shooter(name="A", distance=distance)], dice=dice))
    assert statuses(res) == {"A": status}
    assert len(res["dice"]) == len(dice)


def test_range_a_weapon_shorter_than_the_distance_does_not_fire_while_another_does() -> None:
    # At 40 tiles the Lascannon (45) reaches, the Heavy bolter (30) does not: one group, the
    # Lascannon's AT5 die of 3 hits the tank (no save) and destroys it.
    res = resolve(
        scenario(
            [shooter("Lascannon 45 AT5; Heavy bolter 30 AP4", name="A", distance=40)],
            [vehicle("Tank", distance=40)],
            dice=[3],
        )
    )
    assert statuses(res) == {"A": "shoots"}
    assert groups(res) == [("Lascannon", "AT", 5, [3], 1)]
    assert "Heavy bolter (range 30)" in step_text(res, "Range")
    assert res["outcome"] == "wiped out"


# --- small arms and assault weapons ------------------------------------------------------------------------


def test_small_arms_and_assault_weapons_only_cannot_shoot_outside_assaults() -> None:
    # A has only small arms, B only an assault weapon: neither shoots; C's Heavy bolter rolls one die.
    res = resolve(
        scenario(
            [
                shooter("Lasguns 15 AP5 small arms", name="A"),
                shooter("Power fist 0 assault", name="B"),
                shooter(name="C"),
            ],
            dice=[5],
        )
    )
    assert statuses(res) == {"A": "assault weapons only", "B": "assault weapons only", "C": "shoots"}
    assert [r["units"] for r in res["to_hit"]] == [["C"]]


def test_small_arms_beside_a_ranged_weapon_stay_silent() -> None:
    # The unit shoots its Heavy bolter (one die: 1 hits) but not its small-arms lasgun (no group).
    res = resolve(scenario([shooter("Heavy bolter 30 AP4; Lasgun 15 AP5 small arms", name="A")], dice=[1]))
    assert groups(res) == [("Heavy bolter", "AP", 4, [1], 1)]


# --- suppression -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shock", "suppressed", "dice"),
    [
        (0, set(), [5, 5, 5]),
        (1, {"B"}, [5, 5]),  # B (8 tiles) is the back
        (2, {"B", "C"}, [5]),  # then C (6 tiles)
        (3, {"A", "B", "C"}, []),  # every unit: no one shoots
        (5, {"A", "B", "C"}, []),  # Shock beyond the units suppresses no more
    ],
)
def test_suppression_one_unit_per_shock_point_from_the_back(shock: int, suppressed: set[str], dice: list[int]) -> None:
    # A 5 tiles, B 8 tiles, C 6 tiles from the target; the back is the farthest.
    res = resolve(
        scenario(
            [shooter(name="A", distance=5), shooter(name="B", distance=8), shooter(name="C", distance=6)],
            attacker={"shock": shock},
            dice=dice,
        )
    )
    assert {n for n, s in statuses(res).items() if s == "suppressed"} == suppressed
    assert len(res["dice"]) == len(dice)
    if not dice:
        assert res["outcome"] == "no shooters"


@pytest.mark.parametrize(
    ("distances", "shock", "suppressed"),
    [
        ((10, 10, 10), 1, {"C"}),  # all tied: the one lowest in the table
        ((10, 10, 10), 2, {"B", "C"}),
        ((10, 12, 10), 2, {"B", "C"}),  # B (farthest), then C (lower of the tied A and C)
        ((12, 10, 10), 1, {"A"}),  # distance first, table order only among equals
    ],
)
def test_suppression_ties_the_unit_lower_in_the_table_first(
    distances: tuple[int, int, int], shock: int, suppressed: set[str]
) -> None:
    units = [shooter(name=n, distance=d) for n, d in zip("ABC", distances, strict=True)]
    res = resolve(scenario(units, attacker={"shock": shock}, dice=[5] * (3 - shock)))
    assert {n for n, s in statuses(res).items() if s == "suppressed"} == suppressed


def test_suppression_order_pure_function() -> None:
    # (index, distance): 2 and 0 tie at 9, 1 is the farthest at 12.
    assert suppression_order([(0, 9), (1, 12), (2, 9)]) == [1, 2, 0]


def test_suppression_counts_only_units_with_line_of_fire_and_in_range() -> None:
    # A 5 tiles, B 8 tiles, C 20 tiles without line of fire, D 40 tiles (out of the Heavy bolter's
    # 30). One Shock: C and D cannot shoot anyway, so the back of those that could is B. A rolls 1 die.
    res = resolve(
        scenario(
            [
                shooter(name="A", distance=5),
                shooter(name="B", distance=8),
                shooter(name="C", distance=20, line_of_fire=False),
                shooter(name="D", distance=40),
            ],
            attacker={"shock": 1},
            dice=[5],
        )
    )
    assert statuses(res) == {"A": "shoots", "B": "suppressed", "C": "no line of fire", "D": "out of range"}


def test_suppression_falls_on_a_unit_without_ammo_before_the_ammo_check() -> None:
    # The seed lists suppression before ammo and counts units "with line of fire and within range":
    # A (20 tiles, the back) has no ammo but is suppressed by the one Shock point; B still shoots.
    res = resolve(
        scenario(
            [shooter(name="A", distance=20, ammo=0), shooter(name="B", distance=5)], attacker={"shock": 1}, dice=[5]
        )
    )
    assert statuses(res) == {"A": "suppressed", "B": "shoots"}


# --- ammo --------------------------------------------------------------------------------------------------


def test_ammo_zero_cannot_shoot_and_each_shooting_unit_spends_one() -> None:
    # A: ammo 0, cannot shoot. B: ammo 2 -> 1. C: ammo not counted. D: three weapons, ammo 3 -> 2 (one
    # point per unit that shoots, not per weapon). Heavy bolters of B, C and D (x2): one group of 4
    # dice; D's Lascannon: 1 die.
    res = resolve(
        scenario(
            [
                shooter(name="A", ammo=0),
                shooter(name="B", ammo=2),
                shooter(name="C"),
                shooter("2x Heavy bolter 30 AP4; Lascannon 45 AT5", name="D", ammo=3),
            ],
            [unit("Tank", "armoured vehicle")],
            dice=[5, 5, 5, 5, 6],
        )
    )
    assert statuses(res) == {"A": "no ammo", "B": "shoots", "C": "shoots", "D": "shoots"}
    assert {s["name"]: s["ammo_left"] for s in res["shooters"]} == {"A": 0, "B": 1, "C": None, "D": 2}
    assert [(g[0], len(g[3])) for g in groups(res)] == [("Heavy bolter", 4), ("Lascannon", 1)]


def test_ammo_is_not_spent_by_a_unit_that_does_not_shoot() -> None:
    # B is suppressed (the back, 12 tiles): its ammo stays 2; A shoots: 4 -> 3.
    res = resolve(
        scenario(
            [shooter(name="A", ammo=4, distance=5), shooter(name="B", ammo=2, distance=12)],
            attacker={"shock": 1},
            dice=[5],
        )
    )
    assert {s["name"]: s["ammo_left"] for s in res["shooters"]} == {"A": 3, "B": 2}


# --- no shooter --------------------------------------------------------------------------------------------


def test_no_shooter_no_shock_for_the_target_and_outcome_no_shooters() -> None:
    # Nobody can shoot (no line of fire, out of range, no ammo): no die, no Shock ("as long as at
    # least one attacking unit can shoot"); the target keeps its 1 Shock.
    res = resolve(
        scenario(
            [shooter(name="A", line_of_fire=False), shooter(name="B", distance=31), shooter(name="C", ammo=0)],
            target={"shock": 1},
        )
    )
    assert res["outcome"] == "no shooters"
    assert res["dice"] == []
    assert res["to_hit"] == []
    target = res["formations"][0]
    assert (target["shock_before"], target["shock_gained"], target["shock_after"]) == (1, [], 1)
