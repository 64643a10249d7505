"""Epic, allocating hits and saving throws (seed 002, Allocate Hits & Make Saving Throws; Crossfire).

Seed 002: "The defender allocates hits ... against targets that are within range and line of fire of
the enemy. Hits are allocated from the front to the back of a formation. AP hits can only be
allocated against infantry units, and AT hits may only be allocated against armoured vehicles. Hits
must be allocated to the closest potential target first, as well as evenly distributed among all
potential targets." "... make saving throws for each unit that has been hit, using either the unit's
armour value or cover save. Every hit on a unit requires a separate save, with every failure
reducing the target's integrity by one. Any unit that reaches zero integrity is destroyed ... Excess
hits on a destroyed unit are ignored." Macro-weapons: "allocate and make any saves for the normal
hits first, then allocate and make any saves for the macro-weapon hits. Hits from macro-weapons can
only be applied to units that are in a position to be hit by a macro-weapon." Crossfire: a line "up
to 12 tiles long" from the attacker to an allied unit, passing "through either one unit or the gap
between two units in the target enemy formation"; the ally "must have a line of fire to a unit from
the target formation"; "Formations that are broken or marching cannot be used"; "All units from a
formation caught in a crossfire suffer a -1 save modifier. This may result in some units
automatically failing their saving throw."

Saves are rolled like to-hit (the engine's reading): a d6 equal or under the save saves.
"""

from __future__ import annotations

from typing import Any

import pytest
from epic_scenarios import (
    allocated,
    errors_of,
    form,
    groups,
    infantry,
    integrity,
    purposes,
    resolve,
    scenario,
    shooter,
    unit,
    units_of,
    vehicle,
)

from rules.epic.readings import allocate

# --- front to back, closest first, evenly ----------------------------------------------------------------------


def test_allocate_pure_function_closest_first_and_evenly() -> None:
    # Units 0, 1, 2 at 3, 1 and 2 tiles: the order front to back is 1, 2, 0. Five hits: 1, 2, 0, 1, 2.
    assert allocate([(5, [0, 1, 2])], [1, 2, 0]) == ({1: 2, 2: 2, 0: 1}, 0)
    # no eligible unit: all lost
    assert allocate([(3, [])], [0, 1]) == ({}, 3)


def test_allocation_front_to_back_closest_first_and_evenly_then_saves_front_to_back() -> None:
    # Five AP hits (five 1s at AP4) on X (3 tiles), Y (1 tile), Z (2 tiles), each armour 3,
    # integrity 3. Front to back Y, Z, X: the hits go Y, Z, X, Y, Z -> Y 2, Z 2, X 1.
    # Saves unit by unit front to back, each unit's at once:
    #   Y: 1 4 -> the 4 fails (over 3): 3 -> 2;  Z: 4 5 -> both fail: 3 -> 1;  X: 3 -> saved: 3.
    targets = [infantry(n, distance=d, armour=3, integrity=3) for n, d in (("X", 3), ("Y", 1), ("Z", 2))]
    res = resolve(scenario([shooter("5x Heavy bolter 30 AP4")], targets, dice=[1, 1, 1, 1, 1, 1, 4, 4, 5, 3]))
    assert allocated(res) == {"X": 1, "Y": 2, "Z": 2}
    assert integrity(res) == {"X": 3, "Y": 2, "Z": 1}
    assert [p.split(" ")[0] for p in purposes(res)[5:]] == ["Y", "Y", "Z", "Z", "X"]
    assert [(u["name"], u["saves"][0]["rolls"], u["saves"][0]["failed"]) for u in form(res)["units"] if u["saves"]] == [
        ("X", [3], 0),
        ("Y", [1, 4], 1),
        ("Z", [4, 5], 2),
    ]


