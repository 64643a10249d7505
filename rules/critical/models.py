"""The critical tables' data: the file a group keeps, and what a resolution records of a row read.

Shapes (all public interfaces, extended never renamed):

- :class:`TablesFile` ``{"auspex_critical": 1, "tables": [CriticalTable], "charts": [ChartEntry]}``
- :class:`CriticalTable` ``{"system": "dh2", "damage_type": "Energy", "location": "Body",
  "rows": [CriticalRow]}``; a table holds the rows the group entered (a row left out, or with empty
  text and no effects, is "not entered": the result then names the row as before).
- :class:`CriticalRow` ``{"row": 3, "text": "...", "effects": [Effect]}``, ``row`` 1-10.
- :class:`Effect` ``{"kind": "stunned", "amount": 1}`` or ``{"kind": "stunned", "dice": "1d5"}``;
  ``{"kind": "characteristic", "characteristic": "Ag", "dice": "1d10"}``.
- The psychic tables (optional; left out of the file while empty): ``"phenomena": [PhenomenaTable]``
  and ``"perils": [PerilsTable]``, each ``{"system": "dh2", "rows": [PsychicRow]}`` (a ruleset at
  most once), a row ``{"low": 1, "high": 5, "text": "...", "effects": [Effect]}`` read by a d100
  between ``low`` and ``high``; a Phenomena row with ``"perils": true`` leads on to the Perils of
  the Warp table (:class:`PhenomenaRow`).

The rows run 1-10 in every d100 ruleset: DH2's critical damage and its Righteous Fury's 1d5 read
the same tables (seed 004, Righteous Fury: "consults the Critical Effects table appropriate to the
damage type and location"; Step Five: "the amount of Critical damage accumulated"); DH1 (DH1 Core,
Ch. VIII, Critical Damage) and Deathwatch (seed 001 L766-771; Deathwatch Core, Ch. VIII) read them by
critical damage only. A running total above 10 reads row 10 (the books' tables end there).
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from .. import limits

DAMAGE_TYPES: tuple[str, ...] = ("Energy", "Explosive", "Impact", "Rending")
TABLE_LOCATIONS: tuple[str, ...] = ("Head", "Arm", "Body", "Leg")
ROWS = 10
"""Rows per table (1-10); a running total of critical damage above it reads the last row."""

TableSystem = Literal["dh2", "dh1", "dw"]
DamageType = Literal["Energy", "Explosive", "Impact", "Rending"]
TableLocation = Literal["Head", "Arm", "Body", "Leg"]
EffectKind = Literal[
    "stunned", "prone", "fatigue", "blood_loss", "on_fire", "characteristic", "lost", "useless", "slain"
]
EFFECT_KINDS: tuple[str, ...] = (
    "stunned",
    "prone",
    "fatigue",
    "blood_loss",
    "on_fire",
    "characteristic",
    "lost",
    "useless",
    "slain",
)
Characteristic = Literal["WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel"]
ROW_TEXT_LENGTH = 600
"""A row's text in the group's words (the books' longest rows are about 400 characters)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Model):
    """A structured effect of a row, which the engine applies: ``kind`` one of
    :data:`EFFECT_KINDS`; ``amount`` (Stunned rounds, Fatigue levels, characteristic points) or
    ``dice`` (``"1d5"``, ``"2d10"``: rolled when the row is read) -- at most one of the two, and
    neither for ``prone``, ``blood_loss``, ``on_fire``, ``lost``, ``useless``, ``slain``;
    ``characteristic`` (``"Ag"``) for kind ``characteristic`` only. ``lost`` and ``useless`` are
    the hit's location (an arm lost, a leg useless). Raises ValueError for a combination that does
    not fit its kind."""

    kind: EffectKind
    amount: int | None = Field(None, ge=0, le=100)
    dice: str | None = Field(None, max_length=limits.DAMAGE_LENGTH, pattern=r"^[1-9]\d?d(5|10|100)$")
    characteristic: Characteristic | None = None

    @model_validator(mode="after")
    def _fits_kind(self) -> Effect:
        counted = self.kind in ("stunned", "fatigue", "characteristic")
        if self.amount is not None and self.dice is not None:
            raise ValueError(f"{self.kind}: give an amount or dice, not both")
        if not counted and (self.amount is not None or self.dice is not None):
            raise ValueError(f"{self.kind} takes no amount")
        if counted and self.amount is None and self.dice is None:
            raise ValueError(f"{self.kind} needs an amount or dice (1, 1d5)")
        if (self.kind == "characteristic") != (self.characteristic is not None):
            raise ValueError("a characteristic effect names its characteristic (Ag, T...), and only it does")
        return self


class CriticalRow(_Model):
    """One row: ``row`` 1-10, ``text`` in the group's words (may be empty in the template),
    ``effects`` the engine applies. A row with empty text and no effects is not entered."""

    row: int = Field(..., ge=1, le=ROWS)
    text: str = Field("", max_length=ROW_TEXT_LENGTH)
    effects: list[Effect] = Field(default_factory=list, max_length=10)

    @property
    def entered(self) -> bool:
        """Whether the group has written this row (text or effects)."""
        return bool(self.text.strip() or self.effects)


class CriticalTable(_Model):
    """One Critical Effects table: its ruleset, damage type and location, and the rows entered
    (each row number once). Raises ValueError for a repeated row."""

    system: TableSystem
    damage_type: DamageType
    location: TableLocation
    rows: list[CriticalRow] = Field(default_factory=list, max_length=ROWS)

    @model_validator(mode="after")
    def _rows_once(self) -> CriticalTable:
        seen: set[int] = set()
        for r in self.rows:
            if r.row in seen:
                raise ValueError(f"{self.damage_type}, {self.location}: row {r.row} is given twice")
            seen.add(r.row)
        return self

    @property
    def name(self) -> str:
        """``"Energy Critical Effects, Body"``, as the result names a table."""
        return f"{self.damage_type} Critical Effects, {self.location}"


class ChartEntry(_Model):
    """A fan ruleset Damage Chart kept with the tables: the same fields as the scenario's
    ``charts`` entries (:class:`rules.wh40krp.models.DamageChart`: ``chart``, ``die``, ``rows``),
    validated with that model when the file is checked and then kept as that model writes it
    (whole numbers, ``rows`` a list: :func:`rules.critical.check.validate_file`), plus its ruleset."""

    model_config = ConfigDict(extra="allow", frozen=True)

    system: Literal["wh40krp"] = "wh40krp"


PSYCHIC_ROWS = 100
"""The most rows a psychic table holds (a d100 table; the books' have a few dozen)."""
PSYCHIC_KINDS: tuple[str, ...] = tuple(k for k in EFFECT_KINDS if k not in ("lost", "useless"))
"""The effects a psychic row may carry: a critical row's, less ``lost`` and ``useless`` (which name
the hit's location: a Phenomena or Perils row has none)."""


class PsychicRow(_Model):
    """One row of a Perils of the Warp (or Psychic Phenomena) table: the d100 results ``low`` to
    ``high`` (1-100, ``00`` is 100) it covers, ``text`` in the group's words and the ``effects``
    the engine applies to the psyker (no ``lost``/``useless``: there is no hit location). Raises
    ValueError for ``low`` above ``high`` or an effect of a location."""

    low: int = Field(..., ge=1, le=100)
    high: int = Field(..., ge=1, le=100)
    text: str = Field("", max_length=ROW_TEXT_LENGTH)
    effects: list[Effect] = Field(default_factory=list, max_length=10)

    @model_validator(mode="after")
    def _fits(self) -> PsychicRow:
        if self.low > self.high:
            raise ValueError(f"{self.low:02d}-{self.high:02d}: the low end is above the high end")
        for e in self.effects:
            if e.kind not in PSYCHIC_KINDS:
                raise ValueError(f"[{e.kind}] names a hit location; a psychic table's row has none")
        return self

    @property
    def span(self) -> str:
        """``"01-05"``, or ``"07"`` for one result (100 as ``100``)."""
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"


class PhenomenaRow(PsychicRow):
    """A Psychic Phenomena row: a :class:`PsychicRow` whose ``perils`` flag (the books' "roll on the
    Perils of the Warp table") sends the psyker on to the Perils table with its own d100."""

    perils: bool = False


def _spans_once(rows: list[Any], what: str) -> None:
    """Refuse rows whose spans overlap (each d100 result reads one row at most)."""
    ordered = sorted(rows, key=lambda r: r.low)
    for before, after in itertools.pairwise(ordered):
        if after.low <= before.high:
            raise ValueError(f"{what}: rows {before.span} and {after.span} overlap")


class PerilsTable(_Model):
    """The group's Perils of the Warp table of a ruleset: its ``rows`` (spans not overlapping; a
    result no row covers is "not entered"). Raises ValueError for overlapping rows."""

    system: TableSystem
    rows: list[PsychicRow] = Field(default_factory=list, max_length=PSYCHIC_ROWS)

    NAME: ClassVar[str] = "Perils of the Warp"

    @model_validator(mode="after")
    def _once(self) -> PerilsTable:
        _spans_once(self.rows, self.NAME)
        return self

    def find(self, roll: int) -> PsychicRow | None:
        """The row a d100 ``roll`` (1-100) reads, or None where no row covers it (or it is empty)."""
        found = next((r for r in self.rows if r.low <= roll <= r.high), None)
        return found if found is not None and (found.text.strip() or found.effects or _leads(found)) else None


def _leads(row: PsychicRow) -> bool:
    return bool(getattr(row, "perils", False))


class PhenomenaTable(PerilsTable):
    """The group's Psychic Phenomena table of a ruleset: as :class:`PerilsTable`, its rows
    :class:`PhenomenaRow` (which may lead on to the Perils table)."""

    rows: list[PhenomenaRow] = Field(default_factory=list, max_length=PSYCHIC_ROWS)  # type: ignore[assignment]

    NAME: ClassVar[str] = "Psychic Phenomena"

    def find(self, roll: int) -> PhenomenaRow | None:
        """The row a d100 ``roll`` reads, or None (see :meth:`PerilsTable.find`)."""
        found = super().find(roll)
        return found if isinstance(found, PhenomenaRow) else None


class TablesFile(_Model):
    """The file a group keeps (on the device, in the party export, as ``auspex-tables.json``):
    version 1 of ``auspex_critical``, its ``tables`` (each ruleset, damage type and location at
    most once) and ``charts``, and the optional ``phenomena`` and ``perils`` tables (a ruleset's
    at most once each; left out of the JSON while empty). Raises ValueError for a table given
    twice."""

    auspex_critical: Literal[1] = 1
    tables: list[CriticalTable] = Field(default_factory=list, max_length=3 * 16)
    charts: list[ChartEntry] = Field(default_factory=list, max_length=20)
    phenomena: list[PhenomenaTable] = Field(default_factory=list, max_length=3)
    perils: list[PerilsTable] = Field(default_factory=list, max_length=3)

    @model_validator(mode="after")
    def _psychic_once(self) -> TablesFile:
        for name, found in (("Psychic Phenomena", self.phenomena), ("Perils of the Warp", self.perils)):
            systems = [t.system for t in found]
            twice = next((s for s in systems if systems.count(s) > 1), None)
            if twice is not None:
                raise ValueError(f"{twice} {name} is given twice")
        return self

    @model_serializer(mode="wrap")
    def _omit_no_psychic(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        for key in ("phenomena", "perils"):
            if isinstance(data, dict) and not data.get(key, 1):
                del data[key]
        return data

    @model_validator(mode="after")
    def _tables_once(self) -> TablesFile:
        seen: set[tuple[str, str, str]] = set()
        for t in self.tables:
            key = (t.system, t.damage_type, t.location)
            if key in seen:
                raise ValueError(f"{t.system} {t.name} is given twice")
            seen.add(key)
        return self


class AppliedEffect(_Model):
    """An effect as a resolution applied it: ``kind`` and ``characteristic`` as written,
    ``amount`` the rounds, levels or points (rolled where the row gave ``dice``: the dice are in the
    resolution's dice, purpose ``"Critical effect: ..."``), ``dice`` as written."""

    kind: EffectKind
    amount: int | None = None
    dice: str | None = None
    characteristic: Characteristic | None = None


class PsychicReading(_Model):
    """A row of the group's psychic table read for a psyker: ``table`` (``"Psychic Phenomena"`` or
    ``"Perils of the Warp"``), the d100 ``roll`` (1-100), the row's span ``low``-``high`` (None and
    no text where the group has not entered a row for that result), the group's ``text``, the
    ``effects`` applied (dice rolled: purpose ``"Psychic Phenomena effect: ..."``) and ``perils``,
    whether it leads on to the Perils of the Warp table."""

    table: Literal["Psychic Phenomena", "Perils of the Warp"]
    roll: int
    low: int | None = None
    high: int | None = None
    text: str = ""
    effects: list[AppliedEffect] = Field(default_factory=list)
    perils: bool = False


class CriticalReading(_Model):
    """A row read for a hit (Righteous Fury's d5 in DH2, or critical damage's running total):
    ``table`` (``"Energy Critical Effects, Body"``), ``row`` 1-10, the group's ``text`` and the
    ``effects`` applied."""

    table: str
    row: int
    text: str
    effects: list[AppliedEffect] = Field(default_factory=list)


def table_location(hit_location: str) -> str:
    """The table a hit location reads: ``"Right Arm"`` -> ``"Arm"``, ``"Left Leg"`` -> ``"Leg"``,
    ``"Head"`` and ``"Body"`` as they are. Raises ValueError for a location of no table."""
    for loc in TABLE_LOCATIONS:
        if hit_location == loc or hit_location.endswith(" " + loc):
            return loc
    raise ValueError(f"{hit_location} is not a hit location with a Critical Effects table")


def find_row(
    tables: list[CriticalTable], system: str, damage_type: str, hit_location: str, row: int
) -> CriticalRow | None:
    """The entered row ``row`` (a running total above :data:`ROWS` reads the last row) of the
    table for ``system``, ``damage_type`` (``"Energy"``) and ``hit_location`` (``"Right Arm"``),
    or None where the group has not entered it."""
    loc = table_location(hit_location)
    number = min(max(row, 1), ROWS)
    for t in tables:
        if (t.system, t.damage_type, t.location) == (system, damage_type, loc):
            found = next((r for r in t.rows if r.row == number), None)
            return found if found is not None and found.entered else None
    return None
