"""The odds report: what ``python -m rules odds`` prints and the page's Odds panel shows.

Every probability is a :class:`Chance`: ``p`` a float in 0..1 and ``exact`` the reduced fraction
as text (``"3/20"``). When a scenario has too many die outcomes to walk in time, the report says so
(``exact: false``, a note) and each chance is an estimate from seeded resolutions with its 95%
bounds (``low``, ``high``).
"""

from __future__ import annotations

from fractions import Fraction
from math import sqrt

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


_EXACT_BITS = 3_000  # about 900 digits: past it, a fraction is written to 30 digits (Chance.of)


class Chance(_Model):
    """A probability: ``p`` (0..1), ``exact`` ("a/b"; for an estimate, the count over the sample);
    ``low`` / ``high``: the 95% bounds of an estimate (None when exact). A fraction of more than
    about 900 digits (a sum over hundreds of hits: a Horde under ``Blast (400)``) is written as the
    closest fraction with a denominator of at most 10^30: the exact one would not print (Python
    refuses ints of more than 4,300 digits, "use sys.set_int_max_str_digits()") and would make
    megabytes of JSON."""

    p: float
    exact: str
    low: float | None = None
    high: float | None = None

    @classmethod
    def of(cls, f: Fraction, sample: int | None = None) -> Chance:
        """The chance ``f``; with ``sample`` (the number of resolutions it was counted from), an
        estimate with its Wilson 95% interval."""
        if sample is None:
            if max(f.numerator.bit_length(), f.denominator.bit_length()) > _EXACT_BITS:
                f = f.limit_denominator(10**30)
            return cls(p=float(f), exact=f"{f.numerator}/{f.denominator}")
        z, n, p = 1.96, sample, float(f)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return cls(
            p=p,
            exact=f"{round(p * n)}/{n}",
            low=min(p, max(0.0, centre - half)),
            high=max(p, min(1.0, centre + half)),
        )


class Bar(_Model):
    """One value of a distribution: ``value`` (wounds, hits, degrees, units), its chance ``p`` and
    the chance of at least this much (``at_least``). ``label`` is how the page names it ("14+"
    for the last bar of a capped distribution)."""

    value: int
    label: str
    p: Chance
    at_least: Chance


class Figure(_Model):
    """A headline figure: a ``chance`` or a ``value`` (a mean), under ``key`` (stable, for
    programs) and ``label`` (for players)."""

    key: str
    label: str
    chance: Chance | None = None
    value: float | None = None


class Chart(_Model):
    """The distribution the page draws: ``measure`` (``wounds``, ``Magnitude lost``, ``units
    destroyed``, ``penetrating hits``), its bars, mean and standard deviation."""

    measure: str
    bars: list[Bar]
    mean: float
    sd: float


class LocationOdds(_Model):
    """Hits on one location: the chance it is hit at least once, the mean hits it takes."""

    location: str
    hit: Chance
    mean_hits: float


class ShotOdds(_Model):
    """The fan ruleset: one shot's chance to be fired, to hit and to penetrate (all layers)."""

    number: int
    fired: Chance
    hit: Chance
    penetrate: Chance


# The chance of each Critical Effects row (rules.odds.critical)


class RowText(_Model):
    """A row's chance on one table location (``"Body"``) where the final location is determined
    (every hit on the target struck that table), with the group's ``text`` ("" where the row is
    not entered) and whether the row slays (a ``slain`` effect)."""

    location: str
    p: Chance
    text: str = ""
    slain: bool = False


class RowOdds(_Model):
    """One Critical Effects row: ``row`` 1-10, ``label`` ("10+" for 10 or more), its chance ``p``
    and, with the group's tables, its chance and words on each table location (``tables``)."""

    row: int
    label: str
    p: Chance
    tables: list[RowText] = Field(default_factory=list)


class CriticalOdds(_Model):
    """The Critical Effects rows an attack reads: ``damage_type`` (``"Energy"``), ``start`` (the
    critical damage the target had), ``rows`` (the row of critical damage the attack leaves the
    target on), ``fury_rows`` (DH2: the chance at least one Righteous Fury reads each d5 row), and
    with the group's tables ``slain`` (a row read slays, or a Troop is slain by Fury; a lower
    bound where ``slain_high``, the upper bound, is given) and ``notes``. Rows of chance 0 are left
    out."""

    damage_type: str
    start: int = 0
    rows: list[RowOdds] = Field(default_factory=list)
    fury_rows: list[RowOdds] = Field(default_factory=list)
    slain: Chance | None = None
    slain_high: Chance | None = None
    notes: list[str] = Field(default_factory=list)


class ExchangeStep(_Model):
    """One attack of an exchange (:mod:`rules.odds.exchange`) or a scenario's volley: ``who`` (id),
    ``name``, ``action`` (its type), and ``down``: the chance the target is down after it (and
    every attack before it)."""

    who: str
    name: str
    action: str
    down: Chance


class Odds(_Model):
    """The odds of the attack on the forms, before any die is rolled.

    ``exact``: every figure is exact (else estimated from ``sample`` seeded resolutions, with
    bounds). ``headline``: the figures a player reads first. ``chart``: the distribution drawn.
    ``degrees``, ``hits``, ``locations`` (d100 rulesets), ``shots`` (the fan ruleset): the tables.
    ``notes``: how the figures were taken, in words. ``critical`` (d100, a single target): the
    chance of each Critical Effects row (:class:`CriticalOdds`)."""

    system: str
    attacker: str
    target: str
    action: str
    exact: bool = True
    sample: int | None = None
    headline: list[Figure]
    chart: Chart
    degrees: list[Bar] = Field(default_factory=list)
    hits: list[Bar] = Field(default_factory=list)
    locations: list[LocationOdds] = Field(default_factory=list)
    shots: list[ShotOdds] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    # Two-weapon fighting (seed 004, Two-Weapon Fighting): the second weapon's attack, its own odds;
    # ``both``: the two attacks together, only where that is exact (left out of the JSON when unused)
    second: Odds | None = None
    both: list[Figure] = Field(default_factory=list)
    # Critical Effects rows: left out of the JSON when None (a Horde, no row possible)
    critical: CriticalOdds | None = None
    # A scenario's volley (``count`` over 1): the target down after each attacker, the exchange's
    # (:mod:`rules.odds.volley`); left out of the JSON when None (one attacker)
    steps: list[ExchangeStep] | None = None
