"""Dark Heresy 2nd edition (``system: "dh2"``): one attack, steps one to five.

The rules come from seed 004 ("The Attack", `shared/seeds/004_4b01faf6955f1ce0.txt`); where the
seed names a rule without its numbers (action modifiers, range bands, evasion, degrees), from the
DH2 Core Rulebook, cited by chapter and section in each step. How DH2 differs from its siblings:

- Degrees of success: tens-digit difference plus one (:func:`rules.d100.degrees_dh2`), so a
  success always has at least one degree; DH1 and Deathwatch count whole tens of margin.
- Jams: an unmodified 96-100 on a ranged attack, 94-100 for Semi-Auto Burst, Full Auto Burst and
  Suppressing Fire; Reliable only on 100, Unreliable from 91 (seed 004, Weapon Jams; DH2 Core,
  Ch. V, Reliable / Unreliable).
- Tearing: one extra damage die, drop the lowest (DH2 Core, Ch. V, Tearing); DH1 and Deathwatch
  roll twice and keep the best.
- Degrees of success replace one damage die of the whole attack (seed 004, Step Four).

Readings taken where the seed is open:

- Thrown weapons do not jam: the jam rule speaks of a weapon's machine spirit and mechanism, and
  grenades' own failure rules belong to their qualities.
- Unarmed Fatigue compares the hit's damage total (before armour and TB) with the target's TB.
- A Troop target is slain when a Righteous Fury hit gets through (instead of the critical roll);
  one stopped by armour deals its 1 wound like any other.
- Evasion negates the last hits placed (the first hit keeps the location read from the dice).
- ``action.called_location`` counts only for a Called Shot; on any other action it is ignored.

Dice are consumed in the order the rules call for them: the attack's d100; the evasion d100 (when
the target evades and was hit); then hit by hit its damage dice, Tearing's extra die, and its
Righteous Fury d5. One Righteous Fury roll can only be placed after the degrees-of-success die is
chosen: a hit with a natural 10 that dealt no damage from its own dice, and gets through only
because the degrees replaced one of its dice. That d5 comes last, and its step says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import tables
from ..d100 import D100Test, cap_modifier, dh2_test, reverse_digits
from ..dice import DiceExpression, RolledDie, Roller
from ..errors import FieldError, ScenarioError
from ..models import (
    DAMAGE_TYPES,
    AppliedModifier,
    Critical,
    DamageDie,
    Die,
    Hit,
    Resolution,
    RighteousFury,
    Scenario,
    Step,
    Weapon,
)
from ..tables import ActionDef
from . import RULESETS

SYSTEM = "dh2"
RULESET = RULESETS[SYSTEM]

SEED = "seed 004"
SRC_REQUIREMENTS = f"{SEED}, The Attack (requirements)"
SRC_STEP1 = f"{SEED}, Step One: Apply Modifiers to Attacker's Characteristic"
SRC_STEP2 = f"{SEED}, Step Two: Attacker Makes a Test; DH2 Core, Ch. I, Degrees of Success and Failure"
SRC_JAMS = f"{SEED}, Weapon Jams"
SRC_STEP3 = f"{SEED}, Step Three: Attacker Determines Hit Location"
SRC_EVASION = f"{SEED}, Evasion Reactions; DH2 Core, Ch. VII, Evasion (each degree of success negates a hit)"
SRC_STEP4 = f"{SEED}, Step Four: Attacker Determines Damage"
SRC_RF = f"{SEED}, Righteous Fury"
SRC_RF_TROOP = f"{SEED}, Righteous Fury for Player Characters and NPCs"
SRC_STEP5 = f"{SEED}, Step Five: Target Applies Damage"
SRC_UNARMED = f"{SEED}, Unarmed Combat"
SRC_AMMO = "DH2 Core, Ch. V, Clip and Rate of Fire; Ch. VII, Semi-Auto Burst, Full Auto Burst"

SIDES = ("Right", "Left")


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212")


@dataclass
class _HitDice:
    """The dice of one hit while damage is being worked out."""

    number: int
    location: str
    dice: list[RolledDie]
    tearing: bool
    values: list[int] = field(default_factory=list)  # what each die counts for (after replacement)
    replaced: int | None = None  # index of the die replaced by the degrees of success

    def __post_init__(self) -> None:
        self.values = [d.value for d in self.dice]

    def kept(self, values: list[int] | None = None) -> list[bool]:
        """Which dice count: all of them, or with Tearing all but the (last) lowest."""
        values = self.values if values is None else values
        keep = [True] * len(values)
        if self.tearing and len(values) > 1:
            lowest = min(range(len(values)), key=lambda i: (values[i], -i))
            keep[lowest] = False
        return keep

    def total(self, values: list[int] | None = None) -> int:
        values = self.values if values is None else values
        return sum(v for v, k in zip(values, self.kept(values), strict=True) if k)

    @property
    def natural_ten(self) -> bool:
        return any(d.natural_ten for d in self.dice)


class _Resolver:
    """Resolves one DH2 attack; each ``_step`` appends a rule, its source and what it did."""

    def __init__(self, scenario: Scenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.steps: list[Step] = []
        self.weapon: Weapon = scenario.attacker.weapon
        self.qualities: set[str] = set()  # canonical names, filled by check()

    def _step(self, rule: str, source: str, detail: str) -> None:
        self.steps.append(Step(rule=rule, source=source, detail=detail))

    # -- checks ----------------------------------------------------------------------------------

    def check(self) -> ActionDef:
        """Refuse what the rules do not allow, each at the field concerned."""
        s, w = self.s, self.weapon
        errors: list[FieldError] = []
        table = tables.actions(SYSTEM)
        action = table.get(s.action.action_type)
        if action is None:
            names = ", ".join(a.name for a in table.actions)
            raise ScenarioError.at(
                "action.type", f"'{s.action.action_type}' is not a {RULESET} attack action: choose one of {names}"
            )
        seen, quality_errors = tables.check_qualities(SYSTEM, RULESET, w.qualities)
        errors.extend(quality_errors)
        self.qualities = seen
        if {"Reliable", "Unreliable"} <= seen:
            errors.append(FieldError("attacker.weapon.qualities", "A weapon cannot be both Reliable and Unreliable"))

        if action.kind == "melee" and not w.is_melee:
            errors.append(
                FieldError("action.type", f"{action.name} is a melee action; the {w.name} is a {w.weapon_class} weapon")
            )
        if action.kind == "ranged" and w.is_melee:
            errors.append(
                FieldError(
                    "action.type", f"{action.name} is a ranged action; the {w.name} is a {w.weapon_class} weapon"
                )
            )
        if action.called and s.action.called_location is None:
            errors.append(FieldError("action.called_location", "A Called Shot names the location it aims at"))
        if not w.is_melee:
            if w.range <= 0:
                errors.append(FieldError("attacker.weapon.range", "A ranged weapon needs its range in metres"))
            elif s.action.distance > 4 * w.range:
                errors.append(
                    FieldError(
                        "action.distance",
                        f"Out of range: {s.action.distance:g} m is beyond "
                        f"four times the {w.name}'s {w.range:g} m range",
                    )
                )
            if w.weapon_class != "Thrown":
                if w.clip < 1:
                    errors.append(FieldError("attacker.weapon.clip", "The clip is empty: reload before firing"))
                mode = self._fire_mode(action)
                rof = w.rate_of_fire
                if mode == "single" and not rof.single:
                    errors.append(
                        FieldError("action.type", f"The {w.name} cannot fire single shots (RoF {w.rof}): use a burst")
                    )
                elif mode == "semi" and rof.semi is None:
                    errors.append(
                        FieldError(
                            "action.type" if action.fire == "semi" else "action.fire_mode",
                            f"The {w.name} has no semi-auto fire (RoF {w.rof})",
                        )
                    )
                elif mode == "full" and rof.full is None:
                    errors.append(
                        FieldError(
                            "action.type" if action.fire == "full" else "action.fire_mode",
                            f"The {w.name} has no full-auto fire (RoF {w.rof})",
                        )
                    )
                elif mode is None:
                    errors.append(FieldError("action.type", f"The {w.name} cannot fire bursts (RoF {w.rof})"))
        ev = s.target.evasion
        if ev is not None and ev.reaction == "Parry" and not w.is_melee:
            errors.append(FieldError("target.evasion.reaction", "Parry works only against melee attacks: use Dodge"))
        if errors:
            raise ScenarioError(errors)
        return action

    def _fire_mode(self, action: ActionDef) -> str | None:
        """single / semi / full for a ranged action; Suppressing Fire uses the mode asked for, else
        full auto where the weapon has it."""
        if action.fire != "burst":
            return action.fire or "single"
        rof = self.weapon.rate_of_fire
        if self.s.action.fire_mode is not None:
            return self.s.action.fire_mode
        if rof.full is not None:
            return "full"
        return "semi" if rof.semi is not None else None

    # -- step one --------------------------------------------------------------------------------

    def modifiers(self, action: ActionDef) -> tuple[list[AppliedModifier], str | None]:
        s, w = self.s, self.weapon
        mods = [AppliedModifier(label=action.name, value=action.modifier, source=action.source)]
        t = tables.tables(SYSTEM)
        if s.action.aim != "none":
            bonus = t.aim.half if s.action.aim == "half" else t.aim.full
            mods.append(AppliedModifier(label=f"Aim ({s.action.aim})", value=bonus, source=t.aim.source))
        band: str | None = None
        if not w.is_melee:
            band = self._range_band()
            rb = t.range_bands.band(band)
            mods.append(
                AppliedModifier(
                    label=f"{band} range ({s.action.distance:g} m, weapon {w.range:g} m)",
                    value=rb.modifier,
                    source=t.range_bands.source,
                )
            )
        if w.weapon_class == "Unarmed" and s.target.armed:
            mods.append(AppliedModifier(label="Unarmed against an armed foe", value=-20, source=SRC_UNARMED))
        mods.extend(AppliedModifier(label=m.label, value=m.value, source="extra modifier") for m in s.action.modifiers)
        return mods, band

    def _range_band(self) -> str:
        d, r = self.s.action.distance, self.weapon.range
        if d <= 2:
            return "Point Blank"
        if d < r / 2:
            return "Short"
        if d <= 2 * r:
            return "Standard"
        if d <= 3 * r:
            return "Long"
        return "Extreme"

    # -- the attack ------------------------------------------------------------------------------

    def resolve(self) -> Resolution:
        s, w = self.s, self.weapon
        action = self.check()
        self.action = action
        melee = w.is_melee
        char = "WS" if melee else "BS"
        char_value = getattr(s.attacker.characteristics, char)
        self._step(
            "Attack",
            SRC_REQUIREMENTS,
            f"{s.attacker.name} makes a {action.name} ({action.type} Action) with the {w.name} "
            f"({w.weapon_class}): a {'Weapon Skill' if melee else 'Ballistic Skill'} test.",
        )

        known = tables.qualities(SYSTEM)
        for name in sorted(self.qualities):
            q = known.get(name)
            if q is not None and not q.resolved:
                self._step(
                    f"Quality: {q.name}",
                    "DH2 Core, Ch. V, Weapon Special Qualities",
                    f"{q.name} is a {RULESET} quality this version of Auspex does not resolve yet: "
                    f"apply its effect by hand.",
                )
        mods, band = self.modifiers(action)
        raw = sum(m.value for m in mods)
        total = cap_modifier(raw)
        listed = "; ".join(f"{m.label} {_signed(m.value)}" for m in mods)
        capped = "" if raw == total else f", capped at {_signed(total)} (the total may not pass \u00b160)"
        self._step("Step One: modifiers", SRC_STEP1, f"{listed}: total {_signed(raw)}{capped}.")
        target_number = char_value + total

        mode = None if melee or w.weapon_class == "Thrown" else self._fire_mode(action)
        rounds = self._rounds(mode)
        roll = self.roller.d100("to-hit d100")
        test = dh2_test(target_number, roll)
        self._step("Step Two: test", SRC_STEP2, self._describe_test(char, char_value, total, test))

        jammed = False
        if mode is not None:
            jammed = self._jam(action, mode, roll)

        base = dict(
            system=SYSTEM,
            attacker=s.attacker.name,
            target=s.target.name,
            weapon=w.name,
            action=action.name,
            characteristic=char,
            characteristic_value=char_value,
            modifiers=mods,
            modifier_total=total,
            target_number=target_number,
            roll=roll,
            success=test.success and not jammed,
            degrees=test.degrees,
            jammed=jammed,
            range_band=band,
            damage_taken_after=s.target.damage_taken,
        )
        if mode is not None:
            base["rounds_fired"] = rounds
            base["rounds_left"] = w.clip - rounds
            self._step("Ammunition", SRC_AMMO, self._ammo_detail(mode, rounds))
        if jammed or not test.success:
            outcome = "jam" if jammed else "miss"
            if not jammed:
                self._step("Miss", SRC_STEP2, f"{roll} is over {target_number}: the attack misses.")
            return self._finish(base, outcome, [], 0, 0)

        hits = self._hit_count(action, test.degrees, rounds)
        locations = self._locations(hits, roll)
        negated = self._evasion(hits)
        kept_locations = locations[: hits - negated]
        if not kept_locations:
            return self._finish(base, "evaded", [], hits, negated)
        hit_results, fatigue, slain, taken = self._damage(kept_locations, test.degrees)
        base["damage_taken_after"] = taken
        base["fatigue"] = fatigue
        base["slain"] = slain
        return self._finish(base, "hit", hit_results, hits, negated)

    def _finish(self, base: dict[str, object], outcome: str, hits: list[Hit], scored: int, negated: int) -> Resolution:
        total = sum(h.wounds for h in hits)
        critical = sum(h.critical.amount for h in hits if h.critical)
        dice = [Die(purpose=r.purpose, sides=r.sides, value=r.value) for r in self.roller.records]
        return Resolution.model_validate(
            {
                **base,
                "outcome": outcome,
                "hits": hits,
                "hits_scored": scored,
                "hits_negated": negated,
                "total_wounds": total,
                "critical_damage": critical,
                "dice": dice,
                "steps": self.steps,
            }
        )

    def _describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        head = f"{char} {value} {_signed(total)} = {test.target}; rolled {test.roll:02d}"
        if test.roll == 1 and test.target < 1:
            return f"{head}: a 01 always succeeds, 1 degree of success."
        if test.roll == 100:
            return f"{head}: a 100 always fails, {-test.degrees} degree(s) of failure."
        if test.success:
            return (
                f"{head}: success. Degrees of success: {test.target // 10} \u2212 {test.roll // 10} + 1 = "
                f"{test.degrees}."
            )
        return (
            f"{head}: failure. Degrees of failure: {test.roll // 10} \u2212 {max(test.target, 0) // 10} + 1 = "
            f"{-test.degrees}."
        )

    def _rounds(self, mode: str | None) -> int:
        """Rounds the action fires: 1 single shot, the RoF of the burst, never more than loaded."""
        if mode is None:
            return 0
        return min(self._burst_size(mode), self.weapon.clip)

    def _burst_size(self, mode: str) -> int:
        """Rounds a mode fires at most: 1 for a single shot, else the RoF of that burst."""
        rof = self.weapon.rate_of_fire
        return {"single": 1, "semi": rof.semi or 0, "full": rof.full or 0}[mode]

    def _ammo_detail(self, mode: str, rounds: int) -> str:
        w = self.weapon
        label = {"single": "a single shot", "semi": "a semi-auto burst", "full": "a full-auto burst"}[mode]
        wanted = self._burst_size(mode)
        short = f" (the clip held only {w.clip} of the {wanted})" if rounds < wanted else ""
        return f"{label}: {rounds} round(s) fired{short}; {w.clip - rounds} left in the clip."

    def _jam(self, action: ActionDef, mode: str, roll: int) -> bool:
        if "Reliable" in self.qualities:
            threshold, why = 100, "Reliable: jams only on 100"
        elif "Unreliable" in self.qualities:
            threshold, why = 91, "Unreliable: jams on 91\u2013100"
        elif action.jam_from is not None:
            threshold, why = action.jam_from, f"{action.name}: jams on {action.jam_from}\u2013100"
        else:
            threshold, why = 96, "a ranged attack jams on 96\u2013100"
        jammed = roll >= threshold
        if jammed:
            self._step(
                "Weapon jam",
                SRC_JAMS,
                f"Unmodified {roll} ({why}): the weapon jams and the attack misses. Clearing it is a Full "
                f"Action and a BS test; then the weapon must be reloaded and the rounds in it are lost.",
            )
        else:
            self._step("Jam check", SRC_JAMS, f"Unmodified {roll:02d}: no jam ({why}).")
        return jammed

    def _hit_count(self, action: ActionDef, degrees: int, rounds: int) -> int:
        if action.hits == "single":
            return 1
        if action.hits == "per_degree":
            earned, how = degrees, f"one hit per degree of success: {degrees}"
        else:
            earned = 1 + (degrees - 1) // 2
            how = f"one hit plus one per two degrees beyond the first: 1 + ({degrees} \u2212 1) // 2 = {earned}"
        caps: list[str] = []
        hits = earned
        if action.cap == "wsb":
            wsb = max(1, self.s.attacker.characteristics.WSB)
            if hits > wsb:
                caps.append(f"at most the WS bonus, {wsb}")
            hits = min(hits, wsb)
        elif action.cap == "rof":
            if hits > rounds:
                caps.append(f"at most the {rounds} round(s) fired")
            hits = min(hits, rounds)
        capped = f", capped {' and '.join(caps)}" if caps else ""
        self._step("Hits scored", action.source, f"{action.name}: {how}{capped} \u2192 {hits} hit(s).")
        return hits

    def _locations(self, hits: int, roll: int) -> list[str]:
        t = tables.tables(SYSTEM)
        called = self.s.action.called_location if self.action.called else None
        if called is not None:
            first: str = called
            self._step("Step Three: hit location", SRC_STEP3, f"Called Shot: the hit strikes the {called}.")
        else:
            reversed_roll = reverse_digits(roll)
            first = t.hit_locations.lookup(reversed_roll)
            self._step(
                "Step Three: hit location",
                SRC_STEP3,
                f"The roll {roll % 100:02d} reversed is {reversed_roll % 100:02d}: {first}.",
            )
        locations: list[str] = [first]
        if hits > 1:
            kind = first.split()[-1]  # Head, Arm, Body, Leg
            side = first.split()[0] if " " in first else SIDES[0]
            row = t.multiple_hits.rows[kind]  # type: ignore[index]
            for n in range(2, hits + 1):
                part = row[min(n - 1, 5)]
                locations.append(f"{side} {part}" if part in ("Arm", "Leg") else part)
            placed = ", ".join(f"hit {i + 1}: {loc}" for i, loc in enumerate(locations))
            self._step(
                "Multiple hits",
                t.multiple_hits.source,
                f"First hit on the {first}, so the {kind} row places the hits: {placed}. "
                f"(An 'Arm' or 'Leg' is taken on the {side.lower()} side.)",
            )
        return locations

    def _evasion(self, hits: int) -> int:
        """The target's Evasion reaction: each degree of success negates one hit, the last placed
        first (seed 004, Evasion Reactions; DH2 Core, Ch. VII, Evasion). An unarmed target Parrying an
        armed attacker suffers -20 (seed 004, Unarmed Combat)."""
        ev = self.s.target.evasion
        if ev is None:
            return 0
        roll = self.roller.d100(f"{ev.reaction} d100 (evasion)")
        raw = ev.modifier
        unarmed_parry = ev.reaction == "Parry" and not self.s.target.armed and self.weapon.weapon_class != "Unarmed"
        if unarmed_parry:
            raw -= 20
        mod = cap_modifier(raw)
        test = dh2_test(ev.skill + mod, roll)
        why = " (\u221220: parrying an armed foe unarmed)" if unarmed_parry else ""
        what = (
            f"{self.s.target.name} tests {ev.reaction} {ev.skill} {_signed(mod)}{why} = {test.target}; "
            f"rolled {roll:02d}"
        )
        if not test.success:
            self._step("Evasion", SRC_EVASION, f"{what}: failure; no hit is negated.")
            return 0
        negated = min(hits, test.degrees)
        self._step(
            "Evasion",
            SRC_EVASION,
            f"{what}: success with {test.degrees} degree(s); each negates a hit, so {negated} of {hits} "
            f"hit(s) {'is' if negated == 1 else 'are'} negated (the last ones placed).",
        )
        return negated

    # -- steps four and five ---------------------------------------------------------------------

    def _damage(self, locations: list[str], degrees: int) -> tuple[list[Hit], int, bool, int]:
        s, w = self.s, self.weapon
        expr: DiceExpression = w.dice
        tearing = "Tearing" in self.qualities
        sb = s.attacker.characteristics.SB if w.is_melee else 0
        bonus = expr.modifier + sb
        tb = s.target.toughness_bonus
        troop = s.target.troop

        rolled: list[_HitDice] = []
        rf_now: dict[int, int | None] = {}  # hit number -> critical d5 (None for a troop: slain, no roll)
        for n, location in enumerate(locations, start=1):
            dice: list[RolledDie] = []
            for k in range(expr.count):
                suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
                dice.append(self.roller.die(expr.sides, f"hit {n} damage d{expr.sides}{suffix}"))
            if tearing:
                dice.append(self.roller.die(expr.sides, f"hit {n} Tearing d{expr.sides}"))
            hd = _HitDice(n, location, dice, tearing)
            rolled.append(hd)
            if hd.natural_ten and self._wounds_through(location, max(0, hd.total() + bonus)) > 0:
                rf_now[n] = None if troop else self._rf_d5(n)

        self._replace_with_degrees(rolled, degrees, bonus)

        hits: list[Hit] = []
        taken = s.target.damage_taken
        fatigue = 0
        slain = False
        for hd in rolled:
            damage = max(0, hd.total() + bonus)
            armour = s.target.armour_at(hd.location)
            eff = self._effective_armour(hd.location)
            wounds = self._wounds_through(hd.location, damage)
            keep = hd.kept()
            dice_models = [
                DamageDie(sides=d.sides, natural=d.natural, value=v, kept=k, replaced_by_degrees=i == hd.replaced)
                for i, (d, v, k) in enumerate(zip(hd.dice, hd.values, keep, strict=True))
            ]
            self._damage_step(hd, bonus, sb, damage, keep)
            rf: RighteousFury | None = None
            if hd.natural_ten:
                rf, wounds, killed = self._righteous_fury(hd, wounds, rf_now)
                slain = slain or killed
            self._step(
                f"Step Five: hit {hd.number}",
                SRC_STEP5,
                f"{damage} damage \u2212 armour {eff} ({hd.location} {armour} \u2212 Pen {w.pen}) \u2212 TB {tb}"
                f" = {max(0, damage - eff - tb)} wound(s)"
                + (" + 1 (Righteous Fury)" if rf and rf.extra_wound else "")
                + (f" \u2192 {wounds}." if rf and rf.extra_wound else "."),
            )
            before = taken
            taken += wounds
            critical = None
            crit_before = max(0, before - s.target.wounds)
            crit_after = max(0, taken - s.target.wounds)
            if crit_after > crit_before:
                critical = Critical(
                    amount=crit_after - crit_before,
                    total=crit_after,
                    damage_type=DAMAGE_TYPES[w.damage_type],
                    location=hd.location,
                )
                self._step(
                    f"Critical damage, hit {hd.number}",
                    SRC_STEP5,
                    f"Damage {taken} passes wounds {s.target.wounds}: {critical.amount} Critical damage "
                    f"({critical.total} in all): consult the {critical.damage_type} Critical Effects table, "
                    f"{hd.location}, row {min(critical.total, 10)}.",
                )
            if w.weapon_class == "Unarmed" and damage >= tb:
                fatigue += 1
                self._step(
                    f"Unarmed, hit {hd.number}",
                    SRC_UNARMED,
                    f"{damage} damage is at least the target's TB {tb}: one level of Fatigue.",
                )
            hits.append(
                Hit(
                    number=hd.number,
                    location=hd.location,
                    dice=dice_models,
                    damage=damage,
                    armour=armour,
                    penetration=w.pen,
                    effective_armour=eff,
                    toughness_bonus=tb,
                    wounds=wounds,
                    righteous_fury=rf,
                    critical=critical,
                )
            )
        total = sum(h.wounds for h in hits)
        self._step(
            "Wounds",
            SRC_STEP5,
            f"{s.target.name} had taken {s.target.damage_taken} of {s.target.wounds} wounds; takes {total} "
            f"\u2192 {taken} of {s.target.wounds}." + (" Slain by Righteous Fury." if slain else ""),
        )
        return hits, fatigue, slain, taken

    def _rf_d5(self, n: int) -> int:
        return self.roller.die(5, f"hit {n} Righteous Fury critical d5").value

    def _damage_step(self, hd: _HitDice, bonus: int, sb: int, damage: int, keep: list[bool]) -> None:
        w = self.weapon
        shown = []
        for i, (d, v, k) in enumerate(zip(hd.dice, hd.values, keep, strict=True)):
            face = f"{d.value}" if d.sides != 5 else f"{d.value} (d10 {d.natural})"
            if i == hd.replaced:
                face = f"{face}\u2192{v} (degrees of success)"
            shown.append(face if k else f"[{face} dropped]")
        parts = f"{w.damage}: " + ", ".join(shown)
        if bonus or sb:
            parts += f" {_signed(bonus - sb)}" if bonus - sb else ""
            parts += f" + SB {sb}" if sb else ""
        tearing = " Tearing rolled one extra die and dropped the lowest." if hd.tearing else ""
        self._step(f"Step Four: damage, hit {hd.number}", SRC_STEP4, f"{parts} = {damage}.{tearing}")

    def _effective_armour(self, location: str) -> int:
        """The struck location's armour less the weapon's Pen, never below 0 (seed 004, Step Five)."""
        return max(0, self.s.target.armour_at(location) - self.weapon.pen)

    def _wounds_through(self, location: str, damage: int) -> int:
        """Wounds a hit's damage deals at ``location`` after armour and TB, never below 0
        (seed 004, Step Five)."""
        return max(0, damage - self._effective_armour(location) - self.s.target.toughness_bonus)

    def _replace_with_degrees(self, rolled: list[_HitDice], degrees: int, bonus: int) -> None:
        """Replace the one die, in the whole attack, whose replacement by the degrees of success
        gives the most wounds; none when no replacement gives more (seed 004, Step Four)."""

        def hit_wounds(hd: _HitDice, values: list[int]) -> int:
            w = self._wounds_through(hd.location, max(0, hd.total(values) + bonus))
            return w if (w > 0 or not hd.natural_ten) else 1

        base = [hit_wounds(hd, hd.values) for hd in rolled]
        best: tuple[int, int] | None = None
        best_total = sum(base)
        for h, hd in enumerate(rolled):
            for i, v in enumerate(hd.values):
                if degrees <= v:
                    continue
                values = [*hd.values]
                values[i] = degrees
                total = sum(base) - base[h] + hit_wounds(hd, values)
                if total > best_total:
                    best, best_total = (h, i), total
        if best is None:
            self._step(
                "Degrees of success",
                SRC_STEP4,
                f"{degrees} degree(s) of success: replacing a damage die with {degrees} gives no more wounds, "
                f"so every die stands.",
            )
            return
        h, i = best
        hd = rolled[h]
        old = hd.values[i]
        hd.values[i] = degrees
        hd.replaced = i
        self._step(
            "Degrees of success",
            SRC_STEP4,
            f"{degrees} degree(s) of success replace hit {hd.number}'s die {i + 1} ({old}): the most wounds "
            f"({sum(base)} \u2192 {best_total}).",
        )

    def _righteous_fury(
        self, hd: _HitDice, wounds: int, rf_now: dict[int, int | None]
    ) -> tuple[RighteousFury, int, bool]:
        s, w = self.s, self.weapon
        table = f"{DAMAGE_TYPES[w.damage_type]} Critical Effects, {hd.location}"
        if wounds > 0:
            if s.target.troop:
                self._step(
                    f"Righteous Fury, hit {hd.number}",
                    SRC_RF_TROOP,
                    f"A natural 10 and the hit dealt damage: {s.target.name} is a Troop NPC and is slain "
                    f"instead of rolling a critical effect.",
                )
                return RighteousFury(table=table, slain=True), wounds, True
            if hd.number in rf_now and rf_now[hd.number] is not None:
                effect = rf_now[hd.number]
                late = ""
            else:
                effect = self._rf_d5(hd.number)
                late = (
                    " (rolled after the damage dice of every hit: whether this hit got through depended on "
                    "which die the degrees of success replaced)"
                )
            self._step(
                f"Righteous Fury, hit {hd.number}",
                SRC_RF,
                f"A natural 10 and the hit dealt damage: 1d5 = {effect} on the {table} table{late}. "
                f"The effect is applied without counting as Critical damage.",
            )
            return RighteousFury(critical_effect=effect, table=table), wounds, False
        self._step(
            f"Righteous Fury, hit {hd.number}",
            SRC_RF,
            "A natural 10 but armour and toughness stopped the hit: it deals 1 wound that ignores both, and "
            "no critical effect.",
        )
        return RighteousFury(extra_wound=True), 1, False


def resolve(scenario: Scenario, roller: Roller) -> Resolution:
    """Resolve one Dark Heresy 2nd edition attack.

    ``scenario``: a validated :class:`~rules.models.Scenario` with ``system == "dh2"``;
    ``roller``: records every die consumed. Returns the :class:`~rules.models.Resolution`.
    Raises :class:`~rules.errors.ScenarioError` for an attack the rules do not allow (at the field
    concerned) and :class:`~rules.errors.NeedDie` when scripted dice run out."""
    return _Resolver(scenario, roller).resolve()
