"""The frozen records the d100 attack's stages pass along (:mod:`rules.d100.stages`).

Each stage takes an :class:`AttackState` and returns a new one (``dataclasses.replace``): nothing a
stage finds out is left on the attack object for a later stage to find. What the attack is made of
(the scenario, its tables, the weapon's qualities) is read from the attack itself, which does not
change while it resolves; the dice and the step log are its record of what happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.d100.models import AppliedModifier, Hit
from rules.d100.tables import ActionDef

from . import D100Test


@dataclass(frozen=True)
class AttackState:
    """One attack as far as it has been resolved.

    Set by the check (``action``, ``char`` "WS" / "BS" and its value, the fire ``mode`` single /
    semi / full or None, ``rounds`` used, the range ``band`` or None in melee); by Step One
    (``modifiers``, their capped ``modifier_total`` and the ``target_number``, percent); by Step Two
    (``roll``, the d100; ``test``; ``jammed``; ``overheated``); by the hits and locations
    (``hits`` scored, the ``locations`` on the target, the hits ``moved`` to nearby foes as
    (person, location)); by evasion (``negated`` hits); ``struck`` (person, location) is every hit
    whose damage is rolled; the damage stage sets ``results`` (the :class:`~rules.d100.models.Hit`
    records), ``fatigue``, ``slain`` and ``taken`` (the target's damage taken after)."""

    action: ActionDef
    char: str
    char_value: int
    mode: str | None
    rounds: int
    band: str | None
    modifiers: tuple[AppliedModifier, ...] = ()
    modifier_total: int = 0
    target_number: int = 0
    roll: int = 0
    test: D100Test | None = None
    jammed: bool = False
    overheated: bool = False
    hits: int = 0
    locations: tuple[str, ...] = ()
    moved: tuple[tuple[int, str], ...] = ()
    negated: int = 0
    struck: tuple[tuple[int, str], ...] = ()
    results: tuple[Hit, ...] = ()
    fatigue: int = 0
    slain: bool = False
    taken: int | None = None

    @property
    def degrees(self) -> int:
        """The attack test's signed degrees (0 before the test, and for Flame and Spray)."""
        return self.test.degrees if self.test is not None else 0

    @property
    def success(self) -> bool:
        """The attack test succeeded and the weapon did not jam."""
        return self.test is not None and self.test.success and not self.jammed
