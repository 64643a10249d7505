"""The group's critical table read for a hit: DH2 Righteous Fury's d5 row, and the row of
critical damage's running total (:func:`rules.critical.reading.critical_row`), in every d100 ruleset.

A row is read only when the scenario brings the group's tables (``scenario.critical_tables``) and
the group entered that row (:func:`rules.critical.models.find_row`); otherwise nothing is recorded,
no die is rolled and no step is written, so the resolution is as before. A row's effect dice
(``"1d5"`` Stunned rounds, ``"2d10"`` characteristic damage...) are rolled last of all the attack's
dice (:func:`settle`, called by :func:`~rules.d100.stages.finish.finish`), rows in the order they were
read and each row's effects in its order, so every other die is the same with or without the
group's tables (a seeded share link, which carries no tables, resolves the same attack for a
player without them). Each die has purpose ``"Critical effect: <what> (hit N)"`` (``"Gretchin
hit N"`` for a nearby foe, ``"person P hit N"`` for another in a Blast; ``" (k of n)"`` after it for several dice; a d5 is a d10 halved,
as every d5 is) and role :data:`rules.d100.roles.CRITICAL_EFFECT`, which no figure of the odds reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ...critical.models import AppliedEffect, CriticalReading, Effect, find_row, table_location
from ...critical.reading import reading_words
from ..roles import CRITICAL_EFFECT, for_person

if TYPE_CHECKING:
    from rules.d100.models import Hit

    from ..attack import D100Attack

GROUPS_TABLE = "your group's table"
"""Named in the source of every step that reads the group's words."""

_WHAT = {"stunned": "stunned rounds", "fatigue": "fatigue levels"}


@dataclass(frozen=True)
class PendingRow:
    """A row read during the attack whose effects are applied at its end (:func:`settle`):
    ``slot`` ``"fury"`` (``RighteousFury.effect``) or ``"critical"`` (``Critical.effect``) of the
    hit ``number`` on ``person``."""

    number: int
    person: int
    slot: Literal["fury", "critical"]
    location: str
    source: str
    reading: CriticalReading
    effects: tuple[Effect, ...]


def read_row(
    a: D100Attack,
    *,
    number: int,
    person: int,
    damage_type: str,
    location: str,
    row: int,
    source: str,
    slot: Literal["fury", "critical"],
) -> CriticalReading | None:
    """The row ``row`` of the group's table for ``damage_type`` (``"Energy"``) and the hit's
    ``location`` (``"Right Arm"`` reads the Arm table), read for hit ``number`` on ``person``, or
    None (nothing rolled or logged) when the scenario has no tables or the group has not entered
    the row. The reading returned holds the effects as written (a dice amount still None); its
    dice and its step "Critical effect, hit N" citing ``source`` and the group's table come at the
    attack's end (:func:`settle`), which puts the applied reading in the hit's ``slot``."""
    found = find_row(a.s.critical_tables, a.SYSTEM, damage_type, location, row) if a.s.critical_tables else None
    if found is None:
        return None
    reading = CriticalReading(
        table=f"{damage_type} Critical Effects, {table_location(location)}",
        row=found.row,
        text=found.text,
        effects=[
            AppliedEffect(kind=e.kind, amount=e.amount, dice=e.dice, characteristic=e.characteristic)
            for e in found.effects
        ],
    )
    a.critical_pending.append(PendingRow(number, person, slot, location, source, reading, tuple(found.effects)))
    return reading


def settle(a: D100Attack, hits: list[Hit]) -> list[Hit]:
    """``hits`` with every row read in the attack applied: its effect dice rolled (last of the
    attack's dice), its step written, and the applied reading put in the hit's ``RighteousFury``
    or ``Critical`` record. No row read: ``hits`` as they are, no die, no step."""
    for p in a.critical_pending:
        reading = p.reading.model_copy(update={"effects": [_applied(a, e, p.number, p.person) for e in p.effects]})
        who = f", {a.person_name(p.person)}" if p.person else ""
        a.step(
            f"Critical effect, hit {p.number}{who}", f"{p.source}; {GROUPS_TABLE}", reading_words(reading, p.location)
        )
        hits = [_with_reading(h, p.slot, reading) if (h.number, h.person) == (p.number, p.person) else h for h in hits]
    a.critical_pending.clear()
    return hits


def slays(hits: list[Hit]) -> bool:
    """Whether a row read for any of ``hits`` (Righteous Fury's or Critical damage's) is marked
    ``[slain]``: the person struck is slain, as a Troop slain by Righteous Fury is."""
    return any(
        e.kind == "slain"
        for h in hits
        for r in (h.righteous_fury, h.critical)
        if r is not None and r.effect is not None
        for e in r.effect.effects
    )


def _with_reading(hit: Hit, slot: str, reading: CriticalReading) -> Hit:
    """``hit`` with ``reading`` in its Righteous Fury's or its Critical damage's ``effect``."""
    record = hit.righteous_fury if slot == "fury" else hit.critical
    if record is None:  # the hit was replaced after the row was read without the record: nothing to fill
        return hit
    field = "righteous_fury" if slot == "fury" else "critical"
    return hit.model_copy(update={field: record.model_copy(update={"effect": reading})})


def _applied(a: D100Attack, effect: Effect, number: int, person: int) -> AppliedEffect:
    """``effect`` as applied: its amount as written, or its dice rolled and added."""
    amount = effect.amount
    if effect.dice is not None:
        count, sides = (int(x) for x in effect.dice.split("d"))
        what = f"{effect.characteristic} damage" if effect.kind == "characteristic" else _WHAT[effect.kind]
        hit = f"{a.dice_who(person)}hit {number}"
        amount = 0
        for k in range(count):
            suffix = f" ({k + 1} of {count})" if count > 1 else ""
            purpose = f"Critical effect: {what} ({hit}){suffix}"
            amount += a.roller.die(sides, purpose, for_person(person, CRITICAL_EFFECT)).value
    return AppliedEffect(kind=effect.kind, amount=amount, dice=effect.dice, characteristic=effect.characteristic)
