"""Others struck by one attack as combatants of the encounter.

An attack event may name other combatants (:attr:`~rules.encounter.models.AttackEvent.nearby`):
those within 2 m of the target that a Semi- or Full Auto Burst's extra hits may go to (DH2 Core,
Ch. IV, Spreading Hits; Deathwatch Core, Ch. VII, Semi-Auto Burst), or those engaged in the same
melee for Stray Shots (seed 004, Stray Shots, L28). The engine builds the scenario's
``target.nearby`` from their own states (their TB, armour, Wounds, damage taken, Troop and player
flags) in the order listed, and applies each one's hits to *that* combatant exactly as it does
to the target: wounds, critical damage, Righteous Fury (slain, the effect recorded), the
conditions its failed tests leave, and Fatigue's limit. In Suppressing Fire's area (Deathwatch)
each one also tests against pinning with its own WP and Fatigue, and a failure Pins it even when
no hit fell on it.

``at2`` is a two-weapon attack's second target (seed 004, Two-Weapon Fighting, L136: "two
targets within 10 metres"): its state becomes ``action.second_target``, and the second weapon's
resolution is applied to it.

Readings (Auspex's, where the seed is silent):

- A nearby foe's own conditions do not change the attack's test (it is made against the target);
  they are the target's that count. The second target's Reaction is its own (none when it cannot
  react), but the situation's circumstances are the first target's (two-weapon fighting shares
  the circumstances, :func:`rules.d100.two_weapon.second_scenario`).
- A Horde cannot be a nearby foe (a burst's hits all go to a Horde, and a nearby foe has no
  Magnitude in the scenario); nor can a combatant be listed twice, be the target or the attacker.
- Critical damage on a nearby combatant is counted from its state's damage taken (so both hands'
  hits in a two-weapon attack add up on it, as they do on the target).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from rules import limits
from rules.d100.encounter.criticals import carried_damage
from rules.d100.encounter.effects import fatigue_limit, fury_effects, put_condition
from rules.d100.models import FATIGUE_LEVELS
from rules.encounter.conditions import can_react
from rules.encounter.models import CombatantState, EncounterError, EncounterState, NearbyRef
from rules.errors import FieldError


@dataclass(frozen=True)
class Others:
    """The other combatants one attack may strike: ``nearby`` in the order of the scenario's
    ``target.nearby`` (their ``hits``), and ``at2``, the second weapon's target, or None."""

    nearby: tuple[CombatantState, ...] = ()
    hits: tuple[int, ...] = ()
    at2: CombatantState | None = None
    listed: bool = False  # the event named ``nearby`` (then it replaces the profile's typed list)


def _refuse(
    state: EncounterState, cid: str, who: CombatantState, at: CombatantState
) -> tuple[CombatantState | None, str]:
    """The combatant ``cid`` names and why it cannot be struck as another ('' when it can)."""
    c = state.get(cid)
    if c is None:
        return None, f"No combatant {cid!r} in this encounter"
    if c.id == at.id:
        return c, f"{c.name} is the target itself"
    if c.id == who.id:
        return c, f"{c.name} is the attacker itself"
    if c.out:
        return c, f"{c.name} is {c.out}: out of the fight"
    if c.target is None:
        return c, f"{c.name} has no target profile: give it one from the Target form"
    if c.kind == "horde":
        return c, f"{c.name} is a Horde: a burst's hits on a Horde all stay on it (attack it on its own)"
    return c, ""


def others(
    state: EncounterState, ev: Any, field: str, who: CombatantState, at: CombatantState, family: str, grapple: bool
) -> Others | None:
    """The event's ``nearby`` and ``at2`` as combatants, or None when it names neither. Raises
    :class:`EncounterError` at ``{field}.nearby.{k}`` / ``{field}.at2``: not a d100 ruleset, a
    Grapple, an id that is not a combatant, the target or the attacker itself, one out of the
    fight, one with no target profile (or a Horde), one listed twice; ``at2`` without both weapons."""
    if ev.nearby is None and ev.at2 is None:
        return None
    key = "nearby" if ev.nearby is not None else "at2"
    if family != "d100":
        raise EncounterError.at(f"{field}.{key}", "Others struck as combatants are the d100 rulesets' (dh2, dh1, dw)")
    if grapple:
        raise EncounterError.at(f"{field}.{key}", "A Grapple strikes only the one grappled")
    found, hits, errors = _listed(state, ev, field, who, at)
    at2 = None
    if ev.at2 is not None:
        c, why = _refuse(state, ev.at2, who, at)
        both = ev.action.get("two_weapon") == "both" and who.second_weapon is not None
        if not why and not both:
            why = "The second target is the second weapon's: attack with both weapons (action.two_weapon 'both')"
        if why or c is None:
            errors.append(FieldError(f"{field}.at2", why))
        at2 = c
    if errors:
        raise EncounterError(errors)
    return Others(nearby=tuple(found), hits=tuple(hits), at2=at2, listed=ev.nearby is not None)


