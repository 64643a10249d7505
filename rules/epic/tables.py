"""Epic's data file (``rules/data/epic/tables.json``), validated at load: every table of seed 002
that bears on a shooting attack, each with its source."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from rules.d100.tables import DataModel as _Data
from rules.d100.tables import Sourced as _Sourced
from rules.d100.tables import SourcedValue as _Value
from rules.d100.tables import load_data

SYSTEM = "epic"
SEED = "seed 002"


class _Modifier(_Data):
    label: str
    value: int


class _Modifiers(_Sourced):
    rows: dict[str, _Modifier]


class _ZeroToHit(_Sourced):
    rows: dict[int, list[int]]
    impossible_below: int


class _LineOfFire(_Data):
    blocking_terrain_tiles: int
    source: str


class _HitTypes(_Sourced):
    AP: list[str]
    AT: list[str]
    AA: list[str]
    macro: list[str]


class BarrageRow(_Data):
    """A row of the Barrage table: BP ``low``-``high``, ``radius`` in tiles, ``extra_shock``, and
    the to-hit values against infantry (``AP``) and armoured vehicles (``AT``; None: none)."""

    low: int
    high: int
    radius: int
    extra_shock: int
    AP: int | None
    AT: int | None


class _Barrage(_Sourced):
    rows: list[BarrageRow]


class _Overwatch(_Data):
    triggers: list[str]
    source: str


class _Crossfire(_Data):
    max_length: int
    save_modifier: int
    source: str


class _Assault(_Data):
    """An assault's reach (tiles) and the unit types no assault hit may go on (seed 002)."""

    note: str | None = Field(None, alias="_note")
    reach: int
    exclude: list[str]
    source: str


class EpicTables(_Data):
    """Every table of seed 002 that bears on a shooting attack."""

    note: str | None = Field(None, alias="_note")
    to_hit_modifiers: _Modifiers
    always_miss: _Value
    zero_to_hit: _ZeroToHit
    line_of_fire: _LineOfFire
    hit_types: _HitTypes
    barrage: _Barrage
    overwatch: _Overwatch
    crossfire: _Crossfire
    assault: _Assault  # Epic assault (seed 002, Allocate Hits & Make Saving Throws)


@cache
def tables() -> EpicTables:
    """The ruleset's tables, validated (raises pydantic's ValidationError on a broken file)."""
    return EpicTables.model_validate(load_data(SYSTEM, "tables"))


def src(section: str) -> str:
    """A section of seed 002 as a step's source (``seed 002, Barrage table``)."""
    return f"{SEED}, {section}"
