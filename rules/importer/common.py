"""What every reader shares: a neutral sheet (:class:`Sheet`) the Foundry and stat-block readers
fill, each value with its source, and :func:`emit`, which turns a sheet into party entries and
lists every field it set. Also the small readers both need: a weapon quality into the ruleset's
own name and X, a damage type, a weapon class, a size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules import limits
from rules.d100 import tables
from rules.d100.models import LOCATIONS, SIZES

from .models import ImportedField, ImportResult, Problem, Talent

Sourced = tuple[Any, str]
"""A value and where it was read (a JSON path or ``line N``)."""

DAMAGE_TYPES = {"e": "E", "energy": "E", "i": "I", "impact": "I", "r": "R", "rending": "R", "x": "X", "explosive": "X"}
CLASSES = {
    "melee": "Melee",
    "unarmed": "Unarmed",
    "pistol": "Pistol",
    "basic": "Basic",
    "heavy": "Heavy",
    "thrown": "Thrown",
    "grenade": "Thrown",
    "mounted": "Mounted",
    "vehicle": "Mounted",
}
TALENTS = ("Swift Attack", "Lightning Attack", "Ambidextrous", "Two-Weapon Wielder")
"""The talents the engine reads as an action's option (:class:`rules.d100.models.Action`)."""


@dataclass
class WeaponSheet:
    """One weapon: its name, where it was read, and its engine fields (``class``, ``range``,
    ``rof``, ``damage``, ``damage_type``, ``pen``, ``clip``, ``qualities``, ``reload``,
    ``craftsmanship``, ``sb_multiplier``) each with its source."""

    name: str
    source: str
    values: dict[str, Sourced] = field(default_factory=dict)


@dataclass
class Sheet:
    """One actor or stat block as the engine reads it: ``system`` the ruleset (dh2, dh1, dw),
    ``attacker`` and ``target`` the fields of its attacker and target entries (dotted paths of
    :class:`rules.d100.models.Attacker` and :class:`rules.d100.models.Target`), its weapons, the armour it
    wears (AP by location, with the armour's name), and the talents the engine reads."""

    name: str
    system: str
    source: str
    attacker: dict[str, Sourced] = field(default_factory=dict)
    target: dict[str, Sourced] = field(default_factory=dict)
    weapons: list[WeaponSheet] = field(default_factory=list)
    armour_name: str | None = None
    armour: dict[str, Sourced] = field(default_factory=dict)
    talents: list[Sourced] = field(default_factory=list)


def _put(data: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    for p in parts[:-1]:
        data = data.setdefault(p, {})
    data[parts[-1]] = value


def emit(result: ImportResult, sheet: Sheet) -> None:
    """Add ``sheet`` to ``result``'s party: an attacker (its first weapon in hand), each weapon,
    a target, and the armour it wears (when it wears any), each field listed with its source."""
    party = result.party

    def add(kind: str, name: str, values: dict[str, Sourced], prefix: str = "") -> dict[str, Any]:
        index = len(party[kind])
        data: dict[str, Any] = {}
        for path, (value, source) in values.items():
            _put(data, path, value)
            result.fields.append(
                ImportedField(entry=f"{kind}.{index}", field=prefix + path, value=value, source=source)
            )
        party[kind].append({"name": name, "system": sheet.system, "data": data})
        return data

    attacker = {"name": (sheet.name, sheet.source), **sheet.attacker}
    if not sheet.weapons:  # said, so the form's default weapon is never taken for its own
        problem(result, sheet.source, f"{sheet.name}: no weapon read: its attacker holds the form's default weapon")
    if sheet.weapons:
        first = sheet.weapons[0]
        attacker["weapon.name"] = (first.name, first.source)
        attacker.update({f"weapon.{k}": v for k, v in first.values.items()})
    n = len(party["attackers"])
    add("attackers", sheet.name, attacker)
    for name, source in sheet.talents:
        result.talents.append(Talent(entry=f"attackers.{n}", name=name, source=source))
    for w in sheet.weapons:
        add("weapons", w.name, {"name": (w.name, w.source), **w.values})
    add("targets", sheet.name, {"name": (sheet.name, sheet.source), **sheet.target})
    if sheet.armour and sheet.armour_name and any(v for v, _ in sheet.armour.values()):
        add("armour", sheet.armour_name, sheet.armour)


def problem(result: ImportResult, at: str, message: str) -> None:
    """Name what was not understood at its place."""
    result.problems.append(Problem(at=at, message=message))


def text(value: object, at: str, result: ImportResult, length: int = limits.NAME_LENGTH) -> str | None:
    """A text read from the input: a string of at most ``length`` characters that can be shown,
    else None with the problem at ``at``."""
    if not isinstance(value, str):
        if value is not None:
            problem(result, at, f"A text was expected here, not {type(value).__name__}")
        return None
    value = value.strip()
    bad = limits.bad_character(value)
    if bad is not None:
        problem(result, at, bad)
        return None
    if len(value) > length:
        problem(result, at, f"Too long (at most {length} characters): {limits.shown(value)}")
        return None
    return value


def number(value: object, at: str, result: ImportResult, *, low: int = 0, high: int = 1000) -> int | None:
    """A whole number read from the input (an int, or a text of digits such as ``"4"``, a range
    as ``"30m"``) within ``low``-``high``, else None with the problem at ``at``. Blank (``""``,
    None) or a dash (``-``, en or em dash, as the books print none) is None, silently."""
    if isinstance(value, str):
        value = value.strip()
        if value in ("", "-", "\u2013", "\u2014", "N/A", "n/a"):  # a blank or a dash, as the books print none
            return None
        if re.fullmatch(r"\d{1,6}\s*m", value):  # a range written with its unit, "30m"
            value = value[:-1].strip()
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        problem(result, at, f"A number was expected here, not {str(value).lower()}")
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,6}\s*", value):
        value = int(value)
    if not isinstance(value, int):
        problem(result, at, f"'{limits.shown(str(value), 20)}' is not a whole number")
        return None
    if not low <= value <= high:
        problem(result, at, f"{value} is out of range ({low}-{high})")
        return None
    return value


