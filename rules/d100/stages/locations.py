"""Step Three: where the hits land (the reversed roll or a Called Shot, then the Multiple Hits
table; a Horde has no locations), a burst's extra hits moved to nearby foes, and the others caught
in a Blast."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .. import reverse_digits
from ..roles import LOCATION
from ..state import AttackState
from . import suppressing
from .stray import into_melee, round_robin

if TYPE_CHECKING:
    from ..attack import D100Attack

SIDES = ("Right", "Left")


def run(a: D100Attack, st: AttackState) -> AttackState:
    """The ``locations`` of the hits on the target, then the hits ``moved`` to nearby foes."""
    placed = horde_locations(a, st.hits) if a.s.target.horde is not None else locations(a, st, st.hits, st.roll)
    moved = spread(a, st, placed)  # takes the moved hits off the end of placed
    return replace(st, locations=tuple(placed), moved=tuple(moved))


def blast(a: D100Attack, st: AttackState) -> AttackState:
    """Every hit whose damage is rolled, ``struck``: those on the target that evasion left, those
    moved to nearby foes, and one on each other person in a Blast."""
    kept = [(0, loc) for loc in st.locations[: len(st.locations) - st.negated]]
    return replace(st, struck=(*kept, *st.moved, *blast_others(a)))


def locations(a: D100Attack, st: AttackState, hits: int, roll: int) -> list[str]:
    t = a.tables
    called = a.s.action.called_location if st.action.called else None
    if called is not None:
        first: str = called
        a.step("Step Three: hit location", a.SRC["step3"], f"Called Shot: the hit strikes the {called}.")
    else:
        reversed_roll = reverse_digits(roll)
        first = t.hit_locations.lookup(reversed_roll)
        a.step(
            "Step Three: hit location",
            a.SRC["step3"],
            f"The roll {roll % 100:02d} reversed is {reversed_roll % 100:02d}: {first}.",
        )
    locations = more_locations(a, first, hits)
    if hits > 1:
        kind = first.split()[-1]  # Head, Arm, Body, Leg
        side = first.split()[0] if " " in first else SIDES[0]
        placed = ", ".join(f"hit {i + 1}: {loc}" for i, loc in enumerate(locations))
        a.step(
            "Multiple hits",
            t.multiple_hits.source,
            f"First hit on the {first}, so the {kind} row places the hits: {placed}. "
            f"(An 'Arm' or 'Leg' is taken on the {side.lower()} side.)",
        )
    return locations


def more_locations(a: D100Attack, first: str, hits: int) -> list[str]:
    """``hits`` locations from the first by the Multiple Hits table (an Arm or Leg on the first
    hit's side, the right one when the first hit was not on a limb)."""
    kind = first.split()[-1]  # Head, Arm, Body, Leg
    side = first.split()[0] if " " in first else SIDES[0]
    row = a.tables.multiple_hits.rows[kind]  # type: ignore[index]
    locations = [first]
    for n in range(2, hits + 1):
        part = row[min(n - 1, 5)]
        locations.append(f"{side} {part}" if part in ("Arm", "Leg") else part)
    return locations


def blast_others(
    a: D100Attack,
) -> list[tuple[int, str]]:
    """Blast (X): everyone else within X metres is hit too, each with its own hit location (a d100
    reversed) and damage."""
    n = a.s.target.others_in_blast
    if a.s.target.horde is not None:
        return []  # a Blast's hits on a Horde are counted by the Horde rules
    if "Blast" not in a.q:
        if n:
            a.step(
                "Others nearby",
                a.SRC["qualities"],
                f"{n} other(s) stand near the target, but the {a.weapon.name} has no Blast quality.",
            )
        return []
    if not n:
        a.qstep(
            "Blast",
            f"Everyone within {blast_radius(a)} m of the target is hit; the target form lists no one else there.",
        )
        return []
    placed = []
    for person in range(1, n + 1):
        r = a.roller.d100(f"Blast: person {person} hit location d100", LOCATION)
        loc = a.tables.hit_locations.lookup(reverse_digits(r))
        placed.append((person, loc))
    where = ", ".join(f"person {p}: {loc}" for p, loc in placed)
    a.qstep(
        "Blast",
        f"{n} other(s) within {blast_radius(a)} m are hit too (same profile as the target), "
        f"each with a hit location of its own: {where}.",
    )
    return placed


def blast_radius(
    a: D100Attack,
) -> int:
    """Blast (X) in metres; Maximal fire adds to it."""
    return a.q.x("Blast") + (a.q.num("Maximal", "blast") if a.s.action.maximal else 0)


def spread(a: D100Attack, st: AttackState, locations: list[str]) -> list[tuple[int, str]]:
    """A burst's extra hits moved onto nearby foes (as many as each asks, in the order listed),
    taken from the last hits placed on the target. Each foe's first hit rolls a d100 hit location
    (reversed), its further hits follow the Multiple Hits table."""
    nearby, rule = a.s.target.nearby, a.tables.spread_hits
    if not nearby or rule is None:
        return []
    if suppressing.applies(a, st):  # each hit to a random target in the area
        return random_targets(a, st, locations)
    if st.mode not in ("semi", "full") or st.action.name == "Suppressing Fire":
        a.step(
            "Nearby foes",
            rule.source,
            "Only a Semi- or Full Auto Burst's extra hits can be moved to other foes: every hit stays on the target.",
        )
        return []
    spare = len(locations) - 1
    moved: list[tuple[int, str]] = []
    first_person = a.s.target.others_in_blast + 1
    told = []
    dealt = into_melee(a)  # Stray Shots: a burst into a melee deals its hits round those engaged
    for k, foe in enumerate(nearby):
        want = round_robin(len(locations), len(nearby), k) if dealt else foe.hits
        take = min(want, spare - len(moved))
        if take <= 0:
            continue
        r = a.roller.d100(f"{foe.name}: hit location d100", LOCATION)
        first = a.tables.hit_locations.lookup(reverse_digits(r))
        placed = [first, *more_locations(a, first, take)[1:]]
        moved.extend((first_person + k, loc) for loc in placed)
        told.append(f"{foe.name}: {take} hit(s), {', '.join(placed)} (d100 {r:02d} reversed)")
    if moved:
        del locations[len(locations) - len(moved) :]
    a.step(
        "Nearby foes",
        f"{rule.source}; {a.SRC['stray_shots']}" if dealt else rule.source,
        (
            (
                "Stray Shots: a burst into a melee deals its hits in turn to those engaged (the target, then "
                "each listed nearby). "
                if dealt
                else ""
            )
            + f"{len(moved)} of the {spare} extra hit(s) go to foes within {rule.metres:g} m: "
            + "; ".join(told)
            + "."
            if moved
            else "The burst scored no extra hit to move (the first hit stays on the target)."
        ),
    )
    return moved


def horde_locations(a: D100Attack, hits: int) -> list[str]:
    h = a.s.target.horde
    assert h is not None
    cover = f" + cover {a.s.target.cover.ap}" if a.s.target.cover else ""
    a.step(
        "Step Three: hit location",
        a.horde_rules().source,
        f"Locations are not used against a Horde: its single armour value (AP {h.armour}{cover}) stands for every hit.",
    )
    return ["Horde"] * hits


def random_targets(a: D100Attack, st: AttackState, locations: list[str]) -> list[tuple[int, str]]:
    """Each hit to a random one of the target and those listed nearby; the hits moved off the
    target (``(person, location)``), taken from the end of ``locations``, which keeps the target's."""
    nearby = a.s.target.nearby
    faces = len(nearby) + 1
    chosen = [a.roller.roll(faces, f"Suppressing Fire: which target (hit {i + 1})") for i in range(len(locations))]
    names = [a.s.target.name or "the target", *(f.name or f"nearby {k + 1}" for k, f in enumerate(nearby))]
    on_target = chosen.count(1)
    moved: list[tuple[int, str]] = []
    first_person = a.s.target.others_in_blast + 1
    told = [f"{names[0]}: {on_target} hit(s)"]
    for k, foe in enumerate(nearby):
        take = chosen.count(k + 2)
        if not take:
            continue
        r = a.roller.d100(f"{foe.name}: hit location d100", LOCATION)
        first = a.tables.hit_locations.lookup(reverse_digits(r))
        placed = [first, *more_locations(a, first, take)[1:]]
        moved.extend((first_person + k, loc) for loc in placed)
        told.append(f"{foe.name}: {take} hit(s), {', '.join(placed)} (d100 {r:02d} reversed)")
    del locations[on_target:]
    rolls = ", ".join(f"hit {i + 1}: {v} ({names[v - 1]})" for i, v in enumerate(chosen))
    a.step(
        "Suppressing Fire: random targets",
        suppressing.SOURCE,
        f"A d{faces} for each hit (1: {names[0]}, then those listed in the area): {rolls}. " + "; ".join(told) + ".",
    )
    return moved
