"""The chance of each Critical Effects row: the rows critical damage reads, the rows
Righteous Fury's d5 reads (DH2), and, with the group's own tables, their words and the chance
that a row read slays the target.

Every figure is read off the walker's distribution over :class:`rules.odds.d100.Outcome`:

- **Critical damage** (seed 004, Step Five: "the amount of Critical damage accumulated"; seed 001
  L638 "Critical Damage is cumulative"; DH1 Core, Ch. VIII, Critical Damage): the target ends on
  the row of its running total after the attack, ``damage_taken + wounds - W`` (above 10, row 10),
  the highest row the attack read. Only attacks that add critical damage read a row: a target
  already past its wounds that takes no more reads none. The wounds cap of
  :func:`rules.odds.d100.wounds_cap` (the wounds left plus 10) keeps this exact: a capped total
  is 10 critical damage or more, row 10 either way.
- **Righteous Fury** (DH2, seed 004, Righteous Fury: 1d5 on the Critical Effects table, a hit that
  dealt damage, not a Troop): the d5s are independent of every other die and uniform, so "some Fury
  of the attack read row r" has the same chance for every r; the walker follows it for r = 1
  (``Outcome.fury_one``), which counts a burst with two Furies once per row read: the chance that at
  least one Fury reads row r, 1 - E[(4/5)^K] over the K Furies that read a row.
- **The group's words**: a row's chance on each table location where the final location is
  determined (every hit on the target struck that table: a single hit always), with the row's
  text; hits on two tables leave it open, and the figure says how much.
- **Slain**: some row read is marked ``slain`` in the group's table, or a Troop is slain by Fury.
  Fury's rows are walked exactly (``Outcome.fury_slain``, the d5 classed by the slain rows of the
  hit's table). Critical damage reads one row per hit that adds to it (its running total): for a
  single hit that is the final row at its location, exact; for a burst the walker keeps the total,
  not the order of the hits, so the figure is bounded: at least the chance that the final row is
  slain on every table struck, at most the chance that some row between the critical damage before
  and after is slain on some table struck (``slain_high``, with a note).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.d100.models import DAMAGE_TYPES

from ..critical.models import ROWS, CriticalTable, table_location
from ..dice import Roller, SeededDice
from .dist import Dist
from .models import Chance, CriticalOdds, RowOdds, RowText

FURY_ROWS = 5
"""DH2's Righteous Fury reads 1d5 rows (seed 004, Righteous Fury)."""
SOURCE = (
    "seed 004, Step Five and Righteous Fury; seed 001 L638 and L766-771; DH1 Core, Ch. VIII, Critical "
    "Damage; your group's tables"
)


def group_tables(scenario: Any) -> list[CriticalTable]:
    """The group's tables in force for ``scenario`` (its own ruleset's; none for a scenario
    without the field)."""
    tables: list[CriticalTable] = getattr(scenario, "critical_tables", None) or []
    return [t for t in tables if t.system == scenario.system]


def damage_type(scenario: Any, attack_class: Any) -> str:
    """The attack's damage type in words (``"Energy"``), as the resolver reads it (a Force weapon
    in a psyker's hands deals Energy)."""
    attack = attack_class(scenario, Roller(SeededDice(0)))
    return str(DAMAGE_TYPES[attack.damage_type()])


def table_of(hit_location: str) -> str | None:
    """The table location of a hit location (``"Right Arm"`` -> ``"Arm"``), None for none."""
    try:
        return table_location(hit_location)
    except ValueError:
        return None


def slain_rows(scenario: Any, attack_class: Any) -> dict[str, frozenset[int]]:
    """Table location -> the rows (1-10) of the group's table for the attack's damage type that
    carry a ``slain`` effect; empty without tables."""
    tables = group_tables(scenario)
    if not tables:
        return {}
    kind = damage_type(scenario, attack_class)
    return {t.location: _slaying(t) for t in tables if t.damage_type == kind}


def _slaying(table: CriticalTable) -> frozenset[int]:
    """The rows of ``table`` with a ``slain`` effect."""
    return frozenset(r.row for r in table.rows if any(e.kind == "slain" for e in r.effects))


def fury_slain(slain: dict[str, frozenset[int]], hit_location: str, row: int) -> bool:
    """Whether Fury's ``row`` on the table of ``hit_location`` is marked slain."""
    loc = table_of(hit_location)
    return loc is not None and row in slain.get(loc, frozenset())


# ------------------------------------------------------------------------------------ the report


