"""The encounter's operations: each event checked against the state (raising
:class:`EncounterError` with a message at the field concerned, the state untouched), then applied
to a copy of the state, which is returned with the event as it is stored (its dice filled in) and,
for an attack, the resolution. :func:`replay` derives the state from the file's events.

One handler per event ``type`` (:data:`HANDLERS`), as a registry; the turn's rules (whose turn,
the budget of a Full Action or two Half Actions, one Reaction a round: seed 003 and seed 001,
Action types) are checked once in :func:`spend_action`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any

from rules.d100.encounter import criticals, manoeuvres, moves, nearby, upkeep
from rules.d100.encounter import grapple as grappling
from rules.d100.encounter.effects import fatigue_limit
from rules.d100.models import Step
from rules.encounter import conditions, fate, volley
from rules.epic import overwatch as epic_overwatch
from rules.wh40krp import fan_time

from .. import limits, registry
from ..dice import Roller
from ..errors import FieldError, NeedDie, ScenarioError
from .acting import event_roller as event_roller
from .acting import limited as limited
from .acting import lose_aim as lose_aim
from .families import family
from .family import is_melee, own_names, profile_words
from .models import (
    FOES,
    ID_LENGTH,
    AddEvent,
    AdjustEvent,
    AimEvent,
    AttackEvent,
    ClearJamEvent,
    CombatantState,
    Condition,
    ConditionEvent,
    CriticalTablesEvent,
    EncounterError,
    EncounterFile,
    EncounterState,
    InitiativeEvent,
    LogLine,
    NewCombatant,
    OverwatchEvent,
    ProfileEvent,
    RemoveEvent,
    RestEvent,
    SimpleEvent,
    TestEvent,
    WeaponState,
)

AIM = {"half": (1, 10), "full": (2, 20)}
"""Aim: Half Action +10, Full Action +20 to the next attack (seed 003, Aim; DH2 Core, Aim)."""
SIMPLE = {
    "stand": (1, "seed 003, Stand/Mount (Half)"),
    "ready": (1, "seed 003, Ready (Half)"),
    "move": (1, "seed 003, Move (Half: its movement)"),
    "run": (2, "seed 003, Run (Full: move triple; enemies \u221220 BS and +20 WS until its next turn)"),
    "delay": (
        1,
        "Auspex reading of Delay (DH2 Core, Ch. VII): a Half Action; its turn ends and it acts after the next combatant from now on",
    ),
    "reload": (0, "seed 004, Weapon Jams; the weapon's Rld"),
}


@dataclass
class Ctx:
    """One event being applied: the ``state`` it changes (:func:`apply`'s copy, or the state
    :func:`replay` builds in place), the event, where errors go
    (``field``), the dice ``roller`` (None for an event with no dice), and what it produced."""

    state: EncounterState
    event: Any
    field: str
    roller: Roller | None = None
    resolution: Any = None
    log: list[str] = _field(default_factory=list)
    steps: list[Step] = _field(default_factory=list)
    fate: list[dict[str, Any]] = _field(default_factory=list)  # Fate points: the tests it may re-roll

    def who(self, key: str = "who") -> CombatantState:
        cid = getattr(self.event, key)
        c = self.state.get(cid)
        if c is None:
            raise EncounterError.at(f"{self.field}.{key}", f"No combatant {cid!r} in this encounter")
        return c


@dataclass(frozen=True)
class Applied:
    """What applying one event gave: the new ``state``, the ``event`` as stored (with its dice),
    the attack's ``resolution`` (a model) or None, and the ``steps`` of a test the event made."""

    state: EncounterState
    event: Any
    resolution: Any = None
    steps: tuple[Step, ...] = ()
    fate: tuple[dict[str, Any], ...] = ()  # Fate points: the attack's tests a point may re-roll


def spend_action(ctx: Ctx, c: CombatantState, cost: int, what: str) -> None:
    """Check that ``c`` may take an action costing ``cost`` Half Actions now, and spend them."""
    st, f = ctx.state, ctx.field
    if c.out:
        raise EncounterError.at(f"{f}.who", f"{c.name} is {c.out}: out of the fight")
    if st.round == 0:
        raise EncounterError.at(f"{f}.who", "The fight has not started: roll initiative first (round 1)")
    delayed = st.turn != c.id and c.has("Delaying") is not None and cost <= 1  # its delayed Half Action
    if st.turn != c.id and not delayed:
        now = st.get(st.turn or "")
        raise EncounterError.at(f"{f}.who", f"It is {now.name if now else 'nobody'}'s turn, not {c.name}'s")
    limited(f, c, cost, what)
    grappling.before_action(ctx, c, what)  # seed 004, Grappling: only the Grapple action
    if delayed:  # taken out of turn, from the Half Action Delay kept (DH2 Core, Delay)
        conditions.action_spent(ctx, c, what, 0)  # its conditions' hooks (Overwatch ends: seed 001)
        c.conditions = [x for x in c.conditions if x.name != "Delaying"]
        c.actions.append(f"{what} (delayed)")
        return
    budget = family(st.system).budget
    if c.half_actions + cost > budget:
        done = ", ".join(c.actions) or "nothing"
        kind = "a Full Action" if cost >= 2 else "a Half Action"
        raise EncounterError.at(
            f"{f}.type",
            f"{c.name} has {budget - c.half_actions} Half Action(s) left this turn (done: {done}); {what} is {kind} "
            "(a turn is a Full Action or two Half Actions: seed 003, seed 001)",
        )
    c.half_actions += cost
    c.actions.append(what)
    conditions.action_spent(ctx, c, what, cost)  # its conditions' hooks (Overwatch ends: seed 001)
    ended = family(st.system).acting(c, what, st.round)  # Epic overwatch (seed 002): a new action ends it
    if ended:
        ctx.log.append(ended)


# --- the handlers ------------------------------------------------------------------------------


