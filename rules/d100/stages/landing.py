"""Where a round lands: a Blast weapon's miss on the Scatter Diagram, and a Smoke weapon's smokescreen.

Both roll dice the seeds name but leave unrolled (seed 001 L362 names the Scatter Diagram; L460-462
"Creates smoke screen 3d10 metres in diameter, lasts 2d10 Rounds"); the numbers are each ruleset's
``qualities.json`` (``params`` of Blast and of Smoke), the readings in :mod:`rules.dh2`,
:mod:`rules.dh1` and :mod:`rules.dw`.

- :func:`scatter`: a missed Blast round's direction (a d10 read on the book's Scatter Diagram) and
  distance in metres (the ruleset's dice, per degree of failure where it says so); with
  ``options.gm_scatters`` no die is drawn and the GM places the round.
- :func:`smoke`: the smokescreen's width across and how many rounds it lasts, once per attack whose
  weapon fired (hit or miss: the round lands somewhere; a jam fires nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import ScatterRoll, SmokeScreen

from ..roles import SCATTER, SMOKE

if TYPE_CHECKING:
    from ..attack import D100Attack


def _dice(a: D100Attack, count: int, sides: int, purpose: str, role: str) -> list[int]:
    """``count`` dice of ``sides`` for ``purpose``, each numbered where there are several (a d5 is a
    d10 halved, rounding up)."""
    return [
        a.roller.die(sides, f"{purpose} d{sides}" + (f" ({k + 1} of {count})" if count > 1 else ""), role).value
        for k in range(count)
    ]


def _sum(expr: str, values: list[int], flat: int = 0) -> str:
    """``3d10 = 4 + 5 + 6 = 15`` (``flat`` added as its own term)."""
    terms = [str(v) for v in values] + ([str(flat)] if flat else [])
    total = sum(values) + flat
    return f"{expr} = {' + '.join(terms)} = {total}" if len(terms) > 1 else f"{expr} = {total}"


def scatter(a: D100Attack, failed_by: int) -> ScatterRoll | None:
    """A Blast weapon's missed round (``failed_by``: the attack test's degrees of failure, at least 1):
    the Scatter Diagram's d10 for the direction, then the distance dice of the ruleset's Blast
    ``params`` (``scatter_dice`` d``scatter_sides`` metres, times the degrees of failure where
    ``scatter_per_failure`` is 1), with a step; None, and a step saying so, where the GM places it
    (``options.gm_scatters``) or the ruleset gives no Scatter Diagram (no ``scatter_sides``)."""
    q = a.q
    src = str(q.param("Blast", "scatter_source", "")) or a.qsrc("Blast")
    sides = q.num("Blast", "scatter_sides")
    if a.s.options.gm_scatters or not sides:
        a.step(
            f"Quality: {q.label('Blast')}",
            src,
            "The shot missed: a Blast weapon's round still lands somewhere. The GM places it (the table's "
            "choice: no Scatter Diagram roll), and anyone within the radius where it lands is hit.",
        )
        return None
    count = q.num("Blast", "scatter_dice", 1)
    per_failure = bool(q.num("Blast", "scatter_per_failure"))
    direction = a.roller.roll(10, "Scatter Diagram: direction d10", SCATTER)
    times = max(1, failed_by) if per_failure else 1
    values = _dice(a, count * times, sides, "Scatter: metres", SCATTER)
    metres = sum(values)
    how = _sum(f"{count * times}d{sides}", values)
    if per_failure:
        how = f"{count}d{sides} per degree of failure \u00d7 {times}: {how}"
    a.step(
        f"Quality: {q.label('Blast')}",
        src,
        f"The shot missed: a Blast weapon's round still lands somewhere. Scatter Diagram d10 = {direction} "
        f"(its direction from the aimed point, read on the diagram around the line of fire); distance "
        f"{how} metres. Anyone within the radius where it lands is hit. (A table may let the GM place it "
        f"instead: options.gm_scatters.)",
    )
    return ScatterRoll(direction=direction, metres=metres)


def smoke(a: D100Attack) -> SmokeScreen | None:
    """A Smoke weapon's smokescreen where its round landed (the caller calls it only when the weapon
    fired): ``across_dice`` d``across_sides`` metres across (or ``radius_per_x`` times X metres
    radius), lasting ``rounds_dice`` d``rounds_sides`` + ``rounds_flat`` rounds (the ruleset's Smoke
    ``params``); a step says so. None without Smoke."""
    q = a.q
    if "Smoke" not in q:
        return None
    n, sides = q.num("Smoke", "across_dice"), q.num("Smoke", "across_sides", 10)
    if n:
        across_dice = _dice(a, n, sides, "Smoke: metres across", SMOKE)
        across = sum(across_dice)
        wide = f"{_sum(f'{n}d{sides}', across_dice)} metres across"
    else:
        radius = q.num("Smoke", "radius_per_x", 1) * q.x("Smoke")
        across = 2 * radius
        wide = f"of {radius} metres radius ({across} metres across)"
    rn, rsides, flat = (
        q.num("Smoke", "rounds_dice", 1),
        q.num("Smoke", "rounds_sides", 10),
        q.num("Smoke", "rounds_flat"),
    )
    round_dice = _dice(a, rn, rsides, "Smoke: rounds", SMOKE)
    rounds = sum(round_dice) + flat
    expr = f"{rn}d{rsides}" + (f"+{flat}" if flat else "")
    a.qstep(
        "Smoke",
        f"A smokescreen {wide} where the round lands, lasting {_sum(expr, round_dice, flat)} rounds "
        f"(the GM places it on the field).",
    )
    return SmokeScreen(metres_across=across, rounds=rounds)
