"""The group's critical tables read by the resolution (the row each hit reads).

- DH2 Righteous Fury (seed 004, Righteous Fury: "The attacker then rolls 1d5 and consults the
  Critical Effects table appropriate to the damage type and location of the original attack. The
  target suffers all effects listed."): the d5 is the row of the group's table.
- Critical damage, every d100 ruleset: the row is the running total of Critical damage, the
  target's damage before the attack counting (DH2: seed 004, Step Five, "the GM consults the
  appropriate table based on the type of damage, the location hit, and the amount of Critical
  damage accumulated"; Deathwatch: seed 001 L638 "Critical Damage is cumulative", L766-771
  "consult the relevant Critical Table ... determined by the type of Damage ... and the Hit
  Location of the attack, and apply the effect"; DH1 Core, Ch. VIII, Critical Damage). A total
  above 10 reads row 10 (the tables end there).
- A row's effect dice are the attack's last dice (purpose "Critical effect: ..."), so every other die
  is the same with or without the group's tables.
- No tables: the resolution is as before (the golden corpus replays it byte for byte).
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import AUTOGUN, errors_of, purposes, resolve_ok, scenario, weapon
from hypothesis import HealthCheck, given, settings
from test_dh2_properties import seeded_ranged_attacks

from rules.api import load_scenario
from rules.odds import odds


def table(system: str, damage_type: str, location: str, *rows: tuple[int, str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A critical table as the page stores it (``auspex:tables:v1``'s ``tables`` entries)."""
    return {
        "system": system,
        "damage_type": damage_type,
        "location": location,
        "rows": [{"row": n, "text": text, "effects": effects} for n, text, effects in rows],
    }


STUNNED_1D5 = [{"kind": "stunned", "dice": "1d5"}]
ENERGY_BODY = table(
    "dh2",
    "Energy",
    "Body",
    (3, "A searing blow to the chest.", STUNNED_1D5),
    (4, "", []),  # in the template, not entered
)
IMPACT_BODY = table(
    "dh2",
    "Impact",
    "Body",
    (3, "Winded.", [{"kind": "prone"}]),
    (10, "Ribs driven into the heart.", [{"kind": "slain"}]),
)
IMPACT_ARM = table("dh2", "Impact", "Arm", (5, "The arm is smashed.", [{"kind": "lost"}]))


def with_tables(data: dict[str, Any], *tables: dict[str, Any]) -> dict[str, Any]:
    return {**data, "critical_tables": list(tables)}


def steps_named(res: dict[str, Any], prefix: str) -> list[dict[str, str]]:
    return [s for s in res["steps"] if s["rule"].startswith(prefix)]


# --- DH2 Righteous Fury -------------------------------------------------------------------------------------


def test_dh2_righteous_fury_d5_reads_that_row_of_the_groups_table_and_rolls_its_dice() -> None:
    # Lasgun BS 40 +10 = 50; roll 23 -> Body (32). d10 10: 13 - 3 = 10 wounds, a natural 10.
    # Fury d5: d10 5 -> 3: row 3 of the Energy Critical Effects, Body table, "[stunned 1d5]":
    # the effect die last of all, d10 6 -> 3 rounds.
    res = resolve_ok(with_tables(scenario(dice=[23, 10, 5, 6]), ENERGY_BODY))
    rf = res["hits"][0]["righteous_fury"]
    assert rf["critical_effect"] == 3
    assert rf["effect"] == {
        "table": "Energy Critical Effects, Body",
        "row": 3,
        "text": "A searing blow to the chest.",
        "effects": [{"kind": "stunned", "amount": 3, "dice": "1d5", "characteristic": None}],
    }
    assert purposes(res)[2:] == [
        ("hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)", 10, 5),
        ("Critical effect: stunned rounds (hit 1) (d5: d10 halved, rounding up)", 10, 6),
    ]
    (step,) = steps_named(res, "Critical effect, hit 1")
    assert "seed 004, Righteous Fury" in step["source"] and "your group's table" in step["source"]
    assert "A searing blow to the chest." in step["detail"] and "Stunned 3 rounds (1d5)" in step["detail"]
    # Righteous Fury is not Critical damage (seed 004)
    assert res["hits"][0]["critical"] is None