def _add(ctx: Ctx) -> None:
    new = ctx.event.combatant
    count = ctx.event.count
    if ctx.state.get(new.id) is not None:
        raise EncounterError.at(f"{ctx.field}.combatant.id", f"Another combatant already has the id {new.id!r}")
    notes: list[str] = []
    c = family(ctx.state.system).start(ctx.state.system, new, f"{ctx.field}.combatant", notes)
    c.side = new.side or FOES
    # stored as kept: its numbers canonical (rules/encounter/profiles.py), said in the event's steps
    ctx.event = ctx.event.model_copy(
        update={"combatant": new.model_copy(update={"attacker": c.attacker, "target": c.target})}
    )
    _numbers_read(ctx, notes)
    joining = [c] if count is None else [_one_of(ctx, c, i) for i in range(1, count + 1)]
    for one in joining:
        fate.on_add(ctx, one, new.fate)  # Fate points: all left when it joins
        ctx.state.combatants.append(one)
    ctx.log.append(f"{', '.join(x.name for x in joining)} {'joins' if len(joining) == 1 else 'join'} the fight")
    if ctx.state.round:
        _order(ctx)


def _one_of(ctx: Ctx, c: CombatantState, i: int) -> CombatantState:
    """The ``i``-th of an ``add`` event's ``count`` identical combatants: ``c``'s profile, named
    ``NAME i`` with the id ``ID-i``. Raises :class:`EncounterError` at ``combatant.id`` (an id
    taken, or too long) or ``combatant.name`` (too long)."""
    f = f"{ctx.field}.combatant"
    cid, name = f"{c.id}-{i}", f"{c.name} {i}"
    if len(cid) > ID_LENGTH:
        raise EncounterError.at(f"{f}.id", f"At most {ID_LENGTH - 3} characters when {ctx.event.count} join")
    if len(name) > limits.NAME_LENGTH:
        raise EncounterError.at(f"{f}.name", f"At most {limits.NAME_LENGTH - 3} characters when several join")
    if ctx.state.get(cid) is not None:
        raise EncounterError.at(f"{f}.id", f"Another combatant already has the id {cid!r}")
    return c.model_copy(deep=True, update={"id": cid, "name": name, "group": c.id})


def _profile(ctx: Ctx) -> None:
    c = ctx.who()
    ev = ctx.event
    notes: list[str] = []
    fresh = family(ctx.state.system).start(
        ctx.state.system,
        _new(
            c, ev.attacker if ev.attacker is not None else c.attacker, ev.target if ev.target is not None else c.target
        ),
        ctx.field,
        notes,
    )
    c.attacker, c.target = fresh.attacker, fresh.target
    # stored as kept: its numbers canonical (rules/encounter/profiles.py)
    ctx.event = ev.model_copy(
        update={k: getattr(fresh, k) for k in ("attacker", "target") if getattr(ev, k) is not None}
    )
    _numbers_read(ctx, notes)
    if ev.attacker is not None:
        c.weapon = _corrected(ctx, c, c.weapon, fresh.weapon)
        c.second_weapon = _corrected(ctx, c, c.second_weapon, fresh.second_weapon)
    c.kind, c.wounds, c.magnitude_start, c.units_start = (
        fresh.kind,
        fresh.wounds,
        fresh.magnitude_start,
        fresh.units_start,
    )
    if c.magnitude is None:
        c.magnitude = fresh.magnitude
    if c.units is None:
        c.units = fresh.units
    ctx.log.extend(_within_start(c))
    ctx.log.append(f"{c.name}'s profile changed")


def _corrected(ctx: Ctx, c: CombatantState, now: WeaponState | None, fresh: WeaponState | None) -> WeaponState | None:
    """A weapon after a ``profile`` event: a new one (another name or Clip) comes loaded; the same
    one keeps its state (rounds left, jam, heat, Recharge) but takes the corrected Rld (seed 003:
    "Rld | How many actions to reload"). A reload under way keeps the Half Actions already spent on
    it: what the corrected Rld still asks of them is owed (none left: the weapon is loaded)."""
    if now is None or fresh is None or (fresh.name, fresh.clip) != (now.name, now.clip):
        return fresh
    if fresh.reload == now.reload:
        return now
    owed = now.reloading
    if owed:
        spent = _reload_cost(now.reload) - owed
        owed = _reload_cost(fresh.reload) - spent
    kept = now.model_copy(update={"reload": fresh.reload, "reloading": max(owed, 0)})
    if owed <= 0 < now.reloading:  # the corrected Rld is already paid for: the reload is done
        kept = kept.model_copy(update={"rounds": kept.clip})
        ctx.log.append(f"{c.name} has reloaded the {kept.name}: the corrected Rld {fresh.reload} is already spent")
    elif owed:
        ctx.log.append(f"{c.name}'s {kept.name}: {owed} Half Action(s) still to reload (Rld {fresh.reload})")
    return kept


def _within_start(c: CombatantState) -> list[str]:
    """A new profile's smaller start bounds what is left: a Horde's Magnitude at most its new
    Magnitude, an Epic formation's units at most its new units (the lost ones past them forgotten).
    An Epic formation's units left are its units less those lost (by index, as its attacks are
    resolved against them), so a profile of more units has them all but the lost ones.
    The words of what changed."""
    out = []
    if c.magnitude is not None and c.magnitude_start is not None and c.magnitude > c.magnitude_start:
        out.append(
            f"Magnitude {c.magnitude_start} of {c.magnitude_start} left (it had {c.magnitude}; no more than its start)"
        )
        c.magnitude = c.magnitude_start
    if c.units is not None and c.units_start is not None:
        c.lost = [i for i in c.lost if i < c.units_start]
        c.integrity = {i: v for i, v in c.integrity.items() if i < c.units_start}
        most = c.units_start - len(c.lost)
        if c.units > most:
            out.append(f"{most} of {c.units_start} units left (it had {c.units}; no more than its start)")
        elif c.units < most:  # more units in the new profile: all of them but the lost ones
            out.append(f"{most} of {c.units_start} units left (it had {c.units}; {len(c.lost)} lost)")
        c.units = most
    return out


