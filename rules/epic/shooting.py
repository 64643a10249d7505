"""A shooting attack's fire (seed 002, Roll to Hit; Allocate Hits & Make Saving Throws): the
shooters' weapons grouped, a group's d6s rolled together, the hits allocated front to back and
evenly, then saved; macro-weapon hits after the others."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .models import ASSAULT_KINDS, EpicWeapon, ToHitRoll
from .readings import allocate, can_take
from .saves import saves
from .shooters import firing
from .state import FormationState
from .text import dice_text, mods_text, roll_text
from .to_hit import modifiers, roll_to_hit

if TYPE_CHECKING:
    from .procedure import EpicAttack

GroupKey = tuple[str, str, int, bool, int]  # weapon name, kind, value, macro, range


@dataclass
class _Group:
    """A weapon group being gathered: the weapon, the value it fires, its dice and who fires it."""

    weapon: EpicWeapon
    kind: str
    value: int
    dice: int = 0
    units: list[str] = field(default_factory=list)


def eligible(atk: EpicAttack, formation: FormationState, kind: str, macro: bool, reach: int) -> list[int]:
    """The units of the target formation a hit may go on: alive, of a type the hit can take,
    in line of fire and within ``reach`` tiles, and not in cover when cover is ignored. An
    assault's CC or FF hit: alive, not a war engine, within ``reach`` (seed 002, Allocate Hits)."""
    if kind in ASSAULT_KINDS:  # Epic assault: "regardless of whether the hits are from CC or FF"
        a = atk.t.assault
        units = formation.spec.units
        return [
            i for i, u in enumerate(units) if formation.alive(i) and u.type not in a.exclude and u.distance <= reach
        ]
    ignore = atk.s.action.ignore_cover
    return [
        i
        for i, u in enumerate(formation.spec.units)
        if formation.alive(i)
        and can_take(u.type, kind, macro)
        and u.line_of_fire
        and u.distance <= reach
        and not (ignore and u.in_cover)
    ]


def choose(atk: EpicAttack, weapon: EpicWeapon, formation: FormationState) -> tuple[str, int, str]:
    """The value a weapon fires (the attacker's choice): ``use`` when given, else the best value
    against units it can hit, AP before AT before AA among equals. Returns (kind, value, why)."""
    values = weapon.values()
    if weapon.use is not None:
        return weapon.use, values[weapon.use], "the attacker's choice"
    if len(values) == 1:
        ((kind, value),) = values.items()
        return kind, value, "its only value"
    hittable = {k: v for k, v in values.items() if eligible(atk, formation, k, weapon.macro, weapon.range)}
    pool = hittable or values
    kind = max(pool, key=lambda k: pool[k])
    why = "the best value against units it can hit" if hittable else "no unit it can hit: its best value"
    return kind, values[kind], why


def shoot(atk: EpicAttack, shooting: list[int], target: FormationState) -> tuple[list[ToHitRoll], FormationState]:
    """Roll to hit a weapon group at a time, allocate, save (normal hits first, then
    macro-weapon hits). Returns the rolls and the target after them."""
    groups = weapon_groups(atk, shooting, target)
    mods = modifiers(atk, cover_save(atk))
    rolls: list[ToHitRoll] = []
    for (_, kind, value, macro, reach), g in sorted(groups.items(), key=lambda kv: kv[0][3]):
        label = f"{g.weapon.name}{' (MW)' if macro else ''}"
        r = roll_to_hit(atk, label, kind, value, g.dice, mods)
        r = r.model_copy(update={"macro": macro, "range": reach, "units": g.units})
        rolls.append(r)
        if r.needed >= 1:
            atk.step(
                "Roll to hit",
                "Roll to Hit",
                f"{label} x{g.dice} from {', '.join(dict.fromkeys(g.units))}: {kind} {value}{mods_text(mods)} -> "
                f"{roll_text(r.needed)}: rolled {dice_text(r.rolls)}, {r.hits} hit(s).",
            )
    target = allocate_and_save(atk, rolls, target, macro=False)
    return rolls, allocate_and_save(atk, rolls, target, macro=True)