def test_dh2_righteous_fury_row_not_entered_records_no_effect_and_rolls_no_die() -> None:
    # the same attack, d5 d10 7 -> 4: row 4 is in the table with no text and no effects
    res = resolve_ok(with_tables(scenario(dice=[23, 10, 7]), ENERGY_BODY))
    rf = res["hits"][0]["righteous_fury"]
    assert rf["critical_effect"] == 4 and "effect" not in rf
    assert len(res["dice"]) == 3
    assert not steps_named(res, "Critical effect")


def test_dh2_troop_is_still_slain_by_righteous_fury_with_no_row_read() -> None:
    # seed 004, Righteous Fury for Player Characters and NPCs: a Troop "is simply slain instead"
    res = resolve_ok(with_tables(scenario(troop=True, dice=[23, 10]), ENERGY_BODY))
    rf = res["hits"][0]["righteous_fury"]
    assert rf["slain"] is True and "effect" not in rf
    assert len(res["dice"]) == 2


# --- Critical damage: the running total picks the row -------------------------------------------------------


def test_dh2_critical_damage_row_is_the_running_total_from_damage_taken() -> None:
    # Autogun (Impact) 1d10+3, RoF S/2/-, Semi-Auto Burst, BS 50; roll 14 -> DoS 5 -> 2 hits, Body, Body.
    # W 10, taken 8. Hit 1: d10 5 + 3 - TB 3 = 5 -> 13: critical 3 -> row 3 ("[prone]").
    # Hit 2: d10 9 -> 9 -> 22: critical 12 -> row 10 (above 10 reads row 10, "[slain]").
    gun = weapon(AUTOGUN, rof="S/2/-")
    data = scenario(gun, action="Semi-Auto Burst", BS=50, wounds=10, taken=8, dice=[14, 5, 9])
    res = resolve_ok(with_tables(data, IMPACT_BODY))
    c1, c2 = (h["critical"] for h in res["hits"])
    assert (c1["amount"], c1["total"], c2["amount"], c2["total"]) == (3, 3, 9, 12)
    assert c1["effect"] == {
        "table": "Impact Critical Effects, Body",
        "row": 3,
        "text": "Winded.",
        "effects": [{"kind": "prone", "amount": None, "dice": None, "characteristic": None}],
    }
    assert (c2["effect"]["row"], c2["effect"]["text"]) == (10, "Ribs driven into the heart.")
    assert c2["effect"]["effects"][0]["kind"] == "slain"
    assert len(res["dice"]) == 3  # no effect dice
    step = steps_named(res, "Critical effect, hit 2")[0]
    assert "accumulated" in step["source"] and "your group's table" in step["source"]


def test_right_arm_reads_the_arm_table() -> None:
    # Autogun Semi-Auto Burst, BS 50; roll 14 -> 3 hits Body, Body, Right Arm; W 10, taken 8.
    # d10 1, 1, 1 -> 1 wound each; 5 DoS replace hit 1's die: 5 wounds. Totals 3, 4, 5 (Right Arm).
    data = scenario(AUTOGUN, action="Semi-Auto Burst", BS=50, wounds=10, taken=8, dice=[14, 1, 1, 1])
    res = resolve_ok(with_tables(data, IMPACT_BODY, IMPACT_ARM))
    crits = [h["critical"] for h in res["hits"]]
    assert [c["total"] for c in crits] == [3, 4, 5]
    assert crits[0]["effect"]["row"] == 3  # Body row 3
    assert "effect" not in crits[1]  # Body row 4: not entered
    assert crits[2]["location"] == "Right Arm"
    assert crits[2]["effect"]["table"] == "Impact Critical Effects, Arm"
    assert (crits[2]["effect"]["row"], crits[2]["effect"]["effects"][0]["kind"]) == (5, "lost")


def test_characteristic_and_fatigue_dice_are_rolled_in_the_rows_order() -> None:
    # W 10, taken 8, lasgun d10 9: 12 - 3 = 9 -> 17: critical 7 -> Energy Body row 7:
    # "[fatigue 1d5] [Ag damage 2d10]": d10 3 -> 2 levels; Ag 2d10: 4 + 6 = 10.
    row7 = table(
        "dh2",
        "Energy",
        "Body",
        (
            7,
            "Burnt through.",
            [{"kind": "fatigue", "dice": "1d5"}, {"kind": "characteristic", "characteristic": "Ag", "dice": "2d10"}],
        ),
    )
    res = resolve_ok(with_tables(scenario(wounds=10, taken=8, dice=[23, 9, 3, 4, 6]), row7))
    effect = res["hits"][0]["critical"]["effect"]
    assert [(e["kind"], e["amount"]) for e in effect["effects"]] == [("fatigue", 2), ("characteristic", 10)]
    assert purposes(res)[2:] == [
        ("Critical effect: fatigue levels (hit 1) (d5: d10 halved, rounding up)", 10, 3),
        ("Critical effect: Ag damage (hit 1) (1 of 2)", 10, 4),
        ("Critical effect: Ag damage (hit 1) (2 of 2)", 10, 6),
    ]


