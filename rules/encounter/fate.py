"""Fate points in an encounter (the d100 rulesets; :mod:`rules.d100.fate` for the rule and its books).

A combatant added with ``fate`` (its Fate points, all of them to spend: its maximum) carries
``fate`` (left) and ``fate_max`` on its state; without it both are None (unknown: no Fate to
spend), so files written before read as they did. An ``attack`` with ``fate_reroll`` spends one
point of the combatant whose test it is (the attacker's own tests, or the target's: Evasion,
Pinning, a quality's test, its side of an opposed test) on re-rolling that test, the new roll
standing; it is refused at ``fate_reroll`` when that combatant has no Fate point left. The GM sets
Fate by hand with ``adjust`` (``fate``: left now; ``fate_max``), as a refresh at the session's
start or a point spent outside the fight.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.d100.models import Step

from .. import registry
from ..d100.fate import SET_ASIDE, SOURCES, STANDS, TESTS
from ..dice import Roller
from .models import CombatantState, EncounterError

if TYPE_CHECKING:
    from .engine import Ctx


def on_add(ctx: Ctx, c: CombatantState, fate: int | None) -> None:
    """A new combatant's Fate: all ``fate`` points left of ``fate``. Refused at
    ``combatant.fate`` in a ruleset without Fate (the fan ruleset, Epic)."""
    if fate is None:
        return
    if registry.get(ctx.state.system).family != "d100":
        raise EncounterError.at(f"{ctx.field}.combatant.fate", "This ruleset has no Fate points (dh2, dh1, dw have)")
    c.fate = c.fate_max = fate


def spender(ctx: Ctx, who: CombatantState, at: CombatantState) -> CombatantState | None:
    """The combatant whose Fate point the attack's ``fate_reroll`` spends (checked: it has one
    left), or None when the attack asks for no re-roll. Raises :class:`EncounterError` at
    ``fate_reroll`` when it has none."""
    test = getattr(ctx.event, "fate_reroll", None)
    if test is None:
        return None
    field = f"{ctx.field}.fate_reroll"
    if registry.get(ctx.state.system).family != "d100":
        raise EncounterError.at(field, "This ruleset has no Fate points: no test is re-rolled with Fate")
    c = who if TESTS[test].owner == "attacker" else at
    if not c.fate:
        had = "no Fate points" if c.fate is None else f"no Fate point left (0 of {c.fate_max})"
        raise EncounterError.at(field, f"{c.name} has {had}: the GM sets Fate with Adjust")
    return c


def spend(c: CombatantState) -> str:
    """One Fate point spent by ``c``; the log's words."""
    assert c.fate
    c.fate -= 1
    return f"{c.name} spends a Fate point ({c.fate} of {c.fate_max} left)"


def adjust(ctx: Ctx, c: CombatantState, fate: int | None, fate_max: int | None) -> list[str]:
    """The GM's Fate: ``fate`` left now and/or ``fate_max`` (never fewer left than 0, nor more than
    the maximum: refused at the field). What changed, in words."""
    if fate is None and fate_max is None:
        return []
    if registry.get(ctx.state.system).family != "d100":
        key = "fate" if fate is not None else "fate_max"
        raise EncounterError.at(f"{ctx.field}.{key}", "This ruleset has no Fate points (dh2, dh1, dw have)")
    top = fate_max if fate_max is not None else c.fate_max
    left = fate if fate is not None else c.fate
    if top is None:
        top = left
    if left is not None and top is not None and left > top:
        key = "fate" if fate is not None else "fate_max"
        raise EncounterError.at(f"{ctx.field}.{key}", f"Fate left ({left}) is more than its maximum ({top})")
    c.fate, c.fate_max = left if left is not None else top, top
    return [f"Fate {c.fate}/{c.fate_max}"]


def choices(ctx: Ctx, who: CombatantState, at: CombatantState, scenario: Any, res: Any) -> list[dict[str, Any]]:
    """The tests of the attack just resolved that a Fate point may still re-roll (by undoing it and
    applying it again with ``fate_reroll``): :func:`rules.d100.fate.choices` of its own dice, each
    with ``who`` (the id of the combatant whose point it spends), only those whose combatant has a
    point left. Empty outside the d100 rulesets and once the attack spent its re-roll."""
    from rules.d100.models import Resolution, Scenario

    from ..d100.fate import choices as offered

    if ctx.roller is None or not isinstance(scenario, Scenario) or not isinstance(res, Resolution):
        return []
    roles = [r.role for r in ctx.roller.records[: len(res.dice)]]
    out = []
    for c in offered(scenario, roles):
        owner = who if c["owner"] == "attacker" else at
        if owner.fate:
            out.append({**c, "who": owner.id})
    return out


def spender_of_test(ctx: Ctx, c: CombatantState, d100: bool) -> CombatantState | None:
    """The combatant whose Fate point a ``test`` event's ``fate_reroll`` spends (its own: checked, it
    has one left), or None when it asks for none. Refused at ``fate_reroll``: no point left, or a test
    with no d100 (DH1's Threshold roll of d10s)."""
    if not getattr(ctx.event, "fate_reroll", None):
        return None
    field = f"{ctx.field}.fate_reroll"
    if not d100:
        raise EncounterError.at(field, "A Fate re-roll here is of a d100 test; DH1's Threshold roll is d10s")
    if not c.fate:
        had = "no Fate points" if c.fate is None else f"no Fate point left (0 of {c.fate_max})"
        raise EncounterError.at(field, f"{c.name} has {had}: the GM sets Fate with Adjust")
    return c


def d100(roller: Roller, purpose: str, reroll: bool) -> int:
    """A test's d100 (``purpose``); with ``reroll``, set aside and rolled again, the new roll
    standing (:data:`rules.d100.fate.SET_ASIDE`, :data:`~rules.d100.fate.STANDS` in the purposes)."""
    first = roller.d100(purpose)
    if not reroll:
        return first
    rec = roller.records[-1]
    roller.records[-1] = replace(rec, purpose=f"{purpose} ({SET_ASIDE})")
    return roller.d100(f"{purpose} ({STANDS})")


def reroll_step(system: str, c: CombatantState, roller: Roller) -> Step:
    """The Fate step of a test re-rolled (its last two d100s: set aside, standing), citing the book."""
    first, second = (r.value for r in roller.records[-2:])
    return Step(
        rule="Fate point: re-roll",
        source=SOURCES[system],
        detail=(
            f"{c.name} spends a Fate point to re-roll the test: the {first:02d} is set aside and the new roll, "
            f"{second:02d}, stands (it cannot be re-rolled with Fate again)."
        ),
    )


def into_scenario(data: dict[str, Any], test: str | None) -> dict[str, Any]:
    """The attack's scenario with its ``fate_reroll`` (unchanged without one)."""
    return data if test is None else {**data, "fate_reroll": test}