def _listed(
    state: EncounterState, ev: Any, field: str, who: CombatantState, at: CombatantState
) -> tuple[list[CombatantState], list[int], list[FieldError]]:
    """The event's ``nearby`` as combatants with their ``hits``, and the errors of those refused."""
    errors: list[FieldError] = []
    found: list[CombatantState] = []
    hits: list[int] = []
    for k, ref in enumerate(ev.nearby or []):
        cid, n = (ref.id, ref.hits) if isinstance(ref, NearbyRef) else (ref, 1)
        c, why = _refuse(state, cid, who, at)
        if not why and c is not None and any(x.id == c.id for x in found):
            why = f"{c.name} is listed twice"
        if why or c is None:
            errors.append(FieldError(f"{field}.nearby.{k}", why))
            continue
        found.append(c)
        hits.append(n)
    return found, hits, errors


def _as_nearby(c: CombatantState, hits: int) -> dict[str, Any]:
    """``c``'s state as one of the scenario's ``target.nearby`` (:class:`rules.d100.models.NearbyTarget`)."""
    t = c.target or {}
    out: dict[str, Any] = {k: copy.deepcopy(t[k]) for k in ("toughness_bonus", "armour", "troop", "player") if k in t}
    out["wounds"] = c.wounds if c.wounds is not None else t.get("wounds", 10)
    taken = min(carried_damage(c), 2000)  # the running total of critical damage
    out.update(name=c.name[: limits.NAME_LENGTH], damage_taken=taken, hits=hits)
    # its own Willpower and Fatigue, for its test against pinning in Suppressing Fire's area
    wp = (t.get("characteristics") or {}).get("WP")
    if wp is not None:
        out["characteristics"] = {"WP": wp}
    if c.fatigue:
        out["fatigue"] = min(c.fatigue, FATIGUE_LEVELS)
    return out


def into(data: dict[str, Any], o: Others) -> list[str]:
    """Put ``o`` into the scenario ``data`` (``target.nearby``, ``action.second_target``); the notes."""
    notes = []
    if o.listed:
        data["target"]["nearby"] = [_as_nearby(c, n) for c, n in zip(o.nearby, o.hits, strict=True)]
        for c in o.nearby:
            notes.append(f"{c.name} nearby (a combatant): {c.damage_taken} of {c.wounds} wounds taken")
    if o.at2 is not None:
        c = o.at2
        t = copy.deepcopy(c.target) or {}
        t["name"] = c.name[: limits.NAME_LENGTH]
        t["damage_taken"] = min(carried_damage(c), 2000)  # the running total
        t.pop("nearby", None)
        why = can_react(c)
        if why is not None and t.get("evasion"):
            t["evasion"] = None
            notes.append(why)
        data["action"]["second_target"] = t
        notes.append(f"the second weapon attacks {c.name}: {c.damage_taken} of {c.wounds} wounds taken")
    return notes


def struck(res: Any, scenario: Any, o: Others) -> list[str]:
    """Apply to each nearby combatant the hits of ``res`` (a d100 resolution of ``scenario``) that
    struck it; the words of what changed. The person numbers follow the target (0) and the others
    in a Blast (:meth:`rules.d100.attack.D100Attack.foe`)."""
    from rules.d100.conditions import conditions_from

    first = scenario.target.others_in_blast + 1
    infs = conditions_from(res, scenario)
    out: list[str] = []
    for k, c in enumerate(o.nearby):
        person = first + k
        mine = [h for h in res.hits if h.person == person]
        if not mine:  # no hit, yet a failed test against pinning in Suppressing Fire's area still pins it
            out.extend(put_condition(c, inf) for inf in infs if inf.who == "target" and inf.person == person)
            continue
        wounds = sum(h.wounds for h in mine)
        most = c.wounds or 0
        before, c.damage_taken = c.damage_taken, c.damage_taken + wounds
        c.critical += max(0, c.damage_taken - most) - max(0, before - most)
        crit = f", critical damage {c.critical}" if c.critical else ""
        out.append(f"{c.name} (nearby): {wounds} wound(s), {c.damage_taken} of {most} taken{crit}")
        if any(h.righteous_fury is not None and h.righteous_fury.slain for h in mine):
            c.out = "slain"
        out.extend(fury_effects(res, c, person))
        out.extend(put_condition(c, inf) for inf in infs if inf.who == "target" and inf.person == person)
        out.extend(fatigue_limit(c))
    return out
