"""What a d100 resolution leaves on a combatant: a condition put on it, Righteous Fury's critical
effects, Fatigue's limit. Read by the d100 family's :meth:`~rules.d100.encounter.family.D100.apply`,
by the nearby foes a burst strikes, by the turn end's upkeep and by the odds' exchange walk.
"""

from __future__ import annotations

from typing import Any

from rules.d100.encounter import criticals
from rules.encounter.models import CombatantState, Condition


def put_condition(c: CombatantState, inf: Any) -> str:
    """One condition a result leaves (:class:`rules.d100.conditions.Inflicted`) put on ``c``: a
    condition already there is renewed; DH2 Shocking's Fatigue level is added to the Fatigue; the
    harm of an overheating weapon is named for the GM to roll. The words of it."""
    if inf.name == "Fatigue":
        c.fatigue += 1
        return f"{c.name}: a level of Fatigue ({inf.source})"
    if inf.name == "Overheat damage":
        return f"{c.name}'s weapon overheats: {inf.detail} ({inf.source}); roll it and apply it with Adjust"
    c.conditions = [x for x in c.conditions if x.name != inf.name]
    c.conditions.append(
        Condition(name=inf.name, rounds=inf.rounds, source=inf.source, detail=inf.detail, value=inf.value)
    )
    left = f" for {inf.rounds} turn(s)" if inf.rounds else ""
    return f"{c.name} is {inf.name}{left} ({inf.source})"


def fury_effects(res: Any, at: CombatantState, person: int = 0) -> list[str]:
    """The Righteous Fury critical effects the target suffered, recorded on it one by one (seed
    004, Righteous Fury: "these effects do not stack if a target suffers Righteous Fury multiple
    times. Each roll is applied as a separate effect"); the words of each."""
    return criticals.effects(res, at, person)  # with the group's rows and their effects


def fatigue_limit(c: CombatantState) -> list[str]:
    """Fatigue's limit (seed 001, Fatigue: "can suffer a number of Fatigue equal to TB ... more
    than TB, fall unconscious"): Unconscious while its Fatigue is over its TB, and no longer once
    it is not (the GM lowering it by hand, after rest). The words of what changed."""
    if c.kind != "single" or c.target is None:
        return []
    tb = int(c.target.get("toughness_bonus", 3))
    over = c.fatigue > tb
    if over and not c.has("Unconscious"):
        detail = f"more Fatigue ({c.fatigue}) than TB ({tb})"
        detail += f": unconscious for 10 \u2212 TB = {max(0, 10 - tb)} minute(s), or until rest lowers it"
        c.conditions.append(Condition(name="Unconscious", source="seed 001, Fatigue", detail=detail))
        return [f"{c.name} falls unconscious: {detail} (seed 001)"]
    knocked = c.has("Unconscious")
    if not over and knocked is not None and knocked.source == "seed 001, Fatigue":
        c.conditions = [x for x in c.conditions if x.name != "Unconscious"]
        return [f"{c.name} wakes: Fatigue {c.fatigue}, within TB {tb}"]
    return []
