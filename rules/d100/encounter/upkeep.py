"""The GM screen's conditions resolved by the engine at the points of a turn the books give, and
Overwatch held over turns.

Hooks, each called once by :mod:`rules.encounter.engine`:

- :func:`turn_end` as a combatant ends its turn (``end_turn``), through the conditions' records'
  ``turn_end`` hooks (:mod:`rules.encounter.conditions`): a Pinned combatant's Willpower test
  to recover (seed 001, Pinning: "Test Willpower to recover at the end of the Turn, +30 if not shot
  at"), a bleeding one's Blood Loss d100 (seed 001, Blood Loss: "10% chance of death each Round
  unless treated"); the dice come from the event (typed) or its seed, and are stored in it.
- :func:`after_attack` once an attack is resolved: its targets were shot at (for the +30 above);
  a Pinned combatant engaged in melee escapes (seed 001, Pinning: "If engaged in melee,
  automatically escape"); a Recharge weapon that fired waits a round (seed 001, Recharge); a shot
  from Overwatch ends the Overwatch.
- :func:`overwatch_ends`: any other action of a combatant On Overwatch ends its Overwatch (it spends
  its later turns waiting: seed 001, Overwatch).
- :func:`overwatch` and :func:`rest`, the handlers of the ``overwatch`` and ``rest`` events, and
  :func:`overwatch_shot`, the check of an attack with ``action.overwatch`` (out of turn, no action).

Readings (Auspex's, where the seed is silent):

- Pinned: the recovery test is a Challenging (+0) Willpower test (the seed gives no difficulty;
  Deathwatch Core, Ch. VII, Pinning), +30 when no attack targeted it since its last turn ended,
  \u221210 while Fatigued (seed 001, Fatigue: \u221210 to all tests). Its WP is read from its target
  profile's characteristics, else its attacker profile's; with neither, the GM tests by hand.
  Only ``end_turn`` ends a turn with the test (a Delay passes the turn on without it).
- Blood Loss is rolled as the bleeding combatant's turn ends, once a round (seed 001 gives "each
  Round", not the point of it): 01\u201310 on the d100 is death. It lasts until the GM removes it
  (treated).
- Overwatch: its shot costs no action and is taken on anyone's turn; the shot is the action named
  when the kill zone was set; another action of the overwatcher, or the shot, ends it; the GM ends
  it (WP Bonus hours) by removing the condition.
- Recharge ("can only fire every-other Round"): after a round it fired in, the weapon cannot fire
  until its wielder's next turn has ended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules import registry
from rules.d100 import tables
from rules.d100.encounter.effects import fatigue_limit
from rules.d100.models import Step
from rules.dice import Roller, ScriptedDice, SeededDice
from rules.encounter import conditions
from rules.encounter.acting import limited, lose_aim
from rules.encounter.conditions import rule
from rules.encounter.models import CombatantState, Condition, EncounterError, WeaponState

if TYPE_CHECKING:
    from rules.encounter.engine import Ctx

PINNED_SRC = "seed 001, Pinning (test Willpower to recover at the end of the turn, +30 if not shot at)"
PINNED_TEST = 0
"""The recovery test's difficulty: Challenging (+0) (Deathwatch Core, Ch. VII, Pinning; the seed names none)."""
NOT_SHOT_AT = 30
BLOOD_SRC = "seed 001, Blood Loss (10% chance of death each Round unless treated)"
BLOOD_DEATH = 10
OVERWATCH_SRC = "seed 001, Overwatch (a kill zone; later turns spent waiting; up to WP Bonus hours)"
ESCAPE_SRC = "seed 001, Pinning (if engaged in melee, automatically escape)"
RECHARGE_SRC = "seed 001, Weapon Qualities (Recharge: can only fire every-other Round)"
REST_SRC = "seed 001, Fatigue (each hour of complete rest removes 1 level; after 8 hours, Fatigue is 0)"
FULL_REST = 8


def _dice(ctx: Ctx) -> Roller:
    """The event's dice (typed), or its seed's, made once when a test first needs a die."""
    if ctx.roller is None:
        ev = ctx.event
        if ev.seed is not None and ev.dice is None:
            ctx.roller = Roller(SeededDice(ev.seed))
        else:
            ctx.roller = Roller(ScriptedDice(ev.dice or []))
    return ctx.roller


