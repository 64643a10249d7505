"""Stray Shots (seed 004, Stray Shots, L28), a rule the seed leaves to the GM (``options.stray_shots``):
a ranged attack fired into a melee (the circumstance "Shooting into Melee Combat") that misses by
exactly one degree of failure hits another combatant engaged in that melee instead; and a Semi- or
Full Auto Burst fired into a melee spreads its hits over those engaged (:func:`round_robin`, used by
:func:`rules.d100.stages.locations.spread`). Those engaged are ``target.nearby``; a stray shot
strikes the first listed (the GM orders the list)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100.models import Resolution

from .. import reverse_digits
from ..state import AttackState
from .damage import damage_all
from .finish import finish

if TYPE_CHECKING:
    from ..attack import D100Attack

INTO_MELEE = "Shooting into Melee Combat"


def into_melee(a: D100Attack) -> bool:
    """The table rule is on and the shot is fired into a melee (its circumstance is listed), with
    a ranged weapon."""
    s = a.s
    return s.options.stray_shots and INTO_MELEE in s.action.circumstances and not a.weapon.is_melee


def round_robin(hits: int, others: int, k: int) -> int:
    """How many of a burst's ``hits`` go to the ``k``-th (0-based) of ``others`` engaged, dealt in
    turn: the target, then each other engaged, then the target again (the first hit stays on the
    target, as any burst's does)."""
    return len(range(k + 1, hits, others + 1))


def miss(a: D100Attack, st: AttackState) -> Resolution:
    """The attack missed (or jammed): its resolution, with a stray shot's hit on the first other
    engaged when the miss was by exactly one degree of failure into a melee."""
    if st.jammed or not into_melee(a) or st.degrees != -1 or "Blast" in a.q or a.s.target.horde is not None:
        return finish(a, st, "jam" if st.jammed else "miss")
    src = a.SRC["stray_shots"]
    nearby = a.s.target.nearby
    if not nearby:
        a.step(
            "Stray Shots",
            src,
            "A miss by one degree of failure into a melee would strike another engaged in it, but the "
            "target form lists no one else engaged (nearby): the shot is lost.",
        )
        return finish(a, st, "miss")
    person = a.s.target.others_in_blast + 1
    location = a.tables.hit_locations.lookup(reverse_digits(st.roll))
    a.step(
        "Stray Shots",
        src,
        f"Missed by one degree of failure, shooting into a melee: the shot strikes {nearby[0].name} instead, "
        f"the first other listed as engaged; the roll {st.roll % 100:02d} reversed gives the {location}.",
    )
    st = damage_all(a, replace(st, struck=((person, location),)), ((person, location),))
    return finish(a, st, "miss")
