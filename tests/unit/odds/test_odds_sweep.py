"""A sweep (rules/odds/sweep.py): one attack's chance to kill and expected wounds across the
target's TB 2-8 and armour 0-10, or a Horde's Magnitude, and the BS and Aim for an even chance."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.__main__ import main
from rules.api import load_scenario
from rules.odds import run_odds
from rules.odds import sweep as sweep_module
from rules.odds.sweep import run_sweep

# the benchmark's cases (tools/measure/bench/), read wherever pytest runs from
BENCH = Path(__file__).resolve().parents[3] / "tools" / "measure" / "bench"

# DH2: BS 45, a Standard Attack (+10) at 20 m, Short range for a Lasgun (+10, DH2 Core Table 7-3):
# the test is 65. The Lasgun's 1d10+3 E, Pen 0, on a Cultist of 10 wounds.
LASGUN = {
    "system": "dh2",
    "attacker": {
        "name": "Guardsman",
        "characteristics": {"BS": 45},
        "weapon": {"name": "Lasgun", "class": "Basic", "range": 100, "rof": "S/3/-", "damage": "1d10+3", "clip": 60},
    },
    "target": {"name": "Cultist", "toughness_bonus": 3, "wounds": 10},
    "action": {"type": "Standard Attack", "distance": 20},
}
LOCATIONS = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")


def swept(data: dict[str, Any]) -> dict[str, Any]:
    out = run_sweep(data)
    assert out["status"] == "ok", out
    return dict(out["sweep"])


def kills(data: dict[str, Any]) -> dict[str, Any]:
    odds = run_odds(data)["odds"]
    return dict(next(f for f in odds["headline"] if f["key"] == "kill")["chance"])


def test_each_cell_is_the_single_attack_s_kills_on_that_target() -> None:
    got = swept(LASGUN)
    assert [r["value"] for r in got["rows"]] == list(range(2, 9))
    assert got["columns"] == list(range(11))
    for tb, armour in ((2, 0), (5, 3), (8, 10)):
        target = {**LASGUN["target"], "toughness_bonus": tb, "armour": dict.fromkeys(LOCATIONS, armour)}
        cell = got["rows"][tb - 2]["cells"][armour]
        assert cell["kill"] == kills({**LASGUN, "target": target})


def test_tougher_and_better_armoured_targets_are_never_easier_to_kill() -> None:
    rows = swept(LASGUN)["rows"]
    table = [[Fraction(c["kill"]["exact"]) for c in r["cells"]] for r in rows]
    for i, row in enumerate(table):
        assert all(a >= b for a, b in pairwise(row))
        if i:
            assert all(a >= b for a, b in zip(table[i - 1], row, strict=True))


def test_the_inverse_line_is_the_least_bs_for_an_even_chance_to_kill() -> None:
    """A Lasgun's 1d10+3 - TB 3 kills the 10-wound Cultist only on a 10 (a hit's wounds are at most
    10; DH2's Righteous Fury adds none): no BS gives it an even chance. Against a Cultist with 3
    wounds left the least BS is the one whose chance is at least one half where one less is not
    (the chance never falls as BS rises)."""
    assert swept(LASGUN)["inverse"] == {"characteristic": "BS", "value": None, "aim": None}
    hurt = {**LASGUN, "target": {**LASGUN["target"], "damage_taken": 7}}
    inverse = swept(hurt)["inverse"]
    value = inverse["value"]
    at = lambda bs: Fraction(kills({**hurt, "attacker": {**hurt["attacker"], "characteristics": {"BS": bs}}})["exact"])  # noqa: E731
    assert at(value) >= Fraction(1, 2) > at(value - 1)
    assert inverse["aim"] == "none"  # BS 45 is past it already


def test_the_inverse_line_tries_bs_100_only_where_no_lower_bs_reaches_an_even_chance(monkeypatch: Any) -> None:
    """The chance to kill never falls as BS rises, so where the search finds a BS under 100 with an
    even chance (BS 33 against the Cultist with 3 wounds left, the test above) BS 100 reaches it
    too and is not worked out (the costliest attack of the line: the most degrees of success); where
    none under 100 does (the unhurt Cultist), BS 100 is tried and the line says no BS."""
    tried: list[int] = []
    real = sweep_module._killing

    def killing(scenario: Any, name: str, value: int, shared: dict[str, Any]) -> Fraction:
        tried.append(value)
        return real(scenario, name, value, shared)

    monkeypatch.setattr(sweep_module, "_killing", killing)
    hurt = {**LASGUN, "target": {**LASGUN["target"], "damage_taken": 7}}
    assert swept(hurt)["inverse"]["value"] == 33
    assert 100 not in tried
    tried.clear()
    assert swept(LASGUN)["inverse"]["value"] is None
    assert tried[-1] == 100


def test_a_horde_is_swept_by_its_magnitude() -> None:
    horde = {**LASGUN, "system": "dw", "target": {"name": "Mob", "toughness_bonus": 3, "horde": {"magnitude": 20}}}
    got = swept(horde)
    assert got["kind"] == "horde" and got["measure"] == "Magnitude lost"
    assert got["columns"][0] == 5
    first = got["rows"][0]["cells"][0]["kill"]
    assert first == kills({**horde, "target": {**horde["target"], "horde": {"magnitude": 5}}})


def test_an_epic_formation_is_swept_by_its_units_armour_save() -> None:
    """Each cell is Epic's own 'Breaks the formation' with every unit given that save (seed 002: a
    d6 equal or under saves), and a better save never makes it easier to break."""
    with open("examples/epic-tactical-shooting.json", encoding="utf-8") as f:
        epic = json.load(f)
    got = swept(epic)
    assert got["kind"] == "formation" and got["columns"] == list(range(7)) and got["inverse"] is None
    cells = got["rows"][0]["cells"]
    units = [{**u, "armour": 4} for u in epic["target"]["units"]]
    single = run_odds({**epic, "target": {**epic["target"], "units": units}})["odds"]
    assert cells[4]["kill"] == next(f["chance"] for f in single["headline"] if f["key"] == "break")
    chances = [Fraction(c["kill"]["exact"]) for c in cells]
    assert all(a >= b for a, b in pairwise(chances))


def test_the_fan_ruleset_is_refused_at_system() -> None:
    with open("examples/wh40krp-autogun-round.json", encoding="utf-8") as f:
        out = run_sweep(json.load(f))
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "system"


def test_the_cli_prints_the_sweep(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(LASGUN))
    assert main(["odds", "--sweep", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "single"


def _rows(monkeypatch: Any, data: dict[str, Any], merged: bool) -> str:
    """The sweep's rows as JSON text, merged or cell by cell (the inverse line left out: it is
    the scenario's own target, never merged)."""
    with monkeypatch.context() as m:
        m.setattr(sweep_module, "inverse", lambda scenario: None)
        if not merged:
            m.setattr(sweep_module, "stopping", lambda scenario: None)
        return json.dumps(swept(data)["rows"])


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    pen=st.integers(0, 4),
    damage=st.sampled_from(["1d10+3", "1d5+4"]),
    qualities=st.sampled_from([[], ["Tearing"], ["Reliable", "Tearing"]]),
    taken=st.integers(0, 9),
)
def test_cells_alike_in_toughness_plus_armour_after_pen_share_one_computation_exactly(
    monkeypatch: Any, pen: int, damage: str, qualities: list[str], taken: int
) -> None:
    """A hit's wounds are its damage less (armour - Pen, at least 0) less TB (seed 004, Step Five):
    with no quality reading the armour or TB apart, the cells alike in TB + armour after Pen are
    one attack, computed once; the sweep is the same as computed cell by cell."""
    weapon = {**LASGUN["attacker"]["weapon"], "pen": pen, "damage": damage, "qualities": qualities}
    data = {
        **LASGUN,
        "attacker": {**LASGUN["attacker"], "weapon": weapon},
        "target": {**LASGUN["target"], "damage_taken": taken},
    }
    assert sweep_module.stopping(load_scenario(data)) is not None
    assert _rows(monkeypatch, data, merged=True) == _rows(monkeypatch, data, merged=False)


