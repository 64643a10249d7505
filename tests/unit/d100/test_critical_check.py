"""Checking and merging a group's critical tables (Bad input): the envelope the
page's Save and Import read (nothing saved changes on error), the merge, the party file carrying
the tables, the CLI, and the worker's check_tables, which never raises."""

from __future__ import annotations

import json
from typing import Any

import pytest
from auspex_web import bridge
from run_helpers import cli

from rules.critical.check import check_tables, merge_tables, replace_system
from rules.critical.models import CriticalRow, CriticalTable, TablesFile
from rules.critical.text import parse_text
from rules.party import check_party


def table(system: str, damage_type: str, location: str, text: str, row: int = 1) -> dict[str, Any]:
    return {
        "system": system,
        "damage_type": damage_type,
        "location": location,
        "rows": [{"row": row, "text": text, "effects": []}],
    }


def tables_file(*tables: dict[str, Any], charts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"auspex_critical": 1, "tables": list(tables), "charts": charts or []}


def check(value: Any, saved: Any = None) -> dict[str, Any]:
    text = value if isinstance(value, str) else json.dumps(value)
    return check_tables(text, None if saved is None else json.dumps(saved))


def errors(value: Any) -> list[tuple[str, str, str]]:
    out = check(value)
    assert out["status"] == "invalid", out
    return [(e["field"], e["where"], e["message"]) for e in out["errors"]]


# ---------------------------------------------------------------------------------------------- a tables file


def test_a_valid_file_comes_back_as_read() -> None:
    file = tables_file(table("dh2", "Energy", "Body", "Burnt"))
    assert check(file) == {"status": "ok", "file": file}


def test_another_version_is_refused_by_name() -> None:
    # Bad input: "a file of another version: refused with ... the reason"
    assert errors({"auspex_critical": 2, "tables": []}) == [
        ("auspex_critical", "File", "version 2 of the critical tables; this Auspex reads version 1")
    ]


def test_not_json_and_not_a_tables_file_are_refused() -> None:
    assert errors("{nope")[0][0] == "file" and errors("{nope")[0][2].startswith("Not a JSON file")
    assert errors({"auspex_party": 1}) == [
        ("file", "File", 'Not an Auspex critical tables file (it has no "auspex_critical": 1)')
    ]
    assert errors([1, 2])[0][0] == "file"


def test_each_bad_field_of_a_file_is_named() -> None:
    bad = tables_file(
        {
            "system": "dh2",
            "damage_type": "Energy",
            "location": "Body",
            "rows": [{"row": 11}, {"row": 1, "effects": [{"kind": "stunned"}]}],
        },
        {"system": "epic", "damage_type": "Energy", "location": "Body", "rows": []},
    )
    found = errors(bad)
    assert ("tables.0.rows.0.row", "Table 1 (dh2 Energy, Body), row 11, row", "At most 10") in found
    assert (
        "tables.0.rows.1.effects.0",
        "Table 1 (dh2 Energy, Body), row 1, effect 1",
        "stunned needs an amount or dice (1, 1d5)",
    ) in found
    assert found[-1][:2] == ("tables.1.system", "Table 2 (epic Energy, Body), system")


def test_json_nested_too_deep_is_refused_at_file_and_a_deep_saved_value_counts_as_none() -> None:
    deep = "[" * 5000 + "]" * 5000
    out = check_tables(deep)
    assert out["status"] == "invalid" and [e["field"] for e in out["errors"]] == ["file"]
    assert "Nested too deeply" in out["errors"][0]["message"]
    assert json.loads(bridge.check_tables(deep))["status"] == "invalid"
    assert check_tables(json.dumps(tables_file()), deep)["status"] == "ok"


def test_chart_rows_are_named_by_entry() -> None:
    bad = tables_file(charts=[{"chart": 1, "rows": [{"low": 1, "high": 5, "result": ""}]}])
    assert errors(bad)[0][:2] == ("charts.0.rows.0.result", "Chart 1, row entry 1, result")


def test_a_table_or_row_given_twice_is_refused() -> None:
    twice = tables_file(table("dh2", "Energy", "Body", "a"), table("dh2", "Energy", "Body", "b"))
    assert errors(twice)[0][2] == "dh2 Energy Critical Effects, Body is given twice"
    rows = tables_file({**table("dh2", "Energy", "Body", "a"), "rows": [{"row": 2}, {"row": 2}]})
    assert errors(rows)[0][2] == "Energy, Body: row 2 is given twice"