_ID_LEVEL = re.compile(r"([A-Za-z][A-Za-z' _-]*?)[-\s]*\(?\s*(\d{1,6})\s*\)?")


def quality(system: str, name: str, value: int | None, at: str, result: ImportResult) -> str | None:
    """A weapon quality read into the ruleset's own name and X (``razor-sharp`` -> ``Razor Sharp``,
    ``blast`` with 3 -> ``Blast (3)``, ``Blast (3)`` as text too), or None with the problem at ``at``:
    a name the ruleset does not have (``Two-Handed``, ``Living Ammunition``), an X missing or
    one it does not take."""
    name = name.strip()
    if len(name) > limits.QUALITY_LENGTH:
        problem(result, at, f"Not a quality (too long): '{limits.shown(name)}': left out")
        return None
    if value is None:
        m = _ID_LEVEL.fullmatch(name)
        if m:
            name, value = m.group(1), int(m.group(2))
    pretty = name.replace("-", " ").replace("_", " ").strip().title()
    known = tables.qualities(system).get(pretty)
    if known is None:
        problem(result, at, f"'{limits.shown(pretty)}' is not a {system.upper()} weapon quality: left out")
        return None
    if known.takes_value and not value:
        problem(result, at, f"{known.name} takes a value, e.g. {known.name} (2): left out")
        return None
    if not known.takes_value:
        if value is not None:
            problem(result, at, f"{known.name} takes no value in {system.upper()}: read as {known.name}")
        return known.name
    if value is None or value > limits.QUALITY_VALUE:
        problem(result, at, f"{known.name} ({value}): X is at most {limits.QUALITY_VALUE}: left out")
        return None
    return f"{known.name} ({value})"


def damage_type(value: object, at: str, result: ImportResult) -> str | None:
    """``energy``, ``Rending``, ``E``... as the engine's letter, or None with the problem."""
    if isinstance(value, str) and value.strip().lower() in DAMAGE_TYPES:
        return DAMAGE_TYPES[value.strip().lower()]
    problem(result, at, f"'{limits.shown(str(value), 20)}' is not a damage type (Energy, Impact, Rending, Explosive)")
    return None


def weapon_class(value: object, at: str, result: ImportResult) -> str | None:
    """``melee``, ``Pistol``... as the engine's class, or None with the problem."""
    if isinstance(value, str) and value.strip().lower() in CLASSES:
        return CLASSES[value.strip().lower()]
    problem(result, at, f"'{limits.shown(str(value), 20)}' is not a weapon class the engine knows: read as Basic")
    return None


def size_name(value: int) -> str | None:
    """A size as a number (1 Miniscule ... 4 Average ... 10 Titanic, as the Foundry systems keep
    it) as the engine's name; None when out of range."""
    return SIZES[value - 1] if 1 <= value <= len(SIZES) else None


def location(key: str) -> str | None:
    """A hit location's key (``leftArm``, ``left_arm``, ``Left Arm``, ``body``) as the engine's."""
    flat = key.replace("_", "").replace(" ", "").lower()
    for loc in LOCATIONS:
        if loc.replace(" ", "").lower() == flat:
            return loc
    return None


def melee_damage(text_: str) -> str:
    """A melee weapon's damage without the ``+SB`` some systems write into it (the engine adds SB
    to every melee hit itself)."""
    return re.sub(r"\s*\+\s*SB\b", "", text_, flags=re.IGNORECASE).strip()
