"""Epic's saves (seed 002, Allocate Hits & Make Saving Throws; Crossfire): one d6 per hit on a unit,
rolled together, equal or under the better of its armour and cover save; each failure takes a
point of integrity, and failures beyond it are ignored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import SaveRoll
from .readings import best_save
from .state import FormationState
from .text import dice_text, mod_text, roll_text, unit_label

if TYPE_CHECKING:
    from .procedure import EpicAttack


def saves(atk: EpicAttack, formation: FormationState, index: int, hits: int, macro: bool) -> FormationState:
    """One save per hit on unit ``index``, rolled together; each failure takes a point of
    integrity, and failures beyond it are ignored (seed 002, Allocate Hits & Make Saving
    Throws; Crossfire: -1 to every save). Returns the formation after them."""
    unit = formation.spec.units[index]
    kind, value = best_save(unit)
    # the crossfire catches the target formation only, not others under a barrage's template
    crossfire = atk.s.action.crossfire
    hit = crossfire is not None and not crossfire.countered and formation.path == "target"
    modifier = atk.t.crossfire.save_modifier if hit else 0
    needed = value + modifier
    which = "macro-weapon save" if macro else "save"
    if kind == "none" or needed <= 0:
        rolls: list[int] = []
        failed = hits
        why = "no save" if kind == "none" else f"{kind} save {value} {modifier:+d} for the crossfire leaves none"
        atk.step("Saves", "Allocate Hits & Make Saving Throws", f"{unit.name}: {why}: all {hits} hit(s) fail.")
    else:
        purpose = (
            f"{unit_label(formation.spec, index)} {which} d6 ({kind} {value}{mod_text(modifier)}: {roll_text(needed)})"
        )
        rolls = atk.d6s(hits, purpose, lambda r: r <= needed)
        failed = sum(r > needed for r in rolls)
    before = formation.integrity[index]
    lost = min(failed, before)
    after = before - lost
    record = SaveRoll(
        hits=hits,
        macro=macro,
        save=kind,
        value=value,
        modifier=modifier,
        needed=max(needed, 0),
        rolls=rolls,
        failed=failed,
        integrity_lost=lost,
    )
    result = formation.result(index)
    result = result.model_copy(
        update={"saves": [*result.saves, record], "integrity_after": after, "destroyed": after == 0}
    )
    if rolls:
        ignored = f"; {failed - lost} failure(s) beyond its integrity ignored" if failed > lost else ""
        atk.step(
            "Saves",
            "Allocate Hits & Make Saving Throws",
            f"{unit.name}: {hits} {which}(s) at {kind} {value}{mod_text(modifier)}: rolled {dice_text(rolls)}, "
            f"{failed} failed; integrity {before} -> {after}{ignored}"
            f"{' (destroyed)' if after == 0 else ''}.",
        )
    return formation.with_integrity(index, after).with_result(index, result)