def _numbers_read(ctx: Ctx, notes: list[str]) -> None:
    """The numbers of a profile read from another form (``"35.0"`` as 35), as the event's step."""
    if notes:
        detail = "; ".join(notes) + "."
        ctx.steps.append(
            Step(rule="Whole numbers", source="Auspex encounter (a profile's numbers as stored)", detail=detail)
        )


def _new(c: CombatantState, attacker: Any, target: Any) -> NewCombatant:
    return NewCombatant(id=c.id, name=c.name, attacker=attacker, target=target)


def _remove(ctx: Ctx) -> None:
    c = ctx.who()
    st = ctx.state
    if st.turn == c.id:
        _next_turn(ctx, c)
    st.combatants = [x for x in st.combatants if x.id != c.id]
    st.order = [x for x in st.order if x != c.id]
    if st.turn == c.id:
        st.turn = None
    ctx.log.append(f"{c.name} is removed from the encounter")


def _initiative(ctx: Ctx) -> None:
    st = ctx.state
    if st.round:
        raise EncounterError.at(
            f"{ctx.field}.type", f"Initiative stands for the whole combat (seed 003): it is round {st.round}"
        )
    fighting = [c for c in st.combatants if not c.out]
    if not fighting:
        raise EncounterError.at(f"{ctx.field}.type", "Add combatants first")
    _order(ctx)
    st.round = 1
    _start_turn(ctx, _first(ctx))


def _order(ctx: Ctx) -> None:
    """Set the initiative order of the combatants still fighting: rolled (a die only for those
    without one kept this combat), by I in the fan ruleset, as added in Epic. The out-of-fight ones
    keep their place after them."""
    from ..initiative import InitiativeCombatant, roll_initiative

    st = ctx.state
    fighting = [c for c in st.combatants if not c.out]
    if registry.get(st.system).initiative is None:
        st.order = [c.id for c in st.combatants]
        if st.round == 0:
            ctx.log.append(
                "The formations act in the order they were added (Epic has no initiative for single combatants)"
            )
        return
    fam = family(st.system)
    people = [InitiativeCombatant.model_construct(**fam.initiative_combatant(c)) for c in fighting]
    ctx.roller = event_roller(ctx)
    try:
        res = roll_initiative(st.system, people, ctx.roller)
    except ScenarioError as exc:
        raise EncounterError([_initiative_error(ctx.field, fighting, e) for e in exc.errors]) from None
    for e in res.order:
        c = fighting[e.index]
        c.initiative, c.d10, c.roll_offs = e.total, e.d10, list(e.roll_offs)
    ids = [fighting[e.index].id for e in res.order]
    st.order = ids + [c.id for c in st.combatants if c.id not in ids]
    ctx.steps.extend(res.steps)
    ctx.log.append("Initiative: " + ", ".join(f"{fighting[e.index].name} {e.total}" for e in res.order))


def _initiative_error(field: str, fighting: list[CombatantState], e: FieldError) -> FieldError:
    """An initiative error at the combatant it concerns, by id (``then.combatants.<id>.Ag``):
    a combatant added from the Target form alone has no Ag until its profile gives one."""
    parts = e.field.split(".")
    if parts[0] == "combatants" and len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(fighting):
        c = fighting[int(parts[1])]
        where = (
            "its target profile's characteristics" if c.attacker is None else "its attacker profile's characteristics"
        )
        return FieldError(".".join([field, "combatants", c.id, *parts[2:]]), f"{c.name}: {e.message} ({where})")
    return FieldError(f"{field}.{e.field}", e.message)


def _first(ctx: Ctx, after: int = -1) -> CombatantState | None:
    """The next combatant in order after place ``after`` who takes a turn (out-of-fight ones are
    passed; a Surprised one loses its turn in round 1: seed 003, Surprise)."""
    st = ctx.state
    for cid in st.order[after + 1 :]:
        c = st.get(cid)
        if c is None or c.out:
            continue
        if c.volleyed == st.round:  # a volley fired with another body of its entry took its turn
            ctx.log.append(f"{c.name} fired in a volley this round: its turn is taken")
            continue
        lost = conditions.loses_turn(c, st.round)
        if lost is not None:
            ctx.log.append(lost)
            continue
        return c
    return None


def _start_turn(ctx: Ctx, c: CombatantState | None) -> None:
    st = ctx.state
    st.turn = c.id if c else None
    if c is None:
        return
    c.half_actions, c.actions = 0, []
    # its conditions' turn-start hooks; those that last until its next turn end (Running: seed 003, Run)
    conditions.turn_start(ctx, c)
    c.conditions = [x for x in c.conditions if x.name not in moves.TURN_ENDS]
    ctx.log.append(f"Round {st.round}: {c.name}'s turn")
    spent = family(st.system).turn_starts(c, st.round)  # Epic overwatch fired this round (seed 002)
    if spent:
        ctx.log.append(spent)
    ctx.log.extend(manoeuvres.start_turn(st, c))  # All Out / Guarded / Defensive Stance end; a Feint ages


def _next_turn(ctx: Ctx, c: CombatantState) -> None:
    st = ctx.state
    ended = conditions.tick(c)
    ended_repair = family(st.system).tick_weapon(c)
    if ended_repair:
        ctx.log.append(ended_repair)
    recharged = upkeep.tick(c)  # Recharge (seed 001)
    if recharged:
        ctx.log.append(recharged)
    for cond in ended:
        ctx.log.append(f"{c.name} is no longer {cond.name}")
    place = st.order.index(c.id) if c.id in st.order else len(st.order)
    nxt = _first(ctx, place)
    if nxt is None:
        st.round += 1
        for x in st.combatants:
            x.reaction_used = False
            if st.round == 2:
                conditions.first_round_over(x)
            ran_out = family(st.system).round_starts(x, st.round)  # Epic overwatch (seed 002)
            if ran_out:
                ctx.log.append(ran_out)
        nxt = _first(ctx)
    _start_turn(ctx, nxt)


