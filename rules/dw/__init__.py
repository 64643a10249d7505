"""Deathwatch (``system: "dw"``): one attack, from the GM screen.

The rules come from seed 001 (`shared/seeds/001_43934ab936927244.txt`: test difficulty, hit
locations, craftsmanship, the Astartes armoury, cover, combat actions, weapon qualities, combat
difficulty, jams, semi and full auto, two-weapon fighting, unarmed combat, overwatch, suppressing
fire, pinning, fatigue, stunned, damage, movement, armour, multiple hits, hordes); where the screen
is silent (Righteous Fury, range distances, Evasion, degrees), from the Deathwatch Core Rulebook,
cited by chapter in each step. The procedure is the d100 family's (:mod:`rules.d100.attack`); what
Deathwatch does its own way:

- Degrees of success: one per full 10 points of margin, so a bare success has 0 (as DH1;
  :func:`rules.d100.degrees_dh1`); DH2 gives every success at least one.
- Degrees of success are the minimum result of one damage die (DW Core, Ch. VIII, Attacker
  Determines Damage: "The number of Degrees of Success is the minimum amount of Damage that the
  attack will inflict on a single dice ... the player may apply the Degree of Success ... as the
  minimum result to one dice of his choice"). DH2's degrees replace a die's result
  (seed 004, Step Four); a die is only raised either way, so both rulesets run the same code
  (``DEGREES_REPLACE_DIE``, worded by ``DEGREES_DIE = "minimum"``). The player's choice is the die
  that gains the most wounds, which is the lowest die (raising it adds the most, and with Tearing
  the kept dice of the raised pool are never lower); "the attack" is read as the attack roll, so a
  burst's degrees raise one die of all its hits, as DH2's replace one (the hit that gains the most
  wounds). Order: Proven has no Deathwatch version; Primitive doubles armour (it caps no die); the
  degrees raise a die before Tearing drops the lowest (the player applies them to "one dice of his
  choice" of those rolled, Tearing's included, as in DH2); a raised die is never a natural 10, so it
  calls no Righteous Fury. DH1 has no such rule.
- Tearing: one extra damage die, the lowest dropped (the screen's "roll two dice, take the best"
  is the one-die case); DH1 rolls the whole damage twice.
- Reliable: on a jam roll 1d10, only a 10 jams (seed 001); DH2 jams Reliable weapons only on 100.
- Parry ("Test Weapon Skill to negate a hit", seed 001, Combat Actions) meets a melee blow only
  (DW Core, Ch. VIII, Parry): a target whose Reaction is Parry is shot all the same and makes no
  Reaction; a step says why.
- Overwatch's kill zone reaches "up to the Range of the weapon" (seed 001, Overwatch): a shot from
  Overwatch at a target beyond the weapon's Range (Maximal's extra range counted) is refused at
  ``action.distance``, as Suppressing Fire beyond half the Range is. The 45-degree arc is the GM's.
- Righteous Fury: a natural 10 on a damage die calls for the attack test again; if it succeeds,
  1d10 more damage, again on each further 10 (DW Core, Ch. VIII, Righteous Fury). Volatile skips
  the confirmation (seed 001).
- Craftsmanship for every weapon, ranged too: Poor -10 and a jam on any failed to-hit roll, Good
  +5, Best +10 and +1 damage (seed 001); DH1 and DH2 change only melee to-hit and ranged jams.
- Primitive doubles armour (unless the armour is Primitive too); Razor Sharp needs two degrees;
  Concussive is -10 per degree of success of the attack; Felling counts levels of Unnatural
  Toughness (each a multiple of the base TB).
- Unarmed: 1d5-3 + SB, armour counts double, and damage of at least the target's TB inflicts a
  level of Fatigue (seed 001). "Inflicting damage" is read as the blow's damage roll, before armour
  and TB (as in DH2), so a blow of exactly TB damage tires the target even if no wound gets through.
- Hordes: Magnitude instead of wounds, one armour value, no locations; a hit that deals damage
  takes one Magnitude; Explosive +1 hit, Blast (X) X hits, Devastating (X) X more; melee one hit per
  two degrees (Power Field +1); the size bonus from Magnitude; pinning with Magnitude added to WP.
- Flame against a Horde (DW Core, Ch. XIII, Hordes, Flame Weapons, the seed being
  silent): the Horde makes no Agility test; the weapon hits it its range in metres divided by four,
  rounded down (the reading: the book gives no rounding, and the d100 family rounds down), plus
  1d5 (a d10 halved, as every d5) -- an Astartes Flamer (20 m) 5 + 1d5, a Hand Flamer (10 m)
  2 + 1d5, a Heavy Flamer (30 m) 7 + 1d5. Each hit's damage is rolled as any hit's (no Explosive
  extra hit: Flame is Energy); the catch-fire test is the GM's, as every quality test on a Horde.
  The book's rule is read in a public Deathwatch rules thread ("flame weapons deal 1/4x(range) +
  1d5 vs hordes ... hordes do not test against flame weapons"); the numbers live in
  ``rules/data/dw/tables.json`` (``hordes.flame_range_per_hit``, ``flame_die``).
- A burst's extra hits may go to other foes within 2 m; cover adds its AP to the hidden locations;
  two-weapon fighting (-20, -10 Ambidextrous; -20 off-hand); Overwatch and Suppressing Fire make
  their targets test Willpower (-20) or be Pinned; a Charge must cover 4 m to the Charge move by AB;
  the target ends Lightly, Heavily or Critically Damaged.
- Two-weapon fighting, both attacks in one resolution (:mod:`rules.d100.two_weapon`): a Full Action
  (seed 001), each hand a Standard Attack or (a ranged hand) a Semi- or Full Auto Burst, as DH1;
  DH2 spends one Half Action and allows Swift and Lightning Attacks.

- Psychic attacks (the ``Psychic Attack`` action, ``action.psychic``; seed 001, Combat Actions:
  "Focus Power: Use a Psychic Power"; DW Core, Ch. VI): read as DH2's
  (:mod:`rules.d100.stages.psychic`): the Focus Power test's characteristic (WP by default) and
  modifier are the player's, as the power names them (any bonus for the psy rating used, and the
  power's own difficulty, are added by the player: the seed has neither); psy rating is shown. No
  range, aim, size or weapon modifiers; damage, Pen and type are the power's (the weapon fields)
  with no SB; no ammunition, no jam. The hit location is the test's roll reversed, as every
  Deathwatch attack's (seed 001, Hit Locations); degrees are Deathwatch's (whole tens), and
  Righteous Fury is confirmed with the Focus Power test again, then adds a d10. Psychic Phenomena
  are named for the GM on an Unfettered test's doubles and on every Push, never Fettered (a
  reading of DW Core, Ch. VI, Psychic Strength); the tables are the GM's, or the group's own
  where the scenario brings them (``phenomena``, ``perils``; read as DH2's,
  :mod:`rules.d100.stages.psychic`).
  A power with Spray or
  Flame (both replace the test in Deathwatch) is manifested by its Focus Power test first, as
  DH2's (:func:`rules.d100.stages.flame.manifest`); failed, nobody in the area tests Agility.

Multiple Attacks (seed 001, Combat Actions; DW Core, Ch. IV, Swift Attack and Lightning
Attack): with ``action.talent`` two or three melee attacks, each its own WS test, in one resolution
(:mod:`rules.d100.multiple`); without a talent the action stays the one attack it always was (a
saved scenario keeps its meaning).

Fate points (not in the seeds; Deathwatch Core, Fate Points; not checked against the book's text):
``fate_reroll`` re-rolls one test of the attack with a Fate point, the re-roll standing and every
other die kept (:mod:`rules.d100.fate`, whose Readings say how: any roll of the test named may be
re-rolled, where the book speaks of a failed test; one re-roll per attack; damage is not a test).

Where a round lands (:mod:`rules.d100.stages.landing`; numbers in ``rules/data/dw/qualities.json``):

- Smoke (seed 001 L460-462: "Creates smoke screen 3d10 metres in diameter, lasts 2d10 Rounds"): both
  rolled (3d10 metres across, 2d10 rounds) once per attack whose weapon fired, hit or miss (the round
  lands somewhere; a jam fires nothing), after the attack's other dice and before the pinning test;
  the resolution's ``smoke`` holds them and the GM places the screen.
- Blast's miss (seed 001 L362 names the Scatter Diagram, no numbers): the direction is a d10 read on
  the book's Scatter Diagram (DW Core, Ch. VII, Scatter Diagram), the distance 1d10 metres. UNCHECKED
  reading: no copy of the DW Core's scatter paragraph was found in the searched corpora; the d10
  direction is the diagram's (a public GM thread: "the table from the rulebook, which gives the
  direction from a regular d10 roll"), the 1d10 metres is recalled, not read (``scatter_sides`` in
  Blast's ``params``; change it there once checked). The step gives the d10's face, to be read on the
  printed diagram (Auspex does not draw it). ``options.gm_scatters``: the GM places the round, no die.
- Devastating (X) (seed 001 L419-421: "one additional point of Cohesion Damage. If the target is a
  Horde, the Horde suffers additional hits equal to the number in parenthesis"): read as two effects.
  On a Horde the X more hits are counted and a step says so; Cohesion is the kill-team's (DW Core,
  Cohesion; chapter unchecked), which a Horde has not. On any other target a hit names the extra
  point for the GM: whether the attack costs the kill-team Cohesion is the GM's call, and Auspex keeps
  no Cohesion.

Readings taken where the seed is open are written in ``rules/data/dw/*.json`` (``_note``).
The Combat Difficulty Summary's "Attacking or Dodging whilst in the mud or heavy rain"
(-10) and "in deep snow" (-30) give the target's Dodge the same (``dodge`` in the circumstance
row); Brace Heavy Weapon's type is Half (the table's lone "Half", read in other_actions.json).
Helpless Targets (``action.helpless``; not on the screen: DW Core, Ch. VIII, Combat Circumstances)
is read as DH1 reads it: a melee attack succeeds automatically with 0 degrees, the damage (dice and
flat part) is rolled twice and added, the Fury's confirmation succeeds automatically, and the target
makes no Reaction; a ranged attack is tested as usual.

The GM screen's conditions, Overwatch and Suppressing Fire's random targets: the readings
of the encounter's upkeep are in :mod:`rules.d100.encounter.upkeep` (Pinned's recovery test is
Challenging (+0), +30 when not shot at since its last turn, rolled as its turn ends; Blood Loss is
rolled as the bleeder's turn ends, 01-10 dead; an Overwatch shot costs no action, is taken on any
turn and ends the Overwatch, as does any other action of the overwatcher; Recharge waits until the
wielder's next turn has ended). Suppressing Fire's random targets (``action.random_targets``,
:mod:`rules.d100.stages.suppressing`): every hit, the first too, goes to a target chosen by a die
with one face per combatant in the area (the target and those in ``target.nearby``). Everyone in
the area tests against pinning (seed 001, Suppressive Fire: "Targets within this area must make a
Hard (-20) Willpower Test or become Pinned"), hit or not: the target first, then each one listed, in
order, each with its own die and WP (``nearby[].characteristics.WP``; left out, the GM rolls it);
without ``random_targets`` the list is a burst's foes within 2 m, and only the target tests. Others
in a Blast (``others_in_blast``) are not listed in the area and test at the GM's hand.

Fatigue on the target's own tests (seed 001, Fatigue: "Fatigued characters -10 all Tests"): a
Fatigued target (``target.fatigue``, a nearby foe's ``fatigue``; the encounter fills both from its
state) takes -10 on the tests the attack rolls for it: the pinning test and the weapon qualities'
tests (Shocking, Toxic, Concussive on T; Snare, Flame on Ag), capped at +/-60 with their own
modifier. Its Reaction's -10 is the encounter's (``evasion.modifier``), never counted twice; the
number is one, :data:`rules.d100.FATIGUED`, read by both.

Opposed tests and the melee manoeuvres (:mod:`rules.d100.opposed`,
:mod:`rules.d100.manoeuvres`; seed 001's Combat Actions table gives each one line, the rest is the
DW Core's, Ch. I, Opposed Tests and Ch. VIII, Combat Actions, reconstructed):

- Opposed test ties (:meth:`DWAttack.opposed_tie`): as DH1's (one rule,
  :func:`rules.d100.opposed.higher_characteristic_tie`): equal degrees go to the higher
  characteristic; equal again, or both failing, is a stalemate. DH2 differs: the higher
  characteristic *bonus*, then the lower roll.
- Feint, Manoeuvre, Knock-Down and Stun: as DH1 reads them (see ``rules/dh1``), with Deathwatch's
  unarmed blow for Knock-Down's 1d5\u22123+SB (armour doubled; the level of Fatigue is the
  manoeuvre's, whatever the damage).
- Grapple (seed 001, Combat Actions: "Grapple | Half/Full | Affect a Grappled opponent or escape
  from a Grapple"; DW Core, Ch. VIII, Grapple): the shared :mod:`rules.d100.grapple`, which is
  seed 004's procedure, read as Deathwatch's (DH2's grappling comes from the same line of books;
  the screen's Half/Full type is the attempt as a Standard Attack, a Half Action, and the
  controller's Full Action): the attempt, the controller's options and the grappled one's, with
  Deathwatch's degrees, unarmed blow and tie rule. One difference: no Grappling Size Differences
  (seed 004's rule; the screen has none), so Size adds no degrees
  (:attr:`DWAttack.GRAPPLE_SIZE_DEGREES`). Reconstructed: no copy of the DW Core's Grapple section
  was found in the searched corpora.
- Defensive Stance (Full): seed 001 L372 "Gain an additional Reaction, opponents suffer \u221220 to
  WS": until its next turn opponents suffer \u221220 WS against it, it cannot attack, and it may make
  one more Reaction this round (:attr:`DEFENSIVE_STANCE_EXTRA_REACTION`).
- The group's critical tables (``critical_tables``): Righteous Fury reads no table in
  Deathwatch (DW Core, Ch. VIII, Righteous Fury: confirmed, 1d10 more damage, again on a 10), so
  a table changes no Fury. Critical damage reads the row of its running total (seed 001 L638
  "Critical Damage is cumulative"; L766-771 the Critical Table "determined by the type of Damage
  ... and the Hit Location of the attack"): the damage taken before the attack counts, each hit
  that adds Critical damage reads the row of the total after it, and above 10 reads row 10 (the
  tables of DW Core pp. 252-259 end there). The same code as DH2's.
"""

