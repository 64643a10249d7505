"""Psychic attacks (seed 004, Step Three, L40: the hit location from "the Focus Power test, in the
case of psychic attacks"; DH2 Core, Ch. VI, Focus Power and Psychic Phenomena).

A ``Psychic Attack`` (an action whose ``psychic`` flag is set) is tested with the Focus Power test:
the characteristic the power names (``action.psychic.characteristic``, WP by default) with the
power's modifier, as the player gives them; its hit location is that roll reversed, as any attack's
(:mod:`.locations`); its damage, Pen and type are the weapon fields (the power's profile), without
SB; it spends no ammunition and never jams. Psychic Phenomena and Perils of the Warp are the GM's
tables, not ours: the step names the table where the book calls for it. A ruleset's own sources
are its ``SRC["psychic"]`` and ``SRC["phenomena"]`` (Deathwatch: seed 001 and DW Core, Ch. VI);
DH2's are the defaults below. A power with Spray (or a no-test Flame) is tested the same way before
its area tests Agility (:func:`rules.d100.stages.flame.manifest`): the Focus Power test decides
whether it manifests; the quality replaces only the hit roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import FieldError
from ...models import PsychicFocus
from ...tables import ActionDef
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
    a._step(
        "Psychic Phenomena",
        src,
        f"{why}: the GM rolls on the Psychic Phenomena table ({book}), which may lead to the "
        f"Perils of the Warp table. Neither table is resolved here.",
    )