def test_ties_in_distance_go_in_the_defenders_table_order() -> None:
    # A and B both 4 tiles away: the first hit goes to A (higher in the table), the second to B, the
    # third to A again.
    res = resolve(
        scenario(
            [shooter("3x Heavy bolter 30 AP4")],
            [infantry("A", distance=4, integrity=2), infantry("B", distance=4, integrity=2)],
            dice=[1, 1, 1],
        )
    )
    assert allocated(res) == {"A": 2, "B": 1}


def test_allocation_ap_only_on_infantry_at_only_on_armoured_vehicles() -> None:
    # Tank (2 tiles), Inf 1 (3 tiles), Inf 2 (4 tiles), no saves, integrity 3. Heavy bolters 1 1 1:
    # three AP hits, which skip the closer tank: Inf 1, Inf 2, Inf 1. Lascannons 2 2 (AT5): two AT
    # hits, only the tank may take them.
    targets = [
        vehicle("Tank", distance=2, integrity=3),
        infantry("Inf 1", distance=3, integrity=3),
        infantry("Inf 2", distance=4, integrity=3),
    ]
    res = resolve(scenario([shooter("3x Heavy bolter 30 AP4; 2x Lascannon 45 AT5")], targets, dice=[1, 1, 1, 2, 2]))
    assert groups(res) == [("Heavy bolter", "AP", 4, [1, 1, 1], 3), ("Lascannon", "AT", 5, [2, 2], 2)]
    assert allocated(res) == {"Tank": 2, "Inf 1": 2, "Inf 2": 1}
    assert integrity(res) == {"Tank": 1, "Inf 1": 1, "Inf 2": 2}


@pytest.mark.parametrize(
    ("weapon", "targets", "lost"),
    [
        ("2x Lascannon 45 AT5", [infantry("A"), infantry("B")], {"AT": 2}),  # AT on infantry: none
        ("2x Heavy bolter 30 AP4", [vehicle("A"), vehicle("B")], {"AP": 2}),  # AP on armour: none
        ("2x Hydra 30 AA5", [infantry("A"), vehicle("B")], {"AA": 2}),  # AA only on aircraft
    ],
)
def test_hits_with_no_eligible_unit_are_lost(weapon: str, targets: list[dict[str, Any]], lost: dict[str, int]) -> None:
    # Two 1s hit; no unit may take them: lost (unallocated), no save die asked for.
    res = resolve(scenario([shooter(weapon)], targets, dice=[1, 1]))
    assert form(res)["unallocated"] == lost
    assert allocated(res) == {}
    assert len(res["dice"]) == 2


def test_at_hits_go_on_war_engines_and_aa_hits_on_aircraft() -> None:
    # The data's reading: AT hits may go on a war engine, AA hits only on aircraft. One 1 each.
    res = resolve(
        scenario(
            [shooter("Lascannon 45 AT5; Hydra 30 AA5")],
            [unit("Titan", "war engine", integrity=4), unit("Flyer", "aircraft", integrity=2)],
            dice=[1, 1],
        )
    )
    assert allocated(res) == {"Titan": 1, "Flyer": 1}
    assert integrity(res) == {"Titan": 3, "Flyer": 1}


def test_units_out_of_line_of_fire_or_beyond_the_weapons_range_take_none() -> None:
    # The squad (5 tiles away) fires 2 Heavy bolters (30) and an Autocannon (45, AP5), all 1s: 3 hits.
    # A (5 tiles) is out of line of fire; B is 35 tiles away (beyond 30, within 45); C is 20 away.
    # Shorter-ranged hits are placed first: both Heavy bolter hits can only go on C; the Autocannon
    # hit may go on B or C and goes on B (fewest hits so far: evenly). A takes none.
    targets = [
        infantry("A", distance=5, line_of_fire=False, integrity=5),
        infantry("B", distance=35, integrity=5),
        infantry("C", distance=20, integrity=5),
    ]
    res = resolve(scenario([shooter("2x Heavy bolter 30 AP4; Autocannon 45 AP5", distance=5)], targets, dice=[1, 1, 1]))
    assert allocated(res) == {"B": 1, "C": 2}
    assert form(res)["unallocated"] == {}


