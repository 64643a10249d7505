"""The chance of each Critical Effects row (rules.odds.critical), hand-worked from
the seeds and checked against brute force: every face of every die through the resolver itself,
reading the rows off the resolution's own Critical and Righteous Fury records.

Seed 004, Step Five: "the amount of Critical damage accumulated" decides the row; seed 004,
Righteous Fury: a hit that dealt damage "consults the Critical Effects table appropriate to the
damage type and location" with 1d5 (a Troop is slain instead).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import dh1_scenarios as dh1s
import dh2_scenarios as dh2s
import dw_scenarios as dws
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import load_scenario, resolve
from rules.critical.models import table_location
from rules.dh2 import DH2Attack
from rules.odds import odds, run_odds
from rules.odds.critical import slain_rows
from rules.odds.d100 import outcomes, summarize
from rules.odds.dist import Dist
from rules.odds.explore import Walker, explore

ARMOUR = {"Head": 2, "Right Arm": 4, "Left Arm": 4, "Body": 5, "Right Leg": 3, "Left Leg": 3}


def table(location: str, rows: dict[int, tuple[str, bool]]) -> dict[str, Any]:
    """A DH2 Energy table at ``location``: row -> (text, slain)."""
    return {
        "system": "dh2",
        "damage_type": "Energy",
        "location": location,
        "rows": [
            {"row": r, "text": text, "effects": [{"kind": "slain"}] if slain else []}
            for r, (text, slain) in sorted(rows.items())
        ],
    }


# The group's Energy tables: Body row 3 and row 10 slay, Arm row 1 slays, Head row 2 slays; Legs not entered
TABLES = [
    table("Body", {1: ("Winded <b>", False), 2: ("Burnt", False), 3: ("Heart cooked", True), 10: ("Ash", True)}),
    table("Arm", {1: ("Arm severed and the shock kills", True), 4: ("Arm useless", False)}),
    table("Head", {2: ("Head burst", True)}),
]
SLAIN = {"Body": {3, 10}, "Arm": {1}, "Head": {2}}


class _Faces:
    def __init__(self, walker: Walker) -> None:
        self.walker = walker

    def roll(self, sides: int, purpose: str) -> int:
        return self.walker.roll(sides, purpose)


def brute(data: dict[str, Any], read: Callable[[Any], Any]) -> Dist[Any]:
    """``read`` of the resolution, over every face of every die (no classes)."""
    scenario = load_scenario(data)
    return explore(lambda w: read(resolve(scenario, _Faces(w))), limit=60_000)


def p(d: Dist[Any], pred: Callable[[Any], bool]) -> Fraction:
    return d.chance(pred)


def exact(chance: Any) -> Fraction:
    return Fraction(chance.exact)


def mine(res: Any) -> list[Any]:
    return [h for h in res.hits if h.person == 0]


def crit_row(res: Any) -> int:
    """The row the attack leaves the target on: the highest running total a hit read (0: none)."""
    totals = [h.critical.total for h in mine(res) if h.critical is not None]
    return min(10, max(totals)) if totals else 0


def fury_rows(res: Any) -> frozenset[int]:
    return frozenset(
        h.righteous_fury.critical_effect
        for h in mine(res)
        if h.righteous_fury is not None and h.righteous_fury.critical_effect is not None
    )


def slain_read(res: Any) -> bool:
    """Some row read is marked slain (each hit's critical row, each Fury's d5 row), or a Troop slain."""
    for h in mine(res):
        loc = table_location(h.location)
        if h.critical is not None and min(10, h.critical.total) in SLAIN.get(loc, set()):
            return True
        rf = h.righteous_fury
        if rf is not None and rf.critical_effect in SLAIN.get(loc, set()):
            return True
    return bool(res.slain)


# ------------------------------------------------------------------------------ critical damage rows


def test_critical_damage_row_is_the_running_total_from_prior_damage() -> None:
    # seed 004, Step Five: "the amount of Critical damage accumulated". W 10 with 8 taken: a hit of
    # 5 wounds leaves 3 critical damage -> row 3, so row 3's chance is the chance of exactly 5 wounds,
    # and row 10 the chance of 12 or more.
    data = dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR)
    report = odds(load_scenario(data))
    assert report.critical is not None and report.critical.start == 0
    rows = {r.row: exact(r.p) for r in report.critical.rows}
    bars = {b.value: b for b in report.chart.bars}
    assert rows[3] == exact(bars[5].p)
    assert rows.get(10, Fraction(0)) == exact(bars[12].at_least) if 12 in bars else 10 not in rows
    # every row read adds up to the headline's critical damage figure
    crit = next(f for f in report.headline if f.key == "critical")
    assert crit.chance is not None and sum(rows.values()) == exact(crit.chance)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR), id="dh2-single"),
        pytest.param(dh2s.scenario(BS=20, wounds=10, taken=13, armour=ARMOUR), id="dh2-already-critical"),
        pytest.param(
            dh2s.scenario(dh2s.weapon(dh2s.LASGUN, rof="S/2/-"), action="Semi-Auto Burst", BS=30, wounds=6, taken=3),
            id="dh2-burst",
        ),
        pytest.param(dh1s.scenario(BS=3, wounds=10, taken=9), id="dh1-fury-d10s-capped"),
    ],
)
def test_critical_damage_rows_match_brute_force(data: dict[str, Any]) -> None:
    # the row of the highest running total any hit read, off the resolver's own Critical records
    # (a total over 10 reads row 10; DH1's Fury d10s are capped at the wounds left + 10: still exact)
    report = odds(load_scenario(data))
    assert report.critical is not None
    got = {r.row: exact(r.p) for r in report.critical.rows}
    truth = brute(data, crit_row)
    want = {r: p(truth, lambda k, r=r: k == r) for r in range(1, 11)}
    assert got == {r: f for r, f in want.items() if f}


# ------------------------------------------------------------------------------ Righteous Fury rows


def test_righteous_fury_rows_are_each_a_fifth_of_a_fury_that_dealt_damage() -> None:
    # seed 004, Righteous Fury: a hit that dealt damage rolls 1d5 on the table; a single hit reads at
    # most one row, so each row is 1/5 of the chance of a Fury with damage
    data = dh2s.scenario(BS=20, armour=ARMOUR)
    report = odds(load_scenario(data))
    assert report.critical is not None
    truth = brute(data, fury_rows)
    fury = p(truth, bool)
    assert fury > 0
    assert [(r.row, exact(r.p)) for r in report.critical.fury_rows] == [(r, fury / 5) for r in range(1, 6)]


def test_righteous_fury_rows_of_a_burst_count_at_least_one_fury_per_row() -> None:
    # a Semi-Auto Burst's two hits may both rage: row r's figure is the chance that at least one Fury
    # reads row r (two Furies on rows 2 and 2 count once for row 2, never for row 3)
    data = dh2s.scenario(dh2s.weapon(dh2s.LASGUN, rof="S/2/-"), action="Semi-Auto Burst", BS=30, armour=ARMOUR)
    report = odds(load_scenario(data))
    assert report.critical is not None
    truth = brute(data, fury_rows)
    assert p(truth, lambda k: len(k) == 2) > 0  # two Furies on two rows happen
    want = [(r, p(truth, lambda k, r=r: r in k)) for r in range(1, 6)]
    assert [(r.row, exact(r.p)) for r in report.critical.fury_rows] == want


def test_dh1_reads_no_fury_rows() -> None:
    # DH1 Core, Ch. VIII, Righteous Fury: extra d10s of damage, no table
    report = odds(load_scenario(dh1s.scenario(BS=3)))
    assert report.critical is None or report.critical.fury_rows == []


# ------------------------------------------------------------------------------ the group's tables


def test_each_row_carries_the_group_text_for_the_location_hit() -> None:
    # a single hit: its location decides the table; the row's chance splits by table location
    data = {**dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR), "critical_tables": TABLES}
    report = odds(load_scenario(data))
    assert report.critical is not None
    row1 = next(r for r in report.critical.rows if r.row == 1)
    by_loc = {t.location: t for t in row1.tables}
    assert by_loc["Body"].text == "Winded <b>" and not by_loc["Body"].slain
    assert by_loc["Arm"].slain and by_loc["Leg"].text == ""  # the Legs' rows are not entered
    assert sum(exact(t.p) for t in row1.tables) == exact(row1.p)
    truth = brute(data, lambda r: (crit_row(r), frozenset(table_location(h.location) for h in mine(r))))
    assert exact(by_loc["Arm"].p) == p(truth, lambda k: k == (1, {"Arm"}))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR), id="critical-rows"),
        pytest.param(dh2s.scenario(BS=20, armour=ARMOUR), id="fury-rows"),
        pytest.param(dh2s.scenario(BS=20, wounds=8, troop=True, armour=ARMOUR), id="troop"),
    ],
)
def test_slain_is_exact_for_a_single_hit(data: dict[str, Any]) -> None:
    # some row read is marked slain (Body 3 or 10, Arm 1, Head 2), or a Troop is slain by Fury
    data = {**data, "critical_tables": TABLES}
    report = odds(load_scenario(data))
    assert report.critical is not None and report.critical.slain is not None
    assert report.critical.slain_high is None
    truth = p(brute(data, slain_read), bool)
    assert truth > 0
    assert exact(report.critical.slain) == truth


def test_slain_is_bounded_for_a_burst_and_says_so() -> None:
    # two hits on W 6 with 3 taken: the first hit may end on Body row 3 (slain) and the second carry
    # the total past it: which rows were read depends on the order, which the figure does not follow
    data = {
        **dh2s.scenario(dh2s.weapon(dh2s.LASGUN, rof="S/2/-"), action="Semi-Auto Burst", BS=30, wounds=6, taken=3),
        "critical_tables": TABLES,
    }
    report = odds(load_scenario(data))
    crit = report.critical
    assert crit is not None and crit.slain is not None and crit.slain_high is not None
    truth = p(brute(data, slain_read), bool)
    assert exact(crit.slain) <= truth <= exact(crit.slain_high)
    assert exact(crit.slain) < exact(crit.slain_high)
    assert any("bounded" in n for n in crit.notes)


def test_without_tables_the_figures_have_no_words_and_no_slain() -> None:
    report = odds(load_scenario(dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR)))
    assert report.critical is not None and report.critical.slain is None
    assert all(not r.tables for r in report.critical.rows)
    out = run_odds(dh2s.scenario(BS=20, wounds=10, taken=8, armour=ARMOUR))
    assert "slain" not in out["odds"]["critical"] and "slain_high" not in out["odds"]["critical"]


def test_a_horde_reads_no_rows() -> None:
    # a Horde loses Magnitude, not wounds (seed 001, Hordes): no Critical Effects row
    out = run_odds(dws.scenario(BS=30, horde={"magnitude": 10, "armour": 2}))
    assert out["status"] == "ok" and "critical" not in out["odds"]


def test_fury_slain_of_a_burst_is_exact() -> None:
    # 40 wounds: no critical damage; two hits may each rage, each d5 on its own location's table
    # (Arm row 1, Head row 2, Body row 3 slay): exact, no bound
    data = {
        **dh2s.scenario(dh2s.weapon(dh2s.LASGUN, rof="S/2/-"), action="Semi-Auto Burst", BS=30, wounds=40),
        "critical_tables": TABLES,
    }
    crit = odds(load_scenario(data)).critical
    assert crit is not None and crit.slain is not None and crit.slain_high is None
    truth = p(brute(data, slain_read), bool)
    assert truth > 0 and exact(crit.slain) == truth


def test_walker_with_tables_matches_brute_force_outcome_by_outcome() -> None:
    # the fast walk classes the Fury d5 by row 1 and by the slain rows of the hit's table: the
    # whole distribution of outcomes equals every face walked (rules.odds.d100.summarize)
    data = {
        **dh2s.scenario(dh2s.weapon(dh2s.LASGUN, rof="S/2/-"), action="Semi-Auto Burst", BS=30, armour=ARMOUR),
        "critical_tables": TABLES,
    }
    scenario = load_scenario(data)
    fast = outcomes(scenario, DH2Attack)
    slain = slain_rows(scenario, DH2Attack)
    assert slain == {k: frozenset(v) for k, v in SLAIN.items()}
    truth = brute(data, lambda r: summarize(r, None, slain))
    assert any(o.fury_slain for o in truth.weights) and any(o.fury_one for o in truth.weights)
    assert fast == truth


@settings(max_examples=12, deadline=None)
@given(
    system=st.sampled_from(["dh2", "dh1"]),
    wounds=st.integers(1, 12),
    taken=st.integers(0, 16),
    burst=st.booleans(),
)
def test_rows_add_up_to_the_chance_of_critical_damage(system: str, wounds: int, taken: int, burst: bool) -> None:
    # whatever the prior damage: every attack that adds critical damage ends on exactly one row
    # (seed 004, Step Five), so the rows add up to the headline's "Critical damage"; and no row
    # at or below the critical damage the target already had is read (totals only grow)
    build = dh2s if system == "dh2" else dh1s
    wpn = build.weapon(build.LASGUN, rof="S/2/-") if burst else None
    data = build.scenario(
        wpn, action="Semi-Auto Burst" if burst else "Standard Attack", BS=30, wounds=wounds, taken=taken
    )
    report = odds(load_scenario(data))
    crit = next(f for f in report.headline if f.key == "critical")
    assert crit.chance is not None
    rows = report.critical.rows if report.critical is not None else []
    assert sum((exact(r.p) for r in rows), Fraction(0)) == exact(crit.chance)
    start = max(0, taken - wounds)
    assert all(r.row > start or r.row == 10 for r in rows)
