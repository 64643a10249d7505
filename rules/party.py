"""A saved party: the attackers, weapons and targets a player saved by name on the page, as the
file the page exports and imports (``auspex-party.json``)::

    {"auspex_party": 1,
     "attackers": [{"name": "Guardsman", "system": "dh2", "data": {...the scenario's attacker}}],
     "weapons":   [{"name": "Lasgun", "system": "dh2", "data": {...the scenario's attacker.weapon}}],
     "targets":   [{"name": "Cultist", "system": "dh2", "data": {...the scenario's target}}],
     "armour":    [{"name": "Flak", "system": "dh2", "data": {...the scenario's target.armour}}],
     "critical_tables": {"auspex_critical": 1, "tables": [...], "charts": [...]}}

``armour`` (optional): a d100 target's armour points by hit location (``{"Body": 4,
...}``, the scenario's ``target.armour``), saved apart from the target so one suit can be put on
any foe; a file without the list still loads. ``critical_tables`` (optional) is the group's critical tables as the page keeps them
(:class:`rules.critical.models.TablesFile`, checked by :func:`rules.critical.check.validate_file`).

Each entry's ``data`` is validated by the same models the engine validates a scenario with (the
d100 rulesets' :class:`~rules.d100.models.Attacker`, :class:`~rules.d100.models.Weapon` and
:class:`~rules.d100.models.Target`, with the weapon's qualities checked against the ruleset's table;
the fan-made ruleset's ``Rp*`` models; Epic's formations, which hold their units' weapons, so Epic
has no weapon entries). A file with any error is refused whole, each error naming its entry and
field. This is a public format: fields are added, never renamed or removed without a migration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

from rules import jsonsafe, limits, registry
from rules.d100 import tables
from rules.d100.models import Attacker, Location, Weapon

from .api import error_message, field_path
from .critical.models import TablesFile
from .errors import ScenarioError
from .registry import PartyKind

if TYPE_CHECKING:
    System = str
else:  # every ruleset of the registry (a literal, so an unknown one is refused with the list)
    System = Literal[tuple(registry.RULESETS)]

KINDS = {"attackers": "Attacker", "weapons": "Weapon", "targets": "Target", "armour": "Armour"}
MAX_ERRORS = 20  # a file of the wrong kind can have thousands; the first ones say enough


class PartyEntry(BaseModel):
    """One saved attacker, weapon or target: its ``name``, its ruleset (``system``) and ``data``,
    the scenario's own sub-object (checked by :func:`check_party` with the ruleset's model)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(..., min_length=1, max_length=limits.NAME_LENGTH)
    system: System
    data: dict[str, Any]


class PartyFile(BaseModel):
    """The exported file: version 1 of ``auspex_party`` and the three lists (each may be empty)."""

    model_config = ConfigDict(extra="forbid")

    auspex_party: Literal[1]
    attackers: list[PartyEntry] = Field(default_factory=list, max_length=1000)
    weapons: list[PartyEntry] = Field(default_factory=list, max_length=1000)
    targets: list[PartyEntry] = Field(default_factory=list, max_length=1000)
    # armour saved apart from a target, optional: a file without it still loads
    armour: list[PartyEntry] = Field(default_factory=list, max_length=1000)
    # the group's critical tables, optional: a file without them still loads
    critical_tables: TablesFile | None = None


class SavedArmour(RootModel[dict[Location, Annotated[int, Field(ge=0, le=50)]]]):
    """A saved armour's data: AP by hit location, as a d100 target's ``armour`` takes it
    (:class:`rules.d100.models.Target`); a location left out has none."""


def entry_model(system: str, kind: str) -> type[BaseModel] | None:
    """The model an entry of ``kind`` (attackers, weapons, targets, armour) in ``system`` is
    validated with (:attr:`rules.registry.Ruleset.party`; armour: :class:`SavedArmour`, the d100
    family's only); None where the ruleset has no such entry (Epic's weapons belong to its units,
    the fan ruleset's and Epic's armour to their targets)."""
    if kind == "armour":
        return SavedArmour if registry.get(system).family == "d100" else None
    model: type[BaseModel] | None = registry.get(system).party_model(cast(PartyKind, kind))
    return model


def _path(loc: tuple[int | str, ...]) -> str:
    """A validation error's location as a dotted path (unions' branch names left out, as
    :func:`rules.api.load_scenario` does)."""
    return field_path(tuple(p for p in loc if not (isinstance(p, str) and "[" in p)))


def _entry_errors(kind: str, index: int, entry: PartyEntry) -> tuple[list[dict[str, str]], dict[str, Any]]:
    """The errors of one entry's data (each ``{"field", "message"}``, the field's path from the
    file's root) and the data as the page's forms take it (Epic units' weapons as text)."""
    at = f"{kind}.{index}.data"
    ruleset = registry.get(entry.system)
    model = entry_model(entry.system, kind)
    if model is None:
        message = (
            f"{ruleset.name} has no armour entries: its armour is saved with the target"
            if kind == "armour"
            else f"{ruleset.name} has no weapon entries: a unit's weapons are saved with its formation"
        )
        return [{"field": f"{kind}.{index}.system", "message": message}], entry.data
    try:
        valid = model.model_validate(entry.data)
    except ValidationError as exc:
        return [
            {"field": f"{at}.{_path(tuple(e['loc']))}", "message": error_message(e, model)} for e in exc.errors()
        ], {}
    errors: list[dict[str, str]] = []
    weapon = valid.weapon if isinstance(valid, Attacker) else valid if isinstance(valid, Weapon) else None
    if weapon is not None:  # a d100 weapon: its qualities checked against the ruleset's table
        where = f"{at}.weapon.qualities" if kind == "attackers" else f"{at}.qualities"
        _, found = tables.check_qualities(entry.system, ruleset.name, weapon.qualities, where)
        errors += [e.as_dict() for e in found]
    if ruleset.family == "epic" and kind == "attackers":  # Epic's forms type a unit's weapons as text
        return errors, _epic_as_forms(entry.data, valid)
    return errors, entry.data


