"""A combatant's profile as the encounter keeps it: its canonical form.

An ``add`` or ``profile`` event's ``attacker`` and ``target`` are validated by the scenario model
of the encounter's ruleset (:func:`rules.encounter.families._validate`); the profile the state
keeps (and the event the file stores) is then the one typed with every number the model reads as a
whole number written as one, so no later rule reads text where it counts (``Ag // 10`` for
initiative, TB for Fatigue's limit, BS for Clear Jam, the fan ruleset's I). The rest of the profile
(names, qualities, a datasheet's ``"4+"``) is kept as typed, and no default is added.

How a number is read (the same on the page, in the CLI and in a file, new or old):

- a whole number written another way is read as that number, with a note: ``35.0`` and ``"35.0"``,
  ``"35"``, ``" 35 "``, ``"+35"`` are 35;
- refused at its field, naming the combatant: ``true``/``false`` for a number, and digits with
  underscores (``"3_5"``: a typo, not a number a player writes); ``35.5`` for a whole number (the
  model's own refusal).
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel

from ..errors import FieldError
from .models import EncounterError

_WHOLE = re.compile(r"[+-]?\d+(?:\.0*)?")
_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)")
_UNDERSCORED = re.compile(r"[+-]?\d+(?:_\d+)+(?:\.\d*)?")


def canonical(raw: Any, valid: Any, field: str, name: str) -> tuple[Any, list[str]]:
    """``raw`` (a profile as given: a dict) with its numbers as ``valid`` (the validated model of
    it, :class:`rules.models.Attacker` and the like) reads them; the notes of what was read how.

    ``field`` is the profile's path in the event (``then.combatant.attacker``), ``name`` the
    combatant's, both for the messages. Raises :class:`EncounterError` naming each field refused
    (``then.combatant.attacker.characteristics.Ag``: ``Grunt: a whole number (like 35), not true``)."""
    notes: list[str] = []
    errors: list[FieldError] = []
    out = _walk(raw, valid, field, field.rpartition(".")[0], name, notes, errors)
    if errors:
        raise EncounterError(errors)
    return out, notes


def _keys(model: BaseModel) -> dict[str, str]:
    """The JSON keys of ``model``'s fields (its names and aliases), each to its attribute."""
    keys: dict[str, str] = {}
    for attr, info in type(model).model_fields.items():
        keys[attr] = attr
        if isinstance(info.alias, str):
            keys[info.alias] = attr
        if isinstance(info.validation_alias, str):
            keys[info.validation_alias] = attr
    return keys


def _walk(raw: Any, valid: Any, path: str, root: str, name: str, notes: list[str], errors: list[FieldError]) -> Any:
    if isinstance(valid, BaseModel) and isinstance(raw, dict):
        keys = _keys(valid)
        return {
            k: _walk(v, getattr(valid, keys[k]), f"{path}.{k}", root, name, notes, errors) if k in keys else v
            for k, v in raw.items()
        }
    if isinstance(valid, dict) and isinstance(raw, dict):
        return {
            k: _walk(v, valid[k], f"{path}.{k}", root, name, notes, errors) if k in valid else v for k, v in raw.items()
        }
    if isinstance(valid, (list, tuple)) and isinstance(raw, list) and len(valid) == len(raw):
        return [
            _walk(r, v, f"{path}.{i}", root, name, notes, errors)
            for i, (r, v) in enumerate(zip(raw, valid, strict=True))
        ]
    if isinstance(valid, bool) or not isinstance(valid, (int, float)):
        return raw
    return _number(raw, valid, path, root, name, notes, errors)


def _number(raw: Any, valid: float, path: str, root: str, name: str, notes: list[str], errors: list[FieldError]) -> Any:
    """One number of the profile: kept (an int, or a float where the model reads a float), read as
    ``valid`` with a note, or refused into ``errors``."""
    whole = isinstance(valid, int)
    if isinstance(raw, bool):
        kind = "a whole number (like 35)" if whole else "a number"
        errors.append(FieldError(path, f"{name}: {kind}, not {json.dumps(raw)}"))
        return raw
    if type(raw) is int or (not whole and isinstance(raw, float)):
        return raw
    if isinstance(raw, float):  # a whole number written 35.0 (the model refuses 35.5 itself)
        return _read(raw, valid, path, root, name, notes)
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    if _UNDERSCORED.fullmatch(text):
        kind = "a whole number (like 35)" if whole else "a number (like 2.5)"
        errors.append(FieldError(path, f"{name}: {kind}, not {json.dumps(raw)}"))
        return raw
    if (_WHOLE if whole else _DECIMAL).fullmatch(text) and float(text) == valid:
        return _read(raw, valid, path, root, name, notes)
    return raw  # a form the model reads by its own rule (a datasheet's "4+"): kept as typed


def _read(raw: Any, valid: float, path: str, root: str, name: str, notes: list[str]) -> float:
    where = path[len(root) + 1 :] if root and path.startswith(root + ".") else path
    notes.append(f"{name}: {where} {json.dumps(raw)} read as {valid}")
    return valid