def test_a_chart_is_checked_as_the_fan_rulesets_damage_chart() -> None:
    gap = tables_file(
        charts=[{"chart": 1, "rows": [{"low": 1, "high": 5, "result": "a"}, {"low": 7, "high": 9, "result": "b"}]}]
    )
    assert errors(gap) == [("charts.0", "Chart 1", "rows must follow on without gaps or overlaps: 1-5 then 7-9")]


# ---------------------------------------------------------------------------------------------- pasted text


def test_pasted_text_is_read_for_its_ruleset() -> None:
    out = check({"system": "dw", "text": "Impact, Head, 2: Dazed [stunned 1]"})
    assert out["status"] == "ok" and out["system"] == "dw"
    assert out["file"]["tables"] == [
        {
            "system": "dw",
            "damage_type": "Impact",
            "location": "Head",
            "rows": [{"row": 2, "text": "Dazed", "effects": [{"kind": "stunned", "amount": 1}]}],
        }
    ]


def test_pasted_text_errors_carry_their_line_and_part() -> None:
    out = check({"system": "dh2", "text": "Energy, Body, 1: ok\nEnergy, Body, 12: no"})
    assert out == {
        "status": "invalid",
        "errors": [{"field": "text", "line": 2, "part": "row", "where": "Line 2", "message": "row 12 is outside 1-10"}],
    }


def test_pasted_text_for_no_ruleset_or_no_text_is_refused() -> None:
    assert errors({"system": "epic", "text": ""})[0][:2] == ("system", "system")
    assert errors({"system": "dh2", "text": 3}) == [("text", "text", "the pasted tables, as text")]


# ---------------------------------------------------------------------------------------------- merge


def test_merge_replaces_the_same_table_and_keeps_the_others() -> None:
    saved = TablesFile.model_validate(
        tables_file(table("dh2", "Energy", "Body", "old"), table("dw", "Energy", "Body", "dw's"))
    )
    incoming = TablesFile.model_validate(
        tables_file(table("dh2", "Energy", "Body", "new"), table("dh2", "Impact", "Head", "added"))
    )
    merged = merge_tables(saved, incoming)
    assert [(t.system, t.damage_type, t.location, t.rows[0].text) for t in merged.tables] == [
        ("dh2", "Energy", "Body", "new"),
        ("dw", "Energy", "Body", "dw's"),
        ("dh2", "Impact", "Head", "added"),
    ]


def test_merge_replaces_a_chart_by_its_number() -> None:
    one = {"system": "wh40krp", "chart": 1, "die": 100, "rows": [{"low": 1, "high": 100, "result": "old"}]}
    two = {"system": "wh40krp", "chart": 2, "die": 20, "rows": [{"low": 1, "high": 20, "result": "kept"}]}
    new = {**one, "rows": [{"low": 1, "high": 100, "result": "new"}]}
    merged = merge_tables(
        TablesFile.model_validate({"charts": [one, two]}), TablesFile.model_validate({"charts": [new]})
    )
    assert [c.model_dump()["rows"][0]["result"] for c in merged.charts] == ["new", "kept"]


def test_saving_pasted_text_replaces_that_rulesets_tables_only() -> None:
    saved = tables_file(table("dh2", "Energy", "Body", "gone"), table("dh1", "Energy", "Body", "dh1's"))
    out = check({"system": "dh2", "text": "Rending, Leg, 4: new"}, saved=saved)
    assert out["status"] == "ok"
    # stored in the canonical order: the rulesets as dh2, dh1, dw, then the books' order
    assert [(t["system"], t["damage_type"], t["rows"][0]["text"]) for t in out["file"]["tables"]] == [
        ("dh2", "Rending", "new"),
        ("dh1", "Energy", "dh1's"),
    ]


def test_importing_a_file_merges_into_the_saved_one() -> None:
    saved = tables_file(table("dh2", "Energy", "Body", "old"), table("dh2", "Energy", "Head", "kept"))
    out = check(tables_file(table("dh2", "Energy", "Body", "new")), saved=saved)
    # Head before Body: the books' order, as the file is stored
    assert [t["rows"][0]["text"] for t in out["file"]["tables"]] == ["kept", "new"]


def test_replace_system_of_the_fan_ruleset_replaces_its_charts() -> None:
    saved = TablesFile.model_validate(tables_file(table("dh2", "Energy", "Body", "kept")))
    pasted = parse_text("wh40krp", "Chart 1, 01-100: Down")
    out = replace_system(saved, "wh40krp", pasted)
    assert out.tables == saved.tables and out.charts == pasted.charts


