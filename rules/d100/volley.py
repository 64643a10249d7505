"""A mob's volley in one scenario: ``count`` identical attackers (the scenario's ``attacker``, each
with its own weapon as typed: its clip, its jam) make the scenario's attack in turn at the one target,
from one group of dice read in order (the later attackers' dice purposes start ``attacker 2 of N:``).

Readings (as Multiple Attacks and two-weapon fighting, :mod:`rules.d100.multiple`,
:func:`rules.d100.two_weapon.after_first`): each attack starts from the damage the earlier ones left
(a Horde: its Magnitude left); the target makes one Reaction a round (seed 004, Two-Weapon Fighting:
"she still cannot Evade more than once in a round"; seed 004, Evasion Reactions: a Reaction answers a
hit), so once it has Evaded, the later attacks face no Evasion; once the target is down (slain, a Horde
destroyed) the later attackers do not fire. Every attacker takes the same action, Aim included (the
attackers are identical and act together).

The first attacker's resolution is the resolution; the later ones follow in its ``volley`` and the
total in ``volley_total`` (:class:`~rules.d100.models.VolleyTotal`).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.d100.models import Resolution, Scenario, Step, VolleyTotal

from ..dice import Roller
from .follow_up import after_first
from .multiple import Later

SOURCE = (
    "Auspex reading: a volley of identical attackers, each its own attack (seed 004, The Attack; Evasion Reactions)"
)
"""The source the volley's own steps cite."""


def wanted(s: Scenario) -> bool:
    """The scenario is a volley: ``count`` over 1."""
    return (s.count or 1) > 1


def resolve(scenario: Scenario, roller: Roller, one: Callable[[Scenario, Roller], Resolution]) -> Resolution:
    """Every attacker's attack of a volley (:func:`wanted`) by ``one`` (the ruleset's resolver of
    one attack) from ``roller``'s dice; the later ones in the first's ``volley``, the total in
    ``volley_total``. Raises what ``one`` raises (:class:`~rules.errors.NeedDie`: a later
    attacker's die names it, ``attacker 2 of 5: to-hit d100``)."""
    n = scenario.count or 1
    results = [one(scenario.model_copy(update={"count": None}), roller)]
    later = scenario.model_copy(update={"count": None, "dice": None, "seed": None})
    steps = [
        Step(
            rule="Volley",
            source=SOURCE,
            detail=f"{n} x {scenario.attacker.name}: each makes the {results[0].action} in turn at "
            f"{scenario.target.name} (the later attackers resolved below).",
        )
    ]
    for k in range(2, n + 1):
        last = results[-1]
        if last.slain or (last.horde is not None and last.horde.destroyed):
            steps.append(
                Step(
                    rule="Volley",
                    source=SOURCE,
                    detail=f"{scenario.target.name} is down: attackers {k} to {n} hold their fire.",
                )
            )
            break
        later, notes = after_first(later, last, True)
        hand = Later(source=roller.source, records=roller.records, prefix=f"attacker {k} of {n}: ")
        before = len(roller.records)
        res = one(later, hand)
        results.append(res.model_copy(update={"dice": res.dice[before:], "steps": [*notes, *res.steps]}))
    head = results[0]
    return head.model_copy(
        update={"steps": [*head.steps, *steps], "volley": results[1:], "volley_total": total(n, results)}
    )


def total(n: int, results: list[Resolution]) -> VolleyTotal:
    """The volley's total over the attacks made (``results``, in order) of ``n`` attackers."""
    last = results[-1]
    hits = sum(max(0, r.hits_scored - r.hits_negated) for r in results if r.outcome == "hit")
    if last.horde is not None:
        lost = sum(r.horde.magnitude_lost for r in results if r.horde is not None)
        return VolleyTotal(
            attackers=n,
            fired=len(results),
            hits=hits,
            wounds=lost,
            damage_taken_after=last.damage_taken_after,
            magnitude_after=last.horde.magnitude_after,
            slain=last.horde.destroyed,
        )
    wounds = sum(r.total_wounds for r in results if r.outcome == "hit")
    return VolleyTotal(
        attackers=n,
        fired=len(results),
        hits=hits,
        wounds=wounds,
        damage_taken_after=last.damage_taken_after,
        slain=last.slain,
    )
