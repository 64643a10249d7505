"""An Epic formation is one combatant with both sides (seed 002): added once from the units of one
table (a shooting unit's saves, or a target unit's weapons), it shoots and is shot at; its losses
and Shock carry into its own shooting. Two formations shooting at each other for two turns,
worked by hand."""

from __future__ import annotations

from typing import Any

import pytest
from encounter_helpers import Fight

from rules.epic.formation import both_sides
from rules.errors import ScenarioError

# The Marines typed as shooters (the Attacker table), each unit with its save: a Heavy bolter (AP4:
# a d6 of 1-4 hits, seed 002, Roll to Hit) and armour 3 (a d6 of 1-3 saves)
MARINES = {
    "name": "Marines",
    "units": [
        {"name": f"Tactical {i}", "weapons": "Heavy bolter 30 AP4", "distance": 10, "armour": 3} for i in (1, 2, 3)
    ],
}
# The Orks typed as a target (the Target table), each unit with its weapons: armour 1, a Big shoota AP2
ORKS = {
    "name": "Orks",
    "units": [{"name": f"Boyz {i}", "armour": 1, "distance": 10, "weapons": "Big shoota 30 AP2"} for i in range(1, 7)],
}


def two_formations() -> Fight:
    f = Fight("epic")
    f.do({"type": "add", "combatant": {"id": "m", "name": "Marines", "attacker": MARINES}})
    f.do({"type": "add", "combatant": {"id": "o", "name": "Orks", "target": ORKS}})
    f.do({"type": "initiative"})  # Epic: the formations act in the order added
    return f


def shot(f: Fight, who: str, at: str, dice: list[int]) -> dict[str, Any]:
    return dict(f.do({"type": "attack", "who": who, "at": at, "action": {}, "dice": dice})["resolution"])


def test_one_table_gives_the_formation_both_sides() -> None:
    f = two_formations()
    m, o = f.who("m"), f.who("o")
    # the Marines' units as targets: their names, distance and armour (integrity not given: 1)
    assert [u["name"] for u in m["target"]["units"]] == ["Tactical 1", "Tactical 2", "Tactical 3"]
    assert {u["armour"] for u in m["target"]["units"]} == {3}
    assert (m["units"], m["units_start"]) == (3, 3)
    # the Orks' units as shooters: their weapons and distance
    assert [u["weapons"] for u in o["attacker"]["units"]] == ["Big shoota 30 AP2"] * 6
    assert o["attacker"]["name"] == "Orks"
    # the file stores both sides, so it replays the same with no making of sides
    add = f.file["events"][1]["combatant"]
    assert add["attacker"]["units"][0] == {"name": "Boyz 1", "distance": 10, "weapons": "Big shoota 30 AP2"}


def test_two_formations_shoot_at_each_other_for_two_turns() -> None:
    f = two_formations()
    # Round 1, the Marines (Shock 0): three Heavy bolters AP4 roll 1, 3, 6: two hits (a 6 always
    # misses), allocated front to back and evenly: Boyz 1 and Boyz 2 one each. Saves (armour 1):
    # Boyz 1 rolls 1, saved; Boyz 2 rolls 4, failed: destroyed (integrity 1). Orks' Shock: +1 under
    # fire, +1 for the unit destroyed = 2; 5 units left, 2 suppressed: not broken.
    res = shot(f, "m", "o", [1, 3, 6, 1, 4])
    assert res["hits"]["AP"] == 2
    o = f.who("o")
    assert (o["units"], o["lost"], o["shock"], o["conditions"]) == (5, [1], 2, [])
    f.end("m")
    # The Orks (Shock 2, 5 units): each point suppresses a unit from the back (all at 10 tiles: the
    # lower in the table first): Boyz 6 and Boyz 5. Boyz 2 is gone. Boyz 1, 3, 4 shoot: Big shoota
    # AP2 rolls 2, 5, 6: one hit, on Tactical 1 (front): save (armour 3) 2: saved. Marines' Shock 1.
    res = shot(f, "o", "m", [2, 5, 6, 2])
    shooting = [s["name"] for s in res["shooters"] if s["status"] == "shoots"]
    assert shooting == ["Boyz 1", "Boyz 3", "Boyz 4"]
    assert [s["name"] for s in res["shooters"] if s["status"] == "suppressed"] == ["Boyz 5", "Boyz 6"]
    m = f.who("m")
    assert (m["units"], m["lost"], m["shock"]) == (3, [], 1)
    f.end("o")
    # Round 2, the Marines (Shock 1): Tactical 3 suppressed; Tactical 1 and 2 roll 4, 5: one hit on
    # Boyz 1; its save 1: saved. Orks' Shock 2 + 1 under fire = 3; 5 units left, not broken.
    res = shot(f, "m", "o", [4, 5, 1])
    assert [s["name"] for s in res["shooters"] if s["status"] == "shoots"] == ["Tactical 1", "Tactical 2"]
    o = f.who("o")
    assert (o["units"], o["shock"], o["conditions"]) == (5, 3, [])
    f.end("m")
    # The Orks (Shock 3): Boyz 6, 5, 4 suppressed; Boyz 1 and 3 roll 1, 1: two hits, Tactical 1 and
    # Tactical 2 one each; saves 3 (saved) and 4 (failed): Tactical 2 destroyed. Marines' Shock
    # 1 + 1 + 1 = 3 with 2 units left: every unit suppressed, broken (seed 002, Shock).
    res = shot(f, "o", "m", [1, 1, 3, 4])
    assert [s["name"] for s in res["shooters"] if s["status"] == "shoots"] == ["Boyz 1", "Boyz 3"]
    m = f.who("m")
    assert (m["units"], m["lost"], m["shock"]) == (2, [1], 3)
    assert [c["name"] for c in m["conditions"]] == ["Broken"]
    # the formation that broke shoots no more
    f.end("o")
    errors = f.refused({"type": "attack", "who": "m", "at": "o", "action": {}, "dice": [1, 1]})
    assert errors[0]["message"].startswith("Marines is broken")


