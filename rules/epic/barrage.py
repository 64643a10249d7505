"""A barrage (seed 002, Barrage table): the barrage points added up, the table's row read, and
every unit under the template rolled against, one roll per point of integrity (a war engine:
one), AP against infantry and AT against armoured vehicles and war engines; then its saves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import BarrageResult, ToHitRoll
from .readings import barrage_row
from .saves import saves
from .shooters import firing
from .state import FormationState
from .tables import BarrageRow
from .text import dice_text, mods_text, roll_text, unit_label
from .to_hit import modifiers, roll_to_hit

if TYPE_CHECKING:
    from .procedure import EpicAttack


def barrage(
    atk: EpicAttack, shooting: list[int], formations: list[FormationState]
) -> tuple[BarrageResult, list[ToHitRoll], list[FormationState]]:
    """Add up the barrage points, read the Barrage table, and roll against every unit under the
    template of each formation in turn. Returns the barrage, the rolls and the formations after."""
    bp, parts = barrage_points(atk, shooting)
    row = barrage_row(bp)
    beyond = " (beyond the table: its last row)" if bp > row.high else ""
    result = BarrageResult(
        bp=bp, row=f"{row.low}-{row.high}", radius=row.radius, extra_shock=row.extra_shock, AP=row.AP, AT=row.AT
    )
    atk.step(
        "Barrage points",
        "Barrage table",
        f"{' + '.join(parts)} = {bp} BP; row {row.low}-{row.high}{beyond}: radius {row.radius} tile(s), "
        f"extra Shock {row.extra_shock}, to hit AP {row.AP or '-'} / AT {row.AT or '-'}.",
    )
    rolls: list[ToHitRoll] = []
    after = []
    for f in formations:
        got, f = under_template(atk, f, row)
        rolls += got
        after.append(f)
    return result, rolls, after


def barrage_points(atk: EpicAttack, shooting: list[int]) -> tuple[int, list[str]]:
    """The barrage points of every barrage weapon in range (one out of range does not fire), and
    how the step writes each."""
    parts = []
    bp = 0
    for unit, w in firing(atk, shooting, "Barrage", "the target tile {distance} tiles away: it does not fire"):
        bp += w.BP * w.count
        parts.append(
            f"{unit.name}'s {w.count}x {w.name} {w.BP * w.count}" if w.count > 1 else f"{unit.name}'s {w.name} {w.BP}"
        )
    return bp, parts


def under_template(atk: EpicAttack, f: FormationState, row: BarrageRow) -> tuple[list[ToHitRoll], FormationState]:
    """The formation's units within the template's radius: marked, Shock for coming under fire
    and the barrage's extra Shock, then each rolled against and saved."""
    under = [i for i, u in enumerate(f.spec.units) if (u.from_centre or 0) <= row.radius]
    for i in range(len(f.spec.units)):
        f = f.with_result(i, f.result(i).model_copy(update={"under_barrage": i in under}))
    if not under:
        atk.step("Barrage", "Barrage table", f"No unit of {f.spec.name} lies under the template: it is not attacked.")
        return [], f
    f = f.gaining("under fire", 1).gaining("barrage", row.extra_shock)
    rolls = []
    for i in under:
        r, f = barrage_unit(atk, f, i, row)
        if r is not None:
            rolls.append(r)
    return rolls, f


def barrage_unit(
    atk: EpicAttack, f: FormationState, i: int, row: BarrageRow
) -> tuple[ToHitRoll | None, FormationState]:
    """One unit under the template: AP against infantry, AT otherwise (none against aircraft, or
    where the row has no AT value); one roll per point of integrity, a war engine one; then its
    saves. Returns its roll (None: not rolled for) and the formation after."""
    u = f.spec.units[i]
    kind = "AP" if u.type == "infantry" else "AT"
    value = row.AP if kind == "AP" else row.AT
    if u.type == "aircraft" or value is None:
        why = "a barrage does not hit aircraft" if u.type == "aircraft" else f"{row.low}-{row.high} BP has no AT value"
        atk.step("Barrage", "Barrage table", f"{u.name} is under the template but cannot be hit: {why}.")
        return None, f
    dice = 1 if u.type == "war engine" else f.integrity[i]
    r = roll_to_hit(atk, f"Barrage on {unit_label(f.spec, i)}", kind, value, dice, modifiers(atk, u.in_cover))
    r = r.model_copy(update={"units": [u.name]})
    if r.needed >= 1:
        per = "one roll (a war engine)" if u.type == "war engine" else f"{dice} roll(s), one per point of integrity"
        atk.step(
            "Barrage to hit",
            "Barrage table",
            f"{u.name} ({f.spec.name}): {per} at {kind} {value}{mods_text(r.modifiers)} -> {roll_text(r.needed)}: "
            f"rolled {dice_text(r.rolls)}, {r.hits} hit(s).",
        )
    if r.hits:
        f = f.with_result(i, f.units[i].model_copy(update={"allocated": r.hits}))
        f = saves(atk, f, i, r.hits, macro=False)
    return r, f
