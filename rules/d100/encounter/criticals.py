"""Critical effects in an encounter: the group's tables in force, and the rows an attack
reads becoming the combatant's conditions.

- :func:`tables_event`, the handler of the ``critical_tables`` event: the group's tables of the
  encounter's own ruleset, in force for the attacks after it (no action). The tables are stored in
  the event, so a replay reads the tables of the time: editing the device's tables later changes
  nothing already in the log.
- :func:`into_scenario`: every attack's scenario gets the tables in force as ``critical_tables``
  (an attack event that brings its own keeps them), as the table rules go in as ``options``.
- :func:`carried_damage` and :func:`weakened`: what the target's state puts into the next
  scenario: its damage taken with its critical damage (so the row follows the running total) and
  both sides' characteristic damage.
- :func:`effects`: the rows read (``RighteousFury.effect``, ``Critical.effect``: a
  :class:`~rules.critical.models.CriticalReading` with its amounts rolled) recorded on the
  combatant, each effect applied by :func:`apply_effect`.

Readings (Auspex's, where the seeds are silent):

- The row follows the running total of critical damage (seed 004, Step Five: "the amount of
  Critical damage accumulated"; seed 001 L638, "Critical Damage is cumulative"; DH1 Core, Ch. VIII,
  Critical Damage): the next attack's scenario carries ``damage_taken`` of at least its Wounds plus
  its critical damage, so a critical total the GM set with Adjust counts as one dealt by attacks.
- Righteous Fury's effects "do not stack if a target suffers Righteous Fury multiple times. Each
  roll is applied as a separate effect" (seed 004, Righteous Fury, L70). Auspex reads it as: each
  d5 reads its own row (rows never add up to a worse one, and are not critical damage); each row's
  effects are applied on their own, so a **duration** runs alongside one already running -- a
  second Stunned 2 while Stunned 3 runs leaves Stunned 3 (the longer of the two left, never 5) --
  and a **level** or **points** (Fatigue, characteristic damage) is each roll's own harm, added as
  Fatigue and characteristic damage from any source add (seed 001, Fatigue). A state (Prone,
  Blood Loss, On Fire, a location lost or useless) is had once. The rows read for critical damage
  follow the same rules (a condition is had once; its longer duration stands).
- Stunned counts its bearer's own turns, as every condition's ``rounds`` (the Stun action's Stunned too).
- On Fire is recorded for the GM (the ``On Fire`` condition, "its effects are applied by hand"):
  no seed rules it, and DH2 Core Ch. VII's On Fire is not built.
- Characteristic damage lowers the characteristic in its bearer's later attacks' scenarios (its
  attacker profile's WS, BS, S, T, Ag, Int, Per, WP, Fel; its target profile's T, Ag, WP, S, WS
  where given; Toughness damage lowers a target's TB by the tens it loses when its T is given).
  Skills typed as a percent (Dodge, Parry) and the tests the encounter rolls itself (Clear Jam's BS,
  Pinned's WP) are left to the GM.
- A location lost or useless is a condition named for the hit's location ("Right Arm lost"),
  tracked for the GM (no rule acts on it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.critical.models import AppliedEffect, CriticalReading, CriticalTable, PsychicReading
from rules.d100.models import Characteristics
from rules.encounter.conditions import rule
from rules.encounter.models import AttackEvent, CombatantState, Condition, EncounterError, EncounterState, FuryEffect

if TYPE_CHECKING:
    from rules.encounter.engine import Ctx

TABLES_SRC = "your group's Critical Effects tables"
FURY_SRC = "seed 004, Righteous Fury (each roll a separate effect; they do not stack)"
CRITICAL_SRC = "seed 004, Step Five (critical damage accumulated); seed 001, Critical Damage is cumulative"
D100 = ("dh2", "dh1", "dw")
TARGET_CHARACTERISTICS = ("T", "Ag", "WP", "S", "WS")
"""The target profile's characteristics (:class:`rules.d100.models.TargetCharacteristics`)."""


def _checked(system: str, tables: list[CriticalTable], field: str) -> None:
    """Refuse tables of another ruleset than the encounter's (at ``field.N.system``)."""
    if system not in D100:
        raise EncounterError.at(
            field,
            "Critical Effects tables are the d100 rulesets' (dh2, dh1, dw); the fan ruleset's charts go on the attack",
        )
    for i, t in enumerate(tables):
        if t.system != system:
            raise EncounterError.at(
                f"{field}.{i}.system", f"This encounter is {system}: a {t.system} table does not apply to it"
            )


def rows_entered(tables: list[CriticalTable]) -> int:
    """The rows the group has written (text or effects) across ``tables``."""
    return sum(1 for t in tables for r in t.rows if r.entered)