def _end_turn(ctx: Ctx) -> None:
    c = ctx.who()
    if ctx.state.turn != c.id:
        now = ctx.state.get(ctx.state.turn or "")
        raise EncounterError.at(f"{ctx.field}.who", f"It is {now.name if now else 'nobody'}'s turn, not {c.name}'s")
    ctx.log.append(f"{c.name} ends its turn")
    upkeep.turn_end(ctx, c)  # Pinned's Willpower test, Blood Loss (seed 001)
    _next_turn(ctx, c)


def _can_attack(ctx: Ctx, who: CombatantState, at: CombatantState, armed: bool = True) -> None:
    """Refuse an attack the state does not allow: no profile, the attacker itself as the target, a
    target out of the fight, a jammed, empty or overheated weapon (unless it is not ``armed``: a
    Grapple is bare-handed)."""
    f = ctx.field
    if who.attacker is None:
        raise EncounterError.at(f"{f}.who", f"{who.name} has no attacker profile: give it one from the Attacker form")
    if at.id == who.id:
        raise EncounterError.at(f"{f}.at", f"{who.name} cannot attack itself: pick another combatant to attack")
    if at.target is None:
        raise EncounterError.at(f"{f}.at", f"{at.name} has no target profile: give it one from the Target form")
    if at.out:
        raise EncounterError.at(f"{f}.at", f"{at.name} is {at.out}")
    if not armed:
        return
    both = ctx.event.action.get("two_weapon") == "both" and who.second_weapon is not None
    for w in (who.weapon, who.second_weapon if both else None):
        if w is not None:
            _weapon_ready(ctx, who, w)


def _weapon_ready(ctx: Ctx, who: CombatantState, w: WeaponState) -> None:
    """Refuse an attack with a jammed, empty or overheated weapon."""
    f = ctx.field
    if w.jammed:
        fix = f"being repaired, {w.repairing} turn(s) left" if w.repairing else "jammed: Clear Jam first"
        raise EncounterError.at(f"{f}.who", f"{who.name}'s {w.name} is {fix} ({family(ctx.state.system).jam_rule})")
    if w.clip and w.rounds == 0:
        raise EncounterError.at(f"{f}.who", f"{who.name}'s {w.name} is empty (0 of {w.clip}): Reload first")
    if w.overheated:
        raise EncounterError.at(
            f"{f}.who", f"{who.name}'s {w.name} overheated: it cools this turn (DH2 Core, Ch. V, Overheats)"
        )
    upkeep.weapon_ready(ctx, who, w)  # Recharge (seed 001)


def _attack(ctx: Ctx) -> None:
    if ctx.event.volley is not None:  # the bodies of an "xN" entry firing as one action
        return _volley(ctx)
    st, ev = ctx.state, upkeep.with_area(ctx)  # Suppressing Fire's area
    who, at = ctx.who(), ctx.who("at")
    fam = family(st.system)
    grapple = grappling.is_grapple(st.system, ev.action)  # seed 004, Grappling
    _can_attack(ctx, who, at, armed=not grapple)
    conditions.refuse_attack(ctx.field, who, grapple or is_melee(who.attacker or {}))  # Blinded shoots not
    if ev.charts and not fam.damage_charts:
        raise EncounterError.at(f"{ctx.field}.charts", "Damage Charts are the fan-made ruleset's (wh40krp)")
    spender = fate.spender(ctx, who, at)  # Fate points: whose point a fate_reroll spends (it has one)
    name = _spend(ctx, who, at, grapple)
    data, notes = _with_options(st, *fam.scenario(st.system, who, at, ev, ctx.field))
    data = fate.into_scenario(data, getattr(ev, "fate_reroll", None))
    own_names(data, who, at)  # the result reads the combatants' names, not the forms'
    data = criticals.into_scenario(st, ev, data, ctx.field)  # the group's tables in force
    others = nearby.others(st, ev, ctx.field, who, at, fam.name, grapple)  # others struck
    if others is not None:
        notes += nearby.into(data, others)
    if grapple:
        notes += grappling.prepare(st, who, data)
    scenario, res = _resolved(ctx, data)
    if fam.budget > 2 and who.half_actions + getattr(res, "actions_spent", 0) > fam.budget:
        left = fam.budget - who.half_actions
        raise EncounterError.at(
            f"{ctx.field}.action", f"{who.name} has {left} of its {fam.budget} actions left this round (seed 000)"
        )
    res = _with_notes(res, notes)
    lose_aim(who)
    changed = fam.apply(res, who, at, scenario, others)
    changed += criticals.psychic_effects(getattr(res, "phenomena", None), who)  # the psyker's Phenomena rows
    if spender is not None:
        changed.append(fate.spend(spender))
    ctx.fate = fate.choices(ctx, who, at, scenario, res)
    if grapple:
        changed += grappling.after(ctx, who, at, res, fam.budget)
    if fam.attack_upkeep:  # shot at, melee frees the Pinned, Recharge, Overwatch fired
        melee = grapple or is_melee(who.attacker or {})
        changed += upkeep.after_attack(ctx, who, upkeep.struck(at, others), melee, res)
    ctx.resolution = res
    who.last_target = at.id  # the page's default target next time (rules/encounter/turn.py)
    tail = f"; {'; '.join(changed)}" if changed else ""
    if grapple:
        ctx.log.append(f"{who.name} grapples {at.name} ({grappling.verdict(res)}){tail}")
    else:
        verdict = manoeuvres.verdict(res) or res.outcome  # a manoeuvre is won or lost, not hit
        ctx.log.append(f"{who.name} attacks {at.name} ({name}): {verdict}{tail}")


def _with_notes(res: Any, notes: list[str]) -> Any:
    """The resolution with a first step saying what the encounter's state put in its scenario."""
    if not notes:
        return res
    step = Step(
        rule="The encounter's state",
        source="Auspex encounter (conditions, Aim, clip and wounds carried from earlier events)",
        detail="; ".join(notes) + ".",
    )
    return res.model_copy(update={"steps": [step, *res.steps]})


