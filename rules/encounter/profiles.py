"""A combatant's profile as the encounter keeps it: its canonical form.

An ``add`` or ``profile`` event's ``attacker`` and ``target`` are validated by the scenario model
of the encounter's ruleset (:func:`rules.encounter.family.validate_profiles`); the profile the state
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
    it, :class:`rules.d100.models.Attacker` and the like) reads them; the notes of what was read how.

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


# ---------------------------------------------------------------- a whole profile from one side

_DEFENCE_CHARACTERISTICS = ("WS", "S", "T", "Ag", "WP")
"""The characteristics a d100 target profile holds (:class:`rules.d100.models.TargetCharacteristics`)."""

UNARMED = {"name": "Unarmed", "class": "Unarmed", "damage": "1d5-3", "damage_type": "I", "pen": 0}
"""Bare hands, where the ruleset's armoury has no Unarmed entry: 1d5-3+SB Impact, no penetration
(seed 004, Unarmed Combat; Deathwatch's GM screen, Unarmed Combat, prints the same)."""


def whole(
    system: str, name: str, attacker: dict[str, Any] | None, target: dict[str, Any] | None
) -> tuple[dict[str, Any] | None, dict[str, Any] | None, list[str]]:
    """One combatant's two sides (``attacker``, ``target``: the scenario's sub-objects as the page
    and the party hold them) with the side missing built from the same profile's own numbers, never
    from another combatant's; the notes say what was built, in the game's words.

    The d100 rulesets (DH2, DH1, Deathwatch; a reading, since the books make a character one sheet
    whose numbers serve both sides of an attack):

    - defences from an attacker: TB the tens digit of its T (seed 004, Damage: "Toughness bonus";
      DH1 and Deathwatch the same), its WS, S, T, Ag and WP, no armour, the Reaction Dodge at its Ag
      (a trained Dodge, DH2's rank Known at +0: an untrained one is lower, and is set on the card),
      armed unless its weapon is Unarmed, and the model's wounds (10) said in the notes, for the
      sheet's own wounds to be set on the card;
    - attacks from a target: its WS, S, T, Ag and WP (BS and the rest the model's 30), bare hands
      (the ruleset's armoury's Unarmed, else :data:`UNARMED`).

    ``name`` names both sides. A side given is returned as given but for its name; a profile that
    is not a dict, or both missing, is returned as it is (the ``add`` event then refuses it at its
    field). The other families (the fan ruleset, Epic) get the names only: their profiles are not
    one sheet of numbers the other side can be read from. Raises nothing."""
    notes: list[str] = []
    from .. import registry

    if isinstance(attacker, dict):
        attacker = {**attacker, "name": name}
    if isinstance(target, dict):
        target = {**target, "name": name}
    if registry.get(system).family != "d100" or (attacker is None) == (target is None):
        return attacker, target, notes
    if isinstance(attacker, dict) and target is None:
        target = _defences_of(attacker, name, notes)
    elif isinstance(target, dict) and attacker is None:
        attacker = _attacks_of(system, target, name, notes)
    return attacker, target, notes


def _defences_of(attacker: dict[str, Any], name: str, notes: list[str]) -> dict[str, Any] | None:
    from pydantic import ValidationError

    from rules.d100.models import Attacker

    try:
        a = Attacker.model_validate(attacker)
    except ValidationError:
        return None  # its own add refuses the attacker at its field
    chars = a.characteristics
    kept = {k: getattr(chars, k) for k in _DEFENCE_CHARACTERISTICS if getattr(chars, k) is not None}
    target: dict[str, Any] = {
        "name": name,
        "toughness_bonus": chars.T // 10,
        "characteristics": kept,
        "evasion": {"reaction": "Dodge", "skill": chars.Ag},
    }
    if a.weapon.weapon_class == "Unarmed":
        target["armed"] = False
    notes.append(
        f"{name}'s defences from its own profile: TB {chars.T // 10} (T {chars.T}), no armour, "
        f"Dodge {chars.Ag} (its Ag), wounds 10 until set on its card"
    )
    return target


def _attacks_of(system: str, target: dict[str, Any], name: str, notes: list[str]) -> dict[str, Any] | None:
    from pydantic import ValidationError

    from rules.d100.models import Target

    from ..armoury import armoury, weapon_profile

    try:
        t = Target.model_validate(target)
    except ValidationError:
        return None
    chars = t.characteristics
    kept = {k: getattr(chars, k) for k in _DEFENCE_CHARACTERISTICS if getattr(chars, k) is not None}
    try:
        weapon = weapon_profile(armoury(system).weapon("unarmed"), system=system)
    except (FileNotFoundError, KeyError):
        weapon = dict(UNARMED)
    said = ", ".join(f"{k} {v}" for k, v in kept.items()) or "the characteristics' 30s"
    notes.append(f"{name}'s attacks from its own profile: {said}, Unarmed")
    return {"name": name, "characteristics": kept, "weapon": weapon}