def tables_event(ctx: Ctx) -> None:
    """The ``critical_tables`` event: its tables (the encounter's ruleset only: refused at
    ``tables.N.system`` otherwise) are in force for the attacks after it. No action cost."""
    tables = list(ctx.event.tables)
    _checked(ctx.state.system, tables, f"{ctx.field}.tables")
    for key in ("phenomena", "perils"):
        table = getattr(ctx.event, key)
        if table is not None and table.system != ctx.state.system:
            raise EncounterError.at(
                f"{ctx.field}.{key}.system",
                f"This encounter is {ctx.state.system}: a {table.system} table does not apply to it",
            )
    ctx.state.critical_tables = tables
    ctx.state.phenomena, ctx.state.perils = ctx.event.phenomena, ctx.event.perils
    n = rows_entered(tables)
    psychic = [t.NAME for t in (ctx.event.phenomena, ctx.event.perils) if t is not None]
    more = f"; {' and '.join(psychic)} in force" if psychic else ""
    ctx.log.append(
        f"Critical tables: {n} row{'' if n == 1 else 's'} entered ({len(tables)} table(s); {TABLES_SRC}){more}"
    )


def into_scenario(state: EncounterState, ev: AttackEvent, data: dict[str, Any], field: str) -> dict[str, Any]:
    """The attack's scenario with the tables in force: the event's own (checked: the encounter's
    ruleset only, at ``field.critical_tables.N.system``), else the last ``critical_tables``
    event's; none: ``data`` as it is (so a scenario without the group's tables is byte-identical to one made before they existed)."""
    own = ev.critical_tables
    if own is not None:
        _checked(state.system, own, f"{field}.critical_tables")
    tables = own if own is not None else state.critical_tables
    for key in ("phenomena", "perils"):  # the psychic tables in force, where a Focus Power test calls for them
        table = getattr(state, key)
        if table is not None:
            data = {**data, key: table.model_dump(mode="json")}
    if not tables:
        return data
    return {**data, "critical_tables": [t.model_dump(mode="json") for t in tables]}


PSYCHIC_SRC = "your group's Psychic Phenomena and Perils of the Warp tables"


def psychic_effects(readings: list[PsychicReading] | None, c: CombatantState) -> list[str]:
    """The psychic rows read for the psyker ``c`` (a resolution's ``phenomena``, or a Focus Power
    test's) recorded on it (``psychic_rows``) and each row's effects applied to it
    (:func:`apply_effect`: Stunned, Prone, Fatigue, characteristic damage, slain...; a row with no
    effects is its words only, shown for the GM). The words of it for the log."""
    out = []
    for r in readings or []:
        c.psychic_rows.append(r)
        if r.low is None:
            out.append(f"{c.name}: {r.table} {r.roll:02d}, a row your group has not entered: the GM reads the book's")
            continue
        span = f"{r.low:02d}" if r.low == r.high else f"{r.low:02d}-{r.high:02d}"
        words = f": {r.text}" if r.text else ""
        out.append(f"{c.name}: {r.table} {r.roll:02d}, row {span}{words}")
        source = f"{r.table} row {span} ({PSYCHIC_SRC})"
        out.extend(apply_effect(c, e, "", source) for e in r.effects)
    return out


def carried_damage(at: CombatantState) -> int:
    """The ``damage_taken`` the next attack on ``at`` starts from: its damage taken, and at least
    its Wounds plus its critical damage (so the row follows the running total, see Readings)."""
    return running_total(at.damage_taken, at.wounds, at.critical)


def running_total(damage_taken: int, wounds: int | None, critical: int) -> int:
    """:func:`carried_damage` from a combatant's numbers (its state's ``damage_taken``,
    ``wounds``, ``critical``), for what reads the state as JSON (the page's cards)."""
    if critical and wounds is not None:
        return max(damage_taken, wounds + critical)
    return damage_taken


