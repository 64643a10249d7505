"""The command line on Epic formation shooting (``system: "epic"``): ``python -m rules resolve FILE``
(exit 0 with the resolution, 2 with field errors on stderr, 3 with the dice it needs on stdout) and
``python -m rules schema --system epic``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from epic_scenarios import infantry, scenario, shooter, vehicle
from run_helpers import cli

ROOT = Path(__file__).resolve().parents[3]


def _resolve_file(tmp_path: Path, data: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "epic.json"
    path.write_text(json.dumps(data))
    return cli("resolve", str(path))


def _platoon(dice: list[int] | None) -> dict[str, Any]:
    """Two Heavy bolters and a Lascannon (typed as text) at a formation of a tank (2 tiles, armour 4)
    and two infantry units (3 and 4 tiles, armour 3)."""
    return scenario(
        [shooter("2x Heavy bolter 30 AP4; Lascannon 45 AT5", name="Devastators", ammo=2)],
        [
            vehicle("Tank", distance=2, armour=4),
            infantry("Guard 1", distance=3, armour=3),
            infantry("Guard 2", distance=4, armour=3),
        ],
        dice=dice,
    )


def test_cli_resolves_an_epic_scenario_file_exit_0(tmp_path: Path) -> None:
    # Heavy bolters 2 and 5 at AP4: one hit. Lascannon 1 at AT5: one hit.
    # AP hit: Guard 1 (the closest infantry; the tank cannot take AP). AT hit: the tank.
    # Saves front to back: the tank (2 tiles) first, its 2 holds (armour 4); then Guard 1, its 4
    # fails (over 3): destroyed.
    # Shock: +1 under fire, +1 for Guard 1: 2 >= 2 units left: broken. Ammo 2 -> 1.
    proc = _resolve_file(tmp_path, _platoon([2, 5, 1, 2, 4]))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["outcome"], res["action"]) == ("epic", "broken", "Shooting")
    assert [(r["weapon"], r["rolls"], r["hits"]) for r in res["to_hit"]] == [
        ("Heavy bolter", [2, 5], 1),
        ("Lascannon", [1], 1),
    ]
    units = {u["name"]: u for u in res["formations"][0]["units"]}
    assert (units["Guard 1"]["allocated"], units["Guard 1"]["destroyed"]) == (1, True)
    assert (units["Tank"]["allocated"], units["Tank"]["destroyed"]) == (1, False)
    assert res["formations"][0]["shock_after"] == 2
    assert res["shooters"][0]["ammo_left"] == 1
    assert [d["value"] for d in res["dice"]] == [2, 5, 1, 2, 4]
    assert [d["purpose"].split(" save")[0] for d in res["dice"][3:]] == ["Tank", "Guard 1"]


def test_cli_an_invalid_epic_scenario_exits_2_with_the_field_on_stderr(tmp_path: Path) -> None:
    data = _platoon([1])
    data["attacker"]["units"][0]["weapons"] = "Heavy bolter 30 AP7+"
    proc = _resolve_file(tmp_path, data)
    assert proc.returncode == 2
    assert proc.stdout == ""
    fields = {e["field"]: e["message"] for e in json.loads(proc.stderr)["errors"]}
    assert "attacker.units.0.weapons" in fields
    assert "cannot be rolled on a d6" in fields["attacker.units.0.weapons"]


def test_cli_an_engine_refusal_exits_2_at_its_field(tmp_path: Path) -> None:
    data = _platoon([1])
    data["action"] = {"crossfire": {"length": 13}}
    proc = _resolve_file(tmp_path, data)
    assert proc.returncode == 2
    assert [e["field"] for e in json.loads(proc.stderr)["errors"]] == ["action.crossfire.length"]


def test_cli_typed_dice_that_run_out_exit_3_with_the_count_needed(tmp_path: Path) -> None:
    # The two Heavy bolter dice are given (1 1: two AP hits); the Lascannon's one die is next.
    proc = _resolve_file(tmp_path, _platoon([1, 1]))
    assert proc.returncode == 3, proc.stderr
    out = json.loads(proc.stdout)
    assert out["needs"] == {"purpose": "Lascannon to-hit d6 (AT 5: roll 1-5)", "sides": 6, "index": 2, "count": 1}
    assert [d["value"] for d in out["dice"]] == [1, 1]


def test_cli_a_part_typed_group_exit_3_asks_for_the_rest(tmp_path: Path) -> None:
    # One of the two Heavy bolter dice typed: the other one is needed, counted from die index 1.
    proc = _resolve_file(tmp_path, _platoon([1]))
    assert proc.returncode == 3, proc.stderr
    needs = json.loads(proc.stdout)["needs"]
    assert (needs["index"], needs["count"], needs["sides"]) == (1, 1, 6)
    assert needs["purpose"].startswith("Heavy bolter to-hit d6")
    # none typed: the whole group of two
    needs = json.loads(_resolve_file(tmp_path, _platoon([])).stdout)["needs"]
    assert (needs["index"], needs["count"]) == (0, 2)


def test_cli_without_dice_or_seed_rolls_and_reports_the_seed(tmp_path: Path) -> None:
    data = _platoon(None)
    del data["dice"]
    proc = _resolve_file(tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert isinstance(res["seed"], int)
    assert all(1 <= d["value"] <= 6 for d in res["dice"])


def test_cli_schema_for_epic() -> None:
    proc = cli("schema", "--system", "epic")
    assert proc.returncode == 0, proc.stderr
    schema = json.loads(proc.stdout)
    assert {"attacker", "target", "action", "dice", "seed"} <= set(schema["properties"])
    assert schema["properties"]["system"]["const"] == "epic"
    assert "charts" not in schema["properties"]
    # every top-level key of a scenario the builders make is a property the schema knows
    assert set(_platoon([1])) <= set(schema["properties"])


def test_cli_resolves_the_epic_barrage_example() -> None:
    # examples/epic-barrage.json (seeded): only what does not depend on the dice, by hand.
    # BP: Basilisk 1 (60 tiles, range 120) 3 + Basilisk 2 (62) 3 + Mortar team 2x BP2 (25, range 30)
    # 4 = 10: row 10-12, radius 2, extra Shock 1, AP 3, AT 2. Under the template (<= 2 tiles): Boyz 1,
    # Boyz 2, Deff Dread; not Grots (4). Boyz 1 (in cover): 1 die at AP 3 - 1 = 2; Boyz 2: 1 die at
    # AP 3; Deff Dread (war engine): 1 die at AT 2. The allied Guardsmen (2 tiles, in cover): 1 die at
    # AP 2. Both formations: +1 under fire, +1 barrage.
    proc = cli("resolve", str(ROOT / "examples" / "epic-barrage.json"))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert res["barrage"] == {"bp": 10, "row": "10-12", "radius": 2, "extra_shock": 1, "AP": 3, "AT": 2}
    assert [(r["weapon"], r["kind"], r["needed"], len(r["rolls"])) for r in res["to_hit"]] == [
        ("Barrage on Boyz 1", "AP", 2, 1),
        ("Barrage on Boyz 2", "AP", 3, 1),
        ("Barrage on Deff Dread", "AT", 2, 1),
        ("Barrage on Guardsmen", "AP", 2, 1),
    ]
    assert [f["name"] for f in res["formations"]] == ["Ork warband", "Imperial Guard platoon"]
    for f in res["formations"]:
        assert [(g["reason"], g["amount"]) for g in f["shock_gained"]][:2] == [("under fire", 1), ("barrage", 1)]


def test_cli_resolves_the_epic_shooting_example() -> None:
    # examples/epic-tactical-shooting.json (seeded): only what does not depend on the dice, by hand.
    # Shock 1 suppresses the back: the Devastator (15 tiles). The Bolters are small arms: they do not
    # fire. Cover (the Boyz and Nobz) gives -1 to every group. Groups, in order of first appearance,
    # normal weapons before macro-weapons:
    #   Missile launcher x2 (Tactical 1 and 2): AP3 or AT2, no `use`: AP3, the better, 3 - 1 = 2
    #   Lascannon x1 (Predator): AT4 - 1 = 3;  Heavy bolter x2 (Predator): AP3 - 1 = 2
    #   Multi-melta (MW) x1 (Land Speeder): AP3 or AT4, both may go on any ground unit: AT4 - 1 = 3
    # The Predator's ammo 3 -> 2; the crossfire claim (10 tiles) holds.
    proc = cli("resolve", str(ROOT / "examples" / "epic-tactical-shooting.json"))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert {s["name"]: s["status"] for s in res["shooters"]} == {
        "Tactical 1": "shoots",
        "Tactical 2": "shoots",
        "Devastator": "suppressed",
        "Predator": "shoots",
        "Land Speeder": "shoots",
    }
    assert [(r["weapon"], r["kind"], r["needed"], len(r["rolls"])) for r in res["to_hit"]] == [
        ("Missile launcher", "AP", 2, 2),
        ("Lascannon", "AT", 3, 1),
        ("Heavy bolter", "AP", 2, 2),
        ("Multi-melta (MW)", "AT", 3, 1),
    ]
    assert next(s["ammo_left"] for s in res["shooters"] if s["name"] == "Predator") == 2
    assert res["crossfire"] is True
    assert res["formations"][0]["shock_gained"][0] == {"reason": "under fire", "amount": 1}
