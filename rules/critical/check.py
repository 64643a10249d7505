"""Checking a group's critical tables before anything is saved, and merging them into what is.

:func:`check_tables` takes JSON text, one of:

- a tables file ``{"auspex_critical": 1, "tables": [...], "charts": [...]}``
  (``auspex-tables.json``, as Export writes it);
- pasted text for one ruleset ``{"system": "dh2", "text": "Energy, Body, 3: ..."}``
  (:mod:`rules.critical.text`);

and with ``saved`` (the tables file kept on the device, as JSON text) answers the file to store
next: a tables file merged in (:func:`merge_tables`: its tables replace the same ruleset, damage
type and location; its charts the same chart), or the pasted ruleset's tables in place of that
ruleset's (:func:`replace_system`: the text is the whole ruleset, so a table taken out of it is
taken out). The envelope is the party check's (:func:`rules.party.check_party`):
``{"status": "ok", "file": {...}}`` or ``{"status": "invalid", "errors": [{"field", "where",
"message"}]}`` (a pasted line's error also has ``line``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from .. import jsonsafe
from ..api import error_message, field_path
from ..errors import ScenarioError
from .models import DAMAGE_TYPES, TABLE_LOCATIONS, ChartEntry, TablesFile
from .text import (
    D100_SYSTEMS,
    FAN_SYSTEM,
    MAX_LINES,
    SYSTEMS,
    TablesTextError,
    format_text,
    parse_text,
    template,
    unwritable,
)

VERSION = 1
MAX_ERRORS = 50


def _invalid(errors: list[dict[str, Any]]) -> dict[str, Any]:
    envelope: dict[str, Any] = {"status": "invalid", "errors": errors[:MAX_ERRORS]}
    if len(errors) > MAX_ERRORS:
        envelope["more"] = len(errors) - MAX_ERRORS
    return envelope


def _msg(e: Any) -> str:
    """A pydantic error's message: the models' own words for their checks (a row given twice),
    :func:`rules.api.error_message`'s for the rest."""
    if e["type"] == "value_error":
        return str(e["msg"]).removeprefix("Value error, ")
    return error_message(e)


def _error(field: str, message: str, where: str | None = None) -> dict[str, Any]:
    return {"field": field, "where": where if where is not None else describe(field), "message": message}


def _item(raw: object, key: str, index: int) -> dict[str, Any]:
    """``raw[key][index]`` when it is an object, else ``{}`` (for naming what an error is in)."""
    items = raw.get(key) if isinstance(raw, dict) else None
    item = items[index] if isinstance(items, list) and index < len(items) else None
    return item if isinstance(item, dict) else {}


def _named(table: dict[str, Any]) -> str:
    words = [table.get(k) for k in ("system", "damage_type", "location")]
    return f" ({words[0]} {words[1]}, {words[2]})" if all(isinstance(w, str) and len(w) < 20 for w in words) else ""


def describe(field: str, raw: object = None) -> str:
    """A path from the file's root for a player, naming the table and row where ``raw`` (the
    file's JSON) says: ``tables.2.rows.0.row`` -> ``Table 3 (dh2 Energy, Body), row 11, row``."""
    parts = field.split(".")
    if len(parts) >= 2 and parts[0] in ("phenomena", "perils") and parts[1].isdigit():
        return _psychic_where(parts, raw)
    if len(parts) < 2 or parts[0] not in ("tables", "charts") or not parts[1].isdigit():
        return "File" if field == "file" else field
    index = int(parts[1])
    item = _item(raw, parts[0], index)
    head = f"Table {index + 1}{_named(item)}" if parts[0] == "tables" else f"Chart {index + 1}"
    rest = parts[2:]
    if len(rest) >= 2 and rest[0] == "rows" and rest[1].isdigit():
        number = _item(item, "rows", int(rest[1])).get("row")
        head += (
            f", row {number}" if parts[0] == "tables" and isinstance(number, int) else f", row entry {int(rest[1]) + 1}"
        )
        rest = rest[2:]
    if len(rest) >= 2 and rest[0] == "effects" and rest[1].isdigit():
        head += f", effect {int(rest[1]) + 1}"
        rest = rest[2:]
    return f"{head}, {'.'.join(rest)}" if rest else head