def _volley(ctx: Ctx) -> None:
    """An ``attack`` event with ``volley``: the bodies of ``who``'s "xN" entry fire at ``at`` as
    one action of ``who``'s turn, in initiative order, from one group of dice
    (:mod:`rules.encounter.volley`: the rules it follows); each body that fired gives its turn of
    this round to it. Refused (at the field) as :mod:`rules.encounter.volley` says, or when no body
    can fire (the first one's reason)."""
    st, ev = ctx.state, ctx.event
    who, at = ctx.who(), ctx.who("at")
    fam = family(st.system)
    volley.refuse_extras(ctx.field, ev, fam.volleys, grappling.is_grapple(st.system, ev.action))
    _can_attack(ctx, who, at, armed=False)
    name = str(ev.action.get("type") or "Standard Attack")
    spend_action(ctx, who, fam.cost(st.system, ev.action, ctx.field, who.attacker), f"Volley ({name})")
    firing = volley.bodies(st, ev, who, ctx.field)
    if at.id in {c.id for c in firing}:
        raise EncounterError.at(f"{ctx.field}.at", f"{at.name} fires in the volley: pick another target")
    ctx.roller = event_roller(ctx)
    shots = [_volley_shot(ctx, body, at, k, len(firing)) for k, body in enumerate(firing, start=1)]
    if all(s.skipped is not None for s in shots):
        raise EncounterError.at(f"{ctx.field}.who", str(shots[0].skipped))
    for body, s in zip(firing, shots, strict=True):
        if body is not who and s.skipped is None:
            body.volleyed = st.round  # its turn this round is the volley's
    res = volley.resolution(st.system, name, at, shots)
    ctx.resolution = res
    ctx.log.append(volley.log_words(res))
    ctx.log.extend(f"{s.name}: {s.skipped or s.outcome}{'; ' if s.words else ''}{'; '.join(s.words)}" for s in shots)


def _volley_shot(ctx: Ctx, body: CombatantState, at: CombatantState, k: int, n: int) -> volley.VolleyShot:
    """Body ``body``'s attack in the volley, the ``k``-th of ``n``: resolved from the volley's
    dice and applied to the state as its own attack would be; or skipped (it cannot fire now,
    the target is out of the fight), with the reason."""
    st = ctx.state
    fam = family(st.system)
    why = _cannot_fire(ctx, body, at)
    if why is not None:
        return volley.VolleyShot(who=body.id, name=body.name, skipped=why)
    sub = volley.shot_event(ctx.event, body, at)
    unused = not at.reaction_used
    data, notes = _with_options(st, *fam.scenario(st.system, body, at, sub, ctx.field))
    own_names(data, body, at)
    data = criticals.into_scenario(st, sub, data, ctx.field)
    try:
        scenario, res = _resolved(ctx, data, ctx.roller)
    except NeedDie as need:
        raise volley.asking(need, body, k, n) from None
    res = _with_notes(res, notes)
    lose_aim(body)
    changed = fam.apply(res, body, at, scenario, None)
    if fam.attack_upkeep:  # shot at, Recharge
        changed += upkeep.after_attack(ctx, body, [at], is_melee(body.attacker or {}), res)
    body.last_target = at.id
    return volley.shot(body, at, res, changed, unused and at.reaction_used)


def _cannot_fire(ctx: Ctx, body: CombatantState, at: CombatantState) -> str | None:
    """Why ``body`` does not fire in a volley now (its target out of the fight, a jammed, empty
    or overheated weapon, a condition stopping its actions or its shooting), or None."""
    if at.out:
        return f"{at.name} is {at.out}: {body.name} holds its fire"
    try:
        if body.weapon is not None:
            _weapon_ready(ctx, body, body.weapon)
        limited(ctx.field, body, 1, "an attack")
        conditions.refuse_attack(ctx.field, body, is_melee(body.attacker or {}))
    except EncounterError as exc:
        return exc.errors[0].message
    return None


def _spend(ctx: Ctx, who: CombatantState, at: CombatantState, grapple: bool) -> str:
    """The attack's action taken from ``who``'s turn (its cost checked and spent), or its shot from
    Overwatch, out of turn at no action (seed 001); the action's name."""
    st, ev = ctx.state, ctx.event
    fam = family(st.system)
    name = "Grapple" if grapple else str(ev.action.get("type") or ev.action.get("kind") or "Attack")
    if ev.action.get("overwatch") and fam.attack_upkeep and not grapple:
        return upkeep.overwatch_shot(ctx, who, ev.action)
    if grapple:
        cost = grappling.cost(ctx, who, at, ev.action)
    else:
        cost = fam.cost(st.system, ev.action, ctx.field, who.attacker)
    # Epic overwatch (seed 002): a formation on overwatch fires out of its turn
    held = fam.out_of_turn(who, ev.action, st.round) if st.turn != who.id and not who.out else None
    if held is None:
        spend_action(ctx, who, cost, name)
    else:
        ctx.log.append(held)
    return name


def _resolved(ctx: Ctx, data: dict[str, Any], roller: Roller | None = None) -> tuple[Any, Any]:
    """The attack's scenario validated, and resolved with the event's dice (or seed); ``roller``:
    dice already being read (a volley's group, each body's attack after the one before)."""
    from ..api import load_scenario, resolve_scenario

    try:
        scenario = load_scenario({**data, "seed": 1}).model_copy(update={"seed": None})
        ctx.roller = roller or event_roller(ctx)
        return scenario, resolve_scenario(scenario, ctx.roller)
    except EncounterError:
        raise
    except ScenarioError as exc:
        raise _errors(
            ctx.field, exc, str(data["attacker"].get("name", "")), str(data["target"].get("name", ""))
        ) from None


