"""Epic, barrages (seed 002, the barrage section and its Barrage table).

Seed 002: barrage weapons "have no to hit rolls — instead they have a number of barrage points";
"regardless of how many units are involved in a barrage, it hits each defender once for every point
of integrity (except war engines)"; "Each weapon contributing to the barrage must be within range
and have a line of fire to that tile. Weapons that are not in range or do not have a line of fire may
not fire at all"; "Any formation attacked — including allied ones, if they lie under a large barrage
— gain a point of Shock for coming under fire"; "the number of Barrage points for each weapon that is
in range and has a line of fire is added together".

The Barrage table, read (rules/data/epic/tables.json) as BP · radius · extra Shock · AP · AT:
1-2: 0, 0, AP1, no AT; 3-4: 1, 0, 1, 1; 5-6: 1, 0, 2, 1; 7-9: 1, 1, 3, 2; 10-12: 2, 1, 3, 2;
13-15: 2, 2, 3, 2; 16-20: 2, 2, 3, 2; 21-25: 3, 3, 3, 2; 26-30: 3, 4, 3, 2 (beyond 30: the last row).

A unit is under the template when its ``from_centre`` (tiles from the centre tile) is at most the
radius. Each unit under it is rolled for on its own: its to-hit dice (cover -1 for that unit only),
then its saves at once, formation by formation, units in table order. Targets have no save and
integrity 1 unless said.
"""

from __future__ import annotations

from typing import Any

import pytest
from epic_scenarios import (
    barrage,
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
    step_text,
    unit,
    units_of,
    vehicle,
)

TEN_BP = [shooter("5x Earthshaker 120 BP2", name="Battery", distance=40)]


def test_barrage_of_10_bp_hits_each_unit_under_the_template() -> None:
    # Five 2-BP Basilisks (five units, 40 tiles from the centre tile, range 120): 10 BP, row 10-12:
    # radius 2, extra Shock 1, AP 3, AT 2.
    #   I1 (infantry, integrity 2, armour 3, 0 tiles): 2 dice at AP3: 3 hits, 4 misses; its save 4
    #       fails: 2 -> 1.
    #   V1 (armoured vehicle, armour 4, 2 tiles): 1 die at AT2: 2 hits; save 5 fails: destroyed.
    #   W  (war engine, integrity 3, armour 5, 1 tile): ONE die (a war engine) at AT2: 1 hits; save 6
    #       fails: 3 -> 2.
    #   I2 (3 tiles): beyond the radius, not under the template, no die.
    # Shock: +1 under fire, +1 extra (the table), +1 for V1 destroyed = 3; 3 units left: broken.
    batteries = [shooter("Basilisk 120 BP2", name=f"B{i}", distance=40) for i in range(1, 6)]
    targets = [
        infantry("I1", integrity=2, armour=3, from_centre=0),
        vehicle("V1", armour=4, from_centre=2),
        unit("W", "war engine", integrity=3, armour=5, from_centre=1),
        infantry("I2", from_centre=3),
    ]
    res = resolve(barrage(batteries, targets, dice=[3, 4, 4, 2, 5, 1, 6]))
    assert res["barrage"] == {"bp": 10, "row": "10-12", "radius": 2, "extra_shock": 1, "AP": 3, "AT": 2}
    assert groups(res) == [
        ("Barrage on I1", "AP", 3, [3, 4], 1),
        ("Barrage on V1", "AT", 2, [2], 1),
        ("Barrage on W", "AT", 2, [1], 1),
    ]
    assert res["hits"] == {"AP": 1, "AT": 2}
    units = units_of(res)
    assert {n: u["under_barrage"] for n, u in units.items()} == {"I1": True, "V1": True, "W": True, "I2": False}
    assert {n: u["integrity_after"] for n, u in units.items()} == {"I1": 1, "V1": 0, "W": 2, "I2": 1}
    # each unit: its to-hit dice, then its saves
    assert [p.split(" ")[0] if not p.startswith("Barrage") else p.split(" ")[2] for p in purposes(res)] == [
        "I1",
        "I1",
        "I1",
        "V1",
        "V1",
        "W",
        "W",
    ]
    assert gains(res) == [("under fire", 1), ("barrage", 1), ("losses", 1)]
    assert (form(res)["shock_after"], form(res)["units_left"], form(res)["broken"]) == (3, 3, True)
    assert res["outcome"] == "broken"