def _epic_as_forms(data: dict[str, Any], valid: BaseModel) -> dict[str, Any]:
    """An Epic attacking formation as the page's form takes it: its units' weapons given as a list
    (not as the datasheet's text) written as text."""
    from .epic.models import AttackingFormation, format_weapons

    assert isinstance(valid, AttackingFormation)
    units = [
        unit if isinstance(unit.get("weapons"), str) else {**unit, "weapons": format_weapons(checked.weapons)}
        for unit, checked in zip(data.get("units", []), valid.units, strict=True)
    ]
    return {**data, "units": units}


def describe(party: dict[str, Any], field: str) -> str:
    """Where ``field`` (a path from the file's root) is, for a player: ``attackers.0.data.BS`` ->
    ``Attacker 1 "Guardsman" (Dark Heresy 2nd edition), BS``."""
    parts = field.split(".")
    if parts[0] == "critical_tables":  # the tables' own description
        from .critical.check import describe as describe_tables

        inner = ".".join(parts[1:])
        return (
            f"Critical tables, {describe_tables(inner, party.get('critical_tables'))}" if inner else "Critical tables"
        )
    if len(parts) < 2 or parts[0] not in KINDS or not parts[1].isdigit():
        return field
    kind, index = parts[0], int(parts[1])
    where = f"{KINDS[kind]} {index + 1}"
    try:
        entry = party[kind][index]
        name, system = entry.get("name"), entry.get("system")
    except (KeyError, IndexError, TypeError, AttributeError):
        name = system = None
    if isinstance(name, str) and name and limits.bad_character(name) is None:
        where += f' "{name[:40]}"'
    ruleset = registry.find(system)
    if ruleset is not None:
        where += f" ({ruleset.name})"
    rest = parts[3:] if parts[2:3] == ["data"] else parts[2:]
    return f"{where}, {'.'.join(rest)}" if rest else where


def check_party(text: str) -> dict[str, Any]:
    """Validate an exported party file (JSON text).

    Returns ``{"status": "ok", "party": {...}}`` (the file with each entry as the page's forms
    take it) or ``{"status": "invalid", "errors": [{"field", "message", "where"}]}``: ``field`` the
    path from the file's root (``attackers.0.data.characteristics.BS``), ``where`` the same for a
    player (``Attacker 1 "Guardsman" (Dark Heresy 2nd edition), characteristics.BS``). At most
    :data:`MAX_ERRORS` errors are listed; ``more`` says how many were left out."""
    try:
        raw = jsonsafe.loads_file(text)
    except ScenarioError as exc:
        message = exc.errors[0].message
        return _invalid({}, [{"field": "file", "message": message}])
    if not isinstance(raw, dict) or "auspex_party" not in raw:
        return _invalid({}, [{"field": "file", "message": 'Not an Auspex party file (it has no "auspex_party": 1)'}])
    unreadable = jsonsafe.check_value(raw, what="file", structure=False)  # names and texts, before any model reads them
    if unreadable:
        return _invalid(raw, [e.as_dict() for e in unreadable])
    tables, errors = _tables(raw)
    try:
        party = PartyFile.model_validate({k: v for k, v in raw.items() if k != "critical_tables"})
    except ValidationError as exc:
        errors += [
            {"field": _path(tuple(e["loc"])) or "file", "message": error_message(e, PartyFile)} for e in exc.errors()
        ]
        return _invalid(raw, errors)
    out: dict[str, Any] = {"auspex_party": 1}
    for kind in KINDS:
        if kind == "armour" and "armour" not in raw:
            continue  # an older file, without saved armour, comes back as it was
        out[kind] = []
        for index, entry in enumerate(getattr(party, kind)):
            found, data = _entry_errors(kind, index, entry)
            errors += found
            out[kind].append({"name": entry.name, "system": entry.system, "data": data})
    if tables is not None:
        out["critical_tables"] = tables
    return _invalid(raw, errors) if errors else {"status": "ok", "party": out}


def _tables(raw: dict[str, Any]) -> tuple[dict[str, Any] | None, list[dict[str, str]]]:
    """The party file's critical tables checked as a tables file is: the file as JSON
    data (None when the party has none), or the errors at ``critical_tables.…``."""
    if raw.get("critical_tables") is None:
        return None, []
    from .critical.check import dump, validate_file

    file, found = validate_file(raw["critical_tables"], prefix="critical_tables.")
    if file is None:
        return None, [{"field": e["field"], "message": e["message"]} for e in found]
    return dump(file), []


def _invalid(raw: dict[str, Any], errors: list[dict[str, str]]) -> dict[str, Any]:
    listed = [{**e, "where": describe(raw, e["field"])} for e in errors[:MAX_ERRORS]]
    envelope: dict[str, Any] = {"status": "invalid", "errors": listed}
    if len(errors) > MAX_ERRORS:
        envelope["more"] = len(errors) - MAX_ERRORS
    return envelope