def _errors(field: str, exc: ScenarioError, who: str = "", at: str = "") -> EncounterError:
    """A scenario's errors in the event's words: its attacker and target come from the state (the
    combatants' profiles ``who`` and ``at`` name: reported at ``who`` and ``at``, the profile's
    field in the game's words, never its path), its action from the event (``action.*``)."""
    out = []
    for e in exc.errors:
        head, _, rest = e.field.partition(".")
        key = {"attacker": "who", "target": "at"}.get(head)
        if key is None:
            out.append(FieldError(f"{field}.{e.field}", e.message))
        else:
            name = (who if key == "who" else at) or ("the attacker" if key == "who" else "the target")
            said = name in e.message  # the rule's own message names it already ("needs X's Strength")
            words = profile_words(rest)
            out.append(FieldError(f"{field}.{key}", e.message if said else f"{name}'s {words}: {e.message}"))
    return EncounterError(out)


def _aim(ctx: Ctx) -> None:
    c = ctx.who()
    cost, bonus = AIM[ctx.event.aim]
    spend_action(ctx, c, cost, f"Aim ({ctx.event.aim})")
    c.aim = ctx.event.aim
    c.conditions = [x for x in c.conditions if x.name != "Aiming"]
    c.conditions.append(
        Condition(name="Aiming", value=bonus, source="seed 003, Aim", detail=f"+{bonus} to its next attack")
    )
    ctx.log.append(f"{c.name} aims ({ctx.event.aim} Action, +{bonus} to its next attack)")


def _reload_cost(rld: str | None) -> int:
    """Half Actions a Rld needs: Half 1, Full 2, "2 Full" 4 (Rld not given: a Full Action)."""
    text = (rld or "Full").strip().lower()
    if text.startswith("half"):
        return 1
    n = text.split()[0]
    return 2 * (int(n) if n.isdigit() else 1)


def _hand(ctx: Ctx, c: CombatantState) -> WeaponState | None:
    """The weapon an event names: the other hand's for ``weapon: "second"`` (two-weapon fighting,
    seed 004; refused at the field when the combatant holds none), else the combatant's weapon."""
    if getattr(ctx.event, "weapon", None) != "second":
        return c.weapon
    if c.second_weapon is None:
        raise EncounterError.at(f"{ctx.field}.weapon", f"{c.name} has no second weapon")
    return c.second_weapon


def _reload(ctx: Ctx) -> None:
    c = ctx.who()
    w = _hand(ctx, c)
    if w is None or not w.clip:
        raise EncounterError.at(f"{ctx.field}.who", f"{c.name}'s weapon has no clip to reload")
    if w.jammed:
        raise EncounterError.at(
            f"{ctx.field}.who", f"{c.name}'s {w.name} is jammed: Clear Jam before reloading (seed 004)"
        )
    need = w.reloading or _reload_cost(w.reload)
    spend = min(need, 2)  # a Half, or a Full Action a turn ("2 Full": a Full Action in each of two turns)
    spend_action(ctx, c, spend, f"Reload ({w.reload or 'Full'})")
    lose_aim(c)
    w.reloading = need - spend
    if w.reloading:
        ctx.log.append(f"{c.name} reloads the {w.name}: {w.reloading} Half Action(s) still to go (Rld {w.reload})")
    else:
        w.rounds = w.clip
        ctx.log.append(f"{c.name} reloads the {w.name}: {w.rounds} of {w.clip} rounds")


def _clear_jam(ctx: Ctx) -> None:
    c = ctx.who()
    w = _hand(ctx, c)
    if w is None or not w.jammed:
        raise EncounterError.at(f"{ctx.field}.who", f"{c.name}'s weapon is not jammed")
    if w.repairing:
        raise EncounterError.at(
            f"{ctx.field}.who", f"{c.name}'s {w.name} is already being repaired ({w.repairing} turn(s) left)"
        )
    fam = family(ctx.state.system)
    spend_action(ctx, c, fam.clear_jam_cost, "Clear Jam")
    lose_aim(c)
    ctx.roller = event_roller(ctx)
    step = fam.clear_jam(c, w, ctx.roller)
    ctx.steps.append(step)
    ctx.log.append(f"{c.name} clears the {w.name}'s jam: {step.detail}")


def _simple(ctx: Ctx) -> None:
    ev = ctx.event
    if ev.type == "end_turn":
        return _end_turn(ctx)
    if ev.type == "take_item":  # the fan ruleset's 4-action task (seed 000, Actions)
        return _take_item(ctx)
    if ev.type == "reload":
        return _reload(ctx)
    if moves.is_move_event(ctx.state.system, ev.type):  # Move Half/Full, Disengage, Tactical Advance, Brace
        lose_aim(ctx.who())
        return moves.simple(ctx, spend_action)
    c = ctx.who()
    if ev.full is not None:
        raise EncounterError.at(f"{ctx.field}.full", "A Full Action's move is one of the d100 rulesets (dh2, dh1, dw)")
    cost, src = SIMPLE[ev.type]
    spend_action(ctx, c, cost, ev.type.capitalize())
    lose_aim(c)
    if ev.type == "stand":
        if not c.has("Prone"):
            raise EncounterError.at(f"{ctx.field}.who", f"{c.name} is not Prone")
        c.conditions = [x for x in c.conditions if x.name != "Prone"]
        ctx.log.append(f"{c.name} stands up ({src})")
    elif ev.type == "run":
        metres = moves.run(ctx.state.system, c)  # its metres; Braced and In Cover end
        c.conditions.append(Condition(name="Running", source=src, detail="until its next turn"))
        ctx.log.append(f"{c.name} runs{metres} ({src})")
    elif ev.type == "delay":
        c.conditions.append(Condition(name="Delaying", source=src, detail="one Half Action before its next turn"))
        ctx.log.append(f"{c.name} delays: it may take one Half Action at any point before its next turn ({src})")
        _next_turn(ctx, c)
    else:
        ctx.log.append(f"{c.name}: {ev.type} ({src})")


