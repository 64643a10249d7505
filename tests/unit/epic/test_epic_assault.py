"""Epic, an assault's hits allocated (seed 002, Allocate Hits & Make Saving Throws).

Seed 002: "During an assault, all units (except War Engines) up to 4 tiles away are valid targets
for allocation, regardless of whether the hits are from CC or FF." Everything else is as for
shooting: "Hits are allocated from the front to the back of a formation ... to the closest
potential target first, as well as evenly distributed among all potential targets"; "Every hit on a
unit requires a separate save, with every failure reducing the target's integrity by one."

The hits are given (``action.cc_hits``, ``action.ff_hits``), or rolled: one d6 per attacking unit,
at its CC value in base contact (distance 0) or its FF value up to 4 tiles away (Epic Armageddon's
Assaults: close combat and firefight; the engine's reading), equal or under hits, a 6 always misses
(seed 002, Roll to Hit).
"""

from __future__ import annotations

import pytest
from epic_scenarios import (
    allocated,
    errors_of,
    form,
    gains,
    groups,
    infantry,
    purposes,
    resolve,
    scenario,
    shooter,
    statuses,
    unit,
    vehicle,
)

# A target formation: two infantry and a tank within 4 tiles (one out of line of fire: it still
# counts in an assault), a war engine at 1 tile and infantry at 5 tiles (neither may take a hit).
TARGETS = [
    infantry("Front", distance=1),
    unit("Titan", "war engine", distance=1, integrity=6),
    vehicle("Tank", distance=2),
    infantry("Hidden", distance=3, line_of_fire=False),
    infantry("Far", distance=5),
]


def test_an_assault_allocates_given_hits_over_every_unit_but_war_engines_within_4_tiles() -> None:
    # 3 CC + 2 FF hits = 5 over Front (1), Tank (2), Hidden (3), front to back and evenly:
    # Front, Tank, Hidden, Front, Tank -> 2, 2, 1; the Titan (a war engine) and Far (5 tiles) none.
    # No save (armour 0): every hit fails; integrity 1: Front, Tank and Hidden are destroyed.
    res = resolve(scenario(targets=TARGETS, kind="assault", cc_hits=3, ff_hits=2))
    assert allocated(res) == {"Front": 2, "Tank": 2, "Hidden": 1}
    assert res["hits"] == {"CC": 3, "FF": 2}
    assert res["dice"] == []
    # +1 under fire (the assault), +3 for the units destroyed (seed 002, Apply Shock)
    assert gains(res) == [("under fire", 1), ("losses", 3)]
    assert form(res)["destroyed"] == 3
    assert res["action"] == "Assault"
    assert any("4 tiles" in s["detail"] and "seed 002" in s["source"] for s in res["steps"])


def test_an_assault_rolls_cc_in_base_contact_and_ff_within_4_tiles() -> None:
    # Claws (contact, CC 4 FF 2) roll at CC 4; Guns (2 tiles, CC 3 FF 3) at FF 3; Late (6 tiles) out of reach;
    # Bare (contact, no CC or FF) cannot fight. CC d6 2: a hit; FF d6 6: always a miss.
    attackers = [
        shooter(name="Claws", distance=0, cc=4, ff=2),
        shooter(name="Guns", distance=2, cc=3, ff=3),
        shooter(name="Late", distance=6, cc=5, ff=5),
        shooter(name="Bare", distance=0),
    ]
    res = resolve(scenario(attackers, TARGETS, kind="assault", dice=[2, 6]))
    assert groups(res) == [("Close combat", "CC", 4, [2], 1), ("Firefight", "FF", 3, [6], 0)]
    assert statuses(res) == {"Claws": "fights", "Guns": "fights", "Late": "out of reach", "Bare": "no CC or FF value"}
    assert allocated(res) == {"Front": 1}
    assert purposes(res)[0].startswith("Close combat to-hit d6 (CC 4")


def test_an_assault_saves_as_shooting_does() -> None:
    # 2 FF hits on one unit with armour 4: saves rolled 3 (saved) and 5 (failed): integrity 2 -> 1
    res = resolve(
        scenario(
            targets=[infantry("Marines", distance=1, armour=4, integrity=2)], kind="assault", ff_hits=2, dice=[3, 5]
        )
    )
    marines = form(res)["units"][0]
    assert (marines["allocated"], marines["integrity_after"]) == (2, 1)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"crossfire": {"length": 6}}, "action.crossfire"),
        ({"ignore_cover": True}, "action.ignore_cover"),
    ],
)
def test_an_assault_refuses_what_only_shooting_has(extra: dict[str, object], field: str) -> None:
    # seed 002, Crossfire: a bonus "when they shoot"; Roll to Hit: cover is ignored by a shooting attack
    errors = errors_of(scenario(targets=TARGETS, kind="assault", cc_hits=1, **extra))
    assert field in errors


def test_given_assault_hits_belong_to_an_assault() -> None:
    errors = errors_of(scenario(cc_hits=2))
    assert "action.cc_hits" in errors


def test_a_cc_value_written_as_a_datasheet_prints_it_gets_the_seeds_convention() -> None:
    # a datasheet's CC 4+ hits on 4, 5, 6 (3 in 6): here 3 (1-3), equal or under, as for AP/AT/AA
    res = resolve(scenario([shooter(name="Claws", distance=0, cc="4+")], TARGETS, kind="assault", dice=[3]))
    assert groups(res) == [("Close combat", "CC", 3, [3], 1)]