def _wp(c: CombatantState) -> int | None:
    for side in (c.target, c.attacker):
        wp = ((side or {}).get("characteristics") or {}).get("WP")
        if wp is not None:
            return int(wp)
    return None


def turn_end(ctx: Ctx, c: CombatantState) -> None:
    """What ``c``'s conditions roll as it ends its turn (their records' ``turn_end`` hooks:
    :func:`pinned_test`, :func:`blood_loss`); then it is no longer shot at (a new round of fire
    starts for it)."""
    conditions.turn_end(ctx, c)
    c.shot_at = False


def pinned_test(ctx: Ctx, c: CombatantState, cond: Condition) -> None:
    """Pinned's ``turn_end`` hook: ``c``'s Willpower test to recover (passed: no longer Pinned)."""
    wp = _wp(c)
    if wp is None:
        ctx.log.append(
            f"{c.name} is Pinned: its WP is not given, the GM tests Willpower and removes Pinned ({PINNED_SRC})"
        )
        return
    parts = [f"WP {wp}"]
    total = wp + PINNED_TEST
    if not c.shot_at:
        total += NOT_SHOT_AT
        parts.append(f"+{NOT_SHOT_AT} (not shot at since its last turn)")
    if c.fatigue:
        total -= 10
        parts.append("\u221210 (Fatigued)")
    roll = _dice(ctx).d100(f"Pinned: {c.name}'s Willpower test d100")
    passed = roll <= total
    detail = f"{' '.join(parts)} = {total}; rolled {roll:02d}: " + (
        "passed, no longer Pinned" if passed else "failed, still Pinned"
    )
    ctx.steps.append(Step(rule="Pinned: Willpower test to recover", source=PINNED_SRC, detail=detail + "."))
    if passed:
        c.conditions = [x for x in c.conditions if x.name != "Pinned"]
    ctx.log.append(f"{c.name} tests Willpower against Pinned: {detail} ({PINNED_SRC})")


def blood_loss(ctx: Ctx, c: CombatantState, cond: Condition) -> None:
    """Blood Loss's ``turn_end`` hook: ``c``'s d100, 01-10 dead."""
    roll = _dice(ctx).d100(f"Blood Loss: {c.name}'s d100")
    dies = roll <= BLOOD_DEATH
    detail = f"d100 {roll:02d}: " + (
        f"{BLOOD_DEATH} or under, dead" if dies else f"over {BLOOD_DEATH}, still alive, still bleeding"
    )
    ctx.steps.append(Step(rule="Blood Loss", source=BLOOD_SRC, detail=detail + "."))
    if dies:
        c.out = "dead of Blood Loss"
    ctx.log.append(f"{c.name} bleeds: {detail} ({BLOOD_SRC})")


# --- attacks --------------------------------------------------------------------------------


def after_attack(ctx: Ctx, who: CombatantState, struck: list[CombatantState], melee: bool, res: Any) -> list[str]:
    """An attack by ``who`` on ``struck`` (its target first, then others it may have hit) is
    resolved: they were shot at; in melee a Pinned attacker or target escapes; a Recharge weapon
    waits a round; a shot from Overwatch ends the Overwatch. What changed, in words, for the log."""
    out: list[str] = []
    for c in struck:
        c.shot_at = True
    if melee:
        for c in (who, struck[0]):
            if c.has("Pinned"):
                c.conditions = [x for x in c.conditions if x.name != "Pinned"]
                out.append(f"{c.name} is engaged in melee and escapes Pinned ({ESCAPE_SRC})")
    w = who.weapon
    fired: int = getattr(res, "rounds_fired", 0) or 0
    if w is not None and fired and not melee and _recharge(who):
        w.recharging = 2
        out.append(f"{who.name}'s {w.name} recharges: it cannot fire until its next turn has ended ({RECHARGE_SRC})")
    if ctx.event.action.get("overwatch") and who.has("On Overwatch"):
        who.conditions = [x for x in who.conditions if x.name != "On Overwatch"]
        out.append(f"{who.name}'s Overwatch ends: its shot is fired ({OVERWATCH_SRC})")
    return out