def _test(ctx: Ctx) -> None:
    """A named test (:func:`rules.d100.encounter.moves.test`): held Aim is lost."""
    lose_aim(ctx.who())
    moves.test(ctx, spend_action)


def _overwatch(ctx: Ctx) -> None:
    """The ``overwatch`` event: Epic's overwatch action, the formation's action for its turn (seed
    002, Overwatch; :mod:`rules.epic.overwatch`); in the d100 rulesets a Full Action
    setting a kill zone held over later turns (seed 001, Overwatch; :func:`upkeep.overwatch`)."""
    if not family(ctx.state.system).formation_overwatch:
        return upkeep.overwatch(ctx, spend_action)
    if ctx.event.fire is not None or ctx.event.zone is not None:
        field = "fire" if ctx.event.fire is not None else "zone"
        raise EncounterError.at(
            f"{ctx.field}.{field}", "An Epic formation on overwatch names no kill zone or burst (seed 002, Overwatch)"
        )
    c = ctx.who()
    spend_action(ctx, c, 2, "Overwatch")
    ctx.log.append(epic_overwatch.go_on(c, ctx.state.round))


def _take_item(ctx: Ctx) -> None:
    """The fan ruleset's 4-action task: take a hand-held item from a dead, wounded or knocked out
    character (seed 000, Actions); begun with fewer actions left, it goes on at the next turn
    (:mod:`rules.wh40krp.fan_time`)."""
    st, ev = ctx.state, ctx.event
    fam = family(st.system)
    if not fam.long_tasks:
        raise EncounterError.at(f"{ctx.field}.type", "Taking an item in 4 actions is the fan ruleset's (seed 000)")
    c = ctx.who()
    if ev.other is None or ev.other == c.id:
        raise EncounterError.at(
            f"{ctx.field}.other", "Name the dead, wounded or knocked out character it is taken from"
        )
    other = ctx.who("other")
    room = fam.budget - c.half_actions
    if room <= 0 and st.turn == c.id:
        raise EncounterError.at(f"{ctx.field}.type", f"{c.name} has no action left this round (seed 000: 4 a round)")
    left = fan_time.task_left(c)
    spend = min(left, max(room, 1))
    spend_action(ctx, c, spend, fan_time.TASK_WHAT)
    ctx.log.append(fan_time.progress(c, other, left - spend))


def _condition(ctx: Ctx) -> None:
    c = ctx.who()
    ev = ctx.event
    if ev.other is not None:
        ctx.who("other")
    if ev.remove:
        if not c.has(ev.condition):
            raise EncounterError.at(f"{ctx.field}.condition", f"{c.name} is not {ev.condition}")
        c.conditions = [x for x in c.conditions if x.name != ev.condition]
        ctx.log.append(f"{c.name} is no longer {ev.condition}")
        return
    rule = conditions.rule(ev.condition)
    c.conditions = [x for x in c.conditions if x.name != ev.condition]
    c.conditions.append(
        Condition(name=ev.condition, rounds=ev.rounds, source=rule.rule, detail=rule.summary, other=ev.other)
    )
    left = f" for {ev.rounds} turn(s)" if ev.rounds else ""
    ctx.log.append(f"{c.name} is {ev.condition}{left} ({rule.summary})")


def _adjust(ctx: Ctx) -> None:
    c = ctx.who()
    ev = ctx.event
    changed = []
    if ev.magnitude is not None and ev.magnitude > (c.magnitude_start or 0):
        start = f"At most {c.magnitude_start} ({c.name}'s Magnitude at the start)"
        raise EncounterError.at(f"{ctx.field}.magnitude", start if c.magnitude_start else f"{c.name} is not a Horde")
    for key in ("damage_taken", "critical", "fatigue", "magnitude", "shock"):
        v = getattr(ev, key)
        if v is not None:
            setattr(c, key, v)
            changed.append(f"{key.replace('_', ' ')} {v}")
    changed += _adjust_clip(ctx, c.weapon, ev.rounds, ev.jammed, "")
    changed += _adjust_clip(ctx, c.second_weapon, ev.second_rounds, ev.second_jammed, "second_")
    changed += fate.adjust(ctx, c, ev.fate, ev.fate_max)
    if c.out and (ev.damage_taken is not None or ev.magnitude):
        c.out = None
    changed.extend(fatigue_limit(c))
    ctx.log.append(f"{c.name} set by the GM: {', '.join(changed) or 'nothing'}")


def _adjust_clip(ctx: Ctx, w: WeaponState | None, rounds: int | None, jammed: bool | None, key: str) -> list[str]:
    """An adjust's rounds and jam for one weapon (``key`` "second_": the other hand's, two-weapon
    fighting); what changed, in words. Refused at the field: no such weapon, no clip, over its Clip."""
    if rounds is None and jammed is None:
        return []
    c = ctx.who()
    field = f"{ctx.field}.{key}{'rounds' if rounds is not None else 'jammed'}"
    if w is None or (rounds is not None and not w.clip):
        which = "second weapon" if key else "weapon"
        raise EncounterError.at(field, f"{c.name}'s {which} has no clip" if w else f"{c.name} has no {which}")
    changed = []
    if rounds is not None:
        if rounds > w.clip:
            raise EncounterError.at(field, f"At most {w.clip} (the {w.name}'s Clip)")
        w.rounds = rounds
        changed.append(f"{rounds} rounds" + (f" in the {w.name}" if key else ""))
    if jammed is not None:
        w.jammed = jammed
        changed.append(("jammed" if jammed else "not jammed") + (f" ({w.name})" if key else ""))
    return changed


Handler = Callable[[Ctx], None]
HANDLERS: dict[type, Handler] = {
    AddEvent: _add,
    ProfileEvent: _profile,
    RemoveEvent: _remove,
    InitiativeEvent: _initiative,
    AttackEvent: _attack,
    AimEvent: _aim,
    ClearJamEvent: _clear_jam,
    SimpleEvent: _simple,
    ConditionEvent: _condition,
    AdjustEvent: _adjust,
    OverwatchEvent: _overwatch,  # d100 kill zone or Epic overwatch
    RestEvent: upkeep.rest,
    TestEvent: _test,  # Use a Skill, Jump or Leap, Focus Power
    CriticalTablesEvent: criticals.tables_event,  # the group's tables in force
}


