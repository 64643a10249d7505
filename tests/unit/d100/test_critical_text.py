"""The critical tables' paste-in text: read and written as a matched pair, every
bad line refused at once with its number and reason, and the template (every row, no book prose).

The rows' shape is the issue's: "one row per line: `Energy, Body, 3: text [stunned 1] [fatigue 1]`";
the tables are damage type x location (Energy, Explosive, Impact, Rending x Head, Arm, Body, Leg)
with rows 1-10 (seed 004, Righteous Fury "consults the Critical Effects table appropriate to the
damage type and location"; seed 001 L47-50 names Deathwatch's four tables)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.critical.models import DAMAGE_TYPES, TABLE_LOCATIONS, CriticalRow, CriticalTable, Effect, TablesFile
from rules.critical.text import (
    CHARACTERISTICS,
    TablesTextError,
    format_text,
    parse_text,
    template,
)


def errors(system: str, text: str) -> list[tuple[int, str, str]]:
    with pytest.raises(TablesTextError) as caught:
        parse_text(system, text)
    assert isinstance(caught.value, ValueError)
    return [(e["line"], e["field"], e["message"]) for e in caught.value.errors]


def only_row(text: str, system: str = "dh2") -> CriticalRow:
    file = parse_text(system, text)
    assert len(file.tables) == 1 and len(file.tables[0].rows) == 1
    return file.tables[0].rows[0]


# ---------------------------------------------------------------------------------------------- reading


def test_a_pasted_example_line_reads_its_table_row_text_and_effects() -> None:
    # "Energy, Body, 3: text [stunned 1] [fatigue 1]"
    file = parse_text("dh2", "Energy, Body, 3: Knocked flat [stunned 1] [fatigue 1]")
    (table,) = file.tables
    assert (table.system, table.damage_type, table.location, table.name) == (
        "dh2",
        "Energy",
        "Body",
        "Energy Critical Effects, Body",
    )
    assert table.rows == [
        CriticalRow(
            row=3, text="Knocked flat", effects=[Effect(kind="stunned", amount=1), Effect(kind="fatigue", amount=1)]
        )
    ]


@pytest.mark.parametrize(
    ("words", "effect"),
    [
        ("stunned 1", {"kind": "stunned", "amount": 1}),
        ("stunned 1d5", {"kind": "stunned", "dice": "1d5"}),
        ("Stunned 1 round", {"kind": "stunned", "amount": 1}),
        ("STUNNED 1d5 rounds", {"kind": "stunned", "dice": "1d5"}),
        ("stunned d5", {"kind": "stunned", "dice": "1d5"}),
        ("prone", {"kind": "prone"}),
        ("fatigue 2", {"kind": "fatigue", "amount": 2}),
        ("fatigue 1d5", {"kind": "fatigue", "dice": "1d5"}),
        ("fatigue 1 level", {"kind": "fatigue", "amount": 1}),
        ("blood loss", {"kind": "blood_loss"}),
        ("Blood  Loss", {"kind": "blood_loss"}),
        ("on fire", {"kind": "on_fire"}),
        ("Ag damage 1d10", {"kind": "characteristic", "characteristic": "Ag", "dice": "1d10"}),
        ("t damage 2", {"kind": "characteristic", "characteristic": "T", "amount": 2}),
        ("WS 1d5", {"kind": "characteristic", "characteristic": "WS", "dice": "1d5"}),
        ("int damage 2d10", {"kind": "characteristic", "characteristic": "Int", "dice": "2d10"}),
        ("lost", {"kind": "lost"}),
        ("useless", {"kind": "useless"}),
        ("slain", {"kind": "slain"}),
    ],
)
def test_every_effect_word_reads_as_its_effect(words: str, effect: dict[str, Any]) -> None:
    assert only_row(f"Impact, Head, 5: text [{words}]").effects == [Effect.model_validate(effect)]


def test_effects_may_share_brackets_and_every_characteristic_is_known() -> None:
    row = only_row("Rending, Arm, 7: Hand gone [lost; blood loss, stunned 1]")
    assert [e.kind for e in row.effects] == ["lost", "blood_loss", "stunned"]
    for c in CHARACTERISTICS:
        assert only_row(f"Rending, Arm, 7: x [{c.lower()} damage 1]").effects[0].characteristic == c


def test_players_words_right_arm_left_leg_row_word_case_blank_lines_and_comments() -> None:
    text = "# our group's tables\n\n  energy , RIGHT ARM , row 2 :  Burnt   \n# done\nexplosive, Left Leg, 10: Gone [slain]\n"
    file = parse_text("dw", text)
    assert [(t.system, t.damage_type, t.location, t.rows[0].row, t.rows[0].text) for t in file.tables] == [
        ("dw", "Energy", "Arm", 2, "Burnt"),
        ("dw", "Explosive", "Leg", 10, "Gone"),
    ]


def test_a_row_with_no_text_is_kept_but_not_entered() -> None:
    row = only_row("Energy, Head, 1:")
    assert (row.text, row.effects, row.entered) == ("", [], False)
    assert only_row("Energy, Head, 1: [prone]").entered


def test_tables_come_out_in_the_books_order_and_rows_by_number() -> None:
    file = parse_text("dh1", "Rending, Leg, 2: b\nEnergy, Body, 9: c\nEnergy, Body, 1: a\nEnergy, Head, 4: d")
    assert [(t.damage_type, t.location, [r.row for r in t.rows]) for t in file.tables] == [
        ("Energy", "Head", [4]),
        ("Energy", "Body", [1, 9]),
        ("Rending", "Leg", [2]),
    ]


# ---------------------------------------------------------------------------------------------- bad lines


def test_every_bad_line_is_reported_at_once_with_its_number_and_reason() -> None:
    # Bad input: "A row outside its table, a duplicate row, an unknown effect word ...:
    # refused with the line and the reason"
    text = "\n".join(
        [
            "Energy, Body, 3: fine",  # 1
            "Energy, Body, 11: too far",  # 2
            "Energy, Body, 0: too low",  # 3
            "Energy, Body, 3: again",  # 4
            "Energy, Body, 4: x [hat]",  # 5
            "Plasma, Body, 4: x",  # 6
            "Energy, Tail, 4: x",  # 7
            "Energy Body 4 no colon",  # 8
            "Energy, Body, three: x",  # 9
            "Energy, Body, 5: x [stunned]",  # 10
            "Energy, Body, 6: x [stunned 0d5]",  # 11
            "Energy, Body, 7: x [fatigue 101]",  # 12
            "Energy, Body, 8: x [Luck damage 1]",  # 13
            "Energy, Body, 9: x []",  # 14
        ]
    )
    assert errors("dh2", text) == [
        (2, "row", "row 11 is outside 1-10"),
        (3, "row", "row 0 is outside 1-10"),
        (4, "row", "Energy, Body: row 3 is given twice (first on line 1)"),
        (
            5,
            "effects",
            "'[hat]' is not an effect (stunned N, stunned 1d5, prone, fatigue N, blood loss, on fire, Ag damage 1d10, lost, useless, slain)",
        ),
        (6, "damage_type", "'Plasma' is not a damage type (Energy, Explosive, Impact, Rending)"),
        (7, "location", "'Tail' is not a location (Head, Arm, Body, Leg)"),
        (8, "line", "not a row like 'Energy, Body, 3: text [stunned 1]' (damage type, location, row, colon)"),
        (9, "row", "'three' is not a row number (1-10)"),
        (10, "effects", "'[stunned]' needs its count: [stunned 1] or [stunned 1d5]"),
        (11, "effects", "'0d5' is not dice like 1d5, 1d10 or 2d10"),
        (12, "effects", "101 is more than 100"),
        (
            13,
            "effects",
            "'[Luck damage 1]' is not an effect (stunned N, stunned 1d5, prone, fatigue N, blood loss, on fire, Ag damage 1d10, lost, useless, slain)",
        ),
        (
            14,
            "effects",
            "'[]' is not an effect (stunned N, stunned 1d5, prone, fatigue N, blood loss, on fire, Ag damage 1d10, lost, useless, slain)",
        ),
    ]


def test_text_too_long_or_unshowable_and_too_many_lines_are_refused() -> None:
    assert errors("dh2", "Energy, Body, 1: " + "x" * 601) == [
        (1, "text", "the text is 601 characters long; at most 600")
    ]
    assert errors("dh2", "Energy, Body, 1: a\x07b")[0][:2] == (1, "text")
    assert errors("dh2", "#\n" * 2001) == [(2001, "line", "at most 2000 lines")]


def test_a_ruleset_with_no_critical_tables_is_refused() -> None:
    with pytest.raises(ValueError, match="epic has no critical tables"):
        parse_text("epic", "Energy, Body, 1: x")


# ---------------------------------------------------------------------------------------------- the fan ruleset's charts


def test_fan_chart_lines_read_as_damage_charts_by_number() -> None:
    file = parse_text(
        "wh40krp",
        "Chart 1, 01-20: Flesh wound\nchart 1, 21-00: Down\nChart 2 (d20), 1-5: Knocked back\nChart 2, 6-20: Out",
    )
    charts = [c.model_dump() for c in file.charts]
    assert charts == [
        {
            "system": "wh40krp",
            "chart": 1,
            "die": 100,
            "rows": [{"low": 1, "high": 20, "result": "Flesh wound"}, {"low": 21, "high": 100, "result": "Down"}],
        },
        {
            "system": "wh40krp",
            "chart": 2,
            "die": 20,
            "rows": [{"low": 1, "high": 5, "result": "Knocked back"}, {"low": 6, "high": 20, "result": "Out"}],
        },
    ]
    assert file.tables == []


def test_fan_chart_bad_lines_each_reported() -> None:
    text = "Chart 1, 01-20: a\nChart 1, 30-100: b\nChart 3 (d7), 1: x\nnot a chart\nChart 21, 1: x\nChart 4 (d20), 1-5: a\nChart 4 (d10), 6-10: b\nChart 5, 1-5:"
    assert errors("wh40krp", text) == [
        (1, "rows", "chart 1: rows must follow on without gaps or overlaps: 1-20 then 30-100"),
        (3, "die", "d7 is not a chart's die (d100, d20, d10, d6)"),
        (4, "line", "not a chart row like 'Chart 1, 01-20: Flesh wound'"),
        (5, "chart", "chart 21 is outside 1-20"),
        (7, "die", "chart 4 is a d20 chart (line 6)"),
        (8, "rows", "the result must be 1-120 characters of text"),
    ]


# ---------------------------------------------------------------------------------------------- writing: the matched pair


def test_format_writes_the_canonical_line_and_reads_back() -> None:
    file = parse_text("dh2", "energy, right arm, row 3: Burnt  [STUNNED 1 round][ag 1d10] [blood loss]")
    text = format_text("dh2", file)
    assert text.splitlines()[-1] == "Energy, Arm, 3: Burnt [stunned 1] [Ag damage 1d10] [blood loss]"
    assert text.startswith("# Critical tables:")
    assert parse_text("dh2", text) == file


def test_format_writes_only_the_rulesets_own_tables() -> None:
    both = TablesFile(
        tables=[
            CriticalTable(system="dh2", damage_type="Energy", location="Head", rows=[CriticalRow(row=1, text="a")]),
            CriticalTable(system="dw", damage_type="Energy", location="Head", rows=[CriticalRow(row=1, text="b")]),
        ]
    )
    assert [line for line in format_text("dw", both).splitlines() if not line.startswith("#")] == ["Energy, Head, 1: b"]


_TEXT = st.text(
    st.characters(codec="utf-8", categories=("L", "N", "P", "Zs"), exclude_characters="[]#\u2028\u2029\x85"),
    max_size=40,
).map(lambda s: " ".join(s.split()))
_COUNT = st.one_of(
    st.integers(0, 100).map(lambda n: {"amount": n}),
    st.sampled_from(["1d5", "1d10", "2d10", "1d100"]).map(lambda d: {"dice": d}),
)
_EFFECT = st.one_of(
    st.sampled_from(["prone", "blood_loss", "on_fire", "lost", "useless", "slain"]).map(lambda k: Effect(kind=k)),  # type: ignore[arg-type]
    st.builds(lambda k, c: Effect.model_validate({"kind": k, **c}), st.sampled_from(["stunned", "fatigue"]), _COUNT),
    st.builds(
        lambda ch, c: Effect.model_validate({"kind": "characteristic", "characteristic": ch, **c}),
        st.sampled_from(CHARACTERISTICS),
        _COUNT,
    ),
)


@st.composite
def _files(draw: st.DrawFn) -> tuple[str, TablesFile]:
    system = draw(st.sampled_from(["dh2", "dh1", "dw"]))
    keys = draw(
        st.lists(st.tuples(st.sampled_from(DAMAGE_TYPES), st.sampled_from(TABLE_LOCATIONS)), unique=True, max_size=4)
    )
    tables = []
    for damage_type, location in sorted(keys, key=lambda k: (DAMAGE_TYPES.index(k[0]), TABLE_LOCATIONS.index(k[1]))):
        numbers = sorted(draw(st.sets(st.integers(1, 10), min_size=1, max_size=4)))
        rows = [CriticalRow(row=n, text=draw(_TEXT), effects=draw(st.lists(_EFFECT, max_size=3))) for n in numbers]
        tables.append(CriticalTable(system=system, damage_type=damage_type, location=location, rows=rows))  # type: ignore[arg-type]
    return system, TablesFile(tables=tables)


@given(_files())
@settings(max_examples=150, deadline=None)
def test_parse_of_format_is_the_same_tables(case: tuple[str, TablesFile]) -> None:
    system, file = case
    assert parse_text(system, format_text(system, file)) == file


@given(
    st.lists(
        st.tuples(st.integers(1, 20), st.lists(st.integers(1, 30), min_size=1, max_size=5), _TEXT.filter(bool)),
        max_size=3,
        unique_by=lambda c: c[0],
    )
)
@settings(max_examples=100, deadline=None)
def test_parse_of_format_is_the_same_charts(specs: list[tuple[int, list[int], str]]) -> None:
    charts = []
    for chart, widths, result in sorted(specs):
        low, rows = 1, []
        for width in widths:
            rows.append({"low": low, "high": low + width - 1, "result": result})
            low += width
        charts.append({"system": "wh40krp", "chart": chart, "die": 100 if low > 50 else 20, "rows": rows})
    file = TablesFile.model_validate({"charts": charts})
    assert parse_text("wh40krp", format_text("wh40krp", file)) == file


# ---------------------------------------------------------------------------------------------- the template


@pytest.mark.parametrize("system", ["dh2", "dh1", "dw"])
def test_template_has_every_table_and_row_with_empty_text(system: str) -> None:
    file = template(system)
    assert [(t.damage_type, t.location) for t in file.tables] == [
        (d, loc) for d in DAMAGE_TYPES for loc in TABLE_LOCATIONS
    ]
    assert all(t.system == system and [r.row for r in t.rows] == list(range(1, 11)) for t in file.tables)
    assert all(r.text == "" and r.effects == [] for t in file.tables for r in t.rows)  # never book prose
    text = format_text(system, file)
    assert "Energy, Head, 1:\n" in text and "Rending, Leg, 10:\n" in text
    assert len([line for line in text.splitlines() if not line.startswith("#")]) == 160
    assert parse_text(system, text) == file


def test_the_fan_template_is_empty_and_epic_has_none() -> None:
    assert template("wh40krp") == TablesFile()
    assert format_text("wh40krp", template("wh40krp")).startswith("# Damage Charts:")
    with pytest.raises(ValueError, match="no critical tables"):
        template("epic")
