"""The critical tables as paste-in text, read (:func:`parse_text`) and written (:func:`format_text`)
as a matched pair: ``parse_text(s, format_text(s, f)) == f`` for a file in canonical order.

The d100 rulesets (dh2, dh1, dw): one row per line::

    Energy, Body, 3: Knocked down and winded [stunned 1] [prone] [fatigue 1]

that is ``DAMAGE TYPE, LOCATION, ROW: TEXT [EFFECT] [EFFECT]...``. The damage type is Energy,
Explosive, Impact or Rending; the location is the table's (Head, Arm, Body, Leg: a hit location
such as "Right Arm" or "Left Leg" reads as its table); the row is 1-10 (optionally written
``Row 3``). The group's text runs from the colon to the first bracketed effect at the end of the
line (the text may be empty: the row is then "not entered" unless it has effects). Effect words,
each in its own brackets or several in one separated by commas or semicolons, any case:

- ``[stunned 1]``, ``[stunned 1d5]``, ``[stunned 1 round]``, ``[stunned 1d5 rounds]``
- ``[prone]``
- ``[fatigue 2]``, ``[fatigue 1d5]`` (optionally ``level``/``levels``)
- ``[blood loss]``, ``[on fire]``
- ``[Ag damage 1d10]``, ``[T damage 2]``: a characteristic damaged, one of WS BS S T Ag Int Per WP
  Fel (``damage`` may be left out: ``[Ag 1d10]``)
- ``[lost]``, ``[useless]``: the hit's location (an arm lost, a leg useless)
- ``[slain]``

Dice are ``NdM`` with M 5, 10 or 100 (``d5`` reads as ``1d5``). Blank lines and lines starting with
``#`` are skipped. A row's own words can hold no line break and cannot end in a bracketed group
(:func:`unwritable`: a tables file holding such a row is refused at import, so whatever is accepted
is written back as text that reads as the same tables). Each table's rows are given once; the tables come out in the books' order
(damage type, then Head, Arm, Body, Leg), each table's rows by number.

The same text holds the ruleset's Psychic Phenomena and Perils of the Warp rows (``Phenomena,
01-05: text [fatigue 1]``, ``[perils]`` leading on): :mod:`rules.critical.psychic`.

The fan-made ruleset (wh40krp): its Damage Charts, one row per line::

    Chart 1, 01-20: Flesh wound
    Chart 2 (d20), 1-5: Knocked back

``Chart N`` with its die in brackets where it is not d100 (d20, d10, d6), then the row's span
(``01-20``, or one total ``05``; ``00`` is 100, ``0`` is 0, a total below 0 is written ``-5``) and
its result. Each chart's rows are checked with
:class:`rules.wh40krp.models.DamageChart` (in order, no gaps or overlaps).

Every line is at most :data:`LINE_LENGTH` characters, checked before it is read, and read in time
linear in its length (no pattern backtracks over the line; the trailing effects are found by one
scan from the end, :func:`trailing_groups`).

Errors: :class:`TablesTextError` (a ValueError) lists every bad line at once, each
``{"line": 3, "field": "row", "message": "..."}`` (``field`` one of damage_type, location, row,
text, effects, chart, die, rows, line).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from .. import limits
from . import psychic
from .effect_words import CHARACTERISTICS as CHARACTERISTICS
from .effect_words import EFFECT_HELP
from .effect_words import LineError as LineError
from .effect_words import effect_words as effect_words
from .effect_words import split_effects as split_effects
from .effect_words import trailing_groups as trailing_groups
from .models import (
    DAMAGE_TYPES,
    ROW_TEXT_LENGTH,
    ROWS,
    TABLE_LOCATIONS,
    ChartEntry,
    CriticalRow,
    CriticalTable,
    TablesFile,
)

D100_SYSTEMS: tuple[str, ...] = ("dh2", "dh1", "dw")
FAN_SYSTEM = "wh40krp"
SYSTEMS: tuple[str, ...] = (*D100_SYSTEMS, FAN_SYSTEM)
MAX_LINES = 2_000
"""Lines read from a pasted text (16 tables of 10 rows need 160; comments and blanks besides)."""
LINE_LENGTH = 2_000
"""Characters on one line of pasted text, checked before the line is read: the longest row the
tables hold is about 850 (``Explosive, Right Arm, Row 10:``, 600 characters of text, 10 effects
like ``[Int damage 10d100]``); a chart row about 150."""
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters :meth:`str.splitlines` (and so the text form) ends a line at: a row's words
cannot hold one."""

