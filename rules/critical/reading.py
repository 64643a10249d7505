"""Which row of a critical table a hit reads, and a row's effects in words.

Pure functions shared by the engine (:mod:`rules.d100.stages.critical_effect`), the page's
renderer (``static/auspex_web/render.py``) and anyone else who names a row read.

The row of critical damage is its running total, in every d100 ruleset: the target's Critical
damage before the attack counts, each hit that adds Critical damage reads the row of the total
after it, and a total above :data:`~rules.critical.models.ROWS` reads the last row (DH2: seed 004,
Step Five, "the amount of Critical damage accumulated"; Deathwatch: seed 001 L638, "Critical Damage
is cumulative", and L766-771; DH1 Core, Ch. VIII, Critical Damage). No ruleset reads it otherwise,
so there is one function and no ruleset flag.
"""

from __future__ import annotations

from .models import ROWS, AppliedEffect, CriticalReading


def critical_row(total: int) -> int:
    """The row critical damage reads: its running ``total`` (1 or more), :data:`ROWS` (10) at most.
    Raises ValueError for a total below 1 (no critical damage reads no row)."""
    if total < 1:
        raise ValueError(f"a running total of {total} Critical damage reads no row")
    return min(total, ROWS)


def effect_words(effect: AppliedEffect, location: str) -> str:
    """An applied effect as the result names it: ``"Stunned 3 rounds (1d5)"``, ``"Prone"``,
    ``"Fatigue 2 levels"``, ``"Blood Loss"``, ``"On Fire"``, ``"Ag damage 4 (1d10)"``, ``"Right Arm
    lost"`` (``location``: the hit's location, which ``lost`` and ``useless`` name), ``"Slain"``."""
    n = effect.amount if effect.amount is not None else 0
    rolled = f" ({effect.dice})" if effect.dice else ""
    match effect.kind:
        case "stunned":
            return f"Stunned {n} round{'' if n == 1 else 's'}{rolled}"
        case "fatigue":
            return f"Fatigue {n} level{'' if n == 1 else 's'}{rolled}"
        case "characteristic":
            return f"{effect.characteristic} damage {n}{rolled}"
        case "lost" | "useless":
            return f"{location} {effect.kind}"
        case "blood_loss":
            return "Blood Loss"
        case "on_fire":
            return "On Fire"
        case _:  # prone, slain
            return effect.kind.capitalize()


def reading_words(reading: CriticalReading, location: str) -> str:
    """A row read, in one sentence for the step log: the table and row, the group's text in
    quotes, and the effects (:func:`effect_words`)."""
    said = f': "{reading.text.strip()}"' if reading.text.strip() else ""
    effects = "; ".join(effect_words(e, location) for e in reading.effects)
    return f"Your group's {reading.table} table, row {reading.row}{said}." + (
        f" Effects: {effects}." if effects else ""
    )
