"""A sweep: one attack's chance to kill and expected wounds across targets, and the BS (or WS)
and Aim it needs for an even chance to kill.

``run_sweep(data)`` is the envelope of ``python -m rules odds --sweep FILE`` (a scenario):
``{"status": "ok", "sweep": {...}}`` (:class:`Sweep`) or the ``invalid`` envelope of
:func:`rules.odds.run_odds`. The scenario's attack is kept and its target changed:

- a single target (DH2, DH1, Deathwatch): its TB 2-8 (rows) by armour 0-10 on every location
  (columns); each cell the Kills figure of :func:`rules.odds.odds` (the wounds reach the wounds
  left, or a Troop slain by Righteous Fury) and the expected wounds, both exact where the attack
  can be walked;
- a Horde: its Magnitude :data:`MAGNITUDES` (one row): the chance to destroy it and the
  expected Magnitude lost;
- an Epic formation: every unit's armour save 0-6 (one row; seed 002: a d6 equal or under
  saves, 0 none): the chance to break it (or wipe it out) and the expected units destroyed, the
  Epic odds' own figures (:func:`rules.odds.odds`).

The inverse line: the lowest tested characteristic (BS for a ranged weapon, WS for a melee one,
1-100) whose chance to kill the scenario's own target is at least one half (None: not even at
100), found by bisection over the chance, which never falls as the characteristic rises; and the
least Aim (none, half, full: seed 003, Aim) that reaches it with the characteristic as given.
Epic has no BS or Aim: its inverse line is left out (null). The fan ruleset has no sweep yet
(refused at ``system``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..errors import ScenarioError
from .models import Chance

TB = range(2, 9)
ARMOUR = range(0, 11)
MAGNITUDES = (5, 10, 15, 20, 25, 30, 40, 50, 60)
SAVES = range(0, 7)
LOCATIONS = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Cell(_Model):
    """One target of the sweep: ``kill`` (the chance to kill it or destroy the Horde) and
    ``wounds`` (expected wounds, or Magnitude lost)."""

    kill: Chance
    wounds: float


class Row(_Model):
    """One row: its ``label`` ("TB 4", "Magnitude") and ``value``, and its cells by column."""

    label: str
    value: int | None
    cells: list[Cell]


class Inverse(_Model):
    """The even chance to kill the scenario's target: ``characteristic`` (BS or WS), the least
    ``value`` 1-100 that gives it (None: not even 100), and the least ``aim`` with the
    characteristic as given (None: not even Full Aim)."""

    characteristic: str
    value: int | None
    aim: str | None


class Sweep(_Model):
    """``rows`` by ``columns`` (the armour 0-10, or the Magnitudes), each cell exact unless
    ``exact`` is false (then estimated with bounds); ``measure`` what ``wounds`` counts."""

    system: str
    attacker: str
    action: str
    kind: str
    measure: str
    columns_label: str
    columns: list[int]
    rows: list[Row]
    inverse: Inverse | None
    exact: bool = True
    notes: list[str] = Field(default_factory=list)


def run_sweep(data: Any) -> dict[str, Any]:
    """Validate the scenario and sweep it; the envelope."""
    from ..api import load_scenario

    try:
        scenario = load_scenario(data)
        if scenario.system == "epic":
            report = epic_sweep(scenario)
        elif scenario.system not in ("dh2", "dh1", "dw"):
            raise ScenarioError.at("system", "A sweep is worked out for the d100 rulesets (dh2, dh1, dw) and Epic")
        else:
            report = sweep(scenario)
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "sweep": report.model_dump(mode="json")}


def kill_and_wounds(
    scenario: Any, shared: dict[str, Any] | None = None, phase: dict[str, Any] | None = None
) -> tuple[Chance, float, bool]:
    """The single attack's chance to kill (the Kills figure, or destroying a Horde), its expected
    wounds (or Magnitude lost), and whether both are exact. ``shared``: kept by the caller across
    attacks that differ before their damage; ``phase``: across attacks alike until their damage
    (:func:`rules.odds.d100.outcomes`)."""
    from . import outcome_distribution

    odds_of = scenario.model_copy(update={"fate_reroll": None}) if getattr(scenario, "fate_reroll", None) else scenario
    kept = shared is not None or phase is not None
    dist, sample = _distribution(odds_of, shared, phase) if kept else outcome_distribution(odds_of)
    t = scenario.target
    if t.horde is not None:
        size = t.horde.magnitude
        kill = dist.chance(lambda o: o.magnitude >= size)
        mean = dist.map(lambda o: min(size, o.magnitude)).mean()
    else:
        need = max(1, t.wounds - t.damage_taken)
        kill = dist.chance(lambda o: o.wounds >= need or o.slain)
        mean = dist.map(lambda o: o.wounds).mean()
    return Chance.of(kill, sample), float(mean), sample is None


def _distribution(
    scenario: Any, shared: dict[str, Any] | None, phase: dict[str, Any] | None = None
) -> tuple[Any, int | None]:
    """:func:`rules.odds.outcome_distribution` of a d100 scenario, its hits summed by the walks
    ``shared`` keeps, its step 1 the walk ``phase`` keeps (:func:`rules.odds.d100.outcomes`);
    sampled as it is where too big."""
    from . import attack_class, outcome_distribution
    from .d100 import outcomes
    from .explore import TooManyOutcomes

    try:
        return outcomes(scenario, attack_class(scenario.system), shared=shared, phase_kept=phase), None
    except TooManyOutcomes:
        return outcome_distribution(scenario)


def _cell(scenario: Any, phase: dict[str, Any] | None = None) -> tuple[Cell, bool]:
    kill, wounds, exact = kill_and_wounds(scenario, phase=phase)
    return Cell(kill=kill, wounds=wounds), exact


def sweep(scenario: Any) -> Sweep:
    """The sweep of ``scenario`` (a d100 scenario; see the module's docstring)."""
    t = scenario.target
    rows: list[Row] = []
    exact = True
    if t.horde is not None:
        cells = []
        for m in MAGNITUDES:
            horde = t.horde.model_copy(update={"magnitude": m})
            c, ok = _cell(scenario.model_copy(update={"target": t.model_copy(update={"horde": horde})}))
            cells.append(c)
            exact = exact and ok
        rows.append(Row(label="Magnitude", value=None, cells=cells))
        kind, measure, label, columns = "horde", "Magnitude lost", "Magnitude", list(MAGNITUDES)
    else:
        through = stopping(scenario)
        done: dict[int, tuple[Cell, bool]] = {}  # cells by what stops a hit (see :func:`stopping`)
        # where cells are shared, nothing before the damage reads TB or armour: step 1 walked once
        phase: dict[str, Any] | None = None if through is None else {}
        for tb in TB:
            cells = []
            for a in ARMOUR:
                key = None if through is None else tb + through(a)
                got = done.get(key) if key is not None else None
                if got is None:
                    armour = dict.fromkeys(LOCATIONS, a)
                    target = t.model_copy(update={"toughness_bonus": tb, "armour": armour})
                    got = _cell(scenario.model_copy(update={"target": target}), phase)
                    if key is not None:
                        done[key] = got
                c, ok = got
                cells.append(c)
                exact = exact and ok
            rows.append(Row(label=f"TB {tb}", value=tb, cells=cells))
        kind, measure, label, columns = "single", "wounds", "Armour", list(ARMOUR)
    notes = [] if exact else ["Some cells are estimated from seeded resolutions, each with its 95% bounds."]
    return Sweep(
        system=scenario.system,
        attacker=scenario.attacker.name,
        action=f"{scenario.action.action_type} with the {scenario.attacker.weapon.name}",
        kind=kind,
        measure=measure,
        columns_label=label,
        columns=columns,
        rows=rows,
        inverse=inverse(scenario),
        exact=exact,
        notes=notes,
    )


READS_ARMOUR_OR_TB = ("pen", "armour", "armour_damage", "toughness")
"""The points of the d100 procedure (:data:`rules.d100.qualities.POINTS`) whose qualities read the
struck armour or the target's TB on their own, or change the Pen by the attack's dice (Razor
Sharp's degrees): a weapon with one of them is swept cell by cell."""


def stopping(scenario: Any) -> Callable[[int], int] | None:
    """Where a sweep's cells may share one computation: a function giving, for the armour ``a``
    on every location, the armour that stops a hit (``a`` less the weapon's Pen, never below 0);
    two cells with the same TB plus that armour are then the same attack (None: every cell is
    computed on its own).

    Why it is exact: a hit's wounds are its damage less the armour after Pen less TB (seed 004,
    Step Five; :func:`rules.d100.stages.damage.wounds_through`), and every later rule the single
    attack's figures read (Righteous Fury, critical damage, the kill) reads those wounds, never
    the armour or the TB apart. Taken only where nothing else reads them: no quality with a hook
    at :data:`READS_ARMOUR_OR_TB` (Pen changed, armour doubled, Graviton, Felling), none whose
    test the struck target takes (its record carries the armour), no unarmed blow (its Fatigue
    reads TB), and a target with no cover (its AP on some locations only), no Unnatural Toughness
    (Felling), no Primitive armour, no others in a Blast and no nearby foes (their own profiles)."""
    from rules.d100.qualities import HOOKS

    from ..dice import Roller, SeededDice
    from . import attack_class

    t, w = scenario.target, scenario.attacker.weapon
    if t.cover is not None or t.unnatural_toughness or t.primitive_armour or t.others_in_blast or t.nearby:
        return None
    if w.weapon_class == "Unarmed":
        return None
    q, _, errors = attack_class(scenario.system)(scenario, Roller(SeededDice(1))).quality_check
    reading = {h.quality for point in READS_ARMOUR_OR_TB for h in HOOKS[point]}
    if errors or any(n in reading or (d := q.defs.get(n)) is None or d.test is not None for n in q.values):
        return None
    pen = w.pen
    return lambda a: max(0, a - pen)


def _killing(scenario: Any, name: str, value: int, shared: dict[str, Any]) -> Fraction:
    ch = scenario.attacker.characteristics.model_copy(update={name: value})
    attacker = scenario.attacker.model_copy(update={"characteristics": ch})
    kill, _, _ = kill_and_wounds(scenario.model_copy(update={"attacker": attacker}), shared)
    return Fraction(kill.exact) if kill.low is None else Fraction(kill.p)


def inverse(scenario: Any) -> Inverse:
    """The least BS (WS for a melee weapon) 1-100, and the least Aim, for an even chance to kill.
    Every attack tried differs from the scenario's before its damage (the characteristic tested,
    the Aim): their hits are summed once (``shared``: :func:`rules.odds.d100.outcomes`).

    The search halves 1-100 as the chance never falls as the characteristic rises (more degrees
    of success: more hits, a better degrees' die). For the same reason 100 itself is tried only
    where the search ends there (none below it reaches one half): where one below does, so does
    100. It is the costliest to work out (the most degrees values walked and summed)."""
    name = "WS" if scenario.attacker.weapon.is_melee else "BS"
    half = Fraction(1, 2)
    shared: dict[str, Any] = {}
    lo, hi = 1, 100
    while lo < hi:  # the least value whose chance is at least one half, 100 taken as reaching it
        mid = (lo + hi) // 2
        if _killing(scenario, name, mid, shared) >= half:
            hi = mid
        else:
            lo = mid + 1
    value: int | None = lo
    if lo == 100 and _killing(scenario, name, lo, shared) < half:
        value = None
    aim = None
    for level in ("none", "half", "full"):
        action = scenario.action.model_copy(update={"aim": level})
        kill, _, _ = kill_and_wounds(scenario.model_copy(update={"action": action}), shared)
        if (Fraction(kill.exact) if kill.low is None else Fraction(kill.p)) >= half:
            aim = level
            break
    return Inverse(characteristic=name, value=value, aim=aim)


def epic_sweep(scenario: Any) -> Sweep:
    """Epic: the formation's units all given each armour save of :data:`SAVES` (one row)."""
    from . import odds

    cells = []
    exact = True
    for save in SAVES:
        units = [u.model_copy(update={"armour": save}) for u in scenario.target.units]
        report = odds(scenario.model_copy(update={"target": scenario.target.model_copy(update={"units": units})}))
        figures = {f.key: f for f in report.headline}
        broken, destroyed = figures["break"].chance, figures["destroyed"].value
        assert broken is not None and destroyed is not None
        cells.append(Cell(kill=broken, wounds=destroyed))
        exact = exact and report.exact
    notes = [] if exact else ["Some cells are estimated from seeded resolutions, each with its 95% bounds."]
    return Sweep(
        system="epic",
        attacker=scenario.attacker.name,
        action=scenario.action.kind,
        kind="formation",
        measure="units destroyed",
        columns_label="Armour save",
        columns=list(SAVES),
        rows=[Row(label="Breaks it", value=None, cells=cells)],
        inverse=None,
        exact=exact,
        notes=notes,
    )