_ROW_NUMBER = re.compile(r"(?:row\s*)?(\d{1,3})", re.IGNORECASE)
# A line is cut at its separators (the first colon; the commas before it) with str.partition and
# split, and each pattern is matched whole (fullmatch) against one stripped piece, the words that
# follow never matched by a pattern: linear in the line, with no backtracking over its length.
_CHART_HEAD = re.compile(r"chart\s*(\d{1,2})(?:\s*\(\s*d(\d{1,3})\s*\))?", re.IGNORECASE)
_CHART_SPAN = re.compile(r"(-?\d{1,3})(?:\s*[-\u2013]\s*(-?\d{1,3}))?")


class TablesTextError(ValueError):
    """Pasted tables that cannot be read: ``errors`` lists every bad line, each
    ``{"line": int, "field": str, "message": str}`` (lines counted from 1)."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        first = errors[0] if errors else {"line": 0, "message": "no errors"}
        super().__init__(
            f"line {first['line']}: {first['message']}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else "")
        )


# ---------------------------------------------------------------------------------------------- reading


def _lines(text: str) -> list[tuple[int, str]]:
    """The lines to read, numbered from 1: blank lines and ``#`` comments left out."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((number, line))
    return out


def _damage_type(word: str) -> str:
    for name in DAMAGE_TYPES:
        if word.strip().lower() == name.lower():
            return name
    raise LineError(
        "damage_type", f"'{limits.shown(word.strip())}' is not a damage type (Energy, Explosive, Impact, Rending)"
    )


def _location(word: str) -> str:
    plain = " ".join(word.split()).lower()
    for loc in TABLE_LOCATIONS:
        if plain in (loc.lower(), f"right {loc.lower()}", f"left {loc.lower()}"):
            return loc
    raise LineError("location", f"'{limits.shown(word.strip())}' is not a location (Head, Arm, Body, Leg)")


def _row_number(word: str) -> int:
    m = _ROW_NUMBER.fullmatch(word.strip())
    if not m:
        raise LineError("row", f"'{limits.shown(word.strip())}' is not a row number (1-{ROWS})")
    number = int(m.group(1))
    if not 1 <= number <= ROWS:
        raise LineError("row", f"row {number} is outside 1-{ROWS}")
    return number


def unwritable(words: str, *, effects: bool = True) -> str | None:
    """Why a row's words (a critical row's ``text``; with ``effects`` False, a chart row's
    ``result``) cannot be written as one line of the text form and read back the same, or None: a
    line break in them (:data:`LINE_BREAKS`: it would end the line), or (``effects``) a bracketed
    group at their end (it would read as an effect). Leading and trailing spaces are not kept by the
    text form (the words are read stripped), so they are no reason. Linear in ``words``."""
    found = next((c for c in words if c in LINE_BREAKS), None)
    if found is not None:
        return f"holds a line break (U+{ord(found):04X}); the text form keeps each row on one line"
    _, groups = trailing_groups(words) if effects else ("", [])
    if groups:
        return (
            f"ends in '[{limits.shown(groups[-1], 30)}]', which the text form reads as an effect: give effects "
            'in "effects", or reword it (for example in round brackets)'
        )
    return None


def _bounded(line: str) -> None:
    """Refuse a line longer than :data:`LINE_LENGTH` before anything reads it (raises LineError)."""
    if len(line) > LINE_LENGTH:
        raise LineError("line", f"the line is {len(line):,} characters long; a line holds at most {LINE_LENGTH:,}")


def _row_line(line: str) -> tuple[tuple[str, str], CriticalRow]:
    """One d100 line as its table's key (damage type, location) and its row; raises LineError."""
    _bounded(line)
    return _read_row(line)


def _read_row(line: str) -> tuple[tuple[str, str], CriticalRow]:
    """:func:`_row_line` without the bound (``tools/measure/bench_parse.py`` times it on long lines)."""
    head, colon, rest = line.partition(":")
    parts = head.split(",", 2)
    if not colon or len(parts) < 3:
        raise LineError(
            "line", "not a row like 'Energy, Body, 3: text [stunned 1]' (damage type, location, row, colon)"
        )
    damage_type, location, number = _damage_type(parts[0]), _location(parts[1]), _row_number(parts[2])
    text, effects = split_effects(rest)
    bad = limits.bad_character(text)
    if bad is not None:
        raise LineError("text", f"the text holds {bad}")
    if len(text) > ROW_TEXT_LENGTH:
        raise LineError("text", f"the text is {len(text)} characters long; at most {ROW_TEXT_LENGTH}")
    if len(effects) > 10:
        raise LineError("effects", "at most 10 effects on a row")
    return (damage_type, location), CriticalRow(row=number, text=text, effects=effects)


