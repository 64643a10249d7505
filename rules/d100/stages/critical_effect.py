"""The group's critical table read for a hit (issue 23): DH2 Righteous Fury's d5 row, and the row of
critical damage's running total (:func:`rules.critical.reading.critical_row`), in every d100 ruleset.

A row is read only when the scenario brings the group's tables (``scenario.critical_tables``) and
the group entered that row (:func:`rules.critical.models.find_row`); otherwise nothing is recorded,
no die is rolled and no step is written, so the resolution is as before. A row's effect dice
(``"1d5"`` Stunned rounds, ``"2d10"`` characteristic damage...) are rolled right after the row is
read, in the row's order, each die with purpose ``"Critical effect: <what> (hit N)"`` (``"person P
hit N"`` for someone else struck; ``" (k of n)"`` after it for several dice; a d5 is a d10 halved,
as every d5 is) and role :data:`rules.d100.seams.CRITICAL_EFFECT`, which no figure of the odds reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...critical.models import AppliedEffect, CriticalReading, Effect, find_row, table_location
from ...critical.reading import reading_words
from ..seams import CRITICAL_EFFECT, for_person

if TYPE_CHECKING:
    from ..attack import D100Attack

GROUPS_TABLE = "your group's table"
"""Named in the source of every step that reads the group's words."""

_WHAT = {"stunned": "stunned rounds", "fatigue": "fatigue levels"}


def read_row(
    a: D100Attack, *, number: int, person: int, damage_type: str, location: str, row: int, source: str
) -> CriticalReading | None:
    """The row ``row`` of the group's table for ``damage_type`` (``"Energy"``) and the hit's
    ``location`` (``"Right Arm"`` reads the Arm table), read for hit ``number`` on ``person``: its
    effects applied (dice rolled) and a step "Critical effect, hit N" citing ``source`` and the
    group's table; None (nothing rolled or logged) when the scenario has no tables or the group has
    not entered the row."""
    found = find_row(a.s.critical_tables, a.SYSTEM, damage_type, location, row) if a.s.critical_tables else None
    if found is None:
        return None
    reading = CriticalReading(
        table=f"{damage_type} Critical Effects, {table_location(location)}",
        row=found.row,
        text=found.text,
        effects=[_applied(a, e, number, person) for e in found.effects],
    )
    who = f", {a._person_name(person)}" if person else ""
    a._step(f"Critical effect, hit {number}{who}", f"{source}; {GROUPS_TABLE}", reading_words(reading, location))
    return reading


def _applied(a: D100Attack, effect: Effect, number: int, person: int) -> AppliedEffect:
    """``effect`` as applied: its amount as written, or its dice rolled and added."""
    amount = effect.amount
    if effect.dice is not None:
        count, sides = (int(x) for x in effect.dice.split("d"))
        what = f"{effect.characteristic} damage" if effect.kind == "characteristic" else _WHAT[effect.kind]
        hit = f"person {person} hit {number}" if person else f"hit {number}"
        amount = 0
        for k in range(count):
            suffix = f" ({k + 1} of {count})" if count > 1 else ""
            purpose = f"Critical effect: {what} ({hit}){suffix}"
            amount += a.roller.die(sides, purpose, for_person(person, CRITICAL_EFFECT)).value
    return AppliedEffect(kind=effect.kind, amount=amount, dice=effect.dice, characteristic=effect.characteristic)