@pytest.mark.parametrize(
    ("weapons", "bp", "row", "radius", "extra_shock", "ap", "at"),
    [
        # the seed's rows, read BP · radius · extra Shock · AP · AT ("Zero" = 0 tiles, "None" = 0 Shock)
        ("Mortar 120 BP1", 1, "1-2", 0, 0, 1, None),  # "1-2 Zero None 1": one to-hit number, AP only
        ("Mortar 120 BP2", 2, "1-2", 0, 0, 1, None),
        ("Gun 120 BP3", 3, "3-4", 1, 0, 1, 1),  # "3-4 One None 1 1"
        ("Gun 120 BP5", 5, "5-6", 1, 0, 2, 1),  # "5-6 One None 2 1"
        ("Gun 120 BP7", 7, "7-9", 1, 1, 3, 2),  # "7-9 One One 3 2"
        ("Gun 120 BP9", 9, "7-9", 1, 1, 3, 2),
        ("Gun 120 BP12", 12, "10-12", 2, 1, 3, 2),  # "10-12 Two One 3 2"
        ("Gun 120 BP13", 13, "13-15", 2, 2, 3, 2),  # "13-15 Two Two 3 2"
        ("Gun 120 BP20", 20, "16-20", 2, 2, 3, 2),  # "16-20 Two Two 3 2"
        ("Gun 120 BP21", 21, "21-25", 3, 3, 3, 2),  # "21-25 Three Three 3 2"
        ("Gun 120 BP26", 26, "26-30", 3, 4, 3, 2),  # "26-30 Three Four 3 2"
        ("Gun 120 BP30", 30, "26-30", 3, 4, 3, 2),
        ("Gun 120 BP30; Mortar 120 BP1", 31, "26-30", 3, 4, 3, 2),  # beyond the table: its last row
    ],
)
def test_barrage_table_row_by_row(
    weapons: str, bp: int, row: str, radius: int, extra_shock: int, ap: int, at: int | None
) -> None:
    # One infantry unit at the centre tile rolls one die: a 6, a miss whatever the value.
    res = resolve(barrage([shooter(weapons)], [infantry("Inf", from_centre=0)], dice=[6]))
    assert res["barrage"] == {"bp": bp, "row": row, "radius": radius, "extra_shock": extra_shock, "AP": ap, "AT": at}
    assert gains(res) == [("under fire", 1)] + ([("barrage", extra_shock)] if extra_shock else [])


def test_barrage_cover_minus_one_only_for_the_unit_in_cover() -> None:
    # 10 BP, AP3. A (in cover): 3 - 1 = 2, its 3 misses. B (in the open): 3, its 3 hits: destroyed.
    res = resolve(
        barrage(TEN_BP, [infantry("A", in_cover=True, from_centre=0), infantry("B", from_centre=1)], dice=[3, 3])
    )
    assert groups(res) == [("Barrage on A", "AP", 2, [3], 0), ("Barrage on B", "AP", 3, [3], 1)]
    assert [m["label"] for m in res["to_hit"][0]["modifiers"]] == ["Target has cover"]
    assert res["to_hit"][1]["modifiers"] == []
    assert units_of(res)["B"]["destroyed"] is True