def weakened(who: CombatantState, at: CombatantState, a: dict[str, Any], t: dict[str, Any]) -> list[str]:
    """Both sides' characteristic damage taken off the scenario's profiles ``a`` (the attacker's)
    and ``t`` (the target's), in place; the notes that say so."""
    notes = []
    if who.characteristic_damage:
        ch = a.setdefault("characteristics", {})
        for k, n in who.characteristic_damage.items():
            field = Characteristics.model_fields.get(k)
            base = ch.get(k, field.default if field is not None else None)
            if base is not None:
                ch[k] = max(0, int(base) - n)
        notes.append(f"{who.name}'s characteristic damage: {_points(who)} (its Critical Effects)")
    if at.characteristic_damage:
        tc = t.setdefault("characteristics", {})
        for k, n in at.characteristic_damage.items():
            if k in TARGET_CHARACTERISTICS and tc.get(k) is not None:
                before = int(tc[k])
                tc[k] = max(0, before - n)
                if k == "T" and "toughness_bonus" in t:  # the tens of T it loses come off its TB
                    t["toughness_bonus"] = max(0, int(t["toughness_bonus"]) - (before // 10 - tc[k] // 10))
        notes.append(f"{at.name}'s characteristic damage: {_points(at)} (its Critical Effects)")
    return notes


def _points(c: CombatantState) -> str:
    return ", ".join(f"{k} \u2212{n}" for k, n in c.characteristic_damage.items())


def effects(res: Any, c: CombatantState, person: int = 0) -> list[str]:
    """The rows read on ``res``'s hits on ``person`` (0: the target) recorded on ``c`` and their
    effects applied: Righteous Fury's d5 (seed 004: each a separate effect, recorded one by one in
    ``fury``, not critical damage) and critical damage's row (``critical_rows``). The words of it."""
    out = []
    for h in res.hits:
        if h.person != person:
            continue
        rf = h.righteous_fury
        if rf is not None and rf.critical_effect is not None and rf.table is not None:
            reading = getattr(rf, "effect", None)
            c.fury.append(_record(rf.table, h.location, rf.critical_effect, reading))
            words = f": {reading.text}" if reading is not None and reading.text else ""
            out.append(
                f"{c.name}: Righteous Fury, {rf.table} row {rf.critical_effect}{words} \u2014 a separate effect "
                f"({len(c.fury)} in all; they do not stack, seed 004, Righteous Fury)"
            )
            if reading is not None:
                out.extend(apply_all(c, reading, h.location, FURY_SRC))
        crit = h.critical
        reading = getattr(crit, "effect", None) if crit is not None else None
        if reading is not None:
            c.critical_rows.append(_record(reading.table, h.location, reading.row, reading))
            words = f": {reading.text}" if reading.text else ""
            out.append(f"{c.name}: critical damage {crit.total}, {reading.table} row {reading.row}{words}")
            out.extend(apply_all(c, reading, h.location, CRITICAL_SRC))
    return out


def _record(table: str, location: str, row: int, reading: CriticalReading | None) -> FuryEffect:
    if reading is None:
        return FuryEffect(table=table, location=location, effect=row)
    return FuryEffect(table=table, location=location, effect=row, text=reading.text, effects=list(reading.effects))


def apply_all(c: CombatantState, reading: CriticalReading, location: str, src: str) -> list[str]:
    """Each effect of the row ``reading`` (read for a hit on ``location``) applied to ``c``."""
    source = f"{reading.table} row {reading.row} ({TABLES_SRC}; {src})"
    return [apply_effect(c, e, location, source) for e in reading.effects]


def apply_effect(c: CombatantState, e: AppliedEffect, location: str, source: str) -> str:
    """One effect applied to ``c`` (its words for the log; ``source``, the row and the rule, goes
    on the condition): Stunned for its rounds (a Stunned already running:
    the longer stands), Prone, Fatigue levels, Blood Loss, On Fire, characteristic damage, a
    location lost or useless, slain. An amount not rolled (no dice given) is left to the GM."""
    if e.kind == "slain":
        c.out = "slain"
        return f"{c.name} is slain"
    if e.kind in ("stunned", "fatigue", "characteristic") and e.amount is None:
        return f"{c.name}: {e.kind} {e.dice or ''} not rolled: the GM applies it"
    if e.kind == "fatigue":
        c.fatigue += e.amount or 0
        return f"{c.name}: {e.amount} level(s) of Fatigue, {c.fatigue} in all"
    if e.kind == "characteristic":
        k = str(e.characteristic)
        c.characteristic_damage[k] = c.characteristic_damage.get(k, 0) + (e.amount or 0)
        return f"{c.name}: {k} damage {e.amount}, {c.characteristic_damage[k]} in all"
    if e.kind == "stunned":
        return _stunned(c, e.amount or 0, source)
    name = {
        "prone": "Prone",
        "blood_loss": "Blood Loss",
        "on_fire": "On Fire",
        "lost": f"{location} lost",
        "useless": f"{location} useless",
    }[e.kind]
    if c.has(name):
        return f"{c.name} is already {name}"
    c.conditions.append(Condition(name=name, source=source, detail=rule(name).summary))
    return f"{c.name} is {name}"


def _stunned(c: CombatantState, rounds: int, source: str) -> str:
    """Stunned for ``rounds`` of its own turns; one already running keeps the longer (Readings)."""
    if rounds <= 0:
        return f"{c.name}: Stunned for 0 turns, nothing to apply"
    now = c.has("Stunned")
    if now is not None and (now.rounds is None or now.rounds >= rounds):
        left = f"{now.rounds} turn(s) left" if now.rounds else "until removed"
        return (
            f"{c.name} is already Stunned ({left}): the longer stands, Stunned {rounds} does not add (separate effects)"
        )
    c.conditions = [x for x in c.conditions if x.name != "Stunned"]
    c.conditions.append(Condition(name="Stunned", rounds=rounds, source=source, detail=rule("Stunned").summary))
    return f"{c.name} is Stunned for {rounds} turn(s)"
