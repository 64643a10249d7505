"""The hits stage: hits scored by the action and the weapon's qualities, or on a Horde by the
Horde rules."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..qualities import devastating_cohesion, hooks, scatter_hits
from ..state import AttackState

if TYPE_CHECKING:
    from ..attack import D100Attack


def run(a: D100Attack, st: AttackState) -> AttackState:
    """The ``hits`` a successful attack test scores."""
    hits = hit_count(a, st)
    if a.s.target.horde is not None:
        hits = horde_hits(a, hits, st.degrees)
    elif "Devastating" in a.q:
        devastating_cohesion(a)
    return replace(st, hits=hits)


def hit_count(a: D100Attack, st: AttackState) -> int:
    """Hits by the action, then Scatter, Twin-Linked and Storm; never more than the rounds used."""
    action, degrees, mode, rounds = st.action, st.degrees, st.mode, st.rounds
    base_degrees = max(0, degrees - a.FIRST_HIT_DEGREES)
    if action.hits == "single":
        earned, how = 1, "one hit"
    elif action.hits == "per_degree":
        earned = max(1, degrees) if a.FIRST_HIT_DEGREES else 1 + degrees
        how = (
            f"one hit per degree of success: {earned}"
            if a.FIRST_HIT_DEGREES
            else f"one hit plus one per degree of success: 1 + {degrees} = {earned}"
        )
    else:
        earned = 1 + base_degrees // 2
        how = (
            f"one hit plus one per two degrees beyond the first: 1 + half of ({degrees} \u2212 1), rounded down = {earned}"
            if a.FIRST_HIT_DEGREES
            else f"one hit plus one per two degrees of success: 1 + half of {degrees}, rounded down = {earned}"
        )
    caps: list[str] = []
    hits = earned
    if action.cap == "wsb":
        wsb = max(1, a.s.attacker.characteristics.WSB)
        if hits > wsb:
            caps.append(f"at most the WS bonus, {wsb}")
        hits = min(hits, wsb)
    elif action.cap == "rof" and mode is not None:
        burst = min(a.burst_size(mode), rounds)
        if hits > burst:
            caps.append(f"at most the {burst} round(s) of the burst")
        hits = min(hits, burst)
    capped = f", capped {' and '.join(caps)}" if caps else ""
    a.step("Hits scored", action.source, f"{action.name}: {how}{capped} \u2192 {hits} hit(s).")

    for h in hooks("hits", a.q):
        hits = h.apply(a, st, hits)
    scatter = scatter_hits(a, st)
    if "Storm" not in a.q and mode is not None and hits > rounds + scatter:
        # Storm caps its own doubling; Scatter's extra hits are the spread of one round, not more rounds
        a.step("Hits scored", a.SRC["ammo"], f"Only {rounds} round(s) were fired: {rounds} hit(s) at most.")
        hits = rounds + scatter
    return hits


def horde_hits(a: D100Attack, hits: int, degrees: int) -> int:
    """Hits on a Horde: in melee one per two degrees of success (at least one); then the qualities'
    ``horde_hits`` hooks (a Power Field one more, a Blast (X) weapon's hit counts X); Explosive damage
    one more; then the ``horde_more_hits`` hooks (Devastating (X), X more) (seed 001, Hordes; Devastating)."""
    rules = a.horde_rules()
    why: list[str] = []
    if a.weapon.is_melee:
        n = rules.melee_degrees_per_hit
        hits = max(1, degrees // n)
        why.append(
            f"in melee, one hit per {n} degrees of success, at least one: {degrees} \u00f7 {n}, rounded down, at least 1 = {hits}"
        )
    for h in hooks("horde_hits", a.q):
        hits = h.apply(a, hits, why)
    if a.damage_type() == "X" and rules.explosive_hits:
        hits += rules.explosive_hits
        why.append(f"Explosive damage counts {rules.explosive_hits} more hit \u2192 {hits}")
    for h in hooks("horde_more_hits", a.q):
        hits = h.apply(a, hits, why)
    a.step(
        "Horde: hits",
        rules.source,
        ("; ".join(why) + ". " if why else f"{hits} hit(s). ") + "Every hit goes to the Horde.",
    )
    return hits