from __future__ import annotations

from typing import ClassVar

from rules.d100.models import Resolution, Scenario

from .. import registry
from ..d100 import multiple, two_weapon
from ..d100.attack import WholeTensAttack
from ..d100.opposed import SideTest, Winner, higher_characteristic_tie
from ..dice import Roller

SYSTEM = "dw"
SEED = "seed 001"
BOOK = "DW Core, Ch. VIII"


class DWAttack(WholeTensAttack):
    """A Deathwatch attack."""

    SYSTEM = SYSTEM
    RULESET = registry.get(SYSTEM).name
    DEGREES_REPLACE_DIE = True  # as the minimum of one die: see the Readings
    DEGREES_DIE = "minimum"
    RF_MODE = "extra_d10"
    RF_CONFIRM = True
    FIRST_HIT_DEGREES = 0
    UNARMED_ARMOUR_DOUBLED = True
    UNARMED_FATIGUE = "damage_tb"
    UNTRAINED_UNRELIABLE = False
    THROWN_ADDS_SB = False
    DEFENSIVE_STANCE_EXTRA_REACTION = True  # seed 001, Combat Actions (Defensive Stance)
    GRAPPLE_SIZE_DEGREES = False  # seed 004's Grappling Size Differences are DH2's; the screen has none
    SRC: ClassVar[dict[str, str]] = {
        "requirements": f"{SEED}, Combat Actions (an attack tests WS in melee, BS at range)",
        "step1": f"{SEED}, Combat Difficulty Summary and Test Difficulty (modifiers cap at \u00b160)",
        "step2": f"{SEED}, Test Difficulty; {BOOK}, Degrees of Success (one per full 10 points)",
        "jams": f"{SEED}, Weapon Jams (96\u201300; 94\u201300 for Semi- and Full Auto fire and Suppressing Fire)",
        "step3": f"{SEED}, Hit Locations (the attack roll reversed)",
        "evasion": f"{BOOK}, Dodge and Parry (the hit is negated; against a burst one more per degree of success)",
        "parry": f"{SEED}, Combat Actions (Parry: test Weapon Skill to negate a hit); {BOOK}, Parry (against melee "
        "attacks only)",
        "step4": f"{SEED}, Damage (melee weapons add SB)",
        "degrees_die": f"{BOOK}, Attacker Determines Damage (the Degrees of Success are the minimum result of "
        "one damage die of the player's choice)",
        "fury": f"{BOOK}, Righteous Fury (confirm with the attack test again; then 1d10 more damage, again on a 10)",
        "fury_troop": f"{BOOK}, Righteous Fury",
        "step5": f"{SEED}, Damage (armour less Pen, then TB)",
        "critical": f"{SEED}, Damage (Critical Damage is cumulative; Critical Tables, DW Core pp. 252\u2013259)",
        # the row of the group's critical table
        "critical_row": f'{SEED} L638, Damage ("Critical Damage is cumulative"); L766-771 (the Critical '
        "Table by type of Damage and Hit Location, apply the effect)",
        "unarmed": f"{SEED}, Unarmed Combat (1d5\u22123 I + SB, armour points count double, Fatigue when the damage "
        "reaches the target's TB)",
        "ammo": f"{SEED}, Ranged Weapons (RoF, Clip)",
        "qualities": f"{SEED}, Weapon Qualities",
        "fatigue": f"{SEED}, Fatigue (Fatigued characters \u221210 all Tests)",
        "class": f"{BOOK}, Weapon Classes (Pistol in melee; Basic one-handed \u221220); {SEED}, Combat Difficulty "
        "Summary (an unbraced Heavy weapon \u221230)",
        "untrained": f"{SEED}, Using Weapons without Talent (\u221220)",
        "helpless": f"{BOOK}, Combat Circumstances, Helpless Targets (a melee attack hits automatically; its "
        "damage is rolled twice and added; a helpless target cannot react)",
        # Psychic attacks: seed 001 names the Focus Power action; the test is the book's
        "psychic": f"{SEED}, Combat Actions (Focus Power); DW Core, Ch. VI, Psychic Powers (the Focus Power test)",
        "phenomena": "DW Core, Ch. VI, Psychic Strength (Fettered, Unfettered, Push) and Psychic Phenomena",
        "craftsmanship": f"{SEED}, Weapon Craftsmanship (Poor \u221210 to hit and jams on any failed to-hit roll; "
        "Good +5; Best +10 to hit, +1 Damage)",
        # Opposed tests and the melee manoeuvres: seed 001's Combat Actions, the book's sections
        "opposed": "DW Core, Ch. I, Opposed Tests (a success beats a failure; more degrees of success win)",
        "manoeuvre_feint": f"{SEED}, Combat Actions (Feint: opposed WS; won, the next attack cannot be Dodged or "
        f"Parried); {BOOK}, Feint",
        "manoeuvre_manoeuvre": f"{SEED}, Combat Actions (Manoeuvre: opposed WS; won, move the enemy 1 metre); "
        f"{BOOK}, Manoeuvre",
        "manoeuvre_knock_down": f"{SEED}, Combat Actions (Knock-Down: knock an opponent to the ground); {BOOK}, "
        "Knock-Down (opposed Strength; by two degrees 1d5\u22123+SB Impact and a level of Fatigue)",
        "manoeuvre_stun": f"{SEED}, Combat Actions (Stun: Full); {BOOK}, Stun (WS \u221220; 1d10+SB against TB + head "
        "AP; Stunned for the difference, and a level of Fatigue)",
        "grapple": f"{SEED}, Combat Actions (Grapple: Half/Full); {BOOK}, Grapple",
        "grapple_action": f"{BOOK}, Grapple (controlling the grapple: opposed Strength tests)",
        "grapple_target": f"{BOOK}, Grapple (the grappled character's options)",
        "assist": "DW Core, Ch. I, Assistance (+10 to the test for each character assisting)",
        "manoeuvre_defensive_stance": f"{SEED}, Combat Actions (Defensive Stance: Full; gain an additional "
        "Reaction, opponents suffer \u221220 to WS)",
    }

    def opposed_tie(self, active: SideTest, passive: SideTest) -> tuple[Winner, str]:
        """Deathwatch's tied opposed test (DW Core, Ch. I, Opposed Tests; the Readings above): equal
        degrees go to the higher characteristic; otherwise a stalemate."""
        return higher_characteristic_tie(active, passive)


def resolve(scenario: Scenario, roller: Roller) -> Resolution:
    """Resolve one Deathwatch attack.

    ``scenario``: a validated :class:`~rules.d100.models.Scenario` with ``system == "dw"``; ``roller``:
    records every die consumed. Returns the :class:`~rules.d100.models.Resolution` (with ``horde`` when
    the target is a Horde). Raises :class:`~rules.errors.ScenarioError` for an attack the rules do
    not allow (at the field concerned) and :class:`~rules.errors.NeedDie` when scripted dice run
    out."""
    if multiple.wanted(scenario):  # Multiple Attacks with Swift or Lightning Attack
        return multiple.resolve(DWAttack, scenario, roller)
    return two_weapon.resolve(DWAttack, scenario, roller)
