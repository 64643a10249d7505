"""The d100 family in an encounter (``dh2``, ``dh1``, ``dw``): a character (Wounds, damage
taken, critical damage, Fatigue) or a Horde (Magnitude); the weapon's clip, jam and overheating;
the conditions' circumstances. The engine reaches it through :func:`rules.encounter.families.family`.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.d100 import tables
from rules.d100.encounter import criticals, manoeuvres, moves, upkeep
from rules.d100.encounter.effects import fatigue_limit, fury_effects, put_condition
from rules.d100.encounter.nearby import struck
from rules.d100.models import FATIGUE_LEVELS
from rules.encounter.conditions import d100_given, evasion_penalties
from rules.encounter.family import Family, Profile, clip_after, is_melee, set_weapon
from rules.encounter.models import CombatantState, EncounterError, WeaponState


class D100(Family):
    name = "d100"
    layout = "d100"
    table_options = True
    attack_upkeep = True
    volleys = True
    # the action tables' other actions (seed 003 / seed 001, Actions; :mod:`rules.d100.encounter.moves`)
    turn_controls = (*Family.turn_controls, "move_full", "disengage", "tactical_advance", "brace", "test")

    def page_controls(self, system: str) -> dict[str, Any]:
        """The d100 rulesets' part of :func:`rules.encounter.controls.controls`: ``kill_zone``
        (Overwatch held over turns, where the ruleset has it: :func:`upkeep.overwatch_held`),
        ``nearby`` (the attack actions whose extra hits may strike others near the target, and
        those whose hits go to random ones in the area), ``second_target`` (two-weapon fighting's
        second target), ``tests`` (:func:`moves.test_controls`) and ``armour`` (a combatant built
        from its attacker side wears the party's armour of its name)."""
        t = tables.tables(system)
        held = upkeep.overwatch_held(system)
        actions = tables.actions(system).actions
        spread = t.spread_hits
        return {
            "kill_zone": {"source": held} if held is not None else None,
            "nearby": {
                # a burst's extra hits moved to others within the table's metres (seed 004, Multiple Hits)
                "actions": [a.name for a in actions if a.fire in ("semi", "full")] if spread is not None else [],
                # Suppressing Fire: each hit to a random one in its area (:mod:`rules.d100.stages.suppressing`)
                "area": [a.name for a in actions if a.name == "Suppressing Fire"] if spread is not None else [],
                "source": spread.source if spread is not None else None,
            },
            "second_target": t.two_weapon is not None,
            "tests": moves.test_controls(system),
            "armour": True,
        }

    def fill(self, c: CombatantState, scenario: Any) -> None:
        t = scenario.target
        if c.target is not None and t.horde is not None:
            c.kind, c.magnitude, c.magnitude_start = "horde", t.horde.magnitude, t.horde.magnitude
        elif c.target is not None:
            c.kind, c.wounds, c.damage_taken = "single", t.wounds, t.damage_taken
        else:
            c.kind = "single"
        if c.attacker is not None:
            w = scenario.attacker.weapon
            set_weapon(c, w.name, 0 if w.is_melee else w.clip, w.reload)
            w2 = scenario.attacker.second_weapon
            c.second_weapon = None
            if w2 is not None:  # two-weapon fighting: the other hand's clip is counted too
                clip = 0 if w2.is_melee else w2.clip
                c.second_weapon = WeaponState(name=w2.name, clip=clip, rounds=clip, reload=w2.reload)

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        from rules.d100 import two_weapon

        both = two_weapon.cost(system, action, attacker)
        if both is not None:  # both weapons' attacks together (seed 004, Two-Weapon Fighting)
            return both
        name = str(action.get("type", "Standard Attack"))
        act = tables.actions(system).get(name)
        if act is None:  # the resolver names the choices
            return 1
        return 1 if act.type == "Half" else 2

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        a, t = copy.deepcopy(who.attacker) or {}, copy.deepcopy(at.target) or {}
        action = copy.deepcopy(ev.action)
        notes: list[str] = []
        if action.get("aim", "none") not in ("none", None):
            held = who.aim if who.aim != "none" else "no"
            message = f"Aim is an action of its own in an encounter: take Aim first ({who.name} holds {held} Aim)"
            raise EncounterError.at(f"{field}.action.aim", message)
        action["aim"] = who.aim
        if who.aim != "none":
            notes.append(f"{who.name}'s {who.aim} Aim, taken as its own action (seed 003, Aim)")
        w = who.weapon
        if w is not None and w.clip:
            a.setdefault("weapon", {})["clip"] = w.rounds
        w2 = who.second_weapon
        if w2 is not None and w2.clip and isinstance(a.get("second_weapon"), dict):
            a["second_weapon"]["clip"] = w2.rounds
        if action.get("second_target") is not None:
            message = "In an encounter both weapons attack the target chosen: attack another one with its own event"
            raise EncounterError.at(f"{field}.action.second_target", message)
        if at.kind == "horde":
            t["horde"] = {**t.get("horde", {}), "magnitude": at.magnitude}
        else:
            t["damage_taken"] = min(criticals.carried_damage(at), 2000)  # the running total
        # its Fatigue, for the tests the attack rolls for it (pinning, the qualities'; its Reaction's
        # -10 is put in by _reaction); the state's levels, never a typed profile's
        t.pop("fatigue", None)
        if at.fatigue:
            t["fatigue"] = min(at.fatigue, FATIGUE_LEVELS)
        melee = is_melee(a) or str(action.get("type", "")).strip().lower() == "grapple"  # a grapple is bare-handed
        notes += self._conditions(system, who, at, action, melee)
        notes += moves.into_attack(who, at, action, a)  # Brace Heavy Weapon, Tactical Advance
        notes += manoeuvres.opponent(at, t, action)  # the opponent's side of an opposed manoeuvre
        notes += manoeuvres.before(who, at, t, ev, melee, field)  # Feint, Guarded Attack
        notes += self._reaction(at, t, ev, field)
        notes += criticals.weakened(who, at, a, t)  # characteristic damage
        return {"system": system, "attacker": a, "target": t, "action": action}, notes

    def _conditions(
        self, system: str, who: CombatantState, at: CombatantState, action: dict[str, Any], melee: bool
    ) -> list[str]:
        """The conditions' circumstances and modifiers put into ``action``; the notes."""
        notes = []
        for g in d100_given(system, who, at, melee):
            if g.circumstance is not None:
                listed = action.setdefault("circumstances", [])
                if g.circumstance not in listed:
                    listed.append(g.circumstance)
                notes.append(f"{g.why}: {g.circumstance}")
            else:
                label = f"{g.label}: {g.why}"[:60]
                action.setdefault("modifiers", []).append({"label": label, "value": g.value, "source": g.source})
                notes.append(f"{g.why}: {g.label} {g.value:+d} ({g.source})")
        if at.has("Helpless") or at.has("Unconscious"):
            action["helpless"] = True
            notes.append(f"{at.name} is helpless (seed 003, Helpless Targets)")
        return notes

    def _reaction(self, at: CombatantState, t: dict[str, Any], ev: Any, field: str) -> list[str]:
        """The target's Reaction: none when it has used it or cannot (refused when the event asks
        for it), else its test's penalties from the target's state; the notes."""
        evasion = t.get("evasion")
        if not evasion:
            return []
        why = manoeuvres.can_react(at)  # can_react, and Defensive Stance's additional Reaction
        if why is not None and ev.reaction is True:
            raise EncounterError.at(f"{field}.reaction", why)
        if why is not None or ev.reaction is False:
            t["evasion"] = None
            return [why or f"{at.name} makes no Reaction"]
        reaction = str(evasion.get("reaction", "Dodge"))
        pen = evasion_penalties(at, reaction)
        if pen:
            total = int(evasion.get("modifier", 0)) + sum(p[1] for p in pen)
            t["evasion"] = {**evasion, "modifier": max(-60, min(60, total))}
        return [f"{at.name}'s {reaction}: {label} {v:+d} ({src})" for label, v, src in pen]

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        spent = manoeuvres.spent(res, at)  # Defensive Stance's additional Reaction
        out = spent + self._apply_one(res, who.weapon, who, at, scenario, others)
        out += manoeuvres.after(res, who, at, scenario.attacker.weapon.is_melee)  # manoeuvres' conditions
        second = getattr(res, "second", None)
        if second is not None:  # two-weapon fighting: the other hand's attack, on the same target or ``at2``
            from rules.d100.two_weapon import second_scenario

            tw = tables.tables(scenario.system).two_weapon
            assert tw is not None
            at2 = others.at2 if others is not None and others.at2 is not None else at
            out.append(f"then the {second.weapon}: {second.outcome}")
            two = second_scenario(scenario, tw)
            out.extend(self._apply_one(second, who.second_weapon, who, at2, two, others if at2 is at else None))
        # Multiple Attacks: each later attack of a Swift or Lightning Attack, on the same target
        for k, later in enumerate(getattr(res, "attacks", None) or [], start=2):
            out.append(f"attack {k}: {later.outcome}")
            out.extend(self._apply_one(later, who.weapon, who, at, scenario, others))
        return out

    def _apply_one(
        self,
        res: Any,
        w: WeaponState | None,
        who: CombatantState,
        at: CombatantState,
        scenario: Any,
        others: Any = None,
    ) -> list[str]:
        """One attack's resolution (fired from ``w``) applied to the state; the words of it."""
        grappling = getattr(res, "grapple", None) is not None  # bare-handed: the weapon is untouched
        out = [] if grappling else clip_after(w, res.rounds_fired, res.rounds_left, res.jammed)
        if res.overheated and w is not None:
            w.overheated = 2
            out.append(f"{w.name} overheated: it cannot fire on {who.name}'s next turn")
        if any("(evasion)" in d.purpose for d in res.dice):
            at.reaction_used = True
        if res.horde is not None and at.kind == "horde":
            at.magnitude = res.horde.magnitude_after
            out.append(
                f"{at.name}: Magnitude \u2212{res.horde.magnitude_lost}, {at.magnitude} of {at.magnitude_start} left"
            )
            if res.horde.destroyed:
                at.out = "destroyed"
        elif at.kind == "single" and res.outcome == "hit" and (_attacked(res) or res.hits):
            at.damage_taken = res.damage_taken_after
            at.critical += res.critical_damage
            at.fatigue += res.fatigue
            crit = f", critical damage {at.critical}" if at.critical else ""
            out.append(f"{at.name}: {res.total_wounds} wound(s), {at.damage_taken} of {at.wounds} taken{crit}")
            if res.fatigue:
                out.append(f"{at.name}: {res.fatigue} level(s) of Fatigue, {at.fatigue} in all")
            if res.slain:
                at.out = "slain"
            out.extend(fury_effects(res, at))
        if others is not None and others.listed:  # the others are combatants
            out.extend(struck(res, scenario, others))
        else:
            out.extend(_others_struck(res))
        out.extend(self._inflicted(res, who, at, scenario))
        out.extend(fatigue_limit(at))
        return out

    def _inflicted(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any) -> list[str]:
        """The conditions the result leaves (:func:`rules.d100.conditions.conditions_from`) put on
        the target itself or the attacker: a condition already there is renewed; DH2 Shocking's
        Fatigue level is added to the Fatigue; the harm of an overheating weapon is named for the GM
        to roll (it is not rolled by the attack). Persons other than the target (nearby foes) are
        not combatants of the encounter."""
        from rules.d100.conditions import conditions_from

        out = []
        for inf in conditions_from(res, scenario):
            c = at if inf.who == "target" else who
            if inf.person:
                continue
            out.append(put_condition(c, inf))
        return out

    def initiative_combatant(self, c: CombatantState) -> dict[str, Any]:
        ch = (c.attacker or {}).get("characteristics") or {}
        ag = ch.get("Ag", ((c.target or {}).get("characteristics") or {}).get("Ag"))
        if ag is None:
            ag = 30 if c.attacker is not None else None
        return {"name": c.name, "Ag": ag, "d10": c.d10, "roll_offs": c.roll_offs}


def _attacked(res: Any) -> bool:
    """The result is an attack's, not a grapple option's or a manoeuvre's (those deal damage only
    through their own hits)."""
    return getattr(res, "grapple", None) is None and getattr(res, "manoeuvre", None) is None


def _others_struck(res: Any) -> list[str]:
    """The wounds the attack dealt to others than the target (a burst's hits on nearby foes, a
    Stray Shot), named for the GM: they are the target form's nearby list, not the encounter's
    combatants, so the GM applies them to a combatant with Adjust."""
    by: dict[str, int] = {}
    for h in res.hits:
        if h.person and h.name:
            by[h.name] = by.get(h.name, 0) + h.wounds
    return [f"{name} (nearby): {w} wound(s) to apply with Adjust" for name, w in by.items()]
