"""The command line: ``python -m rules resolve FILE|-`` (exit 0 / 2 / 3) and ``python -m rules schema``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from dh2_scenarios import scenario
from run_helpers import cli

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "lasgun.json"


def test_cli_resolve_file_exit_0() -> None:
    # examples/lasgun.json: BS 45 +10 +10 -20 = 45; 23 -> DoS 3; Body AP 2; 4 + 3 - 2 - 3 = 2 wounds
    proc = cli("resolve", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["outcome"], res["target_number"], res["degrees"], res["total_wounds"]) == ("hit", 45, 3, 2)


def test_cli_resolve_stdin() -> None:
    proc = cli("resolve", "-", stdin=EXAMPLE.read_text())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total_wounds"] == 2


def test_cli_invalid_exit_2_errors_on_stderr() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(scenario(BS=140, dice=[23, 4])))
    assert proc.returncode == 2
    assert proc.stdout == ""
    err: dict[str, Any] = json.loads(proc.stderr)
    assert err["errors"][0]["field"] == "attacker.characteristics.BS"
    assert err["errors"][0]["message"]


def test_cli_not_json_exit_2() -> None:
    proc = cli("resolve", "-", stdin="{nope")
    assert proc.returncode == 2
    assert json.loads(proc.stderr)["errors"][0]["field"] == "scenario"


def test_cli_missing_file_exit_2() -> None:
    proc = cli("resolve", str(ROOT / "no-such-scenario.json"))
    assert proc.returncode == 2
    assert "errors" in json.loads(proc.stderr)


def test_cli_needs_exit_3_on_stdout() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(scenario(dice=[23])))
    assert proc.returncode == 3
    out = json.loads(proc.stdout)
    assert out["needs"] == {
        "purpose": "hit 1 damage d10",
        "sides": 10,
        "index": 1,
        "count": 1,
        "step": {"hits": 1, "of": 1, "dice": 1, "sides": 10},  # the lasgun's one hit: 1d10
    }
    assert out["dice"] == [{"purpose": "to-hit d100", "sides": 100, "value": 23}]


def test_cli_without_dice_or_seed_rolls_and_reports_a_seed() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(scenario()))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert isinstance(res["seed"], int)
    # and that seed replays the same resolution
    again = cli("resolve", "-", stdin=json.dumps(scenario(seed=res["seed"])))
    assert json.loads(again.stdout) == res


def test_cli_schema_is_a_json_schema_for_the_scenario() -> None:
    proc = cli("schema")
    assert proc.returncode == 0, proc.stderr
    schema = json.loads(proc.stdout)
    assert isinstance(schema, dict)
    assert {"attacker", "target", "action"} <= set(schema["properties"])
    # every top-level key of the example is a property the schema knows
    example = json.loads(EXAMPLE.read_text())
    assert set(example) <= set(schema["properties"])


def test_cli_resolves_a_dh1_scenario() -> None:
    # examples/dh1-storm-bolter.json: BS 40 + Full Auto 20 + Short 10 = 70; 52 -> 1 DoS (DH1: whole tens)
    # -> 2 hits, Storm 4; wounds 5, 9, 12 + Fury 4 = 16, 8 (see tests/e2e/test_rulesets.py for the sums)
    proc = cli("resolve", str(ROOT / "examples" / "dh1-storm-bolter.json"))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["degrees"], res["hits_scored"], res["total_wounds"]) == ("dh1", 1, 4, 38)


def test_cli_resolves_the_deathwatch_horde_example() -> None:
    # examples/dw-bolter-horde.json: BS 45 + 20 (Full Auto) + 10 (Short) + 30 (Magnitude 30: Massive) = 105;
    # roll 12 -> 9 DoS -> 10 hits, capped at RoF 4, + 1 for Explosive damage against a Horde = 5.
    # Armour 10 - Pen 5 = 5, TB 3: 14, 20, 7, 23, 15 damage -> 6, 12, 0, 15, 7; the 9 DoS are the minimum of one
    # damage die (DW Core, Ch. VIII, Attacker Determines Damage): hit 3's lowest die counts 9, its damage
    # 7 -> 15, 7 wounds: all five hits take Magnitude.
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "resolve", "examples/dw-bolter-horde.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["system"], res["target_number"], res["degrees"], res["hits_scored"]) == ("dw", 105, 9, 5)
    assert [h["wounds"] for h in res["hits"]] == [6, 12, 7, 15, 7]
    assert res["horde"] == {
        "magnitude_before": 30,
        "hits": 5,
        "damaging_hits": 5,
        "magnitude_lost": 5,
        "magnitude_after": 25,
        "destroyed": False,
    }
