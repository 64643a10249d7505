"""What the d100 rulesets share: roll-under tests, degrees, the modifier cap, digit reversal.

Degrees of success differ between rulesets, so each is its own function here, named for its
ruleset, and each system module says which it uses:

- Dark Heresy 2nd edition (:func:`degrees_dh2`): on a success, one degree plus one for each
  tens digit the target's tens digit exceeds the roll's; on a failure, likewise the other way
  (DH2 Core Rulebook, Ch. I, Degrees of Success and Failure). A roll of 01 always succeeds and
  100 always fails (same section).
- Dark Heresy 1st edition (:func:`degrees_dh1`): one degree for each full 10 points by which the
  roll beats the target (or misses it), so a bare success has 0 degrees (DH1 Core Rulebook,
  Ch. II, Degrees of Success and Failure). DH1 has no automatic success or failure on 01 / 100.
  Deathwatch counts degrees the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

MODIFIER_CAP = 60

FATIGUED = -10
"""What Fatigue takes from every test of a Fatigued character, whatever its levels (percent): the
one number the attack's own tests for the target (pinning, weapon qualities) and the encounter's
(its Reaction, its side of an opposed test) read. Seed 001, Fatigue: "Fatigued characters -10 all
Tests"; seed 003: "Fatigued | All tests -10"; DH2 Core, Ch. VII, Fatigue (seed 004 is silent)."""
FATIGUED_SOURCE = "seed 001, Fatigue (\u221210 to all tests)"
"""The source the encounter names for :data:`FATIGUED` (the attack names its ruleset's, ``SRC["fatigue"]``)."""


def fatigued(levels: int | None) -> int:
    """:data:`FATIGUED` when ``levels`` of Fatigue (None: not given) make a character Fatigued, else 0."""
    return FATIGUED if levels else 0


def signed(n: int) -> str:
    """``+5``, ``+0`` and ``\u22125`` (a true minus sign), for the step log and the page."""
    return f"{n:+d}".replace("-", "\u2212")


def number(n: int) -> str:
    """``5`` and ``\u22125``: a number for the step log, a negative one with a true minus sign."""
    return str(n).replace("-", "\u2212")


def difference(a: int, b: int) -> str:
    """``a \u2212 b`` as a player writes it: ``37 \u2212 12``, or ``37 + 10`` when ``b`` is \u221210."""
    return f"{number(a)} + {-b}" if b < 0 else f"{number(a)} \u2212 {b}"


def cap_modifier(total: int, cap: int = MODIFIER_CAP) -> int:
    """Clamp a summed modifier to ``-cap..+cap`` (percent).

    Source: seed 004, Step One ("The maximum total bonus ... is +60 ... penalty ... -60")."""
    return max(-cap, min(cap, total))


def tens(value: int) -> int:
    """The tens digit of a test value or roll (``45 -> 4``, ``100 -> 10``, ``7 -> 0``)."""
    return max(value, 0) // 10


def degrees_dh2(target: int, roll: int, success: bool) -> int:
    """DH2 degrees: positive for success, negative for failure, never 0.

    ``target`` 35, ``roll`` 23 -> +2 (3 - 2 + 1); ``target`` 35, ``roll`` 71 -> -5 (7 - 3 + 1)."""
    if success:
        return max(1, tens(target) - tens(roll) + 1)
    return -max(1, tens(roll) - tens(target) + 1)


def degrees_dh1(target: int, roll: int, success: bool) -> int:
    """DH1 degrees: whole tens of margin, positive for success, negative (or 0) for failure.

    ``target`` 44, ``roll`` 12 -> 3 ((44 - 12) // 10); ``target`` 44, ``roll`` 40 -> 0;
    ``target`` 44, ``roll`` 71 -> -2 ((71 - 44) // 10)."""
    if success:
        return (target - roll) // 10
    return -((roll - target) // 10)


@dataclass(frozen=True)
class D100Test:
    """A d100 roll-under test: ``target`` (percent, after modifiers), ``roll`` (1-100),
    ``success`` and signed ``degrees`` (DoS positive, DoF negative)."""

    target: int
    roll: int
    success: bool
    degrees: int


def dh2_test(target: int, roll: int) -> D100Test:
    """A Dark Heresy 2nd edition test: succeed on ``roll <= target``; 01 always succeeds, 100 always
    fails (DH2 Core, Ch. I, Tests)."""
    success = roll == 1 or (roll != 100 and roll <= target)
    return D100Test(target, roll, success, degrees_dh2(target, roll, success))


def dh1_test(target: int, roll: int) -> D100Test:
    """A Dark Heresy 1st edition test: succeed on ``roll <= target`` (DH1 Core, Ch. II, Tests)."""
    success = roll <= target
    return D100Test(target, roll, success, degrees_dh1(target, roll, success))


def reverse_digits(roll: int) -> int:
    """Reverse a d100 roll's two digits for the hit location: ``32 -> 23``, ``20 -> 2`` (02),
    ``10 -> 1`` (01), ``1 -> 10``, ``100`` ("00") ``-> 100``.

    Source: seed 004, Step Three: Attacker Determines Hit Location."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1 to 100, not {roll}")
    two = f"{roll % 100:02d}"
    reversed_value = int(two[::-1])
    return reversed_value or 100
