"""Dice: sources (seeded or scripted), the recording roller, and dice expressions.

A *dice source* answers ``roll(sides, purpose) -> int`` with a value in ``1..sides``. Two ship:

- :class:`SeededDice`: a private ``random.Random(seed)``; the same seed replays the same dice.
- :class:`ScriptedDice`: the dice a player rolled by hand, in the order the engine asks for them;
  when the list runs out it raises :class:`~rules.errors.NeedDie` naming the die it needs.

:class:`Roller` wraps a source and records every die consumed (purpose, sides, value), which the
resolution carries. A d100 is rolled as one die of 100 sides (1..100, where 100 is the "00").
A d10 typed by hand as 0 is its 10 (a physical d10 shows 0 for 10): :class:`ScriptedDice` reads
it so, for every die of ten sides the engine asks for (a d5, rolled as a d10, included), so the
CLI and the page agree.

Dice expressions are written as the books write them (``1d10+3``, ``2d10``, ``1d5-3``); a d5 is a
d10 halved rounding up, and the d10's natural 10 still counts for Righteous Fury (Dark Heresy 2nd
ed., seed 004, "Righteous Fury": "This also includes a result of 10 when rolling 1d5").
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import NeedDie, ScenarioError
from .limits import shown

D10_ZERO_SIDES = 10
"""The die whose face 0 is read as its highest (10): only the d10."""


class DiceSource(Protocol):
    """Anything that can roll one die of ``sides`` sides for ``purpose``."""

    def roll(self, sides: int, purpose: str) -> int: ...


class SeededDice:
    """Pseudo-random dice from a private generator seeded with ``seed`` (an int)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Dice given in advance (what a player rolled), consumed in order.

    Raises :class:`NeedDie` when the list is exhausted, and :class:`ScenarioError` (at field
    ``dice.N``) when a value does not fit the die asked for (a 12 for a d10). A 0 given for a d10
    is its 10 (a physical d10 shows 0 for 10); a 0 for any other die is refused.
    """

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.used = 0

    def roll(self, sides: int, purpose: str) -> int:
        if self.used >= len(self.values):
            raise NeedDie(purpose, sides, self.used)
        value = self.values[self.used]
        if sides == D10_ZERO_SIDES and value == 0:
            value = 10  # the d10's face 0 is its 10
        if not 1 <= value <= sides:
            raise ScenarioError.at(
                f"dice.{self.used}",
                f"Die {self.used + 1} is the {purpose}: it must be 1 to {sides}, not {value}",
            )
        self.used += 1
        return value


@dataclass(frozen=True)
class DieRecord:
    """One die consumed: what it was for (``purpose``, the words the page shows), its sides, the
    value rolled, and its ``role`` in the procedure as data (``"test"``, ``"damage"``...: see
    :mod:`rules.d100.seams`; empty where the procedure names none). The role is internal: the
    resolution's dice carry purpose, sides and value."""

    purpose: str
    sides: int
    value: int
    role: str = field(default="", compare=False)


@dataclass
class Roller:
    """Rolls from a source and records each die, in order."""

    source: DiceSource
    records: list[DieRecord] = field(default_factory=list)
    # A test to re-roll with Fate (rules.d100.fate.FateReroll), or None: it sees each die rolled
    fate: Any = None

    def roll(self, sides: int, purpose: str, role: str = "") -> int:
        """Roll one die for ``purpose``; a source that walks dice by their ``role`` (the odds
        engine's) is given it through ``roll_role``. With ``fate`` set, the die of the test it
        names is set aside and rolled again (:meth:`rules.d100.fate.FateReroll.after`)."""
        by_role = getattr(self.source, "roll_role", None)
        try:
            value = by_role(sides, purpose, role) if by_role is not None else self.source.roll(sides, purpose)
        except NeedDie as need:
            need.role = role  # whose die is asked for (a proposal's: the player's or the GM's)
            raise
        self.records.append(DieRecord(purpose, sides, value, role))
        if self.fate is not None:
            return int(self.fate.after(self, sides, purpose, role, value))
        return value

    def group(self, sides: int, count: int, purpose: str) -> list[int]:
        """Roll ``count`` dice of ``sides`` for one ``purpose``, as a player rolls a fistful at
        once; when scripted dice run out part-way, :class:`NeedDie` asks for the rest together."""
        values: list[int] = []
        for _ in range(count):
            try:
                values.append(self.roll(sides, purpose))
            except NeedDie as need:
                raise NeedDie(need.purpose, need.sides, need.index, count - len(values)) from None
        return values

    def d100(self, purpose: str, role: str = "") -> int:
        return self.roll(100, purpose, role)

    def die(self, sides: int, purpose: str, role: str = "") -> RolledDie:
        """Roll one die of an expression; a d5 is a d10 halved rounding up."""
        if sides == 5:
            natural = self.roll(10, f"{purpose} (d5: d10 halved, rounding up)", role)
            return RolledDie(sides=5, natural=natural, value=(natural + 1) // 2)
        natural = self.roll(sides, purpose, role)
        return RolledDie(sides=sides, natural=natural, value=natural)


@dataclass(frozen=True)
class RolledDie:
    """A die of a damage roll: ``natural`` is what the physical die showed (a d10 for a d5),
    ``value`` what it counts for. ``natural == 10`` is what Righteous Fury looks for."""

    sides: int
    natural: int
    value: int

    @property
    def natural_ten(self) -> bool:
        return self.natural == 10 and self.sides in (5, 10)


_EXPR = re.compile(r"(?:(\d+)\s*)?[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?")
_DIGITS = 4  # no part of a damage expression needs more digits


@dataclass(frozen=True)
class DiceExpression:
    """``count`` d ``sides`` + ``modifier``, e.g. ``1d10+3``; parse with :meth:`parse`,
    format with :meth:`format` (a matched pair: ``parse(e.format()) == e``)."""

    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpression:
        """Parse ``NdX``, ``NdX+M`` or ``NdX-M`` (N defaults to 1).

        Raises ValueError with a message for anything else ("2x10", "d", "1d7+")."""
        m = _EXPR.fullmatch(text.strip())  # stripped first: linear, with no run of spaces tried two ways
        if not m:
            raise ValueError(f"'{shown(text)}' is not a dice expression like 1d10+3, 2d10 or 1d5-3")
        if any(part is not None and len(part) > _DIGITS for part in m.groups()):
            raise ValueError(f"'{shown(text)}': a damage expression's numbers have at most {_DIGITS} digits")
        count = int(m.group(1)) if m.group(1) else 1
        sides = int(m.group(2))
        if not 1 <= count <= 20:
            raise ValueError(f"'{shown(text)}': the number of dice must be 1 to 20")
        if sides not in (5, 10):
            raise ValueError(f"'{shown(text)}': damage dice are d5 or d10")
        modifier = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return cls(count, sides, modifier)

    def format(self) -> str:
        sign = "" if self.modifier == 0 else f"{self.modifier:+d}"
        return f"{self.count}d{self.sides}{sign}"

    def __str__(self) -> str:
        return self.format()
