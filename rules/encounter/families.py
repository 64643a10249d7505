"""What each ruleset family does in an encounter: the combatant a profile makes, the scenario an
attack is resolved with (built from the state, never typed), and what a resolution does to the
state. One class per family (found by :func:`family`), narrow hooks, as python-chess's variants.

- **d100** (``dh2``, ``dh1``, ``dw``): a character (Wounds, damage taken, critical damage, Fatigue)
  or a Horde (Magnitude); the weapon's clip, jam and overheating; the conditions' circumstances.
- **wh40krp** (seed 000): injuries (the Damage Charts' results of penetrating hits), duck-back,
  the weapon's clip and jam; a round of up to 4 actions.
- **epic** (seed 002): a formation's units (destroyed ones removed), war engines' integrity and
  Shock carried into the next attack; Broken when every unit is suppressed.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from rules import limits, registry
from rules.d100 import tables
from rules.d100.encounter import criticals, manoeuvres, moves
from rules.d100.models import FATIGUE_LEVELS, Step
from rules.encounter import profiles
from rules.epic import overwatch as epic_overwatch
from rules.wh40krp import fan_time

from ..dice import Roller
from ..errors import ScenarioError
from .conditions import d100_given, evasion_penalties
from .models import CombatantState, Condition, EncounterError, NewCombatant, WeaponState

Profile = dict[str, Any]


def _validate(system: str, field: str, attacker: Profile | None, target: Profile | None) -> Any:
    """The scenario model validated from the profiles (absent ones get the model's defaults);
    raises :class:`EncounterError` with each error's path under ``field``."""
    from ..api import load_scenario

    data: dict[str, Any] = {"system": system}
    if attacker is not None:
        data["attacker"] = attacker
    if target is not None:
        data["target"] = target
    if registry.get(system).family == "epic":  # Epic's formations have no defaults
        # a formation added as a target only: a stand-in attacker, only for the scenario to validate
        # (the combatant keeps no attacker profile, so it cannot shoot)
        data.setdefault("attacker", {"units": [{"weapons": "Small arms 15 small arms"}]})
        data.setdefault("target", {"units": [{}]})
    data["seed"] = 1
    try:
        return load_scenario(data)
    except ScenarioError as exc:
        raise EncounterError([type(e)(f"{field}.{e.field}", e.message) for e in exc.errors]) from None


def _is_melee(attacker: Profile) -> bool:
    """Whether the attacker profile's weapon is a melee one (its class as the scenario reads it;
    an invalid weapon counts as ranged here, and the attack's own validation then names the field)."""
    from rules.d100.models import Weapon

    try:
        return Weapon.model_validate(attacker.get("weapon") or {}).is_melee
    except ValueError:
        return False


class Family:
    """The hooks an encounter calls for one family. Every method takes the encounter's
    ``system``; ``field`` is where an error is reported (``then``, ``events.3``)."""

    name: ClassVar[str] = ""
    budget: ClassVar[int] = 2
    """Half Actions a turn (a Full Action counts 2): seed 003 and seed 001, Action types."""

    def start(self, system: str, new: NewCombatant, field: str, notes: list[str] | None = None) -> CombatantState:
        """The state of a combatant just added (raises :class:`EncounterError`): its profiles
        validated by the ruleset's scenario model and kept in their canonical form
        (:mod:`rules.encounter.profiles`: whole numbers as integers); ``notes`` gets the words of
        each number read from another form (``"35.0"`` read as 35)."""
        try:
            scenario = _validate(system, field, new.attacker, new.target)
        except EncounterError as exc:  # each error says whose profile it is in (the page shows it at the form's field)
            raise EncounterError([type(e)(e.field, f"{new.name}: {e.message}") for e in exc.errors]) from None
        attacker, target = new.attacker, new.target
        said: list[str] = []
        errors: list[Any] = []
        for side, raw in (("attacker", attacker), ("target", target)):
            if raw is None:
                continue
            try:
                kept, words = profiles.canonical(raw, getattr(scenario, side), f"{field}.{side}", new.name)
            except EncounterError as exc:
                errors += exc.errors
                continue
            said += words
            attacker, target = (kept, target) if side == "attacker" else (attacker, kept)
        if errors:
            raise EncounterError(errors)
        if notes is not None:
            notes += said
        c = CombatantState(id=new.id, name=new.name, kind="none", attacker=attacker, target=target)
        self.fill(c, scenario)
        if new.surprised:
            c.conditions.append(Condition(name="Surprised", source="seed 003, Surprise", detail="loses its first turn"))
        return c

    def fill(self, c: CombatantState, scenario: Any) -> None:
        """Set the state a profile starts with (its kind, wounds, weapon)."""
        raise NotImplementedError

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        """The Half Actions an attack ``action`` costs (``attacker``: the attacker's profile)."""
        return 2

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        """The scenario of ``who``'s attack on ``at`` built from the state, and the notes that
        say what the state put into it."""
        raise NotImplementedError

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        """Apply a resolution (of ``scenario``) to the state, exactly once; the words of what
        changed. ``others``: the other combatants it may strike (:class:`rules.d100.encounter.nearby.Others`,
        the d100 rulesets only)."""
        raise NotImplementedError

    def initiative_combatant(self, c: CombatantState) -> dict[str, Any]:
        """``c`` as :mod:`rules.initiative` reads a combatant."""
        return {"name": c.name}

    jam_rule: ClassVar[str] = "seed 004, Weapon Jams"
    clear_jam_cost: ClassVar[int] = 2
    """Clearing a jam is a Full Action (seed 004, Weapon Jams)."""

    def clear_jam(self, c: CombatantState, w: WeaponState, roller: Roller) -> Step:
        """The test to clear ``c``'s jammed weapon ``w`` (rolled from ``roller``), applied to ``w``:
        the step that says how it went. The d100 rulesets: a BS test (Fatigued \u221210); passed,
        the jam is cleared and the clip is lost, so the weapon must be reloaded (seed 004)."""
        bs = int(((c.attacker or {}).get("characteristics") or {}).get("BS", 30))
        mod = -10 if c.fatigue else 0
        roll = roller.d100("Clear Jam: BS test")
        fat = " (Fatigued \u221210)" if mod else ""
        if roll <= bs + mod:
            w.jammed, w.rounds = False, 0
            text = f"BS {bs}{fat}: {roll} against {bs + mod}, passed: the jam is cleared; the clip is lost, Reload next"
        else:
            text = f"BS {bs}{fat}: {roll} against {bs + mod}, failed: still jammed (it may try again next turn)"
        src = f"{self.jam_rule} (a Full Action and a BS test; cleared, reload: the ammunition is lost)"
        return Step(rule="Clear Jam", source=src, detail=text + ".")

    # Epic overwatch across turns (seed 002, Overwatch): the turn's hooks, no-ops but in Epic.
    # Each returns the log's words for what changed, or None.
    def out_of_turn(self, c: CombatantState, action: Profile, round_: int) -> str | None:
        """Whether ``c``'s attack out of its turn is allowed (its words), or None."""
        return None

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        """``c`` takes an action ``what`` in its turn (after the budget is spent)."""
        return None

    def turn_starts(self, c: CombatantState, round_: int) -> str | None:
        """``c``'s turn begins (its budget just reset)."""
        return None

    def round_starts(self, c: CombatantState, round_: int) -> str | None:
        """Round ``round_`` begins, for each combatant."""
        return None

    def tick_weapon(self, c: CombatantState) -> str | None:
        """The weapon's counters at the end of its wielder's turn; what ended, in words."""
        w = c.weapon
        if w is None or not w.overheated:
            return None
        w.overheated -= 1
        return None if w.overheated else f"{c.name}'s {w.name} has cooled"


def _weapon(c: CombatantState, name: str, clip: int | None, reload: str | None) -> None:
    c.weapon = WeaponState(name=name, clip=clip or 0, rounds=clip or 0, reload=reload)


def _clip_after(w: WeaponState | None, fired: int, left: int | None, jammed: bool) -> list[str]:
    if w is None:
        return []
    out = []
    if w.clip:
        w.rounds = max(0, left if left is not None else w.rounds - fired)
        out.append(f"{w.name}: {w.rounds} of {w.clip} rounds left")
    if jammed:
        w.jammed = True
        out.append(f"{w.name} jammed: it fires no more until the jam is cleared (seed 004, Weapon Jams)")
    return out


class D100(Family):
    name = "d100"

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
            _weapon(c, w.name, 0 if w.is_melee else w.clip, w.reload)
            w2 = scenario.attacker.second_weapon
            c.second_weapon = None
            if w2 is not None:  # two-weapon fighting: the other hand's clip is counted too
                clip = 0 if w2.is_melee else w2.clip
                c.second_weapon = WeaponState(name=w2.name, clip=clip, rounds=clip, reload=w2.reload)

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        from ..d100 import two_weapon

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
        melee = _is_melee(a) or str(action.get("type", "")).strip().lower() == "grapple"  # a grapple is bare-handed
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
            from ..d100.two_weapon import second_scenario

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
        out = [] if grappling else _clip_after(w, res.rounds_fired, res.rounds_left, res.jammed)
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
            from rules.d100.encounter.nearby import struck

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
        from ..d100.conditions import conditions_from

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


class Fan(Family):
    name = "wh40krp"
    budget = 4  # seed 000: four actions a round
    jam_rule = "seed 000, Jams (repaired in 4 rounds if its wielder passes a Tek test)"
    clear_jam_cost = 1

    def clear_jam(self, c: CombatantState, w: WeaponState, roller: Roller) -> Step:
        """The fan ruleset's Tek test: passed, the weapon is repaired in 4 rounds (seed 000, Jams)."""
        tek = (c.attacker or {}).get("Tek")
        if tek is None:
            raise EncounterError.at("who", f"{c.name} has no Tek in its attacker profile: the Tek test needs it")
        roll = roller.d100(f"Tek test to clear the jam d100 (Tek {tek})")
        if roll <= int(tek):
            w.repairing = 4
            text = f"Tek {tek}: {roll}, passed: repaired in 4 rounds"
        else:
            text = f"Tek {tek}: {roll}, failed: still jammed"
        return Step(rule="Clearing a jam", source=self.jam_rule, detail=text + ".")

    def tick_weapon(self, c: CombatantState) -> str | None:
        """A jam under repair counts down its wielder's turns (seed 000: 4 rounds)."""
        w = c.weapon
        if w is None or not w.repairing:
            return None
        w.repairing -= 1
        if w.repairing:
            return None
        w.jammed = False
        return f"{c.name}'s {w.name} is repaired (seed 000, Jams)"

    def fill(self, c: CombatantState, scenario: Any) -> None:
        c.kind = "rp"
        if c.attacker is not None:
            w = scenario.attacker.weapon
            melee = w.weapon_class in ("Melee", "Unarmed")
            _weapon(c, w.name, None if melee else w.clip, None)

    def cost(self, system: str, action: Profile, field: str, attacker: Profile | None = None) -> int:
        return 0  # the round's own actions are counted after it is resolved (actions_spent)

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        a, t = copy.deepcopy(who.attacker) or {}, copy.deepcopy(at.target) or {}
        w = who.weapon
        if w is not None and w.clip:
            a.setdefault("weapon", {})["clip"] = w.rounds
        data = {"system": system, "attacker": a, "target": t, "action": dict(ev.action)}
        if ev.charts:
            data["charts"] = ev.charts
        return data, []

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        who.half_actions += res.actions_spent
        out = _clip_after(who.weapon, res.rounds_fired, res.rounds_left, res.jammed)
        if res.jammed and res.jam_cleared and who.weapon is not None:
            who.weapon.repairing = 4
            out.append(f"{who.weapon.name}: the Tek test passed, repaired in 4 rounds (seed 000, Jams)")
        notes = [
            _rp_injury(s.damage, scenario)
            for s in res.shots
            if s.penetrated and not getattr(s, "target_index", 0) and s.damage
        ]
        at.injuries.extend(notes)
        if notes:
            out.append(f"{at.name}: {'; '.join(notes)}")
        if res.duck_back:
            at.conditions = [c for c in at.conditions if c.name != "Ducked back"]
            at.conditions.append(
                Condition(name="Ducked back", rounds=1, source="seed 000, Duck-back", detail=", ".join(res.duck_back))
            )
            out.append(f"{at.name} ducked back (seed 000)")
        return out

    def initiative_combatant(self, c: CombatantState) -> dict[str, Any]:
        a = c.attacker or {}
        return {"name": c.name, "I": a.get("I", 30), "A": a.get("A", 1), "roll_offs": c.roll_offs}

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        """Another action breaks off a 4-action task (seed 000, Actions; rules/wh40krp/fan_time.py)."""
        return fan_time.acting(c, what)


class Epic(Family):
    name = "epic"

    def start(self, system: str, new: NewCombatant, field: str, notes: list[str] | None = None) -> CombatantState:
        """An Epic formation is one combatant with both sides (:mod:`rules.epic.formation`): the
        side typed with the other on its units (a shooting unit's saves, a target unit's weapons)
        gives the missing side, so the formation shoots and is shot at; an add with both sides, or
        one side carrying nothing of the other, is kept as given (files written before replay the
        same)."""
        from ..epic.formation import both_sides

        try:
            attacker, target = both_sides(new.attacker, new.target, field)
        except ScenarioError as exc:
            raise EncounterError([type(e)(e.field, f"{new.name}: {e.message}") for e in exc.errors]) from None
        if (attacker, target) != (new.attacker, new.target):
            new = new.model_copy(update={"attacker": attacker, "target": target})
        return super().start(system, new, field, notes)

    def fill(self, c: CombatantState, scenario: Any) -> None:
        c.kind = "formation"
        if c.target is not None:
            c.units = c.units_start = len(scenario.target.units)
            c.shock = scenario.target.shock
        elif c.attacker is not None:
            c.shock = scenario.attacker.shock

    def _kept(self, c: CombatantState, units: list[Any]) -> list[tuple[int, Any]]:
        return [(i, u) for i, u in enumerate(units) if i not in c.lost]

    def scenario(
        self, system: str, who: CombatantState, at: CombatantState, ev: Any, field: str
    ) -> tuple[dict[str, Any], list[str]]:
        if who.has("Broken"):
            raise EncounterError.at(
                f"{field}.who", f"{who.name} is broken: a broken formation does not shoot (seed 002, Shock)"
            )
        a, t = copy.deepcopy(who.attacker) or {}, copy.deepcopy(at.target) or {}
        a["shock"] = who.shock
        t["shock"] = at.shock
        units = t.get("units", [])
        kept = []
        for i, u in self._kept(at, units):
            u = dict(u)
            if i in at.integrity:
                u["integrity"] = at.integrity[i]
            kept.append(u)
        if not kept:
            raise EncounterError.at(f"{field}.at", f"{at.name} has no units left")
        t["units"] = kept
        if who.target is not None and len(who.target.get("units", [])) == len(a.get("units", [])) and who.lost:
            a["units"] = [u for i, u in enumerate(a["units"]) if i not in who.lost]
            if not a["units"]:
                raise EncounterError.at(f"{field}.who", f"{who.name} has no units left")
        notes = (
            [f"{at.name}: Shock {at.shock}, {len(kept)} of {at.units_start} units (destroyed ones removed)"]
            if at.lost or at.shock
            else []
        )
        if who.shock:
            notes.append(f"{who.name}: Shock {who.shock}")
        if who.has(epic_overwatch.ON) and ev.action.get("kind") in epic_overwatch.KINDS:
            a["overwatch"] = True  # seed 002, Overwatch: on overwatch since an earlier event
            notes.append(f"{who.name}: on overwatch")
        return {"system": system, "attacker": a, "target": t, "action": dict(ev.action)}, notes

    def apply(self, res: Any, who: CombatantState, at: CombatantState, scenario: Any, others: Any = None) -> list[str]:
        ended = epic_overwatch.fired(who) if res.overwatch_ended else None  # seed 002, Overwatch
        if not res.formations:
            return [ended] if ended else []
        f = res.formations[0]
        index = [i for i, _ in self._kept(at, (at.target or {}).get("units", []))]
        for u in f.units:
            orig = index[u.index] if u.index < len(index) else u.index
            if u.destroyed:
                at.lost.append(orig)
                at.integrity.pop(orig, None)
            elif u.integrity_after != u.integrity_before:
                at.integrity[orig] = u.integrity_after
        at.lost.sort()
        at.shock, at.units = f.shock_after, f.units_left
        out = [
            f"{at.name}: {f.destroyed} unit(s) destroyed, {f.units_left} of {at.units_start} left, Shock {f.shock_after}"
        ]
        if f.wiped_out:
            at.out = "wiped out"
        elif f.broken and not at.has("Broken"):
            at.conditions.append(Condition(name="Broken", source="seed 002, Shock", detail="every unit is suppressed"))
            out.append(f"{at.name} is broken (seed 002)")
        return [*out, ended] if ended else out

    # Epic overwatch across turns (seed 002, Overwatch): rules/epic/overwatch.py
    def out_of_turn(self, c: CombatantState, action: Profile, round_: int) -> str | None:
        return epic_overwatch.out_of_turn(c, action, round_)

    def acting(self, c: CombatantState, what: str, round_: int) -> str | None:
        return epic_overwatch.acting(c, what, round_)

    def turn_starts(self, c: CombatantState, round_: int) -> str | None:
        return epic_overwatch.turn_starts(c, round_, self.budget)

    def round_starts(self, c: CombatantState, round_: int) -> str | None:
        return epic_overwatch.round_starts(c, round_)


_FAMILIES: dict[str, Family] = {f.name: f for f in (D100(), Fan(), Epic())}


def own_names(data: dict[str, Any], who: CombatantState, at: CombatantState) -> dict[str, Any]:
    """``data`` (a scenario dict) with its attacker and target named as the combatants were added:
    a profile made from a form keeps the form's name ("Cultist (stub)"), but the result, the
    evasion line and the refusals must read the combatant's own ("Guardsman"). Cut to the
    scenario's name length (an Epic formation's name is a label, 60 characters). Changes ``data``."""
    epic = registry.get(str(data.get("system"))).family == "epic"
    size = limits.LABEL_LENGTH if epic else limits.NAME_LENGTH
    for key, c in (("attacker", who), ("target", at)):
        if isinstance(data.get(key), dict):
            data[key]["name"] = c.name[:size]
    return data


PROFILE_WORDS = {
    "WS": "Weapon Skill (WS)",
    "BS": "Ballistic Skill (BS)",
    "S": "Strength (S)",
    "T": "Toughness (T)",
    "Ag": "Agility (Ag)",
    "Int": "Intelligence (Int)",
    "Per": "Perception (Per)",
    "WP": "Willpower (WP)",
    "Fel": "Fellowship (Fel)",
    "rof": "RoF",
    "pen": "Pen",
    "clip": "Clip",
    "reload": "Rld",
    "toughness_bonus": "TB",
    "wounds": "Wounds",
}


def profile_words(path: str) -> str:
    """A profile field's path in the game's words: ``characteristics.S`` -> ``Strength (S)``,
    ``weapon.rof`` -> ``weapon's RoF``, ``evasion.skill`` -> ``evasion skill``; ``profile`` when
    empty. Indexes (``units.0``) read ``unit 1``."""
    parts = [p for p in path.split(".") if p and p != "characteristics"]
    if not parts:
        return "profile"
    words: list[str] = []
    for i, p in enumerate(parts):
        if p.isdigit():
            own = "'s" if i < len(parts) - 1 else ""
            words[-1:] = [f"{(words[-1] if words else 'entry').rstrip('s')} {int(p) + 1}{own}"]
            continue
        w = PROFILE_WORDS.get(p, p.replace("_", " "))
        words.append(w + ("'s" if i < len(parts) - 1 and not parts[i + 1].isdigit() else ""))
    return " ".join(words)


def family(system: str) -> Family:
    """The hooks of ``system``'s family (:mod:`rules.registry`)."""
    return _FAMILIES[registry.get(system).family]


# a damage roll off the player's Damage Chart is an injury the GM reads.
def _rp_injury(dmg: Any, scenario: Any) -> str:
    """The injury a penetrating hit of the fan ruleset leaves: the chart's (or the GM's) result,
    ``"Chart 1 at 86: not on your chart (01-70), the GM reads it"`` off the player's chart, or
    ``"Chart 1 at 55"`` to read in the book."""
    if dmg.result:
        return str(dmg.result)
    if dmg.result_from == "off_chart":
        span = next(c.span() for c in scenario.charts if c.chart == dmg.chart)
        return f"Chart {dmg.chart} at {dmg.total}: not on your chart ({span}), the GM reads it"
    return f"Chart {dmg.chart} at {dmg.total}"