def _too_long(text: str) -> None:
    if len(text.splitlines()) > MAX_LINES:
        raise TablesTextError([{"line": MAX_LINES + 1, "field": "line", "message": f"at most {MAX_LINES} lines"}])


def parse_tables(system: str, text: str) -> TablesFile:
    """A d100 ruleset's (``system`` dh2, dh1 or dw) pasted rows as a :class:`TablesFile` holding
    only that ruleset's tables, in the books' order. Raises :class:`TablesTextError` listing every
    bad line (a row outside 1-10, a row given twice, an unknown effect, damage type or location, a
    line with no colon...)."""
    _too_long(text)
    errors: list[dict[str, Any]] = []
    rows: dict[tuple[str, str], dict[int, tuple[int, CriticalRow]]] = {}
    psychic_rows: list[tuple[int, str, Any]] = []  # the Phenomena and Perils lines (rules.critical.psychic)
    for number, line in _lines(text):
        if psychic.is_line(line):
            try:
                psychic_rows.append((number, *psychic.read_line(line)))
            except LineError as exc:
                errors.append({"line": number, "field": exc.field, "message": exc.message})
            continue
        try:
            key, row = _row_line(line)
        except LineError as exc:
            errors.append({"line": number, "field": exc.field, "message": exc.message})
            continue
        table = rows.setdefault(key, {})
        if row.row in table:
            first = table[row.row][0]
            message = f"{key[0]}, {key[1]}: row {row.row} is given twice (first on line {first})"
            errors.append({"line": number, "field": "row", "message": message})
            continue
        table[row.row] = (number, row)
    psychic_tables = psychic.build(system, psychic_rows, errors)
    if errors:
        raise TablesTextError(sorted(errors, key=lambda e: e["line"]))
    tables = [
        CriticalTable(
            system=system,
            damage_type=key[0],
            location=key[1],
            rows=[row for _, (_, row) in sorted(rows[key].items())],
        )
        for key in sorted(rows, key=_table_order)
    ]
    return TablesFile(tables=tables, **psychic_tables)


def _table_order(key: tuple[str, str]) -> tuple[int, int]:
    return DAMAGE_TYPES.index(key[0]), TABLE_LOCATIONS.index(key[1])


def _total(word: str) -> int:
    """A chart row's total as written: ``00`` is 100 (the d100's face), anything else its number
    (``0``, ``05``, ``-10``)."""
    return 100 if word == "00" else int(word)


def _span(total: int) -> str:
    """A chart row's total as :func:`_total` reads it back: two digits from 1 to 99 (``05``), and
    0, negatives and 100 upwards as plain numbers (never ``00``, which reads as 100)."""
    return f"{total:02d}" if 1 <= total <= 99 else str(total)


def _chart_line(line: str) -> tuple[int, int | None, dict[str, Any]]:
    """One fan line as (chart, die or None, row); raises LineError."""
    _bounded(line)
    return _read_chart(line)


def _read_chart(line: str) -> tuple[int, int | None, dict[str, Any]]:
    """:func:`_chart_line` without the bound (``tools/measure/bench_parse.py`` times it on long lines)."""
    head, comma, rest = line.partition(",")
    m = _CHART_HEAD.fullmatch(head.strip()) if comma else None
    if not m:
        raise LineError("line", "not a chart row like 'Chart 1, 01-20: Flesh wound'")
    chart = int(m.group(1))
    if not 1 <= chart <= 20:
        raise LineError("chart", f"chart {chart} is outside 1-20")
    die = int(m.group(2)) if m.group(2) else None
    if die is not None and die not in (100, 20, 10, 6):
        raise LineError("die", f"d{die} is not a chart's die (d100, d20, d10, d6)")
    span, colon, words = rest.partition(":")
    r = _CHART_SPAN.fullmatch(span.strip()) if colon else None
    if not r:
        raise LineError("rows", "not a row like '01-20: Flesh wound' (the totals, a colon, the result)")
    low = _total(r.group(1))
    high = low if not r.group(2) else _total(r.group(2))
    result = words.strip()
    if not result or len(result) > limits.CHART_ROW_LENGTH or limits.bad_character(result):
        raise LineError("rows", f"the result must be 1-{limits.CHART_ROW_LENGTH} characters of text")
    return chart, die, {"low": low, "high": high, "result": result}