class _Reader:
    """The figures read off one distribution: the scenario's target, tables and damage type."""

    def __init__(self, scenario: Any, attack_class: Any, dist: Dist[Any], sample: int | None) -> None:
        t = scenario.target
        self.dist = dist
        self.sample = sample
        self.taken: int = t.damage_taken
        self.max: int = t.wounds
        self.start = max(0, t.damage_taken - t.wounds)
        self.kind = damage_type(scenario, attack_class)
        self.tables: dict[str, CriticalTable] = {
            tb.location: tb for tb in group_tables(scenario) if tb.damage_type == self.kind
        }
        self.slain: dict[str, frozenset[int]] = {loc: _slaying(tb) for loc, tb in self.tables.items()}

    def chance(self, weight: int) -> Chance:
        """The chance of a total ``weight`` over the distribution's denominator."""
        return Chance.of(Fraction(weight, self.dist.denom), self.sample)

    def tally(self) -> None:
        """One pass over the distribution: the weight of each row of critical damage (``rows``,
        and by the table location where every hit struck one table, ``rows_at``), of some Fury
        reading row 1 (``fury``, ``fury_at``), and of the slain bounds (``low``, ``high``)."""
        self.rows: dict[int, int] = {}
        self.rows_at: dict[tuple[int, str], int] = {}
        self.fury = 0
        self.fury_at: dict[str, int] = {}
        self.low = self.high = 0
        # the row reads the wounds alone, the one table the locations alone: each worked out once
        # (a Full Auto burst's ~2,200 outcomes share a few dozen of each)
        row_of: dict[int, int] = {}
        only_of: dict[tuple[str, ...], str | None] = {}
        for o, w in self.dist.weights.items():
            row = row_of.get(o.wounds)
            if row is None:
                row = row_of[o.wounds] = self.row(o)
            only = None
            if self.tables:
                if o.locations in only_of:
                    only = only_of[o.locations]
                else:
                    only = only_of[o.locations] = self.only(o)
            if row:
                self.rows[row] = self.rows.get(row, 0) + w
                if only:
                    self.rows_at[(row, only)] = self.rows_at.get((row, only), 0) + w
            if o.fury_one:
                self.fury += w
                if only:
                    self.fury_at[only] = self.fury_at.get(only, 0) + w
            if self.tables:
                low, high = self.slain_bounds(o)
                self.low += w * low
                self.high += w * high

    def final(self, o: Any) -> int:
        """The critical damage the target is left with after outcome ``o``."""
        return max(0, self.taken + int(o.wounds) - self.max)

    def row(self, o: Any) -> int:
        """The row ``o`` ends on (0: the attack read no row of critical damage)."""
        end = self.final(o)
        return min(ROWS, end) if o.wounds > 0 and end > self.start else 0

    def text(self, loc: str, row: int) -> tuple[str, bool]:
        """The group's words for ``row`` on the table at ``loc``, and whether it slays."""
        table = self.tables.get(loc)
        found = next((r for r in table.rows if r.row == row and r.entered), None) if table else None
        if found is None:
            return "", False
        return found.text, any(e.kind == "slain" for e in found.effects)

    def row_odds(self, row: int, label: str, weight: int, at: dict[str, int]) -> RowOdds:
        """Row ``row``'s chance (``weight``), with the group's words on each table location where
        the final location is determined (``at``: location -> weight)."""
        texts = []
        for loc in sorted(at):
            text, slays = self.text(loc, row)
            texts.append(RowText(location=loc, p=self.chance(at[loc]), text=text, slain=slays))
        return RowOdds(row=row, label=label, p=self.chance(weight), tables=texts)

    @staticmethod
    def only(o: Any) -> str | None:
        """The one table location every hit of ``o`` struck (None: two or more, or none)."""
        locs = {table_of(loc) for loc in o.locations}
        return next(iter(locs)) if len(locs) == 1 else None

    def slain_bounds(self, o: Any) -> tuple[int, int]:
        """Whether outcome ``o`` surely slays, and whether it may (1 or 0 each), by a row read or
        a Troop's Fury: the same for a single hit."""
        if o.slain or o.fury_slain:
            return 1, 1
        row = self.row(o)
        if row == 0:
            return 0, 0
        struck = [self.slain.get(loc, frozenset()) for loc in {table_of(x) for x in o.locations} if loc]
        low = int(bool(struck) and all(row in s for s in struck))
        if o.hits == 1:  # a single hit reads only the final row
            return low, low
        between = {min(ROWS, x) for x in range(self.start + 1, self.final(o) + 1)}
        return low, int(any(s & between for s in struck))


def _at(weights: dict[tuple[int, str], int], row: int) -> dict[str, int]:
    """Location -> weight of ``row``."""
    return {loc: w for (r, loc), w in weights.items() if r == row}


def critical_odds(scenario: Any, attack_class: Any, dist: Dist[Any], sample: int | None) -> CriticalOdds | None:
    """The chance of each Critical Effects row for a d100 attack on a single target (None for a
    Horde, or where no outcome reads a row and no table is given). ``dist``: the walker's
    distribution over :class:`rules.odds.d100.Outcome` (or a sample of it, ``sample`` resolutions)."""
    if scenario.target.horde is not None:
        return None
    r = _Reader(scenario, attack_class, dist, sample)
    r.tally()
    rows = [
        r.row_odds(row, f"{row}+" if row == ROWS else str(row), r.rows[row], _at(r.rows_at, row))
        for row in range(1, ROWS + 1)
        if r.rows.get(row)
    ]
    fury: list[RowOdds] = []
    if attack_class.RF_MODE == "d5_critical" and r.fury:
        fury = [r.row_odds(row, str(row), r.fury, r.fury_at) for row in range(1, FURY_ROWS + 1)]
    notes: list[str] = []
    low = high = None
    if r.tables:
        low = r.chance(r.low)
        high_c = r.chance(r.high)
        if r.high != r.low:
            high = high_c
            notes.append(
                "Slain is bounded, not exact, for this burst: each hit that adds critical damage reads the row "
                "of its running total on its own location's table, and the odds follow the total, not the "
                f"order of the hits. At least {low.p:.2%} (the final row slays on every table struck), at most "
                f"{high_c.p:.2%} (some row the total passes slays on some table struck). A single hit is exact."
            )
    if not rows and not fury and low is None:
        return None
    if fury:
        notes.append(
            "Righteous Fury: each row is the chance that at least one Fury of the attack reads it (a burst "
            "with two Furies counts once per row); every row has the same chance, the d5 being fair."
        )
    return CriticalOdds(
        damage_type=r.kind, start=r.start, rows=rows, fury_rows=fury, slain=low, slain_high=high, notes=notes
    )
