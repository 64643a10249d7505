"""The points of the d100 procedure that the odds engine (:mod:`rules.odds.d100`) plugs into, and
the roles of the dice it rolls.

Every die the procedure draws carries its role as data (:class:`rules.dice.DieRecord`'s ``role``),
so the odds engine learns what a die is for without reading its description. A :class:`Seams`
object is where the procedure rolls the d100 of a test and runs the stages the odds engine walks
on their own: evasion, the damage of the struck hits, one hit's damage dice and the
degrees-of-success die (DH2). The defaults (this class) roll the dice and run the rules; the odds
engine passes a subclass to :class:`rules.d100.attack.D100Attack`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .attack import D100Attack
    from .stages.damage_dice import HitDice
    from .state import AttackState

# The roles of the dice, in the order the procedure rolls them.
SPRAY_AND_PRAY = "spray and pray"  # the GM's d100 against the chance an unaware attacker's attack proceeds
TEST = "test"  # the attack test's d100
JAM = "jam"  # Reliable's jam d10
OVERHEAT = "overheat"  # the Overheats table's d10
LOCATION = "location"  # the hit location d100 of a nearby foe or of another person in a Blast
EVASION = "evasion"  # the target's Dodge or Parry d100 (its degrees count)
POWER_FIELD = "power field"  # the d100 that may destroy the attacker's weapon on a Parry
DAMAGE = "damage"  # a damage die of a hit on the target (the weapon's, Tearing's, Maximal's, Accurate's)
UNSTABLE = "unstable"  # Unstable's d10
FURY_CRITICAL = "fury critical"  # DH2's Righteous Fury critical d5
FURY_CONFIRM = "fury confirmation"  # the attack test again (DH1, Deathwatch): its success counts
FURY_DAMAGE = "fury damage"  # Righteous Fury's extra d10s
TARGET_TEST = "target test"  # a test a quality makes the target take: its success counts
QUALITY_DAMAGE = "quality damage"  # wounds a failed quality test costs (Toxic)
PINNING = "pinning"  # the pinning test's d100
FLAME_HITS = "flame hits"  # the d5 a Flame weapon adds to its hits on a Horde (Deathwatch)
CRITICAL_EFFECT = "critical effect"  # a die of a row of the group's critical table (Stunned 1d5...)
PSYCHIC = "psychic phenomena"  # the group's Psychic Phenomena / Perils of the Warp d100 and its rows' dice
SCATTER = "scatter"  # the Scatter Diagram's direction d10 and distance dice of a Blast weapon's miss
SMOKE = "smoke"  # a Smoke weapon's dice: how wide its smokescreen, how many rounds it lasts
OTHER = "other person"  # a die of someone else than the target (another in a Blast, a nearby foe)

# Rolls whose outcome no figure of the odds reads (the odds walk each as one class).
UNREAD = frozenset({LOCATION, POWER_FIELD, FURY_CRITICAL, PINNING, OTHER, CRITICAL_EFFECT, PSYCHIC, SCATTER, SMOKE})
# d100 tests whose degrees count (evasion negates hits by them); other tests count success only.
BY_DEGREES = frozenset({EVASION})


def for_person(person: int, role: str) -> str:
    """``role`` for the target (``person`` 0), :data:`OTHER` for anyone else."""
    return role if person == 0 else OTHER


class Seams:
    """The declared points of the procedure; each default rolls the dice and runs the rule."""

    def test_die(self, a: D100Attack, role: str, purpose: str, target: int) -> int:
        """The d100 of a test against ``target`` (percent) the rules call for: evasion, a
        Righteous Fury confirmation, a target's test, pinning."""
        return a.roller.d100(purpose, role)

    def setting(self, a: D100Attack) -> AttackState:
        """The attack's setting before any die: the check (what the rules refuse, the action, the
        characteristic, the fire mode, the rounds, the range band) and Step One's modifiers. The odds
        engine runs it once and hands every walk of the attack the same state (it reads no die)."""
        from .stages import check, modifiers

        return modifiers.run(a, check.run(a))

    def evasion(self, a: D100Attack, st: AttackState, hits: int) -> int:
        """Hits the target's Evasion negates of the ``hits`` on it."""
        from .stages.evasion import evade

        return evade(a, st, hits)

    def damage(self, a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...]) -> AttackState:
        """Steps Four and Five for every hit ``struck`` (person, location)."""
        from .stages.damage import damage_all

        return damage_all(a, st, struck)

    def hit_dice(self, a: D100Attack, st: AttackState, n: int, person: int, location: str, degrees: int) -> HitDice:
        """Hit ``n``'s damage dice."""
        from .stages.damage_dice import roll_hit_dice

        return roll_hit_dice(a, st, n, person, location, degrees)

    def degrees_die(
        self,
        a: D100Attack,
        rolled: list[HitDice],
        degrees: int,
        bonus: int,
        wounds_through: Callable[[HitDice, int], int],
    ) -> None:
        """The degrees-of-success die (DH2): the one die of the attack it replaces, if any."""
        from .stages.damage_dice import replace_with_degrees

        replace_with_degrees(a, rolled, degrees, bonus, wounds_through)
