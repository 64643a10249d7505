"""The fan ruleset's data file (``rules/data/wh40krp/tables.json``), validated at load: every
table of seed 000 that bears on an attack, each with its source."""

from __future__ import annotations

from functools import cache

from pydantic import Field

from rules.d100.models import AppliedModifier
from rules.d100.tables import DataModel as _Data
from rules.d100.tables import Sourced as _Sourced
from rules.d100.tables import SourcedValue as _Value
from rules.d100.tables import load_data

SYSTEM = "wh40krp"
SEED = "seed 000"


class _Cost(_Data):
    actions: int = Field(ge=1, le=4)
    label: str


class _Costs(_Sourced):
    rows: dict[str, _Cost]


class _FireModes(_Sourced):
    single: list[int]
    semi: list[int]
    auto: list[int]
    heavy_auto: list[int]


class _Labelled(_Data):
    label: str
    value: int


class _ModifierTable(_Sourced):
    rows: dict[str, _Labelled]


class _Range(_Sourced):
    point_blank: float


class _Aim(_Data):
    max_actions: int
    source: str


class _Jams(_Sourced):
    low: int = Field(ge=1, le=100)
    doubles_on: list[str]
    repair_rounds: int


class _Sight(_Data):
    label: str
    exposed: str
    metres: float


class _Visibility(_Sourced):
    rows: dict[str, _Sight]


class _Sizes(_Sourced):
    small: float
    normal: float
    large_automatic: float


class _Light(_Sourced):
    night: float
    sources: dict[str, float]


class _Following(_Data):
    metres: float
    source: str


class _LocationRow(_Data):
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    location: str


class _Locations(_Sourced):
    rows: list[_LocationRow]

    def at(self, number: int) -> str:
        return next(r.location for r in self.rows if r.low <= number <= r.high)


class _Penetration(_Sourced):
    cover_damage_bonus: int


class _Area(_Data):
    direction: int
    metres: int
    source: str


class RpTables(_Data):
    """Every table of seed 000 that bears on an attack (``rules/data/wh40krp/tables.json``)."""

    note: str | None = Field(None, alias="_note")
    actions_per_round: _Value
    action_costs: _Costs
    fire_modes: _FireModes
    shooting_modifiers: _ModifierTable
    combat_modifiers: _ModifierTable
    range: _Range
    minimum_chance: _Value
    aim: _Aim
    jams: _Jams
    visibility: _Visibility
    target_sizes: _Sizes
    light: _Light
    following_fire: _Following
    hit_locations: _Locations
    penetration: _Penetration
    area_effect: _Area


@cache
def tables() -> RpTables:
    """The ruleset's tables, validated (raises pydantic's ValidationError on a broken file)."""
    return RpTables.model_validate(load_data(SYSTEM, "tables"))


def src(section: str) -> str:
    """A section of seed 000 as a step's source (``seed 000, Jams``)."""
    return f"{SEED}, {section}"


def applied(row: _Labelled, source: str, value: int | None = None, label: str | None = None) -> AppliedModifier:
    """A modifier table's row as applied: its label and value unless the caller scales or names it."""
    return AppliedModifier(label=label or row.label, value=row.value if value is None else value, source=source)