def test_a_fixed_amount_rolls_no_die() -> None:
    row7 = table("dh2", "Energy", "Body", (7, "Dazed.", [{"kind": "stunned", "amount": 2}]))
    res = resolve_ok(with_tables(scenario(wounds=10, taken=8, dice=[23, 9]), row7))
    assert res["hits"][0]["critical"]["effect"]["effects"][0]["amount"] == 2
    assert len(res["dice"]) == 2


def test_dh1_critical_damage_reads_its_running_total_row() -> None:
    # DH1 lasgun semi-auto, BS 40 + 10, roll 10 -> 3 hits Head, Head, Right Arm; W 10, taken 9.
    # Criticals 2 (Head), 4 (Head), 8 (Right Arm) -> rows 2, 4 and 8 of the Energy tables.
    head = table("dh1", "Energy", "Head", (2, "Ear ringing.", []), (4, "Blinded.", []))
    arm = table("dh1", "Energy", "Arm", (8, "Arm burnt off.", [{"kind": "lost"}]))
    data = dh1.scenario(dh1.LASGUN, action="Semi-Auto Burst", wounds=10, taken=9, dice=[10, 4, 3, 5])
    res = dh1.resolve_ok(with_tables(data, head, arm))
    readings = [(h["critical"]["effect"]["table"], h["critical"]["effect"]["row"]) for h in res["hits"]]
    assert readings == [
        ("Energy Critical Effects, Head", 2),
        ("Energy Critical Effects, Head", 4),
        ("Energy Critical Effects, Arm", 8),
    ]
    assert "DH1 Core, Ch. VIII, Critical Damage" in steps_named(res, "Critical effect, hit 1")[0]["source"]


def test_dh1_righteous_fury_reads_no_table() -> None:
    # DH1 Core, Ch. VIII, Righteous Fury: confirmed, 1d10 more damage; no critical table is rolled
    head = table("dh1", "Energy", "Body", *[(n, f"row {n}", []) for n in range(1, 11)])
    res = dh1.resolve_ok(with_tables(dh1.scenario(dice=[23, 10, 35, 4]), head))
    rf = res["hits"][0]["righteous_fury"]
    assert rf["extra_damage"] == [4] and "effect" not in rf


def test_dw_critical_damage_is_cumulative_from_damage_taken() -> None:
    # seed 001 L638 "Critical Damage is cumulative": W 10, 12 taken (2 Critical). Knife, roll 33 ->
    # Body; 7 wounds -> 19: 9 in all -> row 9 of the Rending Critical Effects, Body table.
    rending = table("dw", "Rending", "Body", (9, "Cut in two.", [{"kind": "slain"}]))
    res = dw.attack(with_tables(dw.scenario(dw.KNIFE, wounds=10, taken=12, dice=[33, 5]), rending))
    effect = res["hits"][0]["critical"]["effect"]
    assert (effect["table"], effect["row"], effect["text"]) == ("Rending Critical Effects, Body", 9, "Cut in two.")
    source = steps_named(res, "Critical effect, hit 1")[0]["source"]
    assert "seed 001" in source and "cumulative" in source


# --- The scenario field -------------------------------------------------------------------------------------


def test_a_table_of_another_ruleset_is_refused_at_its_system() -> None:
    other = table("dw", "Energy", "Body", (3, "x", []))
    errors = errors_of(with_tables(scenario(dice=[23, 10, 5, 6]), ENERGY_BODY, other))
    assert list(errors) == ["critical_tables.1.system"]
    assert "dh2" in errors["critical_tables.1.system"] and "dw" in errors["critical_tables.1.system"]


def test_no_tables_leaves_the_scenario_and_resolution_json_as_before() -> None:
    data = scenario(dice=[23, 10, 5])
    assert "critical_tables" not in load_scenario(data).model_dump(mode="json")
    res = resolve_ok(data)
    assert "effect" not in res["hits"][0]["righteous_fury"]
    assert "critical_tables" in load_scenario(with_tables(data, ENERGY_BODY)).model_dump(mode="json")