def test_an_unreadable_saved_value_counts_as_none() -> None:
    out = check_tables(json.dumps({"system": "dh2", "text": "Energy, Body, 1: x"}), "{broken")
    assert out["status"] == "ok" and len(out["file"]["tables"]) == 1


# ---------------------------------------------------------------------------------------------- the party file


def test_a_party_file_carries_the_tables_and_an_old_one_still_loads() -> None:
    tables = tables_file(table("dh2", "Energy", "Body", "Burnt"))
    out = check_party(json.dumps({"auspex_party": 1, "critical_tables": tables}))
    assert out["status"] == "ok" and out["party"]["critical_tables"] == tables
    old = check_party(json.dumps({"auspex_party": 1}))
    assert old["status"] == "ok" and "critical_tables" not in old["party"]


def test_a_party_files_bad_tables_refuse_the_file() -> None:
    v2 = check_party(json.dumps({"auspex_party": 1, "critical_tables": {"auspex_critical": 2}}))
    assert v2["status"] == "invalid"
    assert v2["errors"] == [
        {
            "field": "critical_tables.auspex_critical",
            "message": "version 2 of the critical tables; this Auspex reads version 1",
            "where": "Critical tables, auspex_critical",
        }
    ]
    bad_row = {"auspex_critical": 1, "tables": [{**table("dh2", "Energy", "Body", "x"), "rows": [{"row": 12}]}]}
    out = check_party(json.dumps({"auspex_party": 1, "critical_tables": bad_row}))
    assert [(e["field"], e["where"]) for e in out["errors"]] == [
        ("critical_tables.tables.0.rows.0.row", "Critical tables, Table 1 (dh2 Energy, Body), row 12, row")
    ]


# ---------------------------------------------------------------------------------------------- CLI and worker


def test_cli_tables_template_json_and_text() -> None:
    proc = cli("tables", "template", "dh1")
    assert proc.returncode == 0, proc.stderr
    file = json.loads(proc.stdout)
    assert len(file["tables"]) == 16 and all(r["text"] == "" for t in file["tables"] for r in t["rows"])
    text = cli("tables", "template", "dw", "--text")
    assert text.returncode == 0 and "\nEnergy, Head, 1:\n" in text.stdout
    bad = cli("tables", "template", "epic")
    assert bad.returncode == 2 and json.loads(bad.stderr)["errors"][0]["field"] == "system"


def test_cli_tables_check_json_and_text(tmp_path: Any) -> None:
    path = tmp_path / "t.txt"
    path.write_text("Energy, Body, 3: Burnt [on fire]\n")
    ok = cli("tables", "check", str(path), "--system", "dh2")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["tables"][0]["rows"][0]["effects"] == [{"kind": "on_fire"}]
    assert cli("tables", "check", str(path)).returncode == 2  # text needs its ruleset
    bad = cli("tables", "check", "-", stdin=json.dumps({"auspex_critical": 2}))
    assert bad.returncode == 2 and bad.stdout == ""
    assert (
        json.loads(bad.stderr)["errors"][0]["message"]
        == "version 2 of the critical tables; this Auspex reads version 1"
    )
    good = cli("tables", "check", "-", stdin=json.dumps(tables_file(table("dw", "Impact", "Arm", "x"))))
    assert good.returncode == 0 and json.loads(good.stdout)["tables"][0]["system"] == "dw"
    assert cli("tables", "check", str(tmp_path / "missing.json")).returncode == 2


def test_the_workers_check_tables_answers_json_and_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    out = json.loads(
        bridge.check_tables(json.dumps({"system": "dh2", "text": "Energy, Body, 1: x"}), json.dumps(tables_file()))
    )
    assert out["status"] == "ok" and out["file"]["tables"][0]["rows"][0]["text"] == "x"

    def boom(*_: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr("rules.critical.check.check_tables", boom)
    out = json.loads(bridge.check_tables("{}"))
    assert out == {"status": "error", "message": bridge.TABLES_ERROR_MESSAGE}


def test_rows_and_tables_models_are_unchanged_for_the_contract() -> None:
    # the contract's models build what the check returns, nothing renamed
    t = CriticalTable(system="dh2", damage_type="Energy", location="Body", rows=[CriticalRow(row=1, text="x")])
    assert TablesFile(tables=[t]).model_dump(mode="json")["auspex_critical"] == 1