def apply(state: EncounterState, event: Any, field: str = "then") -> Applied:
    """Apply one event to ``state`` (left untouched): the :class:`Applied` new state.

    Raises :class:`EncounterError` (the event is not allowed now; ``field`` prefixes each error's
    path) and :class:`~rules.errors.NeedDie` (its scripted dice ran out)."""
    return apply_event(_copy(state), event, field)


def _copy(state: EncounterState) -> EncounterState:
    """A copy of ``state`` for :func:`apply` to change: deep, but for its log, whose lines are
    never changed once written (a new list of the same lines): copying the log line by line
    for every event made a replay quadratic in its events."""
    log = state.log
    bare = state.model_copy(update={"log": []}).model_copy(deep=True)
    bare.log = list(log)
    return bare


def apply_event(state: EncounterState, event: Any, field: str) -> Applied:
    """Apply one event to ``state`` itself (changed in place, also when an error is raised: the
    caller owns it, a copy from :func:`apply` or the state :func:`replay` is building)."""
    who = getattr(event, "who", None)
    before = state.get(who) if who else None  # the name of one the event removes
    ctx = Ctx(state=state, event=event, field=field)
    try:
        HANDLERS[type(event)](ctx)
    except NeedDie as need:
        if ctx.roller is not None:
            need.dice = [{"purpose": r.purpose, "sides": r.sides, "value": r.value} for r in ctx.roller.records]
        raise
    except ScenarioError as exc:  # a rule's refusal (a die out of range: "dice.0") named inside the event
        raise _inside(field, exc) from None
    stored = ctx.event  # an add's or profile's canonical profile (rules/encounter/profiles.py)
    if ctx.roller is not None:
        stored = stored.model_copy(update={"dice": [r.value for r in ctx.roller.records], "seed": None})
    st = ctx.state
    if st.round and family(st.system).long_tasks:  # seed 000: a turn is 6 rounds
        st.game_turn, st.round_of_turn = fan_time.clock(st.round)
    if st.grapples:
        grappling.sync(st)  # a grappler out of the fight or removed: its grapple ends
    for c in st.combatants:
        c.no_reaction = conditions.blocking_reaction(c)
    name = (before or st.get(who) or CombatantState(id="", name=who or "", kind="none")).name if who else None
    st.log.append(LogLine(index=st.events, round=st.round, who=name, text="; ".join(ctx.log)))
    st.events += 1
    return Applied(state=st, event=stored, resolution=ctx.resolution, steps=tuple(ctx.steps), fate=tuple(ctx.fate))


def _inside(field: str, exc: ScenarioError) -> EncounterError:
    """``exc``'s errors each at a field of the event (``field``, ``field.<path>``): one a rule
    named by its own path (``dice.0``, ``who``) is put under ``field``."""
    return EncounterError(
        [
            e if e.field == field or e.field.startswith(f"{field}.") else FieldError(f"{field}.{e.field}", e.message)
            for e in exc.errors
        ]
    )


def preview(
    state: EncounterState, event: AttackEvent, field: str = "preview", armed: bool = True
) -> tuple[dict[str, Any], list[str]]:
    """The scenario an attack would be resolved with now (the conditions' modifiers, the held Aim,
    the clip, the damage taken), without rolling or changing anything: what the page's forms and
    odds panel show for ``event``'s attacker and target. Raises :class:`EncounterError` as
    :func:`apply` would for the attack (not its turn, budget or dice); ``armed`` False: a jammed,
    empty or overheated weapon is not refused (the forms still show its numbers, 0 rounds left)."""
    ctx = Ctx(state=state.model_copy(deep=True), event=event, field=field)
    who, at = ctx.who(), ctx.who("at")
    _can_attack(ctx, who, at, armed=armed)
    conditions.refuse_attack(
        field, who, grappling.is_grapple(state.system, event.action) or is_melee(who.attacker or {})
    )
    event = upkeep.with_area(ctx)  # Suppressing Fire's area, as the attack resolves it
    fam = family(state.system)
    data, notes = _with_options(state, *fam.scenario(state.system, who, at, event, field))
    own_names(data, who, at)
    data = criticals.into_scenario(state, event, data, field)  # the group's tables in force
    others = nearby.others(ctx.state, event, field, who, at, fam.name, grappling.is_grapple(state.system, event.action))
    if others is not None:
        notes += nearby.into(data, others)
    return data, notes


def _with_options(state: EncounterState, data: dict[str, Any], notes: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The attack's scenario with the encounter's table rules, when it has any."""
    if state.options is not None:
        data = {**data, "options": state.options.model_dump()}
    return data, notes


def replay(file: EncounterFile, field: str = "events") -> EncounterState:
    """The state ``file``'s events lead to, built in place from an empty state (no copy per
    event: linear in the events; a fresh state each call, shared with nothing). Raises
    :class:`EncounterError` naming the first event that does not apply (``events.4.who``), or
    when an event's recorded dice run out."""
    top = field.removesuffix("events")  # the file's own fields: "encounter.system" for "encounter.events"
    if registry.find(file.system) is None:
        raise EncounterError.at(f"{top}system", f"Must be one of {', '.join(registry.RULESETS)}")
    if file.options is not None and not family(file.system).table_options:
        raise EncounterError.at(f"{top}options", "Table rules are those of the d100 rulesets (dh2, dh1, dw)")
    state = EncounterState(system=file.system, name=file.name, options=file.options)
    for i, ev in enumerate(file.events):
        try:
            state = apply_event(state, ev, f"{field}.{i}").state  # built in place: linear in the events
        except NeedDie as need:
            raise EncounterError.at(f"{field}.{i}.dice", f"Too few dice recorded: {need}") from None
    return state
