"""After the shooting (seed 002, Apply Shock; Check Whether the Target Breaks): a point of Shock
per unit destroyed, and whether the formation breaks (every unit left suppressed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import FormationResult
from .readings import broken
from .state import FormationState

if TYPE_CHECKING:
    from .procedure import EpicAttack


def finish(atk: EpicAttack, f: FormationState) -> FormationResult:
    """Shock for losses, then whether the formation breaks (seed 002, Apply Shock; Check
    Whether the Target Breaks). Every unit is listed, hit or not."""
    n = len(f.spec.units)
    units = [f.result(i) for i in range(n)]
    destroyed = sum(1 for u in units if u.destroyed)
    f = f.gaining("losses", destroyed)
    shock = f.spec.shock + sum(g.amount for g in f.gains)
    left = sum(1 for i in range(n) if f.alive(i))
    is_broken = broken(shock, left)
    if f.gains:
        gained = ", ".join(f"+{g.amount} {g.reason}" for g in f.gains)
        state = (
            "wiped out"
            if left == 0
            else "broken: every unit left is suppressed"
            if is_broken
            else f"{min(shock, left)} of {left} unit(s) suppressed"
        )
        atk.step(
            "Check whether the target breaks",
            "Check Whether the Target Breaks",
            f"{f.spec.name}: Shock {f.spec.shock} {gained} = {shock}; {destroyed} unit(s) destroyed, {left} left: {state}.",
        )
    return FormationResult(
        name=f.spec.name,
        allied=f.spec.allied,
        shock_before=f.spec.shock,
        shock_gained=list(f.gains),
        shock_after=shock,
        units=units,
        destroyed=destroyed,
        units_left=left,
        suppressed=min(shock, left),
        broken=is_broken,
        wiped_out=left == 0,
        unallocated=dict(f.unallocated),
    )
