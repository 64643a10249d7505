"""A mob's volley: the bodies of one entry added "xN" (``count``: named NAME 1..NAME N, each its
own clip, jam and wounds) fire at one target as ONE action, an ``attack`` event with ``volley``
(the other bodies' ids), taken on the turn of the first of them to act.

How it is resolved (the engine's :func:`rules.encounter.engine.apply`):

- Each body's attack is the ``action`` of the event, resolved as that body's own attack would be
  (its Aim, its conditions, its clip), in initiative order, from ONE group of dice consumed in
  order (typed as ``dice``, or a ``seed``'s); too few dice: the engine asks for the next one,
  naming the body and how many attacks are still to roll.
- The hits are applied in order: a later attack reads the target's wounds, Fatigue and conditions
  the earlier ones left; once the target is out of the fight the others hold their fire.
- The target's Reaction is spent once: one Evasion Reaction a round (seed 004, Two-Weapon
  Fighting: "she still cannot Evade more than once in a round"; seed 003, Reactions; seed 001,
  Action types), used against the first attack that hits it (seed 004, Evasion Reactions: "When a
  target is hit by an attack, it can have a chance to negate the hit"), as the event's
  ``reaction`` says (null: when it can; false: not at all).
- A body that cannot fire (a jammed, empty or overheated weapon, Stunned, Blinded) is skipped and
  keeps its turn; each body that fired gives its own turn of this round to the volley
  (``volleyed``: Auspex's reading of "acting together on one turn"; the books have no mob rule for
  the d100 rulesets, so each body's attack is its own attack, as if it had taken its turn now).
- Only bodies still to act this round (after the acting one in the initiative order) join.

The resolution (:class:`VolleyResolution`) gives each attacker's line and the total.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import NeedDie
from .models import AttackEvent, CombatantState, EncounterError, EncounterState

REACTION_RULE = (
    "One Evasion Reaction a round (seed 004, Evasion Reactions and Two-Weapon Fighting: "
    "cannot Evade more than once in a round; seed 003, Reactions)"
)
"""The rule a volley's Reaction is spent by, as the resolution cites it."""
EXTRAS = ("at2", "nearby", "area", "fate_reroll", "charts")
"""An attack event's fields a volley does not take (each body's attack is a plain one)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VolleyShot(_Model):
    """One body's line in a volley: its id ``who`` and ``name``; ``skipped``, why it did not fire
    (None when it fired); its ``outcome`` (the resolution's: hit, miss, jam, evaded), ``hits``
    that struck the target (after its Reaction), ``wounds`` dealt to it, ``reaction``: the target's
    Reaction was used against this attack; ``words``: what it changed (the log's words); and its
    whole ``resolution`` (the ruleset's resolution as JSON), None when skipped."""

    who: str
    name: str
    skipped: str | None = None
    outcome: str | None = None
    hits: int = 0
    wounds: int = 0
    reaction: bool = False
    words: list[str] = Field(default_factory=list)
    resolution: dict[str, Any] | None = None


class VolleyResolution(_Model):
    """A volley's resolution: ``kind`` "volley", the ``system``, the ``action`` every body took,
    the ``target`` (id) and ``target_name``, the ``shots`` in the order fired, and the total:
    ``fired`` (attacks made), ``hits`` and ``wounds`` on the target, ``target_after`` (its
    state after the last, in words), ``reaction`` (the attack its Reaction was used against, in
    words, or None) and ``reaction_rule`` (the rule that spends it once)."""

    kind: Literal["volley"] = "volley"
    system: str
    action: str
    target: str
    target_name: str
    shots: list[VolleyShot]
    fired: int
    hits: int
    wounds: int
    target_after: str
    reaction: str | None = None
    reaction_rule: str = REACTION_RULE


def refuse_extras(field: str, ev: AttackEvent, allowed: bool, grapple: bool) -> None:
    """Refuse a volley its ruleset has not (``allowed`` False: not a d100 ruleset) or with what a
    volley does not take (a second target, nearby foes, an area, a Fate re-roll, Damage Charts, a
    Grapple, a shot from Overwatch): :class:`EncounterError` at the field."""
    if not allowed:
        raise EncounterError.at(f"{field}.volley", "A volley is of the d100 rulesets (dh2, dh1, dw)")
    for key in EXTRAS:
        if getattr(ev, key) is not None:
            raise EncounterError.at(f"{field}.{key}", "A volley's attacks are plain attacks on one target")
    if grapple or ev.action.get("overwatch"):
        what = "a Grapple" if grapple else "a shot from Overwatch"
        raise EncounterError.at(f"{field}.action.type", f"A volley is one attack by each body, not {what}")


def bodies(state: EncounterState, ev: AttackEvent, who: CombatantState, field: str) -> list[CombatantState]:
    """The bodies firing: ``who`` and those ``ev.volley`` names, in initiative order. Each must be
    another body of ``who``'s entry (``group``), in the fight, still to act this round (after
    ``who`` in the order) and not yet in a volley this round. Raises :class:`EncounterError` at
    ``field.volley`` (``who`` is no body of an "xN" entry) or ``field.volley.<i>``."""
    f = f"{field}.volley"
    if who.group is None:
        raise EncounterError.at(
            f, f"{who.name} is a single combatant: a volley is fired by the bodies of an entry added xN"
        )
    order = state.order
    mine = order.index(who.id) if who.id in order else -1
    out = [who]
    for i, cid in enumerate(ev.volley or []):
        c = state.get(cid)
        if c is None:
            raise EncounterError.at(f"{f}.{i}", f"No combatant {cid!r} in this encounter")
        if c in out:
            raise EncounterError.at(f"{f}.{i}", f"{c.name} is named twice in the volley")
        why = _cannot_join(state, c, who, mine)
        if why is not None:
            raise EncounterError.at(f"{f}.{i}", why)
        out.append(c)
    return sorted(out, key=lambda c: order.index(c.id) if c.id in order else len(order))


def _cannot_join(state: EncounterState, c: CombatantState, who: CombatantState, mine: int) -> str | None:
    """Why body ``c`` cannot join ``who``'s volley (``mine``: ``who``'s place in the order), or None."""
    if c.group != who.group:
        return f"{c.name} is not one of the bodies of {who.name}'s entry"
    if c.out:
        return f"{c.name} is {c.out}: out of the fight"
    if c.volleyed == state.round:
        return f"{c.name} has fired in a volley this round"
    if c.id not in state.order or state.order.index(c.id) < mine:
        return f"{c.name} has had its turn this round: only bodies still to act join the volley"
    return None


def mates(state: EncounterState, who: CombatantState) -> list[str]:
    """The ids of the other bodies of ``who``'s entry that may fire with it now (in the fight,
    still to act this round, armed: weapon neither jammed, empty nor overheated), in initiative
    order; empty when ``who`` is no body of an "xN" entry."""
    if who.group is None or who.id not in state.order:
        return []
    mine = state.order.index(who.id)
    out = []
    for cid in state.order[mine + 1 :]:
        c = state.get(cid)
        if c is not None and _cannot_join(state, c, who, mine) is None and armed(c):
            out.append(c.id)
    return out


def armed(c: CombatantState) -> bool:
    """``c`` has an attacker profile and its weapon may fire: not jammed, overheated or empty."""
    w = c.weapon
    if c.attacker is None:
        return False
    return w is None or not (w.jammed or w.overheated or (w.clip and w.rounds == 0))


def shot_event(ev: AttackEvent, body: CombatantState, at: CombatantState) -> AttackEvent:
    """Body ``body``'s own attack in the volley ``ev``: its ``who``, no dice of its own (the
    volley's group is read in order), and the event's ``reaction`` while the target's Reaction
    is unused (once used, null: the engine notes it has none left)."""
    reaction = ev.reaction if (not at.reaction_used or ev.reaction is False) else None
    return ev.model_copy(update={"who": body.id, "volley": None, "reaction": reaction, "dice": None, "seed": None})


def asking(need: NeedDie, body: CombatantState, k: int, n: int) -> NeedDie:
    """``need`` (the group's dice ran out in body ``body``'s attack, the ``k``-th of ``n``) saying
    whose die it is and how many attacks are still to roll: ``Cultist 3 (attack 3 of 5, 3 still to
    roll): ...``; ``as_dict`` gets ``volley``: ``{"attack", "of", "left"}``."""
    need.purpose = f"{body.name} (attack {k} of {n}, {n - k + 1} still to roll): {need.purpose}"
    need.volley = {"attack": k, "of": n, "left": n - k + 1}
    many = f"{need.count} dice" if need.count > 1 else "die"
    need.args = (f"{many} from die {need.index + 1} needed: {need.purpose} (d{need.sides})",)
    return need


def shot(body: CombatantState, at: CombatantState, res: Any, words: list[str], reacted: bool) -> VolleyShot:
    """Body ``body``'s line for its resolution ``res`` on ``at`` (``words``: what it changed,
    ``reacted``: the target's Reaction was used against it)."""
    landed = max(0, int(res.hits_scored) - int(res.hits_negated)) if res.outcome == "hit" else 0
    wounds = int(res.total_wounds) if res.outcome == "hit" else 0
    if res.horde is not None and at.kind == "horde":
        wounds = int(res.horde.magnitude_lost)
    return VolleyShot(
        who=body.id,
        name=body.name,
        outcome=str(res.outcome),
        hits=landed,
        wounds=wounds,
        reaction=reacted,
        words=words,
        resolution=res.model_dump(mode="json"),
    )


def resolution(system: str, action: str, at: CombatantState, shots: list[VolleyShot]) -> VolleyResolution:
    """The volley's resolution: the ``shots`` and their total on ``at`` as it is after them."""
    if at.kind == "horde":
        after = f"Magnitude {at.magnitude} of {at.magnitude_start} left"
    else:
        after = f"{at.damage_taken} of {at.wounds} wounds taken"
        after += f", critical damage {at.critical}" if at.critical else ""
    if at.out:
        after += f": {at.out}"
    used = next((s for s in shots if s.reaction), None)
    return VolleyResolution(
        system=system,
        action=action,
        target=at.id,
        target_name=at.name,
        shots=shots,
        fired=sum(1 for s in shots if s.skipped is None),
        hits=sum(s.hits for s in shots),
        wounds=sum(s.wounds for s in shots),
        target_after=after,
        reaction=f"{at.name}'s Reaction used against {used.name}'s attack" if used else None,
    )


def log_words(res: VolleyResolution) -> str:
    """The volley in one log line: ``Volley of 3 (Standard Attack) at Guard: 2 hits, 9 wounds;
    Guard: 9 of 12 wounds taken``."""
    skipped = [s for s in res.shots if s.skipped is not None]
    held = f" ({len(skipped)} did not fire)" if skipped else ""
    return (
        f"Volley of {res.fired}{held} ({res.action}) at {res.target_name}: {res.hits} hit(s), "
        f"{res.wounds} wound(s); {res.target_name}: {res.target_after}"
    )