def test_the_full_auto_case_is_swept_alike_merged_or_cell_by_cell(monkeypatch: Any) -> None:
    """The benchmark's Full Auto Burst (RoF 10, Tearing, Pen 2, DH2 Righteous Fury): 15 distinct
    cells of 77 (TB 2-8 plus armour 0-10 less Pen 2), the same table."""
    with open(BENCH / "odds-full-auto.json", encoding="utf-8") as f:
        data = json.load(f)
    assert _rows(monkeypatch, data, merged=True) == _rows(monkeypatch, data, merged=False)


@pytest.mark.parametrize(
    ("weapon", "target"),
    [
        ({"qualities": ["Felling (2)"]}, {}),  # reads the TB (its Unnatural part)
        ({"qualities": ["Razor Sharp"]}, {}),  # doubles Pen by the degrees
        ({"qualities": ["Graviton"]}, {}),  # damage from the struck armour
        ({"qualities": ["Primitive (7)"]}, {}),  # armour doubled
        ({"qualities": ["Concussive (1)"]}, {}),  # the target's test records the armour
        ({"class": "Unarmed", "damage": "1d5-3"}, {}),  # its Fatigue reads TB
        ({}, {"cover": {"ap": 4, "locations": ["Right Leg", "Left Leg"]}}),  # AP on some locations
        ({}, {"unnatural_toughness": 2}),
    ],
)
def test_what_reads_armour_or_tb_apart_is_swept_cell_by_cell(weapon: dict[str, Any], target: dict[str, Any]) -> None:
    data = {
        **LASGUN,
        "attacker": {**LASGUN["attacker"], "weapon": {**LASGUN["attacker"]["weapon"], **weapon}},
        "target": {**LASGUN["target"], **target},
    }
    assert sweep_module.stopping(load_scenario(data)) is None


def test_the_cells_test_and_hits_are_walked_once_where_the_cells_are_shared(monkeypatch: Any) -> None:
    """Where cells alike in TB + armour after Pen share one computation (no quality, cover or
    others read the armour or TB apart), nothing before the damage reads them either: the test,
    the hits and their locations (step 1) are the same walk for every cell. The Lasgun's 17
    distinct cells (TB 2-8 plus armour 0-10, Pen 0: 2 to 18) walk step 1 once, and the rows are
    those worked out cell by cell, each of the 77 walking its own."""
    from rules.odds import d100

    walks: list[Any] = []
    real = d100.explore

    def counting(run: Any, **kw: Any) -> Any:
        if getattr(run, "__name__", "") == "attack_phase":
            walks.append(run)
        return real(run, **kw)

    monkeypatch.setattr(d100, "explore", counting)
    merged = _rows(monkeypatch, LASGUN, merged=True)
    assert len(walks) == 1
    walks.clear()
    assert merged == _rows(monkeypatch, LASGUN, merged=False)
    assert len(walks) == 7 * 11
