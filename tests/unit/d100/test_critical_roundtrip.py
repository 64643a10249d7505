"""The critical tables' text form is a faithful round trip of the tables file: whatever JSON the
check accepts is stored in a form whose paste-in text (what the Critical tables panel shows)
reads back, at the next Save, as the same tables. A file the text form could not write back the
same (a row's words ending in a bracketed group, or holding a line break) is refused at import at
its field; chart rows are stored as whole numbers and written so they read back (0 as ``0``,
never ``00``, which is 100). The version is the whole number 1, nothing else.

The property drives the page's own path: the check of an imported file (``check_tables``), the
panel's text of what was stored (``tables_text``), and the Save of that text unchanged
(``check_tables`` of ``{"system", "text"}`` with the stored file as ``saved``), which must store
exactly what was stored before."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, note, settings
from hypothesis import strategies as st
from run_helpers import cli

from rules.critical.check import check_tables, tables_text
from rules.critical.models import DAMAGE_TYPES, TABLE_LOCATIONS
from rules.critical.text import CHARACTERISTICS, LINE_LENGTH, SYSTEMS, TablesTextError, parse_text


def check(value: Any, saved: Any = None) -> dict[str, Any]:
    return check_tables(json.dumps(value), None if saved is None else json.dumps(saved))


def row_file(text: str, effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    table = {
        "system": "dh2",
        "damage_type": "Energy",
        "location": "Body",
        "rows": [{"row": 3, "text": text, "effects": effects or []}],
    }
    return {"auspex_critical": 1, "tables": [table], "charts": []}


def saved_again(stored: dict[str, Any], system: str) -> dict[str, Any]:
    """What the panel's Save stores when the text it showed for ``system`` is saved unchanged."""
    shown = tables_text(system, json.dumps(stored))
    assert shown["status"] == "ok", shown
    out = check({"system": system, "text": shown["text"]}, saved=stored)
    assert out["status"] == "ok", (shown["text"], out)
    file: dict[str, Any] = out["file"]
    return file


# ---------------------------------------------------------------------------------- worked examples


def test_a_row_whose_text_ends_in_a_bracket_is_refused_at_its_text_not_turned_into_slain() -> None:
    # {"text": "Knocked down [slain]", "effects": []} once came back from the panel as a Slain row
    out = check(row_file("Knocked down [slain]"))
    assert out["status"] == "invalid", out
    assert [e["field"] for e in out["errors"]] == ["tables.0.rows.0.text"]
    assert "[slain]" in out["errors"][0]["message"] and "effect" in out["errors"][0]["message"]
    # brackets inside the words, and a bracket not closed at the end, are written and read back
    for words in ("Knocked [down] flat", "Knocked down [slain", "Knocked down slain]"):
        stored = check(row_file(words, [{"kind": "prone"}]))["file"]
        assert saved_again(stored, "dh2") == stored, words


def test_the_cli_tables_check_refuses_the_bracketed_row_and_a_version_of_true() -> None:
    bad = cli("tables", "check", "-", stdin=json.dumps(row_file("Knocked down [slain]")))
    assert bad.returncode == 2 and bad.stdout == ""
    assert [e["field"] for e in json.loads(bad.stderr)["errors"]] == ["tables.0.rows.0.text"]
    true = cli("tables", "check", "-", stdin=json.dumps({"auspex_critical": True}))
    assert true.returncode == 2
    assert json.loads(true.stderr)["errors"][0]["field"] == "auspex_critical"


def test_a_row_holding_a_line_break_is_refused_at_its_text_not_read_as_another_row() -> None:
    # "Limps\nEnergy, Head, 1: [slain]" once added a Slain row to the Head table
    for brk in ("\n", "\r", "\u2028", "\u2029"):
        out = check(row_file(f"Limps{brk}Energy, Head, 1: [slain]"))
        assert out["status"] == "invalid", brk
        assert out["errors"][0]["field"] == "tables.0.rows.0.text"
        assert "line break" in out["errors"][0]["message"]


def test_a_chart_row_from_0_is_written_0_and_read_back_as_0_not_100() -> None:
    chart = {
        "system": "wh40krp",
        "chart": 1,
        "die": 100,
        "rows": [{"low": 0, "high": 0, "result": "Nothing"}, {"low": 1, "high": 100, "result": "Hurt"}],
    }
    stored = check({"auspex_critical": 1, "charts": [chart]})["file"]
    assert tables_text("wh40krp", json.dumps(stored))["text"].splitlines()[1:] == [
        "Chart 1, 0: Nothing",
        "Chart 1, 01-100: Hurt",
    ]
    assert saved_again(stored, "wh40krp") == stored
    # below 0 (a total modifiers push down): written -10--1 and read back
    chart["rows"] = [{"low": -10, "high": -1, "result": "Grazed"}, {"low": 0, "high": 100, "result": "Hurt"}]
    stored = check({"auspex_critical": 1, "charts": [chart]})["file"]
    assert saved_again(stored, "wh40krp") == stored