def weapon_groups(atk: EpicAttack, shooting: list[int], target: FormationState) -> dict[GroupKey, _Group]:
    """The shooters' weapons in range, grouped by weapon, the value it fires, macro and range (a
    group's d6s are rolled together); a weapon out of range does not fire."""
    groups: dict[GroupKey, _Group] = {}
    for unit, w in firing(atk, shooting, "Who Can Shoot", "{distance} tiles"):
        kind, value, why = choose(atk, w, target)
        key = (w.name, kind, value, w.macro, w.range)
        if key not in groups:
            groups[key] = _Group(weapon=w, kind=kind, value=value)
            if len(w.values()) > 1:
                atk.step("Choose AP, AT or AA", "Roll to Hit", f"{w.name} fires its {kind} {value} ({why}).")
        groups[key].dice += w.count
        groups[key].units.append(unit.name)
    return groups


def cover_save(atk: EpicAttack) -> bool:
    """Whether the whole formation's shooting takes -1 for cover: a unit it can see is in cover,
    and the attacker does not ignore cover (then it cannot hit those units)."""
    in_cover = [u for u in atk.s.target.units if u.in_cover and u.line_of_fire]
    if in_cover and atk.s.action.ignore_cover:
        atk.step(
            "Ignore cover",
            "Roll to Hit",
            f"The attacker ignores the cover bonus: no -1 to hit, and no hit may go on {', '.join(u.name for u in in_cover)}.",
        )
    return bool(in_cover) and not atk.s.action.ignore_cover


def allocate_and_save(atk: EpicAttack, rolls: list[ToHitRoll], target: FormationState, macro: bool) -> FormationState:
    """Allocate one batch (normal hits, or macro-weapon hits after them) and save them
    (seed 002, Allocate Hits & Make Saving Throws). Returns the target after them."""
    batch = sorted((r for r in rolls if r.macro == macro and r.hits), key=lambda r: r.range)
    if not batch:
        return target
    order = sorted(range(len(target.spec.units)), key=lambda i: (target.spec.units[i].distance, i))
    placed, target = _place(atk, batch, target, order, macro)
    what = "macro-weapon hits" if macro else "hits"
    parts = [f"{target.spec.units[i].name} {n}" for i, n in sorted(placed.items(), key=lambda kv: order.index(kv[0]))]
    atk.step(
        "Allocate hits",
        "Allocate Hits & Make Saving Throws",
        f"The defender allocates the {what} front to back, closest first and evenly"
        f"{' (after the normal hits are saved)' if macro else ''}: {', '.join(parts) or 'none'}.",
    )
    for i in order:
        n = placed.get(i, 0)
        if not n:
            continue
        result = target.result(i)
        update = {"macro_hits": result.macro_hits + n} if macro else {"allocated": result.allocated + n}
        target = target.with_result(i, result.model_copy(update=update))
        target = saves(atk, target, i, n, macro)
    return target


def _place(
    atk: EpicAttack, batch: list[ToHitRoll], target: FormationState, order: list[int], macro: bool
) -> tuple[dict[int, int], FormationState]:
    """Place a batch's hits, shortest range first, on the units each may go on; hits that find
    none are lost. Returns the hits by unit index and the target with the lost ones counted."""
    placed_all: dict[int, int] = {}
    for r in batch:
        placed, lost = allocate([(r.hits, eligible(atk, target, r.kind, macro, r.range))], order, placed_all)
        for i, n in placed.items():
            placed_all[i] = placed_all.get(i, 0) + n
        if lost:
            target = target.losing_hits(f"{r.kind}{' MW' if macro else ''}", lost)
            atk.step(
                "Allocate hits",
                "Allocate Hits & Make Saving Throws",
                f"{lost} {r.weapon} hit(s) ({r.kind}) found no unit they may go on ({_why_none(atk, r.kind, r.range)}): "
                "they are lost.",
            )
    return placed_all, target


def _why_none(atk: EpicAttack, kind: str, reach: int) -> str:
    """What a unit needs to take a hit of ``kind``, for the step of hits that found none."""
    if kind in ASSAULT_KINDS:  # Epic assault (seed 002, Allocate Hits)
        return f"an assault's hits go on units but war engines up to {reach} tiles away"
    return f"type, range, line of fire{', cover ignored' if atk.s.action.ignore_cover else ''}"
