"""The d100 family's attack, once: Dark Heresy 2nd and 1st edition (and Deathwatch) share it.

Every ruleset package (:mod:`rules.dh2`, :mod:`rules.dh1`, :mod:`rules.dw`) subclasses :class:`D100Attack` and sets what its
rules do differently, each with its source: the test and its degrees, the jam ranges (data),
Tearing, Reliable, Righteous Fury, whether degrees of success replace a damage die, how Evasion
negates hits. Weapon qualities are applied here, once; what each ruleset's text says a quality does
comes from its ``qualities.json`` (``params``, ``test``), so one piece of code serves every reading.

:meth:`D100Attack.resolve` runs the stages of :mod:`rules.d100.stages` in order, each taking the
frozen :class:`~rules.d100.state.AttackState` and returning the next; the class keeps what the
stages read of the attack (the scenario, its tables, the weapon's qualities, the person struck)
and the ruleset's hooks. The procedure, in the order dice are consumed:

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

from functools import cached_property
from typing import ClassVar

from rules.d100 import tables
from rules.d100.models import EvasionTest, NearbyTarget, Resolution, ScatterRoll, Scenario, Step, TargetTest, Weapon
from rules.d100.tables import ActionDef

from ..dice import Roller
from ..errors import FieldError
from . import (  # Grappling (seed 004), DH1 / Deathwatch melee manoeuvres: their own procedures
    D100Test,
    dh1_test,
    difference,
    grapple,
    manoeuvres,
    number,
    signed,
)
from .opposed import SideTest, Winner
from .qualities import Qualities, hooks, no_attack_test
from .seams import Seams
from .stages import evasion, flame, hits, locations, stray, test, unaware
from .stages.critical_effect import PendingRow
from .stages.finish import finish
from .state import AttackState


class Setting:
    """An attack's setting as another attack of the same scenario takes it over
    (:meth:`D100Attack.hand_over_setting`, :meth:`D100Attack.take_over_setting`): ``state``, the
    :class:`~rules.d100.state.AttackState` after the check and Step One's modifiers
    (:meth:`rules.d100.seams.Seams.setting`); ``steps``, what they logged; ``qualities``, the
    checked qualities (the weapon's, the parrying weapon's, what is wrong with either). All of it
    reads the scenario alone, no die: the odds engine (:mod:`rules.odds.d100`) works it out on its
    first walk of an attack and hands it to the others. A plain class: a NamedTuple took 77 us to
    define on CPython, this 5 us."""

    __slots__ = ("qualities", "state", "steps")

    def __init__(
        self, state: AttackState, steps: tuple[Step, ...], qualities: tuple[Qualities, Qualities, list[FieldError]]
    ) -> None:
        self.state = state
        self.steps = steps
        self.qualities = qualities


class D100Attack:
    """One attack in a d100 ruleset; ``resolve()`` returns the :class:`Resolution`.

    Subclasses set the class attributes below and may override :meth:`test`,
    :meth:`describe_test` and :meth:`evasion_negates`.

    What a stage (``rules/d100/stages/``), a quality's hook or the odds may read and record is the
    public API below: :meth:`step`, :meth:`qstep` and :meth:`qsrc` record a step; :meth:`test_die`
    rolls a test's die; :meth:`range`, :meth:`fire_mode`, :meth:`burst_size`, :meth:`damage_type`,
    :meth:`horde_rules` read the attack; :meth:`foe`, :meth:`troop`, :meth:`person_name`,
    :meth:`dice_who`, :meth:`wounds_of`, :meth:`armour_at`, :meth:`tb` read a person struck (0: the
    target; 1..: the nearby foes). Names with a leading underscore are this module's own."""

    SYSTEM: ClassVar[str]
    RULESET: ClassVar[str]
    SRC: ClassVar[dict[str, str]]  # rule -> source, see the keys used below
    DEGREES_REPLACE_DIE: ClassVar[bool] = False
    # A reading (the rulesets' Readings): how the ruleset words the degrees' die when DEGREES_REPLACE_DIE: "replace"
    # (DH2: the degrees replace one die's result) or "minimum" (Deathwatch: the degrees are the minimum
    # result of one die). The two give the same values (a die is only ever raised), so one piece of code
    # (:func:`rules.d100.stages.damage_dice.replace_with_degrees`) serves both; the source is SRC["degrees_die"]
    # where the ruleset has one, else SRC["step4"].
    DEGREES_DIE: ClassVar[str] = "replace"
    RF_MODE: ClassVar[str] = "d5_critical"  # or "extra_d10"
    RF_CONFIRM: ClassVar[bool] = False
    UNARMED_ARMOUR_DOUBLED: ClassVar[bool] = False
    FIRST_HIT_DEGREES: ClassVar[int] = 0  # degrees a success has at least (DH2: 1)
    UNARMED_FATIGUE: ClassVar[str] = "damage_tb"  # or "hit": every unarmed hit inflicts 1 Fatigue
    UNTRAINED_UNRELIABLE: ClassVar[bool] = False  # a ranged weapon used without its talent counts as Unreliable
    THROWN_ADDS_SB: ClassVar[bool] = False  # a thrown weapon (not a grenade: no Blast) adds SB to damage
    # Helpless Targets (``action.helpless``): the attack succeeds automatically (with FIRST_HIT_DEGREES
    # degrees, the least a success has) and its damage is rolled twice and added, for a melee attack
    # only where the ruleset's book says so; a helpless target never makes a Reaction.
    HELPLESS_MELEE_ONLY: ClassVar[bool] = True
    # Righteous Fury for Player Characters and NPCs: a Troop NPC attacker inflicts no Righteous Fury
    # on a player character unless the table's ``options.all_npcs_fury`` is on (DH2: seed 004).
    TROOP_NO_FURY_ON_PLAYERS: ClassVar[bool] = False
    # Spray and Pray (``action.unaware_chance``): the GM's d100 gates the attack (DH2: seed 004).
    SPRAY_AND_PRAY: ClassVar[bool] = False
    # Stray Shots (``options.stray_shots``): a table rule of DH2 (seed 004).
    STRAY_SHOTS: ClassVar[bool] = False
    # Defensive Stance (rules.d100.manoeuvres): the stance also gives an additional Reaction (DW: seed 001).
    DEFENSIVE_STANCE_EXTRA_REACTION: ClassVar[bool] = False
    # Grappling (rules.d100.grapple) as each ruleset gives it: the options it has (None: all of seed
    # 004's), the action the attempt is tested as, and whether Size adds degrees (seed 004 only).
    GRAPPLE_OPTIONS: ClassVar[frozenset[str] | None] = None
    GRAPPLE_ATTEMPT: ClassVar[str] = "Standard Attack"
    GRAPPLE_SIZE_DEGREES: ClassVar[bool] = True

    def __init__(self, scenario: Scenario, roller: Roller, seams: Seams | None = None) -> None:
        self.s = scenario
        self.roller = roller
        self.seams = seams or Seams()  # where the odds engine plugs in (rules.d100.seams)
        self.steps: list[Step] = []  # the step log, in order
        self.target_tests: list[TargetTest] = []  # every test the target took, in order
        self.evasion_test: EvasionTest | None = None  # the target's Evasion test, where rolled
        self.scatter_roll: ScatterRoll | None = None  # a missed Blast round's Scatter Diagram roll
        self.weapon: Weapon = scenario.attacker.weapon
        self.tables = tables.tables(self.SYSTEM)
        # The degrees-of-success die: the wounds its best replacement adds (0 for none), and whether
        # it is applied; the odds engine (rules.odds) reads the gain of a hit without applying it.
        self.replace_gain = 0
        self.apply_replacement = True
        # Rows of the group's critical tables read, applied at the attack's end
        self.critical_pending: list[PendingRow] = []
        # The group's Psychic Phenomena table to read at the attack's end (rules.d100.stages.psychic)
        self.phenomena_pending: str | None = None

    @cached_property
    def quality_check(self) -> tuple[Qualities, Qualities, list[FieldError]]:
        """The weapon's qualities, the parrying weapon's, and what is wrong with either (read from
        the scenario: the same for the whole attack)."""
        known = tables.qualities(self.SYSTEM)
        seen, errors = tables.check_qualities(self.SYSTEM, self.RULESET, self.weapon.qualities)
        q = Qualities(seen, {n: d for n in seen if (d := known.get(n)) is not None})
        parry = Qualities()
        if self.s.target.evasion is not None:
            pseen, perrors = tables.check_qualities(
                self.SYSTEM, self.RULESET, self.s.target.evasion.qualities, "target.evasion.qualities"
            )
            errors = errors + perrors
            parry = Qualities(pseen, {n: d for n in pseen if (d := known.get(n)) is not None})
        return q, parry, errors

    def hand_over_setting(self, st: AttackState) -> Setting:
        """This attack's setting ``st`` (what :meth:`rules.d100.seams.Seams.setting` returned, before
        any die), with the steps logged so far and the checked qualities, for another attack of the
        same scenario to take over (:meth:`take_over_setting`)."""
        return Setting(st, tuple(self.steps), self.quality_check)

    def take_over_setting(self, setting: Setting) -> AttackState:
        """Take over the :class:`Setting` of another attack of the same scenario instead of working
        it out again: its steps are logged here, its checked qualities serve this attack (unless
        this one has read its own already) and its state is returned, to resolve on from."""
        self.steps.extend(setting.steps)
        self.__dict__.setdefault("quality_check", setting.qualities)  # the cached property, filled
        return setting.state

    @property
    def q(self) -> Qualities:
        """The attacking weapon's qualities."""
        return self.quality_check[0]

    @property
    def parry_q(self) -> Qualities:
        """The parrying weapon's qualities (empty without a Parry)."""
        return self.quality_check[1]

    # -- what subclasses change -------------------------------------------------------------------

    def test(self, target: int, roll: int) -> D100Test:
        """The ruleset's test: success, and signed degrees."""
        raise NotImplementedError

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        raise NotImplementedError

    def evasion_negates(self, test: D100Test, hits: int) -> tuple[int, str]:
        """How many hits a successful Evasion test negates, and why."""
        raise NotImplementedError

    def opposed_tie(self, active: SideTest, passive: SideTest) -> tuple[Winner, str]:
        """Who wins an opposed test (:mod:`rules.d100.opposed`) when both sides succeed with the
        same degrees, or both fail, and why: each ruleset's reading of its Opposed Tests."""
        raise NotImplementedError

    # -- helpers ----------------------------------------------------------------------------------

    def test_die(self, role: str, purpose: str, target: int) -> int:
        """The d100 of a test the rules call for against ``target`` (percent), through the
        :class:`~rules.d100.seams.Seams` (the odds engine walks it by what the test makes of it)."""
        return self.seams.test_die(self, role, purpose, target)

    def step(self, rule: str, source: str, detail: str) -> None:
        """Record one step of the resolution: the rule applied, its source (seed + section), what it did."""
        self.steps.append(Step(rule=rule, source=source, detail=detail))

    def qsrc(self, name: str) -> str:
        """The source of the weapon quality ``name``: the ruleset's qualities table row, else the qualities chapter."""
        d = self.q.defs.get(name) or tables.qualities(self.SYSTEM).get(name)
        return d.source if d else self.SRC["qualities"]

    def qstep(self, name: str, detail: str, label: str | None = None) -> None:
        """Record a step of the weapon quality ``name`` (labelled ``label`` or as the weapon writes it) with its source."""
        self.step(f"Quality: {label or self.q.label(name)}", self.qsrc(name), detail)

    @property
    def tables_have_grapple(self) -> bool:
        """The ruleset's actions table has the Grapple action (DH2: seed 004, Grappling)."""
        return tables.actions(self.SYSTEM).get("Grapple") is not None

    @property
    def helpless_blow(self) -> bool:
        """Helpless Targets applies to this attack: the target is helpless and the weapon is a melee
        one (or the ruleset applies the rule to any attack): automatic success, damage rolled twice."""
        return self.s.action.helpless and (self.weapon.is_melee or not self.HELPLESS_MELEE_ONLY)

    @property
    def flame(self) -> bool:
        """Flame (in rulesets where it replaces the test) or Spray: no attack test."""
        return no_attack_test(self.q)

    def range(self) -> float:
        """The weapon's range in metres (Maximal adds its extra range)."""
        extra = self.q.num("Maximal", "range") if self.s.action.maximal else 0
        return self.weapon.range + extra

    def fire_mode(self, action: ActionDef) -> str | None:
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

    # -- the attack ------------------------------------------------------------------------------

    def resolve(self) -> Resolution:
        """The attack, stage by stage (:mod:`rules.d100.stages`), each taking the
        :class:`~rules.d100.state.AttackState` and returning the next."""
        if self.s.action.action_type.strip().lower() == "grapple" and self.tables_have_grapple:
            return grapple.resolve(self)
        if (kind := manoeuvres.kind_of(self)) is not None:
            return manoeuvres.resolve(self, kind)
        st = self.seams.setting(self)  # check.run, then modifiers.run (Step One)
        if not unaware.proceeds(self, st):  # Spray and Pray: the GM's d100 first
            return finish(self, st, "miss")
        if self.flame:
            return flame.resolve_flame(self, st)
        st = test.run(self, st)
        if not st.success:
            return stray.miss(self, st)  # a jam, a miss, or a Stray Shot's hit on another
        st = hits.run(self, st)
        st = locations.run(self, st)
        st = evasion.run(self, st)
        st = locations.blast(self, st)
        if not st.struck:
            return finish(self, st, "evaded")
        st = self.seams.damage(self, st, st.struck)
        return finish(self, st, "hit" if len(st.locations) > st.negated else "evaded")

    def horde_rules(self) -> tables.HordeRules:
        """The ruleset's Horde rules (a Horde target needs them: checked before the attack runs)."""
        rules = self.tables.hordes
        assert rules is not None  # checked: a Horde target needs the ruleset's Horde rules
        return rules

    def fury_denied(self, person: int) -> str | None:
        """Why the attacker inflicts no Righteous Fury on ``person``, or None when it does: a Troop
        NPC attacker (``attacker.troop``) against a player character (``player`` on the person
        struck), unless the table lets every NPC use it (``options.all_npcs_fury``), where the
        ruleset has the rule (:attr:`TROOP_NO_FURY_ON_PLAYERS`; seed 004, Righteous Fury for Player
        Characters and NPCs: "These Troop level NPCs also usually cannot benefit from this rule
        when inflicting damage on the Player")."""
        s = self.s
        who = self.foe(person) or s.target
        if not (self.TROOP_NO_FURY_ON_PLAYERS and s.attacker.troop and who.player) or s.options.all_npcs_fury:
            return None
        return (
            f"A natural 10, but {s.attacker.name} is a Troop NPC and {who.name} a player character: a Troop "
            "inflicts no Righteous Fury on the players (the table's 'all NPCs use Righteous Fury' rule is off)."
        )

    def troop(self, person: int) -> bool:
        """Whether ``person`` (0: the target; 1..: the nearby foes, in order) is a troop (seed 004, Hordes and troops)."""
        foe = self.foe(person)
        return foe.troop if foe else self.s.target.troop

    def burst_size(self, mode: str) -> int:
        """Rounds a mode fires at most: 1 for a single shot, else the RoF of that burst."""
        rof = self.weapon.rate_of_fire
        return {"single": 1, "semi": rof.semi or 0, "full": rof.full or 0}[mode]

    # -- the person struck ---------------------------------------------------------------------------

    def foe(self, person: int) -> NearbyTarget | None:
        """The nearby foe that ``person`` numbers (after the target, 0, and the others in a Blast,
        1..N), or None when ``person`` is the target or one of those others (the target's profile)."""
        k = person - self.s.target.others_in_blast - 1
        nearby = self.s.target.nearby
        return nearby[k] if person > 0 and 0 <= k < len(nearby) else None

    def person_name(self, person: int) -> str:
        """The name of ``person`` (0: the target; 1..: the nearby foes), ``person N`` for an unnamed one."""
        foe = self.foe(person)
        return self.s.target.name if person == 0 else foe.name if foe else f"person {person}"

    def dice_who(self, person: int, numbered: bool = True) -> str:
        """How a die's purpose names the person it is rolled for: nothing for the target, a nearby
        foe's name (``"Gretchin hit 4 damage d10"``), else ``"person N "`` (one of the others in a
        Blast, who have the target's profile and no name), or nothing when not ``numbered`` (the
        dice whose purpose never numbered the person: the hit's number says it)."""
        if person == 0:
            return ""
        foe = self.foe(person)
        return f"{foe.name} " if foe else f"person {person} " if numbered else ""

    def wounds_of(self, person: int) -> tuple[int, int]:
        """(damage taken before the attack, wounds) of the target (0) or a nearby foe."""
        who = self.foe(person) or self.s.target
        return who.damage_taken, who.wounds

    def armour_at(self, location: str, person: int = 0) -> int:
        """The Armour points of ``person`` (0: the target; 1..: the nearby foes) at ``location``."""
        foe = self.foe(person)
        return foe.armour_at(location) if foe else self.s.target.armour_at(location)

    def tb(self, person: int = 0) -> tuple[int, str]:
        """The struck person's TB and why it changed: a nearby foe's own, else the target's after the
        qualities' ``toughness`` hooks (Felling)."""
        foe = self.foe(person)
        if foe is not None:
            return foe.toughness_bonus, ""
        tb, why = self.s.target.toughness_bonus, ""
        for h in hooks("toughness", self.q):  # Felling
            got: tuple[int, str] | None = h.apply(self, tb, self.s.target.unnatural_toughness)
            if got is not None:
                tb, why = got
        return tb, why

    def damage_type(self) -> str:
        """E, I, R or X: the weapon's, through the qualities' ``damage_type`` hooks (a Force weapon in
        a psyker's hands deals Energy)."""
        kind = self.weapon.damage_type
        for h in hooks("damage_type", self.q):  # Force
            kind = h.apply(self, kind)
        return kind


class WholeTensAttack(D100Attack):
    """The d100 rulesets that count degrees of success in whole tens of margin (Dark Heresy 1st
    edition, Deathwatch): a bare success has 0 degrees (:func:`rules.d100.degrees_dh1`), and a
    successful Dodge or Parry negates the hit and one more per degree of success (DH1 Core and
    DW Core, Ch. VIII, Dodge)."""

    def test(self, target: int, roll: int) -> D100Test:
        return dh1_test(target, roll)

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        head = f"{char} {value} {signed(total)} = {number(test.target)}; rolled {test.roll:02d}"
        tens = "\u00f7 10, rounded down"
        if test.success:
            return (
                f"{head}: success. Degrees of success: ({difference(test.target, test.roll)}) {tens} = {test.degrees} "
                f"(one per full 10 points)."
            )
        return f"{head}: failure. Degrees of failure: ({difference(test.roll, test.target)}) {tens} = {-test.degrees}."

    def evasion_negates(self, test: D100Test, hits: int) -> tuple[int, str]:
        return min(hits, 1 + test.degrees), f"it negates the hit and one more per degree: 1 + {test.degrees}"
