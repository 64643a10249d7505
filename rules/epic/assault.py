"""Epic's assault (seed 002, Allocate Hits & Make Saving Throws): close-combat (CC) and firefight
(FF) hits, given or rolled, allocated over every unit of the target formation except war engines up
to 4 tiles away, front to back and evenly, then saved, with the shooting's own allocation and saves
(:func:`rules.epic.shooting.allocate_and_save`).

Seed 002 gives an assault only its allocation. How the hits are scored is the published Epic
Armageddon rules' (Assaults), the engine's reading: one d6 per attacking unit, at its CC value in
base contact (distance 0) or its FF value up to 4 tiles away, equal or under hits and a 6 always
misses (seed 002, Roll to Hit); units of the same value roll together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Shooter, ToHitRoll
from .shooting import allocate_and_save, eligible
from .state import FormationState
from .text import dice_text, roll_text

if TYPE_CHECKING:
    from .procedure import EpicAttack

_NAMES = {"CC": "Close combat", "FF": "Firefight"}
SECTION = "Allocate Hits & Make Saving Throws"


def assault(atk: EpicAttack, target: FormationState) -> tuple[list[Shooter], bool, list[ToHitRoll], FormationState]:
    """The assault: its hits (given, or rolled per unit), +1 Shock to the target when any unit
    fights (seed 002, Apply Shock), then allocation and saves. Returns the attacking units' status,
    whether the target came under attack, the hit records and the target after them."""
    a = atk.s.action
    reach = atk.t.assault.reach
    if a.cc_hits is not None or a.ff_hits is not None:
        given = {"CC": a.cc_hits or 0, "FF": a.ff_hits or 0}
        rolls = [
            ToHitRoll(weapon=f"{_NAMES[k]} hits given", kind=k, range=reach, value=0, needed=0, hits=n)
            for k, n in given.items()
            if n
        ]
        atk.step("Assault", SECTION, f"Hits given: {given['CC']} CC and {given['FF']} FF.")
        fighters: list[Shooter] = []
        attacked = True
    else:
        fighters = _fighters(atk)
        rolls = _roll(atk, fighters)
        attacked = bool(rolls)
    if not attacked:
        atk.step("Assault", SECTION, f"No unit of {atk.s.attacker.name} can fight: {atk.s.target.name} gains no Shock.")
        return fighters, False, [], target
    target = target.gaining("under fire", 1)
    atk.step("Apply Shock", "Apply Shock", f"{atk.s.target.name} is assaulted: +1 Shock.")
    valid = [target.spec.units[i].name for i in eligible(atk, target, "CC", False, reach)]
    atk.step(
        "Assault allocation",
        SECTION,
        f"In an assault every unit but war engines up to {reach} tiles away may take a CC or FF hit: "
        f"{', '.join(valid) or 'none'}.",
    )
    return fighters, True, rolls, allocate_and_save(atk, rolls, target, macro=False)


def _fighters(atk: EpicAttack) -> list[Shooter]:
    """Each attacking unit's part: ``fights`` (with CC in base contact, else FF, within reach),
    ``out of reach`` or ``no CC or FF value``."""
    reach = atk.t.assault.reach
    out = []
    for i, u in enumerate(atk.s.attacker.units):
        kind = _value_used(u.distance, u.cc, u.ff, reach)
        if kind:
            status, reason = "fights", kind
        elif u.cc is None and u.ff is None:
            status, reason = "no CC or FF value", "give its CC or FF value to roll its attack"
        else:
            status, reason = "out of reach", f"{u.distance} tiles away: CC needs contact, FF at most {reach} tiles"
        out.append(Shooter(index=i, name=u.name, distance=u.distance, status=status, reason=reason, ammo_left=u.ammo))
        if status != "fights":
            atk.step("Who can fight", SECTION, f"{u.name} cannot fight: {reason}.")
    return out


def _value_used(distance: int, cc: int | None, ff: int | None, reach: int) -> str | None:
    """``CC`` in base contact (FF when it has no CC), ``FF`` up to ``reach`` tiles, else None."""
    if distance == 0 and cc is not None:
        return "CC"
    if distance <= reach and ff is not None:
        return "FF"
    return None


def _roll(atk: EpicAttack, fighters: list[Shooter]) -> list[ToHitRoll]:
    """One d6 per fighting unit, units of the same kind and value rolled together, in table order."""
    groups: dict[tuple[str, int], list[str]] = {}
    for f in fighters:
        if f.status == "fights":
            unit = atk.s.attacker.units[f.index]
            value = unit.cc if f.reason == "CC" else unit.ff
            assert value is not None
            groups.setdefault((f.reason, value), []).append(unit.name)
    rolls = []
    for (kind, value), names in groups.items():
        label = _NAMES[kind]
        r = atk.roll_to_hit(label, kind, value, len(names), [])
        r = r.model_copy(update={"range": atk.t.assault.reach, "units": names})
        rolls.append(r)
        atk.step(
            "Assault attacks",
            "Roll to Hit",
            f"{label} x{len(names)} from {', '.join(names)}: {kind} {value} -> {roll_text(r.needed)}: "
            f"rolled {dice_text(r.rolls)}, {r.hits} hit(s).",
        )
    return rolls
