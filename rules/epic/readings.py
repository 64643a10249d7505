"""Epic's rules as pure functions over numbers and units (each tested on its own): line of fire,
suppression, to hit, the Zero To Hit table, which hits a unit may take, the Barrage table, saves,
allocation and breaking (seed 002)."""

from __future__ import annotations

from .models import AttackingUnit, TargetUnit
from .tables import BarrageRow, tables


def line_of_fire_blocked(unit: AttackingUnit) -> str | None:
    """Why ``unit`` has no line of fire to the target formation, or None when it has one
    (seed 002, Who Can Shoot: two tiles of obstructing terrain block it; only war engines
    block otherwise)."""
    blocking = tables().line_of_fire.blocking_terrain_tiles
    if not unit.line_of_fire:
        return "no line of fire"
    if unit.terrain_tiles >= blocking:
        return f"its line of fire crosses {unit.terrain_tiles} tiles of obstructing terrain ({blocking} block it)"
    if unit.war_engine_between:
        return "a war engine blocks its line of fire"
    return None


def suppression_order(candidates: list[tuple[int, int]]) -> list[int]:
    """The order in which units are suppressed, from ``(index, distance)`` pairs: the back first
    (farthest from the target); among units equally far, the one lower in the table first (the
    attacker's choice, seed 002, Who Can Shoot: Suppression). Returns the indexes."""
    return [i for i, _ in sorted(candidates, key=lambda c: (-c[1], -c[0]))]


def zero_to_hit(needed: int) -> list[int] | None:
    """The Zero To Hit table (seed 002) for a to-hit value of 0 or less: the second d6's values
    that hit after a first d6 of 1 (``[1, 2, 3]`` for 0), or None when a hit is impossible."""
    z = tables().zero_to_hit
    if needed < z.impossible_below:
        return None
    return list(z.rows[needed])


def hits_on(needed: int, roll: int) -> bool:
    """Whether one d6 ``roll`` hits on a to-hit value of ``needed`` (at least 1): equal or under,
    and a 6 always misses (seed 002, Roll to Hit)."""
    return roll <= needed and roll != tables().always_miss.value


def can_take(unit_type: str, kind: str, macro: bool) -> bool:
    """Whether a hit of ``kind`` (AP, AT, AA; ``macro`` from a macro-weapon) may go on a unit of
    ``unit_type`` (seed 002, Allocate Hits; war engines and aircraft read in the data file)."""
    t = tables().hit_types
    if macro and kind in ("AP", "AT"):
        return unit_type in t.macro
    allowed: list[str] = getattr(t, kind)
    return unit_type in allowed


def barrage_row(bp: int) -> BarrageRow:
    """The Barrage table's row for ``bp`` barrage points (1 or more; beyond the table, its last
    row)."""
    rows = tables().barrage.rows
    for row in rows:
        if row.low <= bp <= row.high:
            return row
    return rows[-1]


def best_save(unit: TargetUnit) -> tuple[str, int]:
    """The save a unit makes: the better of its armour and, in cover, its cover save
    (seed 002: "using either the unit's armour value or cover save"); ``("none", 0)`` when it
    has neither."""
    options = [("armour", unit.armour)]
    if unit.in_cover:
        options.append(("cover", unit.cover_save))
    kind, value = max(options, key=lambda o: o[1])
    return (kind, value) if value > 0 else ("none", 0)


def allocate(
    hits: list[tuple[int, list[int]]], order: list[int], taken: dict[int, int] | None = None
) -> tuple[dict[int, int], int]:
    """Allocate hits front to back, closest first and evenly (seed 002, Allocate Hits).

    ``hits``: one ``(count, eligible)`` per batch, ``eligible`` the unit indexes that batch may go
    on; ``order``: every unit index from front to back. Each hit goes to the eligible unit with the
    fewest hits so far (``taken`` counts hits already placed), the front-most among those.
    Returns ``({index: hits}, unallocated)``."""
    placed: dict[int, int] = {}
    counts = dict(taken or {})
    rank = {index: n for n, index in enumerate(order)}
    lost = 0
    for count, eligible in hits:
        if not eligible:
            lost += count
            continue
        for _ in range(count):
            unit = min(eligible, key=lambda i: (counts.get(i, 0), rank[i]))
            counts[unit] = counts.get(unit, 0) + 1
            placed[unit] = placed.get(unit, 0) + 1
    return placed, lost


def broken(shock: int, units_left: int) -> bool:
    """A formation is broken when every unit left is suppressed: Shock at least the units left
    (seed 002, Check Whether the Target Breaks). A formation with no unit left is wiped out, not
    broken."""
    return units_left > 0 and shock >= units_left