def _psychic_where(parts: list[str], raw: object) -> str:
    """``phenomena.0.rows.2.low`` -> ``Psychic Phenomena (dh2), row entry 3, low``."""
    item = _item(raw, parts[0], int(parts[1]))
    system = item.get("system")
    head = ("Psychic Phenomena" if parts[0] == "phenomena" else "Perils of the Warp") + (
        f" ({system})" if isinstance(system, str) and len(system) < 20 else f" {int(parts[1]) + 1}"
    )
    rest = parts[2:]
    if len(rest) >= 2 and rest[0] == "rows" and rest[1].isdigit():
        head += f", row entry {int(rest[1]) + 1}"
        rest = rest[2:]
    if len(rest) >= 2 and rest[0] == "effects" and rest[1].isdigit():
        head += f", effect {int(rest[1]) + 1}"
        rest = rest[2:]
    return f"{head}, {'.'.join(rest)}" if rest else head


def chart_errors(file: TablesFile, prefix: str = "") -> list[dict[str, Any]]:
    """Each chart checked with :class:`rules.wh40krp.models.DamageChart` (its fields besides
    ``system``): the errors, each ``{"field", "where", "message"}``, ``field`` from ``prefix``."""
    return _charts(file, prefix)[1]


def _charts(
    file: TablesFile, prefix: str = "", *, saved: bool = False
) -> tuple[list[ChartEntry], list[dict[str, Any]]]:
    """Each chart checked with :class:`rules.wh40krp.models.DamageChart` and written in its
        canonical form, the model's own (``chart``, ``die`` and each row's ``low`` and ``high`` whole
        numbers, ``rows`` a list even where the file gave them as text, ``"1"`` or ``1.0`` read as 1):
        the charts and the errors (``field`` from ``prefix``); a chart number given twice is refused
    (``saved``: kept, so a file saved before this check loses nothing)."""
    from ..wh40krp.models import DamageChart

    charts: list[ChartEntry] = []
    errors = []
    seen: set[int] = set()
    for index, chart in enumerate(file.charts):
        fields = {k: v for k, v in chart.model_dump().items() if k != "system"}
        try:
            checked = DamageChart.model_validate(fields)
        except ValidationError as exc:
            for e in exc.errors():
                field = field_path((*f"{prefix}charts.{index}".split("."), *e["loc"]))
                errors.append(_error(field, _msg(e), describe(field.removeprefix(prefix))))
            continue
        if checked.chart in seen and not saved:
            field = f"charts.{index}.chart"
            errors.append(_error(prefix + field, f"chart {checked.chart} is given twice", describe(field)))
            continue
        seen.add(checked.chart)
        charts.append(ChartEntry.model_validate({"system": "wh40krp", **checked.model_dump(mode="json")}))
    return charts, errors


_PERILS_FLAG = re.compile(r"phenomena\.\d+\.rows\.\d+\.perils")