def test_barrage_of_1_to_2_bp_cannot_hit_armoured_vehicles() -> None:
    # A mortar: 1 BP, row 1-2: radius 0, no extra Shock, AP1, no AT. Inf (0 tiles): 1 hits: destroyed.
    # Tank (0 tiles): under the template but no AT value: no die. Near (1 tile): outside radius 0.
    res = resolve(
        barrage(
            [shooter("Mortar 30 BP1")],
            [infantry("Inf", from_centre=0), vehicle("Tank", from_centre=0), infantry("Near", from_centre=1)],
            dice=[1],
        )
    )
    assert res["barrage"] == {"bp": 1, "row": "1-2", "radius": 0, "extra_shock": 0, "AP": 1, "AT": None}
    assert groups(res) == [("Barrage on Inf", "AP", 1, [1], 1)]
    assert units_of(res)["Tank"]["allocated"] == 0
    assert "no AT value" in step_text(res, "Barrage")
    assert gains(res) == [("under fire", 1), ("losses", 1)]


def test_barrage_beyond_30_bp_uses_the_last_row() -> None:
    # 16 Earthshakers of 2 BP: 32 BP, past the table's 26-30: that row (radius 3, extra Shock 4).
    # Inf at 3 tiles is under; AP3: its 4 misses.
    res = resolve(barrage([shooter("16x Earthshaker 120 BP2")], [infantry("Inf", from_centre=3)], dice=[4]))
    b = res["barrage"]
    assert (b["bp"], b["row"], b["radius"], b["extra_shock"]) == (32, "26-30", 3, 4)
    assert "beyond the table" in step_text(res, "Barrage points")
    assert gains(res) == [("under fire", 1), ("barrage", 4)]


def test_barrage_weapons_out_of_range_do_not_add_bp() -> None:
    # 50 tiles to the centre tile. A: Earthshaker (120) 3 BP, its Mortar (40) is out of range and adds
    # nothing; B: Earthshaker 3 BP; C: only a Mortar, out of range: C does not join. 3 + 3 = 6 BP
    # (row 5-6: radius 1, AP2, AT1), not 8 (row 7-9). Inf: AP2, its 3 misses.
    res = resolve(
        barrage(
            [
                shooter("Earthshaker 120 BP3; Mortar 40 BP2", name="A", distance=50),
                shooter("Earthshaker 120 BP3", name="B", distance=50),
                shooter("Mortar 40 BP2", name="C", distance=50),
            ],
            [infantry("Inf", from_centre=0)],
            dice=[3],
        )
    )
    assert (res["barrage"]["bp"], res["barrage"]["row"], res["barrage"]["AP"]) == (6, "5-6", 2)
    assert statuses(res) == {"A": "shoots", "B": "shoots", "C": "out of range"}
    assert "Mortar (range 40)" in step_text(res, "Range")
    assert groups(res) == [("Barrage on Inf", "AP", 2, [3], 0)]


def test_barrage_also_under_an_allied_formation_takes_shock_and_hits() -> None:
    # 10 BP (radius 2, extra Shock 1, AP3). The target: T (0 tiles): 1 hits: destroyed. The allied
    # "Friends" under the template: F1 (1 tile): 2 hits: destroyed; F2 (5 tiles): not under.
    # "Far" (enemy) has no unit under the template: it is not attacked, no Shock.
    # Target: +1 +1 +1 = 3, none left: wiped out. Friends: +1 under fire +1 barrage +1 losses = 3,
    # 1 left: broken.
    friends = {
        "name": "Friends",
        "allied": True,
        "units": [infantry("F1", from_centre=1), infantry("F2", from_centre=5)],
    }
    far = {"name": "Far", "shock": 1, "units": [infantry("X", from_centre=4)]}
    res = resolve(barrage(TEN_BP, [infantry("T", from_centre=0)], also_under=[friends, far], dice=[1, 2]))
    assert [f["name"] for f in res["formations"]] == ["Target", "Friends", "Far"]
    assert res["outcome"] == "wiped out"
    assert form(res, 1)["allied"] is True
    assert gains(res, 1) == [("under fire", 1), ("barrage", 1), ("losses", 1)]
    assert (form(res, 1)["shock_after"], form(res, 1)["units_left"], form(res, 1)["broken"]) == (3, 1, True)
    assert units_of(res, 1)["F1"]["destroyed"] is True
    assert (gains(res, 2), form(res, 2)["shock_after"]) == ([], 1)


