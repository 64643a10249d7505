"""An encounter's Epic formation is one combatant with both sides: its units shoot and are shot at.

Seed 002 (Picking a Target, Roll to Hit, Allocate Hits & Make Saving Throws) reads a formation's
units two ways: as shooters (their weapons, their CC and FF) and as targets (their armour, cover
save and integrity). An Epic datasheet gives each unit both. The scenario keeps them apart, an
``attacker`` formation (:class:`rules.epic.models.AttackingFormation`) and a ``target`` one
(:class:`rules.epic.models.TargetFormation`); an encounter's combatant holds one of each, unit *i*
of the one being unit *i* of the other (so a unit destroyed when shot at no longer shoots:
:meth:`rules.epic.family.Epic.scenario`).

A formation typed in one table carries the other side on its units (a shooting unit's ``armour``,
``cover_save``, ``in_cover``, ``integrity``; a target unit's ``weapons``, ``cc``, ``ff``), and
:func:`both_sides` makes the missing side of them. Profiles are the dicts as given (their numbers
are read by the scenario models afterwards, which name any error at its field).
"""

from __future__ import annotations

from typing import Any

from ..errors import ScenarioError

SHARED = ("name", "type", "distance", "line_of_fire")
"""A unit's fields both sides read: its name, type, tiles to the other formation, line of fire."""
SAVES = ("armour", "cover_save", "in_cover", "integrity")
"""A shooting unit's fields for when it is shot at (:class:`rules.epic.models.AttackingUnit`)."""
SHOOTS = ("weapons", "cc", "ff")
"""A target unit's fields for when it shoots back (:class:`rules.epic.models.TargetUnit`)."""

Profile = dict[str, Any]


def _units(side: Profile | None) -> list[Profile] | None:
    units = side.get("units") if isinstance(side, dict) else None
    if not isinstance(units, list) or not units or not all(isinstance(u, dict) for u in units):
        return None  # left to the scenario model to refuse
    return units


def _given(value: Any) -> bool:
    return value is not None and value != "" and value != []


def _formation(side: Profile, units: list[Profile]) -> Profile:
    out: Profile = {k: side[k] for k in ("name", "shock") if k in side}
    out["units"] = units
    return out


def both_sides(attacker: Profile | None, target: Profile | None, field: str) -> tuple[Profile | None, Profile | None]:
    """The formation's ``(attacker, target)``: the side given, and the other side made of its units
    when they carry it; else both as given (a formation with one side only, or both given: an
    encounter file's formation is kept as written).

    - ``attacker`` only, some unit giving a save or integrity (:data:`SAVES`): the target side is
      each unit's :data:`SHARED` and :data:`SAVES` fields (those not given take the model's
      defaults: no save, not in cover, integrity 1).
    - ``target`` only, some unit giving weapons (:data:`SHOOTS`): the attacker side is each unit's
      :data:`SHARED` and :data:`SHOOTS` fields. A unit of it with no weapons is refused at
      ``{field}.target.units.{i}.weapons``: every unit of a formation that shoots has a weapon
      (:class:`rules.epic.models.AttackingUnit`).

    The formation's ``name`` and ``shock`` are the other side's too. Raises :class:`ScenarioError`."""
    if attacker is not None and target is None:
        return attacker, _target_side(attacker)
    if target is not None and attacker is None:
        return _attacker_side(target, field), target
    return attacker, target


def _target_side(attacker: Profile) -> Profile | None:
    """The target side made of a shooting formation's units, or None when none gives a save."""
    units = _units(attacker)
    if units is None or not any(_given(u.get(k)) for u in units for k in SAVES):
        return None
    return _formation(attacker, [{k: u[k] for k in (*SHARED, *SAVES) if _given(u.get(k))} for u in units])


def _attacker_side(target: Profile, field: str) -> Profile | None:
    """The attacker side made of a target formation's units, or None when none gives weapons;
    raises :class:`ScenarioError` at a unit with none when another has some."""
    units = _units(target)
    if units is None or not any(_given(u.get("weapons")) for u in units):
        return None
    for i, u in enumerate(units):
        if not _given(u.get("weapons")):
            name = u.get("name") or f"unit {i + 1}"
            raise ScenarioError.at(
                f"{field}.target.units.{i}.weapons",
                f"{name} has no weapons: a formation that shoots back gives each of its units its weapons "
                "(seed 002, Roll to Hit: units attack with every weapon they have)",
            )
    return _formation(target, [{k: u[k] for k in (*SHARED, *SHOOTS) if _given(u.get(k))} for u in units])