def struck(at: CombatantState, others: Any) -> list[CombatantState]:
    """The combatants one attack was aimed at: its target, then the others it may strike (the
    nearby ones and a second weapon's target, :class:`rules.d100.encounter.nearby.Others`)."""
    out = [at]
    if others is not None:
        out += [*others.nearby, *([others.at2] if others.at2 is not None else [])]
    return out


def _recharge(c: CombatantState) -> bool:
    quals = ((c.attacker or {}).get("weapon") or {}).get("qualities") or []
    if isinstance(quals, str):
        quals = quals.split(",")
    return any(str(q).split("(")[0].strip().lower() == "recharge" for q in quals)


def weapon_ready(ctx: Ctx, who: CombatantState, w: WeaponState) -> None:
    """Refuse a shot from a Recharge weapon still recharging."""
    if w.recharging and w is who.weapon:
        raise EncounterError.at(
            f"{ctx.field}.who",
            f"{who.name}'s {w.name} is recharging: Recharge, it can only fire every other round ({RECHARGE_SRC})",
        )


def tick(c: CombatantState) -> str | None:
    """A Recharge weapon's count at the end of its wielder's turn; what ended, in words."""
    w = c.weapon
    if w is None or not w.recharging:
        return None
    w.recharging -= 1
    return None if w.recharging else f"{c.name}'s {w.name} has recharged"


# --- Overwatch ------------------------------------------------------------------------------


def overwatch_held(system: str) -> str | None:
    """The source of ``system``'s Overwatch held over turns (a Full Action setting a kill zone,
    its shot fired out of turn), or None where the ruleset has none: Deathwatch's with pinning
    (seed 001, Overwatch), DH1's without (seed 003, Actions, Overwatch); DH2's seed 004 and its
    tables give none."""
    t = tables.tables(system)
    if t.pinning is not None:
        return t.pinning.overwatch_source or t.pinning.source
    return t.overwatch.source if t.overwatch is not None else None


def _fire_allowed(system: str, fire: str) -> str | None:
    """Why ``fire`` cannot be an Overwatch shot in ``system``, or None."""
    t = tables.tables(system)
    act = tables.actions(system).get(fire)
    if t.pinning is None and t.overwatch is None:
        return f"Overwatch is not a rule of {system} in Auspex"
    if act is None:
        return f"{fire!r} is not an attack action of {system}"
    if t.pinning is not None and act.fire not in ("semi", "full", "burst"):
        return (
            "From Overwatch the shot is a Semi-Auto Burst, a Full Auto Burst or Suppressing Fire (seed 001, Overwatch)"
        )
    if act.kind == "melee":
        return "From Overwatch the shot is a ranged attack (seed 003, Overwatch)"
    return None


def overwatch(ctx: Ctx, act: Callable[[Ctx, CombatantState, int, str], None]) -> None:
    """The ``overwatch`` event: a Full Action setting the kill zone; ``who`` is On Overwatch. ``act``
    spends the action (the engine's :func:`rules.encounter.engine.spend_action`, passed in as
    :mod:`rules.d100.encounter.moves` gets it)."""
    st, ev = ctx.state, ctx.event
    c = ctx.who()
    if st.system not in ("dh2", "dh1", "dw"):
        raise EncounterError.at(f"{ctx.field}.type", "Overwatch is an action of the d100 rulesets (dh1, dw)")
    t = tables.tables(st.system)
    if t.pinning is None and t.overwatch is None:  # DH2's seed 004 and its tables give no Overwatch
        raise EncounterError.at(
            f"{ctx.field}.type", f"Overwatch is not an action of {registry.get(st.system).name} in Auspex"
        )
    fire = ev.fire or "Full Auto Burst"
    why = _fire_allowed(st.system, fire)
    if why is not None:
        raise EncounterError.at(f"{ctx.field}.fire", why)
    w = c.weapon
    if c.attacker is None or w is None:
        raise EncounterError.at(f"{ctx.field}.who", f"{c.name} has no weapon to hold a kill zone with")
    act(ctx, c, 2, "Overwatch")
    lose_aim(c)
    wpb = (_wp(c) or 0) // 10
    hours = f"up to {wpb} hour(s) (WP Bonus)" if wpb else "up to its WP Bonus in hours"
    zone = f", {ev.zone}" if ev.zone else ""
    detail = f"kill zone set{zone}: fires a {fire} at \u221220 BS; held {hours}"
    c.conditions = [x for x in c.conditions if x.name != "On Overwatch"]
    c.conditions.append(Condition(name="On Overwatch", source=rule("On Overwatch").rule, detail=detail, fire=fire))
    ctx.log.append(f"{c.name} takes Overwatch: {detail} ({OVERWATCH_SRC})")