def test_barrage_aircraft_are_never_hit() -> None:
    # The reading in the data file: a barrage never hits aircraft. Only Inf is rolled for (a 6: miss).
    res = resolve(barrage(TEN_BP, [unit("Flyer", "aircraft", from_centre=0), infantry("Inf", from_centre=0)], dice=[6]))
    assert [g[0] for g in groups(res)] == ["Barrage on Inf"]


def test_barrage_from_centre_missing_is_refused_at_its_field() -> None:
    other = {"name": "Other", "units": [infantry("X")]}
    errors = errors_of(barrage(TEN_BP, [infantry("T", from_centre=0), infantry("U")], also_under=[other], dice=[1]))
    assert set(errors) == {"target.units.1.from_centre", "action.also_under.0.units.0.from_centre"}


def test_barrage_cannot_ignore_cover_and_also_under_needs_a_barrage() -> None:
    errors = errors_of(barrage(TEN_BP, [infantry("T", from_centre=0)], ignore_cover=True, dice=[1]))
    assert list(errors) == ["action.ignore_cover"]
    other = {"name": "Other", "units": [infantry("X", from_centre=0)]}
    assert list(errors_of(scenario(also_under=[other], dice=[1]))) == ["action.also_under"]


def test_barrage_weapons_do_not_fire_in_a_normal_shooting() -> None:
    # Shooting: A has only a barrage weapon: it does not shoot; B fires its Heavy bolter only (one die).
    res = resolve(
        scenario(
            [shooter("Earthshaker 120 BP3", name="A"), shooter("Earthshaker 120 BP3; Heavy bolter 30 AP4", name="B")],
            dice=[5],
        )
    )
    assert statuses(res) == {"A": "barrage weapons only", "B": "shoots"}
    assert groups(res) == [("Heavy bolter", "AP", 4, [5], 0)]
    assert res["barrage"] is None


def test_normal_weapons_do_not_fire_in_a_barrage() -> None:
    # Barrage: A has only a Heavy bolter: it does not join. B adds its Earthshaker's 3 BP only
    # (row 3-4: radius 1, AP1, AT1). Inf: AP1, the 2 misses; no Heavy bolter die.
    res = resolve(
        barrage(
            [shooter(name="A"), shooter("Earthshaker 120 BP3; Heavy bolter 30 AP4", name="B")],
            [infantry("Inf", from_centre=0)],
            dice=[2],
        )
    )
    assert statuses(res) == {"A": "no barrage weapon", "B": "shoots"}
    assert (res["barrage"]["bp"], res["barrage"]["row"]) == (3, "3-4")
    assert groups(res) == [("Barrage on Inf", "AP", 1, [2], 0)]


def test_barrage_crossfire_minus_one_only_for_the_target_formation() -> None:
    # The crossfire line passes through the TARGET formation: "All units from a formation caught in a
    # crossfire suffer a -1 save modifier" (and Crossfire's own doc: "every save of the target
    # formation -1"). 10 BP, AP3. T (target, armour 3): 1 hits; save 3 - 1 = 2: the 3 fails, destroyed.
    # O (another enemy formation under the template, not in the crossfire, armour 3): 1 hits; save 3:
    # the 3 holds.
    other: dict[str, Any] = {"name": "Other", "units": [infantry("O", armour=3, from_centre=1)]}
    res = resolve(
        barrage(TEN_BP, [infantry("T", armour=3, from_centre=0)], also_under=[other], crossfire={}, dice=[1, 3, 1, 3])
    )
    assert units_of(res)["T"]["destroyed"] is True
    o = units_of(res, 1)["O"]
    assert (o["saves"][0]["modifier"], o["saves"][0]["failed"], o["destroyed"]) == (0, 0, False)
