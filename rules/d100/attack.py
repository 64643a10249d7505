"""The d100 family's attack, once: Dark Heresy 2nd and 1st edition (and Deathwatch) share it.

Every ruleset module under :mod:`rules.systems` subclasses :class:`D100Attack` and sets what its
rules do differently, each with its source: the test and its degrees, the jam ranges (data),
Tearing, Reliable, Righteous Fury, whether degrees of success replace a damage die, how Evasion
negates hits. Weapon qualities are applied here, once; what each ruleset's text says a quality does
comes from its ``qualities.json`` (``params``, ``test``), so one piece of code serves every reading.

The procedure, in the order dice are consumed:

1. check the attack is allowed (every problem at its field);
2. Step One: sum the modifiers (action, aim, range, size, circumstances, difficulty, weapon class,
   craftsmanship, qualities) and cap them at +/-60;
3. Step Two: the test d100 (Flame and Spray: no test; each person in the area tests Agility),
   then jams and overheating on the unmodified roll;
4. hits: by the action, then Scatter, Twin-Linked and Storm, never more than the rounds fired;
5. Step Three: hit locations (reversed roll, Multiple Hits table);
6. the target's Evasion reaction (its d100), with the parrying weapon's qualities; then a d100 hit
   location for each other person caught in a Blast;
7. Steps Four and Five, hit by hit: damage dice (Tearing, Accurate, Maximal, Proven, Primitive),
   Pen (Melta, Lance, Razor Sharp), armour (Primitive, Scatter, unarmed), toughness (Felling),
   Righteous Fury, critical damage;
8. the tests the qualities make the struck target take (Toxic, Shocking, Concussive, Snare, Flame...),
   rolled when the target's characteristic is known, else named for the GM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from .. import tables
from ..dice import DiceExpression, RolledDie, Roller
from ..errors import FieldError, ScenarioError
from ..models import (
    DAMAGE_TYPES,
    AppliedModifier,
    Critical,
    DamageDie,
    Die,
    Hit,
    HordeResult,
    NearbyTarget,
    Resolution,
    RighteousFury,
    Scenario,
    Step,
    TargetTest,
    Weapon,
)
from ..tables import ActionDef, QualityDef, TestSpec
from . import D100Test, cap_modifier, dh1_test, reverse_digits, signed

SIDES = ("Right", "Left")
OVERHEAT_TABLE = (
    (1, 5, "the firer tests Toughness or drops the weapon; it cannot fire for 1d10 rounds."),
    (6, 8, "the firer takes 1d10+2 Energy damage and drops the weapon; it is too hot to hold for 1d10 rounds."),
    (9, 10, "the weapon explodes and is destroyed; the firer and everyone within 4 m take a hit from it."),
)
CHARACTERISTIC_NAMES = {"T": "Toughness", "Ag": "Agility", "WP": "Willpower", "S": "Strength"}


@dataclass
class _Die:
    """One damage die while a hit's damage is worked out.

    ``role``: ``damage`` (the weapon's dice), ``tearing`` (Tearing's extra dice), ``accurate``
    (Accurate's extra dice, which cannot cause Righteous Fury), ``maximal``. ``group`` numbers the
    rolls Tearing compares when it rolls the damage twice."""

    rolled: RolledDie
    role: str
    value: int
    group: int = 0
    kept: bool = True
    replaced: bool = False

    @property
    def fury(self) -> bool:
        return self.role != "accurate"


@dataclass
class _HitDice:
    number: int
    person: int
    location: str
    dice: list[_Die]
    tearing: str | None  # None, "extra_die_drop_lowest" or "roll_twice_keep_best"

    def kept(self, values: list[int] | None = None) -> list[bool]:
        """Which dice count, for ``values`` (default: the dice's current values)."""
        values = [d.value for d in self.dice] if values is None else values
        keep = [True] * len(values)
        pool = [i for i, d in enumerate(self.dice) if d.role in ("damage", "tearing", "maximal")]
        if self.tearing == "extra_die_drop_lowest" and len(pool) > 1:
            lowest = min(pool, key=lambda i: (values[i], -i))
            keep[lowest] = False
        elif self.tearing == "roll_twice_keep_best":
            totals = [sum(values[i] for i in pool if self.dice[i].group == g) for g in (0, 1)]
            drop = 1 if totals[0] >= totals[1] else 0
            for i in pool:
                if self.dice[i].group == drop:
                    keep[i] = False
        return keep

    def total(self, values: list[int] | None = None) -> int:
        values = [d.value for d in self.dice] if values is None else values
        return sum(v for v, k in zip(values, self.kept(values), strict=True) if k)

    def fury(self, threshold: int = 10) -> bool:
        """A kept die that can cause Righteous Fury shows ``threshold`` or more (natural 10; a d5's d10)."""
        keep = self.kept()
        return any(
            k and d.fury and (d.rolled.natural if d.rolled.sides in (5, 10) else 0) >= threshold
            for d, k in zip(self.dice, keep, strict=True)
        )


@dataclass
class _Qualities:
    """The attacking weapon's qualities: canonical name -> value (``Blast (3)`` -> 3)."""

    values: dict[str, int | None] = field(default_factory=dict)
    defs: dict[str, QualityDef] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def x(self, name: str) -> int:
        return self.values.get(name) or 0

    def param(self, name: str, key: str, default: int | str = 0) -> int | str:
        d = self.defs.get(name)
        return d.params.get(key, default) if d else default

    def num(self, name: str, key: str, default: int = 0) -> int:
        v = self.param(name, key, default)
        return v if isinstance(v, int) else default

    def label(self, name: str) -> str:
        v = self.values.get(name)
        return f"{name} ({v})" if v is not None else name


class D100Attack:
    """One attack in a d100 ruleset; ``resolve()`` returns the :class:`Resolution`.

    Subclasses set the class attributes below and may override :meth:`test`,
    :meth:`describe_test` and :meth:`evasion_negates`."""

    SYSTEM: ClassVar[str]
    RULESET: ClassVar[str]
    SRC: ClassVar[dict[str, str]]  # rule -> source, see the keys used below
    DEGREES_REPLACE_DIE: ClassVar[bool] = False
    TEARING: ClassVar[str] = "extra_die_drop_lowest"
    RELIABLE: ClassVar[str] = "only_100"  # or "d10_confirm": on a jam roll 1d10, jammed only on a 10
    RF_MODE: ClassVar[str] = "d5_critical"  # or "extra_d10"
    RF_CONFIRM: ClassVar[bool] = False
    UNARMED_ARMOUR_DOUBLED: ClassVar[bool] = False
    FIRST_HIT_DEGREES: ClassVar[int] = 0  # degrees a success has at least (DH2: 1)
    UNARMED_FATIGUE: ClassVar[str] = "damage_tb"  # or "hit": every unarmed hit inflicts 1 Fatigue
    UNTRAINED_UNRELIABLE: ClassVar[bool] = False  # a ranged weapon used without its talent counts as Unreliable
    THROWN_ADDS_SB: ClassVar[bool] = False  # a thrown weapon (not a grenade: no Blast) adds SB to damage

    def __init__(self, scenario: Scenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.steps: list[Step] = []
        self.weapon: Weapon = scenario.attacker.weapon
        self.q = _Qualities()
        self.parry_q = _Qualities()  # the parrying weapon's
        self.tables = tables.tables(self.SYSTEM)
        self.target_tests: list[TargetTest] = []
        self.overheated = False
        self._target_number = 0  # the attack test's, for a Righteous Fury confirmation
        self.band: str | None = None
        # The degrees-of-success die: the wounds its best replacement adds (0 for none), and whether
        # it is applied; the odds engine (rules.odds) reads the gain of a hit without applying it.
        self.replace_gain = 0
        self.apply_replacement = True

    # -- what subclasses change -------------------------------------------------------------------

    def test(self, target: int, roll: int) -> D100Test:
        """The ruleset's test: success, and signed degrees."""
        raise NotImplementedError

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        raise NotImplementedError

    def evasion_negates(self, test: D100Test, hits: int) -> tuple[int, str]:
        """How many hits a successful Evasion test negates, and why."""
        raise NotImplementedError

    # -- helpers ----------------------------------------------------------------------------------

    def _test_die(self, purpose: str, target: int) -> int:
        """The d100 of a test the rules call for against ``target`` (percent): evasion, a Righteous
        Fury confirmation, a target's test. The odds engine (:mod:`rules.odds`) walks these dice by
        what the test makes of them, the only use the procedure has for them."""
        return self.roller.d100(purpose)

    def _step(self, rule: str, source: str, detail: str) -> None:
        self.steps.append(Step(rule=rule, source=source, detail=detail))

    def _qsrc(self, name: str) -> str:
        d = self.q.defs.get(name) or tables.qualities(self.SYSTEM).get(name)
        return d.source if d else self.SRC["qualities"]

    def _qstep(self, name: str, detail: str, label: str | None = None) -> None:
        self._step(f"Quality: {label or self.q.label(name)}", self._qsrc(name), detail)

    @property
    def flame(self) -> bool:
        """Flame (in rulesets where it replaces the test) or Spray: no attack test."""
        if "Spray" in self.q:
            return True
        return "Flame" in self.q and self.q.param("Flame", "mode", "") == "no_test"

    # -- checks -----------------------------------------------------------------------------------

    def check(self) -> ActionDef:
        """Refuse what the rules do not allow, each at the field concerned."""
        s, w = self.s, self.weapon
        errors: list[FieldError] = []
        table = tables.actions(self.SYSTEM)
        action = table.get(s.action.action_type)
        if action is None:
            names = ", ".join(a.name for a in table.actions)
            raise ScenarioError.at(
                "action.type", f"'{s.action.action_type}' is not a {self.RULESET} attack action: choose one of {names}"
            )
        seen, quality_errors = tables.check_qualities(self.SYSTEM, self.RULESET, w.qualities)
        errors.extend(quality_errors)
        known = tables.qualities(self.SYSTEM)
        self.q = _Qualities(seen, {n: d for n in seen if (d := known.get(n)) is not None})
        if s.target.evasion is not None:
            pseen, perrors = tables.check_qualities(
                self.SYSTEM, self.RULESET, s.target.evasion.qualities, "target.evasion.qualities"
            )
            errors.extend(perrors)
            self.parry_q = _Qualities(pseen, {n: d for n in pseen if (d := known.get(n)) is not None})
        if "Reliable" in seen and "Unreliable" in seen:
            errors.append(FieldError("attacker.weapon.qualities", "A weapon cannot be both Reliable and Unreliable"))
        errors.extend(self._check_table_names())

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
        if action.called and self.flame:
            errors.append(FieldError("action.type", f"The {w.name} makes no attack test: it cannot make a Called Shot"))
        for name in ("Unbalanced", "Unwieldy"):
            if action.name == "Lightning Attack" and name in seen and self.q.num(name, "no_lightning"):
                errors.append(FieldError("action.type", f"An {name} weapon cannot make a Lightning Attack"))
        if action.called and s.action.called_location is None:
            errors.append(FieldError("action.called_location", "A Called Shot names the location it aims at"))
        if s.action.maximal and "Maximal" not in seen:
            errors.append(FieldError("action.maximal", f"The {w.name} has no Maximal setting (no Maximal quality)"))
        if not w.is_melee:
            errors.extend(self._check_ranged(action))
        ev = s.target.evasion
        if ev is not None and ev.reaction == "Parry":
            if not w.is_melee:
                errors.append(
                    FieldError("target.evasion.reaction", "Parry works only against melee attacks: use Dodge")
                )
            elif "Flexible" in seen:
                errors.append(FieldError("target.evasion.reaction", f"The {w.name} is Flexible: it cannot be Parried"))
            elif "Unwieldy" in self.parry_q:
                errors.append(FieldError("target.evasion.qualities", "An Unwieldy weapon cannot be used to Parry"))
        errors.extend(self._check_ruleset_options(action))
        if self.flame and s.target.characteristics.Ag is None:
            errors.append(
                FieldError(
                    "target.characteristics.Ag",
                    f"The {w.name} makes no BS test: the target tests Agility to avoid it, so give its Agility",
                )
            )
        if errors:
            raise ScenarioError(errors)
        return action

    def _check_ruleset_options(self, action: ActionDef) -> list[FieldError]:
        """Fields that only some rulesets have rules for (Hordes, cover, nearby foes, two weapons,
        Overwatch, the larger sizes), and the checks those rules make (a Charge's length)."""
        s, w, t = self.s, self.weapon, self.tables
        errors: list[FieldError] = []

        def lacks(at: str, what: str) -> None:
            errors.append(FieldError(at, f"{what} is not a rule of {self.RULESET}"))

        if t.sizes.get(s.target.size) is None:
            errors.append(
                FieldError(
                    "target.size",
                    f"'{s.target.size}' is not a {self.RULESET} size: choose one of " + ", ".join(t.sizes.rows),
                )
            )
        horde = s.target.horde
        if horde is not None:
            if t.hordes is None:
                lacks("target.horde", "Fighting a Horde")
            elif action.called:
                errors.append(FieldError("action.type", "Locations are not used against a Horde: no Called Shot"))
            elif s.target.nearby:
                errors.append(FieldError("target.nearby", "A burst's hits all go to the Horde: remove the nearby foes"))
            elif s.target.others_in_blast:
                errors.append(
                    FieldError(
                        "target.others_in_blast",
                        "Those in a Horde are the Horde: a Blast counts its hits on the Horde (set this to 0)",
                    )
                )
        if s.target.cover is not None and t.cover is None:
            lacks("target.cover", "Cover AP")
        if s.target.nearby and t.spread_hits is None:
            lacks("target.nearby", "Moving a burst's extra hits to nearby foes")
        if s.action.two_weapon != "none":
            if t.two_weapon is None:
                lacks("action.two_weapon", "Two-weapon fighting")
            elif w.weapon_class not in ("Pistol", "Melee"):
                errors.append(
                    FieldError(
                        "action.two_weapon",
                        f"Only one-handed weapons (Pistol or Melee) fight two-handed: the {w.name} is "
                        f"a {w.weapon_class} weapon",
                    )
                )
        if s.action.overwatch:
            if t.pinning is None:
                lacks("action.overwatch", "Overwatch")
            elif action.fire not in ("semi", "full", "burst"):
                errors.append(
                    FieldError(
                        "action.overwatch",
                        "From Overwatch the shot is a Semi-Auto Burst, a Full Auto Burst or Suppressing Fire",
                    )
                )
        if action.name == "Charge" and t.movement is not None:
            ab = s.attacker.characteristics.Ag // 10
            row = t.movement.row(ab)
            d = s.action.distance
            if d < t.movement.charge_minimum or d > row.charge:
                errors.append(
                    FieldError(
                        "action.distance",
                        f"A Charge covers at least {t.movement.charge_minimum:g} m and at most the Charge move, "
                        f"{row.charge:g} m at AB {ab}: {d:g} m is "
                        + ("too short" if d < t.movement.charge_minimum else "too far"),
                    )
                )
        suppressing = action.name == "Suppressing Fire" and t.pinning is not None and not w.is_melee
        if suppressing and w.range > 0 and s.action.distance > self._range() / 2:
            errors.append(
                FieldError(
                    "action.distance",
                    f"Suppressing Fire covers up to half the weapon's range, {self._range() / 2:g} m: "
                    f"{s.action.distance:g} m is beyond it",
                )
            )
        return errors

    def _check_table_names(self) -> list[FieldError]:
        errors = []
        t = self.tables
        for i, name in enumerate(self.s.action.circumstances):
            if t.circumstances.get(name) is None:
                names = ", ".join(c.name for c in t.circumstances.rows)
                errors.append(
                    FieldError(
                        f"action.circumstances.{i}",
                        f"'{name}' is not a {self.RULESET} combat circumstance: choose one of {names}",
                    )
                )
        d = self.s.action.difficulty
        if d is not None and d.strip() and t.difficulties.get(d) is None:
            names = ", ".join(t.difficulties.rows)
            errors.append(
                FieldError("action.difficulty", f"'{d}' is not a {self.RULESET} difficulty: choose one of {names}")
            )
        return errors

    def _check_ranged(self, action: ActionDef) -> list[FieldError]:
        s, w = self.s, self.weapon
        errors: list[FieldError] = []
        if w.range <= 0:
            errors.append(FieldError("attacker.weapon.range", "A ranged weapon needs its range in metres"))
        elif s.action.distance > self._max_range():
            errors.append(
                FieldError(
                    "action.distance",
                    f"Out of range: {s.action.distance:g} m is beyond {self._max_range_words()}",
                )
            )
        if s.action.engaged and w.weapon_class != "Pistol":
            errors.append(
                FieldError(
                    "action.engaged",
                    f"Engaged in melee, only a Pistol can shoot; the {w.name} is a {w.weapon_class} weapon",
                )
            )
        if w.weapon_class == "Thrown":
            return errors
        if w.clip < 1:
            errors.append(FieldError("attacker.weapon.clip", "The clip is empty: reload before firing"))
        mode = self._fire_mode(action)
        rof = w.rate_of_fire
        if self.flame and action.fire not in (None, "single"):
            errors.append(FieldError("action.type", f"The {w.name} makes no attack test: use a Standard Attack"))
        elif mode == "single" and not rof.single:
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
        if mode in ("semi", "full") and w.weapon_class == "Heavy" and not s.action.braced:
            errors.append(
                FieldError(
                    "action.braced",
                    f"An unbraced Heavy weapon cannot fire semi- or full-auto bursts: brace the {w.name} first",
                )
            )
        if s.action.maximal and w.clip < 3 * self._burst_size(mode or "single"):
            errors.append(
                FieldError("attacker.weapon.clip", "Maximal fire uses three times the ammunition: the clip is short")
            )
        return errors

    def _max_range(self) -> float:
        """No shot beyond four times the range; Flame and Spray reach only their own range."""
        return self._range() if self.flame else 4 * self._range()

    def _max_range_words(self) -> str:
        if self.flame:
            return f"the {self.weapon.name}'s {self._range():g} m reach (flames and sprays go no further)"
        return f"four times the {self.weapon.name}'s {self._range():g} m range"

    def _range(self) -> float:
        """The weapon's range in metres (Maximal adds its extra range)."""
        extra = self.q.num("Maximal", "range") if self.s.action.maximal else 0
        return self.weapon.range + extra

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

    def modifiers(self, action: ActionDef, char: str) -> list[AppliedModifier]:
        """Every modifier to the attack test (percent), each with its source."""
        s, w, t = self.s, self.weapon, self.tables
        mods = [AppliedModifier(label=action.name, value=action.modifier, source=action.source)]

        def add(label: str, value: int, source: str) -> None:
            mods.append(AppliedModifier(label=label, value=value, source=source))

        if s.action.aim != "none":
            bonus = t.aim.half if s.action.aim == "half" else t.aim.full
            if "Inaccurate" in self.q:
                self._qstep("Inaccurate", f"No bonus from aiming (the {s.action.aim} Aim would give {signed(bonus)}).")
            else:
                add(f"Aim ({s.action.aim})", bonus, t.aim.source)
                if "Accurate" in self.q and not w.is_melee:
                    add("Accurate (aiming)", self.q.num("Accurate", "bonus", 10), self._qsrc("Accurate"))
        elif "Accurate" in self.q and not w.is_melee:
            self._qstep("Accurate", "No bonus: Accurate adds to hit only when the attacker aimed.")
        if not w.is_melee:
            self.band = self._range_band()
            rb = t.range_bands.band(self.band)
            if s.action.engaged:
                self._step(
                    "Pistol in melee",
                    self.SRC["class"],
                    f"The {w.name} is fired at a foe engaged in melee: a Pistol may, and range bands do not apply.",
                )
            else:
                add(
                    f"{self.band} range ({s.action.distance:g} m, weapon {self._range():g} m)",
                    rb.modifier,
                    t.range_bands.source,
                )
        if "Scatter" in self.q and self.q.param("Scatter", "mode") == "dh2" and self.band in ("Point Blank", "Short"):
            add(f"Scatter ({self.band} range)", 10, self._qsrc("Scatter"))
        size = t.sizes.get(s.target.size)
        horde_size = self._horde_size()
        if s.target.horde is not None and horde_size is not None and (size is None or horde_size[1] > size[1]):
            add(
                f"Horde of Magnitude {s.target.horde.magnitude}: counts as {horde_size[0]}",
                horde_size[1],
                self._horde_rules().source,
            )
        elif size is not None and size[1]:
            add(f"Target size: {size[0]}", size[1], t.sizes.source)
        for name in s.action.circumstances:
            c = t.circumstances.get(name)
            if c is None:
                continue
            value = c.ws if char == "WS" else c.bs
            if value is None:
                self._step(f"Circumstance: {c.name}", t.circumstances.source, f"Does not apply to a {char} test.")
            else:
                add(c.name, value, t.circumstances.source)
        if s.action.difficulty and (d := t.difficulties.get(s.action.difficulty)) is not None:
            add(f"Difficulty: {d[0]}", d[1], t.difficulties.source)
        if w.weapon_class == "Unarmed" and s.target.armed:
            add("Unarmed against an armed foe", -20, self.SRC["unarmed"])
        if w.weapon_class == "Basic" and s.action.one_handed:
            add("Basic weapon fired one-handed", -20, self.SRC["class"])
        if w.weapon_class == "Heavy" and not s.action.braced:
            gyro = "Gyro-Stabilised" in self.q
            add(
                "Heavy weapon not braced" + (" (Gyro-Stabilised)" if gyro else ""),
                -20 if gyro else -30,
                self._qsrc("Gyro-Stabilised") if gyro else self.SRC["class"],
            )
        if not w.trained:
            add("Used without its Weapon Training talent", -20, self.SRC["untrained"])
        if s.action.overwatch and t.pinning is not None and t.pinning.overwatch_bs:
            add("Fired from Overwatch", t.pinning.overwatch_bs, t.pinning.overwatch_source)
        if s.action.two_weapon != "none" and t.two_weapon is not None:
            tw = t.two_weapon
            if s.action.two_weapon == "off_hand" and s.action.ambidextrous:
                self._step("Off-hand weapon", tw.source, "Ambidextrous: no penalty for the off hand.")
            elif s.action.two_weapon == "off_hand":
                add("Off-hand weapon", tw.off_hand, tw.source)
            elif s.action.ambidextrous:
                add("Two weapons, one attack each (Ambidextrous)", tw.ambidextrous, tw.source)
            else:
                add("Two weapons, one attack each", tw.both, tw.source)
        if "Defensive" in self.q:
            add("Defensive", self.q.num("Defensive", "attack", -10), self._qsrc("Defensive"))
        if "Twin-Linked" in self.q:
            add("Twin-Linked", self.q.num("Twin-Linked", "bonus", 20), self._qsrc("Twin-Linked"))
        craft = self._craftsmanship_modifier()
        if craft:
            add(f"{w.craftsmanship} craftsmanship", craft, self.SRC["craftsmanship"])
        for m in s.action.modifiers:
            add(m.label, m.value, "extra modifier")
        return mods

    def _craftsmanship_modifier(self) -> int:
        """Poor -10, Good +5, Best +10 to hit: for melee weapons, or for every weapon where the
        ruleset's craftsmanship table says so (Deathwatch)."""
        if self.weapon.weapon_class == "Unarmed":
            return 0
        c = self.tables.craftsmanship
        if c is not None:
            return {"Poor": c.poor, "Common": 0, "Good": c.good, "Best": c.best}[self.weapon.craftsmanship]
        if not self.weapon.is_melee:
            return 0
        return {"Poor": -10, "Common": 0, "Good": 5, "Best": 10}[self.weapon.craftsmanship]

    def _horde_size(self) -> tuple[str, int] | None:
        """The size a Horde counts as from its Magnitude, with its modifier (percent)."""
        h, rules = self.s.target.horde, self.tables.hordes
        if h is None or rules is None:
            return None
        name = rules.size_for(h.magnitude)
        return self.tables.sizes.get(name) if name else None

    def _range_band(self) -> str:
        d, r = self.s.action.distance, self._range()
        if d <= self.tables.range_bands.point_blank:
            return "Point Blank"
        if d < r / 2:
            return "Short"
        if d <= 2 * r:
            return "Standard"
        if d <= 3 * r or "Gyro-Stabilised" in self.q:
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
            self.SRC["requirements"],
            f"{s.attacker.name} makes a {action.name} ({action.type} Action) with the {w.name} "
            f"({w.weapon_class}): "
            + (
                "no test: the flames or spray reach everyone in the area."
                if self.flame
                else f"a {'Weapon Skill' if melee else 'Ballistic Skill'} test."
            ),
        )
        self._note_qualities()
        mods = self.modifiers(action, char)
        raw = sum(m.value for m in mods)
        total = cap_modifier(raw)
        listed = "; ".join(f"{m.label} {signed(m.value)}" for m in mods)
        capped = "" if raw == total else f", capped at {signed(total)} (the total may not pass \u00b160)"
        if self.flame:
            listed = f"(no attack test: recorded only) {listed}"
        self._step("Step One: modifiers", self.SRC["step1"], f"{listed}: total {signed(raw)}{capped}.")
        target_number = char_value + total
        self._target_number = target_number

        mode = None if melee or w.weapon_class == "Thrown" else self._fire_mode(action)
        rounds = self._rounds(mode)
        base: dict[str, object] = dict(
            system=self.SYSTEM,
            attacker=s.attacker.name,
            target=s.target.name,
            weapon=w.name,
            action=action.name,
            characteristic=char,
            characteristic_value=char_value,
            modifiers=mods,
            modifier_total=total,
            target_number=target_number,
            damage_taken_after=s.target.damage_taken,
            range_band=self.band,
        )
        if mode is not None:
            base["rounds_fired"] = rounds
            base["rounds_left"] = w.clip - rounds
        if self.flame:
            return self._resolve_flame(base, mode, rounds)

        roll = self.roller.d100("to-hit d100")
        test = self.test(target_number, roll)
        self._step("Step Two: test", self.SRC["step2"], self.describe_test(char, char_value, total, test))
        jammed = False
        if mode is not None:
            jammed = self._jam(action, mode, roll, test.success)
            self._step("Ammunition", self.SRC["ammo"], self._ammo_detail(mode, rounds))
        elif melee and "Overheats" in self.q:
            jammed = self._overheat(roll)
        base.update(roll=roll, success=test.success and not jammed, degrees=test.degrees, jammed=jammed)
        if jammed or not test.success:
            if not jammed:
                self._step("Miss", self.SRC["step2"], f"{roll} is over {target_number}: the attack misses.")
                if "Blast" in self.q:
                    self._qstep(
                        "Blast",
                        "The shot missed: a Blast weapon's round still lands somewhere. The GM scatters it "
                        "(the scatter diagram) and anyone within the radius where it lands is hit.",
                    )
            return self._finish(base, "jam" if jammed else "miss", [], 0, 0)

        hits = self._hit_count(action, test.degrees, mode, rounds)
        if s.target.horde is not None:
            hits = self._horde_hits(hits, test.degrees)
            locations = self._horde_locations(hits)
        else:
            locations = self._locations(hits, roll)
        moved = self._spread(locations, mode)
        on_target = len(locations)
        negated = self._evasion(on_target)
        kept = [(0, loc) for loc in locations[: on_target - negated]]
        struck = kept + moved + self._blast_others()
        if not struck:
            return self._finish(base, "evaded", [], hits, negated)
        hit_results, fatigue, slain, taken = self._damage(struck, test.degrees)
        base.update(damage_taken_after=taken, fatigue=fatigue, slain=slain)
        return self._finish(base, "hit" if kept else "evaded", hit_results, hits, negated)

    def _resolve_flame(self, base: dict[str, object], mode: str | None, rounds: int) -> Resolution:
        """Flame / Spray: no attack test; each person in the area tests Agility or is hit once, in
        the Body (the quality's source)."""
        s = self.s
        name = "Spray" if "Spray" in self.q else "Flame"
        # the bonus for an untrained wielder, or instead the (larger) one for an unbraced Heavy weapon
        untrained = 0 if self.weapon.trained else self.q.num(name, "untrained")
        unbraced = self.q.num(name, "unbraced") if self.weapon.weapon_class == "Heavy" and not s.action.braced else 0
        bonus = self.q.num(name, "agility") + max(untrained, unbraced)
        spec = TestSpec(characteristic="Ag", base=bonus, effect="struck by the weapon")
        ag = s.target.characteristics.Ag or 0
        if mode is not None:
            self._step("Ammunition", self.SRC["ammo"], self._ammo_detail(mode, rounds))
        struck: list[tuple[int, str]] = []
        first: TargetTest | None = None
        for person in range(0, s.target.others_in_blast + 1):
            tt = self._roll_target_test(name, spec, person, None, degrees=0, wounds=0, armour=0)
            first = first or tt
            if not tt.success:
                struck.append((person, "Horde" if s.target.horde is not None else "Body"))
        self._qstep(
            name,
            f"{len(struck)} of {s.target.others_in_blast + 1} in the area failed the Agility test and are hit "
            f"(each in the Body).",
        )
        assert first is not None
        base.update(
            characteristic="Ag (target)",
            characteristic_value=ag,
            target_number=first.target or 0,
            roll=first.roll or 0,
            success=bool(struck),
            degrees=0,
            jammed=False,
        )
        if not struck:
            return self._finish(base, "evaded", [], 0, 0)
        hits, fatigue, slain, taken = self._damage(struck, 0)
        base.update(damage_taken_after=taken, fatigue=fatigue, slain=slain)
        nine = self.q.num(name, "jam_on", 0)
        if nine and any(d.natural == nine and d.sides == 10 for h in hits for d in h.dice):
            base["jammed"] = True
            self._qstep(
                name,
                f"A natural {nine} on a damage die: the weapon jams after this attack (clearing it is a "
                f"Full Action and a BS test).",
            )
        outcome = "hit" if any(p == 0 for p, _ in struck) else "evaded"
        return self._finish(base, outcome, hits, sum(1 for p, _ in struck if p == 0), 0)

    def _note_qualities(self) -> None:
        """Qualities whose effect is the GM's (no number to resolve) are named with what they do."""
        for name in sorted(self.q.defs):
            d = self.q.defs[name]
            if d.gm:
                self._qstep(name, f"{d.summary} (The GM applies this.)")

    def _finish(self, base: dict[str, object], outcome: str, hits: list[Hit], scored: int, negated: int) -> Resolution:
        horde = self.s.target.horde
        if horde is not None:
            lost = sum(h.magnitude for h in hits)
            after = max(0, horde.magnitude - lost)
            base["horde"] = HordeResult(
                magnitude_before=horde.magnitude,
                hits=sum(1 for h in hits if h.person == 0),
                damaging_hits=sum(1 for h in hits if h.magnitude),
                magnitude_lost=horde.magnitude - after,
                magnitude_after=after,
                destroyed=after == 0,
            )
        else:
            base["damage_state"] = self._damage_state(int(base.get("damage_taken_after", 0)))  # type: ignore[call-overload]
        if outcome != "jam":
            result = base.get("horde")
            self._pinning(result.magnitude_after if isinstance(result, HordeResult) else None)
        mine = [h for h in hits if h.person == 0]
        total = sum(h.wounds for h in mine)
        critical = sum(h.critical.amount for h in mine if h.critical)
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
                "overheated": self.overheated,
                "target_tests": self.target_tests,
                "dice": dice,
                "steps": self.steps,
            }
        )

    def _damage_state(self, taken: int) -> str | None:
        """Deathwatch: the target is Lightly Damaged up to twice its TB in damage, Heavily Damaged
        beyond it, Critically Damaged past its wounds (seed 001, Damage); None without damage or in
        rulesets without the rule."""
        rule, t = self.tables.damage_states, self.s.target
        if rule is None or taken <= 0:
            return None
        if taken > t.wounds:
            state = "Critically Damaged"
            why = f"{taken} damage is past its {t.wounds} wounds"
        elif taken > rule.heavy_over_tb * t.toughness_bonus:
            state = "Heavily Damaged"
            why = f"{taken} damage is more than twice its TB {t.toughness_bonus}"
        else:
            state = "Lightly Damaged"
            why = f"{taken} damage is at most twice its TB {t.toughness_bonus}"
        self._step("Damage state", rule.source, f"{t.name} is {state}: {why}.")
        return state

    def _pinning(self, magnitude: int | None) -> None:
        """Suppressing Fire and a burst from Overwatch: the target tests Willpower (Hard, -20) or is
        Pinned; a Horde adds its ``magnitude`` (after this attack) to its Willpower (seed 001)."""
        rule = self.tables.pinning
        if rule is None or not (self.action.name == "Suppressing Fire" or self.s.action.overwatch):
            return
        t = self.s.target
        why = "Suppressing Fire" if self.action.name == "Suppressing Fire" else "fired from Overwatch"
        wp = t.characteristics.WP
        horde_bonus = 0
        if magnitude is not None:
            horde_bonus = magnitude * self._horde_rules().pinning_bonus_per_magnitude
        extra = f" + Magnitude {horde_bonus} (a Horde's bonus against pinning)" if horde_bonus else ""
        if wp is None:
            tt = TargetTest(quality="Pinning", characteristic="WP", modifier=rule.modifier, effect=rule.effect)
            self._step(
                "Pinning",
                rule.source,
                f"{why}: {t.name} tests Willpower {signed(rule.modifier)}{extra}; on a failure: {rule.effect}. "
                f"Its WP is not given: the GM rolls this test.",
            )
        else:
            roll = self._test_die("Pinning: Willpower test d100", wp + horde_bonus + rule.modifier)
            test = self.test(wp + horde_bonus + rule.modifier, roll)
            tt = TargetTest(
                quality="Pinning",
                characteristic="WP",
                modifier=rule.modifier,
                target=test.target,
                roll=roll,
                success=test.success,
                degrees=test.degrees,
                effect=rule.effect,
            )
            self._step(
                "Pinning",
                rule.source,
                f"{why}: {t.name} tests Willpower {wp}{extra} {signed(rule.modifier)} = {test.target}; rolled "
                f"{roll:02d}: " + ("success, not Pinned." if test.success else f"failure: Pinned. {rule.effect}."),
            )
        self.target_tests.append(tt)

    # -- hordes and nearby foes ---------------------------------------------------------------------

    def _horde_rules(self) -> tables.HordeRules:
        rules = self.tables.hordes
        assert rules is not None  # checked: a Horde target needs the ruleset's Horde rules
        return rules

    def _troop(self, person: int) -> bool:
        foe = self._foe(person)
        return foe.troop if foe else self.s.target.troop

    def _horde_hits(self, hits: int, degrees: int) -> int:
        """Hits on a Horde: in melee one per two degrees of success (at least one) and one more for a
        Power Field; a Blast (X) weapon's hit counts X; Explosive damage one more; Devastating (X), X more
        (seed 001, Hordes; Devastating)."""
        rules = self._horde_rules()
        why: list[str] = []
        if self.weapon.is_melee:
            n = rules.melee_degrees_per_hit
            hits = max(1, degrees // n)
            why.append(f"in melee, one hit per {n} degrees of success, at least one: max(1, {degrees} // {n}) = {hits}")
            if "Power Field" in self.q:
                hits += rules.power_field_hits
                why.append(f"Power Field +{rules.power_field_hits} \u2192 {hits}")
        blast = self.q.x("Blast") if "Blast" in self.q else 0
        if blast > 1:
            hits *= blast
            why.append(f"a Blast ({blast}) weapon's hit counts {blast} hits \u2192 {hits}")
        if self._damage_type() == "X" and rules.explosive_hits:
            hits += rules.explosive_hits
            why.append(f"Explosive damage counts {rules.explosive_hits} more hit \u2192 {hits}")
        if "Devastating" in self.q and self.q.x("Devastating"):
            hits += self.q.x("Devastating") * self.q.num("Devastating", "horde_hits", 1)
            why.append(f"Devastating ({self.q.x('Devastating')}) \u2192 {hits}")
        self._step(
            "Horde: hits",
            rules.source,
            ("; ".join(why) + ". " if why else f"{hits} hit(s). ") + "Every hit goes to the Horde.",
        )
        return hits

    def _horde_locations(self, hits: int) -> list[str]:
        h = self.s.target.horde
        assert h is not None
        cover = f" + cover {self.s.target.cover.ap}" if self.s.target.cover else ""
        self._step(
            "Step Three: hit location",
            self._horde_rules().source,
            f"Locations are not used against a Horde: its single armour value (AP {h.armour}{cover}) "
            f"stands for every hit.",
        )
        return ["Horde"] * hits

    def _spread(self, locations: list[str], mode: str | None) -> list[tuple[int, str]]:
        """A burst's extra hits moved onto nearby foes (as many as each asks, in the order listed),
        taken from the last hits placed on the target. Each foe's first hit rolls a d100 hit location
        (reversed), its further hits follow the Multiple Hits table."""
        nearby, rule = self.s.target.nearby, self.tables.spread_hits
        if not nearby or rule is None:
            return []
        if mode not in ("semi", "full") or self.action.name == "Suppressing Fire":
            self._step(
                "Nearby foes",
                rule.source,
                "Only a Semi- or Full Auto Burst's extra hits can be moved to other foes: every hit stays on "
                "the target.",
            )
            return []
        spare = len(locations) - 1
        moved: list[tuple[int, str]] = []
        first_person = self.s.target.others_in_blast + 1
        told = []
        for k, foe in enumerate(nearby):
            take = min(foe.hits, spare - len(moved))
            if take <= 0:
                continue
            r = self.roller.d100(f"{foe.name}: hit location d100")
            first = self.tables.hit_locations.lookup(reverse_digits(r))
            placed = [first, *self._more_locations(first, take)[1:]]
            moved.extend((first_person + k, loc) for loc in placed)
            told.append(f"{foe.name}: {take} hit(s), {', '.join(placed)} (d100 {r:02d} reversed)")
        if moved:
            del locations[len(locations) - len(moved) :]
        self._step(
            "Nearby foes",
            rule.source,
            (
                f"{len(moved)} of the {spare} extra hit(s) go to foes within {rule.metres:g} m: "
                + "; ".join(told)
                + "."
                if moved
                else "The burst scored no extra hit to move (the first hit stays on the target)."
            ),
        )
        return moved

    # -- ammunition, jams, heat ---------------------------------------------------------------------

    def _ammo_factor(self) -> int:
        """Storm doubles the rounds, Twin-Linked fires both barrels (twice), Maximal triples them;
        together they multiply."""
        factor = (2 if "Storm" in self.q else 1) * (2 if "Twin-Linked" in self.q else 1)
        return factor * (3 if self.s.action.maximal else 1)

    def _rounds(self, mode: str | None) -> int:
        """Rounds the action uses: the burst (times Storm, Twin-Linked, Maximal), never more than loaded."""
        if mode is None:
            return 0
        return min(self._burst_size(mode) * self._ammo_factor(), self.weapon.clip)

    def _burst_size(self, mode: str) -> int:
        """Rounds a mode fires at most: 1 for a single shot, else the RoF of that burst."""
        rof = self.weapon.rate_of_fire
        return {"single": 1, "semi": rof.semi or 0, "full": rof.full or 0}[mode]

    def _ammo_detail(self, mode: str, rounds: int) -> str:
        w = self.weapon
        label = {"single": "a single shot", "semi": "a semi-auto burst", "full": "a full-auto burst"}[mode]
        wanted = self._burst_size(mode) * self._ammo_factor()
        why = []
        if "Storm" in self.q:
            why.append("Storm doubles the ammunition")
        if "Twin-Linked" in self.q:
            why.append("Twin-Linked fires both barrels")
        if self.s.action.maximal:
            why.append("Maximal uses three times the ammunition")
        reason = f" ({'; '.join(why)})" if why else ""
        short = f" (the clip held only {w.clip} of the {wanted})" if rounds < wanted else ""
        return f"{label}: {rounds} round(s) used{reason}{short}; {w.clip - rounds} left in the clip."

    def _jam(self, action: ActionDef, mode: str, roll: int, success: bool) -> bool:
        """Jams on the unmodified roll; Overheats instead of jamming; Reliable and Unreliable and the
        weapon's craftsmanship change the range (each ruleset's reading)."""
        if "Overheats" in self.q:
            return self._overheat(roll)
        jams = self.tables.jams
        craft = self.weapon.craftsmanship
        threshold = jams.burst if mode in ("semi", "full") else jams.single
        why = f"{action.name if mode != 'single' else 'a single shot'}: jams on {threshold}\u2013100"
        reliable = "Reliable" in self.q
        unreliable = "Unreliable" in self.q
        src = self.SRC["jams"]
        if self.UNTRAINED_UNRELIABLE and not self.weapon.trained and not unreliable:
            unreliable = True
            self._step(
                "Untrained", self.SRC["untrained"], "Used without its Weapon Training talent, it counts as Unreliable."
            )
        rule = self.tables.craftsmanship
        if rule is not None:
            # every weapon: only Poor changes jams, and only by jamming on any failed roll
            if craft == "Poor" and rule.poor_jams_on_failure and not success:
                why = f"Unmodified {roll:02d} fails: a Poor weapon jams on any failed to-hit roll"
                if "Reliable" in self.q and self.RELIABLE == "d10_confirm":
                    d10 = self.roller.die(10, "Reliable jam d10").value
                    self._step(
                        "Reliable",
                        self._qsrc("Reliable"),
                        f"{why}; Reliable rolls 1d10 = {d10}: "
                        + (
                            "a 10, so the weapon jams." if d10 == 10 else "not a 10, so it does not jam (a plain miss)."
                        ),
                    )
                    if d10 != 10:
                        return False
                self._step("Weapon jam", rule.source, f"{why}. The attack misses.")
                return True
            craft = "Common"
        if craft == "Best":
            self._step("Jam check", self.SRC["craftsmanship"], "Best craftsmanship: the weapon never jams.")
            return False
        if craft == "Good":
            if unreliable:
                unreliable, why_c = False, "Good craftsmanship: the weapon loses Unreliable"
            else:
                reliable, why_c = True, "Good craftsmanship: the weapon counts as Reliable"
            self._step("Craftsmanship", self.SRC["craftsmanship"], why_c + ".")
        if craft == "Poor":
            if unreliable:
                if not success:
                    self._step(
                        "Weapon jam",
                        self.SRC["craftsmanship"],
                        f"Poor craftsmanship{' and Unreliable' if unreliable else ''}: the weapon jams on any "
                        f"failed attack. The attack misses.",
                    )
                    return True
            else:
                unreliable = True
                self._step(
                    "Craftsmanship", self.SRC["craftsmanship"], "Poor craftsmanship: the weapon counts as Unreliable."
                )
        if unreliable:
            threshold = min(threshold, self.q.num("Unreliable", "from", 91))
            why, src = f"Unreliable: jams on {threshold}\u2013100", self._qsrc("Unreliable")
        jammed = roll >= threshold
        if reliable and not unreliable:
            if self.RELIABLE == "only_100":
                jammed, why, src = roll == 100, "Reliable: jams only on 100", self._qsrc("Reliable")
            elif jammed:
                d10 = self.roller.die(10, "Reliable jam d10").value
                self._step(
                    "Reliable",
                    self._qsrc("Reliable"),
                    f"Unmodified {roll} would jam ({why}); Reliable rolls 1d10 = {d10}: "
                    + ("a 10, so the weapon jams." if d10 == 10 else "not a 10, so it does not jam."),
                )
                jammed = d10 == 10
        if jammed:
            self._step(
                "Weapon jam",
                src,
                f"Unmodified {roll} ({why}): the weapon jams and the attack misses. Clearing it is a Full "
                f"Action and a BS test; then the weapon must be reloaded and the rounds in it are lost.",
            )
        else:
            self._step("Jam check", src, f"Unmodified {roll:02d}: no jam ({why}).")
        return jammed

    def _overheat(self, roll: int) -> bool:
        """Overheats: an unmodified roll of 91+ overheats the weapon instead of jamming (it does not
        jam); the attack is lost. Best craftsmanship never overheats."""
        src = self._qsrc("Overheats")
        start = self.q.num("Overheats", "from", 91)
        if self.weapon.craftsmanship == "Best":
            self._step("Quality: Overheats", src, "Best craftsmanship: the weapon never overheats.")
            return False
        if roll < start:
            self._step(
                "Quality: Overheats", src, f"Unmodified {roll:02d}: no overheat (overheats on {start}\u2013100)."
            )
            return False
        self.overheated = True
        self._step(
            "Quality: Overheats",
            src,
            f"Unmodified {roll}: the weapon overheats and the attack is lost. {self.q.defs['Overheats'].summary}",
        )
        if self.q.param("Overheats", "table", ""):
            r = self.roller.die(10, "Overheats table d10").value
            row = next(text for low, high, text in OVERHEAT_TABLE if low <= r <= high)
            self._step("Quality: Overheats", src, f"Overheating table, 1d10 = {r}: {row}")
        return True

    # -- hits ----------------------------------------------------------------------------------------

    def _hit_count(self, action: ActionDef, degrees: int, mode: str | None, rounds: int) -> int:
        """Hits by the action, then Scatter, Twin-Linked and Storm; never more than the rounds used."""
        base_degrees = max(0, degrees - self.FIRST_HIT_DEGREES)
        if action.hits == "single":
            earned, how = 1, "one hit"
        elif action.hits == "per_degree":
            earned = max(1, degrees) if self.FIRST_HIT_DEGREES else 1 + degrees
            how = (
                f"one hit per degree of success: {earned}"
                if self.FIRST_HIT_DEGREES
                else f"one hit plus one per degree of success: 1 + {degrees} = {earned}"
            )
        else:
            earned = 1 + base_degrees // 2
            how = (
                f"one hit plus one per two degrees beyond the first: 1 + ({degrees} \u2212 1) // 2 = {earned}"
                if self.FIRST_HIT_DEGREES
                else f"one hit plus one per two degrees of success: 1 + {degrees} // 2 = {earned}"
            )
        caps: list[str] = []
        hits = earned
        if action.cap == "wsb":
            wsb = max(1, self.s.attacker.characteristics.WSB)
            if hits > wsb:
                caps.append(f"at most the WS bonus, {wsb}")
            hits = min(hits, wsb)
        elif action.cap == "rof" and mode is not None:
            burst = min(self._burst_size(mode), rounds)
            if hits > burst:
                caps.append(f"at most the {burst} round(s) of the burst")
            hits = min(hits, burst)
        capped = f", capped {' and '.join(caps)}" if caps else ""
        self._step("Hits scored", action.source, f"{action.name}: {how}{capped} \u2192 {hits} hit(s).")

        scatter = 0
        if "Scatter" in self.q and self.q.param("Scatter", "mode") == "hits_and_armour" and self.band == "Point Blank":
            extra = scatter = base_degrees // 2
            hits += extra
            self._qstep(
                "Scatter",
                f"At Point Blank range: one more hit per two degrees of success "
                f"({'beyond the first' if self.FIRST_HIT_DEGREES else 'scored'}): +{extra} \u2192 {hits} hit(s).",
            )
        if "Twin-Linked" in self.q:
            need = self.q.num("Twin-Linked", "degrees", 2)
            if degrees >= need:
                hits += 1
                self._qstep(
                    "Twin-Linked", f"{degrees} degree(s) of success (at least {need}): one more hit \u2192 {hits}."
                )
            else:
                self._qstep("Twin-Linked", f"{degrees} degree(s) of success: fewer than {need}, no extra hit.")
        if "Storm" in self.q:
            doubled = 2 * hits
            limit = doubled
            if mode is not None:
                limit = rounds
                if self.q.param("Storm", "cap") == "rof" and mode in ("semi", "full"):
                    limit = min(rounds, self._burst_size(mode))
            hits = min(doubled, limit)
            what = (
                "the weapon's rate of fire"
                if self.q.param("Storm", "cap") == "rof" and mode in ("semi", "full")
                else "the rounds fired"
            )
            cap = f", capped at {limit} ({what})" if doubled > limit else ""
            self._qstep(
                "Storm", f"Storm doubles the hits: {doubled // 2} \u00d7 2 = {doubled}{cap} \u2192 {hits} hit(s)."
            )
        elif mode is not None and hits > rounds + scatter:
            # Scatter's extra hits are the spread of one round, not more rounds
            self._step("Hits scored", self.SRC["ammo"], f"Only {rounds} round(s) were fired: {rounds} hit(s) at most.")
            hits = rounds + scatter
        return hits

    def _locations(self, hits: int, roll: int) -> list[str]:
        t = self.tables
        called = self.s.action.called_location if self.action.called else None
        if called is not None:
            first: str = called
            self._step("Step Three: hit location", self.SRC["step3"], f"Called Shot: the hit strikes the {called}.")
        else:
            reversed_roll = reverse_digits(roll)
            first = t.hit_locations.lookup(reversed_roll)
            self._step(
                "Step Three: hit location",
                self.SRC["step3"],
                f"The roll {roll % 100:02d} reversed is {reversed_roll % 100:02d}: {first}.",
            )
        locations = self._more_locations(first, hits)
        if hits > 1:
            kind = first.split()[-1]  # Head, Arm, Body, Leg
            side = first.split()[0] if " " in first else SIDES[0]
            placed = ", ".join(f"hit {i + 1}: {loc}" for i, loc in enumerate(locations))
            self._step(
                "Multiple hits",
                t.multiple_hits.source,
                f"First hit on the {first}, so the {kind} row places the hits: {placed}. "
                f"(An 'Arm' or 'Leg' is taken on the {side.lower()} side.)",
            )
        return locations

    def _more_locations(self, first: str, hits: int) -> list[str]:
        """``hits`` locations from the first by the Multiple Hits table (an Arm or Leg on the first
        hit's side, the right one when the first hit was not on a limb)."""
        kind = first.split()[-1]  # Head, Arm, Body, Leg
        side = first.split()[0] if " " in first else SIDES[0]
        row = self.tables.multiple_hits.rows[kind]  # type: ignore[index]
        locations = [first]
        for n in range(2, hits + 1):
            part = row[min(n - 1, 5)]
            locations.append(f"{side} {part}" if part in ("Arm", "Leg") else part)
        return locations

    def _blast_others(self) -> list[tuple[int, str]]:
        """Blast (X): everyone else within X metres is hit too, each with its own hit location (a d100
        reversed) and damage."""
        n = self.s.target.others_in_blast
        if self.s.target.horde is not None:
            return []  # a Blast's hits on a Horde are counted by the Horde rules
        if "Blast" not in self.q:
            if n:
                self._step(
                    "Others nearby",
                    self.SRC["qualities"],
                    f"{n} other(s) stand near the target, but the {self.weapon.name} has no Blast quality.",
                )
            return []
        if not n:
            self._qstep(
                "Blast",
                f"Everyone within {self._blast_radius()} m of the target is hit; the target form lists "
                f"no one else there.",
            )
            return []
        placed = []
        for person in range(1, n + 1):
            r = self.roller.d100(f"Blast: person {person} hit location d100")
            loc = self.tables.hit_locations.lookup(reverse_digits(r))
            placed.append((person, loc))
        where = ", ".join(f"person {p}: {loc}" for p, loc in placed)
        self._qstep(
            "Blast",
            f"{n} other(s) within {self._blast_radius()} m are hit too (same profile as the target), "
            f"each with a hit location of its own: {where}.",
        )
        return placed

    def _blast_radius(self) -> int:
        """Blast (X) in metres; Maximal fire adds to it."""
        return self.q.x("Blast") + (self.q.num("Maximal", "blast") if self.s.action.maximal else 0)

    def _evasion(self, hits: int) -> int:
        """The target's Evasion reaction; the parrying weapon's qualities change a Parry (Balanced
        +10, Defensive +15, Unbalanced -10); an unarmed target Parrying an armed attacker suffers -20."""
        ev = self.s.target.evasion
        if ev is None:
            return 0
        raw = ev.modifier
        why = []
        if ev.reaction == "Parry":
            unarmed_parry = not self.s.target.armed and self.weapon.weapon_class != "Unarmed"
            if unarmed_parry:
                raw -= 20
                why.append("\u221220: parrying an armed foe unarmed")
            for name in ("Balanced", "Defensive", "Unbalanced"):
                if name in self.parry_q:
                    v = self.parry_q.num(name, "parry")
                    raw += v
                    why.append(f"{signed(v)}: the parrying weapon is {name}")
        mod = cap_modifier(raw)
        roll = self._test_die(f"{ev.reaction} d100 (evasion)", ev.skill + mod)
        test = self.test(ev.skill + mod, roll)
        reason = f" ({'; '.join(why)})" if why else ""
        what = (
            f"{self.s.target.name} tests {ev.reaction} {ev.skill} {signed(mod)}{reason} = {test.target}; "
            f"rolled {roll:02d}"
        )
        if not test.success:
            self._step("Evasion", self.SRC["evasion"], f"{what}: failure; no hit is negated.")
            return 0
        negated, how = self.evasion_negates(test, hits)
        self._step(
            "Evasion",
            self.SRC["evasion"],
            f"{what}: success with {test.degrees} degree(s); {how}, so {negated} of {hits} "
            f"hit(s) {'is' if negated == 1 else 'are'} negated (the last ones placed).",
        )
        if ev.reaction == "Parry" and "Power Field" in self.parry_q and "Power Field" not in self.q:
            low = self.parry_q.num("Power Field", "destroy_low", 26)
            high = self.parry_q.num("Power Field", "destroy_high", 100)
            r = self.roller.d100(f"Power Field d100 (destroys the attacker's weapon on {low:02d}-{high % 100:02d})")
            broken = low <= r <= high
            self._step(
                "Quality: Power Field (parrying weapon)",
                self._qsrc("Power Field"),
                f"Parried with a Power Field weapon against one without: d100 = {r:02d} "
                + (
                    f"(destroyed on {low:02d}\u2013{high % 100:02d}): the {self.weapon.name} is destroyed."
                    if broken
                    else f"(destroyed on {low:02d}\u2013{high % 100:02d}): it survives."
                ),
            )
        return negated

    # -- steps four and five ---------------------------------------------------------------------------

    def _damage_bonus(self) -> tuple[int, int, list[tuple[int, str]]]:
        """The flat part of each hit's damage: the weapon's modifier, SB (melee; thrown where the
        ruleset says so) and what qualities and craftsmanship add. Returns (bonus, SB, the additions
        as (value, label))."""
        s, w = self.s, self.weapon
        thrown_sb = self.THROWN_ADDS_SB and w.weapon_class == "Thrown" and "Blast" not in self.q
        sb = s.attacker.SB * (w.sb_multiplier if w.is_melee else 1) if (w.is_melee or thrown_sb) else 0
        adds: list[tuple[int, str]] = []
        craft = self.tables.craftsmanship  # a ruleset whose craftsmanship covers every weapon
        if (w.is_melee or craft) and w.weapon_class != "Unarmed" and w.craftsmanship == "Best":
            adds.append((craft.best_damage if craft else 1, "Best craftsmanship"))
        if "Force" in self.q and s.attacker.psy_rating:
            adds.append((s.attacker.psy_rating, "Force (psy rating)"))
        if "Scatter" in self.q and self.q.param("Scatter", "mode") == "dh2" and self.band is not None:
            if self.band == "Point Blank":
                adds.append((3, "Scatter (Point Blank)"))
            elif self.band != "Short":
                adds.append((-3, f"Scatter ({self.band} range)"))
        return w.dice.modifier + sb + sum(v for v, _ in adds), sb, adds

    def _pen(self, degrees: int) -> tuple[int, list[str]]:
        """The weapon's Pen after Melta, Lance, Razor Sharp and Force (each ruleset's reading)."""
        pen = self.weapon.pen
        why: list[str] = []
        if self.s.action.maximal:
            pen += self.q.num("Maximal", "pen")
            why.append(f"Maximal +{self.q.num('Maximal', 'pen')}")
        if "Force" in self.q and self.s.attacker.psy_rating and self.q.param("Force", "pen", 0):
            pen += self.s.attacker.psy_rating
            why.append(f"Force +{self.s.attacker.psy_rating} (psy rating)")
        if "Lance" in self.q and degrees > 0:
            pen = pen * (1 + degrees)
            why.append(f"Lance: + its base Pen once per degree of success, \u00d7{1 + degrees}")
        if "Razor Sharp" in self.q:
            need = self.q.num("Razor Sharp", "degrees", 3)
            if degrees >= need:
                pen *= 2
                why.append(f"Razor Sharp \u00d72 ({degrees} degrees, at least {need})")
        if "Melta" in self.q and self.band in ("Point Blank", "Short"):
            pen *= 2
            why.append(f"Melta \u00d72 ({self.band} range)")
        return pen, why

    def _armour_factor(self) -> tuple[int, list[str]]:
        """Armour doubled by Primitive (unless the armour is Primitive too), by Scatter at Long and
        Extreme range, and by an unarmed blow where the ruleset says so. Doublings do not stack."""
        why: list[str] = []
        if "Primitive" in self.q and self.q.param("Primitive", "mode", "") == "armour_double":
            if self.s.target.primitive_armour:
                self._qstep("Primitive", "The target's armour is Primitive too: its AP is not doubled.")
            else:
                why.append("Primitive")
        if (
            "Scatter" in self.q
            and self.q.param("Scatter", "mode") == "hits_and_armour"
            and self.band in ("Long", "Extreme")
        ):
            why.append(f"Scatter at {self.band} range")
        if self.weapon.weapon_class == "Unarmed" and self.UNARMED_ARMOUR_DOUBLED:
            why.append("unarmed")
        return (2 if why else 1), why

    def _foe(self, person: int) -> NearbyTarget | None:
        """The nearby foe that ``person`` numbers (after the target, 0, and the others in a Blast,
        1..N), or None when ``person`` is the target or one of those others (the target's profile)."""
        k = person - self.s.target.others_in_blast - 1
        nearby = self.s.target.nearby
        return nearby[k] if person > 0 and 0 <= k < len(nearby) else None

    def _person_name(self, person: int) -> str:
        foe = self._foe(person)
        return self.s.target.name if person == 0 else foe.name if foe else f"person {person}"

    def _wounds_of(self, person: int) -> tuple[int, int]:
        """(damage taken before the attack, wounds) of the target (0) or a nearby foe."""
        who = self._foe(person) or self.s.target
        return who.damage_taken, who.wounds

    def _armour_at(self, location: str, person: int = 0) -> int:
        foe = self._foe(person)
        return foe.armour_at(location) if foe else self.s.target.armour_at(location)

    def _effective_armour(self, location: str, pen: int, factor: int, person: int = 0) -> int:
        """The struck location's armour (times ``factor``) less Pen, never below 0."""
        return max(0, factor * self._armour_at(location, person) - pen)

    def _tb(self, person: int = 0) -> tuple[int, str]:
        """The struck person's TB; Felling (X) ignores X of the target's Unnatural Toughness: X points
        of it, or X levels where the ruleset counts Unnatural Toughness in multiples of the base TB
        (Deathwatch: TB 8 with Unnatural Toughness (x2) is base 4 and one level)."""
        foe = self._foe(person)
        if foe is not None:
            return foe.toughness_bonus, ""
        tb = self.s.target.toughness_bonus
        ut = self.s.target.unnatural_toughness
        if "Felling" in self.q and ut:
            if self.q.param("Felling", "mode", "") == "levels":
                base = tb - ut
                levels = ut // base if base > 0 else 0
                drop = min(self.q.x("Felling"), levels)
                cut = drop * base
                return (
                    tb - cut,
                    f" (Felling ignores {drop} level(s) of Unnatural Toughness, {drop} \u00d7 base TB {base})",
                )
            cut = min(self.q.x("Felling"), ut)
            return tb - cut, f" (Felling ignores {cut} of its Unnatural Toughness)"
        return tb, ""

    def _roll_hit_dice(self, n: int, person: int, location: str, degrees: int) -> _HitDice:
        w = self.weapon
        expr: DiceExpression = w.dice
        tearing = self.TEARING if "Tearing" in self.q else None
        who = f"person {person} " if person else ""
        dice: list[_Die] = []

        def roll(sides: int, purpose: str, role: str, group: int = 0) -> None:
            d = self.roller.die(sides, f"{who}hit {n} {purpose}")
            dice.append(_Die(d, role, d.value, group))

        for k in range(expr.count):
            suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
            roll(expr.sides, f"damage d{expr.sides}{suffix}", "damage")
        if self.s.action.maximal:
            for _ in range(self.q.num("Maximal", "dice", 1)):
                roll(10, "Maximal d10", "maximal")
        if tearing == "extra_die_drop_lowest":
            roll(expr.sides, f"Tearing d{expr.sides}", "tearing")
        elif tearing == "roll_twice_keep_best":
            for k in range(expr.count):
                suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
                roll(expr.sides, f"Tearing second roll d{expr.sides}{suffix}", "tearing", group=1)
        extra = self._accurate_dice(degrees)
        for k in range(extra):
            roll(10, f"Accurate d10 ({k + 1} of {extra})", "accurate")
        hd = _HitDice(n, person, location, dice, tearing)
        self._clamp(hd)
        return hd

    def _accurate_dice(self, degrees: int) -> int:
        """Accurate's extra d10s: a single aimed shot from a Basic weapon, one per two degrees of success
        (beyond the first, where the ruleset says so), to the ruleset's maximum; none in rulesets
        without them."""
        if "Accurate" not in self.q or self.s.action.aim == "none":
            return 0
        most = self.q.num("Accurate", "max_dice", 0)
        if not most or self.weapon.weapon_class != "Basic" or self.action.fire not in (None, "single"):
            return 0
        beyond = self.q.num("Accurate", "beyond_first", 0)
        return min(most, max(0, degrees - beyond) // 2)

    def _clamp(self, hd: _HitDice) -> None:
        """Proven (X): a die under X counts as X. Primitive (X), where it caps dice: a die over X counts as X."""
        for d in hd.dice:
            if "Proven" in self.q and d.value < self.q.x("Proven"):
                d.value = self.q.x("Proven")
            if "Primitive" in self.q and self.q.param("Primitive", "mode", "") == "cap_die":
                d.value = min(d.value, self.q.x("Primitive"))

    def _damage(self, struck: list[tuple[int, str]], degrees: int) -> tuple[list[Hit], int, bool, int]:
        """Steps Four and Five for each hit on each person struck; returns the hits, the Fatigue
        inflicted, whether the target was slain, and the target's damage taken after."""
        s, w = self.s, self.weapon
        bonus, sb, bonus_adds = self._damage_bonus()
        pen, pen_why = self._pen(degrees)
        factor, armour_why = self._armour_factor()
        if pen_why:
            self._step("Penetration", self.SRC["qualities"], f"Pen {w.pen} \u2192 {pen}: {'; '.join(pen_why)}.")
        if armour_why:
            self._step("Armour doubled", self.SRC["qualities"], f"Armour points count double: {', '.join(armour_why)}.")

        def wounds_through(hd: _HitDice, damage: int) -> int:
            p = hd.person
            through = damage + self._graviton(hd.location, p) - self._effective_armour(hd.location, pen, factor, p)
            return max(0, through - self._tb(p)[0])

        once = "Blast" in self.q and self.q.param("Blast", "damage") == "once"
        rolled: list[_HitDice] = []
        rf_now: dict[int, int | None] = {}

        def roll_hits() -> Iterator[_HitDice]:
            """Each hit's damage dice, in order (a DH2 Fury d5 right after its hit's dice)."""
            for n, (person, location) in enumerate(struck, start=1):
                template = rolled[0] if once and person and rolled else None
                if template is not None:
                    # the same dice (objects): the degrees' replacement of the roll counts for everyone
                    hd = _HitDice(n, person, location, template.dice, template.tearing)
                    if not any(r.person for r in rolled):
                        self._qstep("Blast", "Damage is rolled once and applied to everyone in the blast.")
                else:
                    hd = self._roll_hit_dice(n, person, location, degrees)
                rolled.append(hd)
                if (
                    self.DEGREES_REPLACE_DIE
                    and not self.flame
                    and self._fury(hd)
                    and wounds_through(hd, max(0, hd.total() + bonus)) > 0
                ):
                    rf_now[n] = None if self._troop(hd.person) else self._rf_d5(hd)
                yield hd

        sequence: Iterable[_HitDice] = roll_hits()
        if self.DEGREES_REPLACE_DIE and not self.flame:
            # the degrees replace one die of the whole attack: every hit is rolled before any is applied
            sequence = list(sequence)
            own = [hd for hd in sequence if hd.person == 0] or sequence[:1]
            self._replace_with_degrees(own, degrees, bonus, wounds_through)

        hits: list[Hit] = []
        # damage taken so far, for the target (0) and each nearby foe; the others in a Blast share the
        # target's profile but not its wounds
        first_foe = s.target.others_in_blast + 1
        taken_by = {p: self._wounds_of(p)[0] for p in [0, *range(first_foe, first_foe + len(s.target.nearby))]}
        horde = s.target.horde
        fatigue = 0
        slain = False
        for hd in sequence:
            damage = max(0, hd.total() + bonus)
            damage = self._unstable(hd, damage)
            armour = self._armour_at(hd.location, hd.person)
            eff = self._effective_armour(hd.location, pen, factor, hd.person)
            grav = self._graviton(hd.location, hd.person)
            tb, tb_why = self._tb(hd.person)
            wounds = wounds_through(hd, damage)
            keep = hd.kept()
            dice_models = [
                DamageDie(
                    sides=d.rolled.sides,
                    natural=d.rolled.natural,
                    value=d.value,
                    kept=k,
                    replaced_by_degrees=d.replaced,
                )
                for d, k in zip(hd.dice, keep, strict=True)
            ]
            self._damage_step(hd, bonus, sb, damage, keep, bonus_adds)
            rf: RighteousFury | None = None
            if self._fury(hd):
                rf, wounds, killed = self._righteous_fury(hd, wounds, rf_now, self._through(wounds_through, hd, damage))
                slain = slain or (killed and hd.person == 0)
            target_name = self._person_name(hd.person)
            grav_txt = f" + Graviton {grav} (the location's AP)" if grav else ""
            doubled = " \u00d7 2" if factor == 2 else ""
            self._step(
                f"Step Five: hit {hd.number}",
                self.SRC["step5"],
                f"{target_name}: {damage} damage{grav_txt} \u2212 armour {eff} ({hd.location} {armour}{doubled}"
                f" \u2212 Pen {pen}) \u2212 TB {tb}{tb_why} = {max(0, damage + grav - eff - tb)} wound(s)"
                + (" + 1 (Righteous Fury)" if rf and rf.extra_wound else "")
                + (f" \u2192 {wounds}." if rf and (rf.extra_wound or rf.extra_damage) else "."),
            )
            hit = Hit(
                number=hd.number,
                person=hd.person,
                location=hd.location,
                dice=dice_models,
                damage=damage,
                armour=armour,
                penetration=pen,
                effective_armour=eff,
                toughness_bonus=tb,
                wounds=wounds,
                righteous_fury=rf,
                graviton=grav,
                name=nearby.name if (nearby := self._foe(hd.person)) else None,
            )
            if horde is not None:
                if hit.wounds > 0:
                    hit = hit.model_copy(update={"magnitude": 1})
                self._step(
                    f"Horde, hit {hd.number}",
                    self._horde_rules().source,
                    f"{hit.wounds} damage got through: the Horde loses 1 Magnitude."
                    if hit.wounds > 0
                    else "No damage got through: the Horde loses no Magnitude.",
                )
                hits.append(hit)
                continue
            extra = self._after_hit(hit, degrees)
            if extra:
                hit = hit.model_copy(update={"wounds": hit.wounds + extra, "extra_wounds": extra})
            if hd.person in taken_by:
                wounds_max = self._wounds_of(hd.person)[1]
                before = taken_by[hd.person]
                taken_by[hd.person] = taken = before + hit.wounds
                crit_before = max(0, before - wounds_max)
                crit_after = max(0, taken - wounds_max)
                if crit_after > crit_before:
                    critical = Critical(
                        amount=crit_after - crit_before,
                        total=crit_after,
                        damage_type=DAMAGE_TYPES[self._damage_type()],
                        location=hd.location,
                    )
                    hit = hit.model_copy(update={"critical": critical})
                    blood = self.tables.damage_states
                    self._step(
                        f"Critical damage, hit {hd.number}",
                        self.SRC["critical"],
                        f"{target_name}: damage {taken} passes wounds {wounds_max}: {critical.amount} Critical "
                        f"damage ({critical.total} in all): consult the {critical.damage_type} Critical Effects "
                        f"table, {hd.location}, row {min(critical.total, 10)}."
                        + (f" Critical damage is cumulative. {blood.blood_loss}" if blood else ""),
                    )
                if w.weapon_class == "Unarmed" and hd.person == 0:
                    fatigue += self._unarmed_fatigue(hd.number, damage, tb)
            hits.append(hit)
        if horde is not None:
            tested = [self.q.label(n) for n in sorted(self.q.defs) if self.q.defs[n].test is not None]
            if tested:
                self._step(
                    "Horde: quality tests",
                    self._horde_rules().source,
                    f"{', '.join(tested)}: the Horde rules give no test against a Horde, so none is rolled; "
                    f"the GM decides whether the Horde as a whole tests.",
                )
            lost = sum(h.magnitude for h in hits)
            self._step(
                "Horde: Magnitude",
                self._horde_rules().source,
                f"{lost} of {len(hits)} hit(s) dealt damage: Magnitude {horde.magnitude} \u2212 {lost} "
                f"\u2192 {max(0, horde.magnitude - lost)}.",
            )
            return hits, 0, False, s.target.damage_taken
        for person, taken in taken_by.items():
            mine = [h for h in hits if h.person == person]
            if person and not mine:
                continue
            before, most = self._wounds_of(person)
            self._step(
                "Wounds",
                self.SRC["step5"],
                f"{self._person_name(person)} had taken {before} of {most} wounds; takes "
                f"{sum(h.wounds for h in mine)} \u2192 {taken} of {most}."
                + (" Slain by Righteous Fury." if slain and person == 0 else ""),
            )
        return hits, fatigue, slain, taken_by[0]

    @staticmethod
    def _through(wounds_through: Callable[[_HitDice, int], int], hd: _HitDice, damage: int) -> Callable[[int], int]:
        """The wounds ``hd`` would deal with ``extra`` more damage (Righteous Fury's added d10s)."""

        def with_extra(extra: int) -> int:
            return wounds_through(hd, damage + extra)

        return with_extra

    def _unarmed_fatigue(self, number: int, damage: int, tb: int) -> int:
        """An unarmed hit inflicts a level of Fatigue: on every hit, or when its damage reaches the
        target's TB (the ruleset's reading)."""
        if self.UNARMED_FATIGUE == "hit":
            self._step(f"Unarmed, hit {number}", self.SRC["unarmed"], "An unarmed hit inflicts one level of Fatigue.")
            return 1
        if damage >= tb:
            self._step(
                f"Unarmed, hit {number}",
                self.SRC["unarmed"],
                f"{damage} damage is at least the target's TB {tb}: one level of Fatigue.",
            )
            return 1
        return 0

    def _unstable(self, hd: _HitDice, damage: int) -> int:
        """Unstable: each hit rolls 1d10; on a 1 it deals half damage (rounded up), on a 10 double."""
        if "Unstable" not in self.q:
            return damage
        who = f"person {hd.person} " if hd.person else ""
        r = self.roller.die(10, f"{who}hit {hd.number} Unstable d10").value
        new = (damage + 1) // 2 if r == 1 else 2 * damage if r == 10 else damage
        what = "half damage" if r == 1 else "double damage" if r == 10 else "normal damage"
        self._qstep("Unstable", f"Hit {hd.number}: 1d10 = {r}, {what}: {damage} \u2192 {new}.")
        return new

    def _damage_type(self) -> str:
        """E, I, R or X: the weapon's, except that a Force weapon in a psyker's hands deals Energy."""
        if "Force" in self.q and self.s.attacker.psy_rating and self.q.param("Force", "energy", 0):
            return "E"
        return self.weapon.damage_type

    def _graviton(self, location: str, person: int = 0) -> int:
        """Graviton: extra damage equal to the struck location's AP."""
        return self._armour_at(location, person) if "Graviton" in self.q else 0

    def _fury(self, hd: _HitDice) -> bool:
        """Does a kept damage die call for Righteous Fury? A natural 10; Vengeful (X) from X."""
        threshold = self.q.x("Vengeful") if "Vengeful" in self.q and self.q.x("Vengeful") else 10
        return hd.fury(threshold)

    def _damage_step(
        self, hd: _HitDice, bonus: int, sb: int, damage: int, keep: list[bool], adds: list[tuple[int, str]]
    ) -> None:
        w = self.weapon
        shown = []
        for d, k in zip(hd.dice, keep, strict=True):
            face = f"{d.rolled.value}" if d.rolled.sides != 5 else f"{d.rolled.value} (d10 {d.rolled.natural})"
            if d.value != d.rolled.value and not d.replaced:
                face = f"{face}\u2192{d.value}"
            if d.replaced:
                face = f"{face}\u2192{d.value} (degrees of success)"
            if d.role != "damage":
                face = f"{face} {d.role.capitalize()}"
            shown.append(face if k else f"[{face} dropped]")
        parts = f"{w.damage}: " + ", ".join(shown)
        flat = bonus - sb - sum(v for v, _ in adds)
        if flat:
            parts += f" {signed(flat)}"
        if sb:
            mult = w.sb_multiplier if w.is_melee else 1
            parts += f" + SB {sb}" if mult == 1 else f" + SB {sb // mult} \u00d7 {mult} (the {w.name} multiplies SB)"
        for value, label in adds:
            parts += f" {signed(value)} {label}"
        notes = []
        if hd.tearing == "extra_die_drop_lowest":
            notes.append("Tearing rolled one extra die and dropped the lowest.")
        elif hd.tearing == "roll_twice_keep_best":
            notes.append("Tearing rolled the damage twice and kept the better roll.")
        if "Proven" in self.q:
            notes.append(
                f"Proven ({self.q.x('Proven')}): a die under {self.q.x('Proven')} counts as {self.q.x('Proven')}."
            )
        if "Primitive" in self.q and self.q.param("Primitive", "mode", "") == "cap_die":
            notes.append(
                f"Primitive ({self.q.x('Primitive')}): a die over {self.q.x('Primitive')} counts as {self.q.x('Primitive')}."
            )
        if any(d.role == "accurate" for d in hd.dice):
            notes.append("Accurate adds d10s for an aimed single shot; they cannot cause Righteous Fury.")
        who = f", person {hd.person}" if hd.person else ""
        self._step(
            f"Step Four: damage, hit {hd.number}{who}",
            self.SRC["step4"],
            f"{parts} = {damage}." + (" " + " ".join(notes) if notes else ""),
        )

    def _replace_with_degrees(
        self, rolled: list[_HitDice], degrees: int, bonus: int, wounds_through: Callable[[_HitDice, int], int]
    ) -> None:
        """Replace the one die, in the whole attack, whose replacement by the degrees of success
        gives the most wounds; none when no replacement gives more."""

        def hit_wounds(hd: _HitDice, values: list[int]) -> int:
            w = wounds_through(hd, max(0, hd.total(values) + bonus))
            return w if (w > 0 or not self._fury(hd)) else 1

        base = [hit_wounds(hd, [d.value for d in hd.dice]) for hd in rolled]
        best: tuple[int, int] | None = None
        best_total = sum(base)
        for h, hd in enumerate(rolled):
            for i, d in enumerate(hd.dice):
                if degrees <= d.value:
                    continue
                values = [x.value for x in hd.dice]
                values[i] = degrees
                total = sum(base) - base[h] + hit_wounds(hd, values)
                if total > best_total:
                    best, best_total = (h, i), total
        self.replace_gain = best_total - sum(base)
        if not self.apply_replacement:
            return
        if best is None:
            self._step(
                "Degrees of success",
                self.SRC["step4"],
                f"{degrees} degree(s) of success: replacing a damage die with {degrees} gives no more wounds, "
                f"so every die stands.",
            )
            return
        h, i = best
        hd = rolled[h]
        old = hd.dice[i].value
        hd.dice[i].value = degrees
        hd.dice[i].replaced = True
        self._step(
            "Degrees of success",
            self.SRC["step4"],
            f"{degrees} degree(s) of success replace hit {hd.number}'s die {i + 1} ({old}): the most wounds "
            f"({sum(base)} \u2192 {best_total}).",
        )

    def _rf_d5(self, hd: _HitDice) -> int:
        who = f"person {hd.person} " if hd.person else ""
        return self.roller.die(5, f"{who}hit {hd.number} Righteous Fury critical d5").value

    def _righteous_fury(
        self, hd: _HitDice, wounds: int, rf_now: dict[int, int | None], through: Callable[[int], int]
    ) -> tuple[RighteousFury, int, bool]:
        """Righteous Fury on a hit whose die showed a natural 10 (Vengeful: X or more); the ruleset's
        mode: a d5 critical effect (1 wound when the hit was stopped), or extra d10s of damage."""
        s, w = self.s, self.weapon
        src = self.SRC["fury"]
        rule = f"Righteous Fury, hit {hd.number}"
        confirm: int | None = None
        if self.RF_CONFIRM and "Volatile" not in self.q:
            confirm = self._test_die(f"hit {hd.number} Righteous Fury confirmation d100", self._target_number)
            t = self.test(self._target_number, confirm)
            if not t.success:
                self._step(
                    rule,
                    src,
                    f"A natural 10: the attack test is rolled again to confirm the Fury, "
                    f"{confirm:02d} against {self._target_number}: not confirmed.",
                )
                return RighteousFury(confirm_roll=confirm, confirmed=False), wounds, False
            self._step(
                rule,
                src,
                f"A natural 10: the attack test is rolled again to confirm the Fury, "
                f"{confirm:02d} against {self._target_number}: confirmed.",
            )
        elif "Volatile" in self.q and self.RF_CONFIRM:
            self._qstep("Volatile", "A 10 on the damage: Righteous Fury without a confirmation roll.")
        if self.RF_MODE == "extra_d10":
            extra: list[int] = []
            sides = 5 if w.weapon_class == "Unarmed" else 10
            while True:
                d = self.roller.die(sides, f"hit {hd.number} Righteous Fury d{sides} ({len(extra) + 1})")
                extra.append(d.value)
                if not d.natural_ten or len(extra) >= 20:
                    break
            more = sum(extra)
            new_wounds = through(more)
            self._step(
                rule,
                src,
                f"The Fury adds {' + '.join(map(str, extra))} = {more} damage (another d10 on each 10): "
                f"{wounds} \u2192 {new_wounds} wound(s).",
            )
            return (
                RighteousFury(confirm_roll=confirm, confirmed=True if confirm else None, extra_damage=extra),
                new_wounds,
                False,
            )
        table = f"{DAMAGE_TYPES[self._damage_type()]} Critical Effects, {hd.location}"
        if wounds > 0:
            if self._troop(hd.person):
                self._step(
                    rule,
                    self.SRC["fury_troop"],
                    f"The hit dealt damage: {s.target.name if hd.person == 0 else 'person ' + str(hd.person)} "
                    f"is a Troop NPC and is slain instead of rolling a critical effect.",
                )
                return (
                    RighteousFury(table=table, slain=True, confirm_roll=confirm, confirmed=True if confirm else None),
                    wounds,
                    True,
                )
            if hd.number in rf_now and rf_now[hd.number] is not None:
                effect = rf_now[hd.number]
                late = ""
            else:
                effect = self._rf_d5(hd)
                late = (
                    " (rolled after the damage dice of every hit: whether this hit got through depended on "
                    "which die the degrees of success replaced)"
                    if self.DEGREES_REPLACE_DIE and not self.flame
                    else ""
                )
            self._step(
                rule,
                src,
                f"The hit dealt damage: 1d5 = {effect} on the {table} table{late}. "
                f"The effect is applied without counting as Critical damage.",
            )
            return (
                RighteousFury(
                    critical_effect=effect, table=table, confirm_roll=confirm, confirmed=True if confirm else None
                ),
                wounds,
                False,
            )
        self._step(
            rule,
            src,
            "Armour and toughness stopped the hit: it deals 1 wound that ignores both, and no critical effect.",
        )
        return RighteousFury(extra_wound=True, confirm_roll=confirm, confirmed=True if confirm else None), 1, False

    # -- tests the qualities make the target take ------------------------------------------------------

    def _after_hit(self, hit: Hit, degrees: int) -> int:
        """The tests the weapon's qualities make the struck person take; returns wounds added at once
        by a failed test (Toxic in rulesets where its damage is immediate)."""
        extra = 0
        for name in sorted(self.q.defs):
            d = self.q.defs[name]
            if d.test is None or (d.test.when == "damage" and hit.wounds <= 0):
                continue
            tt = self._roll_target_test(name, d.test, hit.person, hit.number, degrees, hit.wounds, hit.armour)
            if name == "Concussive":
                self._knock_down(hit)
            if tt.success is False and d.test.fail_d10:
                who = f"person {hit.person} " if hit.person else ""
                rolls = [
                    self.roller.die(10, f"{who}hit {hit.number} {name} damage d10").value
                    for _ in range(d.test.fail_d10)
                ]
                extra += sum(rolls)
                self._qstep(
                    name,
                    f"Hit {hit.number}: the failed test costs {' + '.join(map(str, rolls))} more "
                    f"wound(s), not reduced by armour or TB.",
                )
        return extra

    def _knock_down(self, hit: Hit) -> None:
        """Concussive: damage greater than the target's Strength bonus knocks it Prone."""
        s = self.s.target.characteristics.S
        if s is None:
            self._qstep(
                "Concussive",
                f"Hit {hit.number}: {hit.wounds} damage; the target is knocked Prone if that is "
                f"more than its Strength bonus (its S is not given: the GM checks).",
            )
        else:
            prone = hit.wounds > s // 10
            self._qstep(
                "Concussive",
                f"Hit {hit.number}: {hit.wounds} damage against SB {s // 10}: "
                + ("knocked Prone." if prone else "not knocked down."),
            )

    def _roll_target_test(
        self, name: str, spec: TestSpec, person: int, hit: int | None, degrees: int, wounds: int, armour: int
    ) -> TargetTest:
        c = self.s.target.characteristics
        value = getattr(c, spec.characteristic)
        x = self.q.x(name)
        mod = cap_modifier(
            spec.base
            + spec.per_x * x
            + spec.per_degree * max(0, degrees)
            + spec.per_wound * wounds
            + spec.per_armour * armour
        )
        who = self.s.target.name if person == 0 else f"person {person}"
        label = self.q.label(name) if name in self.q else name
        char = CHARACTERISTIC_NAMES[spec.characteristic]
        at = f" (hit {hit})" if hit is not None else ""
        if value is None:
            tt = TargetTest(
                quality=name,
                person=person,
                hit=hit,
                characteristic=spec.characteristic,
                modifier=mod,
                effect=spec.effect,
            )
            self._step(
                f"Quality: {label}",
                self._qsrc(name),
                f"{who}{at} tests {char} {signed(mod)}; on a failure: {spec.effect}. "
                f"The target's {char} is not given: the GM rolls this test.",
            )
        else:
            roll = self._test_die(f"{'person ' + str(person) + ' ' if person else ''}{name} {char} test d100", value + mod)
            t = self.test(value + mod, roll)
            tt = TargetTest(
                quality=name,
                person=person,
                hit=hit,
                characteristic=spec.characteristic,
                modifier=mod,
                target=t.target,
                roll=roll,
                success=t.success,
                degrees=t.degrees,
                effect=spec.effect,
            )
            outcome = (
                f"success ({t.degrees} degree(s))" if t.success else f"failure ({-t.degrees} degree(s)): {spec.effect}"
            )
            self._step(
                f"Quality: {label}",
                self._qsrc(name),
                f"{who}{at} tests {char} {value} {signed(mod)} = {t.target}; rolled {roll:02d}: {outcome}.",
            )
        self.target_tests.append(tt)
        return tt


class WholeTensAttack(D100Attack):
    """The d100 rulesets that count degrees of success in whole tens of margin (Dark Heresy 1st
    edition, Deathwatch): a bare success has 0 degrees (:func:`rules.d100.degrees_dh1`), and a
    successful Dodge or Parry negates the hit and one more per degree of success (DH1 Core and
    DW Core, Ch. VIII, Dodge)."""

    def test(self, target: int, roll: int) -> D100Test:
        return dh1_test(target, roll)

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        head = f"{char} {value} {signed(total)} = {test.target}; rolled {test.roll:02d}"
        if test.success:
            return (
                f"{head}: success. Degrees of success: ({test.target} \u2212 {test.roll}) // 10 = {test.degrees} "
                f"(one per full 10 points)."
            )
        return f"{head}: failure. Degrees of failure: ({test.roll} \u2212 {test.target}) // 10 = {-test.degrees}."

    def evasion_negates(self, test: D100Test, hits: int) -> tuple[int, str]:
        return min(hits, 1 + test.degrees), f"it negates the hit and one more per degree: 1 + {test.degrees}"
