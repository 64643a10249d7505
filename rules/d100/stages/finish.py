"""The attack's :class:`~rules.d100.models.Resolution`, from the state the stages leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import Die, HordeResult, Resolution

from ..state import AttackState
from . import landing, psychic
from .after_hit import damage_state, pinning
from .critical_effect import settle, slays

if TYPE_CHECKING:
    from ..attack import D100Attack


def finish(a: D100Attack, st: AttackState, outcome: str, success: bool | None = None) -> Resolution:
    """The :class:`~rules.d100.models.Resolution` of the attack as ``st`` leaves it: a Horde's Magnitude
    or the target's damage state, the pinning test (unless the weapon jammed), the totals, every die
    and step. ``success``: the headline's success where it is not the attack test's (Flame and
    Spray: someone was struck)."""
    s = a.s
    base = headline(a, st, success)
    hits = list(st.results)
    horde = s.target.horde
    if horde is not None:
        lost = sum(h.magnitude for h in hits)
        after = max(0, horde.magnitude - lost)
        base["horde"] = HordeResult(
            magnitude_before=horde.magnitude,
            hits=sum(1 for h in hits if h.person == 0),
            damaging_hits=sum(1 for h in hits if h.magnitude),
            magnitude_lost=horde.magnitude - after,
            magnitude_after=after,
            destroyed=after == 0,
        )
    else:
        base["damage_state"] = damage_state(a, s.target.damage_taken if st.taken is None else st.taken)
    smoke = None
    if outcome != "jam":
        smoke = landing.smoke(a)  # where the round landed, hit or miss (a jam fires nothing)
        result = base.get("horde")
        pinning(a, st, result.magnitude_after if isinstance(result, HordeResult) else None)
    hits = settle(a, hits)  # the group's critical rows: their effect dice last of all
    read = psychic.settle(a)  # the group's Psychic Phenomena (and Perils) rows, after them
    if read is not None:
        base["phenomena"] = read
    mine = [h for h in hits if h.person == 0]
    if slays(mine):
        base["slain"] = True  # a row of the group's table marked [slain] was read for the target
    dice = [Die(purpose=r.purpose, sides=r.sides, value=r.value) for r in a.roller.records]
    return Resolution.model_validate(
        {
            **base,
            "outcome": outcome,
            "hits": hits,
            "hits_scored": st.hits,
            "hits_negated": st.negated,
            "total_wounds": sum(h.wounds for h in mine),
            "critical_damage": sum(h.critical.amount for h in mine if h.critical),
            "overheated": st.overheated,
            "target_tests": a.target_tests,
            "dice": dice,
            "steps": a.steps,
            "evasion_test": a.evasion_test,
            "smoke": smoke,
            "scatter": a.scatter_roll,
        }
    )


def headline(a: D100Attack, st: AttackState, success: bool | None) -> dict[str, object]:
    """The resolution's fields that read the state directly: who, with what, the test, the
    rounds, the damage taken after, Fatigue and slain."""
    s, w = a.s, a.weapon
    base: dict[str, object] = dict(
        system=a.SYSTEM,
        attacker=s.attacker.name,
        target=s.target.name,
        weapon=psychic.focus(a).power if st.action.psychic else w.name,  # a psychic attack's is its power
        action=st.action.name,
        characteristic=st.char,
        characteristic_value=st.char_value,
        modifiers=list(st.modifiers),
        modifier_total=st.modifier_total,
        target_number=st.target_number,
        damage_taken_after=s.target.damage_taken if st.taken is None else st.taken,
        range_band=st.band,
        roll=st.roll,
        success=st.success if success is None else success,
        degrees=st.degrees,
        # Overheats is not a jam (DH2 Core, Ch. V, Overheats: "instead of jamming"): the attack is lost
        # (outcome "jam") but the weapon is not jammed
        jammed=st.jammed and not st.overheated,
        fatigue=st.fatigue,
        slain=st.slain,
    )
    if st.mode is not None:
        base["rounds_fired"] = st.rounds
        base["rounds_left"] = w.clip - st.rounds
    return base
