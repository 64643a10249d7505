"""A critical-table effect written without brackets is only words: the engine applies nothing
from them. Saving is not refused (the group's words are theirs), but the line is warned about, in
``tables check``'s answer, the worker's and the CLI's."""

from __future__ import annotations

import json

from run_helpers import cli

from rules.critical.check import check_tables, unbracketed_effects
from rules.critical.text import parse_text

TEXT = (
    "# the group's Energy table\n"
    "Energy, Body, 3: Knocked down and winded, Stunned 1\n"
    "Energy, Body, 4: Knocked down [prone] [stunned 1]\n"
    "Energy, Head, 2: Dazed [stunned 1] and falls Prone\n"
    "Impact, Leg, 5: Limps badly\n"
)


def test_an_effect_word_outside_brackets_is_warned_at_its_line() -> None:
    warnings = unbracketed_effects("dh2", TEXT, parse_text("dh2", TEXT))
    assert [(w["line"], w["where"]) for w in warnings] == [(2, "Line 2"), (4, "Line 4")]
    assert "Stunned 1" in warnings[0]["message"] and "[stunned 1]" in warnings[0]["message"]
    assert "Prone" in warnings[1]["message"] and "[prone]" in warnings[1]["message"]


def test_a_row_whose_effect_is_bracketed_is_not_warned_about() -> None:
    ok = "Energy, Body, 4: Knocked down, Prone [prone]\nRending, Arm, 1: Fatigued [fatigue 1]\n"
    assert unbracketed_effects("dh2", ok, parse_text("dh2", ok)) == []


def test_check_tables_saves_and_warns() -> None:
    out = check_tables(json.dumps({"system": "dh2", "text": TEXT}))
    assert out["status"] == "ok"
    rows = {(t["damage_type"], t["location"], r["row"]): r for t in out["file"]["tables"] for r in t["rows"]}
    assert rows[("Energy", "Body", 3)]["effects"] == []  # saved as the words, nothing applied
    assert [w["line"] for w in out["warnings"]] == [2, 4]


def test_cli_tables_check_warns_on_stderr_and_succeeds(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "t.txt"
    path.write_text(TEXT)
    proc = cli("tables", "check", str(path), "--system", "dh2")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["tables"]
    assert "Line 2" in proc.stderr and "[stunned 1]" in proc.stderr