def _no_bools(raw: object, prefix: str) -> list[dict[str, Any]]:
    """``true`` or ``false`` anywhere in a tables file but a Psychic Phenomena row's ``perils`` flag
    (no other field is one; a whole number given as ``true`` would read as 1), each refused at its
    path. Linear in the file."""
    errors = []
    stack: list[tuple[object, str]] = [(raw, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, bool) and not _PERILS_FLAG.fullmatch(path):
            errors.append(
                _error(prefix + path, f"{str(item).lower()} is not a value of a tables file", describe(path, raw))
            )
        elif isinstance(item, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{path}.{i}" if path else str(i)) for i, v in enumerate(item))
    return sorted(errors, key=lambda e: e["field"])


def _unwritable(file: TablesFile, system: str | None = None) -> list[tuple[str, str]]:
    """The rows of ``file`` (of ``system`` only, when given) whose words the text form cannot
    write and read back the same (:func:`rules.critical.text.unwritable`), each as (field path
    from the file's root, message)."""
    out = []
    for t, table in enumerate(file.tables):
        if system is not None and table.system != system:
            continue
        for r, row in enumerate(table.rows):
            why = unwritable(row.text)
            if why is not None:
                out.append((f"tables.{t}.rows.{r}.text", f"the text {why}"))
    if system in (None, FAN_SYSTEM):
        out += _unwritable_charts(file)
    return out + _unwritable_psychic(file, system)


def _unwritable_charts(file: TablesFile) -> list[tuple[str, str]]:
    """The fan ruleset's charts :func:`_unwritable` finds: a chart number given twice, a result
    blank or not writable as text."""
    out = []
    numbers: set[int] = set()
    for c, chart in enumerate(file.charts):
        number = chart.model_dump().get("chart", 1)
        if number in numbers:  # saved by an older Auspex: the text would read both as one chart
            out.append((f"charts.{c}.chart", f"chart {number} is given twice"))
        numbers.add(number)
        for r, row in enumerate(chart.model_dump()["rows"]):
            result = row.get("result", "") if isinstance(row, dict) else ""
            why = unwritable(result, effects=False) if isinstance(result, str) else None
            if why is None and isinstance(result, str) and not result.strip():
                why = "is blank"
            if why is not None:
                out.append((f"charts.{c}.rows.{r}.result", f"the result {why}"))
    return out


def _unwritable_psychic(file: TablesFile, system: str | None) -> list[tuple[str, str]]:
    """The Psychic Phenomena and Perils of the Warp rows :func:`_unwritable` finds."""
    out = []
    for key in ("phenomena", "perils"):
        for t, psychic in enumerate(getattr(file, key)):
            if system is not None and psychic.system != system:
                continue
            for r, prow in enumerate(psychic.rows):
                why = unwritable(prow.text)
                if why is not None:
                    out.append((f"{key}.{t}.rows.{r}.text", f"the text {why}"))
    return out


def canonical(file: TablesFile) -> TablesFile:
    """``file`` as it is stored and written back: tables in the books' order (ruleset, damage type,
    then Head, Arm, Body, Leg), each table's rows by number, a table with no rows left out (it reads
    as no table), each row's text and chart result stripped, charts by number. The text form
    (:func:`rules.critical.text.format_text`) writes a canonical file's tables so that
    :func:`rules.critical.text.parse_text` reads back the same."""
    tables = [
        t.model_copy(
            update={
                "rows": [r.model_copy(update={"text": r.text.strip()}) for r in sorted(t.rows, key=lambda r: r.row)]
            }
        )
        for t in file.tables
        if t.rows
    ]
    tables.sort(
        key=lambda t: (
            D100_SYSTEMS.index(t.system),
            DAMAGE_TYPES.index(t.damage_type),
            TABLE_LOCATIONS.index(t.location),
        )
    )
    charts = []
    for chart in file.charts:
        data = chart.model_dump()
        rows = data.get("rows")
        if isinstance(rows, list):
            data["rows"] = [
                {**r, "result": r["result"].strip()} if isinstance(r, dict) and isinstance(r.get("result"), str) else r
                for r in rows
            ]
        charts.append(ChartEntry.model_validate(data))
    charts.sort(key=lambda c: int(c.model_dump().get("chart", 1)))
    psychic = {
        key: sorted(
            (
                p.model_copy(
                    update={
                        "rows": [
                            r.model_copy(update={"text": r.text.strip()}) for r in sorted(p.rows, key=lambda r: r.low)
                        ]
                    }
                )
                for p in getattr(file, key)
                if p.rows
            ),
            key=lambda p: D100_SYSTEMS.index(p.system),
        )
        for key in ("phenomena", "perils")
    }
    return TablesFile(tables=tables, charts=charts, **psychic)


def validate_file(
    raw: object, prefix: str = "", *, saved: bool = False
) -> tuple[TablesFile | None, list[dict[str, Any]]]:
    """A tables file's JSON value checked: the file (its charts in their canonical form), or None
    with its errors (``field`` paths from ``prefix``, ``"critical_tables."`` in a party file).
    ``auspex_critical`` other than the whole number 1 (``true``, ``1.0``, ``"1"``, 2) is refused;
    so are ``true``/``false`` anywhere, a chart number given twice, and a row the text form cannot
    write back as the same row (:func:`rules.critical.text.unwritable`: a line break in its words,
    or its text ending in a bracketed group). With ``saved`` (the file kept on the device, written
    by this or an older Auspex) only the models' checks apply, so a file saved before these checks
    still reads and nothing in it is lost."""
    if not isinstance(raw, dict) or "auspex_critical" not in raw:
        message = 'Not an Auspex critical tables file (it has no "auspex_critical": 1)'
        return None, [_error(prefix.rstrip(".") or "file", message, "File")]
    version = raw["auspex_critical"]
    if type(version) is not int or version != VERSION:
        if type(version) is int:
            message = f"version {version} of the critical tables; this Auspex reads version {VERSION}"
        else:
            shown = json.dumps(version)[:20] if isinstance(version, str | int | float) else type(version).__name__
            message = f'version {shown} is not a version number: "auspex_critical" is the whole number {VERSION}'
        return None, [_error(f"{prefix}auspex_critical", message, "File")]
    unreadable = jsonsafe.check_value(raw, what="file", structure=False)
    if unreadable:
        return None, [_error(prefix + e.field, e.message) for e in unreadable]
    if not saved and (bools := _no_bools(raw, prefix)):
        return None, bools
    try:
        file = TablesFile.model_validate(raw)
    except ValidationError as exc:
        errors = []
        for e in exc.errors():
            field = field_path(tuple(e["loc"])) or "file"
            errors.append(_error(prefix + field, _msg(e), describe(field, raw)))
        return None, errors
    charts, errors = _charts(file, prefix, saved=saved)
    if errors:
        return None, errors
    file = file.model_copy(update={"charts": charts})
    if not saved:
        errors = [_error(prefix + field, message, describe(field, raw)) for field, message in _unwritable(file)]
        if errors:
            return None, errors
    return file, []


def _text_request(raw: dict[str, Any]) -> tuple[str, TablesFile | None, list[dict[str, Any]]]:
    system, text = raw.get("system"), raw.get("text")
    if system not in SYSTEMS:
        return "", None, [_error("system", f"{system!r}: the critical tables are for {', '.join(SYSTEMS)}"[:200])]
    if not isinstance(text, str):
        return system, None, [_error("text", "the pasted tables, as text")]
    try:
        return system, parse_text(system, text), []
    except TablesTextError as exc:
        errors = [
            {
                "field": "text",
                "line": e["line"],
                "part": e["field"],
                "where": f"Line {e['line']}",
                "message": e["message"],
            }
            for e in exc.errors
        ]
        return system, None, errors


# Effect words the group may have written in a row's words instead of in brackets (the paste-in
# text's effects: rules.critical.text), each with the bracketed form that applies it.
_COUNT = r"(\d{1,3}|\d{0,2}d\d{1,3})"
_WORDS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(rf"\bstunned\s+{_COUNT}(?:\s+rounds?)?\b", re.IGNORECASE), "stunned", "[stunned {0}]"),
    (re.compile(rf"\bfatigue\s+{_COUNT}(?:\s+levels?)?\b", re.IGNORECASE), "fatigue", "[fatigue {0}]"),
    (re.compile(r"\bprone\b", re.IGNORECASE), "prone", "[prone]"),
    (re.compile(r"\bblood\s+loss\b", re.IGNORECASE), "blood_loss", "[blood loss]"),
    (re.compile(r"\bon\s+fire\b", re.IGNORECASE), "on_fire", "[on fire]"),
    (re.compile(r"\bslain\b", re.IGNORECASE), "slain", "[slain]"),
    (re.compile(rf"\b(WS|BS|S|T|Ag|Int|Per|WP|Fel)\s+damage\s+{_COUNT}\b"), "characteristic", "[{0} damage {1}]"),
)
_HEAD = re.compile(r"\s*([^,:]*),([^,:]*),([^:]*):")