def overwatch_shot(ctx: Ctx, who: CombatantState, action: dict[str, Any]) -> str:
    """Check an attack with ``action.overwatch``: ``who`` must be On Overwatch and free to act
    (Stunned and the like stop it); the shot is the action named with the kill zone (filled in
    when the event names none). It costs no action and may be taken on anyone's turn. The name of
    the action, for the log."""
    f = ctx.field
    held = who.has("On Overwatch")
    if held is None:
        raise EncounterError.at(
            f"{f}.action.overwatch",
            f"{who.name} is not On Overwatch: take Overwatch first (a Full Action, {OVERWATCH_SRC})",
        )
    if who.out:
        raise EncounterError.at(f"{f}.who", f"{who.name} is {who.out}: out of the fight")
    limited(f, who, 0, "its Overwatch shot")
    fire = held.fire or "Full Auto Burst"
    given = action.get("type")
    if given is None:
        action["type"] = fire
    elif given != fire:
        raise EncounterError.at(f"{f}.action.type", f"{who.name}'s kill zone was set for a {fire}, not a {given}")
    who.actions.append(f"{fire} (Overwatch)")
    t = tables.tables(ctx.state.system)
    bs = t.pinning.overwatch_bs if t.pinning is not None else t.overwatch.bs if t.overwatch is not None else 0
    return f"{fire} from Overwatch, {f'{bs:+d}'.replace('-', chr(0x2212))} BS"


def overwatch_ends(ctx: Ctx, c: CombatantState, cond: Condition, what: str, cost: int) -> None:
    """On Overwatch's ``action_spent`` hook: any other action ends ``c``'s Overwatch: it was
    spending its turns waiting (seed 001)."""
    c.conditions = [x for x in c.conditions if x.name != "On Overwatch"]
    ctx.log.append(f"{c.name} takes {what}: its Overwatch ends ({OVERWATCH_SRC})")


# --- Suppressing Fire's random targets --------------------------------------------------------


def with_area(ctx: Ctx) -> Any:
    """The attack event as resolved: its ``area`` (the combatants in Suppressing Fire's area, issue
    22) become the scenario's nearby foes and ``action.random_targets``, so each hit goes to a
    die-chosen one of the target and them (seed 001, Suppressing Fire: "GM assigns hit to random
    target"; :mod:`rules.d100.stages.suppressing`). Refused at ``area``: with ``nearby`` too, or an
    action other than Suppressing Fire. Without ``area``: the event as it is."""
    ev = ctx.event
    if ev.area is None:
        return ev
    f = f"{ctx.field}.area"
    if ev.nearby is not None:
        raise EncounterError.at(f, "List those in the area or those nearby, not both")
    if ev.action.get("type") != "Suppressing Fire":
        raise EncounterError.at(f, "Only Suppressing Fire gives its hits to random targets in its area")
    return ev.model_copy(update={"nearby": list(ev.area), "action": {**ev.action, "random_targets": True}})


# --- Fatigue --------------------------------------------------------------------------------


def rest(ctx: Ctx) -> None:
    """The ``rest`` event: ``hours`` of complete rest remove as many levels of Fatigue, all of them
    after 8 hours (seed 001, Fatigue); one unconscious from Fatigue wakes once within its TB."""
    c = ctx.who()
    h = ctx.event.hours
    before = c.fatigue
    c.fatigue = 0 if h >= FULL_REST else max(0, c.fatigue - h)
    woke = fatigue_limit(c)
    tail = f"; {'; '.join(woke)}" if woke else ""
    ctx.log.append(f"{c.name} rests {h} hour(s): Fatigue {before} \u2192 {c.fatigue} ({REST_SRC}){tail}")
