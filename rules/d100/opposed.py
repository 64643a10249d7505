"""Opposed tests, once for the d100 family: both sides test, and the ruleset says who wins.

An opposed test (DH2 Core, Ch. I, Opposed Tests; DH1 Core, Ch. II; Deathwatch Core, Ch. I) is two
ordinary tests, one per side, each against its own characteristic plus its own modifiers, each with
its own d100 recorded like every other die (its purpose names the side and the characteristic, its
role is :data:`OPPOSED`). The active side rolls first. What a ruleset decides is given as hooks
(:class:`OpposedRules`): its test and degrees (``test``), how it words a test (``describe_test``),
and who wins when the degrees alone do not say (``opposed_tie``), so Dark Heresy 1st edition and
Deathwatch use this module with their own readings.

Before the winner is read, a side that succeeds gains its ``extra_degrees`` (Grappling Size
Differences: one per step of Size over the opponent's, seed 004).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from rules.d100.models import AppliedModifier

from ..dice import Roller
from . import D100Test, cap_modifier, signed

OPPOSED = "opposed"  # the role of an opposed test's d100 (rules.d100.seams lists the others)

Winner = Literal["active", "passive"] | None


class OpposedRules(Protocol):
    """What a ruleset gives an opposed test: its test, its wording, and its tie rule."""

    def test(self, target: int, roll: int) -> D100Test: ...

    def describe_test(self, char: str, value: int, total: int, test: D100Test) -> str: ...

    def opposed_tie(self, active: SideTest, passive: SideTest) -> tuple[Winner, str]:
        """Who wins when both sides succeed with the same degrees, or both fail, and why."""
        ...


@dataclass(frozen=True)
class Side:
    """One side of an opposed test: who (``name``), the characteristic tested (``char``, e.g.
    ``"S"``, or a skill's name) and its ``value`` (percent), its ``modifiers`` (summed and capped
    at +/-60 like any test's), and the degrees it gains when it succeeds (``extra_degrees``, with
    their reason ``extra_why``)."""

    name: str
    char: str
    value: int
    modifiers: tuple[AppliedModifier, ...] = ()
    extra_degrees: int = 0
    extra_why: str = ""

    @property
    def bonus(self) -> int:
        """The characteristic's bonus: its tens digit."""
        return self.value // 10


@dataclass(frozen=True)
class SideTest:
    """A side's test: the side, its capped modifier total, the :class:`~rules.d100.D100Test` and its
    degrees after the extra degrees a success gains (``degrees``: positive success, negative failure)."""

    side: Side
    total: int
    test: D100Test
    degrees: int

    @property
    def success(self) -> bool:
        return self.test.success


@dataclass(frozen=True)
class Opposed:
    """An opposed test's outcome: both tests, the ``winner`` (``"active"``, ``"passive"`` or None
    when neither wins) and ``why`` in words."""

    active: SideTest
    passive: SideTest
    winner: Winner
    why: str


def _side_test(rules: OpposedRules, roller: Roller, side: Side, what: str) -> tuple[SideTest, str]:
    total = cap_modifier(sum(m.value for m in side.modifiers))
    target = side.value + total
    roll = roller.d100(f"{what}: {side.name}'s {side.char} d100 (opposed)", OPPOSED)
    test = rules.test(target, roll)
    degrees = test.degrees
    listed = "; ".join(f"{m.label} {signed(m.value)}" for m in side.modifiers)
    text = f"{side.name}: " + rules.describe_test(side.char, side.value, total, test)
    if listed:
        text += f" (modifiers: {listed})"
    if test.success and side.extra_degrees:
        degrees += side.extra_degrees
        text += f" {side.extra_why}: +{side.extra_degrees} degree(s), {degrees} in all."
    return SideTest(side, total, test, degrees), text


def opposed_test(rules: OpposedRules, roller: Roller, active: Side, passive: Side, what: str) -> tuple[Opposed, str]:
    """Roll an opposed test: ``active``'s d100, then ``passive``'s (the order dice are drawn in).

    ``rules``: the ruleset's hooks (:class:`OpposedRules`); ``what``: the test's name for the dice's
    purposes (``"Grapple: Damage Opponent"``). Returns the :class:`Opposed` and the step's text.
    A side that succeeds beats one that fails; when both succeed, the more degrees win; otherwise
    the ruleset's ``opposed_tie`` decides. Raises :class:`~rules.errors.NeedDie` when scripted
    dice run out."""
    a, a_text = _side_test(rules, roller, active, what)
    p, p_text = _side_test(rules, roller, passive, what)
    winner: Winner
    if a.success and not p.success:
        winner, why = "active", f"only {active.name} succeeds"
    elif p.success and not a.success:
        winner, why = "passive", f"only {passive.name} succeeds"
    elif a.success and a.degrees != p.degrees:
        winner = "active" if a.degrees > p.degrees else "passive"
        why = f"both succeed; {a.degrees} degree(s) against {p.degrees}"
    else:
        winner, why = rules.opposed_tie(a, p)
    name = {"active": active.name, "passive": passive.name, None: "neither side"}[winner]
    return Opposed(a, p, winner, why), f"{a_text} {p_text} {name} wins: {why}."


def higher_characteristic_tie(active: SideTest, passive: SideTest) -> tuple[Winner, str]:
    """The tie rule of Dark Heresy 1st edition and Deathwatch (DH1 Core, Ch. I, Opposed Tests;
    Deathwatch Core, Ch. I, Opposed Tests; see each ruleset's Readings): both succeeding with the
    same degrees, the higher characteristic (its value before modifiers) wins; equal values, or both
    failing, and neither side wins (a stalemate: nothing happens)."""
    if not active.success:
        return None, "both fail: a stalemate"
    a, p = active.side.value, passive.side.value
    if a != p:
        winner: Winner = "active" if a > p else "passive"
        return winner, (
            f"both succeed with {active.degrees} degree(s); the higher characteristic ({a} against {p}) wins"
        )
    return None, f"both succeed with {active.degrees} degree(s) and the same characteristic ({a}): a stalemate"
