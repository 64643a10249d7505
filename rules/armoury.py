"""The armoury of a ruleset (``rules/data/<system>/armoury.json``): weapon and armour profiles as the
books print them, for the forms' pickers. Validated by pydantic models at load; loaded once per
process (the data is immutable).

One loader and one set of models for every ruleset that has an armoury:
Deathwatch (``dw``: seed 001, the GM screen's Ranged Weapons, Melee Weapons, Armour, Cover Types and
Weapon Craftsmanship tables), Dark Heresy 2nd edition (``dh2``) and 1st edition (``dh1``): the
common, non-Astartes rows of seed 001 (lasgun, autogun...) and, for DH1, the shotguns of the DH1
Core Rulebook's Solid Projectile Weapons table; both with the common melee weapons (knife, sword,
club, staff, chainsword, power sword, bare hands) of their own Core Rulebook. Every entry carries its source, the footnotes and
the differences from the ruleset's own book that apply to it (``notes``) and every cell that had to
be inferred from the garbled seed (``inferred``). Every weapon quality is checked against the
ruleset's quality table (``rules/data/<system>/qualities.json``) at load.

``rules.dw.armoury`` is kept as an import path of this module.

Units are the books': ranges in metres (0 for melee), clips in rounds, armour and cover in armour
points (AP).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.d100.models import LOCATIONS, Location, RateOfFire
from rules.d100.tables import check_qualities, parse_quality
from rules.data import read_text

from .dice import DiceExpression
from .sources import book_words

MELEE_TABLE = "Melee Weapons"


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _load(system: str, name: str) -> object:
    return json.loads(read_text(system, f"{name}.json"))


_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Secondary(_Data):
    """A combi-weapon's secondary weapons: they fire with this ``rof`` and ``clip`` (rounds), every
    other statistic as the entry of the weapon named in ``weapons`` (ids of other armoury weapons)."""

    rof: str
    clip: int = Field(ge=1)
    weapons: list[str] = Field(min_length=1)
    source: str

    @field_validator("rof")
    @classmethod
    def _rof(cls, v: str) -> str:
        return RateOfFire.parse(v).format()


class ArmouryWeapon(_Data):
    """A weapon row of the armoury.

    ``id``: a unique slug (``astartes-bolter-godwyn``); ``name`` as printed; ``table``: the seed's
    table (Ranged Weapons or Melee Weapons); ``group``: its section (``Bolt Weapons``);
    ``weapon_class`` (JSON ``class``): as printed, null for the seed's ``n/a``; ``range`` in metres
    (0 for melee); ``rof`` as ``S/2/4`` (null for melee); ``damage`` a dice expression,
    ``damage_type`` E/I/R/X and ``pen``: all three null when the ammunition gives them; ``clip`` in
    rounds and ``reload`` as printed (``2 Full``), both null for melee; ``qualities`` as printed
    (``Blast (1)``); ``sb_multiplier``: times the wielder's SB a melee weapon adds (2 for a Power
    Fist or Chainfist); ``secondary``: a combi-weapon's secondary weapons; ``notes``: the footnotes
    that apply; ``inferred``: every cell read from a garbled or missing seed cell, and how.
    """

    id: str
    name: str = Field(max_length=80)
    table: Literal["Ranged Weapons", "Melee Weapons"]
    group: str
    weapon_class: Literal["Melee", "Unarmed", "Pistol", "Basic", "Heavy", "Thrown", "Mounted"] | None = Field(
        alias="class"
    )
    range: float | None = Field(ge=0, le=10000)
    rof: str | None
    damage: str | None
    damage_type: Literal["E", "I", "R", "X"] | None
    pen: int | None = Field(ge=0, le=100)
    clip: int | None = Field(ge=0, le=10000)
    reload: str | None = Field(max_length=20)
    qualities: list[str]
    sb_multiplier: int = Field(1, ge=1, le=3)
    secondary: Secondary | None = None
    notes: list[str] = Field(default_factory=list)
    inferred: list[str] = Field(default_factory=list)
    source: str

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not _SLUG.match(v):
            raise ValueError(f"'{v}' is not a slug like astartes-bolter-godwyn")
        return v

    @field_validator("rof")
    @classmethod
    def _rof(cls, v: str | None) -> str | None:
        return None if v is None else RateOfFire.parse(v).format()

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str | None) -> str | None:
        return None if v is None else DiceExpression.parse(v).format()

    @field_validator("qualities")
    @classmethod
    def _qualities(cls, v: list[str]) -> list[str]:
        for text in v:
            parse_quality(text)  # raises ValueError for anything not like "Tearing" or "Blast (1)"
        return v

    @model_validator(mode="after")
    def _consistent(self) -> ArmouryWeapon:
        given = [self.damage is not None, self.damage_type is not None, self.pen is not None]
        if any(given) and not all(given):
            raise ValueError(f"{self.id}: damage, damage_type and pen are given together or all null (ammunition)")
        if self.is_melee:
            if self.range != 0 or self.rof is not None or self.clip is not None or self.reload is not None:
                raise ValueError(f"{self.id}: a melee weapon has range 0 and no rof, clip or reload")
        elif self.sb_multiplier != 1:
            raise ValueError(f"{self.id}: only a melee weapon adds SB (sb_multiplier)")
        return self

    @property
    def is_melee(self) -> bool:
        """The weapon is from the Melee Weapons table (whatever class the seed prints for it)."""
        return self.table == MELEE_TABLE

    @property
    def complete(self) -> bool:
        """Every statistic the engine needs is known (false for a launcher: the ammunition gives its
        damage, damage type and Pen, and the user must fill them in)."""
        needed: list[object] = [self.weapon_class, self.range, self.damage, self.damage_type, self.pen]
        if not self.is_melee:
            needed += [self.rof, self.clip]
        return all(v is not None for v in needed)


_AP = Annotated[int, Field(ge=0, le=50)]
_COVER_PARTS: dict[str, tuple[str, ...]] = {
    "All": LOCATIONS,
    "Head": ("Head",),
    "Body": ("Body",),
    "Arms": ("Right Arm", "Left Arm"),
    "Legs": ("Right Leg", "Left Leg"),
}
_NONE = ("\u2013", "-")  # the seed's en dash: covers nothing


def covered_locations(covers: str) -> set[str] | None:
    """The locations an armour's printed ``covers`` names (``"Body, Arms"`` -> Body, Right Arm,
    Left Arm); None for ``Varies``; empty for the seed's dash (en dash or ``-``). Raises
    ValueError for anything else."""
    text = covers.strip()
    if text == "Varies":
        return None
    if text in _NONE:
        return set()
    found: set[str] = set()
    for part in (p.strip() for p in text.split(",")):
        if part not in _COVER_PARTS:
            raise ValueError(f"'{covers}' is not a list of locations like 'All' or 'Body, Arms'")
        found.update(_COVER_PARTS[part])
    return found


class ArmouryArmour(_Data):
    """An armour row: ``covers`` as printed (``All``, ``Body, Arms``, ``Head``, ``Varies``, or the
    seed's en dash for none) and ``locations``, its AP by hit location (``models.LOCATIONS``
    names), null where the seed says it varies. The locations must be those ``covers`` names."""

    id: str
    name: str
    locations: dict[Location, _AP] | None
    covers: str
    notes: list[str] = Field(default_factory=list)
    inferred: list[str] = Field(default_factory=list)
    source: str

    @model_validator(mode="after")
    def _covers_match(self) -> ArmouryArmour:
        expected = covered_locations(self.covers)
        actual = None if self.locations is None else set(self.locations)
        if expected != actual:
            raise ValueError(f"{self.id}: covers '{self.covers}' but gives AP for {sorted(actual or [])}")
        return self


class CoverType(_Data):
    """A row of the Cover Types table: the materials (as printed) and the AP the cover adds to the
    locations it hides."""

    name: str
    materials: list[str] = Field(min_length=1)
    ap: int = Field(ge=0, le=100)
    source: str


class Craftsmanship(_Data):
    """A weapon craftsmanship: its modifier to hit (percent), extra damage, whether the weapon jams
    on any failed attack test, and the effect in Auspex's words."""

    name: Literal["Poor", "Good", "Best"]
    to_hit: int = Field(ge=-60, le=60)
    damage: int = Field(ge=0, le=10)
    jams_on_failed_hit: bool
    effect: str
    source: str


