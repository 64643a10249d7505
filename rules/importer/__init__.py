"""Bring your characters: Foundry VTT actors and pasted stat blocks into party file entries.

Loaded only when used (the CLI's ``import``, the page's import), never at the engine's start.
:func:`import_text` reads what the user gives, recognising what it is from the text itself: JSON
is a Foundry actor's "Export Data" (one actor, a list of them, or ``{"actors": [...]}``; the four
systems and the readings taken are in :mod:`rules.importer.foundry`); anything else is one or more
stat blocks in the books' layout (:mod:`rules.importer.statblock`). Nothing is saved: the result is
a preview (:class:`~rules.importer.models.ImportResult`) whose ``party`` is a party file the
player confirms.

Bounded input as the party file: the same size, depth and digits limits (:mod:`rules.jsonsafe`),
every text read checked for length and for characters that cannot be shown (:mod:`rules.limits`);
the text of a stat block at most :data:`STATBLOCK_LENGTH` characters. Ships no book text.
"""

from __future__ import annotations

import json
from typing import Any

from .. import jsonsafe, limits
from ..errors import ScenarioError
from .models import ImportedField, ImportResult, Problem, Talent

__all__ = ["STATBLOCK_LENGTH", "ImportResult", "ImportedField", "Problem", "Talent", "import_text", "run_import"]

STATBLOCK_LENGTH = 200_000
"""The most characters of pasted stat blocks read at once (a book's page of NPCs is ~5,000)."""


class Unreadable(ValueError):
    """Input that cannot be read at all: its message says why (the party stays as it was)."""


def import_text(text: str, system: str = "dh2") -> ImportResult:
    """Read ``text`` (a Foundry export as JSON, or stat blocks) into a preview.

    Returns an :class:`ImportResult` (entries made, fields with their sources, problems at their
    places, readings). ``system`` is the ruleset stat blocks are read in (dh2, dh1, dw; a Foundry
    actor says its own). Raises :class:`Unreadable` when nothing in it can be read: not JSON of a
    Foundry actor nor a stat block, or beyond the limits."""
    stripped = text.lstrip("\ufeff").strip()
    result = ImportResult()
    if stripped[:1] in ("{", "["):
        try:
            raw = jsonsafe.loads_file(stripped)
        except ScenarioError as exc:
            raise Unreadable(exc.errors[0].message) from None
        from .foundry import read_actors

        read_actors(raw, result)
    else:
        if len(stripped) > STATBLOCK_LENGTH:
            raise Unreadable(f"Too long for stat blocks (at most {STATBLOCK_LENGTH} characters)")
        from .statblock import read_blocks

        if system not in ("dh2", "dh1", "dw"):
            raise Unreadable(f"Stat blocks are read in dh2, dh1 or dw, not {limits.shown(system, 20)}")
        read_blocks(stripped, result, system)
    if not result.party["attackers"]:
        why = "; ".join(f"{p.at}: {p.message}" for p in result.problems[:3])
        raise Unreadable("Nothing could be read" + (f" ({why})" if why else ""))
    _check(result)
    return result


def _check(result: ImportResult) -> None:
    """Check the entries made with the party file's own models (:func:`rules.party.check_party`);
    each error becomes a problem at the field's source."""
    from ..party import check_party

    answer = check_party(json.dumps(result.party))
    if answer["status"] == "ok":
        return
    sources = {(f.entry, f.field): f.source for f in result.fields}
    for e in answer["errors"]:
        parts = e["field"].split(".")
        entry, inner = ".".join(parts[:2]), ".".join(parts[3:])
        where = sources.get((entry, inner)) or sources.get((entry, "name")) or e["field"]
        result.problems.append(Problem(at=where, message=f"{e['where']}: {e['message']}"))


def run_import(text: str, system: str = "dh2") -> dict[str, Any]:
    """The importer for the page's worker and the CLI; never raises. Returns
    ``{"status": "ok", "import": {party, fields, problems, talents, readings}}`` or
    ``{"status": "invalid", "errors": [{"field": "file", "message"}]}`` (nothing read)."""
    try:
        result = import_text(text, system)
    except Unreadable as exc:
        return {"status": "invalid", "errors": [{"field": "file", "message": str(exc)}]}
    return {"status": "ok", "import": result.model_dump()}
