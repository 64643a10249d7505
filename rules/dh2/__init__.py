"""Dark Heresy 2nd edition (``system: "dh2"``): one attack, steps one to five.

The procedure is the d100 family's (:mod:`rules.d100.attack`, its stages in :mod:`rules.d100.stages`,
the quality hooks in :mod:`rules.d100.qualities`); this module sets what DH2 does its own way.

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
- Righteous Fury needs no confirmation: a natural 10 gives a d5 critical effect (or 1 wound when
  armour and TB stopped the hit) (seed 004, Righteous Fury); DH1 confirms it and adds d10s.
- Evasion: each degree of success negates one hit (DH2 Core, Ch. VII, Evasion); DH1 negates one
  hit plus one per degree.
- A Parry meets melee attacks only (DH2 Core, Ch. VII, Evasion) and never a Flexible weapon (DH2
  Core, Ch. V, Flexible): a target whose Reaction is Parry may still be shot or whipped; the attack
  goes ahead, no Parry is rolled and a step says why (the same in DH1 and Deathwatch).
- Qualities with their DH2 readings (``rules/data/dh2/qualities.json``): Primitive (X) caps each
  damage die, Razor Sharp needs three degrees, Scatter is +10 to hit / +3 damage close and -3
  damage far, Spray is the no-test cone, Toxic (X) and Snare (X) take a value.

Fate points (not in the seeds; DH2 Core, Ch. I, Fate Points, Spending Fate; not checked against the
book's text):
``fate_reroll`` re-rolls one test of the attack with a Fate point, the re-roll standing and every
other die kept (:mod:`rules.d100.fate`, whose Readings say how: any roll of the test named may be
re-rolled, where the book speaks of a failed test; one re-roll per attack; damage is not a test).

Readings taken where the seed is open:

- Suppressing Fire's random targets (``action.random_targets``; DH2 Core, Ch. VII,
  Suppressing Fire: the GM assigns the hits to random targets in the area) as Deathwatch's
  (:mod:`rules.d100.stages.suppressing`): a die per hit, one face per combatant listed.
- Thrown weapons do not jam: the jam rule speaks of a weapon's machine spirit and mechanism, and
  grenades' own failure rules belong to their qualities.
- Unarmed Fatigue compares the hit's damage total (before armour and TB) with the target's TB.
- A Troop target is slain when a Righteous Fury hit gets through (instead of the critical roll);
  one stopped by armour deals its 1 wound like any other.
- A Troop attacker (``attacker.troop``) inflicts no Righteous Fury on a player character
  (``target.player``, a flag of its own: the seed's Troop is a kind of NPC, and a named NPC is
  neither a Troop nor a player) unless the table's ``options.all_npcs_fury`` is on (seed 004,
  Righteous Fury for Player Characters and NPCs). The natural 10 then does nothing: no d5 is
  rolled and a hit stopped by armour gains no wound. ``all_npcs_fury`` ("all types of NPCs
  including low-level Troops can use the Righteous Fury rules") is read as the Troop *inflicting*
  it; a Troop *suffering* Fury is still slain.
- Spray and Pray (``action.unaware_chance``): the GM's d100 is drawn before the attack's test
  (its purpose "Spray and Pray d100 (GM)"); over the chance the attack misses with no effect on
  the target, but the attack is made ("wildly fire"), so the rounds the action fires are spent;
  no test is rolled, so there is no jam. Equal or under, the attack proceeds as usual.
- Where a round lands (:mod:`rules.d100.stages.landing`; numbers in ``rules/data/dh2/qualities.json``):
  Smoke (X) (DH2 Core, Ch. V): a screen of X metres radius for 1d10+10 rounds, the d10 rolled once
  per attack whose weapon fired; "the hit" is read as where the round lands, so a miss raises it too
  (it lands somewhere) and a jam does not. Blast's miss: a d10 read on the Scatter Diagram (DH2
  Core, Ch. VII, Scatter Diagram) and 1d5 metres per degree of failure. UNCHECKED reading: no copy of
  the DH2 scatter paragraph was found in the searched corpora; the d10 direction is the diagram's,
  the 1d5 per degree of failure recalled, not read (``scatter_sides``, ``scatter_per_failure`` in
  Blast's ``params``). With ``options.gm_scatters`` the GM places the round and no die is drawn.
- Stray Shots (``options.stray_shots``, seed 004 L28): a shot is "into a melee combat" when the
  circumstance "Shooting into Melee Combat" (-20) is listed, and those "engaged in the same melee"
  are ``target.nearby``. A miss by exactly one degree of failure strikes the first listed (the GM
  orders the list) with one hit, its location the attack's roll reversed, resolved against that
  person's own TB, armour and wounds; the attack is still a miss of the target (no evasion, no
  degrees-of-success die: the test failed). A Blast weapon's miss scatters by its own rule and is
  no stray shot. A Semi- or Full Auto Burst into a melee deals its hits in turn: the target, each
  listed nearby, the target again (the first hit always stays on the target), whatever ``hits``
  each nearby foe asked.
- A burst's extra hits on others within 2 m (``target.nearby``, DH2 Core, Ch. VII, Semi-Auto Burst
  and Full Auto Burst) work as in Deathwatch (one mechanism, :func:`rules.d100.stages.locations.spread`):
  the last hits placed move, each foe's first by its own d100 reversed.
- Psychic attacks (the ``Psychic Attack`` action, ``action.psychic``; seed 004 L40; DH2 Core,
  Ch. VI): the Focus Power test's characteristic and modifier are the player's (the power's
  difficulty and any psy-rating bonus are read by the player: the bonus rules are not in our seed);
  psy rating is shown. The range, aim, size, circumstance and weapon modifiers of a shot do not
  apply; the GM's difficulty and extra modifiers do. Damage, Pen and type are the weapon fields
  with no SB; no ammunition, no jam; Righteous Fury and the degrees-of-success die as any attack.
  Psychic Phenomena are named for the GM on an Unfettered test's doubles (11 ... 99, and 100 as
  00) and on every Push, never Fettered (DH2 Core, Ch. VI, Psychic Strength and Psychic
  Phenomena); the tables are the GM's, or the group's own where the scenario brings them
  (``phenomena``, ``perils``: the row read with its own d100 after the attack's other dice, a row
  marked ``perils`` leading on to the Perils of the Warp table; :mod:`rules.d100.stages.psychic`).
  The book's additions to the Phenomena roll are not applied (a reading not checked).
  A power with Spray (or a Flame that replaces the test) is still manifested by its Focus Power
  test (DH2 Core, Ch. VI: the test decides whether the power manifests at all; Ch. V, Spray: "no BS
  test", so the quality replaces only the hit roll): the test's d100 first, its Phenomena as any
  power's; failed, nobody in the area tests; manifested, everyone in the area tests Agility as
  against a Spray gun, the hits carrying no attack degrees, and no natural 9 jams a power
  (:func:`rules.d100.stages.flame.manifest`, :func:`~rules.d100.stages.flame.jam_face`; the odds
  read the same function). The headline of a manifested power is the area's first Agility test.
- Evasion negates the last hits placed (the first hit keeps the location read from the dice).
- Overheats is not a jam (DH2 Core, Ch. V, Overheats: it overheats "instead of
  jamming"): the attack is lost (``outcome`` keeps its value ``"jam"``, the page's verdict reads
  "Overheated"), ``overheated`` is true and ``jammed`` false, and in an encounter the weapon cools
  (cannot fire on its wielder's next turn) without needing a Clear Jam. The same in DH1 and
  Deathwatch. Tearing's tie (Primitive (X) or Proven (X) making two dice equal): the later die is
  dropped unless it is the natural 10, which the player keeps with its Righteous Fury (the dice are
  interchangeable and Tearing removes "the lowest result", which neither is).
- ``action.called_location`` counts only for a Called Shot; on any other action it is ignored.
- Helpless Targets (``action.helpless``; DH2 Core, Ch. VII, Combat Circumstances; the seed does not
  have it): a melee attack succeeds automatically with 1 degree of success, the least a DH2 success
  has (so the degrees-of-success die never gains, and a Swift or Lightning Attack lands one hit);
  the whole damage roll (dice and flat part) is rolled twice and the two added, and a natural 10 on
  either roll's dice is Righteous Fury. A ranged attack is tested as usual (the rule names melee).
  The d100 is still rolled: its reverse gives the hit location, and an Overheats weapon still
  overheats on it. The target makes no Reaction, melee or ranged.
- Two-Weapon Fighting (seed 004 lines 124-136; data ``two_weapon`` in ``rules/data/dh2/tables.json``,
  resolved by :mod:`rules.d100.two_weapon`): either hand may attack alone (``off_hand``: the book's
  Off-Hand Attack circumstance, -20, none with Ambidextrous); with Two-Weapon Wielder both weapons
  attack at -20 each, -10 with Ambidextrous. A Melee weapon is one-handed unless it is Unwieldy (the
  seed's "melee weapons that note they are one-handed": Auspex's weapons carry no such note, and the
  Unwieldy ones are the two-handed great weapons); a Basic weapon only when fired one-handed
  (``action.one_handed`` / ``second_action.one_handed``, with its own -20). Both attacks together
  are one Half Action (DH2 Core, Ch. IV, Two-Weapon Wielder); DH1 and Deathwatch spend a Full
  Action. Aim counts for the first attack only; on the same target the second attack starts from
  the damage the first left, and no Evasion if the target already used its Reaction.

- Opposed tests (DH2 Core, Ch. I, Opposed Tests, p. 25; :mod:`rules.d100.opposed`): both sides
  test; a success beats a failure; when both succeed, the more degrees of success win. A tie in
  degrees goes to the higher characteristic bonus of the characteristic tested, and "if there is
  still a tie, then the lowest die roll wins" (checked against the book: its
  paragraph is quoted word for word in a public DH2 Foundry VTT module's opposed-test code, and
  two other DH2 VTT rules engines apply the same ladder: degrees, bonus, lowest roll). Equal rolls
  too is a dead heat: neither wins. When both fail the book offers "a stalemate and nothing
  happens, or both parties re-roll until there is a clear winner"; Auspex takes the stalemate
  (a re-roll would draw dice the table did not ask for), so a grapple stays as it was. The hook
  (:meth:`DH2Attack.opposed_tie`) is the one place to change it.
- Assistance (DH2 Core, Ch. I, Assistance): +10 per helper, at most two a side (the seed's "up to
  two other characters can lend Assistance to each Grappler"). The +10 is unconfirmed: no copy of
  the book's Assistance paragraph or of a DH2 program applying it was found in the searched
  corpora; it is kept as the d100 family's usual step of +10.
- Grappling (seed 004, :mod:`rules.d100.grapple`): an attempt to Grapple is an unarmed attack
  (Unarmed Combat: "Instead of inflicting damage with an unarmed attack, a character can attempt
  to Grapple"), so it is tested bare-handed whatever the attacker holds: no weapon quality or
  craftsmanship counts, and -20 applies against an armed target. Damage Opponent is not an attack
  test: its degrees of success replace no damage die; its natural 10 is Righteous Fury as on any
  damage roll; it always inflicts one level of Fatigue when won (the seed says so, unlike an
  unarmed blow's damage-against-TB rule). Push Opponent's Half Move is AB metres (DH2 Core,
  Ch. VII, Movement). Stand is the attempt to drag the opponent up (both are on the ground): won,
  both stand; lost, only the controller does. Slip Free tests the Acrobatics given, else Agility
  (an untrained character tests the characteristic). Every opposed Strength test of the grapple
  "can benefit from Assistance" (+10 per helper, DH2 Core, Ch. I, Assistance; up to two a side).
  Take Control's following option is tested with the same helpers; the Throw Down bonus belongs
  to whoever threw the opponent down, so it ends when control changes hands.
- The grappled opponent's own state counts on its side of the opposed test
  (``grapple.opponent_modifiers``, which the encounter fills): Fatigued -10 (seed 001, "-10 to all
  tests", as the one acting's Fatigued already counts), Stunned -20 (DH2 Core, Ch. VII: others
  gain +20 against a Stunned character; a contest of Strength is read the same way, from its own
  side). Prone from Throw Down counts once, as the controller's +10: the seed's "standard +10
  gained when attacking Prone opponents" is about attacks, not opposed tests. A Stand taken after
  Take Control is refused when nobody is on the ground, as a Stand on its own is.
- The group's critical tables (``critical_tables``; :mod:`rules.d100.stages.critical_effect`):
  Righteous Fury's d5 is the row of the table for the hit's damage type and location (a Right Arm
  reads the Arm table); critical damage reads the row of its running total, the damage taken before
  the attack counting, 10 at most (seed 004, Step Five: "the amount of Critical damage
  accumulated"). Each hit that adds Critical damage reads its own row, the total after it: a burst
  that takes a target from 3 to 12 reads row 3, then row 10, and every row read is recorded (the
  books' "a new set of Critical Effects ... based on his total Critical damage"). A Fury row is
  read once per Fury and is not Critical damage. A row's effect dice (``[stunned 1d5]``) are
  the attack's last dice, after every other (Pinning's too), rows in the order read: every other
  die is the same with or without the group's tables, so a seeded share link (which carries no
  tables) resolves the same attack. A Troop slain by Fury reads no row. A row
  the group did not enter reads nothing: the result names the row as before.
- Righteous Fury's critical effects "do not stack ... Each roll is applied as a separate effect"
  (seed 004, Righteous Fury; in an encounter: :mod:`rules.d100.encounter.criticals`): each d5
  reads its own row; a duration runs alongside one already running (a second Stunned 2 while
  Stunned 3 runs leaves Stunned 3, the longer left, never 5); Fatigue levels and characteristic
  damage are each roll's own harm and add, as they do from any source (seed 001, Fatigue).
- A Fatigued target (``target.fatigue``; the encounter fills it from its state) takes -10 on the
  tests the attack rolls for it, the weapon qualities' (Concussive, Hallucinogenic, Shocking, Toxic
  on T; Snare, Flame on Ag): seed 004 is silent; DH2 Core, Ch. VII, Fatigue ("-10 penalty to all
  tests", whatever its levels; the chapter is cited from memory of the book, not checked against a
  copy). Its Reaction's -10 stays the encounter's (``evasion.modifier``): one number,
  :data:`rules.d100.FATIGUED`, counted once. DH2 has no pinning test in Auspex's tables.

Dice are consumed in the order the rules call for them: the attack's d100; the evasion d100 (when
the target evades and was hit); then hit by hit its damage dice, Tearing's extra die, and its
Righteous Fury d5. One Righteous Fury roll can only be placed after the degrees-of-success die is
chosen: a hit with a natural 10 that dealt no damage from its own dice, and gets through only
because the degrees replaced one of its dice. That d5 comes last, and its step says so.
"""

