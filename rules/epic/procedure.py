"""Epic formation shooting (``system: "epic"``; seed 002).

Epic is not a roleplaying game: a formation of many units shoots at another, and the procedure
(seed 002, Shooting Procedure) is run for the whole formation at once:

1. who can shoot: line of fire, range, suppression (one unit per point of the attacker's Shock,
   from the back), ammo;
2. one point of Shock to the target formation as soon as one unit can shoot;
3. ammo spent, and the to-hit d6s rolled a group at a time (each weapon group together);
4. hits allocated by the defender from the front to the back, closest first and evenly, AP hits
   only on infantry and AT hits only on armoured vehicles; saves; integrity lost; then the same
   for macro-weapon hits;
5. a point of Shock per unit destroyed, and the formation breaks when every unit left is
   suppressed.

Where Epic differs from the d100 rulesets: a test is a d6 rolled equal or *under* a value (a 6
always misses), there are no degrees of success, no hit locations and no damage rolls: a hit that
is not saved takes one point of integrity.

Readings taken where the seed is garbled or silent (each said in ``rules/data/epic/tables.json``
and in the step log where it applies):

- *Saves* are rolled like to-hit: a d6 equal or under the save saves; crossfire's -1 lowers it
  (a save of 1 then fails automatically, the seed's warning). The unit uses the better of its
  armour and, in cover, its cover save.
- *The Zero To Hit table*: a d6, and on a 1 a second d6 that must show one of the listed values.
  Below -2 a hit is impossible and no die is rolled.
- *Saves are rolled a unit at a time*, all its hits at once, as players roll them; failures beyond
  the unit's integrity are ignored (the seed: "excess hits on a destroyed unit are ignored").
- *Evenly, closest first*: each hit goes to the unit that may take it with the fewest hits so far,
  the closest among those (the defender's table order among equals). Hits from shorter-ranged
  weapons are placed first, since fewer units may take them.
- *Cover -1 to hit* applies to the whole formation's shooting when any of its units is in cover,
  unless the attacker ignores cover (and then cannot hit the units in cover). Under a barrage each
  unit is rolled for on its own, so only the units in cover give -1.
- *War engines and aircraft* (the seed is silent): AT hits go on war engines, AA hits only on
  aircraft; macro-weapon hits on any unit on the ground; a barrage never hits aircraft.
- *The Barrage table* reads BP, radius, extra Shock, to-hit against infantry (AP), against armoured
  vehicles (AT); the 1-2 BP row has no AT value. A war engine under the template takes one roll.
- *Suppression ties*: the seed lets the attacker choose; the engine takes the unit lower in the
  attacking formation's table first, so the player chooses by ordering the table.
- *A barrage action* fires only the formation's barrage weapons and a shooting action only its
  others; a formation fires one barrage a turn. From overwatch, ``overwatch`` shoots and
  ``overwatch barrage`` fires the barrage; any shooting by a formation on overwatch ends it ("until
  they either shoot").
- *Shock*: the procedure's "one point of Shock to every unit in the target formation" and "apply
  Shock for failed saves" are read as the Apply Shock section words them: one point to the
  formation when it comes under fire, and one per unit destroyed.
- *Small arms and assault weapons* never fire in a shooting, even beside other weapons (the seed
  says a unit armed only with them cannot attack outside assaults; the published rules keep them
  for assaults).
- *Suppression before ammo*, in the seed's order: a unit out of ammo can take a point of
  suppression.
- *A save of 6* always saves (nothing says a 6 fails a save; only the to-hit roll has that rule).
- *Crossfire* is taken on the player's word: the engine checks the line's length and the facts
  given about it, not the table's geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from pydantic import Field

from ..dice import Roller
from ..errors import FieldError, ScenarioError
from ..models import AppliedModifier, Die, Step
from ..tables import DataModel as _Data
from ..tables import Sourced as _Sourced
from ..tables import SourcedValue as _Value
from ..tables import load_data
from .models import (
    AttackingUnit,
    BarrageResult,
    EpicResolution,
    EpicScenario,
    EpicWeapon,
    FormationResult,
    SaveRoll,
    ShockGain,
    Shooter,
    TargetFormation,
    TargetUnit,
    ToHitRoll,
    UnitResult,
)

SYSTEM = "epic"
SEED = "seed 002"


# ----------------------------------------------------------------------------------------------
# The tables (rules/data/epic/tables.json)


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


@cache
def tables() -> EpicTables:
    """The ruleset's tables, validated (raises pydantic's ValidationError on a broken file)."""
    return EpicTables.model_validate(load_data(SYSTEM, "tables"))


def _src(section: str) -> str:
    return f"{SEED}, {section}"


# ----------------------------------------------------------------------------------------------
# The rules, as pure functions


def line_of_fire_blocked(unit: AttackingUnit) -> str | None:
    """Why ``unit`` has no line of fire to the target formation, or None when it has one
    (seed 002, Who Can Shoot: two tiles of obstructing terrain block it; only war engines
    block otherwise)."""
    blocking = tables().line_of_fire.blocking_terrain_tiles
    if not unit.line_of_fire:
        return "no line of fire"
    if unit.terrain_tiles >= blocking:
        return f"its line of fire crosses {unit.terrain_tiles} tiles of obstructing terrain ({blocking} block it)"
    if unit.war_engine_between:
        return "a war engine blocks its line of fire"
    return None


def suppression_order(candidates: list[tuple[int, int]]) -> list[int]:
    """The order in which units are suppressed, from ``(index, distance)`` pairs: the back first
    (farthest from the target); among units equally far, the one lower in the table first (the
    attacker's choice, seed 002, Who Can Shoot: Suppression). Returns the indexes."""
    return [i for i, _ in sorted(candidates, key=lambda c: (-c[1], -c[0]))]


def zero_to_hit(needed: int) -> list[int] | None:
    """The Zero To Hit table (seed 002) for a to-hit value of 0 or less: the second d6's values
    that hit after a first d6 of 1 (``[1, 2, 3]`` for 0), or None when a hit is impossible."""
    z = tables().zero_to_hit
    if needed < z.impossible_below:
        return None
    return list(z.rows[needed])


def hits_on(needed: int, roll: int) -> bool:
    """Whether one d6 ``roll`` hits on a to-hit value of ``needed`` (at least 1): equal or under,
    and a 6 always misses (seed 002, Roll to Hit)."""
    return roll <= needed and roll != tables().always_miss.value


def can_take(unit_type: str, kind: str, macro: bool) -> bool:
    """Whether a hit of ``kind`` (AP, AT, AA; ``macro`` from a macro-weapon) may go on a unit of
    ``unit_type`` (seed 002, Allocate Hits; war engines and aircraft read in the data file)."""
    t = tables().hit_types
    if macro and kind in ("AP", "AT"):
        return unit_type in t.macro
    allowed: list[str] = getattr(t, kind)
    return unit_type in allowed


def barrage_row(bp: int) -> BarrageRow:
    """The Barrage table's row for ``bp`` barrage points (1 or more; beyond the table, its last
    row)."""
    rows = tables().barrage.rows
    for row in rows:
        if row.low <= bp <= row.high:
            return row
    return rows[-1]


def best_save(unit: TargetUnit) -> tuple[str, int]:
    """The save a unit makes: the better of its armour and, in cover, its cover save
    (seed 002: "using either the unit's armour value or cover save"); ``("none", 0)`` when it
    has neither."""
    options = [("armour", unit.armour)]
    if unit.in_cover:
        options.append(("cover", unit.cover_save))
    kind, value = max(options, key=lambda o: o[1])
    return (kind, value) if value > 0 else ("none", 0)


def allocate(
    hits: list[tuple[int, list[int]]], order: list[int], taken: dict[int, int] | None = None
) -> tuple[dict[int, int], int]:
    """Allocate hits front to back, closest first and evenly (seed 002, Allocate Hits).

    ``hits``: one ``(count, eligible)`` per batch, ``eligible`` the unit indexes that batch may go
    on; ``order``: every unit index from front to back. Each hit goes to the eligible unit with the
    fewest hits so far (``taken`` counts hits already placed), the front-most among those.
    Returns ``({index: hits}, unallocated)``."""
    placed: dict[int, int] = {}
    counts = dict(taken or {})
    rank = {index: n for n, index in enumerate(order)}
    lost = 0
    for count, eligible in hits:
        if not eligible:
            lost += count
            continue
        for _ in range(count):
            unit = min(eligible, key=lambda i: (counts.get(i, 0), rank[i]))
            counts[unit] = counts.get(unit, 0) + 1
            placed[unit] = placed.get(unit, 0) + 1
    return placed, lost


def broken(shock: int, units_left: int) -> bool:
    """A formation is broken when every unit left is suppressed: Shock at least the units left
    (seed 002, Check Whether the Target Breaks). A formation with no unit left is wiped out, not
    broken."""
    return units_left > 0 and shock >= units_left


# ----------------------------------------------------------------------------------------------
# The attack


@dataclass
class _Formation:
    """A formation under fire while the attack resolves."""

    spec: TargetFormation
    path: str
    integrity: list[int]
    gains: list[ShockGain] = field(default_factory=list)
    units: dict[int, UnitResult] = field(default_factory=dict)
    unallocated: dict[str, int] = field(default_factory=dict)

    def alive(self, index: int) -> bool:
        return self.integrity[index] > 0

    def gain(self, reason: str, amount: int) -> None:
        if amount:
            self.gains.append(ShockGain(reason=reason, amount=amount))

    def result(self, index: int) -> UnitResult:
        if index not in self.units:
            unit = self.spec.units[index]
            self.units[index] = UnitResult(
                index=index,
                name=unit.name,
                type=unit.type,
                integrity_before=unit.integrity,
                integrity_after=unit.integrity,
            )
        return self.units[index]


@dataclass
class _Group:
    weapon: EpicWeapon
    kind: str
    value: int
    dice: int = 0
    units: list[str] = field(default_factory=list)


class EpicAttack:
    """One shooting attack, a barrage or overwatch fire: checks first (each refusal names its
    field), then the seed's procedure, every die recorded and every step logged."""

    def __init__(self, scenario: EpicScenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.steps: list[Step] = []
        self.t = tables()
        self.crossfire = False

    def step(self, rule: str, section: str, detail: str) -> None:
        self.steps.append(Step(rule=rule, source=_src(section), detail=detail))

    # ------------------------------------------------------------------ checks

    def check(self) -> None:
        """Refuse what the rules do not allow, every problem at once, each at its field."""
        s, a = self.s, self.s.action
        errors: list[FieldError] = []
        if s.attacker.double_moved and s.attacker.sustained_fire:
            errors.append(
                FieldError("attacker.sustained_fire", "A formation that double moved did not sustain its fire")
            )
        if a.is_overwatch:
            if not s.attacker.overwatch:
                errors.append(FieldError("attacker.overwatch", "Overwatch fire needs a formation on overwatch"))
            if a.trigger is None:
                errors.append(
                    FieldError("action.trigger", "Say what the target formation did that set off the overwatch")
                )
            elif a.trigger not in self.t.overwatch.triggers:
                errors.append(
                    FieldError(
                        "action.trigger",
                        f"A formation on overwatch may react only to a move or an unload, not to a {a.trigger}",
                    )
                )
            for name in ("double_moved", "sustained_fire"):
                if getattr(s.attacker, name):
                    errors.append(
                        FieldError(f"attacker.{name}", "A formation on overwatch has not moved or sustained its fire")
                    )
        if not a.is_barrage and a.also_under:
            errors.append(FieldError("action.also_under", "Only a barrage's template covers other formations"))
        if a.is_barrage:
            if a.ignore_cover:
                errors.append(
                    FieldError("action.ignore_cover", "A barrage hits each unit under it: cover cannot be ignored")
                )
            for f, formation in self._under():
                for i, unit in enumerate(formation.units):
                    if unit.from_centre is None:
                        errors.append(
                            FieldError(f"{f}.units.{i}.from_centre", "Give the tiles from the barrage's centre tile")
                        )
        elif (
            a.ignore_cover and (seen := [u for u in s.target.units if u.line_of_fire]) and all(u.in_cover for u in seen)
        ):
            errors.append(
                FieldError(
                    "action.ignore_cover",
                    "Every unit the attackers can see is in cover: ignoring cover leaves none to hit",
                )
            )
        if a.crossfire is not None:
            c, cf = a.crossfire, self.t.crossfire
            if c.length > cf.max_length:
                errors.append(
                    FieldError("action.crossfire.length", f"A crossfire line is at most {cf.max_length} tiles long")
                )
            if not c.through_target:
                errors.append(
                    FieldError(
                        "action.crossfire.through_target",
                        "The line must pass through a unit of the target formation or a gap between two",
                    )
                )
            if not c.ally_line_of_fire:
                errors.append(
                    FieldError(
                        "action.crossfire.ally_line_of_fire",
                        "The allied unit needs a line of fire to the target formation",
                    )
                )
            if c.ally_broken:
                errors.append(FieldError("action.crossfire.ally_broken", "A broken formation cannot claim a crossfire"))
            if c.ally_marching:
                errors.append(
                    FieldError("action.crossfire.ally_marching", "A marching formation cannot claim a crossfire")
                )
        if errors:
            raise ScenarioError(errors)

    def _under(self) -> list[tuple[str, TargetFormation]]:
        s = self.s
        return [("target", s.target)] + [(f"action.also_under.{i}", f) for i, f in enumerate(s.action.also_under)]

    # ------------------------------------------------------------------ who can shoot

    def usable(self, unit: AttackingUnit) -> list[EpicWeapon]:
        """The unit's weapons this action fires: barrage weapons in a barrage, else the others;
        never small arms or assault weapons (they attack only in assaults)."""
        barrage = self.s.action.is_barrage
        return [w for w in unit.weapons if w.kind == "ranged" and (w.BP > 0) == barrage]

    def shooters(self) -> tuple[list[Shooter], list[int]]:
        """Each attacking unit's status, and the indexes of those that shoot (seed 002, Who Can
        Shoot: line of fire, range, suppression, ammo, in that order)."""
        s = self.s
        status: dict[int, tuple[str, str]] = {}
        candidates: list[tuple[int, int]] = []
        barrage = s.action.is_barrage
        for i, unit in enumerate(s.attacker.units):
            blocked = line_of_fire_blocked(unit)
            weapons = self.usable(unit)
            if blocked:
                status[i] = ("no line of fire", blocked)
            elif not weapons:
                if barrage:
                    status[i] = ("no barrage weapon", "it has no barrage weapon to join the barrage")
                elif any(w.BP > 0 for w in unit.weapons):
                    status[i] = ("barrage weapons only", "its barrage weapons fire only in a barrage")
                else:
                    status[i] = ("assault weapons only", "small arms and assault weapons attack only in assaults")
            elif not any(w.range >= unit.distance for w in weapons):
                longest = max(w.range for w in weapons)
                status[i] = ("out of range", f"{unit.distance} tiles away, its longest range is {longest}")
            else:
                candidates.append((i, unit.distance))
        order = suppression_order(candidates)
        for n, i in enumerate(order):
            if n < s.attacker.shock:
                status[i] = ("suppressed", f"Shock point {n + 1} of {s.attacker.shock}: suppressed from the back")
        shooting: list[int] = []
        for i, _ in candidates:
            if i in status:
                continue
            if s.attacker.units[i].ammo == 0:
                status[i] = ("no ammo", "it has run out of ammo")
            else:
                status[i] = ("shoots", "")
                shooting.append(i)
        out = []
        for i, unit in enumerate(s.attacker.units):
            ammo = unit.ammo
            if i in shooting and ammo is not None:
                ammo -= 1
            out.append(
                Shooter(
                    index=i,
                    name=unit.name,
                    distance=unit.distance,
                    status=status[i][0],
                    reason=status[i][1],
                    ammo_left=ammo,
                )
            )
        self._log_shooters(out, order)
        return out, shooting

    def _log_shooters(self, shooters: list[Shooter], order: list[int]) -> None:
        shock = self.s.attacker.shock
        if shock:
            names = [self.s.attacker.units[i].name for i in order[:shock]]
            self.step(
                "Suppression",
                "Who Can Shoot",
                f"{self.s.attacker.name} has {shock} Shock: {len(names)} unit(s) with line of fire and in range "
                f"suppressed from the back: {', '.join(names) or 'none could be'}.",
            )
        for sh in shooters:
            if sh.status == "shoots":
                ammo = f" (ammo left {sh.ammo_left})" if sh.ammo_left is not None else ""
                self.step("Who can shoot", "Who Can Shoot", f"{sh.name} shoots{ammo}.")
            elif sh.status != "suppressed":
                self.step("Who can shoot", "Who Can Shoot", f"{sh.name} cannot shoot: {sh.reason}.")

    # ------------------------------------------------------------------ to hit

    def modifiers(self, in_cover: bool) -> list[AppliedModifier]:
        """The to-hit modifiers that apply (seed 002, To Hit Modifiers)."""
        rows = self.t.to_hit_modifiers.rows
        picked = []
        if in_cover:
            picked.append(rows["cover"])
        if self.s.attacker.double_moved:
            picked.append(rows["double_moved"])
        if self.s.attacker.sustained_fire:
            picked.append(rows["sustained_fire"])
        source = self.t.to_hit_modifiers.source
        return [AppliedModifier(label=m.label, value=m.value, source=source) for m in picked]

    def d6s(self, count: int, purpose: str, good: Callable[[int], bool]) -> list[int]:
        """``count`` d6 rolled together for ``purpose``; ``good`` says which faces count (a hit, a
        save). The procedure reads a fistful only by how many are good, and the odds engine
        (:mod:`rules.odds`) walks it that way."""
        return self.roller.group(6, count, purpose)

    def roll_to_hit(self, label: str, kind: str, value: int, dice: int, mods: list[AppliedModifier]) -> ToHitRoll:
        """Roll ``dice`` d6 at ``value`` with ``mods``: equal or under hits and a 6 misses; at 0 or
        below, the Zero To Hit table."""
        needed = value + sum(m.value for m in mods)
        record = ToHitRoll(weapon=label, kind=kind, value=value, modifiers=mods, needed=needed)
        if needed >= 1:
            rolls = self.d6s(
                dice, f"{label} to-hit d6 ({kind} {value}: {_roll_text(needed)})", lambda r: hits_on(needed, r)
            )
            hits = sum(hits_on(needed, r) for r in rolls)
            return record.model_copy(update={"rolls": rolls, "hits": hits})
        second = zero_to_hit(needed)
        if second is None:
            self.step(
                "Zero To Hit",
                "Zero To Hit",
                f"{label}: {kind} {value} with modifiers {needed}: a hit is impossible; no die is rolled.",
            )
            return record.model_copy(update={"zero_to_hit": "impossible"})
        rule = f"a 1, then {_values(second)}"
        rolls = self.d6s(
            dice, f"{label} to-hit d6 ({kind} {value} at {needed}: Zero To Hit, a 1 first)", lambda r: r == 1
        )
        ones = sum(r == 1 for r in rolls)
        seconds = (
            self.d6s(ones, f"{label} Zero To Hit second d6 ({_values(second)} hits)", lambda r: r in second)
            if ones
            else []
        )
        hits = sum(r in second for r in seconds)
        self.step(
            "Zero To Hit",
            "Zero To Hit",
            f"{label}: {kind} {value} with modifiers {needed}: each hit needs {rule}; "
            f"{ones} first die/dice of 1, {hits} hit(s) on the second.",
        )
        return record.model_copy(update={"rolls": rolls, "second_rolls": seconds, "hits": hits, "zero_to_hit": rule})

    # ------------------------------------------------------------------ saves

    def saves(self, formation: _Formation, index: int, hits: int, macro: bool) -> None:
        """One save per hit on unit ``index``, rolled together; each failure takes a point of
        integrity, and failures beyond it are ignored (seed 002, Allocate Hits & Make Saving
        Throws; Crossfire: -1 to every save)."""
        unit = formation.spec.units[index]
        kind, value = best_save(unit)
        # the crossfire catches the target formation only, not others under a barrage's template
        modifier = self.t.crossfire.save_modifier if self.crossfire and formation.path == "target" else 0
        needed = value + modifier
        which = "macro-weapon save" if macro else "save"
        name = _unit_label(formation.spec, index)
        if kind == "none" or needed <= 0:
            rolls: list[int] = []
            failed = hits
            why = "no save" if kind == "none" else f"{kind} save {value} {modifier:+d} for the crossfire leaves none"
            self.step("Saves", "Allocate Hits & Make Saving Throws", f"{unit.name}: {why}: all {hits} hit(s) fail.")
        else:
            rolls = self.d6s(
                hits, f"{name} {which} d6 ({kind} {value}{_mod(modifier)}: {_roll_text(needed)})", lambda r: r <= needed
            )
            failed = sum(r > needed for r in rolls)
        before = formation.integrity[index]
        lost = min(failed, before)
        formation.integrity[index] = before - lost
        record = SaveRoll(
            hits=hits,
            macro=macro,
            save=kind,
            value=value,
            modifier=modifier,
            needed=max(needed, 0),
            rolls=rolls,
            failed=failed,
            integrity_lost=lost,
        )
        result = formation.result(index)
        formation.units[index] = result.model_copy(
            update={
                "saves": [*result.saves, record],
                "integrity_after": formation.integrity[index],
                "destroyed": formation.integrity[index] == 0,
            }
        )
        if rolls:
            ignored = f"; {failed - lost} failure(s) beyond its integrity ignored" if failed > lost else ""
            self.step(
                "Saves",
                "Allocate Hits & Make Saving Throws",
                f"{unit.name}: {hits} {which}(s) at {kind} {value}{_mod(modifier)}: rolled {_list(rolls)}, "
                f"{failed} failed; integrity {before} -> {formation.integrity[index]}{ignored}"
                f"{' (destroyed)' if formation.integrity[index] == 0 else ''}.",
            )

    # ------------------------------------------------------------------ shooting

    def eligible(self, formation: _Formation, kind: str, macro: bool, reach: int) -> list[int]:
        """The units of the target formation a hit may go on: alive, of a type the hit can take,
        in line of fire and within ``reach`` tiles, and not in cover when cover is ignored."""
        ignore = self.s.action.ignore_cover
        return [
            i
            for i, u in enumerate(formation.spec.units)
            if formation.alive(i)
            and can_take(u.type, kind, macro)
            and u.line_of_fire
            and u.distance <= reach
            and not (ignore and u.in_cover)
        ]

    def choose(self, weapon: EpicWeapon, formation: _Formation) -> tuple[str, int, str]:
        """The value a weapon fires (the attacker's choice): ``use`` when given, else the best value
        against units it can hit, AP before AT before AA among equals. Returns (kind, value, why)."""
        values = weapon.values()
        if weapon.use is not None:
            return weapon.use, values[weapon.use], "the attacker's choice"
        if len(values) == 1:
            ((kind, value),) = values.items()
            return kind, value, "its only value"
        hittable = {k: v for k, v in values.items() if self.eligible(formation, k, weapon.macro, weapon.range)}
        pool = hittable or values
        kind = max(pool, key=lambda k: pool[k])
        why = "the best value against units it can hit" if hittable else "no unit it can hit: its best value"
        return kind, values[kind], why

    def shoot(self, shooting: list[int], target: _Formation) -> list[ToHitRoll]:
        """Roll to hit a weapon group at a time, allocate, save (normal hits first, then
        macro-weapon hits)."""
        s = self.s
        groups: dict[tuple[str, str, int, bool, int], _Group] = {}
        for i in shooting:
            unit = s.attacker.units[i]
            for w in self.usable(unit):
                if w.range < unit.distance:
                    self.step(
                        "Range",
                        "Who Can Shoot",
                        f"{unit.name}'s {w.name} (range {w.range}) cannot reach {unit.distance} tiles.",
                    )
                    continue
                kind, value, why = self.choose(w, target)
                key = (w.name, kind, value, w.macro, w.range)
                if key not in groups:
                    groups[key] = _Group(weapon=w, kind=kind, value=value)
                    if len(w.values()) > 1:
                        self.step("Choose AP, AT or AA", "Roll to Hit", f"{w.name} fires its {kind} {value} ({why}).")
                g = groups[key]
                g.dice += w.count
                g.units.append(unit.name)
        in_cover = [u for u in s.target.units if u.in_cover and u.line_of_fire]
        cover = bool(in_cover) and not s.action.ignore_cover
        if in_cover and s.action.ignore_cover:
            self.step(
                "Ignore cover",
                "Roll to Hit",
                f"The attacker ignores the cover bonus: no -1 to hit, and no hit may go on {', '.join(u.name for u in in_cover)}.",
            )
        mods = self.modifiers(cover)
        rolls: list[ToHitRoll] = []
        for (_, kind, value, macro, reach), g in sorted(groups.items(), key=lambda kv: kv[0][3]):
            label = f"{g.weapon.name}{' (MW)' if macro else ''}"
            r = self.roll_to_hit(label, kind, value, g.dice, mods)
            r = r.model_copy(update={"macro": macro, "range": reach, "units": g.units})
            rolls.append(r)
            if r.needed >= 1:
                self.step(
                    "Roll to hit",
                    "Roll to Hit",
                    f"{label} x{g.dice} from {', '.join(dict.fromkeys(g.units))}: {kind} {value}{_mods(mods)} -> "
                    f"{_roll_text(r.needed)}: rolled {_list(r.rolls)}, {r.hits} hit(s).",
                )
        self.allocate_and_save(rolls, target, macro=False)
        self.allocate_and_save(rolls, target, macro=True)
        return rolls

    def allocate_and_save(self, rolls: list[ToHitRoll], target: _Formation, macro: bool) -> None:
        """Allocate one batch (normal hits, or macro-weapon hits after them) and save them
        (seed 002, Allocate Hits & Make Saving Throws)."""
        batch = sorted((r for r in rolls if r.macro == macro and r.hits), key=lambda r: r.range)
        if not batch:
            return
        order = sorted(range(len(target.spec.units)), key=lambda i: (target.spec.units[i].distance, i))
        placed_all: dict[int, int] = {}
        for r in batch:
            eligible = self.eligible(target, r.kind, macro, r.range)
            placed, lost = allocate([(r.hits, eligible)], order, placed_all)
            for i, n in placed.items():
                placed_all[i] = placed_all.get(i, 0) + n
            if lost:
                key = f"{r.kind}{' MW' if macro else ''}"
                target.unallocated[key] = target.unallocated.get(key, 0) + lost
                self.step(
                    "Allocate hits",
                    "Allocate Hits & Make Saving Throws",
                    f"{lost} {r.weapon} hit(s) ({r.kind}) found no unit they may go on (type, range, line of fire"
                    f"{', cover ignored' if self.s.action.ignore_cover else ''}): they are lost.",
                )
        what = "macro-weapon hits" if macro else "hits"
        parts = [
            f"{target.spec.units[i].name} {n}" for i, n in sorted(placed_all.items(), key=lambda kv: order.index(kv[0]))
        ]
        self.step(
            "Allocate hits",
            "Allocate Hits & Make Saving Throws",
            f"The defender allocates the {what} front to back, closest first and evenly"
            f"{' (after the normal hits are saved)' if macro else ''}: {', '.join(parts) or 'none'}.",
        )
        for i in order:
            n = placed_all.get(i, 0)
            if not n:
                continue
            result = target.result(i)
            update = {"macro_hits": result.macro_hits + n} if macro else {"allocated": result.allocated + n}
            target.units[i] = result.model_copy(update=update)
            self.saves(target, i, n, macro)

    # ------------------------------------------------------------------ barrage

    def barrage(self, shooting: list[int], formations: list[_Formation]) -> tuple[BarrageResult, list[ToHitRoll]]:
        """Add up the barrage points, read the Barrage table, and roll against every unit under the
        template: one roll per point of integrity (a war engine: one), AP against infantry and AT
        against armoured vehicles and war engines (seed 002, Barrage table)."""
        s = self.s
        parts = []
        bp = 0
        for i in shooting:
            unit = s.attacker.units[i]
            for w in self.usable(unit):
                if w.range >= unit.distance:
                    bp += w.BP * w.count
                    parts.append(
                        f"{unit.name}'s {w.count}x {w.name} {w.BP * w.count}"
                        if w.count > 1
                        else f"{unit.name}'s {w.name} {w.BP}"
                    )
                else:
                    self.step(
                        "Range",
                        "Barrage",
                        f"{unit.name}'s {w.name} (range {w.range}) cannot reach the target tile {unit.distance} tiles away: it does not fire.",
                    )
        row = barrage_row(bp)
        beyond = " (beyond the table: its last row)" if bp > row.high else ""
        result = BarrageResult(
            bp=bp, row=f"{row.low}-{row.high}", radius=row.radius, extra_shock=row.extra_shock, AP=row.AP, AT=row.AT
        )
        self.step(
            "Barrage points",
            "Barrage table",
            f"{' + '.join(parts)} = {bp} BP; row {row.low}-{row.high}{beyond}: radius {row.radius} tile(s), "
            f"extra Shock {row.extra_shock}, to hit AP {row.AP or '-'} / AT {row.AT or '-'}.",
        )
        rolls: list[ToHitRoll] = []
        for f in formations:
            under = [i for i, u in enumerate(f.spec.units) if (u.from_centre or 0) <= row.radius]
            for i in range(len(f.spec.units)):
                f.result(i)
                f.units[i] = f.units[i].model_copy(update={"under_barrage": i in under})
            if not under:
                self.step(
                    "Barrage", "Barrage table", f"No unit of {f.spec.name} lies under the template: it is not attacked."
                )
                continue
            f.gain("under fire", 1)
            f.gain("barrage", row.extra_shock)
            for i in under:
                u = f.spec.units[i]
                kind = "AP" if u.type == "infantry" else "AT"
                value = row.AP if kind == "AP" else row.AT
                if u.type == "aircraft" or value is None:
                    why = (
                        "a barrage does not hit aircraft"
                        if u.type == "aircraft"
                        else f"{row.low}-{row.high} BP has no AT value"
                    )
                    self.step("Barrage", "Barrage table", f"{u.name} is under the template but cannot be hit: {why}.")
                    continue
                dice = 1 if u.type == "war engine" else f.integrity[i]
                r = self.roll_to_hit(
                    f"Barrage on {_unit_label(f.spec, i)}", kind, value, dice, self.modifiers(u.in_cover)
                )
                r = r.model_copy(update={"units": [u.name]})
                rolls.append(r)
                if r.needed >= 1:
                    per = (
                        "one roll (a war engine)"
                        if u.type == "war engine"
                        else f"{dice} roll(s), one per point of integrity"
                    )
                    self.step(
                        "Barrage to hit",
                        "Barrage table",
                        f"{u.name} ({f.spec.name}): {per} at {kind} {value}{_mods(r.modifiers)} -> {_roll_text(r.needed)}: "
                        f"rolled {_list(r.rolls)}, {r.hits} hit(s).",
                    )
                if r.hits:
                    f.units[i] = f.units[i].model_copy(update={"allocated": r.hits})
                    self.saves(f, i, r.hits, macro=False)
        return result, rolls

    # ------------------------------------------------------------------ the whole attack

    def resolve(self) -> EpicResolution:
        s, a = self.s, self.s.action
        self.check()
        shooters, shooting = self.shooters()
        formations = [
            _Formation(spec=spec, path=f, integrity=[u.integrity for u in spec.units]) for f, spec in self._under()
        ]
        target = formations[0]
        action = {
            "shoot": "Shooting",
            "barrage": "Barrage",
            "overwatch": f"Overwatch fire (after a {a.trigger})",
            "overwatch barrage": f"Overwatch barrage (after a {a.trigger})",
        }[a.kind]
        if a.is_overwatch:
            self.step(
                "Overwatch",
                "Overwatch",
                f"{s.attacker.name} is on overwatch and fires at {s.target.name}, which set it off with a {a.trigger}; "
                "it is no longer on overwatch once it has fired.",
            )
        if a.crossfire is not None:
            self.crossfire = True
            self.step(
                "Crossfire",
                "Crossfire",
                f"A line of {a.crossfire.length} tiles through {s.target.name} to an allied unit with line of fire: "
                f"every save of {s.target.name} suffers {self.t.crossfire.save_modifier}.",
            )
        rolls: list[ToHitRoll] = []
        barrage: BarrageResult | None = None
        if shooting:
            if a.is_barrage:
                barrage, rolls = self.barrage(shooting, formations)
            else:
                target.gain("under fire", 1)
                self.step("Apply Shock", "Apply Shock", f"{s.target.name} comes under fire: +1 Shock.")
                rolls = self.shoot(shooting, target)
        else:
            self.step(
                "Who can shoot",
                "Who Can Shoot",
                f"No unit of {s.attacker.name} can shoot: {s.target.name} gains no Shock.",
            )
        results = [self.finish(f) for f in formations]
        hits: dict[str, int] = {}
        for r in rolls:
            key = "MW" if r.macro else r.kind
            hits[key] = hits.get(key, 0) + r.hits
        first = results[0]
        if not shooting:
            outcome = "no shooters"
        elif first.wiped_out:
            outcome = "wiped out"
        elif first.broken:
            outcome = "broken"
        elif first.destroyed:
            outcome = "losses"
        else:
            outcome = "no losses"
        return EpicResolution(
            attacker=s.attacker.name,
            target=s.target.name,
            action=action,
            outcome=outcome,
            shooters=shooters,
            to_hit=rolls,
            hits=hits,
            formations=results,
            barrage=barrage,
            crossfire=self.crossfire,
            overwatch_ended=s.attacker.overwatch and bool(shooting),
            dice=[Die(purpose=d.purpose, sides=d.sides, value=d.value) for d in self.roller.records],
            steps=self.steps,
        )

    def finish(self, f: _Formation) -> FormationResult:
        """Shock for losses, then whether the formation breaks (seed 002, Apply Shock; Check
        Whether the Target Breaks)."""
        for i in range(len(f.spec.units)):
            f.result(i)  # every unit is listed, hit or not
        destroyed = sum(1 for u in f.units.values() if u.destroyed)
        f.gain("losses", destroyed)
        shock = f.spec.shock + sum(g.amount for g in f.gains)
        left = sum(1 for i in range(len(f.spec.units)) if f.alive(i))
        is_broken = broken(shock, left)
        if f.gains:
            gained = ", ".join(f"+{g.amount} {g.reason}" for g in f.gains)
            state = (
                "wiped out"
                if left == 0
                else "broken: every unit left is suppressed"
                if is_broken
                else f"{min(shock, left)} of {left} unit(s) suppressed"
            )
            self.step(
                "Check whether the target breaks",
                "Check Whether the Target Breaks",
                f"{f.spec.name}: Shock {f.spec.shock} {gained} = {shock}; {destroyed} unit(s) destroyed, {left} left: {state}.",
            )
        return FormationResult(
            name=f.spec.name,
            allied=f.spec.allied,
            shock_before=f.spec.shock,
            shock_gained=f.gains,
            shock_after=shock,
            units=[f.units[i] for i in sorted(f.units)],
            destroyed=destroyed,
            units_left=left,
            suppressed=min(shock, left),
            broken=is_broken,
            wiped_out=left == 0,
            unallocated=f.unallocated,
        )


def _unit_label(formation: TargetFormation, index: int) -> str:
    """A unit's name, with its row when another unit of the formation has the same name (so two
    groups of dice never read alike)."""
    name = formation.units[index].name
    twins = sum(u.name == name for u in formation.units)
    return f"{name} (unit {index + 1})" if twins > 1 else name


def _roll_text(needed: int) -> str:
    return "roll 1" if needed == 1 else f"roll 1-{min(needed, 6)}"


def _values(values: list[int]) -> str:
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])


def _list(values: list[int]) -> str:
    return " ".join(map(str, values)) if values else "no dice"


def _mod(value: int) -> str:
    return f" {value:+d}" if value else ""


def _mods(mods: list[AppliedModifier]) -> str:
    return "".join(f" {m.value:+d} ({m.label.lower()})" for m in mods)


def resolve(scenario: EpicScenario, roller: Roller) -> EpicResolution:
    """Resolve one Epic shooting attack, barrage or overwatch fire.

    Raises :class:`ScenarioError` (each refusal at its field) and :class:`NeedDie` (scripted dice
    ran out; a group of d6s is asked for together)."""
    return EpicAttack(scenario, roller).resolve()
