"""Psychic attacks (seed 004, Step Three, L40: the hit location from "the Focus Power test, in the
case of psychic attacks"; DH2 Core, Ch. VI, Focus Power and Psychic Phenomena).

A ``Psychic Attack`` (an action whose ``psychic`` flag is set) is tested with the Focus Power test:
the characteristic the power names (``action.psychic.characteristic``, WP by default) with the
power's modifier, as the player gives them; its hit location is that roll reversed, as any attack's
(:mod:`.locations`); its damage, Pen and type are the weapon fields (the power's profile), without
SB; it spends no ammunition and never jams. Psychic Phenomena and Perils of the Warp are the books'
tables, which Auspex does not ship: where the book calls for Phenomena the step names the table,
and where the scenario brings the group's own tables (``scenario.phenomena`` and ``perils``,
:mod:`rules.critical.psychic`) the row is read (:func:`read_tables`). A ruleset's own sources
are its ``SRC["psychic"]`` and ``SRC["phenomena"]`` (Deathwatch: seed 001 and DW Core, Ch. VI);
DH2's are the defaults below. A power with Spray (or a no-test Flame) is tested the same way before
its area tests Agility (:func:`rules.d100.stages.flame.manifest`): the Focus Power test decides
whether it manifests; the quality replaces only the hit roll.

Readings (Auspex's, the seeds being silent on both tables):

- The group's Phenomena d100 is rolled after every other die of the attack (as a critical row's
  effect dice are, :mod:`.critical_effect`), so the attack's other dice are the same with or
  without the tables; its purpose is ``"Psychic Phenomena d100"`` and a row that leads on
  (``perils``) rolls ``"Perils of the Warp d100"`` next, then each row's effect dice.
- The d100 is read as rolled: the books' additions to the Phenomena roll (DH2 Core and DW Core,
  Ch. VI, for pushing and the like) are the GM's, not applied here (not checked against the books).
- A result the group has not entered names the book's table for the GM, as without the tables.
- A Phenomena row marked ``[perils]`` leads on to the Perils table by its flag, never by its
  words; without the group's Perils table the step names it for the GM and rolls nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import PsychicFocus, Step
from rules.d100.tables import ActionDef

from ...critical.models import AppliedEffect, Effect, PerilsTable, PhenomenaTable, PsychicReading, PsychicRow
from ...critical.reading import effect_words
from ...dice import Roller
from ...errors import FieldError
from ..roles import PSYCHIC
from ..state import AttackState

if TYPE_CHECKING:
    from ..attack import D100Attack

SRC = "DH2 Core, Ch. VI, Focus Power"
PHENOMENA_SRC = "DH2 Core, Ch. VI, Psychic Strength and Psychic Phenomena"


def focus(a: D100Attack) -> PsychicFocus:
    """The Focus Power test as the action gives it (the default one: WP +0, Unfettered)."""
    return a.s.action.psychic or PsychicFocus()


def tested(a: D100Attack) -> tuple[str, int | None]:
    """The characteristic the Focus Power test uses and its value (None when not given)."""
    char = focus(a).characteristic
    return char, getattr(a.s.attacker.characteristics, char)


def errors(a: D100Attack, action: ActionDef) -> list[FieldError]:
    """``action.psychic`` only with a psychic attack, and the characteristic it tests given."""
    if not action.psychic:
        if a.s.action.psychic is not None:
            return [
                FieldError("action.psychic", f"A Focus Power test belongs to a Psychic Attack, not a {action.name}")
            ]
        return []
    char, value = tested(a)
    if value is None:
        return [
            FieldError(
                f"attacker.characteristics.{char}",
                f"A Focus Power test on {char}: give the attacker's {char}",
            )
        ]
    return []


def describe(a: D100Attack) -> str:
    """The Attack step's words for the test."""
    f = focus(a)
    return (
        f"a Focus Power test for {f.power} ({f.characteristic}, {f.strength}; psy rating "
        f"{a.s.attacker.psy_rating}); its damage, Pen and type are the power's (the weapon fields)."
    )


def modifiers(a: D100Attack) -> list[tuple[str, int, str]]:
    """The Focus Power test's modifiers: the power's, then the difficulty the GM sets (the range,
    aim, size and weapon modifiers of a shot do not apply)."""
    f, t = focus(a), a.tables
    out = [(f"Focus Power: {f.power}", f.modifier, a.SRC.get("psychic", SRC))] if f.modifier else []
    if a.s.action.difficulty and (d := t.difficulties.get(a.s.action.difficulty)) is not None:
        out.append((f"Difficulty: {d[0]}", d[1], t.difficulties.source))
    return out


