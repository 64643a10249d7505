"""Flame and Spray: no attack test; everyone in the area tests Agility or is struck."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100.models import Resolution, TargetTest
from rules.d100.tables import TestSpec

from ..qualities import area_quality
from ..roles import FLAME_HITS
from ..state import AttackState
from . import psychic
from .after_hit import roll_target_test
from .finish import finish
from .test import ammo_detail
from .test import run as test_run

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
    a.qstep(
        name,
        f"{len(struck)} of {s.target.others_in_blast + 1} in the area failed the Agility test and are hit "
        f"(each in the Body).",
    )
    return struck, first


def flame_horde_rule(a: D100Attack) -> int | None:
    """The range in metres per hit a Flame weapon scores on a Horde without an Agility test, where
    the ruleset has the rule (Deathwatch: 4, DW Core, Ch. XIII, Hordes); None elsewhere (a Spray
    weapon, no Horde, or a ruleset whose Horde is tested like one creature)."""
    rules = a.tables.hordes
    if a.s.target.horde is None or rules is None or area_quality(a.q) != "Flame":
        return None
    return rules.flame_range_per_hit


def flame_horde_hits(a: D100Attack, per_hit: int) -> list[tuple[int, str]]:
    """A Flame weapon's hits on a Horde: the range over ``per_hit`` (rounded down) plus the die
    (DW Core, Ch. XIII, Hordes: "range / 4 + 1d5"); the Horde makes no Agility test."""
    rules = a.horde_rules()
    sides = rules.flame_die
    rng = int(a.weapon.range or 0)
    roll = a.roller.die(sides, f"Flame: hits on the Horde d{sides}", FLAME_HITS).value
    hits = rng // per_hit + roll
    a.step(
        "Horde: Flame",
        rules.flame_source or rules.source,
        f"No Agility test against a Horde: the {a.weapon.name}'s range {rng} m \u00f7 {per_hit}, rounded down = {rng // per_hit}, "
        f"+ 1d{sides} = {roll} \u2192 {hits} hit(s) on the Horde.",
    )
    return [(0, "Horde")] * hits


def resolve_flame(a: D100Attack, st: AttackState) -> Resolution:
    """Flame / Spray: no attack test; each person in the area tests Agility or is hit once, in
    the Body (the quality's source). A psychic power with the quality (a ``Psychic Attack``) is
    manifested first (:func:`manifest`): only then does its area test Agility."""
    s = a.s
    name = area_quality(a.q)
    ag = s.target.characteristics.Ag or 0
    if st.action.psychic:
        st = manifest(a, st, name)
        if not st.success:  # the power does not manifest: nobody in the area tests
            return finish(a, st, "miss")
        st = replace(st, test=None)  # Spray's hits, as a gun's: no attack degrees
    if st.mode is not None:
        a.step("Ammunition", a.SRC["ammo"], ammo_detail(a, st.mode, st.rounds))
    per_hit = flame_horde_rule(a)
    if per_hit is not None:
        return _flame_on_horde(a, st, per_hit)
    struck, first = agility_tests(a, name)
    assert first is not None
    # the headline shows the first Agility test; a Righteous Fury confirmation (DH1, Deathwatch)
    # still rolls against the attack's own target number
    shown = first.target or 0
    st = replace(st, char="Ag (target)", char_value=ag, roll=first.roll or 0, hits=sum(1 for p, _ in struck if p == 0))
    if not struck:
        return finish(a, replace(st, target_number=shown), "evaded", success=False)
    st = a.seams.damage(a, st, tuple(struck))
    nine = jam_face(a, st)
    if nine and any(d.natural == nine and d.sides == 10 for h in st.results for d in h.dice):
        st = replace(st, jammed=True)
        a.qstep(
            name,
            f"A natural {nine} on a damage die: the weapon jams after this attack (clearing it is a "
            f"Full Action and a BS test).",
        )
    outcome = "hit" if any(p == 0 for p, _ in struck) else "evaded"
    return finish(a, replace(st, target_number=shown), outcome, success=True)


def jam_face(a: D100Attack, st: AttackState) -> int:
    """The natural face of a damage d10 that jams this Flame or Spray weapon after the attack (its
    ``jam_on``; 0: none). A psychic power never jams: it is no gun (DH2 Core, Ch. VI)."""
    if not a.flame or st.action.psychic:
        return 0
    return a.q.num(area_quality(a.q), "jam_on", 0)


def manifest(a: D100Attack, st: AttackState, name: str) -> AttackState:
    """A psychic power with Spray (or no-test Flame): its Focus Power test, rolled as every psychic
    attack's (:func:`rules.d100.stages.test.run`: the d100 "to-hit d100", the Psychic Phenomena
    named on an Unfettered test's doubles or any Push), decides whether it manifests at all (DH2
    Core, Ch. VI, Focus Power); the quality replaces only the hit roll (DH2 Core, Ch. V, Spray: "no
    BS test"). Returns the state with the test (a failed one: the power does not manifest)."""
    st = test_run(a, st)
    src = a.SRC.get("psychic", psychic.SRC)
    if st.success:
        detail = (
            f"The power manifests: {name} replaces its hit roll, so everyone in its area tests Agility "
            f"(the Focus Power test's roll gives no hit location and its degrees raise no damage die)."
        )
    else:
        detail = f"The power does not manifest: nobody in its area tests Agility ({name} replaces only the hit roll)."
    a.step("Focus Power", src, detail)
    return st


def _flame_on_horde(a: D100Attack, st: AttackState, per_hit: int) -> Resolution:
    """A Flame weapon on a Horde (:func:`flame_horde_hits`): no test, its hits, their damage. No
    other person is in the area (a Horde refuses ``others_in_blast``)."""
    struck = flame_horde_hits(a, per_hit)
    # no test: the headline's roll and target number are 0 (the page reads the Horde's hits instead)
    st = replace(st, char="Ag (target)", char_value=0, roll=0, target_number=0, hits=len(struck))
    st = a.seams.damage(a, st, tuple(struck))
    return finish(a, st, "hit", success=True)
