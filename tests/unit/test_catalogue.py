"""The forms' catalogue (``python -m rules catalogue``): each ruleset's choices, from the engine's data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules import tables
from rules.catalogue import catalogue

ROOT = Path(__file__).resolve().parents[2]


def test_catalogue_lists_each_rulesets_own_actions_and_qualities() -> None:
    c = catalogue()["rulesets"]
    assert set(c) == {"dh2", "dh1", "dw"}
    dh2_actions = {a["name"]: a["type"] for a in c["dh2"]["actions"]}
    dh1_actions = {a["name"]: a["type"] for a in c["dh1"]["actions"]}
    # DH2 Core: bursts are Half Actions; seed 003 (DH1): Full Actions. Swift Attack is DH2 only.
    assert dh2_actions["Full Auto Burst"] == "Half" and dh1_actions["Full Auto Burst"] == "Full"
    assert "Swift Attack" in dh2_actions and "Swift Attack" not in dh1_actions
    dh1_q = {q["name"]: q["takes_value"] for q in c["dh1"]["qualities"]}
    dh2_q = {q["name"]: q["takes_value"] for q in c["dh2"]["qualities"]}
    # Primitive takes a value in DH2 (caps dice), none in DH1 (doubles armour)
    assert dh2_q["Primitive"] is True and dh1_q["Primitive"] is False
    assert "Razor Sharp" in dh2_q and "Razor Sharp" not in dh1_q
    assert "Unstable" in dh1_q and "Unstable" not in dh2_q


def test_catalogue_matches_the_data_files_the_engine_reads() -> None:
    for system, entry in catalogue()["rulesets"].items():
        assert [a["name"] for a in entry["actions"]] == [a.name for a in tables.actions(system).actions]
        assert [q["name"] for q in entry["qualities"]] == [q.name for q in tables.qualities(system).qualities]
        assert entry["difficulties"] == tables.tables(system).difficulties.rows


def test_every_quality_cites_a_source_and_says_what_it_does() -> None:
    for system in ("dh1", "dh2"):
        for q in tables.qualities(system).qualities:
            assert q.source.strip() and q.summary.strip(), (system, q.name)


def test_cli_catalogue_prints_the_same_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "catalogue"], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(catalogue()))