from __future__ import annotations

from typing import ClassVar

from rules.d100.models import Resolution, Scenario

from .. import registry
from ..d100 import D100Test, dh2_test, number, signed, two_weapon
from ..d100.attack import D100Attack
from ..d100.opposed import SideTest, Winner
from ..dice import Roller

SYSTEM = "dh2"
SEED = "seed 004"


class DH2Attack(D100Attack):
    """A Dark Heresy 2nd edition attack."""

    SYSTEM = SYSTEM
    RULESET = registry.get(SYSTEM).name
    DEGREES_REPLACE_DIE = True
    RF_MODE = "d5_critical"
    RF_CONFIRM = False
    FIRST_HIT_DEGREES = 1
    UNARMED_FATIGUE = "damage_tb"
    TROOP_NO_FURY_ON_PLAYERS = True
    SPRAY_AND_PRAY = True
    STRAY_SHOTS = True
    SRC: ClassVar[dict[str, str]] = {
        "requirements": f"{SEED}, The Attack (requirements)",
        "step1": f"{SEED}, Step One: Apply Modifiers to Attacker's Characteristic",
        "step2": f"{SEED}, Step Two: Attacker Makes a Test; DH2 Core, Ch. I, Degrees of Success and Failure",
        "jams": f"{SEED}, Weapon Jams",
        "step3": f"{SEED}, Step Three: Attacker Determines Hit Location",
        "evasion": f"{SEED}, Evasion Reactions; DH2 Core, Ch. VII, Evasion (each degree of success negates a hit)",
        "parry": f"{SEED}, Evasion Reactions; DH2 Core, Ch. VII, Evasion (Parry: against melee attacks only)",
        "step4": f"{SEED}, Step Four: Attacker Determines Damage",
        "fury": f"{SEED}, Righteous Fury",
        "fury_troop": f"{SEED}, Righteous Fury for Player Characters and NPCs",
        "spray_and_pray": f"{SEED}, Spray and Pray",
        "stray_shots": f"{SEED}, Stray Shots (a table rule)",
        "step5": f"{SEED}, Step Five: Target Applies Damage",
        "critical": f"{SEED}, Step Five: Target Applies Damage",
        # the row of the group's critical table
        "critical_row": f"{SEED}, Step Five: Target Applies Damage (the table by damage type, location and "
        '"the amount of Critical damage accumulated")',
        "unarmed": f"{SEED}, Unarmed Combat",
        "ammo": "DH2 Core, Ch. V, Clip and Rate of Fire; Ch. VII, Semi-Auto Burst, Full Auto Burst",
        "qualities": "DH2 Core, Ch. V, Weapon Special Qualities",
        "fatigue": "DH2 Core, Ch. VII, Fatigue (\u221210 to all tests; seed 004 is silent)",
        "class": f"{SEED}, The Attack (a Pistol may fire in melee); DH2 Core, Ch. V, Weapon Classes "
        "(Basic one-handed \u221220; Heavy unbraced \u221230, no bursts)",
        "untrained": "DH2 Core, Ch. IV, Weapon Training (\u221220 without the talent)",
        "helpless": "DH2 Core, Ch. VII, Combat Circumstances, Helpless Targets (a melee attack succeeds "
        "automatically; its damage is rolled twice and added; a helpless target cannot react)",
        "craftsmanship": "DH2 Core, Ch. V, Craftsmanship (melee: Poor \u221210, Good +5, Best +10 and +1 damage; "
        "ranged: Poor Unreliable, Good Reliable, Best never jams)",
        # Grappling (seed 004) and the opposed tests it makes
        "grapple": f"{SEED}, Grappling",
        "grapple_action": f"{SEED}, Grapple Action",
        "grapple_target": f"{SEED}, Grappled Target Options",
        "opposed": f"{SEED}, Grapple Action (an Opposed Strength test); DH2 Core, Ch. I, Opposed Tests; "
        f"{SEED}, Grappling Size Differences",
        "assist": "DH2 Core, Ch. I, Assistance (+10 to the test for each character assisting)",
    }

    def test(self, target: int, roll: int) -> D100Test:
        return dh2_test(target, roll)

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str:
        head = f"{char} {value} {signed(total)} = {number(test.target)}; rolled {test.roll:02d}"
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

    def evasion_negates(self, test: D100Test, hits: int) -> tuple[int, str]:
        return min(hits, test.degrees), "each negates a hit"

    def opposed_tie(self, active: SideTest, passive: SideTest) -> tuple[Winner, str]:
        """DH2's tied opposed test (DH2 Core, Ch. I, Opposed Tests; see the Readings above): equal
        degrees of success go to the higher characteristic bonus, then to the lower roll; equal rolls
        too, or both failing, and neither side wins."""
        if not active.success:
            return None, "both fail"
        if active.side.bonus != passive.side.bonus:
            winner: Winner = "active" if active.side.bonus > passive.side.bonus else "passive"
            return winner, (
                f"both succeed with {active.degrees} degree(s); the higher characteristic bonus "
                f"({active.side.bonus} against {passive.side.bonus}) wins"
            )
        a, p = active.test.roll, passive.test.roll
        if a != p:
            winner = "active" if a < p else "passive"
            return winner, (
                f"both succeed with {active.degrees} degree(s) and the same characteristic bonus "
                f"({active.side.bonus}); the lower roll ({a:02d} against {p:02d}) wins"
            )
        return None, f"both succeed with {active.degrees} degree(s), the same characteristic bonus and the same roll"


def resolve(scenario: Scenario, roller: Roller) -> Resolution:
    """Resolve one Dark Heresy 2nd edition attack.

    ``scenario``: a validated :class:`~rules.d100.models.Scenario` with ``system == "dh2"``;
    ``roller``: records every die consumed. Returns the :class:`~rules.d100.models.Resolution`.
    Raises :class:`~rules.errors.ScenarioError` for an attack the rules do not allow (at the field
    concerned) and :class:`~rules.errors.NeedDie` when scripted dice run out."""
    return two_weapon.resolve(DH2Attack, scenario, roller)
