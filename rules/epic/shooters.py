"""Who can shoot (seed 002, Who Can Shoot): line of fire, range, suppression from the back by the
attacker's Shock, ammo, in that order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .models import AttackingUnit, EpicWeapon, Shooter
from .readings import line_of_fire_blocked, suppression_order

if TYPE_CHECKING:
    from .procedure import EpicAttack


def usable(atk: EpicAttack, unit: AttackingUnit) -> list[EpicWeapon]:
    """The unit's weapons this action fires: barrage weapons in a barrage, else the others;
    never small arms or assault weapons (they attack only in assaults)."""
    barrage = atk.s.action.is_barrage
    return [w for w in unit.weapons if w.kind == "ranged" and (w.BP > 0) == barrage]


def firing(
    atk: EpicAttack, shooting: list[int], section: str, beyond: str
) -> Iterator[tuple[AttackingUnit, EpicWeapon]]:
    """Each weapon the shooting units fire, in table order; a weapon out of range does not fire
    and its step (citing ``section``) says it cannot reach ``beyond`` (formatted with the unit's
    ``distance``)."""
    for i in shooting:
        unit = atk.s.attacker.units[i]
        for w in usable(atk, unit):
            if w.range < unit.distance:
                reach = beyond.format(distance=unit.distance)
                atk.step("Range", section, f"{unit.name}'s {w.name} (range {w.range}) cannot reach {reach}.")
                continue
            yield unit, w


def _cannot(atk: EpicAttack, unit: AttackingUnit) -> tuple[str, str] | None:
    """Why ``unit`` cannot shoot before suppression (status, reason): no line of fire, no weapon
    this action fires, out of range; None when it may."""
    blocked = line_of_fire_blocked(unit)
    weapons = usable(atk, unit)
    if blocked:
        return "no line of fire", blocked
    if not weapons:
        if atk.s.action.is_barrage:
            return "no barrage weapon", "it has no barrage weapon to join the barrage"
        if any(w.BP > 0 for w in unit.weapons):
            return "barrage weapons only", "its barrage weapons fire only in a barrage"
        return "assault weapons only", "small arms and assault weapons attack only in assaults"
    if not any(w.range >= unit.distance for w in weapons):
        longest = max(w.range for w in weapons)
        return "out of range", f"{unit.distance} tiles away, its longest range is {longest}"
    return None


def shooters(atk: EpicAttack) -> tuple[list[Shooter], list[int]]:
    """Each attacking unit's status, and the indexes of those that shoot (seed 002, Who Can
    Shoot: line of fire, range, suppression, ammo, in that order)."""
    s = atk.s
    status: dict[int, tuple[str, str]] = {}
    candidates: list[tuple[int, int]] = []
    for i, unit in enumerate(s.attacker.units):
        why = _cannot(atk, unit)
        if why:
            status[i] = why
        else:
            candidates.append((i, unit.distance))
    order = suppression_order(candidates)
    for n, i in enumerate(order[: s.attacker.shock]):
        status[i] = ("suppressed", f"Shock point {n + 1} of {s.attacker.shock}: suppressed from the back")
    shooting: list[int] = []
    for i, _ in candidates:
        if i in status:
            continue
        if s.attacker.units[i].ammo == 0:
            status[i] = ("no ammo", "it has run out of ammo")
        else:
            status[i] = ("shoots", "")
            shooting.append(i)
    out = [
        Shooter(
            index=i,
            name=unit.name,
            distance=unit.distance,
            status=status[i][0],
            reason=status[i][1],
            ammo_left=unit.ammo - 1 if i in shooting and unit.ammo is not None else unit.ammo,
        )
        for i, unit in enumerate(s.attacker.units)
    ]
    _log_shooters(atk, out, order)
    return out, shooting


def _log_shooters(atk: EpicAttack, shooters: list[Shooter], order: list[int]) -> None:
    """The steps: who is suppressed, who shoots, and why each other unit cannot."""
    shock = atk.s.attacker.shock
    if shock:
        names = [atk.s.attacker.units[i].name for i in order[:shock]]
        atk.step(
            "Suppression",
            "Who Can Shoot",
            f"{atk.s.attacker.name} has {shock} Shock: {len(names)} unit(s) with line of fire and in range "
            f"suppressed from the back: {', '.join(names) or 'none could be'}.",
        )
    for sh in shooters:
        if sh.status == "shoots":
            ammo = f" (ammo left {sh.ammo_left})" if sh.ammo_left is not None else ""
            atk.step("Who can shoot", "Who Can Shoot", f"{sh.name} shoots{ammo}.")
        elif sh.status != "suppressed":
            atk.step("Who can shoot", "Who Can Shoot", f"{sh.name} cannot shoot: {sh.reason}.")