def phenomena(a: D100Attack, st: AttackState) -> None:
    """Name the Psychic Phenomena table for the GM where the strength and roll call for it:
    Unfettered on doubles (11, 22 ... 99, and 100 as 00), every Push; never Fettered."""
    f = focus(a)
    doubles = st.roll % 100 % 11 == 0
    if f.strength == "Push":
        why = "the power was Pushed"
    elif f.strength == "Unfettered" and doubles:
        why = f"an Unfettered power rolled doubles ({st.roll % 100:02d})"
    else:
        return
    src = a.SRC.get("phenomena", PHENOMENA_SRC)  # the ruleset's book (DH2, Deathwatch)
    book = src.split(",")[0] + ", Ch. VI"
    if a.s.phenomena is not None:  # the group's table: read at the attack's end (settle)
        a.phenomena_pending = src
        a.step(
            "Psychic Phenomena",
            src,
            f"{why}: the psyker rolls on the Psychic Phenomena table ({book}); your group's table "
            f"is read below, its d100 rolled after the attack's other dice.",
        )
        return
    a.step(
        "Psychic Phenomena",
        src,
        f"{why}: the GM rolls on the Psychic Phenomena table ({book}), which may lead to the "
        f"Perils of the Warp table. Neither table is resolved here.",
    )


def settle(a: D100Attack) -> list[PsychicReading] | None:
    """The group's Psychic Phenomena row read where :func:`phenomena` called for it (and the
    Perils of the Warp row it may lead to), its dice the last of the attack's and its steps
    logged; None (no die, no step) where it did not."""
    src, a.phenomena_pending = a.phenomena_pending, None
    if src is None or a.s.phenomena is None:
        return None
    steps, readings = read_tables(a.roller, a.s.phenomena, a.s.perils, src)
    a.steps.extend(steps)
    return readings


GROUPS_TABLE = "your group's table"


def read_tables(
    roller: Roller, phenomena: PhenomenaTable, perils: PerilsTable | None, src: str, who: str = ""
) -> tuple[list[Step], list[PsychicReading]]:
    """Roll and read the group's Psychic Phenomena table (``"Psychic Phenomena d100"``), and
    where its row leads on (``perils``) the Perils of the Warp table (``"Perils of the Warp
    d100"``; without ``perils`` the step names the book's table and nothing is rolled). Each row's
    effect dice follow its d100. ``src`` is the ruleset's Phenomena rule (its book and chapter);
    ``who`` names the psyker in the dice's purposes (``"Brother Ancel: "``), empty for an attack's.
    Returns the steps and the readings (Phenomena first), each shaped :class:`PsychicReading`."""
    book = src.split(",")[0] + ", Ch. VI"
    steps: list[Step] = []
    readings: list[PsychicReading] = []
    table: PhenomenaTable | PerilsTable | None = phenomena
    while table is not None:
        name = table.NAME
        roll = roller.d100(f"{who}{name} d100", PSYCHIC)
        row = table.find(roll)
        if row is None:
            readings.append(PsychicReading(table=name, roll=roll))
            detail = (
                f"{name} d100: {roll:02d}. Your group has entered no row for it: the GM reads the {name} "
                f"table ({book})."
            )
            steps.append(Step(rule=name, source=f"{src}; {GROUPS_TABLE}", detail=detail))
            break
        reading = _reading(roller, name, roll, row, who)
        readings.append(reading)
        steps.append(Step(rule=name, source=f"{src}; {GROUPS_TABLE}", detail=reading_words(reading)))
        if not reading.perils:
            break
        if perils is None:
            detail = (
                "The row leads on to the Perils of the Warp table: the GM rolls on it "
                f"({book}); your group has not entered it."
            )
            steps.append(Step(rule="Perils of the Warp", source=src, detail=detail))
            break
        table = perils if table is phenomena else None
    return steps, readings


def _reading(roller: Roller, name: str, roll: int, row: PsychicRow, who: str) -> PsychicReading:
    """``row`` read for ``roll``: its effects' dice rolled (each ``"<table> effect: ..."``)."""
    return PsychicReading(
        table=name,
        roll=roll,
        low=row.low,
        high=row.high,
        text=row.text,
        effects=[_applied(roller, e, f"{who}{name} effect") for e in row.effects],
        perils=bool(getattr(row, "perils", False)),
    )


_WHAT = {"stunned": "stunned rounds", "fatigue": "fatigue levels"}


def _applied(roller: Roller, effect: Effect, purpose: str) -> AppliedEffect:
    """``effect`` as applied: its amount as written, or its dice rolled and added."""
    amount = effect.amount
    if effect.dice is not None:
        count, sides = (int(x) for x in effect.dice.split("d"))
        what = f"{effect.characteristic} damage" if effect.kind == "characteristic" else _WHAT[effect.kind]
        amount = 0
        for k in range(count):
            suffix = f" ({k + 1} of {count})" if count > 1 else ""
            amount += roller.die(sides, f"{purpose}: {what}{suffix}", PSYCHIC).value
    return AppliedEffect(kind=effect.kind, amount=amount, dice=effect.dice, characteristic=effect.characteristic)


def reading_words(reading: PsychicReading) -> str:
    """A row read in one sentence for the step log: the d100, the table and span, the group's
    words in quotes, the effects and whether it leads on to Perils of the Warp."""
    said = f': "{reading.text.strip()}"' if reading.text.strip() else ""
    span = f"{reading.low:02d}" if reading.low == reading.high else f"{reading.low:02d}-{reading.high:02d}"
    effects = "; ".join(effect_words(e, "") for e in reading.effects)
    out = f"{reading.table} d100: {reading.roll:02d}. Your group's {reading.table} table, row {span}{said}."
    if effects:
        out += f" Effects on the psyker: {effects}."
    if reading.perils:
        out += " It leads on to the Perils of the Warp table."
    return out
