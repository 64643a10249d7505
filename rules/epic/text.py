"""How Epic's steps write dice, values and modifiers."""

from __future__ import annotations

from typing import Any

from rules.d100.models import AppliedModifier

from .models import (
    VALUE_KINDS,
    EpicScenario,
    TargetFormation,
    datasheet_read,
    datasheet_value,
    face_range,
    parse_weapons,
)


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


def plain_value_words(kind: str, v: int) -> str:
    """Both readings of a to-hit value typed with no ``+`` (``AP4``): this game's (seed 002, Roll to
    Hit: a d6 equal or under the value hits, a 6 always misses) and a datasheet's ``AP4+`` (a d6 of
    4 or more), which is ``AP3`` here."""
    other = datasheet_value(v, save=False) or 0
    here = f"{kind}{v} (no '+') is read as this game's {kind} {v}: hits on {face_range(1, min(v, 5))}, {min(v, 5)} in 6"
    if not other:
        return here
    return (
        f"{here}. A datasheet's {kind}{v}+ hits on {face_range(v, 6)}, {7 - v} in 6, which is {kind}{other} here: "
        f"type {kind}{v}+ if that is what the datasheet says"
    )


def plain_value_warnings(data: dict[str, Any]) -> list[tuple[str, str]]:
    """``(field, message)`` for each unit's weapons typed as text whose to-hit values have no ``+``
    (``attacker.units.0.weapons``; a target unit's own weapons, ``target.units.2.weapons``): the
    page warns at the field, naming both readings (:func:`plain_value_words`), never silently.
    ``data`` is the scenario as given (so the warning comes with another field's error); weapons
    that cannot be read are left to the scenario's own error."""
    out: list[tuple[str, str]] = []
    for side in ("attacker", "target"):
        units = data.get(side, {}).get("units") if isinstance(data.get(side), dict) else None
        for i, u in enumerate(units if isinstance(units, list) else []):
            text = u.get("weapons") if isinstance(u, dict) else None
            if not isinstance(text, str):
                continue
            try:
                weapons = parse_weapons(text)
            except ValueError:
                continue
            words = [
                f"{w.get('name')} {plain_value_words(k, v)}"
                for w in weapons
                for k in VALUE_KINDS
                if type(v := w.get(k)) is int and 1 <= v <= 6
            ]
            if words:
                out.append((f"{side}.units.{i}.weapons", "; ".join(words) + "."))
    return out


def datasheet_notes(s: EpicScenario) -> list[tuple[str, str]]:
    """Each value the player typed as a datasheet prints it (``AT5+``, a save ``4+``), with the
    seed's value it was read as: ``(section of seed 002, words)`` (Epic datasheet
    notation)."""
    notes: list[tuple[str, str]] = []
    for u in s.attacker.units:
        for w in u.weapons:
            for k in w.typed_plain:  # "AP4": the seed's AP 4, not a datasheet's AP4+ (seed 002, Roll to Hit)
                v = getattr(w, k)
                other = datasheet_value(v, save=False) or 0
                alt = (
                    f"; a datasheet's {k}{v}+ is {k}{other} here ({face_range(1, min(other, 5))}, {min(other, 5)} in 6)"
                )
                notes.append(
                    (
                        "Roll to Hit",
                        f"{u.name}'s {w.name} {k}{v} (no '+'): hits on {face_range(1, min(v, 5))}, {min(v, 5)} in 6"
                        f"{alt if other else ''}: type {k}{v}+ for a datasheet's value.",
                    )
                )
            for k, typed in w.datasheet.items():
                n, value = int(typed[:-1]), getattr(w, k)
                notes.append(("Roll to Hit", f"{u.name}'s {w.name} {k}{typed}: {datasheet_read(k, n, value, False)}."))
        for k, typed in u.datasheet.items():
            if k not in u.to_hit_fields:  # its saves: read only when it is shot at (an encounter's formation)
                continue
            kind = k.upper()
            n, value = int(typed[:-1]), getattr(u, k)
            notes.append(("Roll to Hit", f"{u.name}'s {kind} {typed}: {datasheet_read(kind, n, value, False)}."))
    for f in (s.target, *s.action.also_under):
        for t in f.units:
            for k, typed in t.datasheet.items():
                if k not in t.save_fields:  # its CC/FF: read only when it shoots back (an encounter's formation)
                    continue
                n, value = int(typed[:-1]), getattr(t, k)
                what = "armour" if k == "armour" else "cover save"
                notes.append(
                    (
                        "Allocate Hits & Make Saving Throws",
                        f"{t.name}'s {what} {typed}: {datasheet_read('', n, value, True)}.",
                    )
                )
    return notes
