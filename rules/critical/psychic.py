"""The group's Psychic Phenomena and Perils of the Warp tables as paste-in text: the lines of a d100
ruleset's text that are not critical rows, read with the critical rows' effect words
(:func:`rules.critical.text.parse_tables` hands them here) and written back by
:func:`rules.critical.text.format_text`.

One row per line, the table's name, the row's d100 span, a colon, the group's words and the
effects in brackets, as the critical rows'::

    Phenomena, 01-05: The lights flicker
    Phenomena, 71-75: A cold wind [fatigue 1]
    Phenomena, 76-100: The warp answers [perils]
    Perils, 01-05: Thrown down [stunned 1d5] [prone]

``Phenomena`` (or ``Psychic Phenomena``) and ``Perils`` (or ``Perils of the Warp``), any case; the
span is ``01-05`` or one result ``07`` (``00`` is 100). ``[perils]`` (or ``[roll on perils]``),
on a Phenomena row only, leads on to the Perils of the Warp table: it is the row's ``perils`` flag,
never read from the words. The effects are the critical rows' (stunned, prone, fatigue, blood loss,
on fire, characteristic damage, slain), less ``lost`` and ``useless`` (no hit location). No book
prose ships: the rows are the group's words.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from pydantic import ValidationError

from .. import limits
from .effect_words import LineError, effect_words, split_effects
from .models import ROW_TEXT_LENGTH, PerilsTable, PhenomenaRow, PhenomenaTable, PsychicRow, TablesFile

PHENOMENA = "Phenomena"
PERILS = "Perils"
_LINE = re.compile(
    r"(psychic\s+phenomena|phenomena|perils\s+of\s+the\s+warp|perils)\s*,\s*(\d{1,3})(?:\s*[-\u2013]\s*(\d{1,3}))?\s*:(.*)",
    re.IGNORECASE,
)
_HEAD = re.compile(r"(psychic\s+phenomena|phenomena|perils)\b", re.IGNORECASE)
_PERILS_WORDS = re.compile(r"(?:roll\s+on\s+(?:the\s+)?)?perils(?:\s+of\s+the\s+warp)?", re.IGNORECASE)
HELP = "# Phenomena, LOW-HIGH: your text [effect] ... [perils] (leads on to Perils); Perils, LOW-HIGH: your text [effect]\n"
"""The paste-in text's heading line for the psychic tables."""


def is_line(line: str) -> bool:
    """Whether a (stripped, non-comment) line is a psychic table's row rather than a critical row:
    it starts with the word Phenomena or Perils."""
    return _HEAD.match(line) is not None


def _number(word: str) -> int:
    return 100 if word == "00" else int(word)


def _split_perils(rest: str) -> tuple[str, bool]:
    """``rest`` with its trailing ``[perils]`` words taken out, and whether there were any. Only
    the bracketed words at the end of the line are looked at (each once: linear in the line)."""
    kept: list[str] = []
    perils = False
    body = rest.rstrip()
    while body.endswith("]") and not body.endswith("\\]"):
        start = body.rfind("[")
        if start < 0:
            break
        parts = re.split(r"[;,]", body[start + 1 : -1])
        others = [p for p in parts if not _PERILS_WORDS.fullmatch(p.strip())]
        if len(others) < len(parts):
            perils = True
            if any(p.strip() for p in others):
                kept.append("[" + ",".join(others) + "]")
        else:
            kept.append(body[start:])
        body = body[:start].rstrip()
    return body + "".join(" " + k for k in reversed(kept)), perils


def read_line(line: str) -> tuple[str, PsychicRow]:
    """One psychic line as its table (``"Phenomena"`` or ``"Perils"``) and its row. Raises
    :class:`rules.critical.text.LineError` (field ``line``, ``rows``, ``text`` or ``effects``)."""
    m = _LINE.fullmatch(line)
    if not m:
        raise LineError(
            "line", "not a row like 'Phenomena, 01-05: text [fatigue 1]' (table, d100 span, colon; [perils] leads on)"
        )
    table = PERILS if m.group(1).lower().startswith("perils") else PHENOMENA
    low = _number(m.group(2))
    high = low if m.group(3) is None else _number(m.group(3))
    if not (1 <= low <= 100 and 1 <= high <= 100) or low > high:
        raise LineError(
            "rows", f"'{limits.shown(m.group(2))}-{limits.shown(m.group(3) or '')}' is not a span of 01-100"
        )
    rest, perils = _split_perils(m.group(4))
    if perils and table == PERILS:
        raise LineError("effects", "[perils] leads a Phenomena row on to the Perils table; a Perils row cannot")
    text, effects = split_effects(rest)
    bad = limits.bad_character(text)
    if bad is not None:
        raise LineError("text", f"the text holds {bad}")
    if len(text) > ROW_TEXT_LENGTH:
        raise LineError("text", f"the text is {len(text)} characters long; at most {ROW_TEXT_LENGTH}")
    if len(effects) > 10:
        raise LineError("effects", "at most 10 effects on a row")
    fields: dict[str, Any] = {"low": low, "high": high, "text": text, "effects": effects}
    try:
        row = PhenomenaRow(**fields, perils=perils) if table == PHENOMENA else PsychicRow(**fields)
    except ValidationError as exc:
        raise LineError("effects", str(exc.errors()[0]["msg"]).removeprefix("Value error, ")) from None
    return table, row


def build(system: str, lines: list[tuple[int, str, PsychicRow]], errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``phenomena`` and ``perils`` of a :class:`TablesFile` from the lines read (``(line
    number, table, row)``), rows by their span; an overlap is added to ``errors`` at the later
    line (``field`` ``rows``)."""
    out: dict[str, Any] = {}
    for table, key, model in ((PHENOMENA, "phenomena", PhenomenaTable), (PERILS, "perils", PerilsTable)):
        mine = sorted(((n, r) for n, t, r in lines if t == table), key=lambda x: x[1].low)
        clash = False
        for (n1, r1), (n2, r2) in itertools.pairwise(mine):
            if r2.low <= r1.high:
                later = max(n1, n2)
                message = f"{table}: {r2.span} overlaps {r1.span} (line {min(n1, n2)})"
                errors.append({"line": later, "field": "rows", "message": message})
                clash = True
        if mine and not clash:
            out[key] = [model(system=system, rows=[r for _, r in mine])]
    return out


def row_text(table: str, row: PsychicRow) -> str:
    """A row as its paste-in line: ``Phenomena, 76-100: words [fatigue 1] [perils]``."""
    words = "".join(f" [{effect_words(e)}]" for e in row.effects)
    if getattr(row, "perils", False):
        words += " [perils]"
    text = f" {row.text}" if row.text else ""
    return f"{table}, {row.span}:{text}{words}"


def lines_of(system: str, file: TablesFile) -> list[str]:
    """``system``'s Phenomena rows, then its Perils rows, as paste-in lines (by span)."""
    out = []
    for table, found in ((PHENOMENA, file.phenomena), (PERILS, file.perils)):
        for t in found:
            if t.system == system:
                out += [row_text(table, r) for r in sorted(t.rows, key=lambda r: r.low)]
    return out