def _row_lines(text: str) -> dict[tuple[str, str, int], int]:
    """Each row line of pasted d100 text by (damage type, location, row), lowercased, with its
    line number (from 1); the last line wins, as the parse refuses a row given twice anyway."""
    out: dict[tuple[str, str, int], int] = {}
    for n, line in enumerate(text.splitlines()[:MAX_LINES], start=1):
        m = _HEAD.match(line)
        number = re.search(r"\d{1,3}", m.group(3)) if m else None
        if m and number:
            out[(m.group(1).strip().lower(), m.group(2).strip().lower(), int(number.group()))] = n
    return out


def _loose_effects(r: Any) -> list[tuple[str, str]]:
    """The effect words in row ``r``'s text that none of its effects applies, each once, with the
    bracketed form that would apply it: ``[("Stunned 1", "[stunned 1]")]``."""
    found: list[tuple[str, str]] = []
    for pattern, kind, bracketed in _WORDS:
        for m in pattern.finditer(r.text):
            applied = any(
                e.kind == kind and (kind != "characteristic" or e.characteristic == m.group(1)) for e in r.effects
            )
            if not applied and m.group(0) not in [f for f, _ in found]:
                found.append((m.group(0), bracketed.format(*m.groups())))
    return found


def unbracketed_effects(system: str, text: str, file: TablesFile) -> list[dict[str, Any]]:
    """Warnings for ``system``'s rows of ``file`` (parsed from the pasted ``text``) whose words hold
    an effect the row does not apply: ``Stunned 1`` or ``Prone`` written outside brackets (or in
    brackets not at the end of the line) is kept as the group's words and nothing is applied.
    Saving is not refused; each warning is ``{"line", "where", "message"}`` (``line`` the pasted
    line, from 1; None when it cannot be found), in line order."""
    lines = _row_lines(text)
    out = []
    for t in file.tables:
        if t.system != system:
            continue
        for r in t.rows:
            found = _loose_effects(r)
            if not found:
                continue
            line = next(
                (
                    n
                    for (d, loc, row), n in lines.items()
                    if d == t.damage_type.lower() and t.location.lower() in loc and row == r.row
                ),
                None,
            )
            said = ", ".join(f"'{words}'" for words, _ in found)
            fix = " ".join(b for _, b in found)
            message = (
                f"{t.damage_type}, {t.location}, row {r.row}: {said} is only words here, nothing is applied; "
                f"to apply it, end the line with {fix}"
            )
            out.append(
                {
                    "line": line,
                    "where": f"Line {line}" if line else f"{t.damage_type}, {t.location}, row {r.row}",
                    "message": message,
                }
            )
    return sorted(out, key=lambda w: w["line"] or 0)