# --- macro-weapons -------------------------------------------------------------------------------------------


def test_macro_weapon_hits_are_allocated_after_the_normal_saves_to_survivors_in_its_range() -> None:
    # The Volcano cannon (90, AT2, MW) is listed first, but normal weapons roll first: Heavy bolter 1
    # (hit), Volcano cannon 1 (hit). Normal hit: A (the closest); its save (armour 3) 5 fails: A is
    # destroyed. Then the macro-weapon hit: A is gone, "Far" is beyond 90 tiles: it goes on B; its save
    # 2 holds.
    targets = [
        infantry("A", distance=5, armour=3),
        infantry("B", distance=8, armour=3),
        infantry("Far", distance=95, armour=3),
    ]
    res = resolve(
        scenario([shooter("Volcano cannon 90 AT2 MW; Heavy bolter 30 AP4", distance=5)], targets, dice=[1, 1, 5, 2])
    )
    assert [(r["weapon"], r["macro"]) for r in res["to_hit"]] == [
        ("Heavy bolter", False),
        ("Volcano cannon (MW)", True),
    ]
    assert res["hits"] == {"AP": 1, "MW": 1}
    units = units_of(res)
    assert (units["A"]["allocated"], units["A"]["destroyed"]) == (1, True)
    assert (units["B"]["allocated"], units["B"]["macro_hits"], units["B"]["destroyed"]) == (0, 1, False)
    assert [(s["macro"], s["rolls"]) for s in units["B"]["saves"]] == [(True, [2])]
    assert units["Far"]["macro_hits"] == 0
    assert "macro-weapon save" in purposes(res)[3]


def test_a_macro_weapon_hit_with_no_survivor_in_reach_is_lost() -> None:
    # The Heavy bolter's hit destroys A (no save); the Volcano cannon's hit finds no unit alive: lost.
    res = resolve(scenario([shooter("Volcano cannon 90 AT2 MW; Heavy bolter 30 AP4")], [infantry("A")], dice=[1, 1]))
    assert form(res)["unallocated"] == {"AT MW": 1}
    assert units_of(res)["A"]["macro_hits"] == 0


# --- saves ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_cover", "armour", "cover_save", "roll", "save", "value", "destroyed"),
    [
        (True, 2, 4, 3, "cover", 4, False),  # in cover: the better, cover 4, saves a 3
        (False, 2, 4, 3, "armour", 2, True),  # in the open the cover save does not count: 3 > 2 fails
        (True, 5, 3, 4, "armour", 5, False),  # armour 5 is better than cover 3
        (False, 0, 0, 1, "none", 0, True),  # no save: no die (the roll given is left over)
    ],
)
def test_saves_the_better_of_armour_and_cover_save_in_cover(
    in_cover: bool, armour: int, cover_save: int, roll: int, save: str, value: int, destroyed: bool
) -> None:
    # One Heavy bolter die of 1 hits (AP4, or 3 with the target in cover), then the save die.
    target = infantry("A", in_cover=in_cover, armour=armour, cover_save=cover_save)
    res = resolve(scenario([shooter()], [target], dice=[1, roll]), unused=1 if save == "none" else 0)
    a = units_of(res)["A"]
    assert (a["saves"][0]["save"], a["saves"][0]["value"], a["destroyed"]) == (save, value, destroyed)


def test_failures_beyond_integrity_are_ignored() -> None:
    # Three hits on A (integrity 1, armour 2); saves 3 4 1: two fail, but only 1 integrity to lose.
    res = resolve(scenario([shooter("3x Heavy bolter 30 AP4")], [infantry("A", armour=2)], dice=[1, 1, 1, 3, 4, 1]))
    s = units_of(res)["A"]["saves"][0]
    assert (s["hits"], s["rolls"], s["failed"], s["integrity_lost"]) == (3, [3, 4, 1], 2, 1)
    assert units_of(res)["A"]["destroyed"] is True
    assert units_of(res)["A"]["integrity_after"] == 0


