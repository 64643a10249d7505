"""The odds with one Fate point spent on the attack test (the d100 family; :mod:`rules.d100.fate`).

A player spends Fate to re-roll a failed test, and the re-roll stands (DH2 Core, Ch. I, Fate Points;
DH1 Core, Ch. VIII; Deathwatch Core, Fate Points). With the attack test re-rolled whenever the
attack is lost to it, every figure of the attack reads

    P_fate(X) = P(X and the attack is not lost) + P(the attack is lost) * P(X)

since the re-rolled attack is the same attack again from its test on, with dice of its own: to
hit, with p the chance to hit and no Evasion, p + (1 - p) * p. "Lost" is a miss, a jam or an
overheat (``outcome`` ``miss`` or ``jam``): each comes from the test's roll, which the re-roll
replaces (Auspex's reading; the books speak of a failed test). No figure is given where the attack
has no test of its own (Flame, Spray: the target tests) or where the GM's Spray and Pray d100 comes
first (a lost attack may then have rolled no test).
"""

from __future__ import annotations

from typing import Any

from ..dice import Roller, ScriptedDice
from .dist import Dist, mix

LOST = ("miss", "jam")
"""The outcomes of an attack lost to its test: what a Fate re-roll of the attack test is spent on."""


def applies(scenario: Any, attack_class: Any) -> bool:
    """Whether the attack has a test of its own that a Fate point may re-roll: a d100 attack with
    no Flame or Spray, and no Spray and Pray d100 before its test."""
    if getattr(scenario.action, "unaware_chance", None) is not None:
        return False
    return not attack_class(scenario, Roller(ScriptedDice([]))).flame


def with_fate(dist: Dist[Any]) -> Dist[Any]:
    """``dist`` (of :class:`rules.odds.d100.Outcome`) with the attack test re-rolled once when the
    attack is lost to it (:data:`LOST`): the outcomes not lost, plus the whole attack again with the
    chance it was lost. Exact when ``dist`` is."""
    lost = dist.chance(lambda o: o.outcome in LOST)
    kept = dist.where(lambda o: o.outcome not in LOST)
    return mix([kept, dist.scaled(lost.numerator, lost.denominator)]).reduced()
