"""The group's critical tables: Critical Effects tables typed in once by the group, read
by every later critical hit.

The books' Critical Effects tables (DH2 Core, Ch. VII; DH1 Core, Ch. VIII; Deathwatch Core,
pp. 252-259, named by seed 001 L46-50) are not Auspex's to ship and no seed holds their words, so
a group enters its own: one table per ruleset, damage type and location (Energy, Explosive,
Impact, Rending x Head, Arm, Body, Leg), rows 1-10, each row with its text in the group's words and
optionally the structured effects the engine can apply (:class:`Effect`). The fan ruleset's Damage
Charts (seed 000) are stored alongside them (``charts``).

- :mod:`rules.critical.models`: the file (:class:`~rules.critical.models.TablesFile`, versioned
  ``auspex_critical: 1``), its tables, rows and effects, and what a resolution records when a row is
  read (:class:`~rules.critical.models.CriticalReading`).
"""

from __future__ import annotations

from .models import (
    DAMAGE_TYPES,
    EFFECT_KINDS,
    ROWS,
    TABLE_LOCATIONS,
    AppliedEffect,
    CriticalReading,
    CriticalRow,
    CriticalTable,
    Effect,
    TablesFile,
    find_row,
    table_location,
)

__all__ = [
    "DAMAGE_TYPES",
    "EFFECT_KINDS",
    "ROWS",
    "TABLE_LOCATIONS",
    "AppliedEffect",
    "CriticalReading",
    "CriticalRow",
    "CriticalTable",
    "Effect",
    "TablesFile",
    "find_row",
    "table_location",
]