def test_the_odds_are_the_same_with_the_groups_tables() -> None:
    # the effect dice are a role no figure of the odds reads
    gun = weapon(AUTOGUN, rof="S/2/-")
    data = scenario(gun, action="Semi-Auto Burst", BS=50, wounds=10, taken=8)
    # (the Critical Effects rows, ``critical``, carry the group's words with tables:
    # tests/unit/odds/test_odds_critical.py; every other figure is the same)
    plain = odds(load_scenario(data)).model_dump(mode="json", exclude={"critical"})
    row = [{"kind": "stunned", "dice": "1d5"}, {"kind": "characteristic", "characteristic": "T", "dice": "1d10"}]
    tables = [table("dh2", "Impact", loc, *[(n, f"row {n}", row) for n in range(1, 11)]) for loc in ("Body", "Arm")]
    assert odds(load_scenario(with_tables(data, *tables))).model_dump(mode="json", exclude={"critical"}) == plain


# --- Properties (hypothesis) ----------------------------------------------------------------------------------


def every_table(system: str, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every table of ``system`` with every row entered as ``row N`` with ``effects``."""
    return [
        table(system, kind, loc, *[(n, f"row {n}", effects) for n in range(1, 11)])
        for kind in ("Energy", "Explosive", "Impact", "Rending")
        for loc in ("Head", "Arm", "Body", "Leg")
    ]


def without_readings(res: dict[str, Any]) -> dict[str, Any]:
    """``res`` less what reading a row adds: the ``effect`` records and the "Critical effect" steps."""
    hits = []
    for h in res["hits"]:
        h = dict(h)
        for key in ("righteous_fury", "critical"):
            if h.get(key):
                h[key] = {k: v for k, v in h[key].items() if k != "effect"}
        hits.append(h)
    steps = [s for s in res["steps"] if not s["rule"].startswith("Critical effect")]
    return {**res, "hits": hits, "steps": steps}


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeded_ranged_attacks())
def test_every_row_read_is_the_fury_d5_or_the_running_total_and_changes_nothing_else(data: dict[str, Any]) -> None:
    # rows with no dice: the resolution is the one without tables, plus a reading per row read
    plain = resolve_ok(data)
    res = resolve_ok(with_tables(data, *every_table("dh2", [{"kind": "prone"}])))
    assert without_readings(res) == plain
    for h in res["hits"]:
        where = "Arm" if h["location"].endswith("Arm") else "Leg" if h["location"].endswith("Leg") else h["location"]
        if (c := h["critical"]) is not None:
            assert c["effect"]["row"] == min(c["total"], 10)
            assert c["effect"]["table"] == f"{c['damage_type']} Critical Effects, {where}"
        rf = h["righteous_fury"]
        if rf is not None and rf["critical_effect"] is not None:
            assert rf["effect"]["row"] == rf["critical_effect"]
        elif rf is not None:
            assert "effect" not in rf


@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeded_ranged_attacks())
def test_effect_dice_come_last_so_every_other_die_is_todays(data: dict[str, Any]) -> None:
    # rows with dice: the effect dice are the attack's last, after every die drawn without tables
    # (Pinning's included), so a seeded share link, which carries no tables, reads the same attack
    plain = resolve_ok(data)["dice"]
    dice = resolve_ok(with_tables(data, *every_table("dh2", [{"kind": "stunned", "dice": "1d5"}])))["dice"]
    first = next((i for i, d in enumerate(dice) if d["purpose"].startswith("Critical effect")), len(dice))
    assert dice[:first] == plain
    assert all(d["purpose"].startswith("Critical effect") for d in dice[first:])


def test_a_row_marked_slain_slays_the_target_in_the_result() -> None:
    # Lasgun 1d10+3 E, Pen 0, against TB 3, no armour, wounds 10, taken 10: roll 23 -> Body; d10 9:
    # 12 - 3 = 9 wounds, all past the wounds: Critical damage 9 -> row 9 of Energy, Body, "[slain]"
    body = table("dh2", "Energy", "Body", (9, "Burnt through.", [{"kind": "slain"}]))
    res = resolve_ok(with_tables(scenario(dice=[23, 9], wounds=10, taken=10), body))
    assert res["hits"][0]["critical"]["effect"]["effects"] == [
        {"kind": "slain", "amount": None, "dice": None, "characteristic": None}
    ]
    assert res["slain"] is True
    assert resolve_ok(scenario(dice=[23, 9], wounds=10, taken=10))["slain"] is False