def test_each_failed_save_loses_one_integrity() -> None:
    # Two hits on A (integrity 3, armour 3): saves 4 2 -> one failure: 3 -> 2, not destroyed.
    res = resolve(
        scenario([shooter("2x Heavy bolter 30 AP4")], [infantry("A", armour=3, integrity=3)], dice=[1, 1, 4, 2])
    )
    a = units_of(res)["A"]
    assert (a["saves"][0]["failed"], a["integrity_before"], a["integrity_after"], a["destroyed"]) == (1, 3, 2, False)


# --- crossfire -----------------------------------------------------------------------------------------------


def test_crossfire_minus_one_to_every_save() -> None:
    # Two hits on A (armour 4, integrity 2); crossfire: save 4 - 1 = 3. Saves 4 3: the 4 (which would
    # have saved) fails, the 3 holds: 2 -> 1.
    res = resolve(
        scenario(
            [shooter("2x Heavy bolter 30 AP4")],
            [infantry("A", armour=4, integrity=2)],
            crossfire={"length": 12},
            dice=[1, 1, 4, 3],
        )
    )
    s = units_of(res)["A"]["saves"][0]
    assert (s["value"], s["modifier"], s["needed"], s["failed"]) == (4, -1, 3, 1)
    assert integrity(res) == {"A": 1}
    assert res["crossfire"] is True


def test_crossfire_a_save_of_1_fails_automatically_with_no_die() -> None:
    # Armour 1 - 1 = 0: both hits fail without a save die; integrity 2 -> 0.
    res = resolve(
        scenario([shooter("2x Heavy bolter 30 AP4")], [infantry("A", armour=1, integrity=2)], crossfire={}, dice=[1, 1])
    )
    s = units_of(res)["A"]["saves"][0]
    assert (s["rolls"], s["failed"], s["needed"]) == ([], 2, 0)
    assert units_of(res)["A"]["destroyed"] is True
    assert len(res["dice"]) == 2


@pytest.mark.parametrize(
    ("crossfire", "field"),
    [
        ({"length": 13}, "action.crossfire.length"),  # "a line up to 12 tiles long"
        ({"through_target": False}, "action.crossfire.through_target"),
        ({"ally_line_of_fire": False}, "action.crossfire.ally_line_of_fire"),
        ({"ally_broken": True}, "action.crossfire.ally_broken"),
        ({"ally_marching": True}, "action.crossfire.ally_marching"),
    ],
)
def test_crossfire_refused_at_each_field(crossfire: dict[str, Any], field: str) -> None:
    assert list(errors_of(scenario(crossfire=crossfire, dice=[1]))) == [field]


def test_crossfire_of_12_tiles_is_accepted() -> None:
    # The die of 5 misses: no save either way; the claim is accepted.
    assert resolve(scenario(crossfire={"length": 12}, dice=[5]))["crossfire"] is True


def test_crossfire_countered_by_terrain_or_a_special_rule_leaves_the_saves_alone() -> None:
    # seed 002, Crossfire: "Some terrain features or special rules may counter this modifier."
    # The same two hits on A (armour 4, integrity 2), the crossfire claimed but countered: save 4.
    # Saves 4 3: both hold: 2 -> 2.
    res = resolve(
        scenario(
            [shooter("2x Heavy bolter 30 AP4")],
            [infantry("A", armour=4, integrity=2)],
            crossfire={"length": 12, "countered": True},
            dice=[1, 1, 4, 3],
        )
    )
    s = units_of(res)["A"]["saves"][0]
    assert (s["value"], s["modifier"], s["needed"], s["failed"]) == (4, 0, 4, 0)
    assert res["crossfire"] is True
    assert any("counter" in st["detail"] and st["source"] == "seed 002, Crossfire" for st in res["steps"])
