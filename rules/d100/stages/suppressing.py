"""Suppressing Fire's hits given to random targets in the area.

Seed 001, Suppressing Fire: "Make a Hard (-20) Ballistic Skill Test to determine if anyone in area
has been hit, GM assigns hit to random target. An extra hit is scored for every 2 degrees of
success." DH2 Core (Ch. VII, Suppressing Fire) likewise has the GM assign each hit to a random
target in the kill zone. With ``action.random_targets`` and the others in the area listed in
``target.nearby``, each hit (the first as well) goes to one of the target and those listed, chosen
by a die with one face for each (1: the target, 2: the first listed, ...), rolled by the engine or
typed, purpose "Suppressing Fire: which target (hit N)". Each one chosen takes its hits as a
nearby foe takes a burst's (:func:`rules.d100.stages.locations.spread`): its first hit rolls a d100
hit location (reversed), its further hits follow the Multiple Hits table. Without a list every hit
stays on the target, as before. In Deathwatch every one listed also tests against pinning after the
target, hit or not (:func:`rules.d100.stages.after_hit.pinning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import FieldError
from .. import reverse_digits
from ..seams import LOCATION

if TYPE_CHECKING:
    from ..attack import D100Attack
    from ..state import AttackState

SOURCE = (
    "seed 001, Suppressing Fire (GM assigns hit to random target); DH2 Core, Ch. VII, Suppressing Fire "
    "(each hit to a random target in the area)"
)


def errors(a: D100Attack) -> list[FieldError]:
    """``action.random_targets`` is Suppressing Fire's, in a ruleset that lists nearby foes."""
    if not a.s.action.random_targets:
        return []
    if a.s.action.action_type != "Suppressing Fire":
        return [FieldError("action.random_targets", "Only Suppressing Fire gives its hits to random targets")]
    if a.tables.spread_hits is None:  # no nearby foes to list (DH1)
        return [FieldError("action.random_targets", f"Random targets in the area are not a rule of {a.RULESET}")]
    return []


def applies(a: D100Attack, st: AttackState) -> bool:
    """Whether this attack gives its hits to random targets: Suppressing Fire asked to, with others listed."""
    return bool(a.s.action.random_targets and st.action.name == "Suppressing Fire" and a.s.target.nearby)


def random_targets(a: D100Attack, st: AttackState, locations: list[str]) -> list[tuple[int, str]]:
    """Each hit to a random one of the target and those listed nearby; the hits moved off the
    target (``(person, location)``), taken from the end of ``locations``, which keeps the target's."""
    from .locations import more_locations

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
        SOURCE,
        f"A d{faces} for each hit (1: {names[0]}, then those listed in the area): {rolls}. " + "; ".join(told) + ".",
    )
    return moved
