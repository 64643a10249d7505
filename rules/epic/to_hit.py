"""Epic's to-hit rolls (seed 002, Roll to Hit; To Hit Modifiers; Zero To Hit): a weapon group's
d6s equal or under its value with the modifiers, a 6 always missing; at 0 or below, a 1 and then
a second d6 on the Zero To Hit table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import AppliedModifier

from .models import ToHitRoll
from .readings import hits_on, zero_to_hit
from .text import roll_text, values_text

if TYPE_CHECKING:
    from .procedure import EpicAttack


def modifiers(atk: EpicAttack, in_cover: bool) -> list[AppliedModifier]:
    """The to-hit modifiers that apply (seed 002, To Hit Modifiers)."""
    rows = atk.t.to_hit_modifiers.rows
    picked = []
    if in_cover:
        picked.append(rows["cover"])
    if atk.s.attacker.double_moved:
        picked.append(rows["double_moved"])
    if atk.s.attacker.sustained_fire:
        picked.append(rows["sustained_fire"])
    source = atk.t.to_hit_modifiers.source
    return [AppliedModifier(label=m.label, value=m.value, source=source) for m in picked]


def roll_to_hit(
    atk: EpicAttack, label: str, kind: str, value: int, dice: int, mods: list[AppliedModifier]
) -> ToHitRoll:
    """Roll ``dice`` d6 at ``value`` with ``mods``: equal or under hits and a 6 misses; at 0 or
    below, the Zero To Hit table."""
    needed = value + sum(m.value for m in mods)
    record = ToHitRoll(weapon=label, kind=kind, value=value, modifiers=mods, needed=needed)
    if needed >= 1:
        rolls = atk.d6s(dice, f"{label} to-hit d6 ({kind} {value}: {roll_text(needed)})", lambda r: hits_on(needed, r))
        hits = sum(hits_on(needed, r) for r in rolls)
        return record.model_copy(update={"rolls": rolls, "hits": hits})
    return _zero_to_hit(atk, record, dice)


def _zero_to_hit(atk: EpicAttack, record: ToHitRoll, dice: int) -> ToHitRoll:
    """A to-hit value of 0 or less: impossible below -2 (no die rolled), else a first d6 of 1 and a
    second d6 showing one of the table's values."""
    label, kind, value, needed = record.weapon, record.kind, record.value, record.needed
    second = zero_to_hit(needed)
    if second is None:
        atk.step(
            "Zero To Hit",
            "Zero To Hit",
            f"{label}: {kind} {value} with modifiers {needed}: a hit is impossible; no die is rolled.",
        )
        return record.model_copy(update={"zero_to_hit": "impossible"})
    rule = f"a 1, then {values_text(second)}"
    rolls = atk.d6s(dice, f"{label} to-hit d6 ({kind} {value} at {needed}: Zero To Hit, a 1 first)", lambda r: r == 1)
    ones = sum(r == 1 for r in rolls)
    seconds = (
        atk.d6s(ones, f"{label} Zero To Hit second d6 ({values_text(second)} hits)", lambda r: r in second)
        if ones
        else []
    )
    hits = sum(r in second for r in seconds)
    atk.step(
        "Zero To Hit",
        "Zero To Hit",
        f"{label}: {kind} {value} with modifiers {needed}: each hit needs {rule}; "
        f"{ones} first die/dice of 1, {hits} hit(s) on the second.",
    )
    return record.model_copy(update={"rolls": rolls, "second_rolls": seconds, "hits": hits, "zero_to_hit": rule})
