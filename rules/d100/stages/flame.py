"""Flame and Spray: no attack test; everyone in the area tests Agility or is struck."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...models import Resolution, TargetTest
from ...tables import TestSpec
from ..qualities import area_quality
from ..state import AttackState
from .after_hit import roll_target_test
from .finish import finish
from .test import ammo_detail

if TYPE_CHECKING:
    from ..attack import D100Attack


def agility_tests(a: D100Attack, name: str) -> tuple[list[tuple[int, str]], TargetTest | None]:
    """Everyone in the area (the target, then the others) tests Agility with the quality's bonus
    (and the larger of an untrained wielder's or an unbraced Heavy weapon's); returns those who
    failed, struck in the Body (a Horde as a whole), and the target's test."""
    s = a.s
    untrained = 0 if a.weapon.trained else a.q.num(name, "untrained")
    unbraced = a.q.num(name, "unbraced") if a.weapon.weapon_class == "Heavy" and not s.action.braced else 0
    bonus = a.q.num(name, "agility") + max(untrained, unbraced)
    spec = TestSpec(characteristic="Ag", base=bonus, effect="struck by the weapon")
    struck: list[tuple[int, str]] = []
    first: TargetTest | None = None
    for person in range(0, s.target.others_in_blast + 1):
        tt = roll_target_test(a, name, spec, person, None, degrees=0, wounds=0, armour=0)
        first = first or tt
        if not tt.success:
            struck.append((person, "Horde" if s.target.horde is not None else "Body"))
    a._qstep(
        name,
        f"{len(struck)} of {s.target.others_in_blast + 1} in the area failed the Agility test and are hit "
        f"(each in the Body).",
    )
    return struck, first


def resolve_flame(a: D100Attack, st: AttackState) -> Resolution:
    """Flame / Spray: no attack test; each person in the area tests Agility or is hit once, in
    the Body (the quality's source)."""
    s = a.s
    name = area_quality(a.q)
    ag = s.target.characteristics.Ag or 0
    if st.mode is not None:
        a._step("Ammunition", a.SRC["ammo"], ammo_detail(a, st.mode, st.rounds))
    struck, first = agility_tests(a, name)
    assert first is not None
    # the headline shows the first Agility test; a Righteous Fury confirmation (DH1, Deathwatch)
    # still rolls against the attack's own target number
    shown = first.target or 0
    st = replace(st, char="Ag (target)", char_value=ag, roll=first.roll or 0, hits=sum(1 for p, _ in struck if p == 0))
    if not struck:
        return finish(a, replace(st, target_number=shown), "evaded", success=False)
    st = a.seams.damage(a, st, tuple(struck))
    nine = a.q.num(name, "jam_on", 0)
    if nine and any(d.natural == nine and d.sides == 10 for h in st.results for d in h.dice):
        st = replace(st, jammed=True)
        a._qstep(
            name,
            f"A natural {nine} on a damage die: the weapon jams after this attack (clearing it is a "
            f"Full Action and a BS test).",
        )
    outcome = "hit" if any(p == 0 for p, _ in struck) else "evaded"
    return finish(a, replace(st, target_number=shown), outcome, success=True)
