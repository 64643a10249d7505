"""The critical tables' data: the file a group keeps, and what a resolution records of a row read.

Shapes (all public interfaces, extended never renamed):

- :class:`TablesFile` ``{"auspex_critical": 1, "tables": [CriticalTable], "charts": [ChartEntry]}``
- :class:`CriticalTable` ``{"system": "dh2", "damage_type": "Energy", "location": "Body",
  "rows": [CriticalRow]}``; a table holds the rows the group entered (a row left out, or with empty
  text and no effects, is "not entered": the result then names the row as before).
- :class:`CriticalRow` ``{"row": 3, "text": "...", "effects": [Effect]}``, ``row`` 1-10.
- :class:`Effect` ``{"kind": "stunned", "amount": 1}`` or ``{"kind": "stunned", "dice": "1d5"}``;
  ``{"kind": "characteristic", "characteristic": "Ag", "dice": "1d10"}``.

The rows run 1-10 in every d100 ruleset: DH2's critical damage and its Righteous Fury's 1d5 read
the same tables (seed 004, Righteous Fury: "consults the Critical Effects table appropriate to the
damage type and location"; Step Five: "the amount of Critical damage accumulated"); DH1 (DH1 Core,
Ch. VIII, Critical Damage) and Deathwatch (seed 001 L766-771; Deathwatch Core, Ch. VIII) read them by
critical damage only. A running total above 10 reads row 10 (the books' tables end there).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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


class TablesFile(_Model):
    """The file a group keeps (on the device, in the party export, as ``auspex-tables.json``):
    version 1 of ``auspex_critical``, its ``tables`` (each ruleset, damage type and location at
    most once) and ``charts``. Raises ValueError for a table given twice."""

    auspex_critical: Literal[1] = 1
    tables: list[CriticalTable] = Field(default_factory=list, max_length=3 * 16)
    charts: list[ChartEntry] = Field(default_factory=list, max_length=20)

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
