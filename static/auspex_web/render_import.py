"""The import preview (the Party panel's "Import a character"): what each field of each entry became,
where it was read, and what was not understood, before anything is saved.

Pure; every text escaped (names, values, sources and messages all come from the user's file or
pasted text). Each field whose value is a number or a text is an ``<input>`` the player may correct:
``data-entry`` (``attackers.0``), ``data-field`` (the dotted path inside the entry's ``data``,
``characteristics.BS``, ``weapon.pen``) and ``data-type`` (``number`` or ``text``) say where the
page puts the corrected value in the party file before it is checked again and saved. A list
(a weapon's qualities) is shown, not edited. ``data-k`` marks what scripts and tests read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .render import _k, e

KIND_WORDS = {"attackers": "Attacker", "weapons": "Weapon", "targets": "Target", "armour": "Armour"}
"""Each kind of party entry as the preview names it."""

NUMBER_WIDTH = 6
"""A number field's width (characters): the largest value a profile holds has 5 digits."""


def _breakable(path: object) -> str:
    """A dotted field path, escaped, that a narrow screen breaks after its dots
    (``characteristics.<wbr>BS``) rather than inside a word."""
    return e(path).replace(".", ".<wbr>")


def _input(entry: str, field: str, value: Any) -> str:
    """The correctable value of one field: a number box for a number, a text box for a text, and
    for a list of texts (a weapon's qualities) one text box, its items joined by commas."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    kind = "number" if number else "list" if isinstance(value, list) else "text"
    size = f' size="{NUMBER_WIDTH}" inputmode="numeric"' if number else ""
    shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
    label = f"{entry} {field}"
    return (
        f'<input type="text"{size} data-entry="{e(entry)}" data-field="{e(field)}" data-type="{kind}"'
        f' value="{e(shown)}" aria-label="{e(label)}" autocomplete="off">'
    )


def _value(entry: str, field: str, value: Any) -> str:
    """A field's value: editable when a number, a text or a list of texts; else shown as read."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return _input(entry, field, value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _input(entry, field, value)
    return e(value)


def _problems_at(problems: list[Mapping[str, Any]], sources: set[str]) -> list[Mapping[str, Any]]:
    """The problems whose place is one of an entry's fields' sources, or inside one (a quality
    not understood at ``items.1.system.special``, a line of a stat block)."""
    out = []
    for p in problems:
        at = str(p.get("at", ""))
        if any(at == s or at.startswith(s + ".") or at.startswith(s + ":") or at.startswith(s + " ") for s in sources):
            out.append(p)
    return out


def _problem_list(problems: list[Mapping[str, Any]], key: str) -> str:
    items = "".join(f"<li><code>{e(p.get('at', ''))}</code>: {e(p.get('message', ''))}</li>" for p in problems)
    return f'<ul class="import-problems" data-k="{e(key)}">{items}</ul>' if items else ""


def _entry(
    key: str,
    word: str,
    entry: Mapping[str, Any],
    fields: list[Mapping[str, Any]],
    problems: list[Mapping[str, Any]],
    talents: list[Mapping[str, Any]],
) -> tuple[str, list[Mapping[str, Any]]]:
    """One party entry's fieldset (its fields, where each was read, the talents the engine reads,
    the problems found at its fields' places) and those problems."""
    mine = [f for f in fields if f.get("entry") == key]
    rows = "".join(
        f'<tr><th scope="row">{_breakable(f.get("field", ""))}</th>'
        f"<td>{_value(key, str(f.get('field', '')), f.get('value'))}</td>"
        f'<td><small class="import-source">{e(f.get("source", ""))}</small></td></tr>'
        for f in mine
    )
    sources = {str(f.get("source", "")) for f in mine if f.get("source")}
    # a field's source may join several places ("items.1.system.special (item 1), ...")
    sources |= {s.split(" (")[0] for s in sources}
    here = _problems_at(problems, sources)
    said = [t for t in talents if t.get("entry") == key]
    extra = ""
    if said:
        names = ", ".join(f"{t.get('name', '')} ({t.get('source', '')})" for t in said)
        extra = f'<p class="hint">Talents the engine reads: {e(names)}</p>'
    html = (
        f'<fieldset class="import-entry" data-k="entry" data-entry="{e(key)}">'
        f"<legend>{e(word)}: {_k('name', e(entry.get('name', '')))}</legend>"
        f'<table class="import-fields"><thead><tr><th scope="col">Field</th><th scope="col">Value</th>'
        f'<th scope="col">Read from</th></tr></thead><tbody>{rows}</tbody></table>'
        f"{extra}{_problem_list(here, 'problems')}</fieldset>"
    )
    return html, here


def render_import(preview: Mapping[str, Any]) -> str:
    """The preview of one import (``run_import``'s ``import``: ``{party, fields, problems,
    talents, readings}``) as HTML: the readings taken, then per entry of the party a table of its
    fields (field, value, where it was read) with the problems found at its fields' places, then
    the problems placed at no entry. Returns the HTML text; raises nothing on a well-formed
    preview (a field missing from a mapping reads as empty)."""
    party = preview.get("party") or {}
    fields = list(preview.get("fields") or [])
    problems = list(preview.get("problems") or [])
    talents = list(preview.get("talents") or [])
    placed: set[int] = set()
    out = []
    readings = preview.get("readings") or []
    if readings:
        items = "".join(f"<li>{e(r)}</li>" for r in readings)
        out.append(f'<p class="hint">Read as:</p><ul class="import-readings" data-k="readings">{items}</ul>')
    for kind, word in KIND_WORDS.items():
        for i, entry in enumerate(party.get(kind) or []):
            html, here = _entry(f"{kind}.{i}", word, entry, fields, problems, talents)
            placed |= {id(p) for p in here}
            out.append(html)
    rest = [p for p in problems if id(p) not in placed]
    if rest:
        out.append(f'<p class="hint">Not understood:</p>{_problem_list(rest, "problems-elsewhere")}')
    return "".join(out)
