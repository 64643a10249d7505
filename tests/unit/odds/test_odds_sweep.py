"""A sweep (rules/odds/sweep.py): one attack's chance to kill and expected wounds across the
target's TB 2-8 and armour 0-10, or a Horde's Magnitude, and the BS and Aim for an even chance."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rules.__main__ import main
from rules.odds import run_odds
from rules.odds.sweep import run_sweep

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
