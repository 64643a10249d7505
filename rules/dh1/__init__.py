"""Dark Heresy 1st edition (``system: "dh1"``): one attack.

The rules come from seed 003 (`shared/seeds/003_b0e0104c97253d9a.txt`: the combat round, the attack
steps, hit locations, actions, circumstances, difficulty, size, weapon qualities and
characteristics); where the seed is silent (Righteous Fury, critical damage, jams, range distances,
Evasion, degrees), from the DH1 Core Rulebook, cited by chapter in each step. The procedure is the
d100 family's (:mod:`rules.d100.attack`); what DH1 does its own way:

- Degrees of success: one per full 10 points of margin, so a bare success has 0
  (:func:`rules.d100.degrees_dh1`); DH2 gives every success at least one.
- Bursts: Semi-Auto Burst +10 and one more hit per two degrees; Full Auto Burst +20 and one more
  hit per degree (seed 003's action table; its circumstance table has the two bonuses swapped,
  and Auspex reads that as a slip: see ``rules/data/dh1/actions.json``).
- Degrees of success do not replace a damage die (DH2 only).
- Tearing: the damage is rolled twice and the higher roll kept (seed 003); DH2 rolls one extra
  die and drops the lowest.
- Reliable: when the weapon would jam, roll 1d10; only a 10 jams it (seed 003); DH2 jams only on 100.
- Primitive doubles armour (unless the armour is Primitive too); DH2's Primitive (X) caps dice.
- Righteous Fury: a 10 on a damage die calls for the attack test again; if it succeeds, 1d10 more
  damage, and another on each further 10 (DH1 Core, Ch. VIII, Righteous Fury). No critical table
  is rolled for it; critical effects come only from damage beyond the target's wounds.
- Evasion: a successful Dodge or Parry negates the hit, and against a burst one more hit per
  degree of success (DH1 Core, Ch. VIII, Dodge).
- Parry ("Test Weapon Skill to negate a hit", seed 003, Actions) meets a melee blow only (DH1 Core,
  Ch. VIII, Parry), and "Flexible | Cannot be Parried" (seed 003, Weapon Qualities): a target whose
  Reaction is Parry, shot or struck with a Flexible weapon, is attacked all the same and makes no
  Reaction (it has no Dodge to fall back on); a step says why.
- Unarmed: 1d5-3 + SB, armour counts double, and every hit inflicts a level of Fatigue
  (DH1 Core, Ch. VIII, Unarmed Combat); DH2 does not double armour and needs damage >= TB.
- A ranged weapon used without its talent is at -20 and counts as Unreliable (DH1 Core, Ch. IV).
- Thrown weapons add SB to damage (seed 003, Weapon Characteristics: Class), grenades (Blast) do not.
- Initiative is 1d10 + AgB (seed 003, the combat round); it orders turns and does not change the attack.

Multiple Attacks (seed 003 L33: "Use Swift Attack or Lightning Attack talents to make
multiple attacks"; DH1 Core, Ch. IV, Swift Attack and Lightning Attack): ``action.talent`` names the
talent, two or three melee attacks, each its own WS test, all in one resolution
(:mod:`rules.d100.multiple`: Aim for the first only, damage carried over, one Evasion a round); DH1
had no such action before, so without a talent it is refused at ``action.talent``.

Fate points (not in the seeds; DH1 Core, Ch. VIII, Fate Points; not checked against the book's text):
``fate_reroll`` re-rolls one test of the attack with a Fate point, the re-roll standing and every
other die kept (:mod:`rules.d100.fate`, whose Readings say how: any roll of the test named may be
re-rolled, where the book speaks of a failed test; one re-roll per attack; damage is not a test).

Storm with Scatter: Scatter's extra hits at Point Blank are the spread of one round, so
Storm's cap on the rounds fired leaves them out, as without Storm, and doubling never lowers the
hits (a Storm shotgun at 2 m with 5 degrees: 4 hits, not 2). The same in Deathwatch.

Readings taken where the seed is open: the DH1 book's Point Blank is 3 metres (DH2 says 2);
a Troop target has no special Righteous Fury rule in DH1 (``troop`` changes nothing here).

Two-weapon fighting (``two_weapon`` in ``rules/data/dh1/tables.json``): seed 003 has only the Off
Hand Attacks row (-20); the rest is the DH1 Core's (Ch. IV, Two-Weapon Wielder and Ambidextrous): a
Full Action attacks with both weapons at -20 each, -10 with Ambidextrous, which also lifts the
off-hand -20. Each hand makes a Standard Attack, or a ranged hand a Semi- or Full Auto Burst (DH1
has no Swift or Lightning Attack action); otherwise as DH2 (:mod:`rules.d100.two_weapon`). DH2
differs: its two attacks are one Half Action, and a melee hand may make a Swift or Lightning Attack.

Helpless Targets (``action.helpless``): seed 003's circumstance row reads "automatic success, roll
twice for damage" and names no kind of attack; the book's section gives it to melee attacks, and
Auspex follows the book (a ranged attack is tested as usual). The automatic success has 0 degrees
(the least a DH1 success has: one hit for a Swift or Lightning Attack); "roll twice" adds the two
damage rolls (dice and flat part), unlike Tearing's "roll twice, keep the better"; a natural 10 on
either roll calls the Fury, and its confirmation (the attack test again) succeeds automatically
too, with no die. The target makes no Reaction.

Psychic attacks are left out of DH1: seed 003 names Focus Power ("Varies: Use a
Psychic Power", its action table) and no more, and in the DH1 Core Rulebook (Ch. VI, Psychic Powers,
Manifesting a Power) a power is manifested by rolling as many d10s as the psy rating used and
reaching the power's Threshold, not by a d100 test. Seed 003's hit location reverses the attack
test's d100 ("Reverse the order of the dice (roll of 32 becomes 23)"), and a Focus Power roll has
no d100 to reverse: the d100 family's Psychic Attack (:mod:`rules.d100.stages.psychic`) does not
fit, so dh1 offers none (its ``action.type`` refusal lists the actions it has). DH1's Focus Power
is the encounter's test action (:mod:`rules.d100.encounter.moves`): a 9 on any of its Threshold dice
calls Psychic Phenomena (DH1 Core, Ch. VI, Psychic Phenomena), named in its step, and read on the
group's own Phenomena table where the encounter's ``critical_tables`` event brought one (a row
marked ``perils`` leading on to its Perils of the Warp table), the rows' effects on the psyker.

Overwatch (``action.overwatch``; ``overwatch`` in ``rules/data/dh1/tables.json``): seed
003's row reads "Shoot targets coming into a set kill zone, -20 to BS" and names no action and no
pinning test, so any ranged attack action may be the shot, at -20 BS on top of its own modifier, and
its targets test nothing (Deathwatch's Overwatch, seed 001, names the bursts and a Hard Willpower
test against pinning; DH1's row does not: DH1 Core, Ch. VIII, Overwatch).
Charge: "Must move 4 metres" (seed 003 L26) is checked (``charge`` in its tables: a
shorter ``action.distance`` is refused). DH1 has no Movement table in its data, so the book's upper
bound (the Charge move, 3 x AB metres) is left to the GM, unlike Deathwatch's (seed 001, Movement).
Focus Power in the encounter is the book's Threshold roll (Xd10 + WPB, X up to the psy rating;
DH1 Core, Ch. VI), a named roll with no hit; Jump is an Agility test and Leap a Strength test (DH1
Core, Ch. IX, Acrobatics: "an Acrobatics Test for an Agility Test when Jumping or Strength Tests
when Leaping"); the GM reads the distance from the degrees of success.

Suppressing Fire: seed 003 L38 gives "Force opponents to take cover, -20 to BS" and no
test for it; the -20 and the hits are resolved, and a "Taking cover" step asks the GM to move those
in the area (DH1 Core's pinning test is not in Auspex's DH1 tables).

Fatigue on the target's own tests (seed 003, "Fatigued | All tests -10"): a Fatigued target
(``target.fatigue``; the encounter fills it from its state) takes -10 on the weapon qualities' tests
the attack rolls for it (Shocking, Toxic on T; Snare, Flame on Ag), its Reaction's -10 staying the
encounter's (``evasion.modifier``): one number, :data:`rules.d100.FATIGUED`, counted once.

Where a round lands (:mod:`rules.d100.stages.landing`; numbers in ``rules/data/dh1/qualities.json``):
Smoke (DH1 Core, Ch. V, not in seed 003): 3d10 metres across and 2d10 rounds, rolled once per attack
whose weapon fired (hit or miss; not on a jam), the resolution's ``smoke``. Blast's miss: a d10 read
on the Scatter Diagram (DH1 Core, Ch. VIII, Scatter Diagram) and 1d10 metres. UNCHECKED reading: no
copy of the DH1 scatter paragraph was found in the searched corpora; the d10 direction is the
diagram's, the 1d10 metres recalled, not read (``scatter_sides`` in Blast's ``params``). With
``options.gm_scatters`` the GM places the round and no die is drawn.

Difficult Terrain: seed 003 L63 gives "WS & Dodge -10 up to -30"; read as three grades,
each a row of the circumstances (one ``group``): "Difficult Terrain" -10 (the row saved scenarios
name), "Difficult Terrain (-20)" and "Difficult Terrain (-30)", each the same to the WS test and to
the target's Dodge (``dodge`` in its row). The seed gives no grade between, so the steps of ten are
the reading (as every DH1 difficulty); one terrain takes one grade, so two at once are refused. A
Parry is not changed (the row names Dodge only).

Opposed tests and the melee manoeuvres (:mod:`rules.d100.opposed`,
:mod:`rules.d100.manoeuvres`; seed 003 gives each action one line, the rest is the DH1 Core's,
Ch. I, Opposed Tests and Ch. VIII, Combat Actions, reconstructed: no copy of the DH1 paragraphs was
found in the searched corpora):

- Opposed test ties (:meth:`DH1Attack.opposed_tie`): a success beats a failure; both succeeding, the
  more degrees win; equal degrees (a bare success has 0 in DH1, so this is common), the higher
  characteristic (its value before modifiers) wins; equal again, or both failing, is a stalemate:
  neither wins and nothing happens (no re-roll: no die the table did not ask for).
- Feint (Half): opposed WS; won, the attacker's next melee attack on that opponent cannot be Dodged
  or Parried. The opponent's WS is ``target.characteristics.WS`` (required).
- Manoeuvre (Half): opposed WS; won, the opponent is moved 1 metre in a direction the attacker
  chooses; the attacker may follow.
- Knock-Down (Half): opposed Strength; won, the opponent is Prone; won by two or more degrees of
  success (the winner's degrees less the loser's, a failure counting 0), it also takes 1d5\u22123+SB
  Impact (an unarmed blow: armour doubled, to the Body) and a level of Fatigue; lost by two or more,
  the attacker falls Prone. No Reaction: it is an opposed test, not a hit.
- Stun (Full): a WS test at \u221220 with the weapon held, which the opponent may Dodge or Parry; hit,
  1d10+SB against the opponent's TB + the AP on its head: equal or higher, it is Stunned for the
  difference in rounds, at least 1 (an equal roll stuns: the rule's "equal or higher"), and gains a
  level of Fatigue (checked against a public wh40k-rpg Foundry VTT system's Stun code, which
  applies the same comparison for the family's rulesets).
- Grapple (seed 003: "Grapple | Full | Make a Grapple attack"; DH1 Core, Ch. VIII, Grapple; the
  shared :mod:`rules.d100.grapple` with DH1's overlay, :attr:`DH1Attack.GRAPPLE_OPTIONS`): the
  attempt is a Full Action, a WS test with bare hands (\u221220 against an armed foe, as any unarmed
  attack) tested as the Grapple action itself (+0; DH2 and Deathwatch test it as a Standard
  Attack), which the target may Dodge or Parry; on later turns the controller's Grapple (a Full
  Action) is an opposed Strength test to Damage Opponent (1d5\u22123+SB to the Body, armour doubled
  as any unarmed blow, and a level of Fatigue), or it lets go (a Free Action); the one held may try
  to Break Free (opposed Strength). DH1 has none of seed 004's other options (Throw Down, Push,
  Ready, Stand, Use Item, Slip Free, Take Control: refused at ``action.grapple.option``) and no
  Grappling Size Differences (seed 004's; Size adds no degrees). Ties are DH1's (above).
- Defensive Stance (Full): no test; until its next turn opponents suffer \u221220 WS against it and it
  cannot attack. Seed 003 gives no additional Reaction (Deathwatch's screen does), so DH1 gives none.
- The group's critical tables (``critical_tables``): Righteous Fury reads no table in
  DH1 (DH1 Core, Ch. VIII, Righteous Fury: confirmed, it adds 1d10 damage, again on a 10; no row is
  rolled), so a table changes no Fury. Critical damage reads the row of its running total (the
  target's damage before the attack counting; each hit that adds Critical damage reads the row of
  the total after it; above 10, row 10): the seed is silent, and DH1 Core, Ch. VIII, Critical
  Damage adds new Critical damage to the old and reads the total (players' reading of the book
  agrees: a target at 3 that takes 8 more reads 11, dead). The same code as DH2's
  (:func:`rules.critical.reading.critical_row`).
"""