def test_the_version_is_the_whole_number_1_only() -> None:
    for version in (True, 1.0, "1"):
        out = check({"auspex_critical": version, "tables": []})
        assert out["status"] == "invalid", version
        assert out["errors"][0]["field"] == "auspex_critical"
        assert "whole number 1" in out["errors"][0]["message"]
    assert check({"auspex_critical": 1, "tables": []})["status"] == "ok"


def test_true_anywhere_in_a_tables_file_is_refused_at_its_field() -> None:
    file = row_file("Knocked flat", [{"kind": "stunned", "amount": True}])
    out = check(file)
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["tables.0.rows.0.effects.0.amount"]


def test_chart_rows_given_as_text_or_numbers_as_text_are_stored_as_whole_numbers() -> None:
    # rows as the scenario's text, and low "1" / 1.0: once accepted as given, then the panel's
    # text failed ("The rules engine failed to check these tables")
    for rows in (
        "01-20: Flesh wound\n21-100: Down",
        [{"low": "1", "high": 20, "result": "Flesh wound"}, {"low": 21.0, "high": "100", "result": "Down"}],
    ):
        out = check({"auspex_critical": 1, "charts": [{"chart": 1, "rows": rows}]})
        assert out["status"] == "ok", out
        assert out["file"]["charts"] == [
            {
                "system": "wh40krp",
                "chart": 1,
                "die": 100,
                "rows": [{"low": 1, "high": 20, "result": "Flesh wound"}, {"low": 21, "high": 100, "result": "Down"}],
            }
        ]
        assert tables_text("wh40krp", json.dumps(out["file"]))["text"].splitlines()[1:] == [
            "Chart 1, 01-20: Flesh wound",
            "Chart 1, 21-100: Down",
        ]


def test_a_chart_given_twice_is_refused() -> None:
    chart = {"chart": 2, "die": 20, "rows": [{"low": 1, "high": 20, "result": "x"}]}
    out = check({"auspex_critical": 1, "charts": [chart, chart]})
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "charts.1.chart"


def test_a_file_saved_before_these_checks_still_reads_and_its_panel_refuses_to_be_saved_over() -> None:
    # saved on the device by an older Auspex: a row ending in brackets, charts as text
    saved = row_file("Knocked down [slain]")
    saved["charts"] = [{"system": "wh40krp", "chart": 1, "rows": "01-100: Down"}]
    shown = tables_text("dh2", json.dumps(saved))
    assert shown["status"] == "invalid"
    assert "Energy, Body" in shown["errors"][0]["message"] or "row 3" in shown["errors"][0]["message"]
    # the other rulesets' text is shown, and saving it keeps the old row as it was
    assert tables_text("wh40krp", json.dumps(saved))["text"].splitlines()[1:] == ["Chart 1, 01-100: Down"]
    out = check({"system": "wh40krp", "text": "Chart 1, 01-50: Up\nChart 1, 51-100: Down"}, saved=saved)
    assert out["status"] == "ok"
    assert out["file"]["tables"][0]["rows"][0]["text"] == "Knocked down [slain]"


# ---------------------------------------------------------------------------------- the property

# the words a hostile or careless file holds: brackets, effect words, line breaks, separators, spaces
_WORD = st.sampled_from(
    [
        "Knocked",
        " ",
        "  ",
        "\t",
        "[",
        "]",
        "[slain]",
        "[stunned 1]",
        "[]",
        "[x",
        "y]",
        ",",
        ":",
        ";",
        "#",
        "00",
        "\\",
        "\n",
        "\r",
        "\u2028",
        "\u00a0",
        "é",
    ]
)
_WORDS = st.lists(_WORD, max_size=8).map("".join)
_COUNT = st.one_of(
    st.integers(0, 100).map(lambda n: {"amount": n}),
    st.sampled_from(["1d5", "2d10", "1d100"]).map(lambda d: {"dice": d}),
)
_EFFECT = st.one_of(
    st.sampled_from(["prone", "blood_loss", "on_fire", "lost", "useless", "slain"]).map(lambda k: {"kind": k}),
    st.builds(lambda k, c: {"kind": k, **c}, st.sampled_from(["stunned", "fatigue"]), _COUNT),
    st.builds(
        lambda ch, c: {"kind": "characteristic", "characteristic": ch, **c}, st.sampled_from(CHARACTERISTICS), _COUNT
    ),
)
_NUMBER = st.sampled_from([int, str, float])  # how a file writes a whole number: 5, "5", 5.0