def _saved(saved: str | None) -> TablesFile:
    """The file kept on the device; one that cannot be read counts as none (the page keeps an
    unreadable value aside before it asks)."""
    if not saved:
        return TablesFile()
    try:
        file, _ = validate_file(jsonsafe.loads(saved, what="file"), saved=True)
    except ScenarioError:
        return TablesFile()
    return file or TablesFile()


def check_tables(text: str, saved: str | None = None) -> dict[str, Any]:
    """Check a tables file or one ruleset's pasted text (JSON text, see the module).

    Returns ``{"status": "ok", "file": {...}}`` -- the file as read, or with ``saved`` the file to
    store next -- (plus ``"system"`` and ``"warnings"`` for pasted text: :func:`unbracketed_effects`) or ``{"status": "invalid", "errors": [...]}``,
    each error ``{"field", "where", "message"}`` (``field`` a path from the file's root, or
    ``"text"`` with the pasted ``line`` and its ``part``: row, effects, location...)."""
    try:
        raw = jsonsafe.loads_file(text)
    except ScenarioError as exc:
        message = exc.errors[0].message
        return _invalid([_error("file", message, "File")])
    if isinstance(raw, dict) and "text" in raw and "auspex_critical" not in raw:
        system, file, errors = _text_request(raw)
        if file is None:
            return _invalid(errors)
        out = replace_system(_saved(saved), system, file) if saved is not None else file
        warnings = unbracketed_effects(system, str(raw["text"]), file)  # saved, and said
        return {"status": "ok", "system": system, "file": dump(canonical(out)), "warnings": warnings}
    file, errors = validate_file(raw)
    if file is None:
        return _invalid(errors)
    out = merge_tables(_saved(saved), file) if saved is not None else file
    return {"status": "ok", "file": dump(canonical(out))}