def test_a_unit_destroyed_when_shot_at_no_longer_shoots() -> None:
    f = two_formations()
    # Boyz 1 and 2 hit (1, 1; the 6 misses) and both fail their saves (5, 5): destroyed. Orks'
    # Shock 1 + 2 = 3, 4 units left: Boyz 6, 5, 4 suppressed; only Boyz 3 of the rest shoots.
    shot(f, "m", "o", [1, 1, 6, 5, 5])
    f.end("m")
    res = shot(f, "o", "m", [6])
    assert [s["name"] for s in res["shooters"]] == ["Boyz 3", "Boyz 4", "Boyz 5", "Boyz 6"]
    assert [s["name"] for s in res["shooters"] if s["status"] == "shoots"] == ["Boyz 3"]


def test_a_formation_typed_with_one_side_only_is_kept_as_before() -> None:
    # no save on a shooting unit: shooters only (cannot be shot at), as files written before read
    shooters = {"name": "Guns", "units": [{"name": "Gun", "weapons": "Autocannon 30 AP4"}]}
    assert both_sides(shooters, None, "then.combatant") == (shooters, None)
    targets = {"name": "Camp", "units": [{"name": "Tent"}]}
    assert both_sides(None, targets, "then.combatant") == (None, targets)
    both = {"units": [{"weapons": "Autocannon 30 AP4", "armour": 2}]}
    assert both_sides(both, targets, "x") == (both, targets)


def test_a_formation_that_shoots_back_needs_each_units_weapons() -> None:
    orks = {"name": "Orks", "units": [{"name": "Boyz", "weapons": "Shootas 15 small arms"}, {"name": "Grot"}]}
    with pytest.raises(ScenarioError) as exc:
        both_sides(None, orks, "then.combatant")
    error = exc.value.errors[0]
    assert error.field == "then.combatant.target.units.1.weapons"
    assert error.message.startswith("Grot has no weapons")
    f = Fight("epic")
    errors = f.refused({"type": "add", "combatant": {"id": "o", "name": "Orks", "target": orks}})
    assert errors[0]["field"] == "then.combatant.target.units.1.weapons"
    assert errors[0]["message"].startswith("Orks: Grot has no weapons")


def test_a_saves_datasheet_value_on_a_shooting_unit_is_converted() -> None:
    # a Marine's datasheet save 4+ is 3 here (a d6 of 4-6 is the same 3 faces as 1-3)
    marines = {"name": "M", "units": [{"name": "T", "weapons": "Bolter 15 AP5", "armour": "4+"}]}
    f = Fight("epic")
    f.do({"type": "add", "combatant": {"id": "m", "name": "M", "attacker": marines}})
    ork = {"name": "O", "units": [{"name": "B", "weapons": "Shoota 15 AP2", "distance": 10}]}
    f.do({"type": "add", "combatant": {"id": "o", "name": "O", "target": ork}})
    f.do({"type": "initiative"})
    f.end("m")
    # the Ork's Shoota AP2 rolls 1 (hit); the Marine's save 3 (the 4+) rolls 3: saved
    res = shot(f, "o", "m", [1, 3])
    saves = res["formations"][0]["units"][0]["saves"][0]
    assert (saves["value"], saves["rolls"], saves["failed"]) == (3, [3], 0)


def test_an_encounter_file_written_before_replays_its_one_sided_formations_as_they_were() -> None:
    # the shapes a file written before whole formations holds: shooters only, a target only
    f = Fight("epic")
    guns = {"name": "Guns", "units": [{"name": "Gun", "weapons": "Autocannon 30 AP4", "distance": 10}]}
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guns", "attacker": guns}})
    f.do({"type": "add", "combatant": {"id": "c", "name": "Camp", "target": {"name": "Camp", "units": [{}]}}})
    g, c = f.who("g"), f.who("c")
    assert (g["attacker"], g["target"], g["units"]) == (guns, None, None)
    assert (c["attacker"], c["target"]["units"]) == (None, [{}])
    assert [e["combatant"].get("target") for e in f.file["events"]] == [None, {"name": "Camp", "units": [{}]}]