@st.composite
def _tables(draw: st.DrawFn) -> list[dict[str, Any]]:
    keys = draw(
        st.lists(
            st.tuples(
                st.sampled_from(("dh2", "dh1", "dw")), st.sampled_from(DAMAGE_TYPES), st.sampled_from(TABLE_LOCATIONS)
            ),
            unique=True,
            max_size=4,
        )
    )
    tables = []
    for system, damage_type, location in keys:
        numbers = draw(st.lists(st.integers(1, 10), unique=True, max_size=4))
        rows = [
            {"row": draw(_NUMBER)(n), "text": draw(_WORDS), "effects": draw(st.lists(_EFFECT, max_size=3))}
            for n in numbers
        ]
        tables.append({"system": system, "damage_type": damage_type, "location": location, "rows": rows})
    return tables


@st.composite
def _charts(draw: st.DrawFn) -> list[dict[str, Any]]:
    charts = []
    for number in draw(st.lists(st.integers(1, 20), unique=True, max_size=3)):
        low = draw(st.integers(-50, 100))
        rows = []
        for width in draw(st.lists(st.integers(1, 40), min_size=1, max_size=4)):
            high = min(low + width - 1, 400)
            rows.append({"low": draw(_NUMBER)(low), "high": draw(_NUMBER)(high), "result": draw(_WORDS) or "x"})
            low = high + 1
        chart: dict[str, Any] = {"chart": number, "rows": rows}
        if draw(st.booleans()):
            chart["die"] = draw(st.sampled_from([100, 20, 10, 6]))
        charts.append(chart)
    return charts


@given(_tables(), _charts())
@settings(max_examples=300, deadline=None)
def test_every_accepted_file_reads_back_as_the_same_tables_from_its_text(
    tables: list[dict[str, Any]], charts: list[dict[str, Any]]
) -> None:
    out = check({"auspex_critical": 1, "tables": tables, "charts": charts})
    note(repr(out))
    if out["status"] != "ok":
        # refused: at fields of the file, each with a message (never the whole file unexplained)
        assert out["errors"] and all(e["field"] != "file" and e["message"] for e in out["errors"])
        return
    stored = out["file"]
    # the check is idempotent: a stored file imported again is stored the same
    assert check(stored)["file"] == stored
    for system in SYSTEMS:
        assert saved_again(stored, system) == stored, system


# ---------------------------------------------------------------------------------- the line bound


def test_a_line_longer_than_the_bound_is_refused_naming_its_line_before_it_is_read() -> None:
    long_line = "Energy, Body, 3: " + " " * (LINE_LENGTH + 1) + "x"
    for system, text in (
        ("dh2", f"Energy, Body, 1: fine\n{long_line}\n"),
        ("wh40krp", f"Chart 1, 01-50: a\nChart 1, 51-100: {' ' * LINE_LENGTH}b\n"),
    ):
        try:
            parse_text(system, text)
        except TablesTextError as exc:
            assert [(e["line"], e["field"]) for e in exc.errors] == [(2, "line")]
            assert f"{LINE_LENGTH:,}" in exc.errors[0]["message"]
        else:
            raise AssertionError(f"{system}: a line over {LINE_LENGTH} characters was read")


def test_a_line_at_the_bound_full_of_spaces_and_brackets_is_read_right() -> None:
    # 10 effects after a text padded with spaces to the bound: the text and every effect read
    effects = " [prone]" * 9 + " [stunned 2]"
    head = "Energy, Body, 3: Knocked [flat] down"
    line = head + " " * (LINE_LENGTH - len(head) - len(effects)) + effects
    assert len(line) == LINE_LENGTH
    row = parse_text("dh2", line).tables[0].rows[0]
    assert row.text == "Knocked [flat] down"
    assert [e.kind for e in row.effects] == ["prone"] * 9 + ["stunned"]
    assert row.effects[-1].amount == 2


def test_saved_charts_of_the_same_number_are_not_shown_as_one_chart_to_save_over_them() -> None:
    # an older Auspex accepted two Chart 1s; the text would read their rows as one chart
    saved = {
        "auspex_critical": 1,
        "charts": [
            {"system": "wh40krp", "chart": 1, "rows": [{"low": 1, "high": 50, "result": "a"}]},
            {"system": "wh40krp", "chart": 1, "rows": [{"low": 51, "high": 100, "result": "b"}]},
        ],
    }
    shown = tables_text("wh40krp", json.dumps(saved))
    assert shown["status"] == "invalid"
    assert "chart 1 is given twice" in shown["errors"][0]["message"]
