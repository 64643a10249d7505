"""The points of the d100 procedure that the odds engine (:mod:`rules.odds.d100`) plugs into; the
roles of the dice it rolls are in :mod:`rules.d100.roles` (re-exported here). A :class:`Seams`
object is where the procedure rolls the d100 of a test and runs the stages the odds engine walks
on their own: evasion, the damage of the struck hits, one hit's damage dice and the
degrees-of-success die (DH2). The defaults (this class) roll the dice and run the rules; the odds
engine passes a subclass to :class:`rules.d100.attack.D100Attack`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .roles import *  # noqa: F403 (the roles of the dice, re-exported where they were)
from .stages import check, modifiers
from .stages.damage import damage_all
from .stages.damage_dice import replace_with_degrees, roll_hit_dice
from .stages.evasion import evade

if TYPE_CHECKING:
    from .attack import D100Attack
    from .stages.damage_dice import HitDice
    from .state import AttackState


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
        return modifiers.run(a, check.run(a))

    def evasion(self, a: D100Attack, st: AttackState, hits: int) -> int:
        """Hits the target's Evasion negates of the ``hits`` on it."""
        return evade(a, st, hits)

    def damage(self, a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...]) -> AttackState:
        """Steps Four and Five for every hit ``struck`` (person, location)."""
        return damage_all(a, st, struck)

    def hit_dice(self, a: D100Attack, st: AttackState, n: int, person: int, location: str, degrees: int) -> HitDice:
        """Hit ``n``'s damage dice."""
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
        replace_with_degrees(a, rolled, degrees, bonus, wounds_through)