def dump(file: TablesFile) -> dict[str, Any]:
    """The file as JSON data (``None`` fields of effects left out)."""
    data: dict[str, Any] = file.model_dump(mode="json", exclude_none=True)
    return data


def merge_tables(saved: TablesFile, incoming: TablesFile) -> TablesFile:
    """``incoming``'s tables replace ``saved``'s of the same ruleset, damage type and location
    (the others kept, in their place; new ones after them); its charts replace the same chart
    number."""
    keys = {(t.system, t.damage_type, t.location): t for t in incoming.tables}
    tables = [keys.pop((t.system, t.damage_type, t.location), t) for t in saved.tables]
    tables += [t for t in incoming.tables if (t.system, t.damage_type, t.location) in keys]
    charts_in = {c.model_dump()["chart"]: c for c in incoming.charts}
    charts = [charts_in.pop(c.model_dump()["chart"], c) for c in saved.charts]
    charts += [c for c in incoming.charts if c.model_dump()["chart"] in charts_in]
    return TablesFile(tables=tables, charts=charts, **_psychic_merged(saved, incoming, incoming_systems=None))


def _psychic_merged(saved: TablesFile, incoming: TablesFile, incoming_systems: set[str] | None) -> dict[str, Any]:
    """The ``phenomena`` and ``perils`` of the file to store: ``incoming``'s replace ``saved``'s of
    the same ruleset; with ``incoming_systems`` (pasted text: the whole ruleset) a ruleset's table
    left out of ``incoming`` is taken out too."""
    out: dict[str, Any] = {}
    for key in ("phenomena", "perils"):
        new = {t.system: t for t in getattr(incoming, key)}
        gone = incoming_systems or set()
        kept = [new.pop(t.system, t) for t in getattr(saved, key) if t.system not in gone or t.system in new]
        out[key] = kept + list(new.values())
    return out


def replace_system(saved: TablesFile, system: str, incoming: TablesFile) -> TablesFile:
    """``saved`` with ``system``'s tables (or, for wh40krp, its charts) replaced by
    ``incoming``'s: the pasted text is the whole ruleset."""
    if system == "wh40krp":
        return TablesFile(tables=saved.tables, charts=incoming.charts, phenomena=saved.phenomena, perils=saved.perils)
    kept = [t for t in saved.tables if t.system != system]
    return TablesFile(
        tables=kept + [t for t in incoming.tables if t.system == system],
        charts=saved.charts,
        **_psychic_merged(saved, incoming, incoming_systems={system}),
    )


def tables_text(system: str, saved: str | None = None, *, blank: bool = False) -> dict[str, Any]:
    """The paste-in text of ``system``'s tables kept in ``saved`` (JSON text; none or unreadable:
    no tables), or with ``blank`` of its template (:func:`rules.critical.text.template`): what the
    page's textarea shows (the file in its canonical form, :func:`canonical`). Returns
    ``{"status": "ok", "system", "text"}``, or ``invalid`` at ``system`` for a ruleset with no
    critical tables, or at ``saved`` when that ruleset's saved rows cannot be written as text
    (saved by an older Auspex: a row's text ending in a bracketed group or holding a line break),
    so the page keeps its box from being saved over them."""
    if system not in SYSTEMS:
        return _invalid([_error("system", f"{system!r}: the critical tables are for {', '.join(SYSTEMS)}"[:200])])
    file = template(system) if blank else canonical(_saved(saved))
    broken = _unwritable(file, system)
    if broken:
        field, message = broken[0]
        where = describe(field, dump(file))
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        text = (
            f"Your saved tables of {system} cannot be shown as text: {where}: {message}{more}. Export them, "
            "correct the file and import it; until then this box is not saved over them."
        )
        return _invalid([_error("saved", text, "Saved tables")])
    text = format_text(system, file)
    if blank and system != "wh40krp":  # the psychic tables' line, to write after the critical rows
        from .psychic import HELP

        text += HELP
    return {"status": "ok", "system": system, "text": text}
