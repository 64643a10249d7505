"""The Critical tables panel (Bad input): the group pastes its rows, Save checks
them with the engine and keeps them on this device (auspex:tables:v1), a reload reads them back;
a bad line is refused at the textarea with its line and reason and nothing saved changes; a link
to #critical-tables opens the panel; the party export carries the tables and its import merges
them; Export and Import JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import wait_for_engine
from .test_page import field

pytestmark = pytest.mark.e2e

TABLES_KEY = "auspex:tables:v1"


def forms_ready(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")


def open_tables(page: Page) -> None:
    if not page.locator("#critical-tables").evaluate("d => d.open"):
        page.click("#critical-tables summary")


def stored(page: Page) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem('{TABLES_KEY}'))")


def rows_in(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_two_pasted_rows_are_saved_read_back_after_a_reload_and_a_bad_line_changes_nothing(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    expect(page.locator("#tables-text")).to_be_hidden()  # a collapsed panel: nothing new on the forms
    open_tables(page)
    text = page.locator("#tables-text")
    text.fill("energy, right arm, 3: Burnt <b>hand</b> [stunned 1 round]\nImpact, Body, 5: Winded [prone] [fatigue 1]")
    page.click("#tables-save")
    expect(page.locator("#tables-errors")).to_have_text("", timeout=3000)
    expect(page.locator("#tables-status")).to_contain_text("Saved 2 tables")
    file = stored(page)
    assert [
        (t["system"], t["damage_type"], t["location"], t["rows"][0]["row"], t["rows"][0]["text"])
        for t in file["tables"]
    ] == [
        ("dh2", "Energy", "Arm", 3, "Burnt <b>hand</b>"),
        ("dh2", "Impact", "Body", 5, "Winded"),
    ]
    assert file["tables"][1]["rows"][0]["effects"] == [{"kind": "prone"}, {"kind": "fatigue", "amount": 1}]
    assert page.evaluate("import('./static/tables.js').then(m => m.tablesFor('dh2').length)") == 2

    page.reload()
    forms_ready(page)
    open_tables(page)  # before the engine is ready: the saved tables are read once it is
    wait_for_engine(page)
    expect(page.locator("#tables-text")).to_have_value(
        "# Critical tables: DAMAGE TYPE, LOCATION, ROW: your text [effect] [effect]\n"
        "# Effects: stunned N, stunned 1d5, prone, fatigue N, blood loss, on fire, Ag damage 1d10, lost, useless, slain\n"
        "Energy, Arm, 3: Burnt <b>hand</b> [stunned 1]\n"
        "Impact, Body, 5: Winded [prone] [fatigue 1]\n"
    )

    before = page.evaluate(f"localStorage.getItem('{TABLES_KEY}')")
    text.fill("Energy, Arm, 3: fine\nEnergy, Arm, 12: too far [hat]\nRending, Tail, 1: x")
    page.click("#tables-save")
    errors = page.locator("#tables-errors")
    expect(errors).to_contain_text("Not saved: nothing saved has changed.")
    expect(errors.locator("li")).to_have_text(
        ["Line 2: row 12 is outside 1-10", "Line 3: 'Tail' is not a location (Head, Arm, Body, Leg)"]
    )
    expect(text).to_have_attribute("aria-invalid", "true")
    assert page.evaluate(f"localStorage.getItem('{TABLES_KEY}')") == before
    expect(page.locator("#tables-errors b")).to_have_count(0)


def test_the_fan_rulesets_charts_share_the_panel_and_epic_has_none(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    open_tables(page)
    field(page, "system").select_option("wh40krp")
    text = page.locator("#tables-text")
    expect(text).to_have_attribute("placeholder", "Chart 1, 01-20: Flesh wound")
    text.fill("Chart 1, 01-50: Flesh wound\nChart 1, 51-00: Down")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 1 chart")
    assert [c["rows"][1]["high"] for c in stored(page)["charts"]] == [100]
    field(page, "system").select_option("epic")
    expect(text).to_be_disabled()
    field(page, "system").select_option("wh40krp")
    expect(text).to_have_value(
        "# Damage Charts: Chart N, LOW-HIGH: result (Chart 2 (d20), 1-5: ... for a chart not rolled on d100)\n"
        "Chart 1, 01-50: Flesh wound\nChart 1, 51-100: Down\n"
    )


def test_a_link_to_the_panel_opens_it(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    page.evaluate(
        "() => { const a = document.createElement('a'); a.href = '#critical-tables'; a.id = 'to-tables';"
        " a.textContent = 'enter one'; document.querySelector('main').append(a); }"
    )
    page.click("#to-tables")
    expect(page.locator("#critical-tables")).to_have_js_property("open", True)
    expect(page.locator("#tables-text")).to_be_visible()


def test_export_import_json_and_the_party_file_carry_the_tables(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    forms_ready(page)
    open_tables(page)
    page.locator("#tables-text").fill("Energy, Head, 1: Dazed [stunned 1]")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 1 table")
    with page.expect_download() as download:
        page.click("#tables-export")
    assert download.value.suggested_filename == "auspex-tables.json"
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["tables"][0]["rows"][0]["text"] == "Dazed"

    # Import JSON: the same table replaced, the others kept; version 2 refused, nothing changed
    incoming = {
        "auspex_critical": 1,
        "tables": [{"system": "dh2", "damage_type": "Rending", "location": "Leg", "rows": [{"row": 2, "text": "Cut"}]}],
    }
    (tmp_path / "t.json").write_text(json.dumps(incoming))
    page.set_input_files("#tables-file", str(tmp_path / "t.json"))
    expect(page.locator("#tables-status")).to_contain_text("Imported t.json")
    assert [t["damage_type"] for t in stored(page)["tables"]] == ["Energy", "Rending"]
    assert "Rending, Leg, 2: Cut" in page.locator("#tables-text").input_value()
    before = page.evaluate(f"localStorage.getItem('{TABLES_KEY}')")
    (tmp_path / "v2.json").write_text(json.dumps({"auspex_critical": 2}))
    page.set_input_files("#tables-file", str(tmp_path / "v2.json"))
    expect(page.locator("#tables-errors li")).to_have_text(
        ["File: version 2 of the critical tables; this Auspex reads version 1"]
    )
    assert page.evaluate(f"localStorage.getItem('{TABLES_KEY}')") == before

    # the party export includes the saved tables; a party import merges them
    page.click("#party summary")
    with page.expect_download() as party_download:
        page.click("#party-export")
    party = json.loads(Path(party_download.value.path()).read_text())
    assert party["critical_tables"] == stored(page)
    party["critical_tables"]["tables"] = [
        {"system": "dw", "damage_type": "Impact", "location": "Arm", "rows": [{"row": 4, "text": "Broken"}]}
    ]
    (tmp_path / "party.json").write_text(json.dumps(party))
    page.set_input_files("#party-file", str(tmp_path / "party.json"))
    expect(page.locator("#party-status")).to_contain_text("critical tables are merged")
    assert [(t["system"], t["damage_type"]) for t in stored(page)["tables"]] == [
        ("dh2", "Energy"),
        ("dh2", "Rending"),
        ("dw", "Impact"),
    ]


def test_an_imported_row_ending_in_brackets_is_refused_at_its_text_and_nothing_changes(
    ready_page: Page, tmp_path: Path
) -> None:
    # {"text": "Knocked down [slain]", "effects": []}: the panel would show it as a Slain row and the
    # next Save would store one; refused at import, at the row's text
    page = ready_page
    forms_ready(page)
    open_tables(page)
    page.locator("#tables-text").fill("Energy, Head, 1: Dazed [stunned 1]")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 1 table")
    before = page.evaluate(f"localStorage.getItem('{TABLES_KEY}')")
    row = {"row": 3, "text": "Knocked down [slain]", "effects": []}
    incoming = {
        "auspex_critical": 1,
        "tables": [{"system": "dh2", "damage_type": "Energy", "location": "Body", "rows": [row]}],
    }
    (tmp_path / "bracket.json").write_text(json.dumps(incoming))
    page.set_input_files("#tables-file", str(tmp_path / "bracket.json"))
    expect(page.locator("#tables-errors li")).to_contain_text(
        ["Table 1 (dh2 Energy, Body), row 3, text: the text ends in '[slain]'"]
    )
    assert page.evaluate(f"localStorage.getItem('{TABLES_KEY}')") == before


def test_saved_charts_as_text_show_in_the_panel_and_an_unshowable_table_is_never_saved_over(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    # kept by an older page: Chart 1's rows as text and Chart 2's low as "1" (the panel once showed
    # an empty box and "The rules engine failed to check these tables"), and a dh2 row ending in
    # brackets (which the text form cannot show)
    saved = {
        "auspex_critical": 1,
        "tables": [
            {
                "system": "dh2",
                "damage_type": "Energy",
                "location": "Body",
                "rows": [{"row": 3, "text": "Down [slain]", "effects": []}],
            }
        ],
        "charts": [
            {"system": "wh40krp", "chart": 1, "rows": "01-30: Flesh wound\n31-100: Down"},
            {"system": "wh40krp", "chart": 2, "die": 20, "rows": [{"low": "1", "high": 20.0, "result": "Crushed"}]},
        ],
    }
    context.add_init_script(
        f"localStorage.getItem('{TABLES_KEY}') || localStorage.setItem('{TABLES_KEY}', {json.dumps(json.dumps(saved))})"
    )
    page.goto(base_url)
    wait_for_engine(page)
    forms_ready(page)
    open_tables(page)
    text = page.locator("#tables-text")
    # dh2: not shown, not editable, not savable; nothing saved changes
    expect(page.locator("#tables-status")).to_contain_text("cannot be shown as text")
    expect(page.locator("#tables-save")).to_be_disabled()
    assert text.evaluate("t => t.readOnly") is True
    assert stored(page) == saved
    # the fan ruleset: both charts shown, in whole numbers
    field(page, "system").select_option("wh40krp")
    expect(text).to_have_value(
        "# Damage Charts: Chart N, LOW-HIGH: result (Chart 2 (d20), 1-5: ... for a chart not rolled on d100)\n"
        "Chart 1, 01-30: Flesh wound\nChart 1, 31-100: Down\nChart 2 (d20), 01-20: Crushed\n"
    )
    expect(page.locator("#tables-save")).to_be_enabled()
    # saved unchanged: the charts stored in whole numbers, the dh2 row kept as it was
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 2 charts")
    after = stored(page)
    assert [r["low"] for c in after["charts"] for r in c["rows"]] == [1, 31, 1]
    assert after["tables"] == saved["tables"]


def test_a_pasted_line_over_the_bound_is_refused_naming_its_line_and_nothing_changes(ready_page: Page) -> None:
    # a 32 KB line once kept the engine busy past "Working… Cancel" (the parser was quadratic in a
    # line) and the Save was lost; it is refused before it is read, at its line
    page = ready_page
    forms_ready(page)
    open_tables(page)
    page.locator("#tables-text").fill("Energy, Head, 1: Dazed [stunned 1]")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 1 table")
    before = page.evaluate(f"localStorage.getItem('{TABLES_KEY}')")
    page.locator("#tables-text").fill("Energy, Head, 1: Dazed\nEnergy, Body, 2: " + " " * 32_768 + "x")
    page.click("#tables-save")
    expect(page.locator("#tables-errors li")).to_have_text(
        ["Line 2: the line is 32,786 characters long; a line holds at most 2,000"]
    )
    assert page.evaluate(f"localStorage.getItem('{TABLES_KEY}')") == before