class Armoury(_Data):
    """A ruleset's armoury: weapons, armour, cover types and craftsmanship. Weapon and armour ids
    are unique, and every combi-weapon's secondary names an armoury weapon with a complete profile
    and no secondary of its own."""

    note: str | None = Field(None, alias="_note")
    weapons: list[ArmouryWeapon]
    armour: list[ArmouryArmour]
    cover: list[CoverType] = Field(default_factory=list)  # only Deathwatch's screen prints them
    craftsmanship: list[Craftsmanship] = Field(default_factory=list)

    @model_validator(mode="after")
    def _references(self) -> Armoury:
        for kind, ids in (("weapon", [w.id for w in self.weapons]), ("armour", [a.id for a in self.armour])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {kind} ids: {', '.join(dupes)}")
        by_id = {w.id: w for w in self.weapons}
        for w in self.weapons:
            for sid in w.secondary.weapons if w.secondary else []:
                target = by_id.get(sid)
                if target is None:
                    raise ValueError(f"{w.id}: secondary weapon '{sid}' is not in the armoury")
                if target.secondary is not None or not target.complete:
                    raise ValueError(f"{w.id}: secondary weapon '{sid}' must be complete and not a combi-weapon")
        return self

    def weapon(self, weapon_id: str) -> ArmouryWeapon:
        """The weapon with ``weapon_id``; raises KeyError if there is none."""
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        raise KeyError(weapon_id)


@cache
def armoury(system: str = "dw") -> Armoury:
    """The armoury of ``system`` (``dw``, ``dh2``, ``dh1``). Raises FileNotFoundError for a system
    without one, pydantic.ValidationError if its data file is malformed and ValueError if a
    weapon's quality is not in the ruleset's quality table (or lacks the (X) it takes there)."""
    loaded = Armoury.model_validate(_load(system, "armoury"))
    for w in loaded.weapons:
        _, errors = check_qualities(system, system, w.qualities)
        if errors:
            raise ValueError(f"{system} armoury, {w.id}: {errors[0].message}")
    return loaded


_PATTERN = re.compile(r"\s*\([^()]*\)$")


def _short_name(name: str) -> str:
    """``Astartes Meltagun (Vulkan)`` -> ``Astartes Meltagun`` (the pattern dropped)."""
    return _PATTERN.sub("", name)


def weapon_profile(entry: ArmouryWeapon, secondary: str | None = None, *, system: str = "dw") -> dict[str, Any]:
    """The profile of ``entry`` as the dict ``rules.d100.models.Weapon.model_validate`` accepts.

    Keys: ``name``, ``class``, ``range`` (metres), ``rof``, ``damage``, ``damage_type``, ``pen``,
    ``clip`` (the full clip, in rounds), ``qualities``, ``reload``, ``sb_multiplier``; a key whose
    value is null is left out, so Weapon's default applies (a launcher's damage: the user fills it
    in). A weapon of the Melee Weapons table gets class ``Melee`` whatever the seed prints (the
    Chainfist's ``Mounted``), so the engine resolves it as melee; bare hands keep ``Unarmed`` (the
    Unarmed Combat rules: -20 against an armed foe, and DH1's doubled armour).

    ``secondary``: the id of one of a combi-weapon's secondary weapons (``entry.secondary.weapons``,
    looked up in ``system``'s armoury): the profile is that weapon's with the combi-weapon's RoF and
    clip, named ``Astartes Combi-Weapon (Astartes Meltagun)``. Raises ValueError when ``entry`` has
    no such secondary.
    """
    if secondary is not None:
        if entry.secondary is None or secondary not in entry.secondary.weapons:
            known = ", ".join(entry.secondary.weapons) if entry.secondary else "none"
            raise ValueError(f"'{secondary}' is not a secondary weapon of {entry.name} (its secondaries: {known})")
        base = armoury(system).weapon(secondary)
        profile = weapon_profile(base, system=system)
        profile.update(
            name=f"{entry.name} ({_short_name(base.name)})", rof=entry.secondary.rof, clip=entry.secondary.clip
        )
        return profile
    values: dict[str, Any] = {
        "name": entry.name,
        "class": ("Unarmed" if entry.weapon_class == "Unarmed" else "Melee") if entry.is_melee else entry.weapon_class,
        "range": entry.range,
        "rof": entry.rof,
        "damage": entry.damage,
        "damage_type": entry.damage_type,
        "pen": entry.pen,
        "clip": entry.clip,
        "qualities": list(entry.qualities),
        "reload": entry.reload,
        "sb_multiplier": entry.sb_multiplier,
    }
    return {k: v for k, v in values.items() if v is not None}


def armour_profile(entry: ArmouryArmour) -> dict[str, int]:
    """AP by hit location (``{"Head": 8, ..., "Body": 10}``), as ``Target.armour`` takes it;
    empty where the armour's AP varies (the user enters it)."""
    return {str(loc): ap for loc, ap in (entry.locations or {}).items()}


def _cited(source: str) -> dict[str, str]:
    """An entry's ``source`` as its data file gives it, and ``cite``: the same in the book's words
    (``seed 001, Armour`` -> ``Deathwatch GM screen, Armour``), which the pickers show."""
    return {"source": source, "cite": book_words(source)}


def armoury_catalogue(system: str = "dw") -> dict[str, Any]:
    """The armoury as the forms' pickers take it (JSON-ready).

    ``{"weapons": [{"id", "name", "group", "profile", "notes", "complete", "source"}], "combi": [the
    same, one per combi-weapon secondary, id "<combi id>:<secondary id>"], "armour": [{"id", "name",
    "covers", "armour": AP by location, "notes", "source"}], "cover": [{"name", "materials", "ap"}], "craftsmanship":
    [{"name", "to_hit", "damage", "jams_on_failed_hit", "effect", "source"}]}``. ``profile`` is
    :func:`weapon_profile`; ``complete`` is false when the user must fill in statistics the
    armoury leaves null. Raises FileNotFoundError for a system without an armoury."""
    a = armoury(system)
    weapons = [
        {
            "id": w.id,
            "name": w.name,
            "group": w.group,
            "profile": weapon_profile(w, system=system),
            "notes": list(w.notes),
            "complete": w.complete,
            **_cited(w.source),
        }
        for w in a.weapons
    ]
    combi = []
    for w in a.weapons:
        for sid in w.secondary.weapons if w.secondary else []:
            base = a.weapon(sid)
            profile = weapon_profile(w, sid, system=system)
            how = (
                f"The secondary weapon of the {w.name}: the {base.name}'s profile with RoF {profile['rof']} "
                f"and Clip {profile['clip']} (its footnote)."
            )
            combi.append(
                {
                    "id": f"{w.id}:{sid}",
                    "name": profile["name"],
                    "group": w.group,
                    "profile": profile,
                    "notes": [how, *base.notes],
                    "complete": base.complete,
                    **_cited(f"{w.source}; {base.source}"),
                }
            )
    return {
        "weapons": weapons,
        "combi": combi,
        "armour": [
            {
                "id": x.id,
                "name": x.name,
                "covers": x.covers,
                "armour": armour_profile(x),
                "notes": list(x.notes),
                **_cited(x.source),
            }
            for x in a.armour
        ],
        "cover": [{"name": c.name, "materials": list(c.materials), "ap": c.ap} for c in a.cover],
        "craftsmanship": [c.model_dump() for c in a.craftsmanship],
    }