from __future__ import annotations

from typing import ClassVar

from rules.d100.models import Resolution, Scenario

from .. import registry
from ..d100 import multiple, two_weapon
from ..d100.attack import WholeTensAttack
from ..d100.opposed import SideTest, Winner, higher_characteristic_tie
from ..dice import Roller

SYSTEM = "dh1"
SEED = "seed 003"
BOOK = "DH1 Core, Ch. VIII"


class DH1Attack(WholeTensAttack):
    """A Dark Heresy 1st edition attack."""

    SYSTEM = SYSTEM
    RULESET = registry.get(SYSTEM).name
    DEGREES_REPLACE_DIE = False
    RF_MODE = "extra_d10"
    RF_CONFIRM = True
    FIRST_HIT_DEGREES = 0
    UNARMED_ARMOUR_DOUBLED = True
    UNARMED_FATIGUE = "hit"
    UNTRAINED_UNRELIABLE = True
    THROWN_ADDS_SB = True
    # Grapple (seed 003, Actions; DH1 Core, Ch. VIII): the attempt is the Full Action Grapple itself,
    # then Damage Opponent, letting go, or Break Free; no Size degrees (seed 004's)
    GRAPPLE_OPTIONS = frozenset({"attempt", "damage", "end", "break_free"})
    GRAPPLE_ATTEMPT = "Grapple"
    GRAPPLE_SIZE_DEGREES = False
    SRC: ClassVar[dict[str, str]] = {
        "requirements": f"{SEED}, Attack steps (1. Test: roll WS or BS)",
        "step1": f"{SEED}, Combat Circumstances and Difficulty; {BOOK}, modifiers cap at \u00b160",
        "step2": f"{SEED}, Attack steps (1. Test); DH1 Core, Ch. II, Degrees of Success (one per full 10 points)",
        "jams": f"{BOOK}, Jams (96\u201300; 94\u201300 on Semi-Auto, Full Auto and Suppressing Fire)",
        "step3": f"{SEED}, Attack steps (2. Determine Hit Location: reverse the dice) and Hit Locations",
        "evasion": f"{BOOK}, Dodge and Parry (the hit is negated; against a burst one more per degree of success)",
        "parry": f"{SEED}, Actions (Parry: test Weapon Skill to negate a hit); {BOOK}, Parry (against melee attacks only)",
        "step4": f"{SEED}, Attack steps (3. Determine Damage; melee adds SB)",
        "fury": f"{BOOK}, Righteous Fury (confirm with the attack test again; then 1d10 more damage, again on a 10)",
        "fury_troop": f"{BOOK}, Righteous Fury",
        "step5": f"{SEED}, Attack steps (4. Apply Damage: subtract TB and armour points, less Pen)",
        "critical": f"{BOOK}, Critical Damage (the running total beyond wounds picks the row)",
        # the row of the group's critical table
        "critical_row": f"{BOOK}, Critical Damage (the table by damage type and location; the running total "
        "beyond wounds picks the row, above 10 the last)",
        "unarmed": f"{BOOK}, Unarmed Combat (1d5\u22123+SB, armour doubled, a level of Fatigue a hit; \u221220 against an armed foe)",
        "ammo": f"{SEED}, Weapon Characteristics (RoF, Clip)",
        "qualities": f"{SEED}, Weapon Qualities; DH1 Core, Ch. V, Weapon Special Qualities",
        "fatigue": f"{SEED}, Fatigued (All tests \u221210)",
        "class": f"{SEED}, Weapon Characteristics (Class: Pistol for close combat; Basic one-handed \u221220; "
        "Heavy must be braced or \u221230 and no Semi-Auto or Full-Auto)",
        "untrained": "DH1 Core, Ch. IV, Weapon Training (\u221220, and a ranged weapon counts as Unreliable)",
        "helpless": f"{SEED}, Combat Circumstances (Helpless Targets: automatic success, roll twice for damage); "
        f"{BOOK}, Combat Circumstances, Helpless Targets (melee attacks)",
        "craftsmanship": "DH1 Core, Ch. V, Weapon Craftsmanship (melee: Poor \u221210, Good +5, Best +10 and +1 "
        "damage; ranged: Poor Unreliable, or jams on any failure if already Unreliable; Good Reliable; "
        "Best never jams or overheats)",
        # Opposed tests and the melee manoeuvres: seed 003's action lines, the book's sections
        "opposed": "DH1 Core, Ch. I, Opposed Tests (a success beats a failure; more degrees of success win)",
        "manoeuvre_feint": f"{SEED}, Actions (Feint: opposed WS; won, the next attack cannot be Dodged or Parried); "
        f"{BOOK}, Feint",
        "manoeuvre_manoeuvre": f"{SEED}, Actions (Manoeuvre: opposed WS; won, move the enemy 1 metre); {BOOK}, "
        "Manoeuvre",
        "manoeuvre_knock_down": f"{SEED}, Actions (Knock-Down: knock an opponent to the ground); {BOOK}, Knock-Down "
        "(opposed Strength; by two degrees 1d5\u22123+SB Impact and a level of Fatigue)",
        "manoeuvre_stun": f"{SEED}, Actions (Stun: Full); {BOOK}, Stun (WS \u221220; 1d10+SB against TB + head AP; "
        "Stunned for the difference, and a level of Fatigue)",
        "grapple": f"{SEED}, Actions (Grapple: Full, make a Grapple attack); {BOOK}, Grapple",
        "grapple_action": f"{BOOK}, Grapple (the controller's opposed Strength test: Damage Opponent)",
        "grapple_target": f"{BOOK}, Grapple (breaking free: an opposed Strength test)",
        "assist": "DH1 Core, Ch. I, Assistance (+10 to the test for each character assisting)",
        "manoeuvre_defensive_stance": f"{SEED}, Actions (Defensive Stance: Full; enemies \u221220 WS, you cannot "
        "attack)",
    }

    def opposed_tie(self, active: SideTest, passive: SideTest) -> tuple[Winner, str]:
        """DH1's tied opposed test (DH1 Core, Ch. I, Opposed Tests; the Readings above): equal
        degrees go to the higher characteristic; otherwise a stalemate."""
        return higher_characteristic_tie(active, passive)


def resolve(scenario: Scenario, roller: Roller) -> Resolution:
    """Resolve one Dark Heresy 1st edition attack.

    ``scenario``: a validated :class:`~rules.d100.models.Scenario` with ``system == "dh1"``;
    ``roller``: records every die consumed. Returns the :class:`~rules.d100.models.Resolution`.
    Raises :class:`~rules.errors.ScenarioError` for an attack the rules do not allow (at the field
    concerned) and :class:`~rules.errors.NeedDie` when scripted dice run out."""
    if multiple.wanted(scenario):  # Multiple Attacks with Swift or Lightning Attack
        return multiple.resolve(DH1Attack, scenario, roller)
    return two_weapon.resolve(DH1Attack, scenario, roller)
