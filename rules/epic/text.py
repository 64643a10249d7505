"""How Epic's steps write dice, values and modifiers."""

from __future__ import annotations

from ..models import AppliedModifier
from .models import TargetFormation


def unit_label(formation: TargetFormation, index: int) -> str:
    """A unit's name, with its row when another unit of the formation has the same name (so two
    groups of dice never read alike)."""
    name = formation.units[index].name
    twins = sum(u.name == name for u in formation.units)
    return f"{name} (unit {index + 1})" if twins > 1 else name


def roll_text(needed: int) -> str:
    """``roll 1`` or ``roll 1-4`` for a d6 that must show ``needed`` or less."""
    return "roll 1" if needed == 1 else f"roll 1-{min(needed, 6)}"


def values_text(values: list[int]) -> str:
    """``1, 2 or 3``."""
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])


def dice_text(values: list[int]) -> str:
    """The faces rolled, space-separated, or ``no dice``."""
    return " ".join(map(str, values)) if values else "no dice"


def mod_text(value: int) -> str:
    """`` -1`` (nothing for 0)."""
    return f" {value:+d}" if value else ""


def mods_text(mods: list[AppliedModifier]) -> str:
    """`` -1 (cover)`` for each modifier."""
    return "".join(f" {m.value:+d} ({m.label.lower()})" for m in mods)