def parse_charts(text: str) -> TablesFile:
    """The fan ruleset's pasted Damage Chart rows as a :class:`TablesFile` holding only its
    ``charts`` (by chart number), each checked with :class:`rules.wh40krp.models.DamageChart`.
    Raises :class:`TablesTextError` listing every bad line."""
    from ..wh40krp.models import DamageChart

    _too_long(text)
    errors: list[dict[str, Any]] = []
    charts: dict[int, dict[str, Any]] = {}
    for number, line in _lines(text):
        try:
            chart, die, row = _chart_line(line)
        except LineError as exc:
            errors.append({"line": number, "field": exc.field, "message": exc.message})
            continue
        entry = charts.setdefault(chart, {"line": number, "die": die, "rows": []})
        if die is not None and entry["die"] is not None and die != entry["die"]:
            errors.append(
                {
                    "line": number,
                    "field": "die",
                    "message": f"chart {chart} is a d{entry['die']} chart (line {entry['line']})",
                }
            )
            continue
        entry["die"] = entry["die"] or die
        entry["rows"].append(row)
    out = []
    for chart, entry in sorted(charts.items()):
        fields = {"chart": chart, "die": entry["die"] or 100, "rows": entry["rows"]}
        try:
            DamageChart.model_validate(fields)
        except ValidationError as exc:
            message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            errors.append({"line": entry["line"], "field": "rows", "message": f"chart {chart}: {message}"})
            continue
        out.append(ChartEntry.model_validate({"system": FAN_SYSTEM, **fields}))
    if errors:
        raise TablesTextError(sorted(errors, key=lambda e: e["line"]))
    return TablesFile(charts=out)


def parse_text(system: str, text: str) -> TablesFile:
    """The pasted text of one ruleset (``system`` dh2, dh1, dw or wh40krp; a d100 ruleset's with
    its Phenomena and Perils rows) as a
    :class:`TablesFile` of that ruleset's tables (or charts). Raises :class:`TablesTextError`
    (every bad line) or ValueError for a ruleset with no critical tables (Epic)."""
    if system == FAN_SYSTEM:
        return parse_charts(text)
    if system not in D100_SYSTEMS:
        raise ValueError(f"{system} has no critical tables (dh2, dh1, dw, wh40krp)")
    return parse_tables(system, text)


# ---------------------------------------------------------------------------------------------- writing


def _row_text(table: CriticalTable, row: CriticalRow) -> str:
    words = "".join(f" [{effect_words(e)}]" for e in row.effects)
    text = f" {row.text}" if row.text else ""
    return f"{table.damage_type}, {table.location}, {row.row}:{text}{words}"


def _chart_text(chart: ChartEntry) -> list[str]:
    data = chart.model_dump()
    head = f"Chart {data['chart']}" + ("" if data.get("die", 100) == 100 else f" (d{data['die']})")
    out = []
    for r in data["rows"]:
        span = _span(r["low"]) if r["low"] == r["high"] else f"{_span(r['low'])}-{_span(r['high'])}"
        out.append(f"{head}, {span}: {r['result']}")
    return out


HEADERS = {
    "d100": (f"# Critical tables: DAMAGE TYPE, LOCATION, ROW: your text [effect] [effect]\n# Effects: {EFFECT_HELP}\n"),
    FAN_SYSTEM: "# Damage Charts: Chart N, LOW-HIGH: result (Chart 2 (d20), 1-5: ... for a chart not rolled on d100)\n",
}


def format_text(system: str, file: TablesFile) -> str:
    """``file``'s tables of ``system`` (or, for wh40krp, its charts) as paste-in text, a comment
    heading it and one line per row, which :func:`parse_text` reads back to the same tables."""
    if system == FAN_SYSTEM:
        lines = [line for chart in file.charts for line in _chart_text(chart)]
        return HEADERS[FAN_SYSTEM] + "".join(f"{line}\n" for line in lines)
    lines = [_row_text(t, r) for t in file.tables if t.system == system for r in t.rows]
    more = psychic.lines_of(system, file)  # the Psychic Phenomena and Perils of the Warp rows, after them
    return HEADERS["d100"] + (psychic.HELP if more else "") + "".join(f"{line}\n" for line in lines + more)


def template(system: str) -> TablesFile:
    """Every table of a d100 ruleset (4 damage types by 4 locations) with rows 1-10 present and
    their text empty -- the group writes its own words; no book prose. The fan ruleset's charts
    have no fixed rows: its template is empty (the text template's heading shows a line). Raises
    ValueError for a ruleset with no critical tables."""
    if system == FAN_SYSTEM:
        return TablesFile()
    if system not in D100_SYSTEMS:
        raise ValueError(f"{system} has no critical tables (dh2, dh1, dw, wh40krp)")
    rows = [CriticalRow(row=n) for n in range(1, ROWS + 1)]
    tables = [
        CriticalTable(system=system, damage_type=t, location=loc, rows=rows)
        for t in DAMAGE_TYPES
        for loc in TABLE_LOCATIONS
    ]
    return TablesFile(tables=tables)
